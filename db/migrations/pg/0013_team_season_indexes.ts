/**
 * PostgreSQL twin of db/migrations/0013_team_season_indexes.ts: the same indexes, same
 * names; the statements are portable SQL, shared.
 */
import type { Kysely } from 'kysely';
import { statements } from '../0013_team_season_indexes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
