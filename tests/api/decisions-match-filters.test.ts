/**
 * The league's match list with the secretary's filters, on both engines: the answer
 * without filters is unchanged; team_id, from, to and state pick; limit and cursor page
 * as the other lists do; bad values are a 400 naming the parameter.
 *
 * tl-26 at NOW (2026-06-15 12:00Z): m1–m4 approved, m5 pending, m6 rejected, m7 kicked
 * off without a report, m8 and m9 upcoming.
 */
import { describe, expect, it } from 'vitest';
import { withRoleApp } from '../fixtures/auth';

const { t, call } = withRoleApp();

const ids = (body: Record<string, unknown>) => (body.matches as { id: number }[]).map((match) => match.id);
const list = (query: string) => call('GET', `/api/leagues/tl-26/matches${query}`, 'anonymous');

describe('GET /api/leagues/{leagueId}/matches filters', () => {
  it('answers as before without them, and picks by team, days and state', async () => {
    const { m1, m2, m3, m4, m5, m6, m7, m8, m9 } = t.matchIds;
    const plain = await list('');
    expect(Object.keys(plain.body)).toEqual(['matches']);
    expect(ids(plain.body)).toEqual([m1, m2, m3, m4, m5, m6, m7, m8, m9]);

    expect(ids((await list('?team_id=north.town')).body)).toEqual([m1, m4, m5, m8]);
    expect(ids((await list('?from=2026-05-09&to=2026-05-23')).body)).toEqual([m2, m3, m4]);
    expect(ids((await list('?to=2026-05-02')).body)).toEqual([m1]);
    expect(ids((await list('?state=upcoming')).body)).toEqual([m8, m9]);
    expect(ids((await list('?state=awaiting')).body)).toEqual([m7]);
    expect(ids((await list('?state=pending')).body)).toEqual([m5]);
    expect(ids((await list('?state=approved&team_id=west.rangers')).body)).toEqual([m2, m4]);
    expect(ids((await list('?state=rejected')).body)).toEqual([m6]);
    await call('PUT', `/api/matches/${m9}/schedule`, 'superAdmin', {
      date: '2026-06-27T14:00:00Z',
      location: '',
      status: 'postponed',
    });
    expect(ids((await list('?state=postponed')).body)).toEqual([m9]);
    expect(ids((await list('?state=upcoming')).body)).toEqual([m8]);
    // An earlier season by ?season= still works, with the filters.
    expect(ids((await list('?season=2025&team_id=south.city')).body)).toEqual([]);
    expect(
      ids((await call('GET', '/api/leagues/tl-25/matches?team_id=south.city', 'anonymous')).body),
    ).toEqual([t.matchIds.m10]);
  });

  it('pages with limit and cursor like the other lists', async () => {
    const { m1, m2, m3, m4, m5, m6, m7, m8, m9 } = t.matchIds;
    const first = await list('?limit=4');
    expect(ids(first.body)).toEqual([m1, m2, m3, m4]);
    expect(typeof first.body.next_cursor).toBe('string');
    const second = await list(`?limit=4&cursor=${String(first.body.next_cursor)}`);
    expect(ids(second.body)).toEqual([m5, m6, m7, m8]);
    const last = await list(`?limit=4&cursor=${String(second.body.next_cursor)}`);
    expect(last.body).toMatchObject({ next_cursor: null });
    expect(ids(last.body)).toEqual([m9]);
    // A filtered page; the rest without limit is still a page.
    const nt = await list('?team_id=north.town&limit=2');
    expect(ids(nt.body)).toEqual([m1, m4]);
    const rest = await list(`?team_id=north.town&cursor=${String(nt.body.next_cursor)}`);
    expect(rest.body).toEqual({ matches: expect.any(Array), next_cursor: null });
    expect(ids(rest.body)).toEqual([m5, m8]);
  });

  it('refuses bad values with a 400 naming the parameter', async () => {
    const refusals: [string, string][] = [
      ['?team_id=nobody.here', "'team_id'"],
      ['?from=2026-02-30', "'from'"],
      ['?to=15-06-2026', "'to'"],
      ['?from=2026-06-10&to=2026-06-01', "'to'"],
      ['?state=finished', "'state'"],
      ['?limit=0', "'limit'"],
      ['?limit=201', "'limit'"],
      ['?cursor=abc', "'cursor'"],
    ];
    for (const [query, parameter] of refusals) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(String(answer.body.detail), query).toContain(parameter);
    }
  });
});
