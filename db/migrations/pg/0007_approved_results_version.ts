/**
 * PostgreSQL twin of db/migrations/0007_approved_results_version.ts: `approved_results`
 * in data_version moves with every change that can alter a league table or a
 * leaderboard, and with no other (see there, and tests/db/approved-results.test.ts):
 * - when a match row is added or removed;
 * - when a match row changes and it was or becomes approved, or its id, league, season
 *   or teams change;
 * - when an event of an approved match is added, removed or changed.
 *
 * Statement-level triggers with transition tables, as for the other data versions
 * (0002): a row-level bump would update that one row once per row of a bulk write.
 * Each tests its statement's rows: an updated match row moved the id, league, season or
 * teams exactly when its (id, league_id, season, home_team, away_team) is not among the
 * new rows' (ids are unique before and after). Whether an event's match is approved is
 * read after the statement; a statement changes one table, so that is what it was for
 * each row (an event deleted with its match goes with the match's own bump). TRUNCATE
 * of either table, which SQLite does not have, moves it too.
 */
import { sql, type Kysely } from 'kysely';

export const APPROVED_RESULTS = 'approved_results';

const BUMP = `UPDATE data_version SET version = version + 1 WHERE table_name = '${APPROVED_RESULTS}';`;

const MOVED = `EXISTS (SELECT id, league_id, season, home_team, away_team FROM old_rows
                       EXCEPT SELECT id, league_id, season, home_team, away_team FROM new_rows)`;
const approvedIn = (rows: string) => `EXISTS (SELECT FROM ${rows} WHERE approved = 'TRUE')`;
const ofApprovedMatch = (rows: string) =>
  `EXISTS (SELECT FROM ${rows} AS e JOIN matches AS m ON m.id = e.match_id WHERE m.approved = 'TRUE')`;

const FUNCTIONS = {
  matches: `IF TG_OP = 'TRUNCATE' THEN
              ${BUMP}
            ELSIF TG_OP = 'INSERT' THEN
              IF EXISTS (SELECT FROM new_rows) THEN ${BUMP} END IF;
            ELSIF TG_OP = 'DELETE' THEN
              IF EXISTS (SELECT FROM old_rows) THEN ${BUMP} END IF;
            ELSIF ${approvedIn('old_rows')} OR ${approvedIn('new_rows')} OR ${MOVED} THEN
              ${BUMP}
            END IF;`,
  match_events: `IF TG_OP = 'TRUNCATE' THEN
                   ${BUMP}
                 ELSIF TG_OP = 'INSERT' THEN
                   IF ${ofApprovedMatch('new_rows')} THEN ${BUMP} END IF;
                 ELSIF TG_OP = 'DELETE' THEN
                   IF ${ofApprovedMatch('old_rows')} THEN ${BUMP} END IF;
                 ELSIF ${ofApprovedMatch('old_rows')} OR ${ofApprovedMatch('new_rows')} THEN
                   ${BUMP}
                 END IF;`,
} as const;

const TRIGGERS: readonly (readonly [table: keyof typeof FUNCTIONS, event: string, rows: string])[] = [
  ['matches', 'INSERT', 'NEW TABLE AS new_rows'],
  ['matches', 'DELETE', 'OLD TABLE AS old_rows'],
  ['matches', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['match_events', 'INSERT', 'NEW TABLE AS new_rows'],
  ['match_events', 'DELETE', 'OLD TABLE AS old_rows'],
  ['match_events', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  // TRUNCATE, which SQLite does not have, removes rows too.
  ['matches', 'TRUNCATE', ''],
  ['match_events', 'TRUNCATE', ''],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO data_version (table_name, version) VALUES (${APPROVED_RESULTS}, 1)`.execute(db);
  for (const [table, body] of Object.entries(FUNCTIONS)) {
    await sql
      .raw(
        `CREATE FUNCTION touchline_${table}_bump_${APPROVED_RESULTS}() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
          ${body}
          RETURN NULL;
        END
        $body$`,
      )
      .execute(db);
  }
  for (const [table, event, rows] of TRIGGERS) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_${APPROVED_RESULTS} AFTER ${event} ON ${table}
         ${rows === '' ? '' : `REFERENCING ${rows}`}
         FOR EACH STATEMENT EXECUTE FUNCTION touchline_${table}_bump_${APPROVED_RESULTS}()`,
      )
      .execute(db);
  }
}
