/**
 * Several instances on one PostgreSQL database (issue #17): two real server processes
 * (A and B) on one fresh database, started together. Nothing one instance knows may
 * be hidden from the other: a write through A is read through B at once, a write
 * through B refreshes A's cached reads, an Idempotency-Key used on A is honoured on B,
 * the sign-in limit counts across both, tokens signed by one are accepted by the
 * other, and SIGKILL of A under write load loses no acknowledged write while B keeps
 * serving. Runs in the reliability-pg project only.
 */
import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MatchDetailsSchema, StandingRowSchema } from '../../api/schemas';
import { DEMO_PASSWORD } from '../../db/seed/demo-league';
import { startServer, type TestServer } from '../e2e/harness';
import { everyMatch } from './demo-writes';
import { freshPostgresDatabase, TEST_ENGINE } from '../fixtures/engine';
import { figure } from './settings';

const SUPER_ADMIN = 'superadmin@touchline.demo';
const COACH = 'coach@touchline.demo';
const LEAGUE = 'mwpl-26';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;
  if (options.from) headers['X-Forwarded-For'] = options.from;
  const response = await fetch(new URL(path, base), {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function json<T>(base: string, path: string, schema: z.ZodType<T>, token?: string): Promise<T> {
  const answer = await call(base, 'GET', path, token ? { token } : {});
  if (answer.status !== 200) throw new Error(`GET ${path} on ${base}: ${answer.status} ${answer.text}`);
  return schema.parse(JSON.parse(answer.text));
}

async function login(base: string, email: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.text}`);
  return z.object({ access_token: z.string() }).parse(JSON.parse(answer.text)).access_token;
}

const Table = z.object({ standings: z.array(StandingRowSchema) });
const playedOf = (table: z.infer<typeof Table>, teamId: string) =>
  table.standings.find((row) => row.team_id === teamId)?.played ?? -1;

function reportOf(match: z.infer<typeof MatchDetailsSchema>, home: number, away: number) {
  const pick = (players: readonly string[], n: number) =>
    Array.from({ length: n }, () => players[randomInt(players.length)] as string);
  return {
    home_score: home,
    away_score: away,
    goalscorers: [...pick(match.home_players, home), ...pick(match.away_players, away)],
    assisters: [],
    goalkeepers: [match.home_players[0], match.away_players[0]],
  };
}

describe.runIf(TEST_ENGINE === 'postgres')('two instances on one PostgreSQL database', () => {
  let a: TestServer;
  let b: TestServer;
  let drop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    await Promise.allSettled([a?.dispose(), b?.dispose()]);
    await drop?.();
  });

  it('share writes, reads, idempotency, limits and tokens, and survive the death of one', async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    // Behind a proxy (as several instances are): the sign-in limit then keys on the
    // forwarded address, so the account's own limit is what the bad sign-ins below reach.
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: '4',
      SEED_REFERENCE_DATE: '2026-11-22',
      TRUST_PROXY: 'true',
    };
    // Started together on an empty database: one migrates and seeds, the other waits for
    // the migration lock and then finds the work done.
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    expect(`${a.output()}\n${b.output()}`.match(/Seeded the demo league/g)).toHaveLength(1);

    // A token signed by A is accepted by B: the secret is the database's, not A's.
    const admin = await login(a.url, SUPER_ADMIN);
    expect((await call(b.url, 'GET', '/api/auth/me', { token: admin })).status).toBe(200);

    // Played matches without an approved result: the super admin may report them again
    // and again. The first is of the league whose table is watched; the rest of any league.
    const reference = Date.parse('2026-11-22T00:00:00Z');
    const open = (await everyMatch((path, schema) => json(b.url, path, schema))).filter(
      (m) => Date.parse(m.match_date) <= reference && m.approved !== 'TRUE',
    );
    const watched = open.find((m) => m.league_id === LEAGUE);
    const others = open.filter((m) => m !== watched).slice(0, 6);
    expect(others.length).toBeGreaterThanOrEqual(4);
    const [first, ...rest] = await Promise.all(
      [watched, ...others].map((m) => json(a.url, `/api/matches/${m?.id ?? 0}`, MatchDetailsSchema)),
    );
    if (!first) throw new Error('no match');

    // A's league table is read (and cached) before B writes.
    const tableBefore = await json(a.url, `/api/leagues/${LEAGUE}/table`, Table);

    // A report written through A is pending when read through B at once.
    const report = reportOf(first, 2, 1);
    const written = await call(a.url, 'POST', `/api/matches/${first.id}/report`, {
      token: admin,
      body: report,
      key: 'instances-report-1',
    });
    expect(written.status, written.text).toBe(200);
    const onB = await json(b.url, `/api/matches/${first.id}`, MatchDetailsSchema);
    expect([onB.approved, onB.home_score, onB.away_score]).toEqual(['PENDING', 2, 1]);

    // The same Idempotency-Key replayed on B answers A's stored result and writes nothing.
    const replay = await call(b.url, 'POST', `/api/matches/${first.id}/report`, {
      token: admin,
      body: report,
      key: 'instances-report-1',
    });
    expect(replay.status).toBe(written.status);
    expect(replay.text).toBe(written.text);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');

    // Approving on B updates A's league table on the next read.
    const approved = await call(b.url, 'POST', `/api/matches/${first.id}/approve`, { token: admin });
    expect(approved.status, approved.text).toBe(200);
    const tableAfter = await json(a.url, `/api/leagues/${LEAGUE}/table`, Table);
    expect(playedOf(tableAfter, first.home_team)).toBe(playedOf(tableBefore, first.home_team) + 1);
    expect(playedOf(tableAfter, first.away_team)).toBe(playedOf(tableBefore, first.away_team) + 1);

    // Ten bad sign-ins spread over A and B (and over addresses) lock the account on both.
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? a : b;
      const bad = await call(server.url, 'POST', '/api/auth/login', {
        body: { email: COACH, password: 'not the password' },
        from: `203.0.113.${i + 1}`,
      });
      expect(bad.status).toBe(401);
    }
    for (const server of [a, b]) {
      const locked = await call(server.url, 'POST', '/api/auth/login', {
        body: { email: COACH, password: DEMO_PASSWORD },
        from: server === a ? '198.51.100.1' : '198.51.100.2',
      });
      expect(locked.status, locked.text).toBe(429);
    }

    // SIGKILL of A under write load: every acknowledged write is there, read through B,
    // and B keeps serving. Each worker owns one match, so its last write is well defined;
    // a write cut off by the kill may or may not have committed, which its key tells.
    const acked = new Map<number, { home: number; away: number }>();
    const inFlight = new Map<number, { key: string; body: unknown; home: number; away: number }>();
    let writes = 0;
    let stop = false;
    const workers = rest.map(async (match, w) => {
      for (let n = 0; !stop; n++) {
        const [home, away] = [randomInt(6), randomInt(6)];
        const key = `instances-load-${w}-${n}`;
        const body = reportOf(match, home, away);
        inFlight.set(match.id, { key, body, home, away });
        let answer: Answer;
        try {
          answer = await call(a.url, 'POST', `/api/matches/${match.id}/report`, { token: admin, body, key });
        } catch {
          return; // the kill cut this one off: it stays in flight
        }
        if (answer.status !== 200) throw new Error(`write on A: ${answer.status} ${answer.text}`);
        inFlight.delete(match.id);
        acked.set(match.id, { home, away });
        writes += 1;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 400 + randomInt(800)));
    await a.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    expect(writes).toBeGreaterThan(0);

    expect((await call(b.url, 'GET', '/api/leagues')).status).toBe(200);
    for (const match of rest) {
      const read = await json(b.url, `/api/matches/${match.id}`, MatchDetailsSchema);
      const stored = [read.home_score, read.away_score];
      const last = acked.get(match.id);
      const cut = inFlight.get(match.id);
      if (cut) {
        // Replayed on B: a stored answer means the cut write committed before the kill
        // (it must then be what is stored); otherwise the last acknowledged one must be.
        const again = await call(b.url, 'POST', `/api/matches/${match.id}/report`, {
          token: admin,
          body: cut.body,
          key: cut.key,
        });
        expect(again.status, again.text).toBe(200);
        const committed = again.headers.get('Idempotent-Replayed') === 'true';
        const expected = committed ? cut : last;
        if (expected) expect(stored, `match ${match.id}`).toEqual([expected.home, expected.away]);
      } else if (last) {
        expect(stored, `match ${match.id}`).toEqual([last.home, last.away]);
      }
    }
    // B still writes.
    const after = await call(b.url, 'POST', `/api/matches/${first.id}/report`, {
      token: admin,
      body: reportOf(first, 0, 0),
    });
    expect([200, 409]).toContain(after.status);
    figure('writes acknowledged by A before its SIGKILL', writes);
  });
});
