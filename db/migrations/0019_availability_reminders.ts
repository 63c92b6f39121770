/**
 * Reminders to answer whether one can play, and the squad announced:
 * - two more kinds of notification, 'availability_reminder' and 'squad_announced', in the
 *   kind CHECKs of notifications and notification_mutes. SQLite cannot change a CHECK in
 *   place: both tables are built again with the same columns, rows and indexes.
 * - availability_reminders: when each player was last reminded to answer for a match; a
 *   player is reminded at most once every 12 hours, whoever asks and whichever instance.
 * - availability_reminder_stages: which of a team's automatic reminders for a match went
 *   (1: the first, 2: the last), so each goes once across every instance.
 * - squad_announcements: what each player was last told of a match's squad (1: in it,
 *   0: not in it), so saving a selection again tells only those whose place changed.
 * - memberships indexed by user and by player.
 * Private to a team's people, not data-versioned.
 */
import { sql, type Kysely } from 'kysely';
import { kindCheck } from './0012_report_loop';
import { OPEN_TASK_INDEX, USER_TASK_INDEX } from './0016_tasks_and_follows';

export const KINDS_0019 = [
  'report_to_review',
  'report_approved',
  'report_rejected',
  'result_confirmed',
  'reports_differ',
  'report_overdue',
  'match_moved',
  'player_suspended',
  'availability_reminder',
  'squad_announced',
];

export const KIND_CHECK_0019 = kindCheck(KINDS_0019);

const statements = [
  sql.raw(`CREATE TABLE notifications_0019 (
    id          INTEGER PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (${KIND_CHECK_0019}),
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    link        TEXT NOT NULL,
    dedupe_key  TEXT,
    created_at  TEXT NOT NULL,
    read_at     TEXT,
    task        TEXT,
    resolved_at TEXT
  ) STRICT`),
  sql`INSERT INTO notifications_0019
    SELECT id, user_id, kind, title, body, link, dedupe_key, created_at, read_at, task, resolved_at
      FROM notifications`,
  sql`DROP TABLE notifications`,
  sql`ALTER TABLE notifications_0019 RENAME TO notifications`,
  sql`CREATE INDEX notifications_user ON notifications (user_id, id)`,
  sql`CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL`,
  sql`CREATE UNIQUE INDEX notifications_once ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL`,
  OPEN_TASK_INDEX,
  USER_TASK_INDEX,
  sql.raw(`CREATE TABLE notification_mutes_0019 (
    id      INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind    TEXT NOT NULL CHECK (${KIND_CHECK_0019}),
    UNIQUE (user_id, kind)
  ) STRICT`),
  sql`INSERT INTO notification_mutes_0019 SELECT id, user_id, kind FROM notification_mutes`,
  sql`DROP TABLE notification_mutes`,
  sql`ALTER TABLE notification_mutes_0019 RENAME TO notification_mutes`,
  sql`CREATE TABLE availability_reminders (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    sent_at   TEXT NOT NULL,
    UNIQUE (match_id, player_id)
  ) STRICT`,
  sql`CREATE TABLE availability_reminder_stages (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id  TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    stage    INTEGER NOT NULL CHECK (stage IN (1, 2)),
    UNIQUE (match_id, team_id)
  ) STRICT`,
  sql`CREATE TABLE squad_announcements (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    selected  INTEGER NOT NULL CHECK (selected IN (0, 1)),
    UNIQUE (match_id, player_id)
  ) STRICT`,
  // Every signed-in request reads the user's memberships, and a player's account is found
  // through theirs: the indexes of 0015 are partial or lead with other columns.
  sql`CREATE INDEX memberships_user ON memberships (user_id)`,
  sql`CREATE INDEX memberships_player ON memberships (player_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
