/**
 * The super admin's table editor gives the same answers on PostgreSQL as on SQLite:
 * one list of requests runs on the tiny league in both engines and every answer
 * (status, body, the headers that matter) is compared. Each case that may write gets
 * fresh databases (on PostgreSQL a copy of a template database built once), and a
 * refused request must leave every table and the schema as they were on both engines.
 *
 * The few answers that differ by design (PostgreSQL's integer is 32-bit where SQLite's
 * is 64-bit; PostgreSQL refuses a NUL in text) are listed at the end with both answers.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { createApp } from '../../api/app';
import { MIGRATIONS_TABLE, openAndMigrate, openStore, type Connection, type DB } from '../../db/connection';
import type { Engine } from '../../db/engine';
import { describeTable, listTables, sqliteSpelling } from '../../db/introspect';
import { appOver } from '../fixtures/app';
import { addRoleUsers, PASSWORD, type Role } from '../fixtures/auth';
import { tableChecksums, type Checksums } from '../fixtures/checksum';
import { buildTinyLeague, NOW } from '../fixtures/factory';
import { postgresAvailable, startPostgres, type PostgresServer } from '../fixtures/postgres-server';
import { EDITOR_NEW_MATCH, EDITOR_NEW_PLAYER, EDITOR_TABLES } from '../fixtures/tables';
import { sendRequest } from '../fixtures/request';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Step {
  method: Method;
  path: string;
  body?: unknown;
  /** A body sent as is (malformed JSON, a prototype key). */
  raw?: string;
  headers?: Record<string, string>;
  /** Whose token (default the super admin's); null for none. */
  as?: Role | null;
}

interface Answer {
  status: number;
  body: unknown;
  replayed: string | null;
  cacheControl: string | null;
}

interface EngineApp {
  engine: Engine;
  connection: Connection;
  app: ReturnType<typeof createApp>;
  tokens: Record<Role, string | null>;
  matchIds: Record<string, number>;
  close(): Promise<void>;
}

// ---- the two engines ----

let server: PostgresServer | null = null;
let admin: pg.Client | null = null;
const TEMPLATE = 'admin_tables_template';
let pgTokens: Record<Role, string | null> | null = null;
let pgMatchIds: Record<string, number> | null = null;
let databases = 0;

function postgresServer(): PostgresServer {
  if (!server) throw new Error('PostgreSQL is not started');
  return server;
}

async function adminQuery(text: string): Promise<void> {
  if (!admin) throw new Error('PostgreSQL is not started');
  await admin.query(text);
}

/** The app on the tiny league's clock; close() closes the connection and removes the images directory. */
const appOn = (connection: Connection) => appOver(connection, { now: () => NOW });

async function openSqlite(): Promise<EngineApp> {
  const connection = await openAndMigrate(':memory:');
  const { app, close } = appOn(connection);
  const { matchIds } = await buildTinyLeague(connection.db);
  const tokens = await addRoleUsers(connection.db);
  return { engine: 'sqlite', connection, app, tokens, matchIds, close };
}

