/**
 * PostgreSQL twin of db/migrations/0006_match_revision.ts: the same match_revision table
 * and the same row-level rule. Every row added to, removed from or changed in matches,
 * match_events or match_squads moves its match's revision up by one (the row starts at
 * 1); a row moved to another match moves both. Rows are never deleted.
 *
 * One trigger per table (AFTER INSERT OR UPDATE OR DELETE, FOR EACH ROW) runs what
 * SQLite's four do.
 */
import { sql, type Kysely } from 'kysely';

const TABLES = [
  ['matches', 'id'],
  ['match_events', 'match_id'],
  ['match_squads', 'match_id'],
] as const;

function bump(matchId: string): string {
  return `INSERT INTO match_revision (match_id, revision) VALUES (${matchId}, 1)
          ON CONFLICT (match_id) DO UPDATE SET revision = match_revision.revision + 1;`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE match_revision (
    match_id INTEGER PRIMARY KEY NOT NULL,
    revision INTEGER NOT NULL
  )`.execute(db);
  // A match deleted and its id handed out again moves on too (DELETE, then INSERT).
  for (const [table, key] of TABLES) await revisionTrigger(db, table, key);
}

/** The row-level trigger that moves the revision of the match a row of `table` names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function revisionTrigger(db: Kysely<any>, table: string, key: string): Promise<void> {
  const fn = `touchline_${table}_bumps_match_revision`;
  await sql
    .raw(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${bump(`NEW.${key}`)}
        ELSIF TG_OP = 'DELETE' THEN
          ${bump(`OLD.${key}`)}
        ELSE
          IF OLD.${key} IS DISTINCT FROM NEW.${key} THEN -- a row moved to another match
            ${bump(`OLD.${key}`)}
          END IF;
          ${bump(`NEW.${key}`)}
        END IF;
        RETURN NULL;
      END
      $body$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_bumps_match_revision AFTER INSERT OR UPDATE OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    )
    .execute(db);
}
