/**
 * Team and roster writes over the tiny league: creating and deleting teams,
 * adding, editing and removing players, who may do it, and what a refused or
 * replayed request leaves behind. Every test runs on a fresh database.
 */
import { tableRows } from '../fixtures/checksum';
import { beforeEach, describe, expect, it } from 'vitest';
import { RosterPlayerSchema, TeamSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, addUser, tokenFor, type Role, ALL_ROLES } from '../fixtures/auth';
import { insertCoach, insertFormerPlayer, insertTeam, NOW, updatePlayer } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { sendRequest, type Answer } from '../fixtures/request';

const t = withFixture(() => makeTinyLeagueApp(), { perTest: true });
let tokens: Record<Role, string | null>;
beforeEach(async () => {
  tokens = await addRoleUsers(t.connection.db);
});

interface CallOptions {
  role?: Role;
  token?: string | null;
  json?: unknown;
  /** A body sent as is, with `contentType` (default application/json). */
  raw?: string;
  contentType?: string | null;
  idempotencyKey?: string;
}

/** The status, headers and parsed body (the tests compare these whole). */
async function call(method: string, path: string, options: CallOptions = {}): Promise<Omit<Answer, 'text'>> {
  const { role, token, idempotencyKey, ...body } = options;
  const answer = await sendRequest(t.app, method, path, {
    ...body,
    token: token !== undefined ? token : tokens[role ?? 'superAdmin'],
    ...(idempotencyKey !== undefined && { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
  return { status: answer.status, headers: answer.headers, body: answer.body };
}

const TABLES = ['teams', 'players', 'coaches', 'users', 'sessions', 'audit_log', 'idempotency_keys'];

/** Every row of every table a write here could touch. */
function snapshot(): Promise<string[]> {
  return tableRows(t.connection, TABLES);
}

function playerRow(id: string) {
  return t.connection.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
}

async function lastAudit() {
  const row = await t.connection.db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  };
}

const NEW_PLAYER = { name: 'New Kid', position: 'Midfielder', position_general: 'MID', number: 23 };

describe('POST /api/teams', () => {
  it('creates a team for a super admin, trimmed, with the league, and audits it', async () => {
    const res = await call('POST', '/api/teams', {
      json: {
        name: '  Riverside Rovers ',
        location: ' Riverside ',
        description: 'By the river.',
        league_id: 'tl-26',
      },
    });
    expect(res.status).toBe(201);
    expect(TeamSchema.parse(res.body)).toEqual({
      team_id: 'riverside.rovers',
      team_name: 'Riverside Rovers',
      league_id: 'tl-26',
      league_name: 'Tiny League',
      location: 'Riverside',
      description: 'By the river.',
      logo: null,
      youtube_channel: null,
      website: null,
      social_media: null,
      news_url: null,
    });
    const row = await t.connection.db
      .selectFrom('teams')
      .selectAll()
      .where('team_id', '=', 'riverside.rovers')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      team_name: 'Riverside Rovers',
      location: 'Riverside',
      league_id: 'tl-26',
      logo: null,
      created_at: NOW.toISOString(),
    });
    expect(await lastAudit()).toMatchObject({
      user_id: 'u.superadmin',
      action: 'create',
      entity: 'team',
      entity_id: 'riverside.rovers',
      before: null,
      after: {
        team_id: 'riverside.rovers',
        team_name: 'Riverside Rovers',
        location: 'Riverside',
        description: 'By the river.',
        league_id: 'tl-26',
      },
    });
  });

  it('needs only name and location, takes a colon-prefixed league id, and never reuses a team id', async () => {
    const bare = await call('POST', '/api/teams', { json: { name: 'North Town', location: 'Up North' } });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({
      team_id: 'north.town2',
      league_id: null,
      league_name: null,
      description: '',
    });
    const prefixed = await call('POST', '/api/teams', {
      json: { name: 'Hill FC', location: 'Hill', league_id: 'region:tl-25', description: '' },
    });
    expect(prefixed.body).toMatchObject({ team_id: 'hill.fc', league_id: 'tl-25' });
  });

  it.each([
    [{ location: 'X' }, "Invalid field 'name': is required"],
    [{ name: '   ', location: 'X' }, "Invalid field 'name': is required"],
    [{ name: 'x'.repeat(101), location: 'X' }, "Invalid field 'name': must be at most 100 characters"],
    [{ name: 'Tab\tFC', location: 'X' }, "Invalid field 'name': must not contain control characters"],
    [{ name: 7, location: 'X' }, "Invalid field 'name': must be text"],
    [{ name: 'A' }, "Invalid field 'location': is required"],
    [{ name: 'A', location: 'y'.repeat(101) }, "Invalid field 'location': must be at most 100 characters"],
    [
      { name: 'A', location: 'X', description: 'd'.repeat(1001) },
      "Invalid field 'description': must be at most 1000 characters",
    ],
    [
      { name: 'A', location: 'X', league_id: 'nope-26' },
      "Invalid field 'league_id': there is no league 'nope-26'",
    ],
    [{ name: 'A', location: 'X', league_id: 26 }, "Invalid field 'league_id': must be text"],
    [{ name: 'A', location: 'X', team_id: 'a' }, "Unknown field: 'team_id'"],
    [{ name: 'A', location: 'X', logo: 'a.png', website: 'x' }, "Unknown fields: 'logo', 'website'"],
  ])('refuses %j with 400 and changes nothing', async (json, detail) => {
    const before = await snapshot();
    const res = await call('POST', '/api/teams', { json });
    expect(res).toMatchObject({ status: 400, body: { detail } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/teams/{team_id}', () => {
  it('answers 404 for an unknown team', async () => {
    expect(await call('DELETE', '/api/teams/no.such.team')).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
  });

  it('refuses a team with matches on record, saying why, and changes nothing', async () => {
    const before = await snapshot();
    const res = await call('DELETE', '/api/teams/north.town');
    expect(res).toEqual({
      status: 409,
      headers: expect.any(Headers),
      body: {
        detail:
          'North Town has 5 matches on record, so it cannot be deleted. Results and tables depend on them.',
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('counts a match the team only fielded a player in', async () => {
    await insertTeam(t.connection.db, { team_id: 'guest.fc', team_name: 'Guest FC' });
    await t.connection.db
      .insertInto('match_squads')
      .values({ match_id: t.matchIds.m9, team_id: 'guest.fc', player_id: 'eu.gk' })
      .execute();
    expect(await call('DELETE', '/api/teams/guest.fc')).toMatchObject({
      status: 409,
      body: {
        detail: 'Guest FC has 1 match on record, so it cannot be deleted. Results and tables depend on them.',
      },
    });
  });

  it('deletes a fresh team with its roster, detaches its users and ends their sessions', async () => {
    const db = t.connection.db;
    const created = await call('POST', '/api/teams', {
      json: { name: 'Riverside Rovers', location: 'Riverside' },
    });
    expect(created.status).toBe(201);
    const signed = await call('POST', '/api/teams/riverside.rovers/players', { json: NEW_PLAYER });
    expect(signed.status).toBe(201);
    await insertCoach(db, { id: 'rr.coach', name: 'Rovers Coach', team_id: 'riverside.rovers' });
    // A transfer: nt.gk has history with North Town, so the row must survive.
    await updatePlayer(db, 'nt.gk', { team_id: 'riverside.rovers' });
    await addUser(db, { id: 'rr.boss', user_type: 'coach', team_id: 'riverside.rovers' });
    const bossToken = await tokenFor(db, 'rr.boss');
    expect((await call('GET', '/api/auth/me', { token: bossToken })).status).toBe(200);

    const res = await call('DELETE', '/api/teams/riverside.rovers');
    expect(res).toMatchObject({ status: 200, body: { detail: 'Team deleted', team_id: 'riverside.rovers' } });
    expect(res.body).toEqual({ detail: 'Team deleted', team_id: 'riverside.rovers' });

    expect(
      await db.selectFrom('teams').select('team_id').where('team_id', '=', 'riverside.rovers').execute(),
    ).toEqual([]);
    expect(await playerRow('new.kid')).toBeUndefined();
    expect(await playerRow('nt.gk')).toMatchObject({ team_id: null, number: 1 });
    expect(await db.selectFrom('coaches').select('id').where('id', '=', 'rr.coach').execute()).toEqual([]);
    expect(
      await db.selectFrom('users').select(['id', 'team_id']).where('id', '=', 'rr.boss').execute(),
    ).toEqual([{ id: 'rr.boss', team_id: null }]);
    const sessions = await db.selectFrom('sessions').select(['user_id', 'revoked_at']).execute();
    expect(sessions.filter((s) => s.user_id === 'rr.boss')).toEqual([
      { user_id: 'rr.boss', revoked_at: NOW.toISOString() },
    ]);
    expect(sessions.filter((s) => s.user_id !== 'rr.boss').every((s) => s.revoked_at === null)).toBe(true);
    expect(await call('GET', '/api/auth/me', { token: bossToken })).toMatchObject({ status: 401 });
    expect((await call('GET', '/api/auth/me', { role: 'coach' })).status).toBe(200);

    expect(await lastAudit()).toMatchObject({
      user_id: 'u.superadmin',
      action: 'delete',
      entity: 'team',
      entity_id: 'riverside.rovers',
      before: {
        team_id: 'riverside.rovers',
        team_name: 'Riverside Rovers',
        location: 'Riverside',
        league_id: null,
      },
      after: {
        players_deleted: 1,
        players_kept: 1,
        coaches_deleted: 1,
        users_detached: 1,
        users_signed_out: ['rr.boss'],
      },
    });
  });
});

describe('POST /api/teams/{team_id}/players', () => {
  it("adds a player for the team's coach, FWD stored as FW, number given as text", async () => {
    const res = await call('POST', '/api/teams/north.town/players', {
      role: 'coach',
      json: {
        name: ' New Signing ',
        position: 'Forward',
        position_general: 'FWD',
        number: '10',
        photo_id: 'new-signing_1.jpg',
        metrics: { foot: 'left', pace: 9.5, captain: false },
      },
    });
    expect(res.status).toBe(201);
    expect(RosterPlayerSchema.parse(res.body)).toEqual({
      id: 'new.signing',
      player_id: 'new.signing',
      user_id: 'new.signing',
      name: 'New Signing',
      number: 10,
      position: 'Forward',
      position_general: 'FW',
      photo_id: 'new-signing_1.jpg',
      bio: '',
      team_id: 'north.town',
      team_name: 'North Town',
    });
    const row = await playerRow('new.signing');
    expect(row).toEqual({
      id: 'new.signing',
      user_id: null,
      team_id: 'north.town',
      name: 'New Signing',
      number: 10,
      position: 'Forward',
      position_general: 'FW',
      photo_id: 'new-signing_1.jpg',
      bio: '',
      metrics: expect.any(String),
      created_at: NOW.toISOString(),
    });
    expect(JSON.parse(row?.metrics ?? '')).toEqual({ foot: 'left', pace: 9.5, captain: false });
    expect(await lastAudit()).toMatchObject({
      user_id: 'u.coach',
      action: 'create',
      entity: 'player',
      entity_id: 'new.signing',
      before: null,
      after: {
        team_id: 'north.town',
        name: 'New Signing',
        number: 10,
        position: 'Forward',
        position_general: 'FW',
      },
    });
    const roster = await call('GET', '/api/teams/north.town/roster');
    expect(roster.body).toMatchObject({
      players: expect.arrayContaining([expect.objectContaining({ id: 'new.signing' })]),
    });
  });

  it('gives an id not used by any account, and stores defaults for the optional fields', async () => {
    await addUser(t.connection.db, { id: 'jane.doe', user_type: 'fan' });
    const res = await call('POST', '/api/teams/north.town/players', {
      json: { name: 'Jane Doe', position: 'Coach', position_general: 'Other', number: 0, photo_id: '' },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { id: 'jane.doe2', user_id: 'jane.doe2', photo_id: null },
    });
    expect(await playerRow('jane.doe2')).toMatchObject({ metrics: '{}', photo_id: null, user_id: null });
  });

  it.each([
    ['Goalkeeper', 'GK', 11],
    ['Defender', 'DEF', 12],
    ['Midfielder', 'MID', '07'],
    ['Forward', 'FW', 99],
    ['Coach', 'COACH', 0],
    ['Defender', 'Other', 50],
  ])('accepts %s with %s and number %j', async (position, general, number) => {
    const res = await call('POST', '/api/teams/south.city/players', {
      json: { name: 'Any One', position, position_general: general, number },
    });
    expect(res).toMatchObject({
      status: 201,
      body: { position, position_general: general, number: Number(number) },
    });
  });

  it('answers 404 for an unknown team', async () => {
    expect(await call('POST', '/api/teams/no.such.team/players', { json: NEW_PLAYER })).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
  });

  it('refuses a shirt number already taken in the team, but not one taken elsewhere', async () => {
    const before = await snapshot();
    expect(
      await call('POST', '/api/teams/north.town/players', { json: { ...NEW_PLAYER, number: '9' } }),
    ).toMatchObject({ status: 409, body: { detail: 'Shirt number 9 is already taken in this team' } });
    expect(await snapshot()).toEqual(before);
    await updatePlayer(t.connection.db, 'nt.fwd', { team_id: null });
    expect(
      (await call('POST', '/api/teams/north.town/players', { json: { ...NEW_PLAYER, number: 9 } })).status,
    ).toBe(201);
  });

  const NUMBER = "Invalid field 'number': must be a whole number from 0 to 99";
  it.each([
    [{ name: undefined }, "Invalid field 'name': is required"],
    [{ name: ' ' }, "Invalid field 'name': is required"],
    [{ name: 'n'.repeat(101) }, "Invalid field 'name': must be at most 100 characters"],
    [{ position: undefined }, "Invalid field 'position': is required"],
    [
      { position: 'Striker' },
      "Invalid field 'position': must be one of Goalkeeper, Defender, Midfielder, Forward or Coach",
    ],
    [
      { position: 'midfielder' },
      "Invalid field 'position': must be one of Goalkeeper, Defender, Midfielder, Forward or Coach",
    ],
    [{ position_general: undefined }, "Invalid field 'position_general': is required"],
    [
      { position_general: 'ST' },
      "Invalid field 'position_general': must be one of GK, DEF, MID, FW (or FWD), COACH or Other",
    ],
    [{ position_general: 'GK' }, "Invalid field 'position_general': must be MID (or Other) for a Midfielder"],
    [
      { position: 'Forward', position_general: 'MID' },
      "Invalid field 'position_general': must be FW (or Other) for a Forward",
    ],
    [
      { position: 'Coach', position_general: 'FWD' },
      "Invalid field 'position_general': must be COACH (or Other) for a Coach",
    ],
    [{ number: undefined }, "Invalid field 'number': is required"],
    [{ number: -1 }, NUMBER],
    [{ number: 100 }, NUMBER],
    [{ number: '100' }, NUMBER],
    [{ number: 9.5 }, NUMBER],
    [{ number: '9.5' }, NUMBER],
    [{ number: '9a' }, NUMBER],
    [{ number: ' 9' }, NUMBER],
    [{ number: '' }, NUMBER],
    [{ number: '-1' }, NUMBER],
    [{ number: null }, NUMBER],
    [{ number: true }, NUMBER],
    [{ number: [9] }, NUMBER],
    [
      { photo_id: '../secret' },
      "Invalid field 'photo_id': may contain only letters, digits, _, - and . (not first)",
    ],
    [
      { photo_id: '.hidden' },
      "Invalid field 'photo_id': may contain only letters, digits, _, - and . (not first)",
    ],
    [
      { photo_id: 'a b.jpg' },
      "Invalid field 'photo_id': may contain only letters, digits, _, - and . (not first)",
    ],
    [{ photo_id: 'p'.repeat(201) }, "Invalid field 'photo_id': must be at most 200 characters"],
    [{ photo_id: 12 }, "Invalid field 'photo_id': must be text"],
    [{ metrics: [1] }, "Invalid field 'metrics': must be an object of simple values"],
    [{ metrics: 'fast' }, "Invalid field 'metrics': must be an object of simple values"],
    [
      { metrics: { stats: { goals: 1 } } },
      "Invalid field 'metrics.stats': values must be text of at most 200 characters, numbers or true/false",
    ],
    [{ metrics: { note: 'n'.repeat(201) } }, "Invalid field 'metrics.note': must be at most 200 characters"],
    [
      { metrics: { ['k'.repeat(51)]: 1 } },
      `Invalid field 'metrics.${'k'.repeat(51)}': keys must be 1 to 50 characters`,
    ],
    [{ metrics: { '': 1 } }, "Invalid field 'metrics.': keys must be 1 to 50 characters"],
    [
      { metrics: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) },
      "Invalid field 'metrics': must have at most 50 keys",
    ],
    [{ team_id: 'west.rangers' }, "Unknown field: 'team_id'"],
    [{ user_id: 'u.fan', bio: 'x' }, "Unknown fields: 'user_id', 'bio'"],
  ])('refuses %j with 400 naming the field, and changes nothing', async (change, detail) => {
    const before = await snapshot();
    const res = await call('POST', '/api/teams/north.town/players', {
      role: 'coach',
      json: { ...NEW_PLAYER, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.stringContaining(detail) });
    expect(await snapshot()).toEqual(before);
  });

  it('accepts 50 metrics keys of 50 characters', async () => {
    const metrics = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}`.padStart(50, 'k'), i]));
    expect(
      (await call('POST', '/api/teams/north.town/players', { json: { ...NEW_PLAYER, metrics } })).status,
    ).toBe(201);
  });
});

describe('request bodies', () => {
  const path = '/api/teams/north.town/players';
  it.each([
    ['malformed JSON', { raw: '{"name": "New Kid",' }, 'Malformed JSON in request body'],
    ['text/plain', { raw: JSON.stringify(NEW_PLAYER), contentType: 'text/plain' }, 'must be JSON'],
    ['a form', { raw: 'name=New+Kid', contentType: 'application/x-www-form-urlencoded' }, 'must be JSON'],
    ['no content type', { raw: JSON.stringify(NEW_PLAYER), contentType: null }, 'must be JSON'],
    ['no body', {}, 'must be JSON'],
    ['an array', { json: [NEW_PLAYER] }, 'Invalid json'],
    ['null', { raw: 'null' }, 'Invalid json'],
  ] satisfies [string, CallOptions, string][])(
    'refuses %s with 400 { detail } and changes nothing',
    async (_, options, detail) => {
      const before = await snapshot();
      const res = await call('POST', path, { role: 'coach', ...options });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ detail: expect.stringContaining(detail) });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('takes JSON with a charset', async () => {
    const res = await call('POST', path, {
      raw: JSON.stringify(NEW_PLAYER),
      contentType: 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(201);
  });
});

describe('DELETE /api/teams/{team_id}/players/{player_id}', () => {
  it('deletes a player without match history', async () => {
    await call('POST', '/api/teams/north.town/players', { json: NEW_PLAYER });
    const res = await call('DELETE', '/api/teams/north.town/players/new.kid', { role: 'coach' });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({ detail: 'Player removed', player_id: 'new.kid', kept_for_history: false });
    expect(await playerRow('new.kid')).toBeUndefined();
    expect(await lastAudit()).toMatchObject({
      user_id: 'u.coach',
      action: 'delete',
      entity: 'player',
      entity_id: 'new.kid',
      before: {
        team_id: 'north.town',
        name: 'New Kid',
        number: 23,
        position: 'Midfielder',
        position_general: 'MID',
      },
      after: null,
    });
  });

  it('keeps a player with match history, off the roster, and frees the shirt number', async () => {
    const res = await call('DELETE', '/api/teams/north.town/players/nt.fwd', { role: 'coach' });
    expect(res.body).toEqual({ detail: 'Player removed', player_id: 'nt.fwd', kept_for_history: true });
    expect(await playerRow('nt.fwd')).toMatchObject({ team_id: null, number: 9, name: 'North Town Forward' });
    const events = await t.connection.db
      .selectFrom('match_events')
      .select('id')
      .where('player_id', '=', 'nt.fwd')
      .execute();
    expect(events).toHaveLength(7);
    const roster = (await call('GET', '/api/teams/north.town/roster')).body as { players: { id: string }[] };
    expect(roster.players.map((p) => p.id)).toEqual(['nt.gk', 'nt.def', 'nt.mid']);
    expect(await lastAudit()).toMatchObject({
      action: 'remove_from_roster',
      entity_id: 'nt.fwd',
      before: { team_id: 'north.town', number: 9 },
      after: { team_id: null },
    });
    // A saved squad alone is history too (nt.def appears only in m8's squad).
    expect(
      (await call('DELETE', '/api/teams/north.town/players/nt.def', { role: 'coach' })).body,
    ).toMatchObject({
      kept_for_history: true,
    });
    expect(
      (
        await call('POST', '/api/teams/north.town/players', {
          role: 'coach',
          json: { ...NEW_PLAYER, number: 9 },
        })
      ).status,
    ).toBe(201);
  });

  it('answers 404 for a player of another team, an unknown player, an unknown team, or one who already left', async () => {
    const before = await snapshot();
    expect(await call('DELETE', '/api/teams/north.town/players/sc.fwd', { role: 'coach' })).toMatchObject({
      status: 404,
      body: { detail: 'Player not found in this team' },
    });
    expect(await call('DELETE', '/api/teams/north.town/players/nobody', { role: 'coach' })).toMatchObject({
      status: 404,
      body: { detail: 'Player not found in this team' },
    });
    expect(await call('DELETE', '/api/teams/no.such.team/players/nt.fwd')).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
    expect(await snapshot()).toEqual(before);
    await call('DELETE', '/api/teams/north.town/players/nt.fwd');
    expect(await call('DELETE', '/api/teams/north.town/players/nt.fwd')).toMatchObject({
      status: 404,
      body: { detail: 'Player not found in this team' },
    });
  });
});

describe('PUT /api/player/update/{user_id}', () => {
  it("updates position, position_general (FWD → FW) and number for the team's coach", async () => {
    const res = await call('PUT', '/api/player/update/nt.mid', {
      role: 'coach',
      json: { position: 'Forward', position_general: 'FWD', number: '10' },
    });
    expect(res.status).toBe(200);
    expect(RosterPlayerSchema.parse(res.body)).toEqual({
      id: 'nt.mid',
      player_id: 'nt.mid',
      user_id: 'nt.mid',
      name: 'North Town Midfielder',
      number: 10,
      position: 'Forward',
      position_general: 'FW',
      photo_id: 'nt.mid.svg',
      bio: '',
      team_id: 'north.town',
      team_name: 'North Town',
    });
    expect(await playerRow('nt.mid')).toMatchObject({
      position: 'Forward',
      position_general: 'FW',
      number: 10,
    });
    expect(await lastAudit()).toMatchObject({
      user_id: 'u.coach',
      action: 'update',
      entity: 'player',
      entity_id: 'nt.mid',
      before: { position: 'Midfielder', position_general: 'MID', number: 8 },
      after: { position: 'Forward', position_general: 'FW', number: 10 },
    });
  });

  it('finds the player by linked account id and changes only what is sent', async () => {
    await updatePlayer(t.connection.db, 'nt.def', { user_id: 'u.player' });
    const res = await call('PUT', '/api/player/update/u.player', { role: 'coach', json: { number: 5 } });
    expect(res).toMatchObject({
      status: 200,
      body: { id: 'nt.def', user_id: 'u.player', number: 5, position: 'Defender', position_general: 'DEF' },
    });
    expect(
      await call('PUT', '/api/player/update/nt.def', { role: 'coach', json: { position_general: 'Other' } }),
    ).toMatchObject({ status: 200, body: { position: 'Defender', position_general: 'Other', number: 5 } });
    // With 'Other' stored, any position fits.
    expect(
      await call('PUT', '/api/player/update/nt.def', { role: 'coach', json: { position: 'Goalkeeper' } }),
    ).toMatchObject({ status: 200, body: { position: 'Goalkeeper', position_general: 'Other' } });
  });

  it('checks a lone position or position_general against the stored other one', async () => {
    const before = await snapshot();
    expect(await call('PUT', '/api/player/update/nt.mid', { json: { position: 'Defender' } })).toMatchObject({
      status: 400,
      body: {
        detail:
          "Invalid field 'position': a Defender's general position is DEF (or Other), but this player's is MID; change the general position too",
      },
    });
    expect(
      await call('PUT', '/api/player/update/nt.mid', { json: { position_general: 'GK' } }),
    ).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'position_general': must be MID (or Other) for a Midfielder" },
    });
    expect(
      await call('PUT', '/api/player/update/nt.mid', {
        json: { position: 'Defender', position_general: 'MID' },
      }),
    ).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'position_general': must be DEF (or Other) for a Defender" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a shirt number taken by a teammate, but keeps its own', async () => {
    const before = await snapshot();
    expect(
      await call('PUT', '/api/player/update/nt.mid', { role: 'coach', json: { number: 9 } }),
    ).toMatchObject({
      status: 409,
      body: { detail: 'Shirt number 9 is already taken in this team' },
    });
    expect(await snapshot()).toEqual(before);
    expect(
      await call('PUT', '/api/player/update/nt.mid', { role: 'coach', json: { number: '8' } }),
    ).toMatchObject({
      status: 200,
      body: { number: 8 },
    });
  });

  it.each([
    [{}, 'Nothing to update: send name, position, position_general, number or team_id'],
    [{ number: 100 }, "Invalid field 'number': must be a whole number from 0 to 99"],
    [{ number: 'ten' }, "Invalid field 'number': must be a whole number from 0 to 99"],
    [{ position: 'Keeper' }, "Invalid field 'position': must be one of"],
    [{ position_general: 'FWD ' }, "Invalid field 'position_general': must be one of"],
    [{ position: null }, "Invalid field 'position'"],
    [{ name: ' ' }, "Invalid field 'name': is required"],
    [{ number: 5, team_id: '' }, "Invalid field 'team_id'"],
    [{ number: 5, photo_id: 'x.png' }, "Unknown field: 'photo_id'"],
  ])('refuses %j with 400 and changes nothing', async (json, detail) => {
    const before = await snapshot();
    const res = await call('PUT', '/api/player/update/nt.mid', { role: 'coach', json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: expect.stringContaining(detail) });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown player and 409 for one not on a roster', async () => {
    await insertFormerPlayer(t.connection.db);
    expect(await call('PUT', '/api/player/update/nobody', { json: { number: 5 } })).toMatchObject({
      status: 404,
      body: { detail: 'Player not found' },
    });
    expect(await call('PUT', '/api/player/update/old.boy', { json: { number: 5 } })).toMatchObject({
      status: 409,
      body: { detail: 'This player is not on a roster' },
    });
  });
});

describe('authorisation, from the token only', () => {
  interface Case {
    name: string;
    method: 'POST' | 'PUT' | 'DELETE';
    path: string;
    json?: unknown;
    /** Expected status per role; roles not listed get 403, anonymous 401. */
    allowed: Partial<Record<Role, number>>;
  }
  const CASES: Case[] = [
    {
      name: 'POST /teams',
      method: 'POST',
      path: '/api/teams',
      json: { name: 'New Club', location: 'Newtown' },
      allowed: { superAdmin: 201 },
    },
    {
      name: 'DELETE /teams/empty.fc',
      method: 'DELETE',
      path: '/api/teams/empty.fc',
      allowed: { superAdmin: 200 },
    },
    {
      name: 'POST north.town player',
      method: 'POST',
      path: '/api/teams/north.town/players',
      json: NEW_PLAYER,
      allowed: { coach: 201, superAdmin: 201 },
    },
    {
      name: 'POST west.rangers player',
      method: 'POST',
      path: '/api/teams/west.rangers/players',
      json: NEW_PLAYER,
      allowed: { otherCoach: 201, superAdmin: 201 },
    },
    {
      name: 'DELETE north.town player',
      method: 'DELETE',
      path: '/api/teams/north.town/players/nt.fwd',
      allowed: { coach: 200, superAdmin: 200 },
    },
    {
      name: 'DELETE west.rangers player',
      method: 'DELETE',
      path: '/api/teams/west.rangers/players/wr.fwd',
      allowed: { otherCoach: 200, superAdmin: 200 },
    },
    {
      name: 'PUT north.town player',
      method: 'PUT',
      path: '/api/player/update/nt.mid',
      json: { number: 10 },
      allowed: { coach: 200, superAdmin: 200 },
    },
    {
      name: 'PUT west.rangers player',
      method: 'PUT',
      path: '/api/player/update/wr.mid',
      json: { number: 10 },
      allowed: { otherCoach: 200, superAdmin: 200 },
    },
  ];
  const rows = CASES.flatMap((c) =>
    ALL_ROLES.map((role) => ({ ...c, role, status: role === 'anonymous' ? 401 : (c.allowed[role] ?? 403) })),
  );

  it.each(rows)('$name as $role → $status', async ({ method, path, json, role, status }) => {
    await insertTeam(t.connection.db, { team_id: 'empty.fc', team_name: 'Empty FC' });
    const before = await snapshot();
    const res = await call(method, path, { role, json });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status >= 400) {
      expect(res.body).toEqual({ detail: expect.any(String) });
      if (role === 'anonymous') expect(res.body).toEqual({ detail: 'No authentication token found' });
      expect(await snapshot()).toEqual(before);
    } else {
      expect(await snapshot()).not.toEqual(before);
    }
  });

  it('refuses a team named in the body: only the path and the token decide', async () => {
    const res = await call('POST', '/api/teams/west.rangers/players', {
      role: 'coach',
      json: { ...NEW_PLAYER, team_id: 'north.town' },
    });
    expect(res.status).toBe(400);
    expect(
      (await call('POST', '/api/teams/west.rangers/players', { role: 'coach', json: NEW_PLAYER })).status,
    ).toBe(403);
  });

  it('refuses a token whose session has ended', async () => {
    const token = tokens.coach;
    await t.connection.db.updateTable('sessions').set({ revoked_at: NOW.toISOString() }).execute();
    const res = await call('POST', '/api/teams/north.town/players', { token, json: NEW_PLAYER });
    expect(res).toMatchObject({ status: 401, body: { detail: 'Session has ended; please sign in again' } });
  });
});

describe('Idempotency-Key', () => {
  const path = '/api/teams/north.town/players';

  it('replays the first answer to a repeat with the same key and writes once', async () => {
    const first = await call('POST', path, {
      role: 'coach',
      json: NEW_PLAYER,
      idempotencyKey: 'add-new-kid-1',
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const second = await call('POST', path, {
      role: 'coach',
      json: NEW_PLAYER,
      idempotencyKey: 'add-new-kid-1',
    });
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const rows = await t.connection.db
      .selectFrom('players')
      .select('id')
      .where('name', '=', 'New Kid')
      .execute();
    expect(rows).toEqual([{ id: 'new.kid' }]);
    const audits = await t.connection.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', 'new.kid')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('answers 422 to the same key with a different body, changing nothing', async () => {
    await call('POST', path, { role: 'coach', json: NEW_PLAYER, idempotencyKey: 'k-1' });
    const before = await snapshot();
    const res = await call('POST', path, {
      role: 'coach',
      json: { ...NEW_PLAYER, number: 24 },
      idempotencyKey: 'k-1',
    });
    expect(res).toMatchObject({
      status: 422,
      body: { detail: 'This Idempotency-Key was already used for a different request' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 to a repeat without a key (the number is taken by then)', async () => {
    expect((await call('POST', path, { role: 'coach', json: NEW_PLAYER })).status).toBe(201);
    expect(await call('POST', path, { role: 'coach', json: NEW_PLAYER })).toMatchObject({
      status: 409,
      body: { detail: 'Shirt number 23 is already taken in this team' },
    });
    expect(
      await t.connection.db.selectFrom('players').select('id').where('name', '=', 'New Kid').execute(),
    ).toHaveLength(1);
  });

  it('does not keep the key of a refused request, so a corrected retry may reuse it', async () => {
    const refused = await call('POST', path, {
      role: 'coach',
      json: { ...NEW_PLAYER, number: 9 },
      idempotencyKey: 'k-2',
    });
    expect(refused.status).toBe(409);
    const retried = await call('POST', path, { role: 'coach', json: NEW_PLAYER, idempotencyKey: 'k-2' });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('replays a team delete without deleting twice', async () => {
    await insertTeam(t.connection.db, { team_id: 'empty.fc', team_name: 'Empty FC' });
    const first = await call('DELETE', '/api/teams/empty.fc', { idempotencyKey: 'del-empty' });
    const second = await call('DELETE', '/api/teams/empty.fc', { idempotencyKey: 'del-empty' });
    expect(first).toMatchObject({ status: 200, body: { detail: 'Team deleted', team_id: 'empty.fc' } });
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await call('DELETE', '/api/teams/empty.fc')).status).toBe(404);
  });
});
