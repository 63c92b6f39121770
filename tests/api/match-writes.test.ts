/**
 * Staff writes on matches over the tiny league: the match-day squad, result reports,
 * approval and rejection, idempotent replays and who may do each. Every test runs on
 * a fresh database, and every refusal is checked to leave the tables as they were.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MatchDetailsSchema, MatchSchema, LeagueTableSchema, ReportAnswerSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, type Role, ALL_ROLES } from '../fixtures/auth';
import { NOW, updatePlayer } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { addExtraPlayers, M7_REPORT as M7_WR_REPORT } from './tiny-league';
import { standingRow, TINY_LEAGUE_TABLE, tinyTeam } from '../fixtures/tables';
import { sendRequest, type Answer } from '../fixtures/request';

const t = withFixture(() => makeTinyLeagueApp(), { perTest: true });
let tokens: Record<Role, string | null>;

beforeEach(async () => {
  tokens = await addRoleUsers(t.connection.db);
  // The tiny league has 4 players a team; squads need 7 to 18, and the count rule needs 19.
  await addExtraPlayers(
    t.connection.db,
    { id: 'north.town', name: 'North Town', prefix: 'nt' },
    15,
    'Midfielder',
  );
  await addExtraPlayers(
    t.connection.db,
    { id: 'west.rangers', name: 'West Rangers', prefix: 'wr' },
    3,
    'Defender',
  );
});

const ROLES = ALL_ROLES;
const NT_SQUAD = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.x1', 'nt.x2', 'nt.x3'];
const WR_SQUAD = ['wr.gk', 'wr.def', 'wr.mid', 'wr.fwd', 'wr.x1', 'wr.x2', 'wr.x3'];
const NOW_ISO = NOW.toISOString();

/** Sends JSON as a role; a string body goes as is. Content-Type is sent even without a body. */
function send(
  method: 'PUT' | 'POST',
  path: string,
  role: Role,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  return sendRequest(t.app, method, path, {
    token: tokens[role],
    ...(typeof body === 'string' ? { raw: body } : { json: body }),
    headers: { 'Content-Type': 'application/json', ...extraHeaders },
  });
}

const squadPath = (team: string, match: number | string) => `/api/teams/${team}/matches/${match}/roster`;
const putSquad = (role: Role, team: string, match: number | string, players: unknown) =>
  send('PUT', squadPath(team, match), role, { players });
const report = (role: Role, match: number | string, body: unknown, headers?: Record<string, string>) =>
  send('POST', `/api/matches/${match}/report`, role, body, headers);
const approve = (role: Role, match: number) => send('POST', `/api/matches/${match}/approve`, role);
const reject = (role: Role, match: number) => send('POST', `/api/matches/${match}/reject`, role);

function squadRows(matchId: number) {
  return t.connection.db
    .selectFrom('match_squads')
    .select(['team_id', 'player_id'])
    .where('match_id', '=', matchId)
    .orderBy('id')
    .execute();
}

/** Each team's saved squad, in selection order (the order of its rows' ids). */
async function squadsByTeam(matchId: number): Promise<Record<string, string[]>> {
  const squads: Record<string, string[]> = {};
  for (const row of await squadRows(matchId)) (squads[row.team_id] ??= []).push(row.player_id);
  return squads;
}

function eventRows(matchId: number) {
  return t.connection.db
    .selectFrom('match_events')
    .select(['team_id', 'player_id', 'kind'])
    .where('match_id', '=', matchId)
    .orderBy('id')
    .execute();
}

function matchRow(matchId: number) {
  return t.connection.db
    .selectFrom('matches')
    .selectAll()
    .where('id', '=', matchId)
    .executeTakeFirstOrThrow();
}

function auditRows() {
  return t.connection.db
    .selectFrom('audit_log')
    .select(['user_id', 'action', 'entity', 'entity_id', 'at'])
    .orderBy('id')
    .execute();
}

/** Every table a match write could touch. */
async function snapshot() {
  const db = t.connection.db;
  return {
    matches: await db.selectFrom('matches').selectAll().orderBy('id').execute(),
    events: await db.selectFrom('match_events').selectAll().orderBy('id').execute(),
    squads: await db.selectFrom('match_squads').selectAll().orderBy('id').execute(),
    audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    keys: await db.selectFrom('idempotency_keys').selectAll().orderBy('id').execute(),
  };
}

async function table() {
  const { body } = await t.get('/api/leagues/tl-26/table');
  return LeagueTableSchema.parse(body).standings;
}

/** A valid report for m7 (West Rangers 2-1 East United). */
const M7_REPORT = { ...M7_WR_REPORT, approved: 'TRUE' };

