/**
 * PostgreSQL twin of db/migrations/0019_availability_reminders.ts: a CHECK is replaced in
 * place; each new table takes SQLite's rowid rule for an omitted id (0001's touchline_rowid).
 */
import { sql, type Kysely } from 'kysely';
import { KIND_CHECK_0019 } from '../0019_availability_reminders';

const statements = [
  sql`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`,
  sql.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (${KIND_CHECK_0019})`),
  sql`ALTER TABLE notification_mutes DROP CONSTRAINT notification_mutes_kind_check`,
  sql.raw(
    `ALTER TABLE notification_mutes ADD CONSTRAINT notification_mutes_kind_check CHECK (${KIND_CHECK_0019})`,
  ),
  sql`CREATE TABLE availability_reminders (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    sent_at   TEXT COLLATE "C" NOT NULL,
    UNIQUE (match_id, player_id)
  )`,
  sql`CREATE TRIGGER availability_reminders_rowid BEFORE INSERT ON availability_reminders
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE TABLE availability_reminder_stages (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id  TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    stage    INTEGER NOT NULL CHECK (stage IN (1, 2)),
    UNIQUE (match_id, team_id)
  )`,
  sql`CREATE TRIGGER availability_reminder_stages_rowid BEFORE INSERT ON availability_reminder_stages
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE TABLE squad_announcements (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    player_id TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE ON DELETE CASCADE,
    selected  INTEGER NOT NULL CHECK (selected IN (0, 1)),
    UNIQUE (match_id, player_id)
  )`,
  sql`CREATE TRIGGER squad_announcements_rowid BEFORE INSERT ON squad_announcements
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  // Every signed-in request reads the user's memberships, and a player's account is found
  // through theirs: the indexes of 0015 are partial or lead with other columns.
  sql`CREATE INDEX memberships_user ON memberships (user_id)`,
  sql`CREATE INDEX memberships_player ON memberships (player_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
