/**
 * PostgreSQL twin of db/migrations/0005_list_indexes.ts: the same indexes for the
 * keyset-paged lists, same names, and 0001's teams_league dropped: the statements are
 * portable SQL, shared.
 */
import type { Kysely } from 'kysely';
import { statements } from '../0005_list_indexes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
