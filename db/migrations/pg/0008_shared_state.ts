/** PostgreSQL twin of db/migrations/0008_shared_state.ts. */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE login_attempts (
    key          TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    count        INTEGER NOT NULL CHECK (count >= 0)
  )`,
  sql`CREATE INDEX login_attempts_window ON login_attempts (window_start)`,
  sql`CREATE TABLE app_settings (
    name  TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    value TEXT COLLATE "C" NOT NULL
  )`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
