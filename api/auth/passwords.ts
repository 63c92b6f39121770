/**
 * The rule for a password being set (registration, a password change, an invitation's
 * acceptance, a reset): a length, and not one of the passwords guessed first. The list
 * is zxcvbn-ts's common-password dictionary, drawn from leaked password sets and
 * maintained with the package, so it is never a list typed here.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORD = 'is too common: choose one that is harder to guess';

let common: ReadonlySet<string> | null = null;

/** The dictionary's entries that the length rule lets through: shorter ones never get this far. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    dictionary['passwords-common']
      .map((entry) => entry.normalize('NFKC').toLowerCase())
      .filter((entry) => entry.length >= MIN_PASSWORD_LENGTH),
  );
  return common;
}

/**
 * Whether a guesser would try it early. Case is ignored, as guessers try 'Password1'
 * right after 'password1'; hashing normalises (NFKC), so the check does too.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}

export const newPassword = z
  .string({ error: 'is required' })
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  // One message at a time: a too-short password is told about its length only.
  .refine(
    (password) =>
      password.length < MIN_PASSWORD_LENGTH ||
      password.length > MAX_PASSWORD_LENGTH ||
      !isCommonPassword(password),
    COMMON_PASSWORD,
  )
  .meta({
    description: `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, and not a commonly used password`,
  });
