/**
 * Notifications: who is told, what they were told, what they muted, and
 * their Web Push subscriptions. Sending happens inside the write that caused it, so a
 * notification exists exactly when its cause was committed.
 */
import { sql, type QueryCreator } from 'kysely';
import type { DB } from '../../db/connection';
import { inList, listArgument, listRows } from '../../db/dialect-sql';
import { engineOf } from '../../db/engine';
import { first, rows, run, statement } from '../../db/store';
import type { Database, NotificationKind } from '../../db/schema';
import type { NotificationMessage } from '../domain/notification-text';
import type { NotificationDto } from '../schemas';

/** Who should hear of something: staff of teams, a league's admins, and never the one who did it. */
export interface Audience {
  teams?: readonly (string | null)[];
  /** this league's admins, and the super admins */
  leagueAdminsOf?: string;
  /** The user whose action this is: they saw it happen. */
  except?: string | null;
}

/** A notification as sent, with its recipient, for Web Push after the commit. */
export interface SentNotification extends NotificationMessage {
  id: number;
  user_id: string;
}

const STAFF_ROLES = ['coach', 'owner'] as const;

/**
 * Coaches and owners of `teams` (and the admins of `league` with the super admins, if
 * given) who have not muted `kind`, each once.
 */
function unmutedAudience(db: DB, teams: readonly string[], league: string | null, kind: NotificationKind) {
  return db
    .selectFrom('memberships as s')
    .leftJoin('notification_mutes as m', (join) =>
      join.onRef('m.user_id', '=', 's.user_id').on('m.kind', '=', kind),
    )
    .select('s.user_id')
    .distinct()
    .where('m.user_id', 'is', null)
    .where((eb) => {
      const staff =
        teams.length > 0
          ? eb.and([eb('s.team_id', 'in', teams), eb('s.role', 'in', STAFF_ROLES)])
          : // No team: a literal, as SQLite binds no boolean (the admins alone are asked).
            sql<boolean>`1 = 0`;
      if (league === null) return staff;
      return eb.or([
        staff,
        eb('s.role', '=', 'super_admin'),
        eb.and([eb('s.role', '=', 'league_admin'), eb('s.league_id', '=', league)]),
      ]);
    })
    .orderBy('s.user_id');
}

/**
 * The audiences every report and review has (the staff of one or two teams, with their
 * league's admins or without), prepared once; other audiences are built per call.
 */
const STAFF = statement((db: DB, a: { first: string; second: string; kind: NotificationKind }) =>
  unmutedAudience(db, [a.first, a.second], null, a.kind),
);
const STAFF_AND_LEAGUE_ADMINS = statement(
  (db: DB, a: { first: string; second: string; league: string; kind: NotificationKind }) =>
    unmutedAudience(db, [a.first, a.second], a.league, a.kind),
);

/**
 * The users an audience names who have not muted `kind`: coaches and owners of the
 * teams, the league's admins and the super admins if asked, never the one whose action it is.
 */
export async function audienceUsers(db: DB, audience: Audience, kind: NotificationKind): Promise<string[]> {
  const teams = [...new Set((audience.teams ?? []).filter((team): team is string => team !== null))];
  const league = audience.leagueAdminsOf ?? null;
  if (teams.length === 0 && league === null) return [];
  const [one, other] = teams;
  const pair = { first: one ?? '', second: other ?? one ?? '', kind };
  const users =
    one !== undefined && teams.length <= 2
      ? await (league === null ? STAFF.all(db, pair) : STAFF_AND_LEAGUE_ADMINS.all(db, { ...pair, league }))
      : await rows(db, unmutedAudience(db, teams, league, kind));
  return users.map((row) => row.user_id).filter((id) => id !== audience.except);
}

/** Followers of one or two teams who have not muted `kind`, each once. */
const FOLLOWERS = statement((db: DB, a: { first: string; second: string; kind: NotificationKind }) =>
  db
    .selectFrom('team_follows as f')
    .leftJoin('notification_mutes as m', (join) =>
      join.onRef('m.user_id', '=', 'f.user_id').on('m.kind', '=', a.kind),
    )
    .select('f.user_id')
    .distinct()
    .where('m.user_id', 'is', null)
    .where('f.team_id', 'in', [a.first, a.second])
    .orderBy('f.user_id'),
);