/** A fresh database copied from the template (migrated, the tiny league, a user per role). */
async function openPostgresCopy(): Promise<EngineApp> {
  if (!pgTokens || !pgMatchIds) throw new Error('The template database is not built');
  databases += 1;
  const name = `admin_tables_${databases}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const connection = await openStore({ databaseUrl: postgresServer().urlOf(name), file: '' });
  const { app, close } = appOn(connection);
  return {
    engine: 'postgres',
    connection,
    app,
    tokens: pgTokens,
    matchIds: pgMatchIds,
    async close() {
      await close();
      await adminQuery(`DROP DATABASE ${name}`);
    },
  };
}

/** Starts the server and builds the template before the tests of the block; stops it after. */
function usePostgres() {
  beforeAll(async () => {
    server = await startPostgres();
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await adminQuery(`CREATE DATABASE ${TEMPLATE}`);
    const connection = await openStore({ databaseUrl: server.urlOf(TEMPLATE), file: '' });
    try {
      pgMatchIds = (await buildTinyLeague(connection.db)).matchIds;
      pgTokens = await addRoleUsers(connection.db);
    } finally {
      // A template database can only be copied while nobody is connected to it.
      await connection.close();
    }
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    admin = null;
    server?.stop();
    server = null;
  });
}

// ---- requests and answers ----

async function request(t: EngineApp, step: Step): Promise<Answer> {
  const answer = await sendRequest(t.app, step.method, step.path, {
    token: step.as === undefined ? t.tokens.superAdmin : step.as === null ? null : t.tokens[step.as],
    json: step.body,
    raw: step.raw,
    headers: step.headers,
  });
  return {
    status: answer.status,
    body: normalise(answer.body),
    replayed: answer.headers.get('Idempotent-Replayed'),
    cacheControl: answer.headers.get('Cache-Control'),
  };
}

const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Columns filled by a DEFAULT (created_at, updated_at, the audit log's `at`) hold the
 * real clock, which differs between the two runs: a timestamp within a day of now reads
 * as '<now>', also inside the audit log's JSON. The tiny league's own dates are months away.
 */
function normalise(value: unknown): unknown {
  const text = JSON.stringify(value).replace(TIMESTAMP, (stamp) =>
    Math.abs(Date.parse(stamp) - Date.now()) < DAY_MS ? '<now>' : stamp,
  );
  return JSON.parse(text) as unknown;
}

/** Every table's rows and the schema, from the engine's own catalogue (tests/fixtures/checksum.ts). */
function snapshot(t: EngineApp): Promise<Checksums> {
  return tableChecksums(t.connection);
}

/** Steps may name a tiny-league match by its key in matchIds (`{m8}`), which is the same on both engines. */
function resolve(step: Step, t: EngineApp): Step {
  const fill = (text: string) => text.replace(/\{(m\d+)\}/g, (_, id: string) => String(t.matchIds[id]));
  return {
    ...step,
    path: fill(step.path),
    ...(step.body !== undefined && { body: JSON.parse(fill(JSON.stringify(step.body))) as unknown }),
  };
}

interface Case {
  name: string;
  steps: Step[];
  /** The statuses both engines must answer (so that two equal 500s never pass). */
  statuses: number[];
  /** Rows added through the query builder first, the same on both engines. */
  setup?: (db: DB) => Promise<void>;
  /** Every step is refused: every table and the schema must be as before. */
  refused?: boolean;
}

async function answersOf(t: EngineApp, testCase: Case): Promise<Answer[]> {
  await testCase.setup?.(t.connection.db);
  const before = testCase.refused ? await snapshot(t) : null;
  const answers: Answer[] = [];
  for (const step of testCase.steps) answers.push(await request(t, resolve(step, t)));
  if (before) expect(await snapshot(t), `${t.engine}: a refused request changed something`).toEqual(before);
  return answers;
}

/** Runs a case on fresh databases of both engines; returns both engines' answers. */
async function onBoth(testCase: Case): Promise<{ sqlite: Answer[]; postgres: Answer[] }> {
  const lite = await openSqlite();
  const postgres = await openPostgresCopy();
  try {
    return { sqlite: await answersOf(lite, testCase), postgres: await answersOf(postgres, testCase) };
  } finally {
    await lite.close();
    await postgres.close();
  }
}

function expectSameAnswers(testCase: Case, answers: { sqlite: Answer[]; postgres: Answer[] }) {
  expect(
    answers.sqlite.map((answer) => answer.status),
    `SQLite: ${JSON.stringify(answers.sqlite.map((answer) => answer.body))}`,
  ).toEqual(testCase.statuses);
  for (const [index, step] of testCase.steps.entries()) {
    expect(answers.postgres[index], `${step.method} ${step.path}`).toEqual(answers.sqlite[index]);
  }
}

// ---- the cases ----

const LISTED = EDITOR_TABLES;

const CRAFTED_TABLES = [
  'users; DROP TABLE users',
  'x" OR 1=1 --',
  'teams"; DROP TABLE teams; --',
  'sqlite_master',
  'pg_class',
  'pg_catalog.pg_class',
  'information_schema.tables',
  'public.users',
  'sessions',
  'SESSIONS',
  'idempotency_keys',
  'schema_migrations',
  'data_version',
  'match_revision',
  'search_names',
  'login_attempts',
  'app_settings',
  'push_subscriptions',
  'overdue_notices',
  'USERS',
  'Users',
  ' users',
  'users ',
  '"users"',
  'users--',
  `users${'x'.repeat(70)}`,
  'users\u0000',
];

const get = (path: string, as?: Role | null): Step => ({
  method: 'GET',
  path,
  ...(as !== undefined && { as }),
});
/** The rows of a table and the audit log, read back through the editor after a write. */
const stateOf = (table: string): Step[] => [
  get(`/api/tables/${table}/data`),
  get(`/api/tables/${table}/data?page=2`),
  get('/api/tables/audit_log/data'),
];

const READS: Case = {
  name: 'reads',
  steps: [
    get('/api/tables'),
    ...LISTED.flatMap((table) => [
      get(`/api/tables/${table}/schema`),
      get(`/api/tables/${table}/relations`),
      get(`/api/tables/${table}/data`),
      get(`/api/tables/${table}/data?page=2`),
    ]),
    ...['0', '-1', 'abc', '1.5', '1e3', '', '1000001', '1&page=2'].map((page) =>
      get(`/api/tables/teams/data?page=${page}`),
    ),
    get('/api/tables/teams/data?page=1000000'),
    ...CRAFTED_TABLES.flatMap((name) =>
      ['schema', 'relations', 'data'].map((what) => get(`/api/tables/${encodeURIComponent(name)}/${what}`)),
    ),
    get('/api/tables', null),
    get('/api/tables/teams/schema', 'admin'),
  ],
  statuses: [
    200,
    ...LISTED.flatMap(() => [200, 200, 200, 200]),
    ...Array<number>(8).fill(400),
    200,
    ...CRAFTED_TABLES.flatMap(() => [404, 404, 404]),
    401,
    403,
  ],
};

const newPlayer = { id: 'p.new', name: 'P', team_id: 'north.town', number: 40, position: 'Defender' };

const WRITES: Case[] = [
  {
    name: 'pages 30 stories 25 at a time in key order',
    setup: async (db) => {
      for (let i = 0; i < 28; i += 1) {
        await db
          .insertInto('league_news')
          .values({ title: `Story ${i}`, published_at: '2026-06-01T00:00:00.000Z' })
          .execute();
      }
    },
    steps: [1, 2, 3, 1000000].map((page) => get(`/api/tables/league_news/data?page=${page}`)),
    statuses: [200, 200, 200, 200],
  },
  {
    name: 'inserts a player from free text, with defaults, and audits it',
    steps: [
      {
        method: 'POST',
        path: '/api/tables/players/rows',
        body: EDITOR_NEW_PLAYER,
      },
      ...stateOf('players'),
    ],
    statuses: [201, 200, 200, 200],
  },
  {
    name: 'numbers an omitted integer key and stores NULL for an empty nullable number',
    steps: [
      {
        method: 'POST',
        path: '/api/tables/matches/rows',
        body: EDITOR_NEW_MATCH,
      },
      {
        method: 'POST',
        path: '/api/tables/league_news/rows',
        body: { title: 'Hi', published_at: '2026-06-01' },
      },
      {
        method: 'POST',
        path: '/api/tables/league_news/rows',
        body: { id: '40', title: 'Forty', published_at: 'x' },
      },
      { method: 'POST', path: '/api/tables/league_news/rows', body: { title: 'After', published_at: 'y' } },
      ...stateOf('matches'),
      get('/api/tables/league_news/data'),
    ],
    statuses: [201, 201, 201, 201, 200, 200, 200, 200],
  },
  {
    name: 'creates a user with a locked password that can never sign in',
    steps: [
      {
        method: 'POST',
        path: '/api/tables/users/rows',
        body: { id: 'new.user', name: 'New User', email: 'new@example.test', user_type: 'fan' },
      },
      ...['!locked', 'x', PASSWORD].map((password): Step => ({
        method: 'POST',
        path: '/api/auth/login',
        as: null,
        body: { email: 'new@example.test', password },
      })),
      ...stateOf('users'),
    ],
    statuses: [201, 401, 401, 401, 200, 200, 200],
  },
  {
    name: 'updates a row, converting text, and audits before and after',
    steps: [
      {
        method: 'PUT',
        path: '/api/tables/players/rows/nt.fwd',
        body: { number: '10', bio: 'Captain.', photo_id: 7 },
      },
      { method: 'PUT', path: '/api/tables/users/rows/u.fan', body: { team_id: '' } },
      ...stateOf('players'),
    ],
    statuses: [200, 200, 200, 200, 200],
  },
  {
    name: 'addresses integer keys by whole numbers only',
    steps: [
      { method: 'PUT', path: '/api/tables/matches/rows/{m8}', body: { location: 'Moved' } },
      ...['abc', '1.5', '1%20OR%201%3D1', '99999999999999999999', '999', '3000000000', '-3000000000'].flatMap(
        (id): Step[] => [
          { method: 'PUT', path: `/api/tables/matches/rows/${id}`, body: { location: 'x' } },
          { method: 'DELETE', path: `/api/tables/matches/rows/${id}` },
        ],
      ),
      ...stateOf('matches'),
    ],
    statuses: [200, 400, 400, 400, 400, 400, 400, 400, 400, 404, 404, 404, 404, 404, 404, 200, 200, 200],
  },
  {
    name: 'deletes rows and audits what they held, sessions and references included',
    steps: [
      { method: 'DELETE', path: '/api/tables/league_news/rows/2' },
      { method: 'DELETE', path: '/api/tables/matches/rows/{m1}' },
      { method: 'DELETE', path: '/api/tables/users/rows/u.fan' },
      get('/api/auth/me', 'fan'),
      { method: 'DELETE', path: '/api/tables/teams/rows/west.rangers' },
      ...stateOf('league_news'),
      get('/api/tables/match_events/data'),
      get('/api/tables/users/data'),
    ],
    statuses: [200, 200, 200, 401, 409, 200, 200, 200, 200, 200],
  },
  {
    name: 'replays an Idempotency-Key without inserting twice',
    steps: [
      ...[1, 2].map((): Step => ({
        method: 'POST',
        path: '/api/tables/leagues/rows',
        body: { league_id: 'x-26', league_name: 'X League', season: '2026', status: 'active' },
        headers: { 'Idempotency-Key': 'admin-insert-1' },
      })),
      ...stateOf('leagues'),
    ],
    statuses: [201, 201, 200, 200, 200],
  },
  {
    name: "revokes a user's sessions when their role or team changes",
    steps: [
      { method: 'PUT', path: '/api/tables/users/rows/u.coach', body: { user_type: 'owner' } },
      get('/api/auth/me', 'coach'),
      {
        method: 'PUT',
        path: '/api/tables/users/rows/u.player',
        body: { name: 'Renamed', user_type: 'player' },
      },
      get('/api/auth/me', 'player'),
      { method: 'PUT', path: '/api/tables/users/rows/u.player', body: { team_id: 'south.city' } },
      get('/api/auth/me', 'player'),
      {
        method: 'PUT',
        path: '/api/tables/users/rows/u.manager',
        body: { user_type: 'owner', team_id: 'no.such' },
      },
      get('/api/auth/me', 'manager'),
      get('/api/tables'),
    ],
    statuses: [200, 401, 200, 200, 200, 401, 409, 200, 200],
  },
  {
    name: 'stores crafted values verbatim',
    steps: [
      ...["'); DROP TABLE teams; --", `x" OR 1=1 --`, "Robert'); DROP TABLE users;--", '%_\\', 'ünï €'].map(
        (value, i): Step => ({
          method: 'POST',
          path: '/api/tables/teams/rows',
          body: { team_id: `inj.${i}`, team_name: value, description: value },
        }),
      ),
      { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { location: "'; --" } },
      ...stateOf('teams'),
      get('/api/tables'),
    ],
    statuses: [201, 201, 201, 201, 201, 200, 200, 200, 200, 200],
  },
];

