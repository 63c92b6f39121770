/**
 * Values generated once for the whole deployment and kept in the database (migration
 * 0008), so every instance on the same database uses the same one: secrets (the token
 * secret, the push keys), which anyone who reads the database or a dump of it could use.
 *
 * Given a key (SECRETS_KEY), each value is stored sealed with AES-256-GCM under a key
 * derived from it by HKDF-SHA256, the setting's name bound in as associated data (a
 * sealed value moved to another setting does not open). Without a key, values are stored
 * and read as they are. At start (`sealSettings`) every value is brought under the
 * current key: a plain one sealed, one sealed under the previous key (SECRETS_KEY_PREVIOUS,
 * while keys change) sealed again; a value no given key opens stops the start.
 *
 * A sealed value: `sealed:v1.` and base64url of the nonce (12 bytes), the tag (16) and the
 * cipher text. A plain value never starts so: the values are base64url or JSON.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { DB } from './connection';
import { StoreError } from './postgres';

export const JWT_SECRET_SETTING = 'jwt_secret';

/** SECRETS_KEY (and, while keys change, the one before it): 32 bytes each. */
export interface SecretsKeys {
  current: Buffer;
  previous: Buffer | null;
}

/** A setting no given key opens, or a sealed one without a key: the server must not start. */
export class SecretsKeyError extends StoreError {}

export const SECRETS_KEY_BYTES = 32;
const SEALED = 'sealed:v1.';
const KEY_INFO = 'touchline app settings sealing key v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A key given as 64 hex digits or as base64 (or base64url) of 32 bytes, as
 * `openssl rand -base64 32` prints one; null for anything else.
 */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(
    value.replace(/[+/]/g, (c) => (c === '+' ? '-' : '_')).replace(/=$/, ''),
    'base64url',
  );
  return bytes.length === SECRETS_KEY_BYTES ? bytes : null;
}

function sealingKey(key: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), KEY_INFO, 32));
}

function associatedData(name: string): Buffer {
  return Buffer.from(`touchline app setting\n${name}`, 'utf8');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED);
}

export function sealSetting(key: Buffer, name: string, value: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), nonce);
  cipher.setAAD(associatedData(name));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The value sealed under `key`, or null when it was sealed under another key (or altered). */
function openSetting(key: Buffer, name: string, stored: string): string | null {
  const bytes = Buffer.from(stored.slice(SEALED.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(associatedData(name));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

/** The setting's value as stored, opened; and whether it should be stored again under the current key. */
function readStored(
  name: string,
  stored: string,
  keys: SecretsKeys | null,
): { value: string; stale: boolean } {
  if (!isSealed(stored)) return { value: stored, stale: keys !== null };
  if (keys === null) {
    throw new SecretsKeyError(
      `The database setting ${name} is encrypted: set SECRETS_KEY to the key it was stored with`,
    );
  }
  const current = openSetting(keys.current, name, stored);
  if (current !== null) return { value: current, stale: false };
  const previous = keys.previous && openSetting(keys.previous, name, stored);
  if (previous !== null) return { value: previous, stale: true };
  throw new SecretsKeyError(
    `SECRETS_KEY does not open the database setting ${name}: it is the wrong key` +
      (keys.previous === null
        ? ' (while changing keys, give the old one as SECRETS_KEY_PREVIOUS)'
        : ', and so is SECRETS_KEY_PREVIOUS'),
  );
}

/** Stores `value` again, sealed under the current key, unless another instance changed the row meanwhile. */
async function reseal(db: DB, name: string, stored: string, value: string, key: Buffer): Promise<void> {
  await db
    .updateTable('app_settings')
    .set({ value: sealSetting(key, name, value) })
    .where('name', '=', name)
    .where('value', '=', stored)
    .execute();
}

/**
 * The setting's value; the first caller stores `generate()`'s (sealed under `keys` when
 * given). Two instances starting together both insert, one of them wins, and both read
 * the winner.
 */
export async function sharedSetting(
  db: DB,
  name: string,
  generate: () => string,
  keys: SecretsKeys | null = null,
): Promise<string> {
  const generated = generate();
  await db
    .insertInto('app_settings')
    .values({ name, value: keys === null ? generated : sealSetting(keys.current, name, generated) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const { value, stale } = readStored(name, row.value, keys);
  if (stale && keys !== null) await reseal(db, name, row.value, value, keys.current);
  return value;
}

/**
 * Brings every setting under the current key at start: plain ones (stored before a key
 * was given) sealed, ones sealed under SECRETS_KEY_PREVIOUS sealed again. Throws
 * SecretsKeyError when a value is sealed and no key is given, or no given key opens it,
 * so that a wrong key stops the start instead of signing with another secret.
 */
export async function sealSettings(db: DB, keys: SecretsKeys | null): Promise<void> {
  const rows = await db.selectFrom('app_settings').select(['name', 'value']).orderBy('name').execute();
  for (const row of rows) {
    const { value, stale } = readStored(row.name, row.value, keys);
    if (stale && keys !== null) await reseal(db, row.name, row.value, value, keys.current);
  }
}

/** The token secret every instance shares when JWT_SECRET is not set. */
export function sharedJwtSecret(db: DB, keys: SecretsKeys | null = null): Promise<string> {
  return sharedSetting(db, JWT_SECRET_SETTING, () => randomBytes(48).toString('base64url'), keys);
}
