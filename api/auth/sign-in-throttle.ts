/**
 * How guessing passwords is slowed, across every instance on one database (the
 * counters live in login_attempts, api/auth/rate-limit.ts):
 *
 * - per client address, for each action that a script could repeat (failed sign-ins,
 *   registration, a password reset's request): a fixed window (AppOptions.loginLimit,
 *   10 a quarter hour by default), past which 429 with Retry-After until it ends. A
 *   successful sign-in is taken back, so people sharing an address (a club house, a
 *   school) do not use up each other's attempts by signing in;
 * - per account and address: a few attempts back to back, then a delay that doubles
 *   with each further one, from a few seconds up to a minute. It slows one address
 *   guessing one account, and stops no one else;
 * - per account, over every address: the delay again, once the account's password was
 *   got wrong from many addresses in the window, as a spread-out guess does. An address
 *   counts once there, so however often one address fails, it never delays the account
 *   for anyone else.
 *
 * Nothing here is a lock: every refusal ends within a minute or with its window, and
 * the right password is never answered differently from a wrong one while refused.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { clientAddress } from '../http/client-address';
import { securityEvent } from '../log';
import { createStoredBackoff, type BackoffPolicy } from './rate-limit';
import { plural } from '../../db/rules/words';

/** The actions limited per client address, each with its own count. */
export type AddressLimitedAction =
  'sign-in' | 'register' | 'forgot-password' | 'reset-password' | 'accept-invitation';

const ACTION_WORDS: Record<AddressLimitedAction, string> = {
  'sign-in': 'sign-in',
  register: 'registration',
  'forgot-password': 'password reset',
  'reset-password': 'password reset',
  'accept-invitation': 'invitation',
};

/** Attempts on one account from one address before the delay starts. */
export const ACCOUNT_ADDRESS_FREE = 5;
/** Addresses that got one account's password wrong in the window before everyone waits. */
export const ACCOUNT_ADDRESSES_FREE = 10;
export const FIRST_DELAY_MS = 2_000;
export const MAX_DELAY_MS = 60_000;

function policy(c: Context<AppEnv>, free: number, exact: boolean): BackoffPolicy {
  // Forgotten with the address windows: the stored limiter's sweep deletes both.
  const forgetMs = c.get('options').loginLimit.windowMs;
  return { free, firstDelayMs: FIRST_DELAY_MS, maxDelayMs: MAX_DELAY_MS, forgetMs, exact };
}

function waitWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, 'minute');
}

/** 429 with Retry-After, logged; `words` names the attempts ('sign-in', 'registration', …). */
function refuse(c: Context, words: string, retryAfterSeconds: number, fields: Record<string, string>): never {
  securityEvent(c, 'throttled', { retry_after: retryAfterSeconds, ...fields }, 'warn');
  fail(429, `Too many ${words} attempts. Try again in ${waitWords(retryAfterSeconds)}.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

const addressKey = (action: AddressLimitedAction, address: string) => `address:${action}:${address}`;

/**
 * Counts one attempt of `action` from the client's address; past the limit it throws
 * 429 with Retry-After (and logs it). Call it before the work an attacker would repeat.
 */
export async function limitByAddress(c: Context<AppEnv>, action: AddressLimitedAction): Promise<void> {
  const address = clientAddress(c);
  const now = c.get('options').now().getTime();
  const limit = await c.get('loginLimiter').hit(addressKey(action, address), now);
  if (!limit.allowed) refuse(c, ACTION_WORDS[action], limit.retryAfterSeconds, { action, scope: 'address' });
}

export interface PasswordCheck {
  /** The password was right: the address gets its attempt back and the account's delay for it ends. */
  passed(): Promise<void>;
  /** The password was wrong: the attempt stays counted, and is logged. */
  failed(): void;
}

/**
 * Call before checking `account`'s password (its email, lower-cased; unknown ones
 * too, so a refusal tells nothing of which exist): throws 429 with Retry-After while
 * the address or the account must wait; else counts the attempt, as a failure until
 * `passed()` says otherwise, so attempts made at once are all counted.
 */
export async function throttlePasswordCheck(
  c: Context<AppEnv>,
  account: string,
  purpose: 'sign-in' | 'password-change' = 'sign-in',
): Promise<PasswordCheck> {
  const address = clientAddress(c);
  const now = c.get('options').now().getTime();
  const limiter = c.get('loginLimiter');
  const byAddressKey = addressKey('sign-in', address);
  // A blocked address adds no account counters: one client sending a new email each
  // time must not grow the table.
  // A password change's check is told apart in words, and counted as a sign-in.
  const words = purpose === 'sign-in' ? 'sign-in' : 'password';
  const byAddress = await limiter.hit(byAddressKey, now);
  if (!byAddress.allowed) {
    refuse(c, words, byAddress.retryAfterSeconds, { action: purpose, scope: 'address', account });
  }

  const db = c.get('db');
  // Only this address's attempts touch its row for the account, so they may contend
  // for it; the account's own row is everyone's, and until a delay is in force, one
  // address sending many attempts at once must not make another's wait.
  const pairs = createStoredBackoff(db, policy(c, ACCOUNT_ADDRESS_FREE, true));
  const accounts = createStoredBackoff(db, policy(c, ACCOUNT_ADDRESSES_FREE, false));
  const pairKey = `account-address:${JSON.stringify([account, address])}`;
  const accountKey = `account:${account}`;
  // A refused attempt checks no password, so the address gets it back.
  const refused = async (retryAfterSeconds: number, scope: string): Promise<never> => {
    await limiter.refund(byAddressKey, now);
    refuse(c, words, retryAfterSeconds, { action: purpose, scope, account });
  };

  const pair = await pairs.peek(pairKey, now);
  if (pair.retryAfterSeconds > 0) await refused(pair.retryAfterSeconds, 'account-address');
  // The account counts this address once in its window, on its first attempt.
  const newAddress = pair.count === 0;
  const byAccount = await accounts.take(accountKey, now, newAddress);
  if (!byAccount.allowed) await refused(byAccount.retryAfterSeconds, 'account');
  const byPair = await pairs.take(pairKey, now, true);
  if (!byPair.allowed) {
    if (newAddress) await accounts.takeBack(accountKey);
    await refused(byPair.retryAfterSeconds, 'account-address');
  }

  return {
    async passed() {
      await limiter.refund(byAddressKey, now);
      await pairs.reset(pairKey);
      // An address that knows the password was not guessing it.
      if (newAddress) await accounts.takeBack(accountKey);
    },
    failed() {
      securityEvent(c, `${purpose}.failed`, { account }, 'warn');
    },
  };
}
