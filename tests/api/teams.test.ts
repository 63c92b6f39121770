import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CoachSchema,
  MatchSchema,
  RosterPlayerSchema,
  TeamSchema,
  TeamStatsSchema,
  TeamSummarySchema,
} from '../../api/schemas';
import { insertFormerPlayer } from '../fixtures/factory';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';
import { coachRow, leaderRow, NT_FORWARD, tinyTeam } from '../fixtures/tables';

const t = withFixture(() => makeTinyLeagueApp());
beforeAll(async () => {
  // A player who left North Town: kept for history, off the roster.
  await insertFormerPlayer(t.connection.db);
});

const ids = (body: unknown) => (body as { matches: { id: number }[] }).matches.map((m) => m.id);

describe('GET /api/teams and /api/teams/{id}', () => {
  it('lists every team by name', async () => {
    const { status, body } = await t.get('/api/teams');
    expect(status).toBe(200);
    const { teams } = z.strictObject({ teams: z.array(TeamSummarySchema) }).parse(body);
    expect(teams.map((team) => team.team_id)).toEqual([
      'east.united',
      'north.town',
      'south.city',
      'west.rangers',
    ]);
    expect(teams[1]).toEqual({
      team_id: 'north.town',
      team_name: 'North Town',
      league_id: 'tl-26',
      location: 'North Town Park',
      description: '',
      logo: 'north.town.svg',
    });
  });

  it('filters by league or season and pages with limit and next_cursor (more in list-paging.test.ts)', async () => {
    const first = await t.get('/api/teams?season=2026&limit=3');
    const page = z
      .strictObject({ teams: z.array(TeamSummarySchema), next_cursor: z.string().nullable() })
      .parse(first.body);
    expect(page.teams.map((team) => team.team_id)).toEqual(['east.united', 'north.town', 'south.city']);
    const rest = await t.get(`/api/teams?season=2026&limit=3&cursor=${page.next_cursor ?? ''}`);
    expect(rest.body).toEqual({
      teams: [expect.objectContaining({ team_id: 'west.rangers' })],
      next_cursor: null,
    });
    expect((await t.get('/api/teams?league_id=tl-25')).body).toEqual({ teams: [] });
    expect(await t.get('/api/teams?limit=201')).toMatchObject({
      status: 400,
      body: { detail: "Invalid query parameter 'limit': must be at most 200" },
    });
  });

  it('answers one team with its links, or 404', async () => {
    const { body } = await t.get('/api/teams/north.town');
    expect(TeamSchema.parse(body)).toEqual({
      team_id: 'north.town',
      team_name: 'North Town',
      league_id: 'tl-26',
      league_name: 'Tiny League',
      location: 'North Town Park',
      description: '',
      logo: 'north.town.svg',
      youtube_channel: null,
      website: null,
      social_media: null,
      news_url: null,
    });
    expect(await t.get('/api/teams/no.such.team')).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
  });
});

describe('GET /api/teams/{id}/roster', () => {
  it('orders players GK, DEF, MID, FW then by number, with coaches', async () => {
    const { body } = await t.get('/api/teams/north.town/roster');
    const roster = z
      .strictObject({ players: z.array(RosterPlayerSchema), coaches: z.array(CoachSchema) })
      .parse(body);
    expect(roster.players.map((p) => [p.id, p.number, p.position_general])).toEqual([
      ['nt.gk', 1, 'GK'],
      ['nt.def', 4, 'DEF'],
      ['nt.mid', 8, 'MID'],
      ['nt.fwd', 9, 'FW'],
    ]);
    expect(roster.players[3]).toEqual(NT_FORWARD);
    expect(roster.coaches).toEqual([
      coachRow('nt.coach', 'North Town Coach', 'Head Coach', '', tinyTeam('north.town', 'North Town')),
    ]);
    expect(await t.get('/api/teams/ghost.fc/roster')).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
  });
});

describe('GET /api/teams/{id}/seasons and /stats', () => {
  it('lists seasons with matches, newest first', async () => {
    expect((await t.get('/api/teams/north.town/seasons')).body).toEqual({ seasons: ['2026', '2025'] });
    expect((await t.get('/api/teams/east.united/seasons')).body).toEqual({ seasons: ['2026'] });
  });

  it("ranks the team's own players from approved results, latest season by default", async () => {
    const row = (player_id: string, name: string, position: string, count: number) =>
      leaderRow(player_id, name, position, 'North Town', count);
    const expected = {
      scorers: [
        row('nt.fwd', 'North Town Forward', 'Forward', 2),
        row('nt.mid', 'North Town Midfielder', 'Midfielder', 1),
      ],
      assists: [
        row('nt.fwd', 'North Town Forward', 'Forward', 1),
        row('nt.mid', 'North Town Midfielder', 'Midfielder', 1),
      ],
      clean_sheets_players: [],
      points: [
        row('nt.fwd', 'North Town Forward', 'Forward', 5),
        row('nt.mid', 'North Town Midfielder', 'Midfielder', 3),
      ],
    };
    expect(TeamStatsSchema.parse((await t.get('/api/teams/north.town/stats')).body)).toEqual(expected);
    expect((await t.get('/api/teams/north.town/stats?season=2026')).body).toEqual(expected);
    expect((await t.get('/api/teams/north.town/stats?season=2025')).body).toEqual({
      scorers: [],
      assists: [],
      clean_sheets_players: [],
      points: [],
    });
    expect((await t.get('/api/teams/north.town/stats?season=1')).status).toBe(400);
  });
});

describe('GET /api/teams/{id}/matches', () => {
  it('lists all of the team’s matches oldest first', async () => {
    const { body } = await t.get('/api/teams/north.town/matches');
    z.strictObject({ matches: z.array(MatchSchema) }).parse(body);
    const m = t.matchIds;
    expect(ids(body)).toEqual([m.m10, m.m1, m.m4, m.m5, m.m8]);
  });

  it('filters by season and approval', async () => {
    const m = t.matchIds;
    expect(ids((await t.get('/api/teams/north.town/matches?season=2026')).body)).toEqual([
      m.m1,
      m.m4,
      m.m5,
      m.m8,
    ]);
    expect(ids((await t.get('/api/teams/north.town/matches?approved=PENDING')).body)).toEqual([m.m5]);
    expect(ids((await t.get('/api/teams/east.united/matches?approved=pending')).body)).toEqual([m.m5]);
    expect(ids((await t.get('/api/teams/south.city/matches?approved=FALSE')).body)).toEqual([m.m6]);
  });

  it('answers the latest approved result with past=true&limit=1&sort=desc', async () => {
    const m = t.matchIds;
    expect(ids((await t.get('/api/teams/north.town/matches?past=true&limit=1&sort=desc')).body)).toEqual([
      m.m4,
    ]);
    expect(ids((await t.get('/api/teams/west.rangers/matches?past=true&sort=desc')).body)).toEqual([
      m.m4,
      m.m2,
    ]);
    expect(ids((await t.get('/api/teams/north.town/matches?past=false')).body)).toEqual([m.m8]);
  });

  it('names the bad parameter in a 400', async () => {
    for (const [query, name] of [
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=99999999', 'limit'],
      ['approved=MAYBE', 'approved'],
      ['sort=sideways', 'sort'],
      ['past=yes', 'past'],
      ['season=20266', 'season'],
      ['season=2026&season=2025', 'season'],
    ]) {
      const { status, body } = await t.get(`/api/teams/north.town/matches?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ detail: expect.stringContaining(`'${name}'`) });
    }
    expect((await t.get('/api/teams/ghost.fc/matches')).status).toBe(404);
  });
});
