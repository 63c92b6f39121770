/** PostgreSQL twin of db/migrations/0010_match_schedule.ts. */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`ALTER TABLE matches ADD COLUMN status TEXT COLLATE "C" NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'postponed'))`,
  sql`ALTER TABLE matches ADD COLUMN schedule_sequence INTEGER NOT NULL DEFAULT 0
    CHECK (schedule_sequence >= 0)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
