/**
 * Removing fixtures that were never played: one deleted by a league's secretary, or those
 * of a club withdrawn from the league. A fixture with a report (pending, approved,
 * rejected, or a counter report beside it) is a result on record and is never removed here.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { changed, rows } from '../../db/store';
import { inChunks } from './chunks';
import { playsIn } from './team-plays';

export interface UnplayedFixture {
  id: number;
  match_date: string;
  home_team: string;
  home_team_name: string;
  away_team: string;
  away_team_name: string;
  location: string;
  status: string;
}

/** No report was ever made for it: the one spelling of "unplayed" a removal trusts. */
const UNREPORTED = sql<boolean>`m.approved = '' and m.reported_by_team is null`;

/** The team's fixtures of the league that have no report, soonest first. */
export async function unplayedFixtures(db: DB, leagueId: string, teamId: string): Promise<UnplayedFixture[]> {
  return rows(
    db,
    db
      .selectFrom('matches as m')
      .innerJoin('teams as h', 'h.team_id', 'm.home_team')
      .innerJoin('teams as a', 'a.team_id', 'm.away_team')
      .select([
        'm.id',
        'm.match_date',
        'm.home_team',
        'h.team_name as home_team_name',
        'm.away_team',
        'a.team_name as away_team_name',
        'm.location',
        'm.status',
      ])
      .where(playsIn(teamId, { leagueId }))
      .where(UNREPORTED)
      .orderBy('m.match_date')
      .orderBy('m.id'),
  );
}

/**
 * The links a stored notification may carry to one match: its page, the review, the
 * report form and the secretary's inbox row.
 */
function linksTo(db: DB, ids: readonly number[]) {
  return db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or(
        ids.flatMap((id) => [
          eb('link', 'in', [
            `/match/${id}`,
            `/manager/pending-results?match=${id}`,
            `/manager/match-report?match=${id}`,
          ]),
          eb('link', 'like', `/manager/decisions?league=%&match=${id}`),
        ]),
      ),
    );
}

/**
 * Deletes the fixtures (ids checked unreported by the caller, in its transaction) with
 * their saved squads (ON DELETE CASCADE) and the notifications that would open them: a
 * notification about a fixture that no longer exists would only lead to "not found".
 * Answers how many notifications went.
 */
export async function deleteUnplayed(db: DB, ids: readonly number[]): Promise<{ notifications: number }> {
  let notifications = 0;
  for (const chunk of inChunks(ids, 100)) {
    notifications += await changed(db, linksTo(db, chunk));
    await changed(db, db.deleteFrom('matches as m').where('m.id', 'in', chunk).where(UNREPORTED));
  }
  return { notifications };
}

/** The squads saved for the matches (one per team and match): they go with them. */
export async function savedSquads(
  db: DB,
  ids: readonly number[],
): Promise<{ match_id: number; team_id: string }[]> {
  const found: { match_id: number; team_id: string }[] = [];
  for (const chunk of inChunks(ids)) {
    found.push(
      ...(await rows(
        db,
        db
          .selectFrom('match_squads')
          .select(['match_id', 'team_id'])
          .distinct()
          .where('match_id', 'in', chunk)
          .orderBy('match_id')
          .orderBy('team_id'),
      )),
    );
  }
  return found;
}
