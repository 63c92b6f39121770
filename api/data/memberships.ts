/**
 * Memberships: each of a user's rights with its scope (db/rules/rights.ts), and
 * the primary one that users.user_type and users.team_id carry.
 */
import type { DB } from '../../db/connection';
import type { MembershipRole } from '../../db/schema';
import { rows, run, statement } from '../../db/store';
import { membershipsForType } from '../../db/rules/memberships';
import { primaryOf, type Membership } from '../../db/rules/rights';

export const MEMBERSHIP_COLUMNS = ['role', 'league_id', 'team_id', 'player_id'] as const;

/** Every authenticated request reads its user's memberships: compiled once. */
const MEMBERSHIPS_OF = statement((db: DB, a: { userId: string }) =>
  db.selectFrom('memberships').select(MEMBERSHIP_COLUMNS).where('user_id', '=', a.userId).orderBy('id'),
);

export function membershipsOf(db: DB, userId: string): Promise<Membership[]> {
  return MEMBERSHIPS_OF.all(db, { userId });
}

/** The memberships of several users, by user id. */
export async function membershipsOfUsers(db: DB, userIds: readonly string[]) {
  const byUser = new Map<string, Membership[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const found = await rows(
    db,
    db
      .selectFrom('memberships')
      .select(['user_id', ...MEMBERSHIP_COLUMNS])
      .where('user_id', 'in', userIds)
      .orderBy('id'),
  );
  for (const { user_id, ...membership } of found) byUser.get(user_id)?.push(membership);
  return byUser;
}

/** Writes the primary membership into users.user_type and users.team_id. */
async function notePrimary(db: DB, userId: string, memberships: readonly Membership[]): Promise<void> {
  await run(db, db.updateTable('users').set(primaryOf(memberships)).where('id', '=', userId));
}

/** Notes the primary membership again after memberships went without this module (a team deleted). */
export async function notePrimaryOf(db: DB, userId: string): Promise<void> {
  const memberships = await membershipsOf(db, userId);
  // An account that never had a membership keeps the type the editor gave it.
  if (memberships.length > 0) await notePrimary(db, userId, memberships);
  else {
    await run(
      db,
      db
        .updateTable('users')
        .set({ user_type: 'fan', team_id: null })
        .where('id', '=', userId)
        .where('user_type', 'in', ['coach', 'owner', 'player']),
    );
  }
}

const sameScope = (a: Membership, b: Membership) =>
  a.role === b.role && a.league_id === b.league_id && a.team_id === b.team_id;

/** Adds a membership unless the user holds it already (a player's record is then filled in). */
export async function addMembership(db: DB, userId: string, membership: Membership): Promise<void> {
  const current = await membershipsOf(db, userId);
  const held = current.find((m) => sameScope(m, membership));
  if (held) {
    if (membership.player_id !== null && held.player_id !== membership.player_id) {
      await run(
        db,
        db
          .updateTable('memberships')
          .set({ player_id: membership.player_id })
          .where('user_id', '=', userId)
          .where('role', '=', membership.role)
          .where('team_id', '=', membership.team_id ?? ''),
      );
    }
  } else {
    await run(db, db.insertInto('memberships').values({ user_id: userId, ...membership }));
  }
  if (membership.player_id !== null) await linkPlayer(db, userId, membership.player_id);
  await notePrimary(db, userId, held ? current : [...current, membership]);
}

/** Replaces all of a user's memberships; says which were taken away. */
export async function replaceMemberships(
  db: DB,
  userId: string,
  memberships: readonly Membership[],
  { notePrimary: writePrimary = true } = {},
): Promise<{ before: Membership[]; removed: Membership[] }> {
  const before = await membershipsOf(db, userId);
  await run(db, db.deleteFrom('memberships').where('user_id', '=', userId));
  for (const membership of memberships) {
    await run(db, db.insertInto('memberships').values({ user_id: userId, ...membership }));
    if (membership.player_id !== null) await linkPlayer(db, userId, membership.player_id);
  }
  if (writePrimary) await notePrimary(db, userId, memberships);
  const removed = before.filter((old) => !memberships.some((m) => sameScope(m, old)));
  return { before, removed };
}

/** A roster's player record belongs to one account: the Player page and profile follow it. */
async function linkPlayer(db: DB, userId: string, playerId: string): Promise<void> {
  await run(db, db.updateTable('players').set({ user_id: userId }).where('id', '=', playerId));
}

/** The users holding a role in one league (its admins) or on its teams (their staff and players). */
export async function userIdsInLeague(db: DB, leagueId: string): Promise<string[]> {
  const found = await rows(
    db,
    db
      .selectFrom('memberships as m')
      .leftJoin('teams as t', 't.team_id', 'm.team_id')
      .select('m.user_id')
      .distinct()
      .where((eb) => eb.or([eb('m.league_id', '=', leagueId), eb('t.league_id', '=', leagueId)])),
  );
  return found.map((row) => row.user_id);
}

export type { Membership, MembershipRole };

/**
 * The table editor writes users.user_type and users.team_id directly: the memberships
 * they describe (db/rules/memberships.ts) replace the user's, so rights follow what the
 * editor shows. The user's roster record, if any, stays linked to a player membership.
 */
export async function followEditedUser(
  db: DB,
  user: { id: string; user_type: string; team_id: string | null },
): Promise<void> {
  const player =
    user.user_type === 'player' && user.team_id !== null
      ? await rows(
          db,
          db
            .selectFrom('players')
            .select('id')
            .where('user_id', '=', user.id)
            .where('team_id', '=', user.team_id)
            .orderBy('id')
            .limit(1),
        )
      : [];
  await replaceMemberships(
    db,
    user.id,
    membershipsForType(user.user_type, user.team_id, player[0]?.id ?? null),
    {
      notePrimary: false,
    },
  );
}
