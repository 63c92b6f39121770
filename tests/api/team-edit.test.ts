/**
 * Club and player edits over the tiny league: a club's details (name and place for league
 * admins, description and links for its staff too), a player renamed by staff and moved
 * to another team of the league by its admin, with the history staying where it was made.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RosterPlayerSchema, TeamSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addLeagueAdmin, addRoleUsers, addUser, tokenFor, type Role } from '../fixtures/auth';
import { tableRows } from '../fixtures/checksum';
import { insertLeague, insertPlayer, insertTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { sendRequest } from '../fixtures/request';

const t = withFixture(() => makeTinyLeagueApp(), { perTest: true });
type Caller = Role | 'leagueAdmin' | 'otherLeagueAdmin';
let tokens: Record<Caller, string | null>;
beforeEach(async () => {
  const db = t.connection.db;
  await insertLeague(db, {
    league_id: 'ol-26',
    league_name: 'Other League',
    season: '2026',
    status: 'active',
    location: 'Elsewhere',
  });
  await insertTeam(db, { team_id: 'far.away', team_name: 'Far Away', league_id: 'ol-26' });
  await insertPlayer(db, {
    id: 'fa.fwd',
    name: 'Far Forward',
    team_id: 'far.away',
    number: 9,
    position: 'Forward',
  });
  await addLeagueAdmin(db, { id: 'u.la' }, 'tl-26');
  await addLeagueAdmin(db, { id: 'u.ola' }, 'ol-26');
  tokens = {
    ...(await addRoleUsers(db)),
    leagueAdmin: await tokenFor(db, 'u.la'),
    otherLeagueAdmin: await tokenFor(db, 'u.ola'),
  };
});

async function call(method: string, path: string, as: Caller, json?: unknown) {
  const answer = await sendRequest(t.app, method, path, {
    token: tokens[as],
    ...(json !== undefined && { json }),
  });
  return { status: answer.status, body: answer.body as Record<string, unknown> };
}

const TABLES = ['teams', 'players', 'match_squads', 'match_events', 'audit_log'];
const snapshot = () => tableRows(t.connection, TABLES);

describe('PUT /api/teams/{teamId}', () => {
  it('lets a league admin rename and move a club, keeping its id, and audits it', async () => {
    const res = await call('PUT', '/api/teams/north.town', 'leagueAdmin', {
      team_name: '  North Town Athletic ',
      location: 'The New Ground',
      website: 'https://northtown.example/',
    });
    expect(res.status).toBe(200);
    const team = TeamSchema.parse(res.body);
    expect(team).toMatchObject({
      team_id: 'north.town',
      team_name: 'North Town Athletic',
      location: 'The New Ground',
      website: 'https://northtown.example/',
    });
    const table = await t.get('/api/leagues/tl-26/table');
    expect(JSON.stringify(table.body)).toContain('North Town Athletic');
    const audit = await t.connection.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'team')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'update', entity_id: 'north.town' });
  });

  it('lets a super admin edit any team, and clears a link with an empty string', async () => {
    await call('PUT', '/api/teams/far.away', 'superAdmin', { news_url: 'http://far.example/news' });
    const res = await call('PUT', '/api/teams/far.away', 'superAdmin', { news_url: '' });
    expect(res.status).toBe(200);
    expect(res.body.news_url).toBeNull();
  });

  it("lets the team's coach edit the description and links, not the name or location", async () => {
    const ok = await call('PUT', '/api/teams/north.town', 'coach', {
      description: 'Founded by the canal.',
      youtube_channel: 'https://www.youtube.com/@northtown',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ description: 'Founded by the canal.', team_name: 'North Town' });
    const before = await snapshot();
    for (const body of [{ team_name: 'Renamed' }, { location: 'Elsewhere', description: 'x' }]) {
      const res = await call('PUT', '/api/teams/north.town', 'coach', body);
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/name or location/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another team's coach, a fan and another league's admin", async () => {
    const before = await snapshot();
    for (const as of ['otherCoach', 'otherLeagueAdmin', 'fan'] as const) {
      const res = await call('PUT', '/api/teams/north.town', as, { description: 'Hijacked' });
      expect(res.status, as).toBe(403);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await call('PUT', '/api/teams/north.town', 'anonymous', { description: 'x' })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with a detail and changes nothing', async () => {
    const before = await snapshot();
    const bad: unknown[] = [
      {},
      { team_name: '' },
      { team_name: 'x'.repeat(101) },
      { location: 'a\u0007b' },
      { description: 'x'.repeat(1001) },
      { website: 'javascript:alert(1)' },
      { news_url: 'ftp://files.example/news' },
      { youtube_channel: 'not a link' },
      { website: 42 },
      { league_id: 'ol-26' },
      { logo: 'evil.svg' },
    ];
    for (const body of bad) {
      const res = await call('PUT', '/api/teams/north.town', 'leagueAdmin', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await call('PUT', '/api/teams/no.such', 'superAdmin', { description: 'x' })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('PUT /api/player/update/{userId}: name and team', () => {
  it('lets staff rename a player with the rules of adding one', async () => {
    const res = await call('PUT', '/api/player/update/nt.mid', 'coach', { name: '  Sam Spelled-Right ' });
    expect(res.status).toBe(200);
    expect(RosterPlayerSchema.parse(res.body)).toMatchObject({ id: 'nt.mid', name: 'Sam Spelled-Right' });
    for (const name of ['', ' ', 'x'.repeat(101), 7]) {
      const bad = await call('PUT', '/api/player/update/nt.mid', 'coach', { name });
      expect(bad.status).toBe(400);
    }
    expect((await call('PUT', '/api/player/update/nt.mid', 'otherCoach', { name: 'X' })).status).toBe(403);
  });

  it("moves a player within the league, keeping their goals with the old team's statistics", async () => {
    await addUser(t.connection.db, { id: 'u.nt.fwd', user_type: 'fan' });
    await t.connection.db
      .insertInto('memberships')
      .values({
        user_id: 'u.nt.fwd',
        role: 'player',
        league_id: null,
        team_id: 'north.town',
        player_id: 'nt.fwd',
      })
      .execute();
    const statsBefore = await t.get('/api/teams/north.town/stats?season=2026');
    const res = await call('PUT', '/api/player/update/nt.fwd', 'leagueAdmin', {
      team_id: 'south.city',
      number: 19,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ team_id: 'south.city', team_name: 'South City', number: 19 });

    // North Town keeps the goals scored for it; South City does not gain them.
    const north = await t.get('/api/teams/north.town/stats?season=2026');
    expect(north.body).toEqual(statsBefore.body);
    const south = (await t.get('/api/teams/south.city/stats?season=2026')).body as {
      scorers: { player_id?: string; id?: string; name: string }[];
    };
    expect(JSON.stringify(south.scorers)).not.toContain('North Town Forward');
    // The profile still counts them.
    const profile = (await t.get('/api/player/nt.fwd')).body as {
      metrics: Record<string, { goals: number }>;
    };
    expect(profile.metrics['2026']?.goals).toBeGreaterThan(0);
    // Past squads and events keep their team; the unreported m8's squad lost the player.
    const events = await t.connection.db
      .selectFrom('match_events')
      .select('team_id')
      .where('player_id', '=', 'nt.fwd')
      .execute();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.team_id === 'north.town')).toBe(true);
    const squads = await t.connection.db
      .selectFrom('match_squads')
      .select('match_id')
      .where('player_id', '=', 'nt.fwd')
      .where('match_id', '=', t.matchIds.m8)
      .execute();
    expect(squads).toEqual([]);
    // The account linked to the player plays for the new team.
    const membership = await t.connection.db
      .selectFrom('memberships')
      .select('team_id')
      .where('user_id', '=', 'u.nt.fwd')
      .where('role', '=', 'player')
      .executeTakeFirstOrThrow();
    expect(membership.team_id).toBe('south.city');
    const roster = (await t.get('/api/teams/south.city/roster')).body as { players: { id: string }[] };
    expect(roster.players.map((player) => player.id)).toContain('nt.fwd');
  });

  it('refuses a move by staff, across leagues, to a taken shirt number or an unknown team', async () => {
    const before = await snapshot();
    const coach = await call('PUT', '/api/player/update/nt.fwd', 'coach', {
      team_id: 'south.city',
      number: 19,
    });
    expect(coach.status).toBe(403);
    expect(coach.body.detail).toMatch(/move a player/);
    const across = await call('PUT', '/api/player/update/nt.fwd', 'superAdmin', {
      team_id: 'far.away',
      number: 19,
    });
    expect(across.status).toBe(409);
    expect(across.body.detail).toMatch(/another league/);
    // sc.fwd wears 9 in South City.
    const taken = await call('PUT', '/api/player/update/nt.fwd', 'leagueAdmin', { team_id: 'south.city' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/Shirt number 9/);
    const unknown = await call('PUT', '/api/player/update/nt.fwd', 'leagueAdmin', { team_id: 'no.such' });
    expect(unknown.status).toBe(400);
    const otherAdmin = await call('PUT', '/api/player/update/nt.fwd', 'otherLeagueAdmin', {
      team_id: 'south.city',
      number: 19,
    });
    expect(otherAdmin.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
