/**
 * A revision per match that grows with every change to its events or saved squads, in
 * the same transaction, by triggers (so the admin table editor and another process on
 * the file bump it too). League-wide match lists keep each match's events and squads
 * in memory by (match, revision): after a write to one match, rebuilding the list reads
 * that match's events and squads again and no other's (issue #15).
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
  for (const table of ['match_events', 'match_squads']) {
    for (const [event, row] of [
      ['INSERT', 'NEW'],
      ['DELETE', 'OLD'],
      ['UPDATE', 'OLD'],
      ['UPDATE', 'NEW'],
    ] as const) {
      const name = `${table}_${event.toLowerCase()}_${row.toLowerCase()}_bumps_match_revision`;
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
           BEGIN
             INSERT INTO match_revision (match_id, revision) VALUES (${row}.match_id, 1)
             ON CONFLICT (match_id) DO UPDATE SET revision = revision + 1;
           END`,
        )
        .execute(db);
    }
  }
}