/** The users who follow either of a match's teams and have not muted `kind`. */
export async function followersOf(
  db: DB,
  teams: readonly [string, string],
  kind: NotificationKind,
): Promise<string[]> {
  const followers = await FOLLOWERS.all(db, { first: teams[0], second: teams[1], kind });
  return followers.map((row) => row.user_id);
}

/** The teams a user follows, by name. */
export async function followedTeams(db: DB, userId: string): Promise<string[]> {
  const followed = await rows(
    db,
    db.selectFrom('team_follows').select('team_id').where('user_id', '=', userId).orderBy('team_id'),
  );
  return followed.map((row) => row.team_id);
}

/** Follows a team (again: nothing changes). */
export async function follow(db: DB, userId: string, teamId: string, at: string): Promise<void> {
  await run(
    db,
    db
      .insertInto('team_follows')
      .values({ user_id: userId, team_id: teamId, created_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'team_id']).doNothing()),
  );
}

export async function unfollow(db: DB, userId: string, teamId: string): Promise<void> {
  await run(db, db.deleteFrom('team_follows').where('user_id', '=', userId).where('team_id', '=', teamId));
}

// One per recipient of every report, review and change to a match: built and compiled once.
/**
 * One notification for each user of a list (`listArgument`), in one statement whatever
 * the number of recipients: a write tells everyone inside its transaction, so each
 * statement there is one more round trip while PostgreSQL's write lock is held.
 */
const INSERT_NOTIFICATIONS = statement(
  (
    db: DB,
    a: {
      users: string;
      kind: NotificationKind;
      title: string;
      body: string;
      link: string;
      dedupeKey: string | null;
      task: string | null;
      at: string;
    },
  ) =>
    // On PostgreSQL the notifications a task's newer one replaces (DELETE_REPLACED) go in
    // the same statement: one round trip less while the write lock is held. A null task
    // matches nothing. SQLite, in process, runs the delete on its own first.
    (engineOf(db) === 'postgres'
      ? (db.with('replaced', (cte) =>
          cte
            .deleteFrom('notifications')
            .where('task', '=', a.task)
            .where('kind', '=', a.kind)
            .where(inList(db, 'user_id', a.users)),
        ) as unknown as QueryCreator<Database>)
      : (db as QueryCreator<Database>)
    )
      .insertInto('notifications')
      // The list's element (the user) comes last, after the columns every row shares.
      .columns(['kind', 'title', 'body', 'link', 'dedupe_key', 'task', 'created_at', 'read_at', 'user_id'])
      .expression(
        listRows(
          db,
          [a.kind, a.title, a.body, a.link, a.dedupeKey, a.task, a.at, null].map(
            (value) => sql`CAST(${value} AS TEXT)`,
          ),
          a.users,
        ),
      )
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
      )
      .returning(['id', 'user_id']),
);

/**
 * What a newer notification of the same task and kind replaces: each person holds one
 * per task and kind, saying where the work stands now (a second "Reports differ" for the
 * same match is the first one again, not news).
 */
const DELETE_REPLACED = statement((db: DB, a: { users: string; task: string; kind: NotificationKind }) =>
  db
    .deleteFrom('notifications')
    .where('task', '=', a.task)
    .where('kind', '=', a.kind)
    .where(inList(db, 'user_id', a.users)),
);

/** Marks the notifications asking for these pieces of work done (and read): for everyone they asked. */
const RESOLVE_TASKS = statement((db: DB, a: { tasks: string; at: string }) =>
  db
    .updateTable('notifications')
    .set((eb) => ({ resolved_at: a.at, read_at: eb.fn.coalesce('read_at', eb.val(a.at)) }))
    .where(inList(db, 'task', a.tasks))
    .where('resolved_at', 'is', null),
);

