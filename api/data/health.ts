/** The liveness probe's query. */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { run } from '../../db/store';

/** Resolves when the database answers a query; rejects otherwise. */
export async function pingDatabase(db: DB): Promise<void> {
  await run(db, sql`SELECT 1`);
}
