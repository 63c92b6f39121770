import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { ConfigError, loadConfig } from '../../api/config';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      // The server chooses: every interface, or 127.0.0.1 with the demo league.
      host: null,
      dataDir,
      databaseFile: path.join(dataDir, 'touchline.db'),
      imagesDir: path.join(dataDir, 'images'),
      admin: null,
      seedReferenceDate: null,
    });
  });

  it('generates the JWT secret once and keeps it in the data folder', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first?.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40) }).jwtSecret).toBe('s'.repeat(40));
  });

  it('lists every invalid value in one readable error', () => {
    const dataDir = tempDir();
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', JWT_SECRET: 'short', NODE_ENV: 'staging' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(attempt).toThrow(/NODE_ENV/);
  });

  it('takes the first admin only as a complete pair', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.org' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD must be given together/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'long enough' }),
    ).toThrow(/ADMIN_EMAIL must be an email address/);
    expect(
      loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'boss@example.org', ADMIN_PASSWORD: 'long enough' }).admin,
    ).toEqual({ email: 'boss@example.org', password: 'long enough' });
  });

  it('reads the yes/no flags', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ trustProxy: 0, feedsAllowPrivate: false });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', FEEDS_ALLOW_PRIVATE: '1' })).toMatchObject({
      trustProxy: 1,
      feedsAllowPrivate: true,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('reads the seed reference date and treats empty values as unset', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SEED_REFERENCE_DATE: '2026-11-22', PORT: '' });
    expect(config.seedReferenceDate?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(config.port).toBe(3000);
    expect(() => loadConfig({ DATA_DIR: dataDir, SEED_REFERENCE_DATE: 'tomorrow' })).toThrow(
      /SEED_REFERENCE_DATE/,
    );
  });

  it('switches to PostgreSQL with DATABASE_URL, whose secret then comes from the database', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://league:pw@db.example:5432/touchline',
      DATABASE_POOL_MAX: '25',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://league:pw@db.example:5432/touchline',
      databasePoolMax: 25,
      jwtSecret: null,
    });
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolMax).toBe(10);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://h/db', JWT_SECRET: 'j'.repeat(40) })
        .jwtSecret,
    ).toBe('j'.repeat(40));
  });

  it('reads SECRETS_KEY and SECRETS_KEY_PREVIOUS as 32 bytes in base64 or hex, and names a bad one', () => {
    const dataDir = tempDir();
    const key = randomBytes(32);
    const previous = randomBytes(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretsKeys).toBeNull();
    for (const [given, before] of [
      [key.toString('base64'), previous.toString('hex')],
      [key.toString('base64url'), previous.toString('base64')],
      [key.toString('hex').toUpperCase(), undefined],
    ] as const) {
      const config = loadConfig({
        DATA_DIR: dataDir,
        SECRETS_KEY: given,
        ...(before !== undefined && { SECRETS_KEY_PREVIOUS: before }),
      });
      expect(config.secretsKeys).toEqual({ current: key, previous: before === undefined ? null : previous });
    }
    for (const bad of [
      'a long passphrase that is not a key',
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('hex'),
      `${key.toString('hex').slice(0, 63)}g`,
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: bad }), bad).toThrow(
        /SECRETS_KEY: must be 32 random bytes as base64 or 64 hex digits/,
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: key.toString('hex'), SECRETS_KEY_PREVIOUS: bad }),
      ).toThrow(/SECRETS_KEY_PREVIOUS: must be 32 random bytes/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, SECRETS_KEY_PREVIOUS: key.toString('hex') })).toThrow(
      /SECRETS_KEY_PREVIOUS is only read beside SECRETS_KEY/,
    );
  });

  it('names a malformed DATABASE_URL or pool size in one readable error', () => {
    const problems: [Record<string, string>, string][] = [
      [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL'],
      [{ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
      [{ DATABASE_URL: 'postgres://host:5432' }, 'DATABASE_URL names no database'],
      [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX must be between 1 and 1000'],
      [{ DATABASE_POOL_MAX: '2.5' }, 'DATABASE_POOL_MAX must be a whole number'],
    ];
    for (const [env, message] of problems) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
    }
  });

  it('fails to start with one readable line when PostgreSQL cannot be reached', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo;
        server.close(() => resolve(free));
      });
    });
    for (const [url, expected] of [
      [
        `postgres://nobody@127.0.0.1:${port}/touchline`,
        `Cannot connect to PostgreSQL at 127.0.0.1:${port}/touchline: `,
      ],
      ['postgres://nobody@127.0.0.1', 'DATABASE_URL names no database'],
    ] as const) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: tempDir(),
          DATABASE_URL: url,
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines.at(-1)).toContain(expected);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
  });
});
