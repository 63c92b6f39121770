/**
 * The result loop between two teams' reports, private to the people it concerns (no public read
 * depends on any of these tables, so none is data-versioned):
 * - match_counter_reports: the second team's report when it differs from the first,
 *   kept beside it until a reviewer approves one of them (at most one per match: the
 *   first report lives in the match row, its events and cards, as before). Its lists are
 *   a proposal, not a result, so they stay one JSON document until one is approved.
 * - notifications: what each user is told, newest first; `dedupe_key` makes a
 *   notification sent once whatever the number of instances that try (the overdue sweep).
 * - notification_mutes: the kinds a user chose not to be told about.
 * - push_subscriptions: each browser's Web Push subscription, per user.
 */
import { sql, type Kysely } from 'kysely';
/** The kinds of notification there were then; later kinds come with their own migration (0019). */
const KINDS = [
  'report_to_review',
  'report_approved',
  'report_rejected',
  'result_confirmed',
  'reports_differ',
  'report_overdue',
  'match_moved',
  'player_suspended',
];

/** `kind IN (…)` for a list of kinds, for the CHECKs of both engines. */
export const kindCheck = (kinds: readonly string[]) =>
  `kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')})`;

export const KIND_CHECK = kindCheck(KINDS);

const statements = [
  sql`CREATE TABLE match_counter_reports (
    id               INTEGER PRIMARY KEY,
    match_id         INTEGER NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
    team_id          TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    home_score       INTEGER NOT NULL CHECK (home_score >= 0),
    away_score       INTEGER NOT NULL CHECK (away_score >= 0),
    lists            TEXT NOT NULL CHECK (json_valid(lists)),
    reported_by_user TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reported_at      TEXT NOT NULL
  ) STRICT`,
  sql.raw(`CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (${KIND_CHECK}),
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    link       TEXT NOT NULL,
    dedupe_key TEXT,
    created_at TEXT NOT NULL,
    read_at    TEXT
  ) STRICT`),
  sql`CREATE INDEX notifications_user ON notifications (user_id, id)`,
  sql`CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL`,
  sql`CREATE UNIQUE INDEX notifications_once ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL`,
  sql.raw(`CREATE TABLE notification_mutes (
    id      INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind    TEXT NOT NULL CHECK (${KIND_CHECK}),
    UNIQUE (user_id, kind)
  ) STRICT`),
  sql`CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    endpoint   TEXT NOT NULL UNIQUE,
    p256dh     TEXT NOT NULL,
    auth       TEXT NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT`,
  sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`,
  // The overdue sweep reads played matches that are not approved, by date.
  sql`CREATE INDEX matches_unapproved_date ON matches (match_date) WHERE approved <> 'TRUE'`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
