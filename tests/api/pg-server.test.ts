/**
 * The server on PostgreSQL, in the unit-pg project: production start-up
 * with the first super admin, the token secret generated once and kept in the
 * database for every instance, migrations that run once, and the documented backup
 * (pg_dump, then pg_restore into an empty database that a server then serves).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { startServer, type RunningServer } from '../../api/server';
import { sql } from 'kysely';
import { JWT_SECRET_SETTING } from '../../db/app-settings';
import { WRITE_LOCK } from '../../db/postgres';
import { postgresMigrations } from '../../db/migrations';
import { freshPostgresDatabase, freshStore, TEST_ENGINE } from '../fixtures/engine';
import { postgresBinDir } from '../fixtures/postgres-server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database() {
  const created = await freshPostgresDatabase();
  cleanups.push(created.drop);
  return created;
}

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-pg-server-'));
  const running = await startServer(
    loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...env }),
    () => undefined,
  );
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => running.close());
  return running;
}

async function login(server: RunningServer, email: string, password: string) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string } };
}

describe.runIf(TEST_ENGINE === 'postgres')('the server on PostgreSQL', () => {
  it('starts in production with the first super admin, and shares one token secret kept in the database', async () => {
    const { url } = await database();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      ADMIN_EMAIL: 'chair@league.example',
      ADMIN_PASSWORD: 'a long passphrase',
    };
    const first = await serve(env);
    const second = await serve(env);
    const db = first.connection.db;
    expect(await db.selectFrom('users').select(['email', 'user_type']).execute()).toEqual([
      { email: 'chair@league.example', user_type: 'super_admin' },
    ]);
    // No demo data in production.
    expect(await db.selectFrom('leagues').select('league_id').execute()).toEqual([]);
    // Each migration ran once.
    const migrations = await db
      .selectFrom('schema_migrations' as 'app_settings')
      .selectAll()
      .execute();
    expect(migrations).toHaveLength(postgresMigrations.length);

    const secret = await db
      .selectFrom('app_settings')
      .select('value')
      .where('name', '=', JWT_SECRET_SETTING)
      .executeTakeFirstOrThrow();
    expect(secret.value.length).toBeGreaterThanOrEqual(32);
    // A token the first instance signed is good on the second.
    const signedIn = await login(first, 'chair@league.example', 'a long passphrase');
    expect(signedIn.status).toBe(200);
    const me = await fetch(`${second.url}/api/auth/me`, {
      headers: { Authorization: `Bearer ${signedIn.body.access_token ?? ''}` },
    });
    expect(me.status).toBe(200);
  });

  it('holds the write lock in every write transaction from its first statement, and frees it at the end', async () => {
    const store = await freshStore();
    cleanups.push(() => store.close());
    const holders = sql<{ mine: boolean }>`SELECT pid = pg_backend_pid() AS mine FROM pg_locks
      WHERE locktype = 'advisory' AND classid = 0 AND objid = ${WRITE_LOCK} AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    const inside = await store.db.transaction().execute(async (trx) => (await holders.execute(trx)).rows);
    expect(inside).toEqual([{ mine: true }]);
    // After COMMIT no connection of this database holds it.
    expect((await holders.execute(store.db)).rows).toEqual([]);
  });

  it('restores a pg_dump into an empty database that a server then serves unchanged', async () => {
    const source = await database();
    const original = await serve({ DATABASE_URL: source.url, SEED_REFERENCE_DATE: '2026-11-22T12:00:00Z' });
    const table = async (server: RunningServer) =>
      (await fetch(`${server.url}/api/leagues/mwpl-26/table`)).json() as Promise<unknown>;
    const before = await table(original);

    const bin = postgresBinDir() as string;
    const dump = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-dump-')), 'touchline.dump');
    cleanups.push(() => fs.rmSync(path.dirname(dump), { recursive: true, force: true }));
    // The commands of the README's Backup section.
    execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, source.url]);
    const target = await database();
    // freshPostgresDatabase copies the migrated template; the restore needs an empty one.
    execFileSync(path.join(bin, 'psql'), [
      target.url,
      '-q',
      '-c',
      'DROP SCHEMA public CASCADE; CREATE SCHEMA public;',
    ]);
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${target.url}`, dump]);

    const restored = await serve({ DATABASE_URL: target.url });
    expect(await table(restored)).toEqual(before);
    expect((await login(restored, 'coach@touchline.demo', 'touchline-demo')).status).toBe(200);
  });
});
