/**
 * The overdue sweep's memory: for each match, the state whose reminder the
 * sweep has sent ('report', or 'review:' and the report's time). Every minute the sweep
 * walked every overdue match of the running seasons and asked, for each one, who should
 * be told and whether they had been: on a large database (69,000 such matches) that was
 * five seconds of one transaction, on SQLite five seconds of a stalled event loop. Now a
 * match whose current state was already told is passed over on sight. Bookkeeping, not
 * league data: no public read depends on it, so it is not data-versioned. WITHOUT ROWID:
 * the match's id is the key, always given (no number of its own, as on PostgreSQL).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE overdue_notices (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON UPDATE CASCADE ON DELETE CASCADE,
    state    TEXT NOT NULL
  ) STRICT, WITHOUT ROWID`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
