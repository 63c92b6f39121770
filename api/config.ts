/**
 * Configuration from the environment, checked once at start-up with readable errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseSecretsKey, type SecretsKeys } from '../db/app-settings';
import { checkDatabaseUrl } from '../db/postgres';
import { keepPrivate, makePrivateFolder, writePrivateFile } from '../db/private-files';
import {
  DEFAULT_VAPID_SUBJECT,
  isVapidSubject,
  persistentVapidPair,
  vapidPairProblem,
  type VapidKeyPair,
} from './push/vapid';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** 32 random bytes, as `openssl rand -base64 32` or `openssl rand -hex 32` prints them. */
const secretsKey = z
  .string()
  .transform((value, context) => {
    const key = parseSecretsKey(value);
    if (key === null) {
      context.addIssue({
        code: 'custom',
        message:
          'must be 32 random bytes as base64 or 64 hex digits, e.g. the output of openssl rand -base64 32',
      });
      return z.NEVER;
    }
    return key;
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .min(1)
    .optional()
    .describe('the interface to listen on: every one (0.0.0.0) by default, 127.0.0.1 with the demo league'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .superRefine((url, context) => {
      const problem = checkDatabaseUrl(url);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe('postgres://user:password@host:5432/database: PostgreSQL instead of SQLite in DATA_DIR'),
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int('DATABASE_POOL_MAX must be a whole number')
    .min(1, 'DATABASE_POOL_MAX must be between 1 and 1000')
    .max(1000, 'DATABASE_POOL_MAX must be between 1 and 1000')
    .default(10),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an email address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(128).optional(),
  SEED_REFERENCE_DATE: z.iso
    .datetime({ offset: true })
    .or(z.iso.date())
    .optional()
    .describe('the demo seed treats this instant as "now" (default: the real time)'),
  FEEDS_ALLOW_PRIVATE: flag.describe(
    'let team news and video feeds reach private and loopback addresses; never in production unless the feeds are on your own network',
  ),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'must be the number of reverse proxies in front of Touchline (0 for none) or their addresses, comma-separated',
        });
        return z.NEVER;
      }
      return parsed;
    })
    .describe(
      'the reverse proxies in front of Touchline, as a number of hops or their addresses: the client address is then taken from X-Forwarded-For, counted from the right',
    ),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .optional()
    .describe(
      'where people reach Touchline, e.g. https://league.example.org: the base of every link in e-mails, calendars and embeds',
    ),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
    .optional()
    .describe(
      'smtp://user:password@host:587 or smtps://…:465: without it no e-mail is sent and links are offered to copy',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(320)
    .optional()
    .describe('the sender of e-mails, e.g. "Touchline <no-reply@example.org>"'),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .describe('Web Push key pair, given with VAPID_PRIVATE_KEY; generated and kept if unset'),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine(isVapidSubject, 'must be a mailto: or https: URL, a contact for the push services')
    .default(DEFAULT_VAPID_SUBJECT),
  SECRETS_KEY: secretsKey.describe(
    'with DATABASE_URL: the key the secrets kept in the database (token secret, push keys) are encrypted with',
  ),
  SECRETS_KEY_PREVIOUS: secretsKey.describe(
    'while changing SECRETS_KEY: the key before it, read only; secrets under it are encrypted again under SECRETS_KEY at start',
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  /** HOST, or null: the server chooses (config.ts HOST). */
  host: string | null;
  dataDir: string;
  databaseFile: string;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | null;
  databasePoolMax: number;
  imagesDir: string;
  /**
   * JWT_SECRET, else (SQLite) the secret kept in DATA_DIR, else (PostgreSQL) null: the
   * server takes the one every instance shares from the database (db/app-settings.ts).
   */
  jwtSecret: string | null;
  admin: { email: string; password: string } | null;
  seedReferenceDate: Date | null;
  feedsAllowPrivate: boolean;
  /** The reverse proxies in front: a number of hops (0: none), or their addresses. */
  trustProxy: TrustProxy;
  /** The absolute base of every link the server writes (no trailing slash). */
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else the local address stands in). */
  publicUrlGiven: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** The contact push services see in the VAPID token. */
  vapidSubject: string;
  /**
   * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else (SQLite) the pair kept in DATA_DIR, else
   * (PostgreSQL) null: the server takes the pair every instance shares from the database.
   */
  vapidKeys: VapidKeyPair | null;
  /**
   * SECRETS_KEY (with SECRETS_KEY_PREVIOUS while keys change): the secrets kept in the
   * database are stored encrypted under it (db/app-settings.ts); null: stored as they are.
   */
  secretsKeys: SecretsKeys | null;
}

export class ConfigError extends Error {}

/** TRUST_PROXY: how many proxies stand in front (0: none), or exactly which addresses they have. */
export type TrustProxy = number | readonly string[];

/** `0`/`false`: none; `true`: one (the form this setting once had); a count; or addresses. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === 'false') return 0;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const addresses = text.split(',').map((part) => part.trim());
  if (addresses.some((address) => isIP(address) === 0)) return null;
  return addresses;
}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as a blank line in an env file means "not given".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if ((values.ADMIN_EMAIL === undefined) !== (values.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
  }
  if (values.SECRETS_KEY_PREVIOUS !== undefined && values.SECRETS_KEY === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEY_PREVIOUS is only read beside SECRETS_KEY, the key that replaces it',
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  const vapidKeys = vapidKeysFrom(values.VAPID_PUBLIC_KEY, values.VAPID_PRIVATE_KEY);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST ?? null,
    dataDir,
    databaseFile: path.join(dataDir, 'touchline.db'),
    databaseUrl: values.DATABASE_URL ?? null,
    databasePoolMax: values.DATABASE_POOL_MAX,
    imagesDir: path.join(dataDir, 'images'),
    // With several instances on one database, a per-instance secret would reject tokens
    // signed by the others: it is kept in the database instead.
    jwtSecret: values.JWT_SECRET ?? (values.DATABASE_URL ? null : persistentSecret(dataDir)),
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD }
        : null,
    seedReferenceDate: values.SEED_REFERENCE_DATE ? new Date(values.SEED_REFERENCE_DATE) : null,
    feedsAllowPrivate: values.FEEDS_ALLOW_PRIVATE,
    trustProxy: values.TRUST_PROXY,
    publicUrl: publicUrl,
    publicUrlGiven: values.PUBLIC_URL !== undefined,
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom: values.MAIL_FROM ?? `Touchline <no-reply@${new URL(publicUrl).hostname}>`,
    vapidSubject: values.VAPID_SUBJECT,
    vapidKeys: vapidKeys ?? (values.DATABASE_URL ? null : dataDirVapidPair(dataDir)),
    secretsKeys: values.SECRETS_KEY
      ? { current: values.SECRETS_KEY, previous: values.SECRETS_KEY_PREVIOUS ?? null }
      : null,
  };
}

/** The environment's VAPID pair, checked; null when neither key is given. */
function vapidKeysFrom(publicKey: string | undefined, privateKey: string | undefined): VapidKeyPair | null {
  if (publicKey === undefined && privateKey === undefined) return null;
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together',
    );
  }
  const pair = { publicKey, privateKey };
  const problem = vapidPairProblem(pair);
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
  return pair;
}

function dataDirVapidPair(dataDir: string): VapidKeyPair {
  try {
    return persistentVapidPair(dataDir);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** A secret generated on first start and kept in the data folder, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      keepPrivate(file);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateFolder(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, `${secret}\n`);
  return secret;
}
