/**
 * The VAPID keys Web Push is signed with: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when given, else a pair generated on first start and kept, like the
 * token secret, in DATA_DIR/vapid.json (SQLite) or in the database (PostgreSQL, so
 * every instance signs with the same pair that browsers subscribed to).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { sharedSetting, type SecretsKeys } from '../../db/app-settings';
import type { DB } from '../../db/connection';
import { keepPrivate, makePrivateFolder, writePrivateFile } from '../../db/private-files';

export interface VapidKeyPair {
  /** The uncompressed P-256 point, base64url (65 bytes): the browser's applicationServerKey. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
}

export interface VapidKeys extends VapidKeyPair {
  /** Who push services may contact about these messages: a mailto: or https: URL. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@touchline.invalid';
export const VAPID_FILE = 'vapid.json';
export const VAPID_SETTING = 'vapid_keys';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decoded(value: string, bytes: number): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  const buffer = Buffer.from(value, 'base64url');
  return buffer.length === bytes ? buffer : null;
}

/** Why a pair cannot sign Web Push, or null when it can. */
export function vapidPairProblem(pair: VapidKeyPair): string | null {
  const publicKey = decoded(pair.publicKey, 65);
  if (!publicKey || publicKey[0] !== 0x04) {
    return 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)';
  }
  const privateKey = decoded(pair.privateKey, 32);
  if (!privateKey) return 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) {
      return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
    }
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return null;
}

/** Push services want a contact: a mailto: or https: URL. */
export function isVapidSubject(subject: string): boolean {
  return /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject);
}

export function generateVapidPair(): VapidKeyPair {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

function parsePair(text: string): VapidKeyPair | null {
  try {
    const value = JSON.parse(text) as Partial<VapidKeyPair> | null;
    if (typeof value?.publicKey !== 'string' || typeof value.privateKey !== 'string') return null;
    const pair = { publicKey: value.publicKey, privateKey: value.privateKey };
    return vapidPairProblem(pair) === null ? pair : null;
  } catch {
    return null;
  }
}

/**
 * The pair kept in DATA_DIR/vapid.json, generated (mode 0600) on first start. Browsers
 * subscribed with its public key, so it is kept across restarts; a file that is not a
 * valid pair is an error, never silently replaced.
 */
export function persistentVapidPair(dataDir: string): VapidKeyPair {
  const file = path.join(dataDir, VAPID_FILE);
  try {
    const pair = parsePair(fs.readFileSync(file, 'utf8'));
    if (!pair) throw new Error(`${file} does not hold a valid VAPID key pair: fix or remove it`);
    keepPrivate(file);
    return pair;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateFolder(dataDir);
  const pair = generateVapidPair();
  writePrivateFile(file, `${JSON.stringify(pair, null, 2)}\n`);
  return pair;
}

/** The pair every instance on one database shares, stored by the first to start (sealed under `keys` when given). */
export async function sharedVapidPair(db: DB, keys: SecretsKeys | null = null): Promise<VapidKeyPair> {
  const stored = await sharedSetting(db, VAPID_SETTING, () => JSON.stringify(generateVapidPair()), keys);
  const pair = parsePair(stored);
  if (!pair) throw new Error(`The database setting ${VAPID_SETTING} is not a valid VAPID key pair`);
  return pair;
}
