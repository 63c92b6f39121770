/**
 * A league's rules and its points deductions. league_rules holds the rules
 * a league changed (JSON, read over the defaults of api/domain/league-rules.ts; no row:
 * the defaults); points_deductions one deduction each, with its reason. Both are
 * versioned like the tables of 0002: the league table reads them.
 */
import { sql, type Kysely } from 'kysely';
import { versionTable } from './0002_data_version';

export const TABLES = ['league_rules', 'points_deductions'] as const;

const statements = [
  sql`CREATE TABLE league_rules (
    league_id  TEXT PRIMARY KEY NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    rules      TEXT NOT NULL CHECK (json_valid(rules)),
    updated_at TEXT NOT NULL
  ) STRICT`,
  sql`CREATE TABLE points_deductions (
    id         INTEGER PRIMARY KEY,
    league_id  TEXT NOT NULL REFERENCES leagues (league_id) ON UPDATE CASCADE ON DELETE CASCADE,
    team_id    TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE ON DELETE CASCADE,
    points     INTEGER NOT NULL CHECK (points BETWEEN 1 AND 100),
    reason     TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 300),
    created_at TEXT NOT NULL,
    created_by TEXT REFERENCES users (id) ON UPDATE CASCADE ON DELETE SET NULL
  ) STRICT`,
  sql`CREATE INDEX points_deductions_league ON points_deductions (league_id, id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  for (const table of TABLES) await versionTable(db, table);
}
