/** PostgreSQL twin of db/migrations/0014_overdue_notices.ts. */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE overdue_notices (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON UPDATE CASCADE ON DELETE CASCADE,
    state    TEXT COLLATE "C" NOT NULL
  )`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
