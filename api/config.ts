/**
 * Configuration from the environment, checked once at start-up with readable errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { checkDatabaseUrl } from '../db/postgres';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  TRUST_PROXY: flag.describe(
    'take the client address from X-Forwarded-For: only behind a reverse proxy you run',
  ),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
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
  trustProxy: boolean;
}

export class ConfigError extends Error {}

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
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
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
  };
}

/** A secret generated on first start and kept in the data folder, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
