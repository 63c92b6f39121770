/**
 * Issue #8, security: the OWASP ASVS checks that apply to this API, each a named
 * test run in process. Account enumeration and brute force at login, token
 * forgery and session revocation, object- and property-level authorisation, SSRF
 * through the feed calls, path traversal through the image calls, security headers
 * and the body limit. Every refusal must leave every table as it was.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/app';
import { resolveOptions, type AppEnv } from '../../api/env';
import { loadConfig } from '../../api/config';
import { notFound, onError } from '../../api/errors';
import { isForbiddenAddress } from '../../api/feeds/safe-fetch';
import { SVG_CSP } from '../../api/routes/images';
import { createNewsRoutes } from '../../api/routes/news';
import { staticApp } from '../../api/server';
import { makeTestApp, makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, addUser, PASSWORD, tokenFor, type Role } from '../fixtures/auth';
import { changedTables, tableChecksums } from '../fixtures/checksum';
import { insertMatch, insertTeam, NOW } from '../fixtures/factory';
import { b64url, claimsOf, forgeToken, unsignedToken } from '../fixtures/jwt';
import { figure } from './settings';

// ---------------------------------------------------------------------------------
// Helpers

let checks = 0;
let passed = 0;
/** A named check; the figure at the end counts those that passed. */
function check(name: string, run: () => Promise<void>) {
  checks += 1;
  it(name, async () => {
    await run();
    passed += 1;
  });
}
afterAll(() => figure('security checks passed', `${passed} of ${checks}`));

type TestApp = Awaited<ReturnType<typeof makeTinyLeagueApp>>;