/** Every refused request leaves both databases untouched: [name, step, status, detail]. */
const REFUSED: [string, Step, number, string][] = [
  [
    'a missing team (FOREIGN KEY)',
    { method: 'POST', path: '/api/tables/players/rows', body: { ...newPlayer, team_id: 'no.such.team' } },
    409,
    'team_id: "no.such.team" matches no row of teams; use one that exists',
  ],
  [
    'a missing match, an integer reference (FOREIGN KEY)',
    {
      method: 'POST',
      path: '/api/tables/match_events/rows',
      body: { match_id: '99999', team_id: 'north.town', player_id: 'nt.fwd', kind: 'goal' },
    },
    409,
    'match_id: 99999 matches no row of matches; use one that exists',
  ],
  [
    'a missing league on update (FOREIGN KEY)',
    { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { league_id: 'nope-26' } },
    409,
    'league_id: "nope-26" matches no row of leagues; use one that exists',
  ],
  [
    'a referenced league (FOREIGN KEY)',
    { method: 'DELETE', path: '/api/tables/leagues/rows/tl-26' },
    409,
    'Other rows refer to this row; change or delete them first',
  ],
  [
    'a referenced team (FOREIGN KEY)',
    { method: 'DELETE', path: '/api/tables/teams/rows/north.town' },
    409,
    'Other rows refer to this row; change or delete them first',
  ],
  [
    'a bad status (CHECK IN)',
    { method: 'PUT', path: '/api/tables/leagues/rows/tl-26', body: { status: 'finished' } },
    400,
    'status: "finished" is not allowed; use one of active, upcoming, completed',
  ],
  [
    'a score on an unreported match (CHECK of the table)',
    { method: 'PUT', path: '/api/tables/matches/rows/{m7}', body: { home_score: 1, away_score: 0 } },
    400,
    'home_score and approved go together: home_score must have a value exactly when approved is not empty',
  ],
  [
    'a match against itself (CHECK of the table)',
    { method: 'PUT', path: '/api/tables/matches/rows/{m8}', body: { away_team: 'north.town' } },
    400,
    'home_team and away_team must differ',
  ],
  [
    'a shirt number too high (CHECK BETWEEN)',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { number: '1000' } },
    400,
    'number: 1000 is not allowed; use a number from 0 to 999',
  ],
  [
    'an empty team name (CHECK length BETWEEN)',
    { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { team_name: '' } },
    400,
    'team_name must be 1 to 200 characters long',
  ],
  [
    'metrics that are not JSON (CHECK json_valid)',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { metrics: '{goals: 1' } },
    400,
    'metrics must be valid JSON, such as {}',
  ],
  [
    'a season that is not a year (CHECK GLOB)',
    { method: 'PUT', path: '/api/tables/leagues/rows/tl-26', body: { season: '26' } },
    400,
    'season: "26" is not allowed; use 4 digits, such as 2026',
  ],
  [
    'a reporter that did not play (CHECK IN columns)',
    { method: 'PUT', path: '/api/tables/matches/rows/{m1}', body: { reported_by_team: 'west.rangers' } },
    400,
    'reported_by_team: "west.rangers" is not allowed; it must be the row\'s home_team or away_team, or leave it empty',
  ],
  [
    'a taken email in another case (UNIQUE, case-insensitive)',
    { method: 'PUT', path: '/api/tables/users/rows/u.fan', body: { email: 'U.COACH@example.test' } },
    409,
    'email: "U.COACH@example.test" is already used by another row; each row needs its own',
  ],
  [
    'a taken text key (UNIQUE)',
    { method: 'POST', path: '/api/tables/teams/rows', body: { team_id: 'north.town', team_name: 'Twin' } },
    409,
    'team_id: "north.town" is already used by another row; each row needs its own',
  ],
  [
    'a taken integer key (UNIQUE)',
    {
      method: 'POST',
      path: '/api/tables/league_news/rows',
      body: { id: 1, title: 'Twin', published_at: 'x' },
    },
    409,
    'id: 1 is already used by another row; each row needs its own',
  ],
  [
    'a taken shirt number (UNIQUE index of two columns)',
    { method: 'POST', path: '/api/tables/players/rows', body: { ...newPlayer, number: '9' } },
    409,
    'Another row already has team_id "north.town" and number 9; change one of them',
  ],
  [
    'a missing name',
    { method: 'POST', path: '/api/tables/players/rows', body: { ...newPlayer, name: undefined } },
    400,
    'Column name is required',
  ],
  [
    'an empty number',
    { method: 'POST', path: '/api/tables/players/rows', body: { ...newPlayer, number: '' } },
    400,
    'Column number is required',
  ],
  [
    'a null name',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { name: null } },
    400,
    'Column name is required',
  ],
  [
    'a word for a number',
    { method: 'POST', path: '/api/tables/players/rows', body: { ...newPlayer, number: 'ten' } },
    400,
    'Column number expects a whole number',
  ],
  [
    'a decimal string',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { number: '1.0' } },
    400,
    'Column number expects a whole number',
  ],
  [
    'a boolean text',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { name: false } },
    400,
    'Column name expects text',
  ],
  [
    'an object',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { metrics: { goals: 1 } } },
    400,
    'Column metrics expects text',
  ],
  [
    'an unknown column',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { shoe_size: 9 } },
    400,
    'Unknown column: shoe_size',
  ],
  [
    'a differently cased column',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { NAME: 'x' } },
    400,
    'Unknown column: NAME',
  ],
  [
    'a prototype key',
    { method: 'POST', path: '/api/tables/players/rows', raw: '{"__proto__": {"x": 1}}' },
    400,
    'Unknown column: __proto__',
  ],
  [
    'a crafted column',
    { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { 'team_name = team_name; --': 'x' } },
    400,
    'Unknown column: team_name = team_name; --',
  ],
  [
    'ctid, PostgreSQL’s row address',
    { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { ctid: '(0,1)' } },
    400,
    'Unknown column: ctid',
  ],
  [
    'the key column in an update',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { id: 'nt.keeper' } },
    400,
    "Column id is the row's key and cannot be changed",
  ],
  [
    'an empty update',
    { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: {} },
    400,
    'Send at least one column to change',
  ],
  [
    'password_hash on insert',
    {
      method: 'POST',
      path: '/api/tables/users/rows',
      body: { id: 'x', name: 'X', email: 'x@example.test', user_type: 'fan', password_hash: 'scrypt$1' },
    },
    400,
    'Column password_hash cannot be written here',
  ],
  [
    'audit_log insert',
    { method: 'POST', path: '/api/tables/audit_log/rows', body: { action: 'x', entity: 'y' } },
    403,
    'audit_log is read-only',
  ],
  [
    'a fan',
    { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { team_name: 'X' }, as: 'fan' },
    403,
    'You do not have permission to do this',
  ],
  [
    'an internal table',
    { method: 'PUT', path: '/api/tables/app_settings/rows/jwt_secret', body: { value: 'x' } },
    404,
    'Table not found',
  ],
  [
    'an unknown row',
    { method: 'PUT', path: '/api/tables/players/rows/no.one', body: { name: 'x' } },
    404,
    'Row not found',
  ],
  [
    'a crafted id',
    { method: 'DELETE', path: `/api/tables/teams/rows/${encodeURIComponent("north.town' OR '1'='1")}` },
    404,
    'Row not found',
  ],
  [
    'deleting oneself',
    { method: 'DELETE', path: '/api/tables/users/rows/u.superadmin' },
    409,
    'You cannot delete your own account',
  ],
  [
    'demoting oneself',
    { method: 'PUT', path: '/api/tables/users/rows/u.superadmin', body: { user_type: 'fan' } },
    409,
    'You cannot change your own user_type',
  ],
];

