/**
 * The deployment's secrets in app_settings under SECRETS_KEY: sealed so that the stored
 * row holds no secret, opened only under the key (and only as the setting it was sealed
 * for), brought under the current key at start, and refused loudly otherwise. The server
 * on PostgreSQL, where these settings are used, is tested in tests/api/pg-server.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  JWT_SECRET_SETTING,
  sealSetting,
  sealSettings,
  SecretsKeyError,
  sharedJwtSecret,
  type SecretsKeys,
} from '../../db/app-settings';
import { openAndMigrate, type Connection } from '../../db/connection';

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function store() {
  connection = await openAndMigrate(':memory:');
  return connection.db;
}

const keys = (current: Buffer, previous: Buffer | null = null): SecretsKeys => ({ current, previous });

describe('secrets kept in the database', () => {
  it('are stored sealed under the key and read back as they were', async () => {
    const db = await store();
    const key = randomBytes(32);
    const secret = await sharedJwtSecret(db, keys(key));
    const row = await db.selectFrom('app_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.value).toMatch(/^sealed:v1\./);
    expect(row.value).not.toContain(secret);
    expect(await sharedJwtSecret(db, keys(key))).toBe(secret);
    await expect(sharedJwtSecret(db, keys(randomBytes(32)))).rejects.toBeInstanceOf(SecretsKeyError);
    await expect(sharedJwtSecret(db)).rejects.toThrow(/jwt_secret is encrypted: set SECRETS_KEY/);
  });

  it('are sealed at start when stored plain, and sealed again under a new key with the old beside it', async () => {
    const db = await store();
    const secret = await sharedJwtSecret(db);
    const stored = async () =>
      (await db.selectFrom('app_settings').select('value').executeTakeFirstOrThrow()).value;
    expect(await stored()).toBe(secret);
    const [first, second] = [randomBytes(32), randomBytes(32)];
    await sealSettings(db, keys(first));
    const underFirst = await stored();
    expect(underFirst).not.toContain(secret);
    await sealSettings(db, keys(first));
    expect(await stored()).toBe(underFirst);
    await expect(sealSettings(db, keys(second))).rejects.toThrow(
      /SECRETS_KEY does not open the database setting jwt_secret: it is the wrong key \(while changing keys/,
    );
    await sealSettings(db, keys(second, first));
    expect(await stored()).not.toBe(underFirst);
    expect(await sharedJwtSecret(db, keys(second))).toBe(secret);
    await expect(sealSettings(db, keys(first))).rejects.toBeInstanceOf(SecretsKeyError);
    await expect(sealSettings(db, keys(randomBytes(32), first))).rejects.toThrow(
      /and so is SECRETS_KEY_PREVIOUS/,
    );
  });

  it('do not open as another setting, nor once altered', async () => {
    const db = await store();
    const key = randomBytes(32);
    const moved = sealSetting(key, 'vapid_keys', 'x'.repeat(64));
    await db.insertInto('app_settings').values({ name: JWT_SECRET_SETTING, value: moved }).execute();
    await expect(sealSettings(db, keys(key))).rejects.toBeInstanceOf(SecretsKeyError);
    const sealed = sealSetting(key, JWT_SECRET_SETTING, 'x'.repeat(64));
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    await db.updateTable('app_settings').set({ value: altered }).execute();
    await expect(sealSettings(db, keys(key))).rejects.toBeInstanceOf(SecretsKeyError);
    await db.updateTable('app_settings').set({ value: sealed }).execute();
    await sealSettings(db, keys(key));
    expect(await sharedJwtSecret(db, keys(key))).toBe('x'.repeat(64));
  });
});
