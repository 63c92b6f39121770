/**
 * State that several instances on one database must share, kept in the
 * database on both engines:
 * - login_attempts: the sign-in rate limit's fixed windows (api/auth/rate-limit.ts),
 *   so ten bad passwords spread over two instances lock the account on both;
 * - app_settings: values generated once for the whole deployment, such as the token
 *   secret when JWT_SECRET is not given (db/app-settings.ts).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE login_attempts (
    key          TEXT PRIMARY KEY NOT NULL,
    window_start INTEGER NOT NULL,
    count        INTEGER NOT NULL CHECK (count >= 0)
  ) STRICT`,
  sql`CREATE INDEX login_attempts_window ON login_attempts (window_start)`,
  sql`CREATE TABLE app_settings (
    name  TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
  ) STRICT`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
