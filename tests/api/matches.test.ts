import { describe, expect, it, onTestFinished } from 'vitest';
import { z } from 'zod';
import { listMatches } from '../../api/data/matches';
import { encodeCursor } from '../../api/http/list-query';
import { MatchDetailsSchema, MatchPageSchema, MatchSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';
import { M1_PLAYERS } from '../fixtures/tables';

const t = withFixture(() => makeTinyLeagueApp());

const ids = (body: unknown) =>
  z
    .array(MatchSchema)
    .parse(body)
    .map((m) => m.id);

describe('GET /api/matches', () => {
  it('answers upcoming matches soonest first, optionally for one team and limited', async () => {
    const m = t.matchIds;
    expect(ids((await t.get('/api/matches?future=true')).body)).toEqual([m.m8, m.m9]);
    expect(ids((await t.get('/api/matches?future=true&team_id=north.town&limit=1')).body)).toEqual([m.m8]);
    expect(ids((await t.get('/api/matches?team_id=south.city&future=true')).body)).toEqual([m.m9]);
    expect(ids((await t.get('/api/matches?future=true&team_id=west.rangers')).body)).toEqual([m.m8]);
    expect((await t.get('/api/matches?future=true&team_id=ghost.fc')).status).toBe(404);
    expect((await t.get('/api/matches?future=soon')).body).toEqual({
      detail: expect.stringContaining("'future'"),
    });
    expect((await t.get('/api/matches?limit=1.5')).body).toEqual({
      detail: expect.stringContaining("'limit'"),
    });
  });

  it('answers every match without a filter a page at a time, with the cursor to the next', async () => {
    const all = await listMatches(t.connection.db, { order: 'asc' });
    const first = await t.get('/api/matches');
    expect(first.status).toBe(200);
    expect(MatchPageSchema.parse(first.body)).toEqual({
      matches: JSON.parse(JSON.stringify(all)),
      next_cursor: null,
    });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/api/matches?limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page = MatchPageSchema.parse((await t.get(path)).body);
      expect(page.matches.length).toBeLessThanOrEqual(2);
      seen.push(...page.matches.map((match) => match.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((match) => match.id));
  });

  it("refuses a cursor that is not one of this list's, or beside a filter, with a 400 naming it", async () => {
    const page = MatchPageSchema.parse((await t.get('/api/matches?limit=1')).body);
    const cursor = page.next_cursor ?? '';
    expect(cursor).not.toBe('');
    const refused = [
      `/api/matches?cursor=${encodeURIComponent(`${cursor.slice(0, -1)}A`)}`,
      `/api/matches?cursor=${encodeURIComponent(encodeCursor('overdue', ['2026-05-02T14:00:00.000Z', '1']))}`,
      `/api/matches?cursor=${encodeURIComponent(encodeCursor('matches', ['2026-05-02T14:00:00.000Z', 'x']))}`,
      `/api/matches?cursor=${encodeURIComponent(cursor)}&cursor=${encodeURIComponent(cursor)}`,
      `/api/matches?future=true&cursor=${encodeURIComponent(cursor)}`,
      `/api/matches?team_id=north.town&cursor=${encodeURIComponent(cursor)}`,
    ];
    for (const path of refused) {
      const answer = await t.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ detail: expect.stringContaining("'cursor'") });
    }
  });
});