const KEY_ALWAYS_GIVEN: ReadonlySet<string> = new Set(['match_revision', 'search_names', MIGRATIONS_TABLE]);

const detail = (answer: Answer | undefined) => z.object({ detail: z.string() }).parse(answer?.body).detail;

describe.skipIf(!postgresAvailable())('the admin tables API on PostgreSQL and on SQLite', () => {
  usePostgres();

  describe('the same answers', () => {
    it('describes every table alike (schema, keys, relations)', async () => {
      const lite = await openSqlite();
      const postgres = await openPostgresCopy();
      try {
        const names = await listTables(lite.connection.db);
        // SQLite's FTS5 index (search_text and its shadow tables) is SQLite's own.
        expect(await listTables(postgres.connection.db)).toEqual(
          names.filter((name) => !name.startsWith('search_text')),
        );
        for (const name of await listTables(postgres.connection.db)) {
          const a = await describeTable(lite.connection.db, name);
          const b = await describeTable(postgres.connection.db, name);
          // Only the engines' own spellings differ; SQLite reports an INTEGER PRIMARY KEY
          // without NOT NULL as nullable, which the API shows as not nullable anyway (a key).
          // The internal tables whose INTEGER PRIMARY KEY is always given (match_revision,
          // search_names, schema_migrations) are rowid tables on SQLite, which numbers an
          // omitted key; their PostgreSQL twins have no numbering trigger, so there the key
          // is (truly) not defaulted. The editor reaches none of them.
          const numbered = !KEY_ALWAYS_GIVEN.has(name);
          const comparable = (info: typeof a) => ({
            ...info,
            rowidKey: info?.rowidKey === true && numbered,
            columns: info?.columns.map(({ nativeType: _type, integerRange: _range, ...column }) => ({
              ...column,
              notNull: column.notNull || column.primaryKey,
              hasDefault: column.hasDefault && (numbered || !column.primaryKey),
            })),
          });
          expect(comparable(b), name).toEqual(comparable(a));
        }
        for (const name of ['USERS', 'users ', 'users\u0000', `users${'x'.repeat(70)}`, 'pg_class']) {
          expect(await describeTable(postgres.connection.db, name), name).toBeUndefined();
        }
      } finally {
        await lite.close();
        await postgres.close();
      }
    });

    it('answers every read alike', async () => {
      const answers = await onBoth(READS);
      expect(answers.sqlite[0]?.body).toEqual({ tables: LISTED });
      expectSameAnswers(READS, answers);
    });

    it.each(WRITES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
      expectSameAnswers(testCase, await onBoth(testCase));
    });

    it('reaches no table and no column a later change adds, alike', async () => {
      const testCase: Case = {
        name: 'added later',
        setup: async (db) => {
          await sql`CREATE TABLE api_tokens (id INTEGER PRIMARY KEY, token TEXT NOT NULL)`.execute(db);
          await sql`INSERT INTO api_tokens (id, token) VALUES (1, 'tok-secret-1')`.execute(db);
          await sql`ALTER TABLE teams ADD COLUMN api_token TEXT`.execute(db);
          await sql`UPDATE teams SET api_token = 'tok-secret-2'`.execute(db);
        },
        steps: [
          get('/api/tables'),
          get('/api/tables/api_tokens/schema'),
          get('/api/tables/api_tokens/relations'),
          get('/api/tables/api_tokens/data'),
          { method: 'POST', path: '/api/tables/api_tokens/rows', body: { id: 2, token: 'x' } },
          { method: 'PUT', path: '/api/tables/api_tokens/rows/1', body: { token: 'x' } },
          { method: 'DELETE', path: '/api/tables/api_tokens/rows/1' },
          get('/api/tables/teams/schema'),
          get('/api/tables/teams/data'),
          { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { api_token: 'x' } },
        ],
        statuses: [200, 404, 404, 404, 404, 404, 404, 200, 200, 400],
        refused: true,
      };
      const answers = await onBoth(testCase);
      expectSameAnswers(testCase, answers);
      expect(answers.postgres[0]?.body).toEqual({ tables: LISTED });
      expect(detail(answers.postgres[1])).toBe('Table not found');
      expect(detail(answers.postgres[9])).toBe('Column api_token cannot be written here');
      expect(JSON.stringify(answers.postgres)).not.toContain('tok-secret');
    });

    it.each(REFUSED)('refuses %s alike, changing nothing', async (name, step, status, expected) => {
      const testCase: Case = { name, steps: [step], statuses: [status], refused: true };
      const answers = await onBoth(testCase);
      expect(detail(answers.sqlite[0])).toBe(expected);
      expect(detail(answers.postgres[0])).not.toMatch(
        /constraint failed|CHECK|UNIQUE|FOREIGN KEY|NOT NULL| IN \(|GLOB/,
      );
      expectSameAnswers(testCase, answers);
    });
  });

  describe('where the engines differ by design', () => {
    it('answers 400 naming the column for a number PostgreSQL’s integer cannot hold', async () => {
      const testCase: Case = {
        name: 'out of range',
        steps: [
          { method: 'PUT', path: '/api/tables/players/rows/nt.gk', body: { number: '3000000000' } },
          { method: 'PUT', path: '/api/tables/matches/rows/{m8}', body: { location: 'ok' } },
        ],
        statuses: [400, 200],
      };
      const { sqlite, postgres } = await onBoth(testCase);
      // SQLite's 64-bit integer holds it, and the shirt number's CHECK refuses it.
      expect(detail(sqlite[0])).toBe('number: 3000000000 is not allowed; use a number from 0 to 999');
      expect(postgres[0]).toMatchObject({
        status: 400,
        body: { detail: 'number: 3000000000 is too large or of the wrong kind for this column' },
      });
      // The next write goes through.
      expect(postgres[1]).toEqual(sqlite[1]);
    });

    it('answers 400 for text with a NUL, which SQLite stores and PostgreSQL cannot', async () => {
      const testCase: Case = {
        name: 'NUL',
        steps: [{ method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { location: 'a\u0000b' } }],
        statuses: [200],
      };
      const { postgres } = await onBoth(testCase);
      expect(postgres[0]?.status).toBe(400);
      expect(detail(postgres[0])).toBe(
        'location: "a\uFFFDb" is too large or of the wrong kind for this column',
      );
    });
  });
});

