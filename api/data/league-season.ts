/**
 * A league season's teams, fixtures and match schedule as the super admin writes them
 *: registering teams, the season's matches for the fixture generator, and
 * moving or postponing a match.
 */
import { inChunks } from './chunks';
import type { DB } from '../../db/connection';
import { first, only, rows, run } from '../../db/store';
import type { MatchStatus } from '../../db/schema';
import type { FixtureTeam } from '../domain/fixture-plan';
import { isReported } from '../domain/match-time';

/** The league a team is registered for, with that league's status; undefined: no such team. */
export async function teamRegistration(db: DB, teamId: string) {
  return first(
    db,
    db
      .selectFrom('teams as t')
      .leftJoin('leagues as l', 'l.league_id', 't.league_id')
      .select(['t.team_id', 't.team_name', 't.league_id', 'l.league_name', 'l.season', 'l.status'])
      .where('t.team_id', '=', teamId),
  );
}

export async function setTeamLeague(db: DB, teamId: string, leagueId: string | null): Promise<void> {
  await run(db, db.updateTable('teams').set({ league_id: leagueId }).where('team_id', '=', teamId));
}

/** The teams registered for a league, as the fixture generator needs them. */
export async function registeredTeams(db: DB, leagueId: string): Promise<FixtureTeam[]> {
  return rows(
    db,
    db.selectFrom('teams').select(['team_id', 'team_name', 'location']).where('league_id', '=', leagueId),
  );
}

/** A season's matches: which teams, and whether a report was ever made for it. */
export async function seasonMatches(db: DB, leagueId: string, season: string) {
  const matches = await rows(
    db,
    db
      .selectFrom('matches')
      .select(['id', 'home_team', 'away_team', 'match_date', 'approved', 'reported_by_team'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season),
  );
  return matches.map((row) => ({ ...row, reported: isReported(row) }));
}

export async function deleteMatches(db: DB, ids: readonly number[]): Promise<void> {
  // Squads and events go with them (ON DELETE CASCADE).
  for (const chunk of inChunks(ids)) await run(db, db.deleteFrom('matches').where('id', 'in', chunk));
}

export interface NewFixture {
  league_id: string;
  season: string;
  match_date: string;
  home_team: string;
  away_team: string;
  location: string;
}

/** Inserts the fixtures in order; their new ids in the same order. */
export async function insertFixtures(db: DB, fixtures: readonly NewFixture[], at: string): Promise<number[]> {
  const ids: number[] = [];
  for (const fixture of fixtures) {
    const row = await only(
      db,
      db
        .insertInto('matches')
        .values({ ...fixture, created_at: at, updated_at: at })
        .returning('id'),
    );
    ids.push(row.id);
  }
  return ids;
}

export async function matchSchedule(db: DB, matchId: number) {
  return first(
    db,
    db
      .selectFrom('matches')
      .select([
        'id',
        'match_date',
        'location',
        'status',
        'schedule_sequence',
        'approved',
        'reported_by_team',
        'home_team',
        'away_team',
        'league_id',
      ])
      .where('id', '=', matchId),
  );
}

export async function updateMatchSchedule(
  db: DB,
  matchId: number,
  schedule: { match_date: string; location: string; status: MatchStatus; schedule_sequence: number },
  at: string,
): Promise<void> {
  await run(
    db,
    db
      .updateTable('matches')
      .set({ ...schedule, updated_at: at })
      .where('id', '=', matchId),
  );
  // A new date is a new deadline: the overdue sweep tells of the match afresh if it passes.
  await run(db, db.deleteFrom('overdue_notices').where('match_id', '=', matchId));
}
