import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
      host: '0.0.0.0',
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
    expect(first.length).toBeGreaterThanOrEqual(32);
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
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ trustProxy: false, feedsAllowPrivate: false });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true', FEEDS_ALLOW_PRIVATE: '1' })).toMatchObject({
      trustProxy: true,
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
});
