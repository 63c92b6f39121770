/**
 * A revision per match that grows with every change to its row, its events or its saved
 * squads, in the same transaction, by triggers (so the admin table editor and another
 * process on the file bump it too). Match lists keep each match's row, events and squads
 * in memory by (match, revision): after a write to one match, rebuilding a league's list
 * reads that match again and no other. Team names and crests are not part of
 * it; lists read them afresh.
 *
 * Rows are never deleted and revisions never go down, so a remembered revision can
 * never be met again with other contents, even when a match id is reused. A match with
 * no row (events written before this migration, or none yet) is at revision 0, and its
 * first change after it starts the row at 1.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE match_revision (
    match_id INTEGER PRIMARY KEY NOT NULL,
    revision INTEGER NOT NULL
  ) STRICT`.execute(db);
  // A match deleted and its id handed out again moves on too (DELETE, then INSERT).
  for (const [table, key] of [
    ['matches', 'id'],
    ['match_events', 'match_id'],
    ['match_squads', 'match_id'],
  ] as const) {
    for (const [event, row, when] of [
      ['INSERT', 'NEW', ''],
      ['DELETE', 'OLD', ''],
      ['UPDATE', 'OLD', `WHEN OLD.${key} IS NOT NEW.${key}`], // a row moved to another match
      ['UPDATE', 'NEW', ''],
    ] as const) {
      const name = `${table}_${event.toLowerCase()}_${row.toLowerCase()}_bumps_match_revision`;
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table} ${when}
           BEGIN
             INSERT INTO match_revision (match_id, revision) VALUES (${row}.${key}, 1)
             ON CONFLICT (match_id) DO UPDATE SET revision = revision + 1;
           END`,
        )
        .execute(db);
    }
  }
}
