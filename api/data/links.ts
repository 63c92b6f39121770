/**
 * Single-use links that sign someone in (invitations, password resets): the token goes
 * into the link and nowhere else; the database keeps only its SHA-256, so a copy of the
 * database or a backup holds no working link.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token (256 random bits) and the hash that is stored for it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The shape of a token in a link, checked before anything is looked up. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
