/** PostgreSQL twin of db/migrations/0012_report_loop.ts. */
import { sql, type Kysely } from 'kysely';
import { KIND_CHECK } from '../0012_report_loop';

const statements = [
  sql`CREATE TABLE match_counter_reports (
    id               INTEGER PRIMARY KEY,
    match_id         INTEGER NOT NULL UNIQUE REFERENCES matches (id) ON DELETE CASCADE,
    team_id          TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    home_score       INTEGER NOT NULL CHECK (home_score >= 0),
    away_score       INTEGER NOT NULL CHECK (away_score >= 0),
    lists            TEXT COLLATE "C" NOT NULL CHECK (touchline_json_valid(lists)),
    reported_by_user TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL,
    reported_at      TEXT COLLATE "C" NOT NULL
  )`,
  // SQLite's rowid rule for an omitted id (0001's touchline_rowid).
  sql`CREATE TRIGGER match_counter_reports_rowid BEFORE INSERT ON match_counter_reports
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql.raw(`CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind       TEXT COLLATE "C" NOT NULL CHECK (${KIND_CHECK}),
    title      TEXT COLLATE "C" NOT NULL,
    body       TEXT COLLATE "C" NOT NULL,
    link       TEXT COLLATE "C" NOT NULL,
    dedupe_key TEXT COLLATE "C",
    created_at TEXT COLLATE "C" NOT NULL,
    read_at    TEXT COLLATE "C"
  )`),
  sql`CREATE INDEX notifications_user ON notifications (user_id, id)`,
  sql`CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL`,
  sql`CREATE UNIQUE INDEX notifications_once ON notifications (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL`,
  sql`CREATE TRIGGER notifications_rowid BEFORE INSERT ON notifications
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql.raw(`CREATE TABLE notification_mutes (
    id      INTEGER PRIMARY KEY,
    user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    kind    TEXT COLLATE "C" NOT NULL CHECK (${KIND_CHECK}),
    UNIQUE (user_id, kind)
  )`),
  sql`CREATE TRIGGER notification_mutes_rowid BEFORE INSERT ON notification_mutes
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    endpoint   TEXT COLLATE "C" NOT NULL UNIQUE,
    p256dh     TEXT COLLATE "C" NOT NULL,
    auth       TEXT COLLATE "C" NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL
  )`,
  sql`CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`,
  sql`CREATE TRIGGER push_subscriptions_rowid BEFORE INSERT ON push_subscriptions
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE INDEX matches_unapproved_date ON matches (match_date) WHERE approved <> 'TRUE'`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
