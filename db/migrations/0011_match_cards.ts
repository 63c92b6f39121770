/**
 * Cards shown in a match: one row per card, as the report sent them (a
 * player may have two yellows, which count as a red). Like match_events they belong to
 * the match's report: replaced with it, versioned for the public reads (0002), and
 * moving the match's revision (0006) so remembered match lists read them again.
 */
import { sql, type Kysely } from 'kysely';
import { versionTable } from './0002_data_version';

const statements = [
  sql`CREATE TABLE match_cards (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    team_id   TEXT NOT NULL REFERENCES teams (team_id) ON UPDATE CASCADE,
    player_id TEXT NOT NULL REFERENCES players (id) ON UPDATE CASCADE,
    card      TEXT NOT NULL CHECK (card IN ('yellow', 'red'))
  ) STRICT`,
  sql`CREATE INDEX match_cards_match ON match_cards (match_id)`,
  sql`CREATE INDEX match_cards_player ON match_cards (player_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
  await versionTable(db, 'match_cards');
  for (const [event, row, when] of [
    ['INSERT', 'NEW', ''],
    ['DELETE', 'OLD', ''],
    ['UPDATE', 'OLD', 'WHEN OLD.match_id IS NOT NEW.match_id'], // a row moved to another match
    ['UPDATE', 'NEW', ''],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER match_cards_${event.toLowerCase()}_${row.toLowerCase()}_bumps_match_revision
         AFTER ${event} ON match_cards ${when}
         BEGIN
           INSERT INTO match_revision (match_id, revision) VALUES (${row}.match_id, 1)
           ON CONFLICT (match_id) DO UPDATE SET revision = revision + 1;
         END`,
      )
      .execute(db);
  }
}
