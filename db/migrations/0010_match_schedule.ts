/**
 * A match's schedule state: `status` is scheduled or postponed, and
 * `schedule_sequence` grows each time its date, place or status changes (a calendar's
 * SEQUENCE). A match that was never moved is scheduled, sequence 0.
 */
import { sql, type Kysely } from 'kysely';

/** PostgreSQL spells them with its own collation (pg/0010). */
const statements = [
  sql`ALTER TABLE matches ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'postponed'))`,
  sql`ALTER TABLE matches ADD COLUMN schedule_sequence INTEGER NOT NULL DEFAULT 0
    CHECK (schedule_sequence >= 0)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
