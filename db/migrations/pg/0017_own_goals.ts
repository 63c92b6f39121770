/** PostgreSQL twin of db/migrations/0017_own_goals.ts. */
import { sql, type Kysely } from 'kysely';
import { versionTable } from './0002_data_version';
import { revisionTrigger } from './0006_match_revision';

const statements = [
  sql`CREATE TABLE match_own_goals (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT COLLATE "C" NOT NULL REFERENCES players (id) ON UPDATE CASCADE
  )`,
  sql`CREATE INDEX match_own_goals_match ON match_own_goals (match_id)`,
  sql`CREATE INDEX match_own_goals_player ON match_own_goals (player_id)`,
  // SQLite's rowid rule for an omitted id (0001's touchline_rowid).
  sql`CREATE TRIGGER match_own_goals_rowid BEFORE INSERT ON match_own_goals
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  await versionTable(db, 'match_own_goals');
  await revisionTrigger(db, 'match_own_goals', 'match_id');
}