interface CallOptions {
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

async function call(app: TestApp['app'], method: string, url: string, options: CallOptions = {}) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await app.request(url, {
    method,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(body !== undefined && { body }),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the caller looks at text
  }
  return { status: response.status, headers: response.headers, text, json };
}

function detailOf(json: unknown): unknown {
  return typeof json === 'object' && json !== null && 'detail' in json ? json.detail : undefined;
}

/** Runs `act` and asserts that no table (nor the schema) changed. */
async function unchanged<T>(t: TestApp | Awaited<ReturnType<typeof makeTestApp>>, act: () => Promise<T>) {
  const before = await tableChecksums(t.connection);
  const result = await act();
  expect(changedTables(before, await tableChecksums(t.connection)), 'tables changed').toEqual([]);
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const COACH_EMAIL = 'coach@nt.test';
async function appWithCoach(options: Parameters<typeof makeTinyLeagueApp>[0] = {}) {
  const t = await makeTinyLeagueApp(options);
  await addUser(t.connection.db, {
    id: 'coach.nt',
    user_type: 'coach',
    team_id: 'north.town',
    email: COACH_EMAIL,
  });
  return t;
}

function login(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return call(t.app, 'POST', '/api/auth/login', { body: { email, password }, headers });
}

// ---------------------------------------------------------------------------------
// V2 authentication: enumeration and brute force

describe('login (ASVS V2.2, V3.x)', () => {
  check('an unknown email and a wrong password get the same status and detail', async () => {
    const t = await appWithCoach();
    try {
      const wrong = await login(t, COACH_EMAIL, 'not the password');
      for (const email of ['nobody@nt.test', 'COACH@nt.test.', 'coach@nt.tes', "' OR 1=1 --"]) {
        const unknown = await login(t, email, 'not the password');
        expect(unknown.status, email).toBe(wrong.status);
        expect(unknown.json, email).toEqual(wrong.json);
      }
      expect(wrong.status).toBe(401);
      expect(wrong.json).toEqual({ detail: 'Incorrect email or password' });
    } finally {
      await t.close();
    }
  });

  check('an unknown email costs about as much as a wrong password (a dummy hash is checked)', async () => {
    // A realistic scrypt cost, so that checking a hash dominates the time of a login;
    // the account is registered through the API, so its hash has that cost too.
    let tick = 0;
    const t = await makeTinyLeagueApp({
      passwordCost: { log2N: 14, r: 8, p: 1 },
      loginLimit: { max: 1_000, windowMs: 60_000 },
      // A minute passes at every look at the clock: no sign-in waits for the one before.
      now: () => new Date(NOW.getTime() + 60_000 * tick++),
    });
    try {
      const registered = await call(t.app, 'POST', '/api/auth/register', {
        body: { name: 'Timing Fan', email: 'timing@fans.test', password: 'long enough password' },
      });
      expect(registered.status).toBe(201);
      const timed = async (email: string) => {
        const started = performance.now();
        const answer = await login(t, email, 'not the password');
        expect(answer.status).toBe(401);
        return performance.now() - started;
      };
      await timed('timing@fans.test');
      await timed('nobody@fans.test'); // the dummy hash is made on first use
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        known.push(await timed('timing@fans.test'));
        unknown.push(await timed(`nobody${i}@fans.test`));
      }
      const [a, b] = [median(known), median(unknown)];
      const ratio = Math.max(a, b) / Math.min(a, b);
      expect(
        ratio,
        `median ${a.toFixed(1)} ms (wrong password) vs ${b.toFixed(1)} ms (unknown email)`,
      ).toBeLessThan(3);
    } finally {
      await t.close();
    }
  });

  check(
    'ten failures from one address: 429 with Retry-After, even for the right password, nothing stored',
    async () => {
      const t = await appWithCoach();
      try {
        await unchanged(t, async () => {
          for (let i = 0; i < 10; i += 1) {
            expect((await login(t, `guess${i}@nt.test`, 'guess')).status).toBe(401);
          }
          const limited = await login(t, COACH_EMAIL, PASSWORD);
          expect(limited.status).toBe(429);
          expect(limited.headers.get('content-type')).toContain('application/json');
          expect(detailOf(limited.json)).toMatch(/Too many sign-in attempts/);
          const retryAfter = Number(limited.headers.get('retry-after'));
          expect(retryAfter).toBeGreaterThan(0);
          expect(retryAfter).toBeLessThanOrEqual(15 * 60);
        });
      } finally {
        await t.close();
      }
    },
  );

  check(
    'ten failures on one account from ten addresses: 429 with Retry-After for that account only',
    async () => {
      const t = await appWithCoach({ trustProxy: 1 });
      try {
        await unchanged(t, async () => {
          for (let i = 0; i < 10; i += 1) {
            const answer = await login(t, COACH_EMAIL, `guess ${i}`, {
              'X-Forwarded-For': `198.51.100.${i}`,
            });
            expect(answer.status).toBe(401);
          }
          // The right password, from a fresh address, in another spelling of the email.
          const limited = await login(t, ' Coach@NT.test ', PASSWORD, { 'X-Forwarded-For': '203.0.113.7' });
          expect(limited.status).toBe(429);
          expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(detailOf(limited.json)).toEqual(expect.any(String));
          // Another account from that address is not locked out.
          const other = await login(t, 'someone@nt.test', 'guess', { 'X-Forwarded-For': '203.0.113.7' });
          expect(other.status).toBe(401);
        });
      } finally {
        await t.close();
      }
    },
  );
});

// ---------------------------------------------------------------------------------
// V3 session management: forged tokens and revoked sessions

describe('tokens on a protected call (ASVS V3.5)', () => {
  const header = { alg: 'HS256', typ: 'JWT' };
  const forgeries: [string, (token: string) => string][] = [
    ['alg none, no signature', (token) => unsignedToken(claimsOf(token))],
    [
      'alg none header over the real signature',
      (token) => {
        const [, payload, signature] = token.split('.');
        return `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`;
      },
    ],
    ['HS512 in the header', (token) => forgeToken({ alg: 'HS512', typ: 'JWT' }, claimsOf(token))],
    [
      'signed with another key',
      (token) => forgeToken(header, claimsOf(token), 'not-the-secret-not-the-secret-not-0123'),
    ],
    ['a refresh-type token', (token) => forgeToken(header, { ...claimsOf(token), typ: 'refresh' })],
    [
      'payload changed to another user, same signature',
      (token) => {
        const [head, , signature] = token.split('.');
        return `${head}.${b64url({ ...claimsOf(token), sub: 'u.superadmin' })}.${signature}`;
      },
    ],
    [
      'payload given a role claim, same signature',
      (token) => {
        const [head, , signature] = token.split('.');
        return `${head}.${b64url({ ...claimsOf(token), user_type: 'super_admin' })}.${signature}`;
      },
    ],
    ['signature cut short', (token) => token.slice(0, -6)],
  ];

  for (const [name, forge] of forgeries) {
    check(`refuses ${name} with 401`, async () => {
      const t = await makeTinyLeagueApp();
      try {
        const tokens = await addRoleUsers(t.connection.db);
        const genuine = tokens.coach ?? '';
        const forged = forge(genuine);
        await unchanged(t, async () => {
          const me = await call(t.app, 'GET', '/api/auth/me', { token: forged });
          expect(me.status).toBe(401);
          expect(detailOf(me.json)).toEqual(expect.any(String));
          // A write the genuine token may make.
          const write = await call(t.app, 'PUT', '/api/player/update/nt.def', {
            token: forged,
            body: { number: 5 },
          });
          expect(write.status).toBe(401);
          expect(detailOf(write.json)).toEqual(expect.any(String));
        });
        expect(
          (await call(t.app, 'PUT', '/api/player/update/nt.def', { token: genuine, body: { number: 5 } }))
            .status,
        ).toBe(200);
      } finally {
        await t.close();
      }
    });
  }

  check('refuses an expired token with 401 "Token expired"', async () => {
    let clock = NOW;
    const t = await makeTinyLeagueApp({ now: () => clock });
    try {
      await addRoleUsers(t.connection.db);
      const token = await tokenFor(t.connection.db, 'u.coach', NOW);
      clock = new Date(NOW.getTime() + (15 * 60 + 1) * 1000);
      await unchanged(t, async () => {
        const me = await call(t.app, 'GET', '/api/auth/me', { token });
        expect(me.status).toBe(401);
        expect(me.json).toEqual({ detail: 'Token expired' });
        const write = await call(t.app, 'PUT', '/api/player/update/nt.def', { token, body: { number: 5 } });
        expect(write.status).toBe(401);
      });
    } finally {
      await t.close();
    }
  });

  check('refuses refresh after logout', async () => {
    const t = await makeTinyLeagueApp();
    try {
      await addRoleUsers(t.connection.db);
      const token = await tokenFor(t.connection.db, 'u.coach');
      expect((await call(t.app, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      await unchanged(t, async () => {
        const refreshed = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { token } });
        expect(refreshed.status).toBe(401);
        expect(detailOf(refreshed.json)).toEqual(expect.any(String));
        expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(401);
      });
    } finally {
      await t.close();
    }
  });

  check(
    'refuses the old token after rotation; its reuse at refresh ends every session of the sign-in',
    async () => {
      const t = await makeTinyLeagueApp();
      try {
        await addRoleUsers(t.connection.db);
        const old = await tokenFor(t.connection.db, 'u.coach');
        const rotated = await call(t.app, 'POST', '/api/auth/refresh-token', { body: { token: old } });
        expect(rotated.status).toBe(200);
        const fresh = (rotated.json as { access_token: string }).access_token;
        await unchanged(t, async () => {
          expect((await call(t.app, 'GET', '/api/auth/me', { token: old })).status).toBe(401);
        });
        expect((await call(t.app, 'GET', '/api/auth/me', { token: fresh })).status).toBe(200);
        // Two holders of one token (RFC 9700, 4.14.2): the newer one is signed out too.
        expect((await call(t.app, 'POST', '/api/auth/refresh-token', { body: { token: old } })).status).toBe(
          401,
        );
        expect((await call(t.app, 'GET', '/api/auth/me', { token: fresh })).status).toBe(401);
        expect(
          (await call(t.app, 'POST', '/api/auth/refresh-token', { body: { token: fresh } })).status,
        ).toBe(401);
      } finally {
        await t.close();
      }
    },
  );
});

// ---------------------------------------------------------------------------------
// V4 access control: objects of another team

describe("object-level authorisation: another team's objects (ASVS V4.2.1)", () => {
  interface Case {
    name: string;
    role: Role;
    method: string;
    path: (ids: { m7: number; m8: number; m9: number; other: number; m5: number }) => string;
    body?: unknown;
    status: number;
  }
  const squad = ['sc.gk', 'sc.def', 'sc.mid', 'sc.fwd', 'nt.gk', 'nt.def', 'nt.mid'];
  const cases: Case[] = [
    {
      name: 'a North Town coach adds a player to South City',
      role: 'coach',
      method: 'POST',
      path: () => '/api/teams/south.city/players',
      body: { name: 'Mole', position: 'Forward', position_general: 'FW', number: 42 },
      status: 403,
    },
    {
      name: 'a North Town coach edits a South City player',
      role: 'coach',
      method: 'PUT',
      path: () => '/api/player/update/sc.def',
      body: { number: 44 },
      status: 403,
    },
    {
      name: 'a North Town coach deletes a South City player',
      role: 'coach',
      method: 'DELETE',
      path: () => '/api/teams/south.city/players/sc.def',
      status: 403,
    },
    {
      name: "a North Town coach deletes a South City player through North Town's path",
      role: 'coach',
      method: 'DELETE',
      path: () => '/api/teams/north.town/players/sc.def',
      status: 404,
    },
    {
      name: "a North Town coach saves South City's squad",
      role: 'coach',
      method: 'PUT',
      path: (m) => `/api/teams/south.city/matches/${m.m9}/roster`,
      body: { players: squad },
      status: 403,
    },
    {
      name: 'a North Town coach saves a squad for a match North Town does not play',
      role: 'coach',
      method: 'PUT',
      path: (m) => `/api/teams/north.town/matches/${m.m9}/roster`,
      body: { players: squad },
      status: 404,
    },
    {
      name: "a North Town coach puts South City's players in North Town's squad",
      role: 'coach',
      method: 'PUT',
      path: (m) => `/api/teams/north.town/matches/${m.m8}/roster`,
      body: { players: squad },
      status: 400,
    },
    {
      name: 'a North Town coach reports a match of two other teams',
      role: 'coach',
      method: 'POST',
      path: (m) => `/api/matches/${m.m7}/report`,
      body: { home_score: 3, away_score: 0, goalscorers: [], assisters: [], goalkeepers: [] },
      status: 403,
    },
    {
      name: 'a North Town coach approves a result between two other teams',
      role: 'coach',
      method: 'POST',
      path: (m) => `/api/matches/${m.other}/approve`,
      status: 403,
    },
    {
      name: 'a North Town coach rejects a result between two other teams',
      role: 'coach',
      method: 'POST',
      path: (m) => `/api/matches/${m.other}/reject`,
      status: 403,
    },
    {
      name: 'the reporting side (East United) approves its own report',
      role: 'opponentOwner',
      method: 'POST',
      path: (m) => `/api/matches/${m.m5}/approve`,
      status: 403,
    },
    {
      name: 'a North Town player approves a result against North Town',
      role: 'player',
      method: 'POST',
      path: (m) => `/api/matches/${m.m5}/approve`,
      status: 403,
    },
    {
      name: 'a West Rangers coach edits a North Town player',
      role: 'otherCoach',
      method: 'PUT',
      path: () => '/api/player/update/nt.def',
      body: { number: 45 },
      status: 403,
    },
  ];

  for (const c of cases) {
    check(`refuses: ${c.name} (${c.status})`, async () => {
      const t = await makeTinyLeagueApp();
      try {
        const tokens = await addRoleUsers(t.connection.db);
        // A pending result between two teams neither the coach nor the player belongs to.
        const other = await insertMatch(t.connection.db, {
          league_id: 'tl-26',
          date: '2026-06-10T14:00:00.000Z',
          home: 'south.city',
          away: 'west.rangers',
          score: [1, 0],
          approved: 'PENDING',
          reported_by_team: 'south.city',
        });
        const answer = await unchanged(t, () =>
          call(t.app, c.method, c.path({ ...t.matchIds, other }), {
            token: tokens[c.role],
            ...(c.body !== undefined && { body: c.body }),
          }),
        );
        expect(answer.status, answer.text).toBe(c.status);
        expect(detailOf(answer.json)).toEqual(expect.any(String));
      } finally {
        await t.close();
      }
    });
  }
});

// ---------------------------------------------------------------------------------
// V4 / V8: the table editor and secrets

describe('property-level authorisation: the table editor and secrets (ASVS V4.2, V8.3)', () => {
  const HIDDEN = ['sessions', 'idempotency_keys', 'schema_migrations', 'sqlite_master', 'sqlite_schema'];
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await makeTinyLeagueApp();
    admin = (await addRoleUsers(t.connection.db)).superAdmin ?? '';
    // Sessions and idempotency records exist, so there is something to hide.
    await call(t.app, 'POST', '/api/tables/league_news/rows', {
      token: admin,
      body: { title: 'Kept', published_at: '2026-06-01T00:00:00.000Z' },
      headers: { 'Idempotency-Key': 'secret-test-1' },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  const hashes = async () =>
    (await t.connection.db.selectFrom('users').select('password_hash').execute()).map(
      (row) => row.password_hash,
    );

  check('the table list hides sessions, idempotency keys, migrations and SQLite tables', async () => {
    const answer = await call(t.app, 'GET', '/api/tables', { token: admin });
    expect(answer.status).toBe(200);
    const { tables } = answer.json as { tables: string[] };
    expect(tables).toContain('users');
    for (const hidden of HIDDEN) expect(tables).not.toContain(hidden);
    expect(tables.filter((name) => name.startsWith('sqlite_'))).toEqual([]);
  });

  check('users rows, schema, relations and the audit log never show a password hash', async () => {
    const renamed = await call(t.app, 'PUT', '/api/tables/users/rows/u.fan', {
      token: admin,
      body: { name: 'Renamed Fan' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).not.toHaveProperty('password_hash');
    const stored = await hashes();
    expect(stored.every((hash) => hash.startsWith('scrypt$'))).toBe(true);
    const reads = [
      '/api/tables/users/schema',
      '/api/tables/users/relations',
      '/api/tables/users/data',
      '/api/tables/users/data?page=2',
      '/api/tables/audit_log/data',
      '/api/tables/players/relations',
    ];
    for (const url of reads) {
      const answer = await call(t.app, 'GET', url, { token: admin });
      expect(answer.status, url).toBe(200);
      expect(answer.text, url).not.toContain('password_hash');
      expect(answer.text, url).not.toContain('scrypt$');
      for (const hash of stored) expect(answer.text.includes(hash.split('$')[5] ?? hash), url).toBe(false);
    }
  });

  check('hidden tables answer 404 to every call, in every spelling', async () => {
    const spellings = [
      ...HIDDEN,
      'SESSIONS',
      'Sessions',
      'main.sessions',
      '"sessions"',
      'sessions ',
      'sessions\u0000',
      'temp.sqlite_master',
    ];
    await unchanged(t, async () => {
      for (const name of spellings) {
        const table = encodeURIComponent(name);
        const attempts: [string, string, unknown][] = [
          ['GET', `/api/tables/${table}/schema`, undefined],
          ['GET', `/api/tables/${table}/relations`, undefined],
          ['GET', `/api/tables/${table}/data`, undefined],
          ['POST', `/api/tables/${table}/rows`, { id: 'x', user_id: 'u.fan', expires_at: '2099-01-01' }],
          ['PUT', `/api/tables/${table}/rows/1`, { revoked_at: null }],
          ['DELETE', `/api/tables/${table}/rows/1`, undefined],
        ];
        for (const [method, url, body] of attempts) {
          const answer = await call(t.app, method, url, {
            token: admin,
            ...(body !== undefined && { body }),
          });
          expect(answer.status, `${method} ${url}`).toBe(404);
          expect(answer.text, `${method} ${url}`).not.toContain('revoked_at');
        }
      }
    });
  });

  check('password_hash cannot be written, in any spelling, by insert or update', async () => {
    const forged = 'scrypt$10$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    const columns = [
      'password_hash',
      'PASSWORD_HASH',
      'Password_Hash',
      'password_hash ',
      '"password_hash"',
      'users.password_hash',
    ];
    await unchanged(t, async () => {
      for (const column of columns) {
        const update = await call(t.app, 'PUT', '/api/tables/users/rows/u.fan', {
          token: admin,
          body: { name: 'Still Fan', [column]: forged },
        });
        expect(update.status, column).toBe(400);
        const insert = await call(t.app, 'POST', '/api/tables/users/rows', {
          token: admin,
          body: {
            id: 'sneaky',
            name: 'Sneaky',
            email: 'sneaky@x.test',
            user_type: 'super_admin',
            [column]: forged,
          },
        });
        expect(insert.status, column).toBe(400);
      }
    });
  });

  check('an account made in the editor gets a locked hash and cannot sign in', async () => {
    const made = await call(t.app, 'POST', '/api/tables/users/rows', {
      token: admin,
      body: { id: 'editor.made', name: 'Editor Made', email: 'made@x.test', user_type: 'fan' },
    });
    expect(made.status).toBe(201);
    expect(made.json).not.toHaveProperty('password_hash');
    const hash = (
      await t.connection.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', 'editor.made')
        .executeTakeFirst()
    )?.password_hash;
    expect(hash).not.toMatch(/^scrypt\$/);
    for (const password of ['x', '!locked', PASSWORD, 'editor.made']) {
      expect((await login(t, 'made@x.test', password)).status).toBe(401);
    }
  });

  check('the audit log is read-only, even for the super admin', async () => {
    await unchanged(t, async () => {
      expect(
        (
          await call(t.app, 'POST', '/api/tables/audit_log/rows', {
            token: admin,
            body: { action: 'x', entity: 'y' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(t.app, 'PUT', '/api/tables/audit_log/rows/1', { token: admin, body: { action: 'x' } }))
          .status,
      ).toBe(403);
      expect((await call(t.app, 'DELETE', '/api/tables/audit_log/rows/1', { token: admin })).status).toBe(
        403,
      );
    });
  });
});

// ---------------------------------------------------------------------------------
// V12.6 / SSRF: team news and video

describe('SSRF through team news and video (ASVS V12.6.1)', () => {
  const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Local</title>
    <item><title>Internal secret</title><link>http://intranet/</link></item></channel></rss>`;
  const hits = new Map<string, number>();
  let server: http.Server;
  let port = 0;
  const hitsOf = (key: string) => hits.get(key) ?? 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const key = `${url.pathname}${url.search}`;
      hits.set(key, hitsOf(key) + 1);
      if (url.pathname === '/to') {
        res.writeHead(302, { location: url.searchParams.get('target') ?? '/' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(RSS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const q = encodeURIComponent;
  const feedCalls = (target: string) => [
    `/api/team_news?url=${q(target)}`,
    `/api/team_video?channel_url=${q(target)}`,
  ];

  let feedTeams = 0;
  /** The feed calls read only addresses a team has published: puts each on a new team's record. */
  async function publish(db: TestApp['connection']['db'], ...addresses: string[]) {
    for (const address of addresses) {
      feedTeams += 1;
      const team = { team_id: `feed.team${feedTeams}`, team_name: `Feed Team ${feedTeams}` };
      await insertTeam(db, { ...team, website: address, youtube_channel: address });
    }
  }

  function expectRefused(answer: { status: number; json: unknown; headers: Headers }, label: string) {
    expect(answer.status, label).toBe(400);
    expect(answer.headers.get('content-type'), label).toContain('application/json');
    const detail = detailOf(answer.json);
    expect(detail, label).toEqual({ message: expect.stringMatching(/^The address is not allowed/) });
  }

  check(
    'private, loopback, link-local, mapped and numeric addresses are refused without connecting',
    async () => {
      const t = await makeTestApp();
      try {
        const local = [
          `http://127.0.0.1:${port}/feed.xml?n=1`,
          `http://localhost:${port}/feed.xml?n=2`,
          `http://LOCALHOST:${port}/feed.xml?n=3`,
          `http://api.localhost:${port}/feed.xml?n=4`,
          `http://[::1]:${port}/feed.xml?n=5`,
          `http://[::ffff:127.0.0.1]:${port}/feed.xml?n=6`,
          `http://[::ffff:7f00:1]:${port}/feed.xml?n=7`,
          `http://2130706433:${port}/feed.xml?n=8`,
          `http://0x7f000001:${port}/feed.xml?n=9`,
          `http://0x7f.0.0.1:${port}/feed.xml?n=10`,
          `http://0177.0.0.1:${port}/feed.xml?n=11`,
          `http://127.1:${port}/feed.xml?n=12`,
          `http://0.0.0.0:${port}/feed.xml?n=13`,
          `http://%6c%6f%63%61%6c%68%6f%73%74:${port}/feed.xml?n=14`,
          // Look-alike characters that the URL parser's IDNA mapping folds to ASCII.
          `http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ:${port}/feed.xml?n=15`,
          `http://①②⑦.0.0.1:${port}/feed.xml?n=16`,
          `http://127.0.0.1.:${port}/feed.xml?n=17`,
        ];
        const elsewhere = [
          'http://10.0.0.1/feed.xml',
          'http://10.255.255.1/',
          'http://172.16.0.1/',
          'http://172.31.255.255/',
          'http://192.168.0.1/',
          'https://192.168.1.1:8443/',
          'http://169.254.169.254/latest/meta-data/',
          'http://[::ffff:169.254.169.254]/latest/meta-data/',
          'http://[::ffff:a9fe:a9fe]/',
          'http://2852039166/latest/meta-data/',
          'http://[64:ff9b::a9fe:a9fe]/',
          'http://[fe80::1]/',
          'http://[fd00::1]/',
          'http://100.64.0.1/',
        ];
        for (const target of [...local, ...elsewhere]) {
          for (const url of feedCalls(target)) expectRefused(await call(t.app, 'GET', url), url);
        }
        expect([...hits.keys()].filter((key) => key.startsWith('/feed.xml'))).toEqual([]);
      } finally {
        await t.close();
      }
      // The same feed is readable once private targets are allowed: the refusals were the policy's.
      const open = await makeTestApp({ allowPrivateFeedTargets: true });
      try {
        await publish(open.connection.db, `http://127.0.0.1:${port}/feed.xml?n=control`);
        const answer = await call(
          open.app,
          'GET',
          `/api/team_news?url=${q(`http://127.0.0.1:${port}/feed.xml?n=control`)}`,
        );
        expect(answer.status).toBe(200);
        expect(hitsOf('/feed.xml?n=control')).toBe(1);
      } finally {
        await open.close();
      }
    },
  );

  check('a redirect to a private address is refused, before connecting to it', async () => {
    const store = await makeTestApp();
    // 127.0.0.1 stands in for a public server; every other address gets the default policy.
    const options = resolveOptions({
      jwtSecret: 'x'.repeat(40),
      imagesDir: os.tmpdir(),
      allowPrivateFeedTargets: false,
    });
    const api = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('db', store.connection.db);
        c.set('options', options);
        await next();
      })
      .route(
        '/',
        createNewsRoutes({
          timeoutMs: 2_000,
          isAllowedAddress: (ip) => ip === '127.0.0.1' || !isForbiddenAddress(ip),
          resolve: async (hostname) => {
            if (hostname === 'internal.test') return [{ address: '10.0.0.5', family: 4 }];
            throw new Error(`unexpected lookup of ${hostname}`);
          },
        }),
      );
    api.notFound(notFound);
    api.onError(onError);
    const app = new Hono().route('/api', api);
    const targets = [
      'http://10.0.0.1/feed.xml',
      'http://192.168.0.1/feed.xml',
      'http://172.16.0.1/feed.xml',
      'http://169.254.169.254/latest/meta-data/',
      `http://localhost:${port}/feed.xml?via=localhost`,
      `http://[::1]:${port}/feed.xml?via=v6`,
      `http://[::ffff:127.0.0.1]:${port}/feed.xml?via=mapped`,
      `http://127.0.0.2:${port}/feed.xml?via=loopback2`,
      `http://2130706434:${port}/feed.xml?via=decimal`,
      `http://0x7f000002:${port}/feed.xml?via=hex`,
      `http://internal.test:${port}/feed.xml?via=name`,
    ];
    const firstHop = (index: number, target: string) =>
      `http://127.0.0.1:${port}/to?n=${index}&target=${q(target)}`;
    const followedFirst = `http://127.0.0.1:${port}/to?target=${q(`http://127.0.0.1:${port}/feed.xml?n=followed`)}`;
    await publish(
      store.connection.db,
      ...targets.map((target, index) => firstHop(index, target)),
      followedFirst,
    );
    for (const [index, target] of targets.entries()) {
      const first = firstHop(index, target);
      for (const url of feedCalls(first)) expectRefused(await call(app, 'GET', url), `${url} → ${target}`);
      expect(hitsOf(`/to?n=${index}&target=${q(target)}`), target).toBeGreaterThan(0);
    }
    expect([...hits.keys()].filter((key) => key.includes('via='))).toEqual([]);
    // The control: a redirect to the allowed server is followed.
    const followed = await call(app, 'GET', `/api/team_news?url=${q(followedFirst)}`);
    expect(followed.status).toBe(200);
    expect(hitsOf('/feed.xml?n=followed')).toBe(1);
    await store.close();
  });

  check('private targets stay off unless FEEDS_ALLOW_PRIVATE is set', async () => {
    const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: path.join(os.tmpdir(), 'touchline-unused') };
    expect(loadConfig(base).feedsAllowPrivate).toBe(false);
    expect(loadConfig({ ...base, FEEDS_ALLOW_PRIVATE: '' }).feedsAllowPrivate).toBe(false);
    expect(loadConfig({ ...base, FEEDS_ALLOW_PRIVATE: 'true' }).feedsAllowPrivate).toBe(true);
    expect(() => loadConfig({ ...base, FEEDS_ALLOW_PRIVATE: 'yes please' })).toThrow(/FEEDS_ALLOW_PRIVATE/);
    expect(resolveOptions({ jwtSecret: 'x'.repeat(40), imagesDir: '/nowhere' }).allowPrivateFeedTargets).toBe(
      false,
    );
  });
});

// ---------------------------------------------------------------------------------
// V12.3 file paths, V14.4 headers, V13 body size — over the production app shape

describe('files, headers and limits over the production app shape (ASVS V12.3, V14.4, V13.1)', () => {
  const BUNDLED_DEFAULT = fs.readFileSync(new URL('../../api/assets/default.jpg', import.meta.url));
  const SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
  let root: string;
  let secret: string;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // root/images is the images folder, root/dist the built app; secrets sit in root and root/images.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-security-'));
    const imagesDir = path.join(root, 'images');
    for (const kind of ['teams', 'players', 'coaches'])
      fs.mkdirSync(path.join(imagesDir, kind), { recursive: true });
    fs.writeFileSync(path.join(imagesDir, 'teams', 'crest.svg'), SVG);
    const dist = path.join(root, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Touchline</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    secret = `TOP-SECRET-${process.pid}-${Date.now()}`;
    for (const dir of [root, imagesDir]) {
      for (const name of ['secret.svg', 'secret.png', 'secret.jpg', 'secret.txt'])
        fs.writeFileSync(path.join(dir, name), secret);
    }
    t = await makeTinyLeagueApp({ imagesDir });
    // As startServer does: the static app behind the API, under the same security headers.
    t.app.route('/', staticApp(dist));
    admin = (await addRoleUsers(t.connection.db)).superAdmin ?? '';
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  check(
    'image path traversal on teams and players never leaks a file outside the images folder',
    async () => {
      const ups = [
        '..',
        '%2e%2e',
        '.%2e',
        '%2e.',
        '%2E%2E',
        '%252e%252e',
        '..%00',
        '%c0%ae%c0%ae',
        encodeURIComponent('．．'),
      ];
      const separators = [
        '/',
        '%2f',
        '%2F',
        '\\',
        '%5c',
        '%5C',
        '%252f',
        '%c0%af',
        encodeURIComponent('／'),
        '%00/',
      ];
      const variants = new Set<string>();
      for (const up of ups) {
        for (const separator of separators) {
          for (const depth of [1, 2, 3]) {
            for (const file of ['secret.svg', 'secret.png', 'secret.jpg'])
              variants.add(`${`${up}${separator}`.repeat(depth)}${file}`);
          }
        }
      }
      for (const absolute of [path.join(root, 'secret.svg'), path.join(t.imagesDir, 'secret.png')]) {
        variants.add(encodeURIComponent(absolute));
        variants.add(absolute.split('/').map(encodeURIComponent).join('%2f'));
        variants.add(`file:${encodeURIComponent(`//${absolute}`)}`);
      }
      let served = 0;
      for (const kind of ['teams', 'players']) {
        for (const variant of variants) {
          const url = `/api/images/${kind}/${variant}`;
          const response = await t.app.request(url);
          const body = Buffer.from(await response.arrayBuffer());
          const label = `${url} → ${response.status} ${response.headers.get('content-type')}`;
          expect(body.includes(secret), label).toBe(false);
          expect([200, 400, 404], label).toContain(response.status);
          if (response.headers.get('content-type')?.startsWith('image/')) {
            expect(body.equals(BUNDLED_DEFAULT), label).toBe(true);
            served += 1;
          }
        }
      }
      expect(variants.size).toBeGreaterThan(800);
      expect(served).toBeGreaterThan(0); // some names are just odd files: the default picture answers
    },
  );

  check('security headers on API answers, API errors, images and static files', async () => {
    const answers: [string, Response][] = [
      ['API read', await t.app.request('/api/health')],
      ['API 404', await t.app.request('/api/nope')],
      ['API 401', await t.app.request('/api/teams', { method: 'POST' })],
      ['SVG image', await t.app.request('/api/images/teams/crest.svg')],
      ['default image', await t.app.request('/api/images/players/nobody.png')],
      ['app shell', await t.app.request('/')],
      ['app route', await t.app.request('/team/north.town')],
      ['static asset', await t.app.request('/assets/app-abc.js')],
    ];
    for (const [label, response] of answers) {
      const h = response.headers;
      expect(h.get('x-content-type-options'), label).toBe('nosniff');
      expect(h.get('x-frame-options'), label).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(h.get('referrer-policy'), label).toMatch(/no-referrer|strict-origin/);
      expect(h.get('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
      expect(h.get('cross-origin-opener-policy'), label).toBe('same-origin');
      expect(h.get('x-powered-by'), label).toBeNull();
      const csp = h.get('content-security-policy') ?? '';
      if (label === 'SVG image') {
        expect(csp, label).toBe(SVG_CSP);
        expect(csp, label).toContain('sandbox');
      } else {
        expect(csp, label).toContain("default-src 'self'");
        expect(csp, label).toContain("frame-ancestors 'none'");
        expect(csp, label).toContain("object-src 'none'");
      }
    }
  });

  check(
    `a body over ${MAX_BODY_BYTES / 1024} KiB is refused with 413 and a JSON detail, nothing written`,
    async () => {
      const big = 'x'.repeat(257 * 1024);
      const attempts: [string, string, string | null, unknown][] = [
        ['POST', '/api/teams', admin, { name: 'Big FC', location: 'Bigtown', description: big }],
        [
          'POST',
          '/api/auth/register',
          null,
          { name: big, email: 'big@x.test', password: 'long enough password' },
        ],
        ['PUT', '/api/tables/leagues/rows/tl-25', admin, { location: big }],
        [
          'POST',
          '/api/tables/league_news/rows',
          admin,
          { title: 'Big', description: big, published_at: '2026-06-01' },
        ],
      ];
      await unchanged(t, async () => {
        for (const [method, url, token, body] of attempts) {
          const answer = await call(t.app, method, url, { token, body });
          expect(answer.status, url).toBe(413);
          expect(answer.headers.get('content-type'), url).toContain('application/json');
          expect(detailOf(answer.json), url).toMatch(/too large/);
        }
        // Just under the limit the body is read, and refused for what it says instead.
        const under = await call(t.app, 'POST', '/api/teams', {
          token: admin,
          body: { name: 'Big FC', location: 'Bigtown', description: 'x'.repeat(MAX_BODY_BYTES - 200) },
        });
        expect(under.status).toBe(400);
      });
    },
  );
});
