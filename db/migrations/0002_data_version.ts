/**
 * One counter that moves whenever data a public read shows changes. Triggers bump it
 * in the same transaction as the change, so no write path (the API's own, the admin
 * table editor, the seed, another process on the same file) can forget to: the
 * server's read cache (api/http/read-cache.ts) keys every stored answer by it.
 * Sessions, idempotency keys and the audit log are not public data and do not bump it.
 */
import { sql, type Kysely } from 'kysely';

/** The tables whose rows public reads show. */
export const VERSIONED_TABLES = [
  'leagues',
  'teams',
  'users',
  'players',
  'coaches',
  'matches',
  'match_events',
  'match_squads',
  'league_news',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE data_version (
    id      INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    version INTEGER NOT NULL
  ) STRICT`.execute(db);
  await sql`INSERT INTO data_version (id, version) VALUES (1, 1)`.execute(db);
  for (const table of VERSIONED_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_version AFTER ${event} ON ${table}
           BEGIN UPDATE data_version SET version = version + 1 WHERE id = 1; END`,
        )
        .execute(db);
    }
  }
}
