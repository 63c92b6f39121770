/** PostgreSQL twin of db/migrations/0016_tasks_and_follows.ts. */
import { sql, type Kysely } from 'kysely';
import { backfillTasks, OPEN_TASK_INDEX, USER_TASK_INDEX } from '../0016_tasks_and_follows';

const statements = [
  sql`ALTER TABLE notifications ADD COLUMN task TEXT COLLATE "C"`,
  sql`ALTER TABLE notifications ADD COLUMN resolved_at TEXT COLLATE "C"`,
  ...backfillTasks(`substring(link from 'match=([0-9]+)')`),
  OPEN_TASK_INDEX,
  USER_TASK_INDEX,
  sql`ALTER TABLE matches ADD COLUMN rejection_reason TEXT COLLATE "C"`,
  sql`CREATE TABLE team_follows (
    id         INTEGER PRIMARY KEY,
    user_id    TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    created_at TEXT COLLATE "C" NOT NULL,
    UNIQUE (user_id, team_id)
  )`,
  // SQLite's rowid rule for an omitted id (0001's touchline_rowid).
  sql`CREATE TRIGGER team_follows_rowid BEFORE INSERT ON team_follows
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
  sql`CREATE INDEX team_follows_team ON team_follows (team_id, user_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
