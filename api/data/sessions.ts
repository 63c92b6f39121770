/**
 * Server-side sessions: a token is only good while its session is live, so logout,
 * refresh rotation and a change of rights take effect at once.
 *
 * A sign-in starts a family: each refresh ends the session it was given and starts the
 * next one in the same family, with the same absolute expiry (SESSION_LIFETIME_SECONDS
 * from the sign-in). A refresh with a token whose session was already exchanged means
 * two holders of one token: the whole family ends (RFC 9700, 4.14.2).
 */
import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/connection';
import { jsonObjectsOf } from '../../db/dialect-sql';
import { changed, first, run, statement } from '../../db/store';
import type { UserType } from '../../db/schema';
import type { Membership } from '../../db/rules/rights';
import { REFRESH_WINDOW_SECONDS } from '../auth/tokens';
import { MEMBERSHIP_COLUMNS } from './memberships';

/** A session's lifetime from its sign-in, however often it is refreshed. */
export const SESSION_LIFETIME_SECONDS = REFRESH_WINDOW_SECONDS;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  user_type: UserType;
  team_id: string | null;
  memberships: Membership[];
}

/** Starts a session: a new family at sign-in, or the next one of a family at refresh. */
export async function createSession(
  db: DB,
  userId: string,
  now: Date,
  family?: { id: string; expiresAt: string },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await run(
    db,
    db.insertInto('sessions').values({
      id,
      user_id: userId,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
      expires_at:
        family?.expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000).toISOString(),
      revoked_at: null,
      family_id: family?.id ?? id,
      replaced_by: null,
    }),
  );
  return id;
}

export type Exchange =
  | { outcome: 'rotated'; sessionId: string; user: SessionUser }
  | { outcome: 'reused' | 'ended'; userId: string | null };

/**
 * A refresh: the session `sessionId` of `userId` is exchanged for the next of its family.
 * `reused`: it had been exchanged already, and its whole family has now ended;
 * `ended`: signed out, expired, or no such session.
 */
export async function exchangeSession(
  db: DB,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<Exchange> {
  const at = now.toISOString();
  const session = await first(
    db,
    db
      .selectFrom('sessions')
      .select(['id', 'family_id', 'expires_at', 'revoked_at', 'replaced_by'])
      .where('id', '=', sessionId)
      .where('user_id', '=', userId),
  );
  if (!session) return { outcome: 'ended', userId: null };
  const familyId = session.family_id ?? session.id;
  if (session.replaced_by !== null) {
    await endFamily(db, familyId, now);
    return { outcome: 'reused', userId };
  }
  const user = await liveSessionUser(db, sessionId, userId, now);
  if (!user) return { outcome: 'ended', userId };
  const next = randomBytes(18).toString('base64url');
  // Only over a session still live: of two refreshes racing with one token, the second is a reuse.
  const took = await changed(
    db,
    db
      .updateTable('sessions')
      .set({ revoked_at: at, replaced_by: next })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null),
  );
  if (took === 0) {
    await endFamily(db, familyId, now);
    return { outcome: 'reused', userId };
  }
  await run(
    db,
    db.insertInto('sessions').values({
      id: next,
      user_id: userId,
      created_at: at,
      last_used_at: at,
      expires_at: session.expires_at,
      revoked_at: null,
      family_id: familyId,
      replaced_by: null,
    }),
  );
  return { outcome: 'rotated', sessionId: next, user };
}

async function endFamily(db: DB, familyId: string, now: Date): Promise<void> {
  await run(
    db,
    db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where((eb) => eb.or([eb('family_id', '=', familyId), eb('id', '=', familyId)]))
      .where('revoked_at', 'is', null),
  );
}

/** Every authenticated request runs it: built and compiled once (db/store.ts). */
const LIVE_SESSION_USER = statement((db: DB, a: { sessionId: string; userId: string; now: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.user_type', 'u.team_id'])
    // Read with the user rather than after it: one round trip per request, not two.
    .select((eb) =>
      eb
        .selectFrom('memberships as m')
        .select(
          jsonObjectsOf(
            db,
            MEMBERSHIP_COLUMNS.map((column) => `m.${column}`),
            'm.id',
          ).as('list'),
        )
        .whereRef('m.user_id', '=', 'u.id')
        .as('memberships'),
    )
    .where('s.id', '=', a.sessionId)
    .where('s.user_id', '=', a.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', a.now),
);

/** The user of a live session (not revoked, not expired), with their memberships, or undefined. */
export async function liveSessionUser(
  db: DB,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<SessionUser | undefined> {
  const found = await LIVE_SESSION_USER.first(db, { sessionId, userId, now: now.toISOString() });
  if (found === undefined) return undefined;
  const { memberships, ...user } = found;
  return { ...user, memberships: JSON.parse(memberships ?? '[]') as Membership[] };
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
