/**
 * A version per table whose rows public reads show. Triggers bump a table's version in
 * the same transaction as any change to it, so no write path (the API's own, the admin
 * table editor, the seed, another process on the same file) can forget to: the server's
 * read cache (api/http/read-cache.ts) keeps each stored answer only while the versions
 * of the tables it read are unchanged. Sessions, idempotency keys and the audit log are
 * not public data and have none.
 */
import { sql, type Kysely } from 'kysely';

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
    table_name TEXT PRIMARY KEY NOT NULL,
    version    INTEGER NOT NULL
  ) STRICT`.execute(db);
  for (const table of VERSIONED_TABLES) await versionTable(db, table);
}

/** Gives `table` a data version, moved by its writes (later migrations version their new tables too). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function versionTable(db: Kysely<any>, table: string): Promise<void> {
  await sql`INSERT INTO data_version (table_name, version) VALUES (${table}, 1)`.execute(db);
  for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
    await sql
      .raw(
        // The same text as before this helper (sqlite_master keeps it as written).
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_version AFTER ${event} ON ${table}
           BEGIN UPDATE data_version SET version = version + 1 WHERE table_name = '${table}'; END`,
      )
      .execute(db);
  }
}
