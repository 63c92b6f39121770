/**
 * The server on PostgreSQL, in the unit-pg project: production start-up
 * with the first super admin, the token secret generated once and kept in the
 * database for every instance, migrations that run once, and the documented backup
 * (pg_dump, then pg_restore into an empty database that a server then serves).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { startServer, type RunningServer } from '../../api/server';
import { sql } from 'kysely';
import pg from 'pg';
import { VAPID_SETTING } from '../../api/push/vapid';
import { JWT_SECRET_SETTING, SecretsKeyError } from '../../db/app-settings';
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

/** The server's start on `env`, over a data folder of its own (removed after the test). */
function start(env: Record<string, string>): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-pg-server-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return startServer(loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...env }), () => undefined);
}

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const running = await start(env);
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

/** Production on the database at `url`, with its first super admin. */
const production = (url: string) => ({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  ADMIN_EMAIL: 'chair@league.example',
  ADMIN_PASSWORD: 'a long passphrase',
});

describe.runIf(TEST_ENGINE === 'postgres')('the server on PostgreSQL', () => {
  it('starts in production with the first super admin, and shares one token secret kept in the database', async () => {
    const { url } = await database();
    const env = production(url);
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

  it('keeps the secrets it stores encrypted under SECRETS_KEY, changes keys, and refuses to start on a wrong one', async () => {
    const { url } = await database();
    const env = production(url);
    /** app_settings as stored, read over a connection of its own. */
    const stored = async (): Promise<Record<string, string>> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const result = await client.query<{ name: string; value: string }>(
          'SELECT name, value FROM app_settings ORDER BY name',
        );
        return Object.fromEntries(result.rows.map((row) => [row.name, row.value]));
      } finally {
        await client.end();
      }
    };
    /** Whether the token signed before is still good: the server signs with the same secret. */
    const accepts = async (server: RunningServer, token: string) =>
      (await fetch(`${server.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status;
    /** The start's error on these settings, which must be a SecretsKeyError. */
    const refused = async (extra: Record<string, string>) => {
      const started = start({ ...env, ...extra });
      await expect(started).rejects.toBeInstanceOf(SecretsKeyError);
      return started.catch((error: unknown) => String(error));
    };

    // Without a key, as before: stored as they are.
    const plain = await serve(env);
    const token = (await login(plain, 'chair@league.example', 'a long passphrase')).body.access_token ?? '';
    await plain.close();
    const clear = await stored();
    const secrets = [
      clear[JWT_SECRET_SETTING] ?? '',
      ...Object.values(JSON.parse(clear[VAPID_SETTING] ?? '{}') as Record<string, string>),
    ];
    expect(secrets).toHaveLength(3);
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(32);

    // With a key, what is stored is sealed at start: no secret is in the row.
    const first = randomBytes(32).toString('base64');
    const keyed = await serve({ ...env, SECRETS_KEY: first });
    expect(await accepts(keyed, token)).toBe(200);
    await keyed.close();
    const sealed = await stored();
    expect(Object.keys(sealed)).toEqual([JWT_SECRET_SETTING, VAPID_SETTING]);
    for (const value of Object.values(sealed)) expect(value).toMatch(/^sealed:v1\./);
    for (const secret of secrets) expect(JSON.stringify(sealed)).not.toContain(secret);

    // Another key, or none, does not start: it would sign with another secret.
    const second = randomBytes(32).toString('hex');
    expect(await refused({ SECRETS_KEY: second })).toMatch(/SECRETS_KEY does not open the database setting/);
    expect(await refused({})).toMatch(/is encrypted: set SECRETS_KEY/);
    expect(await stored()).toEqual(sealed);

    // A change of keys: the new one with the old beside it seals everything again under the new.
    const changed = await serve({ ...env, SECRETS_KEY: second, SECRETS_KEY_PREVIOUS: first });
    expect(await accepts(changed, token)).toBe(200);
    await changed.close();
    const resealed = await stored();
    for (const [name, value] of Object.entries(resealed)) expect(value, name).not.toBe(sealed[name]);
    for (const secret of secrets) expect(JSON.stringify(resealed)).not.toContain(secret);
    expect(await refused({ SECRETS_KEY: first })).toMatch(/SECRETS_KEY does not open/);
    const after = await serve({ ...env, SECRETS_KEY: second });
    expect(await accepts(after, token)).toBe(200);
  });
});
