import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LeagueSchema, LeagueStatsSchema, MatchSchema, LeagueTableSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';
import { leaderRow, M1_PLAYERS, standingRow, TINY_LEAGUE_TABLE, tinyTeam } from '../fixtures/tables';

const t = withFixture(() => makeTinyLeagueApp());

describe('GET /api/leagues', () => {
  it('lists leagues newest season first, cacheable for 5 minutes', async () => {
    const { status, body, headers } = await t.get('/api/leagues');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=300');
    const { leagues } = z.strictObject({ leagues: z.array(LeagueSchema) }).parse(body);
    expect(leagues).toEqual([
      {
        league_id: 'tl-26',
        league_name: 'Tiny League',
        season: '2026',
        status: 'active',
        location: 'Testshire',
      },
      {
        league_id: 'tl-25',
        league_name: 'Tiny League',
        season: '2025',
        status: 'completed',
        location: 'Testshire',
      },
    ]);
  });

  it('filters by season and refuses a season that is not a year', async () => {
    const { body } = await t.get('/api/leagues?season=2025');
    expect(body).toMatchObject({ leagues: [{ league_id: 'tl-25' }] });
    expect((body as { leagues: unknown[] }).leagues).toHaveLength(1);
    for (const bad of ['26', '20x6', '2026-01', '']) {
      const response = await t.get(`/api/leagues?season=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body, bad).toEqual({
        detail: expect.stringContaining("Invalid query parameter 'season'"),
      });
    }
  });

  it('pages with limit and next_cursor (more in list-paging.test.ts)', async () => {
    const first = await t.get('/api/leagues?limit=1');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const page = z
      .strictObject({ leagues: z.array(LeagueSchema), next_cursor: z.string().nullable() })
      .parse(first.body);
    expect(page.leagues.map((league) => league.league_id)).toEqual(['tl-26']);
    const rest = await t.get(`/api/leagues?limit=1&cursor=${page.next_cursor ?? ''}`);
    expect(rest.body).toMatchObject({ leagues: [{ league_id: 'tl-25' }], next_cursor: null });
    expect(await t.get('/api/leagues?cursor=not-a-cursor')).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining("Invalid query parameter 'cursor'") },
    });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.get('/api/leagues');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.request('/api/leagues', { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('GET /api/leagues/{id}/table', () => {
  it('counts approved results only (the PENDING 4-0 and the rejected 0-5 count nowhere)', async () => {
    const { status, body, headers } = await t.get('/api/leagues/tl-26/table');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    const table = LeagueTableSchema.parse(body);
    expect(table.standings).toEqual(TINY_LEAGUE_TABLE);
    // Nothing deducted; each row above the next on points (4, 3, 2, 1), the last explains nothing.
    expect(table.deductions).toEqual([]);
    expect(table.reasons).toEqual([
      { criterion: 'points', above: 4, below: 3, level_on_points: null },
      { criterion: 'points', above: 3, below: 2, level_on_points: null },
      { criterion: 'points', above: 2, below: 1, level_on_points: null },
      null,
    ]);
  });

  it('accepts a colon-prefixed league id and an explicit season', async () => {
    expect((await t.get('/api/leagues/region:tl-26/table?season=2026')).body).toMatchObject({
      standings: TINY_LEAGUE_TABLE,
    });
    const previous = await t.get('/api/leagues/tl-25/table');
    expect(previous.body).toMatchObject({
      standings: [
        standingRow(1, tinyTeam('south.city', 'South City'), [1, 1, 0, 0, 1, 0, 1, 3]),
        standingRow(2, tinyTeam('north.town', 'North Town'), [1, 0, 0, 1, 0, 1, -1, 0]),
      ],
    });
  });

  it('answers 404 for an unknown league and 400 for a bad season', async () => {
    expect(await t.get('/api/leagues/nope-26/table')).toMatchObject({
      status: 404,
      body: { detail: 'League not found' },
    });
    expect(await t.get('/api/leagues/tl-26/table?season=last')).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining("'season'") },
    });
  });
});

describe('GET /api/leagues/{id}/matches', () => {
  it("lists the season's matches oldest first in the match shape", async () => {
    const { status, body } = await t.get('/api/leagues/tl-26/matches');
    expect(status).toBe(200);
    const { matches } = z.strictObject({ matches: z.array(MatchSchema) }).parse(body);
    expect(matches.map((m) => m.id)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => t.matchIds[`m${n}` as keyof typeof t.matchIds]),
    );
    const first = matches[0];
    expect(first).toMatchObject({
      match_id: first?.id,
      date: '2026-05-02T14:00:00.000Z',
      match_date: '2026-05-02T14:00:00.000Z',
      home_team: 'north.town',
      away_team: 'south.city',
      home_team_name: 'North Town',
      away_team_name: 'South City',
      home_score: 2,
      away_score: 1,
      approved: 'TRUE',
      ...M1_PLAYERS,
    });
    const upcoming = matches.find((m) => m.id === t.matchIds.m8);
    expect(upcoming).toMatchObject({
      home_score: null,
      away_score: null,
      approved: '',
      home_players: ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd'],
    });
  });

  it('keeps seasons apart', async () => {
    expect((await t.get('/api/leagues/tl-26/matches?season=2025')).body).toEqual({ matches: [] });
    const previous = await t.get('/api/leagues/tl-25/matches');
    expect((previous.body as { matches: { id: number }[] }).matches.map((m) => m.id)).toEqual([
      t.matchIds.m10,
    ]);
  });
});

describe('GET /api/leagues/{id}/stats', () => {
  it('ranks scorers, assists, clean sheets and points from approved results', async () => {
    const { status, body } = await t.get('/api/leagues/tl-26/stats');
    expect(status).toBe(200);
    expect(LeagueStatsSchema.parse(body)).toEqual({
      scorers: [
        leaderRow('sc.fwd', 'South City Forward', 'Forward', 'South City', 3),
        leaderRow('nt.fwd', 'North Town Forward', 'Forward', 'North Town', 2),
        leaderRow('nt.mid', 'North Town Midfielder', 'Midfielder', 'North Town', 1),
        leaderRow('sc.mid', 'South City Midfielder', 'Midfielder', 'South City', 1),
        leaderRow('wr.fwd', 'West Rangers Forward', 'Forward', 'West Rangers', 1),
      ],
      assists: [
        leaderRow('sc.mid', 'South City Midfielder', 'Midfielder', 'South City', 2),
        leaderRow('nt.fwd', 'North Town Forward', 'Forward', 'North Town', 1),
        leaderRow('nt.mid', 'North Town Midfielder', 'Midfielder', 'North Town', 1),
        leaderRow('sc.def', 'South City Defender', 'Defender', 'South City', 1),
      ],
      clean_sheets: [
        leaderRow('eu.gk', 'East United Keeper', 'Goalkeeper', 'East United', 1),
        leaderRow('sc.gk', 'South City Keeper', 'Goalkeeper', 'South City', 1),
        leaderRow('wr.gk', 'West Rangers Keeper', 'Goalkeeper', 'West Rangers', 1),
      ],
      points: [
        leaderRow('sc.fwd', 'South City Forward', 'Forward', 'South City', 6),
        leaderRow('nt.fwd', 'North Town Forward', 'Forward', 'North Town', 5),
        leaderRow('sc.mid', 'South City Midfielder', 'Midfielder', 'South City', 4),
        leaderRow('nt.mid', 'North Town Midfielder', 'Midfielder', 'North Town', 3),
        leaderRow('wr.fwd', 'West Rangers Forward', 'Forward', 'West Rangers', 2),
        leaderRow('sc.def', 'South City Defender', 'Defender', 'South City', 1),
      ],
    });
  });

  it('answers the previous season separately', async () => {
    const { body } = await t.get('/api/leagues/tl-25/stats');
    expect(body).toEqual({
      scorers: [leaderRow('sc.fwd', 'South City Forward', 'Forward', 'South City', 1)],
      assists: [],
      clean_sheets: [leaderRow('sc.gk', 'South City Keeper', 'Goalkeeper', 'South City', 1)],
      points: [leaderRow('sc.fwd', 'South City Forward', 'Forward', 'South City', 2)],
    });
  });
});