describe('sqliteSpelling', () => {
  it.each([
    [
      "CHECK (status = ANY (ARRAY['active'::text, 'upcoming'::text, 'completed'::text]))",
      "status IN ('active', 'upcoming', 'completed')",
    ],
    ["CHECK ((approved = ''::text) = (home_score IS NULL))", "(approved = '') = (home_score IS NULL)"],
    ['CHECK (length(team_id) >= 1 AND length(team_id) <= 100)', 'length(team_id) BETWEEN 1 AND 100'],
    ['CHECK (number >= 0 AND number <= 999)', 'number BETWEEN 0 AND 999'],
    ['CHECK (a >= 0 AND a <= 9 AND b >= 0 AND b <= 9)', 'a >= 0 AND a <= 9 AND b >= 0 AND b <= 9'],
    ['CHECK (touchline_json_valid(metrics))', 'json_valid(metrics)'],
    ["CHECK (kind <> ALL (ARRAY['x'::text, 'y'::text]))", "kind NOT IN ('x', 'y')"],
    // Literals and quoted names keep their text, casts and all.
    ["CHECK (note <> 'a::text = ANY (ARRAY[1])'::text)", "note <> 'a::text = ANY (ARRAY[1])'"],
    ['CHECK ("Odd::name" >= 0 AND "Odd::name" <= 1)', '"Odd::name" BETWEEN 0 AND 1'],
    ["CHECK (v::character varying(20)::text <> ''::text)", "v <> ''"],
    ["CHECK (season ~ '^[0-9]{4}$'::text)", "season GLOB '[0-9][0-9][0-9][0-9]'"],
    ["CHECK (code ~ '^[A-Z]{2}-.*'::text)", "code GLOB '[A-Z][A-Z]-*'"],
    ["CHECK (code ~ 'a.b\\*'::text)", "code GLOB '*a?b[*]*'"],
    ["CHECK (code ~ '.*x.*'::text)", "code GLOB '*x*'"],
    ["CHECK (code ~ '^(a|b)$'::text)", "code ~ '^(a|b)$'"],
    ["CHECK (code ~ '^[[:digit:]]+$'::text)", "code ~ '^[[:digit:]]+$'"],
    [
      'CHECK (reported_by_team IS NULL OR reported_by_team = home_team OR reported_by_team = away_team)',
      'reported_by_team IS NULL OR reported_by_team IN (home_team, away_team)',
    ],
    ['CHECK (a = b OR c = d)', 'a = b OR c = d'],
    ['CHECK ((a = 1 OR a = 2) AND b)', '(a = 1 OR a = 2) AND b'],
  ])('%s reads %s', (definition, expected) => {
    expect(sqliteSpelling(definition)).toBe(expected);
  });
});
