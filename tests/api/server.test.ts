import { sqliteOf } from '../fixtures/engine';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../api/config';
import { generateVapidPair } from '../../api/push/vapid';
import { sql } from 'kysely';
import { groupCommitFor } from '../../api/http/write';
import { startServer, type RunningServer } from '../../api/server';
import { BACKSTOP_PAGES } from '../../db/checkpointer';

const dirs: string[] = [];
let running: RunningServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-server-'));
  dirs.push(dir);
  return dir;
}
const quiet = () => undefined;

describe('startServer', () => {
  it('migrates, seeds an empty database once, and serves the API on 127.0.0.1', async () => {
    const dir = dataDir();
    const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SEED_REFERENCE_DATE: '2026-11-22T12:00:00Z' };
    const lines: string[] = [];
    running = await startServer(loadConfig(env), (line) => lines.push(line));
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.join('\n')).toMatch(/Seeded the demo league: 6 leagues, 30 teams/);
    expect(fs.existsSync(path.join(dir, 'touchline.db'))).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'images', 'teams')).length).toBeGreaterThan(20);

    const health = await fetch(`${running.url}/api/health`);
    expect(health.status).toBe(200);
    const unknown = await fetch(`${running.url}/api/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: expect.any(String) });

    // Its read cache lets a hit wait for the writes queued before it once batches run
    // large (decision 0018): it is given the group commit the API's writes go through.
    const group = groupCommitFor(running.connection.db);
    const noop = () => group.run((trx) => sql`SELECT 1`.execute(trx));
    for (let i = 0; i < 30; i++) await Promise.all(Array.from({ length: 8 }, noop));
    expect(group.busy).toBe(true);
    expect((await fetch(`${running.url}/api/leagues`)).status).toBe(200);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = group.run(async (trx) => {
      await gate; // this batch stays open across turns of the event loop
      return sql`SELECT 1`.execute(trx);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const queued = noop();
    expect(group.waiting).toBe(true);
    const held = running.readCache.stats().held;
    expect((await fetch(`${running.url}/api/leagues`)).status).toBe(200);
    expect(running.readCache.stats().held).toBe(held + 1);
    open();
    await Promise.all([first, queued]);

    // Its COMMITs checkpoint the log only past a bound: a worker thread does (db/checkpointer.ts).
    expect(sqliteOf(running.connection).pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
    const users = sqliteOf(running.connection).prepare('SELECT count(*) FROM users').pluck().get();

    // Its housekeeping (api/periodic.ts) runs soon after start: a long-ended session and an
    // old Idempotency-Key record go, a live session stays.
    const sqlite = sqliteOf(running.connection);
    const userId = sqlite.prepare('SELECT id FROM users ORDER BY id LIMIT 1').pluck().get() as string;
    const insertSession = sqlite.prepare(
      'INSERT INTO sessions (id, user_id, created_at, last_used_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const longAgo = '2020-01-01T00:00:00.000Z';
    insertSession.run('ended', userId, longAgo, longAgo, '2020-01-31T00:00:00.000Z', longAgo);
    insertSession.run('live', userId, longAgo, longAgo, '2999-01-01T00:00:00.000Z', null);
    sqlite
      .prepare(
        `INSERT INTO idempotency_keys (user_id, key, method, path, request_hash, status, response_body, created_at)
         VALUES (?, 'old', 'POST', '/api/x', 'hash', 200, '{}', ?)`,
      )
      .run(userId, longAgo);
    const sessionIds = () => sqlite.prepare('SELECT id FROM sessions ORDER BY id').pluck().all();
    await vi.waitFor(() => expect(sessionIds()).toEqual(['live']), { timeout: 10_000, interval: 100 });
    expect(sqlite.prepare('SELECT count(*) FROM idempotency_keys').pluck().get()).toBe(0);
    await running.close();

    // A second start over the same data keeps the data and seeds nothing.
    const again: string[] = [];
    running = await startServer(loadConfig(env), (line) => again.push(line));
    expect(again.join('\n')).not.toMatch(/Seeded/);
    expect(sqliteOf(running.connection).prepare('SELECT count(*) FROM users').pluck().get()).toBe(users);
  });

  it('in production creates only the first super admin, and refuses to start without one', async () => {
    const dir = dataDir();
    const base = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'production' };
    await expect(startServer(loadConfig(base), quiet)).rejects.toThrow(/Set ADMIN_EMAIL and ADMIN_PASSWORD/);

    running = await startServer(
      loadConfig({ ...base, ADMIN_EMAIL: 'chair@league.example', ADMIN_PASSWORD: 'a long passphrase' }),
      quiet,
    );
    const sqlite = sqliteOf(running.connection);
    expect(sqlite.prepare('SELECT email, user_type FROM users').all()).toEqual([
      { email: 'chair@league.example', user_type: 'super_admin' },
    ]);
    expect(sqlite.prepare('SELECT count(*) FROM leagues').pluck().get()).toBe(0);
    expect(sqlite.prepare('SELECT password_hash FROM users').pluck().get()).toMatch(/^scrypt\$17\$8\$1\$/);
  });
});

describe('the files the server keeps', () => {
  const production = (dir: string) => ({
    DATA_DIR: dir,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    ADMIN_EMAIL: 'chair@league.example',
    ADMIN_PASSWORD: 'a long passphrase',
  });
  const PRIVATE = ['touchline.db', 'touchline.db-wal', 'touchline.db-shm', 'jwt-secret', 'vapid.json'];
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('are readable by its own account only, in a data folder it creates for its account only', async () => {
    const dir = path.join(dataDir(), 'data');
    running = await startServer(loadConfig(production(dir)), quiet);
    expect(modeOf(dir)).toBe(0o700);
    for (const name of PRIVATE) expect(modeOf(path.join(dir, name)), name).toBe(0o600);
  });

  it('are made readable by its own account only at start when an earlier version left them readable to all', async () => {
    const dir = dataDir();
    fs.chmodSync(dir, 0o755);
    // A database in use, with its -wal and -shm, and both secrets, each readable by all.
    const earlier = new SQLite(path.join(dir, 'touchline.db'));
    earlier.pragma('journal_mode = WAL');
    earlier.exec('CREATE TABLE earlier (x); INSERT INTO earlier VALUES (1)');
    fs.writeFileSync(path.join(dir, 'jwt-secret'), `${'s'.repeat(48)}\n`);
    fs.writeFileSync(path.join(dir, 'vapid.json'), JSON.stringify(generateVapidPair()));
    try {
      for (const name of PRIVATE) fs.chmodSync(path.join(dir, name), 0o644);
      running = await startServer(loadConfig(production(dir)), quiet);
    } finally {
      earlier.close();
    }
    for (const name of PRIVATE) expect(modeOf(path.join(dir, name)), name).toBe(0o600);
    // A folder the operator made is theirs to set.
    expect(modeOf(dir)).toBe(0o755);
  });
});