describe('PUT /api/teams/{team_id}/matches/{match_id}/roster', () => {
  it('saves the squad in the order given, answers it, and replaces only that team’s earlier selection', async () => {
    const m8 = t.matchIds.m8;
    const wr = await putSquad('otherCoach', 'west.rangers', m8, WR_SQUAD);
    expect(wr).toMatchObject({
      status: 200,
      body: { match_id: m8, team_id: 'west.rangers', players: WR_SQUAD },
    });

    const first = await putSquad('coach', 'north.town', m8, NT_SQUAD);
    expect(first.status).toBe(200);
    // Nobody in the squad has an account here: nobody is told.
    expect(first.body).toEqual({ match_id: m8, team_id: 'north.town', players: NT_SQUAD, told: 0 });
    expect(await squadsByTeam(m8)).toEqual({ 'west.rangers': WR_SQUAD, 'north.town': NT_SQUAD });

    const second = ['nt.x10', 'nt.x9', 'nt.x8', 'nt.x7', 'nt.x6', 'nt.x5', 'nt.x4', 'nt.gk'];
    expect((await putSquad('coach', 'north.town', m8, second)).body).toEqual({
      match_id: m8,
      team_id: 'north.town',
      players: second,
      told: 0,
    });
    expect(await squadsByTeam(m8)).toEqual({ 'west.rangers': WR_SQUAD, 'north.town': second });
    expect(await auditRows()).toEqual([
      { user_id: 'u.othercoach', action: 'match.squad', entity: 'match', entity_id: String(m8), at: NOW_ISO },
      { user_id: 'u.coach', action: 'match.squad', entity: 'match', entity_id: String(m8), at: NOW_ISO },
      { user_id: 'u.coach', action: 'match.squad', entity: 'match', entity_id: String(m8), at: NOW_ISO },
    ]);

    const details = await t.get(`/api/matches/${m8}`);
    expect(MatchDetailsSchema.parse(details.body)).toMatchObject({
      home_players: second,
      away_players: WR_SQUAD,
    });
  });

  it('keeps the rows a new squad shares from the start with the saved one, and keeps the order given', async () => {
    const m8 = t.matchIds.m8;
    const idsOf = async () =>
      t.connection.db
        .selectFrom('match_squads')
        .select(['id', 'player_id'])
        .where('match_id', '=', m8)
        .where('team_id', '=', 'north.town')
        .orderBy('id')
        .execute();
    expect((await putSquad('coach', 'north.town', m8, NT_SQUAD)).status).toBe(200);
    const first = await idsOf();
    const versions = async () =>
      (
        await t.connection.db
          .selectFrom('data_version')
          .select('version')
          .where('table_name', '=', 'match_squads')
          .executeTakeFirstOrThrow()
      ).version;
    // The same squad again: nothing is rewritten.
    const before = await versions();
    expect((await putSquad('coach', 'north.town', m8, NT_SQUAD)).status).toBe(200);
    expect(await idsOf()).toEqual(first);
    expect(await versions()).toBe(before);
    // Two players added at the end: the seven saved rows stay.
    const longer = [...NT_SQUAD, 'nt.x4', 'nt.x5'];
    expect((await putSquad('coach', 'north.town', m8, longer)).status).toBe(200);
    const grown = await idsOf();
    expect(grown.slice(0, 7)).toEqual(first);
    expect(grown.map((row) => row.player_id)).toEqual(longer);
    // The fourth player swapped and the last dropped: the first three stay, the rest follow in the new order.
    const swapped = ['nt.gk', 'nt.def', 'nt.mid', 'nt.x9', 'nt.x1', 'nt.x2', 'nt.x3', 'nt.x4'];
    expect((await putSquad('coach', 'north.town', m8, swapped)).status).toBe(200);
    const after = await idsOf();
    expect(after.slice(0, 3)).toEqual(first.slice(0, 3));
    expect(after.map((row) => row.player_id)).toEqual(swapped);
    expect((await t.get(`/api/matches/${m8}`)).body).toMatchObject({ home_players: swapped });
    // A whole new order: every row rewritten, in that order.
    const reversed = [...swapped].reverse();
    expect((await putSquad('coach', 'north.town', m8, reversed)).status).toBe(200);
    expect((await idsOf()).map((row) => row.player_id)).toEqual(reversed);
  });

  it('accepts exactly 18 players and lets a super admin save any team’s squad', async () => {
    const eighteen = [
      'nt.gk',
      'nt.def',
      'nt.mid',
      'nt.fwd',
      ...Array.from({ length: 14 }, (_, i) => `nt.x${i + 1}`),
    ];
    expect(await putSquad('superAdmin', 'north.town', t.matchIds.m5, eighteen)).toMatchObject({
      status: 200,
      body: { match_id: t.matchIds.m5, team_id: 'north.town', players: eighteen },
    });
    expect((await squadRows(t.matchIds.m5)).map((row) => row.player_id)).toEqual(eighteen);
    expect((await t.get(`/api/matches/${t.matchIds.m5}`)).body).toMatchObject({ home_players: eighteen });
  });

  it.each([
    ['an unknown team', () => squadPath('ghost.fc', t.matchIds.m8), 'Team not found'],
    ['an unknown match', () => squadPath('north.town', 999999), 'Match not found for this team'],
    [
      'a match the team does not play',
      () => squadPath('north.town', t.matchIds.m9),
      'Match not found for this team',
    ],
  ])('answers 404 for %s', async (_name, path, detail) => {
    const before = await snapshot();
    const response = await send('PUT', path(), 'superAdmin', { players: NT_SQUAD });
    expect(response).toMatchObject({ status: 404, body: { detail } });
    expect(await snapshot()).toEqual(before);
  });

  const rejected: [string, unknown, string][] = [
    [
      'a repeated player',
      { players: [...NT_SQUAD, 'nt.gk'] },
      'Each player may be selected once (repeated: nt.gk)',
    ],
    ['six players', { players: NT_SQUAD.slice(0, 6) }, 'Select between 7 and 18 players (you selected 6)'],
    ['no players', { players: [] }, 'Select between 7 and 18 players (you selected 0)'],
    [
      'nineteen players',
      {
        players: [
          'nt.gk',
          'nt.def',
          'nt.mid',
          'nt.fwd',
          ...Array.from({ length: 15 }, (_, i) => `nt.x${i + 1}`),
        ],
      },
      'Select between 7 and 18 players (you selected 19)',
    ],
    [
      'players from elsewhere',
      { players: [...NT_SQUAD.slice(0, 5), 'sc.fwd', 'ghost.player'] },
      'Not on the North Town roster: sc.fwd, ghost.player',
    ],
    ['a missing list', {}, "Invalid field 'players': must be a list of player ids"],
    ['a list of numbers', { players: [1, 2, 3, 4, 5, 6, 7] }, "Invalid field 'players.0': must be text"],
    ['an empty id', { players: [...NT_SQUAD.slice(0, 6), ''] }, "Invalid field 'players.6': is required"],
    ['an unknown field', { players: NT_SQUAD, captain: 'nt.fwd' }, "Unknown field: 'captain'"],
  ];
  it.each(rejected)('answers 400 for %s and changes nothing', async (_name, body, detail) => {
    const before = await snapshot();
    const response = await send('PUT', squadPath('north.town', t.matchIds.m8), 'coach', body);
    expect(response).toMatchObject({ status: 400, body: { detail } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a match id that is not a number', async () => {
    expect(await putSquad('coach', 'north.town', 'm8', NT_SQUAD)).toMatchObject({
      status: 400,
      body: { detail: "Invalid path parameter 'match_id': must be a positive whole number" },
    });
  });

  it('answers 409 once the match has an approved result', async () => {
    const before = await snapshot();
    expect(await putSquad('coach', 'north.town', t.matchIds.m1, NT_SQUAD)).toMatchObject({
      status: 409,
      body: { detail: 'This match already has an approved result; its squad can no longer change' },
    });
    expect(await putSquad('superAdmin', 'north.town', t.matchIds.m1, NT_SQUAD)).toMatchObject({
      status: 409,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for a player the opponent already selected for this match (he changed clubs since)', async () => {
    const m8 = t.matchIds.m8;
    expect((await putSquad('otherCoach', 'west.rangers', m8, WR_SQUAD)).status).toBe(200);
    await updatePlayer(t.connection.db, 'wr.x1', { team_id: 'north.town', number: 40 });
    const before = await snapshot();
    expect(await putSquad('coach', 'north.town', m8, [...NT_SQUAD.slice(0, 6), 'wr.x1'])).toMatchObject({
      status: 409,
      body: { detail: 'Already selected by the opponent for this match: wr.x1' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the other team's coach with 403", async () => {
    const before = await snapshot();
    expect(await putSquad('otherCoach', 'north.town', t.matchIds.m8, NT_SQUAD)).toMatchObject({
      status: 403,
      body: { detail: "Only this team's coach or owner, or an admin of its league, may do this" },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/matches/{id}/report', () => {
  it('stores a PENDING report with the events exactly as sent, which counts nowhere yet', async () => {
    const m7 = t.matchIds.m7;
    const response = await report('otherCoach', m7, M7_REPORT);
    expect(response.status).toBe(200);
    expect(ReportAnswerSchema.parse(response.body)).toEqual({
      outcome: 'pending',
      id: m7,
      match_id: m7,
      date: '2026-06-14T14:00:00.000Z',
      match_date: '2026-06-14T14:00:00.000Z',
      season: '2026',
      league_id: 'tl-26',
      location: 'west.rangers ground',
      home_team: 'west.rangers',
      away_team: 'east.united',
      home_team_name: 'West Rangers',
      away_team_name: 'East United',
      home_team_logo: 'west.rangers.svg',
      away_team_logo: 'east.united.svg',
      home_score: 2,
      away_score: 1,
      // the body said TRUE: the server decides, and a report is always PENDING
      approved: 'PENDING',
      reported_by_team: 'west.rangers',
      reported_at: NOW_ISO,
      reviewed_at: null,
      status: 'scheduled',
      goalscorers: ['wr.fwd', 'eu.fwd', 'wr.fwd'],
      own_goals: [],
      assisters: ['wr.mid', 'eu.mid'],
      yellow_cards: ['eu.def', 'wr.mid', 'eu.def'],
      red_cards: ['wr.def'],
      goalkeepers: ['wr.gk', 'eu.gk'],
      home_players: ['wr.gk', 'wr.def', 'wr.mid', 'wr.fwd', 'wr.x1', 'wr.x2', 'wr.x3'],
      away_players: ['eu.gk', 'eu.def', 'eu.mid', 'eu.fwd'],
    });
    expect(await eventRows(m7)).toEqual([
      { team_id: 'west.rangers', player_id: 'wr.fwd', kind: 'goal' },
      { team_id: 'east.united', player_id: 'eu.fwd', kind: 'goal' },
      { team_id: 'west.rangers', player_id: 'wr.fwd', kind: 'goal' },
      { team_id: 'west.rangers', player_id: 'wr.mid', kind: 'assist' },
      { team_id: 'east.united', player_id: 'eu.mid', kind: 'assist' },
      { team_id: 'west.rangers', player_id: 'wr.gk', kind: 'goalkeeper' },
      { team_id: 'east.united', player_id: 'eu.gk', kind: 'goalkeeper' },
    ]);
    expect(await matchRow(m7)).toMatchObject({
      home_score: 2,
      away_score: 1,
      approved: 'PENDING',
      reported_by_team: 'west.rangers',
      reported_by_user: 'u.othercoach',
      reported_at: NOW_ISO,
      reviewed_by_user: null,
      reviewed_at: null,
      updated_at: NOW_ISO,
    });
    expect(await auditRows()).toEqual([
      {
        user_id: 'u.othercoach',
        action: 'match.report',
        entity: 'match',
        entity_id: String(m7),
        at: NOW_ISO,
      },
    ]);
    expect(await table()).toEqual(TINY_LEAGUE_TABLE);
    // The match page reads what the report answered, with the listed players' names.
    const { outcome: _outcome, ...answered } = response.body as { outcome: string };
    expect((await t.get(`/api/matches/${m7}`)).body).toEqual({
      ...answered,
      player_names: expect.objectContaining({
        'wr.fwd': 'West Rangers Forward',
        'eu.gk': 'East United Keeper',
      }),
    });
  });

  it('replaces the same team’s pending report, events and all', async () => {
    const m7 = t.matchIds.m7;
    expect((await report('otherCoach', m7, M7_REPORT)).status).toBe(200);
    const second = await report('otherCoach', m7, {
      home_score: 1,
      away_score: 0,
      goalscorers: ['wr.x1'],
      assisters: [],
      goalkeepers: ['wr.gk'],
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      home_score: 1,
      away_score: 0,
      approved: 'PENDING',
      goalscorers: ['wr.x1'],
      assisters: [],
      goalkeepers: ['wr.gk'],
    });
    expect(await eventRows(m7)).toEqual([
      { team_id: 'west.rangers', player_id: 'wr.x1', kind: 'goal' },
      { team_id: 'west.rangers', player_id: 'wr.gk', kind: 'goalkeeper' },
    ]);
    // The audit log keeps what each report replaced: the first one's result, then the second's.
    const entries = await t.connection.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .orderBy('id')
      .execute();
    const first = {
      home_score: 2,
      away_score: 1,
      approved: 'PENDING',
      reported_by_team: 'west.rangers',
      reviewed_at: null,
      goalscorers: ['wr.fwd', 'eu.fwd', 'wr.fwd'],
      own_goals: [],
      assisters: ['wr.mid', 'eu.mid'],
      goalkeepers: ['wr.gk', 'eu.gk'],
      yellow_cards: ['eu.def', 'wr.mid', 'eu.def'],
      red_cards: ['wr.def'],
    };
    expect(entries.map((entry) => entry.action)).toEqual(['match.report', 'match.report']);
    expect(JSON.parse(entries[0]?.after ?? 'null')).toEqual(first);
    expect(JSON.parse(entries[1]?.before ?? 'null')).toEqual(first);
    expect(JSON.parse(entries[1]?.after ?? 'null')).toEqual({
      ...first,
      home_score: 1,
      away_score: 0,
      goalscorers: ['wr.x1'],
      assisters: [],
      goalkeepers: ['wr.gk'],
      yellow_cards: [],
      red_cards: [],
    });
  });

  it("never overwrites the opponent's pending report: a differing one is kept beside it", async () => {
    const m7 = t.matchIds.m7;
    expect((await report('otherCoach', m7, M7_REPORT)).status).toBe(200);
    const before = await matchRow(m7);
    const events = await eventRows(m7);
    const answer = await report('opponentOwner', m7, { ...M7_REPORT, home_score: 3 });
    expect(answer).toMatchObject({
      status: 200,
      body: { outcome: 'differs', differences: ['home_score'], approved: 'PENDING', home_score: 2 },
    });
    expect(await matchRow(m7)).toEqual(before);
    expect(await eventRows(m7)).toEqual(events);
  });

  it('lets the reporting team correct its own pending report (m5 by East United)', async () => {
    const response = await report('opponentOwner', t.matchIds.m5, {
      home_score: 3,
      away_score: 1,
      goalscorers: ['nt.fwd', 'nt.fwd', 'nt.fwd', 'eu.def'],
      assisters: ['eu.mid'],
      goalkeepers: ['nt.gk', 'eu.gk'],
    });
    expect(response).toMatchObject({
      status: 200,
      body: { home_score: 3, away_score: 1, approved: 'PENDING', reported_by_team: 'east.united' },
    });
    expect(await eventRows(t.matchIds.m5)).toHaveLength(7);
  });

  it('answers 409 for a match that has not kicked off', async () => {
    const before = await snapshot();
    for (const role of ['coach', 'superAdmin'] as const) {
      expect(
        await report(role, t.matchIds.m8, {
          home_score: 0,
          away_score: 0,
          goalscorers: [],
          assisters: [],
          goalkeepers: [],
        }),
      ).toMatchObject({ status: 409, body: { detail: 'This match has not been played yet' } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 for an approved result, except to a super admin, whose report makes it PENDING again', async () => {
    const m1 = t.matchIds.m1;
    const corrected = {
      home_score: 2,
      away_score: 2,
      goalscorers: ['nt.fwd', 'nt.fwd', 'sc.fwd', 'sc.fwd'],
      assisters: [],
      goalkeepers: ['nt.gk', 'sc.gk'],
    };
    const before = await snapshot();
    expect(await report('coach', m1, corrected)).toMatchObject({
      status: 409,
      body: { detail: 'This match already has an approved result' },
    });
    expect(await snapshot()).toEqual(before);

    const response = await report('superAdmin', m1, corrected);
    expect(response).toMatchObject({
      status: 200,
      body: { home_score: 2, away_score: 2, approved: 'PENDING', reported_by_team: null, reviewed_at: null },
    });
    expect(await matchRow(m1)).toMatchObject({ reported_by_user: 'u.superadmin', reported_by_team: null });
    // No longer approved, so m1 (North Town 2-1 South City) leaves the table until it is reviewed again.
    expect(await table()).toEqual([
      standingRow(1, tinyTeam('south.city', 'South City'), [1, 1, 0, 0, 3, 0, 3, 3]),
      standingRow(2, tinyTeam('west.rangers', 'West Rangers'), [2, 0, 2, 0, 1, 1, 0, 2]),
      standingRow(3, tinyTeam('north.town', 'North Town'), [1, 0, 1, 0, 1, 1, 0, 1]),
      standingRow(4, tinyTeam('east.united', 'East United'), [2, 0, 1, 1, 0, 3, -3, 1]),
    ]);
    // Either team may review a super admin's report.
    expect(await approve('coach', m1)).toMatchObject({ status: 200, body: { approved: 'TRUE' } });
  });

  it('counts a player for the side of the saved squad, even after a transfer', async () => {
    const m7 = t.matchIds.m7;
    expect((await putSquad('otherCoach', 'west.rangers', m7, WR_SQUAD)).status).toBe(200);
    await updatePlayer(t.connection.db, 'wr.x1', { team_id: 'east.united', number: 40 });
    const response = await report('opponentOwner', m7, {
      home_score: 1,
      away_score: 0,
      goalscorers: ['wr.x1'],
      assisters: [],
      goalkeepers: ['eu.gk'],
    });
    expect(response.status).toBe(200);
    expect(await eventRows(m7)).toEqual([
      { team_id: 'west.rangers', player_id: 'wr.x1', kind: 'goal' },
      { team_id: 'east.united', player_id: 'eu.gk', kind: 'goalkeeper' },
    ]);
  });

  const base = { home_score: 2, away_score: 1, goalscorers: [], assisters: [], goalkeepers: [] };
  const invalid: [string, unknown, string][] = [
    [
      'a fractional score',
      { ...base, home_score: 1.5 },
      "Invalid field 'home_score': must be a whole number from 0 to 99",
    ],
    [
      'a negative score',
      { ...base, away_score: -1 },
      "Invalid field 'away_score': must be a whole number from 0 to 99",
    ],
    [
      'a score over 99',
      { ...base, home_score: 100 },
      "Invalid field 'home_score': must be a whole number from 0 to 99",
    ],
    [
      'a score as text',
      { ...base, home_score: '2' },
      "Invalid field 'home_score': must be a whole number from 0 to 99",
    ],
    ['a missing score', { away_score: 0 }, "Invalid field 'home_score': is required"],
    [
      'a list as text',
      { ...base, goalscorers: 'wr.fwd' },
      "Invalid field 'goalscorers': must be a list of player ids",
    ],
    [
      'over 100 entries',
      { ...base, assisters: Array.from({ length: 101 }, () => 'wr.mid') },
      "Invalid field 'assisters': must list at most 100 entries",
    ],
    ['an unknown field', { ...base, notes: 'windy' }, "Unknown field: 'notes'"],
    [
      'an unknown player',
      { ...base, goalscorers: ['ghost.player'] },
      'Unknown player for this match: ghost.player',
    ],
    ['a player of another team', { ...base, goalkeepers: ['nt.gk'] }, 'Unknown player for this match: nt.gk'],
    [
      'more home goals credited than scored',
      { ...base, home_score: 1, goalscorers: ['wr.fwd', 'wr.fwd'] },
      'West Rangers is credited with 2 goals but scored 1',
    ],
    [
      'an away goal credited at 0',
      { ...base, away_score: 0, goalscorers: ['eu.fwd'] },
      'East United is credited with 1 goal but scored 0',
    ],
    [
      'more assists than credited goals',
      { ...base, goalscorers: ['wr.fwd'], assisters: ['wr.mid', 'wr.def'] },
      'West Rangers is credited with 2 assists but only 1 goal by its players',
    ],
    [
      'an assist without a credited goal',
      { ...base, assisters: ['eu.mid'] },
      'East United is credited with 1 assist but only 0 goals by its players',
    ],
    [
      'a goalkeeper twice',
      { ...base, goalkeepers: ['wr.gk', 'eu.gk', 'wr.gk'] },
      'Goalkeeper listed more than once: wr.gk',
    ],
    [
      'three goalkeepers for one team',
      { ...base, goalkeepers: ['wr.gk', 'wr.def', 'eu.gk', 'wr.x1'] },
      'West Rangers lists 3 goalkeepers; at most 2 per team',
    ],
    ['malformed JSON', '{"home_score": 2,', 'Malformed JSON in request body'],
  ];
  it.each(invalid)('answers 400 for %s and changes nothing', async (_name, body, detail) => {
    const before = await snapshot();
    expect(await report('otherCoach', t.matchIds.m7, body)).toMatchObject({ status: 400, body: { detail } });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown match and 400 for a bad id', async () => {
    expect(await report('superAdmin', 999999, M7_REPORT)).toMatchObject({
      status: 404,
      body: { detail: 'Match not found' },
    });
    expect(await report('superAdmin', 'abc', M7_REPORT)).toMatchObject({
      status: 400,
      body: { detail: "Invalid path parameter 'id': must be a positive whole number" },
    });
  });

  it('accepts any value for approved, and ignores it', async () => {
    for (const approved of [null, 'FALSE', { nested: true }, 7]) {
      const response = await report('otherCoach', t.matchIds.m7, { ...M7_REPORT, approved });
      expect(response).toMatchObject({ status: 200, body: { approved: 'PENDING' } });
    }
  });

  it('is atomic: a report with invalid events leaves the match exactly as it was', async () => {
    const m5 = t.matchIds.m5;
    const row = await matchRow(m5);
    const events = await eventRows(m5);
    const before = await snapshot();
    // East United corrects its own pending report, but one listed player is unknown.
    const response = await report('opponentOwner', m5, {
      home_score: 1,
      away_score: 1,
      goalscorers: ['nt.fwd', 'eu.fwd'],
      assisters: [],
      goalkeepers: ['nt.gk', 'nobody'],
    });
    expect(response).toMatchObject({
      status: 400,
      body: { detail: 'Unknown player for this match: nobody' },
    });
    expect(await matchRow(m5)).toEqual(row);
    expect(row).toMatchObject({
      home_score: 4,
      away_score: 0,
      approved: 'PENDING',
      reported_by_team: 'east.united',
    });
    expect(await eventRows(m5)).toEqual(events);
    expect(events).toHaveLength(6);
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/matches/{id}/approve and /reject', () => {
  it('lets North Town approve the 4-0 East United reported, which then counts in the table', async () => {
    const m5 = t.matchIds.m5;
    const response = await approve('coach', m5);
    expect(response.status).toBe(200);
    expect(MatchSchema.parse(response.body)).toMatchObject({
      id: m5,
      home_score: 4,
      away_score: 0,
      approved: 'TRUE',
      reported_by_team: 'east.united',
      reviewed_at: NOW_ISO,
      goalscorers: ['nt.fwd', 'nt.fwd', 'nt.fwd', 'nt.fwd'],
      goalkeepers: ['nt.gk', 'eu.gk'],
    });
    expect(await matchRow(m5)).toMatchObject({
      approved: 'TRUE',
      reviewed_by_user: 'u.coach',
      reviewed_at: NOW_ISO,
      updated_at: NOW_ISO,
    });
    expect(await auditRows()).toEqual([
      { user_id: 'u.coach', action: 'match.approve', entity: 'match', entity_id: String(m5), at: NOW_ISO },
    ]);
    // North Town: P2 W1 D1 GF3 GA2 4 pts + a 4-0 win = P3 W2 D1 L0 GF7 GA2 GD+5, 7 pts.
    // East United: P2 D1 L1 GF0 GA3 1 pt + a 0-4 loss = P3 W0 D1 L2 GF0 GA7 GD-7, 1 pt.
    expect(await table()).toEqual([
      standingRow(1, tinyTeam('north.town', 'North Town'), [3, 2, 1, 0, 7, 2, 5, 7]),
      TINY_LEAGUE_TABLE[1],
      TINY_LEAGUE_TABLE[2],
      standingRow(4, tinyTeam('east.united', 'East United'), [3, 0, 1, 2, 0, 7, -7, 1]),
    ]);
  });

  it('refuses the reporting team with 403, whichever action', async () => {
    const before = await snapshot();
    for (const action of [approve, reject]) {
      expect(await action('opponentOwner', t.matchIds.m5)).toMatchObject({
        status: 403,
        body: { detail: 'A team cannot review its own report' },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 409 unless the result is pending', async () => {
    const before = await snapshot();
    const m = t.matchIds;
    for (const match of [m.m1, m.m6, m.m7, m.m8]) {
      expect(await approve('superAdmin', match)).toMatchObject({
        status: 409,
        body: { detail: 'Only a pending result can be approved' },
      });
      expect(await reject('superAdmin', match)).toMatchObject({
        status: 409,
        body: { detail: 'Only a pending result can be rejected' },
      });
    }
    // North Town reported m1 itself, yet the state is what is wrong with the request.
    expect(await approve('coach', m.m1)).toMatchObject({ status: 409 });
    expect(await snapshot()).toEqual(before);
  });

  it('rejects: FALSE, the record kept but counted nowhere, and a new report is then accepted', async () => {
    const m5 = t.matchIds.m5;
    const eventsBefore = await eventRows(m5);
    const rejected = await reject('coach', m5);
    expect(rejected).toMatchObject({
      status: 200,
      body: { approved: 'FALSE', home_score: 4, away_score: 0, reviewed_at: NOW_ISO },
    });
    expect(await matchRow(m5)).toMatchObject({
      approved: 'FALSE',
      reviewed_by_user: 'u.coach',
      home_score: 4,
    });
    expect(await eventRows(m5)).toEqual(eventsBefore);
    expect(await table()).toEqual(TINY_LEAGUE_TABLE);

    const fresh = await report('coach', m5, {
      home_score: 1,
      away_score: 1,
      goalscorers: ['nt.mid', 'eu.fwd'],
      assisters: ['nt.x1'],
      goalkeepers: ['nt.gk', 'eu.gk'],
    });
    expect(fresh).toMatchObject({
      status: 200,
      body: { approved: 'PENDING', reported_by_team: 'north.town', reviewed_at: null, home_score: 1 },
    });
    expect(await matchRow(m5)).toMatchObject({ reviewed_by_user: null, reported_by_user: 'u.coach' });
    // Now East United reviews North Town's report.
    expect(await approve('coach', m5)).toMatchObject({ status: 403 });
    expect(await approve('opponentOwner', m5)).toMatchObject({ status: 200, body: { approved: 'TRUE' } });
  });

  it('lets a super admin approve and reject', async () => {
    expect(await approve('superAdmin', t.matchIds.m5)).toMatchObject({
      status: 200,
      body: { approved: 'TRUE' },
    });
    expect(await matchRow(t.matchIds.m5)).toMatchObject({ reviewed_by_user: 'u.superadmin' });
    expect((await report('otherCoach', t.matchIds.m7, M7_REPORT)).status).toBe(200);
    expect(await reject('superAdmin', t.matchIds.m7)).toMatchObject({
      status: 200,
      body: { approved: 'FALSE' },
    });
  });

  it.each([
    ['no body', undefined],
    ['an empty body', ''],
    ['{}', {}],
  ])('needs no body (%s)', async (_name, body) => {
    const response = await send('POST', `/api/matches/${t.matchIds.m5}/approve`, 'coach', body);
    expect(response).toMatchObject({ status: 200, body: { approved: 'TRUE' } });
  });

  it('answers 404 for an unknown match', async () => {
    expect(await approve('superAdmin', 999999)).toMatchObject({
      status: 404,
      body: { detail: 'Match not found' },
    });
    expect(await reject('superAdmin', 999999)).toMatchObject({
      status: 404,
      body: { detail: 'Match not found' },
    });
  });
});

describe('Idempotency-Key on a report', () => {
  it('replays the first answer for the same key and body, and stores the events once', async () => {
    const key = { 'Idempotency-Key': 'report-m7-1' };
    const first = await report('otherCoach', t.matchIds.m7, M7_REPORT, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const second = await report('otherCoach', t.matchIds.m7, M7_REPORT, key);
    expect(second.status).toBe(200);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(await eventRows(t.matchIds.m7)).toHaveLength(7);
    expect(await auditRows()).toHaveLength(1);
  });

  it('answers 422 for the same key with a different body', async () => {
    const key = { 'Idempotency-Key': 'report-m7-2' };
    expect((await report('otherCoach', t.matchIds.m7, M7_REPORT, key)).status).toBe(200);
    const before = await snapshot();
    expect(await report('otherCoach', t.matchIds.m7, { ...M7_REPORT, home_score: 3 }, key)).toMatchObject({
      status: 422,
      body: { detail: 'This Idempotency-Key was already used for a different request' },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may write', () => {
  type Ids = typeof t.matchIds;
  interface Endpoint {
    name: string;
    call: (role: Role, m: Ids) => Promise<Answer>;
    /** Roles that succeed; every other signed-in role gets 403, anonymous 401. */
    allowed: Role[];
  }
  const endpoints: Endpoint[] = [
    {
      name: 'save squad',
      call: (role, m) => putSquad(role, 'north.town', m.m8, NT_SQUAD),
      allowed: ['coach', 'superAdmin'],
    },
    {
      name: 'report',
      call: (role, m) => report(role, m.m7, M7_REPORT),
      allowed: ['otherCoach', 'opponentOwner', 'superAdmin'],
    },
    { name: 'approve', call: (role, m) => approve(role, m.m5), allowed: ['coach', 'superAdmin'] },
    { name: 'reject', call: (role, m) => reject(role, m.m5), allowed: ['coach', 'superAdmin'] },
  ];
  const rows = endpoints.flatMap((endpoint) => ROLES.map((role) => [endpoint.name, role, endpoint] as const));

  it.each(rows)('%s as %s', async (_name, role, endpoint) => {
    const before = await snapshot();
    const response = await endpoint.call(role, t.matchIds);
    if (endpoint.allowed.includes(role)) {
      expect(response.status).toBe(200);
      expect(await snapshot()).not.toEqual(before);
      return;
    }
    if (role === 'anonymous') {
      expect(response).toMatchObject({ status: 401, body: { detail: 'No authentication token found' } });
    } else {
      expect(response).toMatchObject({ status: 403, body: { detail: expect.any(String) } });
    }
    expect(await snapshot()).toEqual(before);
  });
});
