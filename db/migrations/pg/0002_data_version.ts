/**
 * PostgreSQL twin of db/migrations/0002_data_version.ts: the same table and rows, bumped
 * in the same transaction as any change to a versioned table.
 *
 * SQLite bumps once per changed row; here statement-level triggers bump once per
 * statement that changed any row (what the read cache compares is whether the version
 * moved, not by how much). Row-level bumps would update the one data_version row once
 * per row of a bulk write, and PostgreSQL slows down quadratically when one transaction
 * updates a row thousands of times. The triggers read their statement's transition
 * table, so a statement that changes no row moves nothing, as on SQLite. TRUNCATE,
 * which SQLite does not have, moves the version too.
 */
import { sql, type Kysely } from 'kysely';
import { VERSIONED_TABLES } from '../0002_data_version';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE data_version (
    table_name TEXT COLLATE "C" PRIMARY KEY NOT NULL,
    version    INTEGER NOT NULL
  )`.execute(db);
  // TG_ARGV[0]: the data_version row; `changed`: the statement's transition table.
  await sql`CREATE FUNCTION touchline_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE data_version SET version = version + 1 WHERE table_name = TG_ARGV[0];
      ELSIF EXISTS (SELECT FROM changed) THEN
        UPDATE data_version SET version = version + 1 WHERE table_name = TG_ARGV[0];
      END IF;
      RETURN NULL;
    END
  $body$`.execute(db);
  for (const table of VERSIONED_TABLES) await versionTable(db, table);
}

/** Gives `table` a data version, moved by its writes (later migrations version their new tables too). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function versionTable(db: Kysely<any>, table: string): Promise<void> {
  await sql`INSERT INTO data_version (table_name, version) VALUES (${table}, 1)`.execute(db);
  for (const [event, rows] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_version AFTER ${event} ON ${table}
         REFERENCING ${rows} TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION touchline_bump_data_version('${table}')`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `CREATE TRIGGER ${table}_truncate_bumps_version AFTER TRUNCATE ON ${table}
       FOR EACH STATEMENT EXECUTE FUNCTION touchline_bump_data_version('${table}')`,
    )
    .execute(db);
}
