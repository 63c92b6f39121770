/** Accounts: sign-in lookups, registration and password changes. */
import type { DB } from '../../db/connection';
import { changed, first, run } from '../../db/store';
import { emailKey } from '../../db/dialect-sql';
import { membershipsOf } from './memberships';
import type { SessionUser } from './sessions';

/** The account of an email (already lower-cased) with its password hash and memberships, for sign-in. */
export async function findUserForLogin(
  db: DB,
  email: string,
): Promise<(SessionUser & { password_hash: string; locked_at: string | null }) | undefined> {
  const user = await first(
    db,
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'user_type', 'team_id', 'password_hash', 'locked_at'])
      .where(emailKey(db), '=', email.toLowerCase()),
  );
  return user && { ...user, memberships: await membershipsOf(db, user.id) };
}

export async function emailTaken(db: DB, email: string): Promise<boolean> {
  const row = await first(
    db,
    db.selectFrom('users').select('id').where(emailKey(db), '=', email.toLowerCase()),
  );
  return row !== undefined;
}

export async function insertUser(
  db: DB,
  user: Omit<SessionUser, 'memberships'> & { password_hash: string; created_at: string },
): Promise<void> {
  await run(db, db.insertInto('users').values(user));
}

export async function passwordHashOf(db: DB, userId: string): Promise<string | undefined> {
  const row = await first(db, db.selectFrom('users').select('password_hash').where('id', '=', userId));
  return row?.password_hash;
}

/**
 * Sets a new hash only over the one the caller checked, so a change made meanwhile
 * is not overwritten. False when that hash is no longer the stored one.
 */
export async function replacePasswordHash(
  db: DB,
  userId: string,
  checkedHash: string,
  newHash: string,
): Promise<boolean> {
  const updated = await changed(
    db,
    db
      .updateTable('users')
      .set({ password_hash: newHash })
      .where('id', '=', userId)
      .where('password_hash', '=', checkedHash),
  );
  return updated !== 0;
}

/** Sets a new hash whatever the old one was: a reset link's right. */
export async function replacePasswordHashOf(db: DB, userId: string, newHash: string): Promise<void> {
  await run(db, db.updateTable('users').set({ password_hash: newHash }).where('id', '=', userId));
}