/**
 * The work of these tasks is done, or no longer asked for (the match was postponed or
 * deleted): their notifications read as done in every bell and leave the unread counts.
 */
export async function resolveTasks(db: DB, tasks: readonly string[], at: string): Promise<void> {
  if (tasks.length > 0) await RESOLVE_TASKS.run(db, { tasks: listArgument(tasks), at });
}

/**
 * Stores `message` for every user of the audience who has not muted its kind. With a
 * `dedupeKey`, a user who already has a notification with that key gets no second one
 * (whichever instance tries first wins; the others change nothing).
 */
export async function notify(
  db: DB,
  audience: Audience,
  message: NotificationMessage,
  at: string,
  dedupeKey: string | null = null,
): Promise<SentNotification[]> {
  return notifyUsers(db, await audienceUsers(db, audience, message.kind), message, at, dedupeKey);
}

/** Stores `message` for each of `users` (already weighed against their mutes by audienceUsers). */
export async function notifyUsers(
  db: DB,
  users: readonly string[],
  message: NotificationMessage,
  at: string,
  dedupeKey: string | null = null,
): Promise<SentNotification[]> {
  const stored = { kind: message.kind, title: message.title, body: message.body, link: message.link };
  if (users.length === 0) return [];
  const task = message.task ?? null;
  const list = listArgument(users);
  if (task !== null && engineOf(db) !== 'postgres') {
    await DELETE_REPLACED.run(db, { users: list, task, kind: message.kind });
  }
  const inserted = await INSERT_NOTIFICATIONS.all(db, { users: list, ...stored, dedupeKey, task, at });
  // In the order of `users`: RETURNING promises no order.
  const ids = new Map(inserted.map((row) => [row.user_id, row.id]));
  const sent: SentNotification[] = [];
  for (const user_id of users) {
    const id = ids.get(user_id);
    if (id !== undefined) sent.push({ id, user_id, ...stored });
  }
  return sent;
}

function toDto(row: {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
  resolved_at: string | null;
}): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.created_at,
    read: row.read_at !== null,
    resolved: row.resolved_at !== null,
  };
}

/** A user's notifications, newest first, `limit` after the id `before` (exclusive). */
export async function listNotifications(
  db: DB,
  userId: string,
  page: { limit: number; before?: number },
): Promise<{ unread: number; notifications: NotificationDto[]; next_cursor: string | null }> {
  let query = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at', 'resolved_at'])
    .where('user_id', '=', userId);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  const read = await rows(db, query.orderBy('id', 'desc').limit(page.limit + 1));
  const shown = read.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    unread: await unreadCount(db, userId),
    notifications: shown.map(toDto),
    next_cursor: read.length > page.limit && last ? String(last.id) : null,
  };
}

export async function unreadCount(db: DB, userId: string): Promise<number> {
  const row = await first(
    db,
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null),
  );
  return Number(row?.count ?? 0);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: DB, userId: string, id: number, at: string): Promise<boolean> {
  const owned = await first(
    db,
    db.selectFrom('notifications').select('read_at').where('id', '=', id).where('user_id', '=', userId),
  );
  if (!owned) return false;
  if (owned.read_at === null) {
    await run(db, db.updateTable('notifications').set({ read_at: at }).where('id', '=', id));
  }
  return true;
}

export async function markAllRead(db: DB, userId: string, at: string): Promise<void> {
  await run(
    db,
    db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null),
  );
}

export async function mutedKinds(db: DB, userId: string): Promise<NotificationKind[]> {
  const muted = await rows(
    db,
    db.selectFrom('notification_mutes').select('kind').where('user_id', '=', userId).orderBy('kind'),
  );
  return muted.map((row) => row.kind);
}

export async function setMutedKinds(
  db: DB,
  userId: string,
  kinds: readonly NotificationKind[],
): Promise<void> {
  await run(db, db.deleteFrom('notification_mutes').where('user_id', '=', userId));
  const unique = [...new Set(kinds)];
  if (unique.length === 0) return;
  await run(
    db,
    db.insertInto('notification_mutes').values(unique.map((kind) => ({ user_id: userId, kind }))),
  );
}
