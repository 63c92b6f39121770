/**
 * A data version for approved results: `approved_results` in data_version moves with
 * every change that can alter a league table or a leaderboard, and with no other. Those
 * answers read only the approved matches of a league season, their events, and which
 * teams have fixtures in it; a report waiting for review (PENDING), a squad or a new
 * kickoff time changes none of them. With `matches` as their dependency, every report
 * sent on a match day threw the league's table and leaderboards out of the server's
 * read cache; with this one they stay until a result counts.
 *
 * It moves, by triggers in the same transaction as the change:
 * - when a match row is added or removed;
 * - when a match row changes and it was or becomes approved, or its league, season or
 *   teams change (the table lists the teams that have fixtures);
 * - when an event of an approved match is added, removed or changed.
 * A report on an approved match (a correction) sets it back to PENDING: that moves it.
 */
import { sql, type Kysely } from 'kysely';

export const APPROVED_RESULTS = 'approved_results';

const bump = `UPDATE data_version SET version = version + 1 WHERE table_name = '${APPROVED_RESULTS}'`;
const approved = (matchId: string) => `(SELECT approved FROM matches WHERE id = ${matchId}) = 'TRUE'`;

const TRIGGERS: readonly (readonly [name: string, on: string, when: string])[] = [
  ['matches_insert', 'INSERT ON matches', ''],
  ['matches_delete', 'DELETE ON matches', ''],
  [
    'matches_update',
    'UPDATE ON matches',
    `WHEN OLD.approved = 'TRUE' OR NEW.approved = 'TRUE' OR OLD.id IS NOT NEW.id
       OR OLD.league_id IS NOT NEW.league_id OR OLD.season IS NOT NEW.season
       OR OLD.home_team IS NOT NEW.home_team OR OLD.away_team IS NOT NEW.away_team`,
  ],
  ['match_events_insert', 'INSERT ON match_events', `WHEN ${approved('NEW.match_id')}`],
  ['match_events_delete', 'DELETE ON match_events', `WHEN ${approved('OLD.match_id')}`],
  [
    'match_events_update',
    'UPDATE ON match_events',
    `WHEN ${approved('OLD.match_id')} OR ${approved('NEW.match_id')}`,
  ],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO data_version (table_name, version) VALUES (${APPROVED_RESULTS}, 1)`.execute(db);
  for (const [name, on, when] of TRIGGERS) {
    await sql
      .raw(`CREATE TRIGGER ${name}_bumps_${APPROVED_RESULTS} AFTER ${on} ${when} BEGIN ${bump}; END`)
      .execute(db);
  }
}
