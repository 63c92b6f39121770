/** The liveness probe's query. */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';

/** Resolves when the database answers a query; rejects otherwise. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
