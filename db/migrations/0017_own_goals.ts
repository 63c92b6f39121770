/**
 * Own goals: one row per own goal, as the report sent them. `team_id` is the team the
 * player played for; the goal counts for the other side. Like match_cards (0011) they
 * belong to the match's report: replaced with it, versioned for the public reads (0002),
 * and moving the match's revision (0006) so remembered match lists read them again.
 * No player's goal tally reads them.
 */
import { sql, type Kysely } from 'kysely';
import { versionTable } from './0002_data_version';

const statements = [
  sql`CREATE TABLE match_own_goals (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE
  ) STRICT`,
  sql`CREATE INDEX match_own_goals_match ON match_own_goals (match_id)`,
  sql`CREATE INDEX match_own_goals_player ON match_own_goals (player_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  await versionTable(db, 'match_own_goals');
  for (const [event, row, when] of [
    ['INSERT', 'NEW', ''],
    ['DELETE', 'OLD', ''],
    ['UPDATE', 'OLD', 'WHEN OLD.match_id IS NOT NEW.match_id'], // a row moved to another match
    ['UPDATE', 'NEW', ''],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER match_own_goals_${event.toLowerCase()}_${row.toLowerCase()}_bumps_match_revision
         AFTER ${event} ON match_own_goals ${when}
         BEGIN
           INSERT INTO match_revision (match_id, revision) VALUES (${row}.match_id, 1)
           ON CONFLICT (match_id) DO UPDATE SET revision = revision + 1;
         END`,
      )
      .execute(db);
  }
}
