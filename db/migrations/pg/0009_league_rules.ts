/** PostgreSQL twin of db/migrations/0009_league_rules.ts. */
import { sql, type Kysely } from 'kysely';
import { versionTable } from './0002_data_version';
import { TABLES } from '../0009_league_rules';

const statements = [
  sql`CREATE TABLE league_rules (
    league_id  TEXT COLLATE "C" PRIMARY KEY NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    rules      TEXT COLLATE "C" NOT NULL CHECK (touchline_json_valid(rules)),
    updated_at TEXT COLLATE "C" NOT NULL
  )`,
  sql`CREATE TABLE points_deductions (
    id         INTEGER PRIMARY KEY,
    league_id  TEXT COLLATE "C" NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT COLLATE "C" NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    points     INTEGER NOT NULL CHECK (points BETWEEN 1 AND 100),
    reason     TEXT COLLATE "C" NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
    created_at TEXT COLLATE "C" NOT NULL,
    created_by TEXT COLLATE "C" REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL
  )`,
  sql`CREATE INDEX points_deductions_league ON points_deductions (league_id, id)`,
  // SQLite's rowid rule for an omitted id (0001's touchline_rowid).
  sql`CREATE TRIGGER points_deductions_rowid BEFORE INSERT ON points_deductions
    FOR EACH ROW EXECUTE FUNCTION touchline_rowid()`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const table of TABLES) await versionTable(db, table);
}