describe('GET /api/matches/{id}', () => {
  it('answers a played match with its events and, without saved squads, the rosters', async () => {
    const { status, body, headers } = await t.get(`/api/matches/${t.matchIds.m1}`);
    expect(status).toBe(200);
    expect(headers.get('etag')).toBeTruthy();
    expect(MatchDetailsSchema.parse(body)).toEqual({
      id: t.matchIds.m1,
      match_id: t.matchIds.m1,
      date: '2026-05-02T14:00:00.000Z',
      match_date: '2026-05-02T14:00:00.000Z',
      season: '2026',
      league_id: 'tl-26',
      location: 'north.town ground',
      home_team: 'north.town',
      away_team: 'south.city',
      home_team_name: 'North Town',
      away_team_name: 'South City',
      home_team_logo: 'north.town.svg',
      away_team_logo: 'south.city.svg',
      home_score: 2,
      away_score: 1,
      approved: 'TRUE',
      reported_by_team: 'north.town',
      reported_at: '2026-05-02T14:00:00.000Z',
      reviewed_at: null,
      own_goals: [],
      yellow_cards: [],
      red_cards: [],
      status: 'scheduled',
      ...M1_PLAYERS,
      // Every player the match lists, named, so the page loads none of them one by one.
      player_names: {
        'nt.gk': 'North Town Keeper',
        'nt.def': 'North Town Defender',
        'nt.mid': 'North Town Midfielder',
        'nt.fwd': 'North Town Forward',
        'sc.gk': 'South City Keeper',
        'sc.def': 'South City Defender',
        'sc.mid': 'South City Midfielder',
        'sc.fwd': 'South City Forward',
      },
    });
  });

  it('answers an upcoming match with null scores and the saved squad where there is one', async () => {
    const { body } = await t.get(`/api/matches/${t.matchIds.m8}`);
    expect(body).toMatchObject({
      home_score: null,
      away_score: null,
      approved: '',
      goalscorers: [],
      home_players: ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd'],
      away_players: ['wr.gk', 'wr.def', 'wr.mid', 'wr.fwd'],
    });
  });

  it('shows the roster of a team that has saved no squad, beside the other team’s saved one', async () => {
    const m8 = t.matchIds.m8;
    const saved = await t.connection.db
      .selectFrom('match_squads')
      .select(['match_id', 'team_id', 'player_id'])
      .where('match_id', '=', m8)
      .where('team_id', '=', 'north.town')
      .orderBy('id')
      .execute();
    await t.connection.db
      .deleteFrom('match_squads')
      .where('match_id', '=', m8)
      .where('team_id', '=', 'north.town')
      .execute();
    // The fixture is shared by this file's tests: the squad goes back afterwards.
    onTestFinished(async () => {
      await t.connection.db.insertInto('match_squads').values(saved).execute();
    });
    const roster = await t.connection.db
      .selectFrom('players')
      .select('id')
      .where('team_id', '=', 'north.town')
      .orderBy('number')
      .orderBy('id')
      .execute();
    const { body } = await t.get(`/api/matches/${m8}`);
    expect(body).toMatchObject({
      home_players: roster.map((player) => player.id),
      away_players: ['wr.gk', 'wr.def', 'wr.mid', 'wr.fwd'],
    });
  });

  it('answers 404 for an unknown match and 400 for an id that is not a number', async () => {
    expect(await t.get('/api/matches/99999')).toMatchObject({
      status: 404,
      body: { detail: 'Match not found' },
    });
    // 3000000000: past the 32-bit keys of PostgreSQL (a 500 there before it was refused here).
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '3000000000', '99999999999999999999']) {
      const { status, body } = await t.get(`/api/matches/${bad}`);
      expect(status, bad).toBe(400);
      expect(body, bad).toEqual({ detail: expect.stringContaining("'matchId'") });
    }
  });
});

describe('GET /api/matches/between/{home}/{away}', () => {
  it('lists approved results between the two teams in either order, newest first', async () => {
    const m = t.matchIds;
    expect(ids((await t.get('/api/matches/between/north.town/south.city')).body)).toEqual([m.m1, m.m10]);
    expect(ids((await t.get('/api/matches/between/south.city/north.town')).body)).toEqual([m.m1, m.m10]);
    // The PENDING 4-0 is not history yet; the upcoming match is not either.
    expect(ids((await t.get('/api/matches/between/north.town/east.united')).body)).toEqual([]);
    expect(ids((await t.get('/api/matches/between/north.town/west.rangers')).body)).toEqual([m.m4]);
    expect((await t.get('/api/matches/between/north.town/ghost.fc')).status).toBe(404);
  });
});
