/**
 * Server-side sessions: a token is only good while its session is live, so logout,
 * refresh rotation and a change of role or team take effect at once.
 */
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection';
import { run, statement } from '../../db/store';
import type { UserType } from '../../db/schema';
import { REFRESH_WINDOW_SECONDS } from '../auth/tokens';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  user_type: UserType;
  team_id: string | null;
}

export async function createSession(db: DB, userId: string, now: Date): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await run(
    db,
    db.insertInto('sessions').values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REFRESH_WINDOW_SECONDS * 1000).toISOString(),
      revoked_at: null,
    }),
  );
  return id;
}

/** The user of a live session (not revoked, not expired), or undefined. */
/** Every authenticated request runs it: built and compiled once (db/store.ts). */
const LIVE_SESSION_USER = statement((db: DB, a: { sessionId: string; userId: string; now: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.user_type', 'u.team_id'])
    .where('s.id', '=', a.sessionId)
    .where('s.user_id', '=', a.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', a.now),
);

export async function liveSessionUser(db: DB, sessionId: string, userId: string, now: Date) {
  return LIVE_SESSION_USER.first(db, {
    sessionId,
    userId,
    now: now.toISOString(),
  }) satisfies Promise<SessionUser | undefined>;
}

export async function revokeSession(db: DB, sessionId: string, now: Date): Promise<void> {
  await run(
    db,
    db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null),
  );
}

/** Ends every live session of the user, or every one but `except` (the caller's own). */
export async function revokeUserSessions(
  db: DB,
  userId: string,
  now: Date,
  { except }: { except?: string } = {},
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (except !== undefined) query = query.where('id', '!=', except);
  await run(db, query);
}
