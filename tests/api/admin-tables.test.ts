/**
 * The super admin's table editor over the tiny league: reads, writes, the 4xx rules,
 * session revocation on role changes, and injection attempts that must change
 * nothing (every table's rows and the schema itself are checksummed around them).
 */
import { sqliteOf } from '../fixtures/engine';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, PASSWORD, type Role } from '../fixtures/auth';
import { NOW, TINY_LEAGUE_NEWS } from '../fixtures/factory';
import { tableChecksums, type Checksums } from '../fixtures/checksum';
import { withFixture } from '../fixtures/hooks';
import { SCHEMA_COLUMNS } from '../fixtures/schema-columns';
import { EDITOR_NEW_MATCH, EDITOR_NEW_PLAYER, EDITOR_TABLES } from '../fixtures/tables';
import { sendRequest } from '../fixtures/request';

const t = withFixture(() => makeTinyLeagueApp(), { perTest: true });
let tokens: Record<Role, string | null>;
beforeEach(async () => {
  tokens = await addRoleUsers(t.connection.db);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(
  method: Method,
  path: string,
  options: { token?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) {
  return sendRequest(t.app, method, path, {
    token: options.token === undefined ? tokens.superAdmin : options.token,
    json: options.body,
    raw: options.raw,
    headers: options.headers,
  });
}

const detail = (body: unknown) => z.object({ detail: z.string() }).parse(body).detail;
const RowSchema = z.record(z.string(), z.unknown());
const DataSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(RowSchema),
  page: z.number(),
  total_pages: z.number(),
  total_rows: z.number(),
});

function sqlRow(query: string, ...params: unknown[]) {
  return RowSchema.optional().parse(
    sqliteOf(t.connection)
      .prepare(query)
      .get(...params),
  );
}
function sqlRows(query: string, ...params: unknown[]) {
  return z.array(RowSchema).parse(
    sqliteOf(t.connection)
      .prepare(query)
      .all(...params),
  );
}
function auditRows() {
  return sqlRows('SELECT user_id, action, entity, entity_id, before, after FROM audit_log ORDER BY id');
}
/** The audit log holds one entry: the super admin's write of one row, the row as it was and became. */
function expectAuditedOnce(
  action: string,
  entity: string,
  entity_id: string,
  row: { before?: unknown; after?: unknown },
) {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  expect(auditRows()).toEqual([
    { user_id: 'u.superadmin', action, entity, entity_id, before: json(row.before), after: json(row.after) },
  ]);
}

/** Row count and a checksum of every table (internal ones included) and of the schema. */
function snapshot(): Promise<Checksums> {
  return tableChecksums(t.connection);
}

const LISTED = EDITOR_TABLES;

const ENDPOINTS: { method: Method; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/tables' },
  { method: 'GET', path: '/api/tables/teams/schema' },
  { method: 'GET', path: '/api/tables/teams/relations' },
  { method: 'GET', path: '/api/tables/teams/data?page=1' },
  { method: 'POST', path: '/api/tables/league_news/rows', body: { title: 'Hi', published_at: '2026-06-01' } },
  { method: 'PUT', path: '/api/tables/teams/rows/north.town', body: { team_name: 'Hacked' } },
  { method: 'DELETE', path: '/api/tables/league_news/rows/1' },
];

describe('access', () => {
  it('answers 401 without a token on every endpoint', async () => {
    const before = await snapshot();
    for (const endpoint of ENDPOINTS) {
      const response = await call(endpoint.method, endpoint.path, { token: null, body: endpoint.body });
      expect(response, `${endpoint.method} ${endpoint.path}`).toMatchObject({
        status: 401,
        body: { detail: 'No authentication token found' },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(['fan', 'player', 'coach', 'otherCoach', 'opponentOwner', 'manager', 'admin'] as const)(
    'answers 403 to %s on every endpoint',
    async (role) => {
      const before = await snapshot();
      for (const endpoint of ENDPOINTS) {
        const response = await call(endpoint.method, endpoint.path, {
          token: tokens[role],
          body: endpoint.body,
        });
        expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe('reads', () => {
  it('lists the tables sorted, without internal ones', async () => {
    const { status, body, headers } = await call('GET', '/api/tables');
    expect(status).toBe(200);
    expect(body).toEqual({ tables: LISTED });
    expect(headers.get('Cache-Control')).toBe('no-store');
  });

  it('describes the schema of players', async () => {
    const { status, body } = await call('GET', '/api/tables/players/schema');
    expect(status).toBe(200);
    expect(body).toEqual({
      table: 'players',
      read_only: false,
      columns: [
        { name: 'id', type: 'TEXT', nullable: false, primary_key: true, has_default: false },
        { name: 'user_id', type: 'TEXT', nullable: true, primary_key: false, has_default: false },
        { name: 'team_id', type: 'TEXT', nullable: true, primary_key: false, has_default: false },
        { name: 'name', type: 'TEXT', nullable: false, primary_key: false, has_default: false },
        { name: 'number', type: 'INTEGER', nullable: false, primary_key: false, has_default: false },
        { name: 'position', type: 'TEXT', nullable: false, primary_key: false, has_default: false },
        { name: 'position_general', type: 'TEXT', nullable: false, primary_key: false, has_default: true },
        { name: 'photo_id', type: 'TEXT', nullable: true, primary_key: false, has_default: false },
        { name: 'bio', type: 'TEXT', nullable: false, primary_key: false, has_default: true },
        { name: 'metrics', type: 'TEXT', nullable: false, primary_key: false, has_default: true },
        { name: 'created_at', type: 'TEXT', nullable: false, primary_key: false, has_default: true },
      ],
      primary_key: { constrained_columns: ['id'] },
    });
  });

  it('describes users without password_hash, matches with an assigned key, audit_log as read-only', async () => {
    const users = z
      .object({ columns: z.array(z.object({ name: z.string() })), primary_key: z.unknown() })
      .parse((await call('GET', '/api/tables/users/schema')).body);
    expect(users.columns.map((column) => column.name)).toEqual([
      'id',
      'name',
      'email',
      'user_type',
      'team_id',
      'created_at',
      'locked_at',
    ]);
    expect(users.primary_key).toEqual({ constrained_columns: ['id'] });
    const matches = (await call('GET', '/api/tables/matches/schema')).body;
    expect(matches).toMatchObject({
      columns: expect.arrayContaining([
        { name: 'id', type: 'INTEGER', nullable: false, primary_key: true, has_default: true },
        { name: 'home_score', type: 'INTEGER', nullable: true, primary_key: false, has_default: false },
      ]),
    });
    expect((await call('GET', '/api/tables/audit_log/schema')).body).toMatchObject({ read_only: true });
    // Rights change on the People screen, which ends the sessions of a right taken away.
    expect((await call('GET', '/api/tables/memberships/schema')).body).toMatchObject({ read_only: true });
  });

  it('lists the relations of players and of matches', async () => {
    expect(await call('GET', '/api/tables/players/relations')).toEqual(
      expect.objectContaining({
        status: 200,
        body: [
          { column_name: 'user_id', foreign_table: 'users', foreign_column: 'id' },
          { column_name: 'team_id', foreign_table: 'teams', foreign_column: 'team_id' },
        ],
      }),
    );
    const matches = z
      .array(z.object({ column_name: z.string() }))
      .parse((await call('GET', '/api/tables/matches/relations')).body);
    expect(matches.map((relation) => relation.column_name)).toEqual([
      'league_id',
      'home_team',
      'away_team',
      'reported_by_team',
      'reported_by_user',
      'reviewed_by_user',
    ]);
    expect((await call('GET', '/api/tables/leagues/relations')).body).toEqual([]);
  });

  it('pages rows 25 at a time in key order, past the end empty', async () => {
    // 2 stories from the tiny league + 28 = 30 rows: pages of 25 and 5.
    const insert = sqliteOf(t.connection).prepare(
      'INSERT INTO league_news (title, published_at) VALUES (?, ?)',
    );
    for (let i = 0; i < 28; i += 1) insert.run(`Story ${i}`, '2026-06-01T00:00:00.000Z');
    const first = DataSchema.parse((await call('GET', '/api/tables/league_news/data')).body);
    expect(first).toMatchObject({ page: 1, total_pages: 2, total_rows: 30 });
    expect(first.columns).toEqual(SCHEMA_COLUMNS.league_news);
    expect(first.rows.map((row) => row.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(first.rows[0]).toEqual({ id: 1, ...TINY_LEAGUE_NEWS[0] });
    const second = DataSchema.parse((await call('GET', '/api/tables/league_news/data?page=2')).body);
    expect(second.rows.map((row) => row.id)).toEqual([26, 27, 28, 29, 30]);
    expect((await call('GET', '/api/tables/league_news/data?page=3')).body).toMatchObject({
      rows: [],
      page: 3,
      total_pages: 2,
      total_rows: 30,
    });
    expect((await call('GET', '/api/tables/league_news/data?page=1000000')).body).toMatchObject({
      rows: [],
      total_pages: 2,
    });
    // Text keys sort too; an empty table still has one page.
    const teams = DataSchema.parse((await call('GET', '/api/tables/teams/data')).body);
    expect(teams.rows.map((row) => row.team_id)).toEqual([
      'east.united',
      'north.town',
      'south.city',
      'west.rangers',
    ]);
    expect((await call('GET', '/api/tables/audit_log/data')).body).toMatchObject({
      rows: [],
      total_pages: 1,
      total_rows: 0,
    });
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', '', '1000001', '99999999', '1&page=2'])(
    'refuses page=%s naming page',
    async (page) => {
      const { status, body } = await call('GET', `/api/tables/teams/data?page=${page}`);
      expect(status).toBe(400);
      expect(detail(body)).toContain("'page'");
    },
  );

  it('never returns password_hash in data rows', async () => {
    const data = DataSchema.parse((await call('GET', '/api/tables/users/data')).body);
    expect(data.columns).not.toContain('password_hash');
    expect(data.rows).toHaveLength(8);
    for (const row of data.rows) expect(row).not.toHaveProperty('password_hash');
    expect(JSON.stringify(data)).not.toContain('scrypt$');
  });

  it('reaches no table and no column a later change adds until the editor lists it', async () => {
    const sqlite = sqliteOf(t.connection);
    sqlite.exec(`CREATE TABLE api_tokens (id INTEGER PRIMARY KEY, token TEXT NOT NULL);
      INSERT INTO api_tokens (id, token) VALUES (1, 'tok-secret-1');
      ALTER TABLE teams ADD COLUMN api_token TEXT;
      UPDATE teams SET api_token = 'tok-secret-2';`);
    const before = await snapshot();
    expect((await call('GET', '/api/tables')).body).toEqual({ tables: LISTED });
    for (const [method, path, body] of [
      ['GET', '/api/tables/api_tokens/schema', undefined],
      ['GET', '/api/tables/api_tokens/relations', undefined],
      ['GET', '/api/tables/api_tokens/data', undefined],
      ['POST', '/api/tables/api_tokens/rows', { id: 2, token: 'x' }],
      ['PUT', '/api/tables/api_tokens/rows/1', { token: 'x' }],
      ['DELETE', '/api/tables/api_tokens/rows/1', undefined],
    ] as const) {
      expect(await call(method, path, { body }), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { detail: 'Table not found' },
      });
    }
    const schema = z
      .object({ columns: z.array(z.object({ name: z.string() })) })
      .parse((await call('GET', '/api/tables/teams/schema')).body);
    expect(schema.columns.map((column) => column.name)).toEqual(SCHEMA_COLUMNS.teams);
    const data = DataSchema.parse((await call('GET', '/api/tables/teams/data')).body);
    expect(data.columns).toEqual(SCHEMA_COLUMNS.teams);
    expect(JSON.stringify(data)).not.toContain('tok-secret');
    const written = await call('PUT', '/api/tables/teams/rows/north.town', { body: { api_token: 'x' } });
    expect(written).toMatchObject({
      status: 400,
      body: { detail: 'Column api_token cannot be written here' },
    });
    expect(await snapshot()).toEqual(before);
    // A write through the editor answers and audits the listed columns only.
    const renamed = await call('PUT', '/api/tables/teams/rows/north.town', { body: { team_name: 'North' } });
    expect(renamed.status).toBe(200);
    expect(JSON.stringify(renamed.body)).not.toContain('tok-secret');
    expect(JSON.stringify(auditRows())).not.toContain('tok-secret');
  });
});

describe('writes', () => {
  it('inserts a row from free text, with defaults, and audits it', async () => {
    const { status, body } = await call('POST', '/api/tables/players/rows', {
      body: EDITOR_NEW_PLAYER,
    });
    expect(status).toBe(201);
    const stored = sqlRow('SELECT * FROM players WHERE id = ?', 'nt.new');
    expect(stored).toMatchObject({
      id: 'nt.new',
      name: 'New Kid',
      team_id: 'north.town',
      number: 23,
      position: 'Midfielder',
      position_general: 'Other',
      photo_id: null,
      user_id: null,
      bio: '',
      metrics: '{}',
    });
    expect(body).toEqual(stored);
    expectAuditedOnce('admin.insert', 'players', 'nt.new', { after: stored });
  });

  it('lets SQLite assign an INTEGER key and stores NULL for an empty nullable number', async () => {
    const { status, body } = await call('POST', '/api/tables/matches/rows', {
      body: EDITOR_NEW_MATCH,
    });
    expect(status).toBe(201);
    const row = RowSchema.parse(body);
    expect(row.id).toBe(t.matchIds.m10 + 1);
    expect(sqlRow('SELECT home_score, away_score, approved FROM matches WHERE id = ?', row.id)).toEqual({
      home_score: null,
      away_score: null,
      approved: '',
    });
  });

  it('creates a user with a locked password that can never sign in', async () => {
    const { status, body } = await call('POST', '/api/tables/users/rows', {
      body: { id: 'new.user', name: 'New User', email: 'new@example.test', user_type: 'fan' },
    });
    expect(status).toBe(201);
    expect(body).not.toHaveProperty('password_hash');
    expect(body).toMatchObject({ id: 'new.user', email: 'new@example.test', team_id: null });
    expect(sqlRow('SELECT password_hash FROM users WHERE id = ?', 'new.user')).toEqual({
      password_hash: '!locked',
    });
    const [entry] = auditRows();
    expect(entry?.after).not.toContain('password_hash');
    for (const password of ['!locked', '', PASSWORD]) {
      const login = await call('POST', '/api/auth/login', {
        token: null,
        body: { email: 'new@example.test', password: password || 'x' },
      });
      expect(login.status).toBe(401);
    }
  });

  it('updates a row, converting text, and audits before and after', async () => {
    const before = sqlRow('SELECT * FROM players WHERE id = ?', 'nt.fwd');
    const { status, body } = await call('PUT', '/api/tables/players/rows/nt.fwd', {
      body: { number: '10', bio: 'Captain.', photo_id: 7 },
    });
    expect(status).toBe(200);
    const after = sqlRow('SELECT * FROM players WHERE id = ?', 'nt.fwd');
    expect(after).toEqual({ ...before, number: 10, bio: 'Captain.', photo_id: '7' });
    expect(body).toEqual(after);
    expectAuditedOnce('admin.update', 'players', 'nt.fwd', { before, after });
  });

  it('addresses INTEGER keys by whole numbers only', async () => {
    const id = t.matchIds.m8;
    const ok = await call('PUT', `/api/tables/matches/rows/${id}`, { body: { location: 'Moved' } });
    expect(ok).toMatchObject({ status: 200, body: { id, location: 'Moved' } });
    for (const bad of ['abc', '1.5', '1%20OR%201%3D1', '99999999999999999999']) {
      const response = await call('PUT', `/api/tables/matches/rows/${bad}`, { body: { location: 'x' } });
      expect(response, bad).toMatchObject({
        status: 400,
        body: { detail: "Invalid path parameter 'id': must be a whole number" },
      });
    }
    expect(await call('PUT', '/api/tables/matches/rows/999', { body: { location: 'x' } })).toMatchObject({
      status: 404,
      body: { detail: 'Row not found' },
    });
    expect(await call('DELETE', '/api/tables/matches/rows/999')).toMatchObject({
      status: 404,
      body: { detail: 'Row not found' },
    });
  });

  it('deletes a row and audits what it held', async () => {
    const before = sqlRow('SELECT * FROM league_news WHERE id = 2');
    expect(await call('DELETE', '/api/tables/league_news/rows/2')).toMatchObject({
      status: 200,
      body: { detail: 'Row deleted' },
    });
    expect(sqlRow('SELECT * FROM league_news WHERE id = 2')).toBeUndefined();
    expectAuditedOnce('admin.delete', 'league_news', '2', { before });
  });

  it('replays an Idempotency-Key without inserting twice', async () => {
    const request = {
      body: { league_id: 'x-26', league_name: 'X League', season: '2026', status: 'active' },
      headers: { 'Idempotency-Key': 'admin-insert-1' },
    };
    const first = await call('POST', '/api/tables/leagues/rows', request);
    const second = await call('POST', '/api/tables/leagues/rows', request);
    expect(first.status).toBe(201);
    expect(second).toMatchObject({ status: 201, body: first.body });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(sqlRows("SELECT * FROM leagues WHERE league_id = 'x-26'")).toHaveLength(1);
    expect(auditRows()).toHaveLength(1);
  });
});

describe('refused writes', () => {
  const newPlayer = { id: 'p.new', name: 'P', team_id: 'north.town', number: 40, position: 'Defender' };

  it.each<[string, Method, string, unknown, number, string]>([
    [
      'a missing team (FOREIGN KEY)',
      'POST',
      '/api/tables/players/rows',
      { ...newPlayer, team_id: 'no.such.team' },
      409,
      'team_id: "no.such.team" matches no row of teams; use one that exists',
    ],
    [
      'a missing league on update (FOREIGN KEY)',
      'PUT',
      '/api/tables/teams/rows/north.town',
      { league_id: 'nope-26' },
      409,
      'league_id: "nope-26" matches no row of leagues; use one that exists',
    ],
    [
      'a referenced row (FOREIGN KEY)',
      'DELETE',
      '/api/tables/leagues/rows/tl-26',
      undefined,
      409,
      'Other rows refer to this row; change or delete them first',
    ],
    [
      'a bad status (CHECK)',
      'PUT',
      '/api/tables/leagues/rows/tl-26',
      { status: 'finished' },
      400,
      'status: "finished" is not allowed; use one of active, upcoming, completed',
    ],
    [
      'a score on an unreported match (CHECK)',
      'PUT',
      '/api/tables/matches/rows/7',
      { home_score: 1, away_score: 0 },
      400,
      'home_score and approved go together: home_score must have a value exactly when approved is not empty',
    ],
    [
      'a taken email (UNIQUE)',
      'PUT',
      '/api/tables/users/rows/u.fan',
      { email: 'U.COACH@example.test' },
      409,
      'email: "U.COACH@example.test" is already used by another row; each row needs its own',
    ],
    [
      'a taken key (UNIQUE)',
      'POST',
      '/api/tables/teams/rows',
      { team_id: 'north.town', team_name: 'Twin' },
      409,
      'team_id: "north.town" is already used by another row; each row needs its own',
    ],
    [
      'a taken shirt number (UNIQUE index)',
      'POST',
      '/api/tables/players/rows',
      { ...newPlayer, number: '9' },
      409,
      'Another row already has team_id "north.town" and number 9; change one of them',
    ],
    [
      'a missing name',
      'POST',
      '/api/tables/players/rows',
      { ...newPlayer, name: undefined },
      400,
      'Column name is required',
    ],
    [
      'an empty number',
      'POST',
      '/api/tables/players/rows',
      { ...newPlayer, number: '' },
      400,
      'Column number is required',
    ],
    ['a null name', 'PUT', '/api/tables/players/rows/nt.gk', { name: null }, 400, 'Column name is required'],
    [
      'a null number',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { number: null },
      400,
      'Column number is required',
    ],
    [
      'a word for a number',
      'POST',
      '/api/tables/players/rows',
      { ...newPlayer, number: 'ten' },
      400,
      'Column number expects a whole number',
    ],
    [
      'a fraction',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { number: 1.5 },
      400,
      'Column number expects a whole number',
    ],
    [
      'a decimal string',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { number: '1.0' },
      400,
      'Column number expects a whole number',
    ],
    [
      'a boolean number',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { number: true },
      400,
      'Column number expects a whole number',
    ],
    [
      'a boolean text',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { name: false },
      400,
      'Column name expects text',
    ],
    [
      'an object',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { metrics: { goals: 1 } },
      400,
      'Column metrics expects text',
    ],
    ['an array', 'PUT', '/api/tables/players/rows/nt.gk', { name: ['a'] }, 400, 'Column name expects text'],
    [
      'an unknown column',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { shoe_size: 9 },
      400,
      'Unknown column: shoe_size',
    ],
    [
      'a differently cased column',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { NAME: 'x' },
      400,
      'Unknown column: NAME',
    ],
    [
      'a prototype key',
      'POST',
      '/api/tables/players/rows',
      '{"__proto__": {"x": 1}}',
      400,
      'Unknown column: __proto__',
    ],
    [
      'the key column in an update',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      { id: 'nt.keeper' },
      400,
      "Column id is the row's key and cannot be changed",
    ],
    [
      'an empty update',
      'PUT',
      '/api/tables/players/rows/nt.gk',
      {},
      400,
      'Send at least one column to change',
    ],
    [
      'password_hash on insert',
      'POST',
      '/api/tables/users/rows',
      { id: 'x', name: 'X', email: 'x@example.test', user_type: 'fan', password_hash: 'scrypt$1$1$1$a$b' },
      400,
      'Column password_hash cannot be written here',
    ],
    [
      'password_hash on update',
      'PUT',
      '/api/tables/users/rows/u.fan',
      { password_hash: '' },
      400,
      'Column password_hash cannot be written here',
    ],
    [
      'an array body',
      'POST',
      '/api/tables/players/rows',
      '[]',
      400,
      'Invalid json: must be a JSON object of column values',
    ],
    [
      'a malformed body',
      'POST',
      '/api/tables/players/rows',
      '{"id": ',
      400,
      'Malformed JSON in request body',
    ],
    [
      'audit_log insert',
      'POST',
      '/api/tables/audit_log/rows',
      { action: 'x', entity: 'y' },
      403,
      'audit_log is read-only',
    ],
    [
      'audit_log update',
      'PUT',
      '/api/tables/audit_log/rows/1',
      { action: 'x' },
      403,
      'audit_log is read-only',
    ],
    ['audit_log delete', 'DELETE', '/api/tables/audit_log/rows/1', undefined, 403, 'audit_log is read-only'],
    ['an unknown table', 'POST', '/api/tables/nope/rows', { a: 1 }, 404, 'Table not found'],
    ['an unknown row', 'PUT', '/api/tables/players/rows/no.one', { name: 'x' }, 404, 'Row not found'],
    ['an unknown row', 'DELETE', '/api/tables/players/rows/no.one', undefined, 404, 'Row not found'],
  ])('refuses %s (%s %s)', async (_name, method, path, body, status, expected) => {
    // A write to audit_log must be refused even when there is something to change.
    sqliteOf(t.connection).prepare("INSERT INTO audit_log (action, entity) VALUES ('seed', 'test')").run();
    const before = await snapshot();
    const response = await call(method, path, typeof body === 'string' ? { raw: body } : { body });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(detail(response.body)).toBe(expected);
    // A person reads it: never the engine's wording nor the rule's SQL.
    expect(detail(response.body)).not.toMatch(
      /constraint failed|CHECK|UNIQUE|FOREIGN KEY|NOT NULL| IN \(|GLOB/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown table on every endpoint', async () => {
    for (const endpoint of ENDPOINTS.slice(1)) {
      const path = endpoint.path.replace(/\/tables\/[a-z_]+/, '/tables/nope');
      const response = await call(endpoint.method, path, { body: endpoint.body });
      expect(response, path).toMatchObject({ status: 404, body: { detail: 'Table not found' } });
    }
  });
});

describe('users and sessions', () => {
  it("revokes a user's sessions when a super admin changes their user_type", async () => {
    expect((await call('GET', '/api/auth/me', { token: tokens.coach })).status).toBe(200);
    const { status } = await call('PUT', '/api/tables/users/rows/u.coach', { body: { user_type: 'owner' } });
    expect(status).toBe(200);
    expect(await call('GET', '/api/auth/me', { token: tokens.coach })).toMatchObject({
      status: 401,
      body: { detail: 'Session has ended; please sign in again' },
    });
    expect(sqlRows("SELECT revoked_at FROM sessions WHERE user_id = 'u.coach'")).toEqual([
      { revoked_at: NOW.toISOString() },
    ]);
    // The acting super admin and everyone else keep their sessions.
    expect((await call('GET', '/api/tables')).status).toBe(200);
    expect((await call('GET', '/api/auth/me', { token: tokens.player })).status).toBe(200);
  });

  it('revokes on a team change, not on a name change or an unchanged value', async () => {
    await call('PUT', '/api/tables/users/rows/u.player', { body: { name: 'Renamed', user_type: 'player' } });
    expect((await call('GET', '/api/auth/me', { token: tokens.player })).status).toBe(200);
    await call('PUT', '/api/tables/users/rows/u.player', { body: { team_id: 'south.city' } });
    expect((await call('GET', '/api/auth/me', { token: tokens.player })).status).toBe(401);
    await call('PUT', '/api/tables/users/rows/u.fan', { body: { team_id: '' } });
    expect((await call('GET', '/api/auth/me', { token: tokens.fan })).status).toBe(200);
  });

  it('rolls the revocation back with a refused change', async () => {
    const response = await call('PUT', '/api/tables/users/rows/u.coach', {
      body: { user_type: 'owner', team_id: 'no.such.team' },
    });
    expect(response.status).toBe(409);
    expect((await call('GET', '/api/auth/me', { token: tokens.coach })).status).toBe(200);
  });

  it('deletes a user and ends their sessions', async () => {
    expect((await call('DELETE', '/api/tables/users/rows/u.fan')).status).toBe(200);
    expect(sqlRow("SELECT id FROM users WHERE id = 'u.fan'")).toBeUndefined();
    expect((await call('GET', '/api/auth/me', { token: tokens.fan })).status).toBe(401);
    const [entry] = auditRows();
    expect(entry).toMatchObject({ action: 'admin.delete', entity: 'users', entity_id: 'u.fan' });
    expect(entry?.before).not.toContain('password_hash');
  });

  it('keeps a super admin from deleting or demoting themselves', async () => {
    const before = await snapshot();
    expect(await call('DELETE', '/api/tables/users/rows/u.superadmin')).toMatchObject({
      status: 409,
      body: { detail: 'You cannot delete your own account' },
    });
    expect(
      await call('PUT', '/api/tables/users/rows/u.superadmin', { body: { user_type: 'fan' } }),
    ).toMatchObject({ status: 409, body: { detail: 'You cannot change your own user_type' } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('injection', () => {
  const TABLE_NAMES = [
    'users; DROP TABLE users',
    'x" OR 1=1 --',
    'teams"; DROP TABLE teams; --',
    'sqlite_master',
    'sqlite_schema',
    'SQLITE_MASTER',
    'sessions',
    'SESSIONS',
    'idempotency_keys',
    'schema_migrations',
    '../users',
    'USERS',
    'Users',
    ' users',
    'users ',
    '"users"',
    'main.users',
    'users--',
    'pragma_table_info',
    'users\u0000',
  ];

  it('answers 404 for every crafted or internal table name on every endpoint and changes nothing', async () => {
    const before = await snapshot();
    for (const name of TABLE_NAMES) {
      const table = encodeURIComponent(name);
      const attempts: [Method, string, unknown][] = [
        ['GET', `/api/tables/${table}/schema`, undefined],
        ['GET', `/api/tables/${table}/relations`, undefined],
        ['GET', `/api/tables/${table}/data?page=1`, undefined],
        ['POST', `/api/tables/${table}/rows`, { id: 'x', name: 'X' }],
        ['PUT', `/api/tables/${table}/rows/u.fan`, { name: 'X' }],
        ['DELETE', `/api/tables/${table}/rows/u.fan`, undefined],
        ['DELETE', `/api/tables/${table}/rows/1`, undefined],
      ];
      for (const [method, path, body] of attempts) {
        const response = await call(method, path, { body });
        expect(response, `${method} ${path}`).toMatchObject({
          status: 404,
          body: { detail: 'Table not found' },
        });
      }
    }
    // An unencoded ../ is resolved by the URL itself and never reaches the router's table.
    expect((await call('GET', '/api/tables/../users/schema')).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await call('GET', '/api/tables')).body).toEqual({ tables: LISTED });
  });

  it('refuses crafted column names before any SQL and changes nothing', async () => {
    const before = await snapshot();
    const columns = [
      `name" = 'x' --`,
      'id) VALUES (1); DROP TABLE teams; --',
      'team_name = team_name; DROP TABLE teams; --',
      '"team_name"',
      'teams.team_name',
      'rowid',
      '*',
    ];
    for (const column of columns) {
      const post = await call('POST', '/api/tables/teams/rows', {
        body: { team_id: 'inj.fc', team_name: 'Inj', [column]: 'x' },
      });
      expect(post, column).toMatchObject({ status: 400, body: { detail: `Unknown column: ${column}` } });
      const put = await call('PUT', '/api/tables/teams/rows/north.town', { body: { [column]: 'x' } });
      expect(put, column).toMatchObject({ status: 400, body: { detail: `Unknown column: ${column}` } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('treats crafted ids as plain values', async () => {
    const before = await snapshot();
    for (const id of ["north.town' OR '1'='1", "x' OR 1=1 --", 'north.town"; DROP TABLE teams; --', '%']) {
      const path = `/api/tables/teams/rows/${encodeURIComponent(id)}`;
      expect(await call('PUT', path, { body: { team_name: 'X' } }), id).toMatchObject({ status: 404 });
      expect(await call('DELETE', path), id).toMatchObject({ status: 404 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stores crafted values verbatim', async () => {
    const values = ["'); DROP TABLE teams; --", `x" OR 1=1 --`, "Robert'); DROP TABLE users;--", '%_\\'];
    for (const [i, value] of values.entries()) {
      const { status, body } = await call('POST', '/api/tables/teams/rows', {
        body: { team_id: `inj.${i}`, team_name: value, description: value },
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ team_id: `inj.${i}`, team_name: value, description: value });
      expect(sqlRow('SELECT team_name, description FROM teams WHERE team_id = ?', `inj.${i}`)).toEqual({
        team_name: value,
        description: value,
      });
    }
    const updated = await call('PUT', '/api/tables/teams/rows/north.town', { body: { location: values[0] } });
    expect(updated).toMatchObject({ status: 200, body: { location: values[0] } });
    expect(sqlRows('SELECT team_id FROM teams ORDER BY team_id')).toHaveLength(8);
    expect(sqlRows('SELECT id FROM users')).toHaveLength(8);
    expect((await call('GET', '/api/tables')).body).toEqual({ tables: LISTED });
  });
});
