/** Password-reset links: one hour, single use, kept only as the SHA-256 of their token. */
import type { DB } from '../../db/connection';
import { changed, first, run } from '../../db/store';
import { hashLinkToken, newLinkToken } from './links';

export const RESET_LINK_SECONDS = 60 * 60;

/** A new reset link's token for the user; earlier unused ones stop working. */
export async function createPasswordReset(
  db: DB,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const at = now.toISOString();
  await run(
    db,
    db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
  );
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_SECONDS * 1000).toISOString();
  await run(
    db,
    db
      .insertInto('password_resets')
      .values({ token_hash: hash, user_id: userId, created_at: at, expires_at: expiresAt, used_at: null }),
  );
  return { token, expiresAt };
}

/**
 * Uses a reset token: the user it was made for, or undefined when it is unknown, used or
 * expired. Only one of two uses racing with one token gets the user.
 */
export async function usePasswordReset(db: DB, token: string, now: Date): Promise<string | undefined> {
  const hash = hashLinkToken(token);
  const at = now.toISOString();
  const row = await first(
    db,
    db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at),
  );
  if (!row) return undefined;
  const took = await changed(
    db,
    db
      .updateTable('password_resets')
      .set({ used_at: at })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null),
  );
  return took === 1 ? row.user_id : undefined;
}
