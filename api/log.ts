/**
 * The security log: one JSON line (pino) per failed sign-in, throttled or refused
 * request and change to people, each with the client address, so an attack or a misuse
 * can be traced afterwards. Never a password or a token: callers pass only names, ids
 * and reasons, and fields that could hold a secret are redacted should one slip in.
 *
 * LOG_LEVEL sets the level (default 'info'; 'silent' for none). Test runs are silent
 * unless LOG_LEVEL asks otherwise, so the log does not bury their output.
 */
import type { Context } from 'hono';
import { pino, type DestinationStream, type Level, type LevelWithSilent, type Logger } from 'pino';
import type { AppEnv } from './env';
import { clientAddress } from './http/client-address';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL, or the default: 'info', 'silent' under Vitest. An unknown level is the default too. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const given = env.LOG_LEVEL?.trim().toLowerCase();
  const level = LEVELS.find((name) => name === given);
  if (level) return level;
  return env.VITEST ? 'silent' : 'info';
}

const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'authorization',
];

export function createLogger(
  options: { level?: LevelWithSilent; destination?: DestinationStream } = {},
): Logger {
  const settings = {
    level: options.level ?? logLevel(),
    base: undefined,
    redact: {
      paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)],
      censor: '[redacted]',
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** The one security logger of the process (its lines carry `log: "security"`). */
export const securityLog: Logger = createLogger().child({ log: 'security' });

export type LogField = string | number | boolean | null | undefined;

/**
 * Logs one security event with who asked and from where: the client address (as
 * TRUST_PROXY reads it), the signed-in user if any, the method and the path.
 * `event` is a dotted name: 'sign-in.failed', 'sign-in.throttled', 'forbidden',
 * 'account.registered', 'password.changed', ….
 */
export function securityEvent(
  c: Context,
  event: string,
  fields: Readonly<Record<string, LogField>> = {},
  level: Level = 'info',
): void {
  const user = (c as Context<AppEnv>).get('user');
  securityLog[level](
    {
      event,
      address: clientAddress(c),
      ...(user && { user: user.id }),
      method: c.req.method,
      path: c.req.path,
      ...fields,
    },
    event,
  );
}
