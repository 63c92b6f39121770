/** League reads: the list, one league, and what its table is computed from. */
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/connection';
import { first, rows } from '../../db/store';
import type { Database } from '../../db/schema';
import type { StandingMatch, StandingTeam } from '../domain/standings';
import type { LeagueDto } from '../schemas';
import { pageOf, rowsToRead, type Page, type PageRequest } from './keyset';

/** The order of the leagues list: newest season first, then name, then id (unique). */
export type LeagueKey = readonly [season: string, leagueName: string, leagueId: string];

export interface LeagueListRequest extends PageRequest<LeagueKey> {
  /** Only the leagues of this season. */
  season?: string | undefined;
}

/**
 * Newest season first, then by name, a page at a time: an index range of 0005's
 * leagues_season_name (season DESC, league_name, league_id), no sort, no OFFSET.
 */
export async function listLeagues(
  db: DB,
  { season, limit, after }: LeagueListRequest = {},
): Promise<Page<LeagueDto, LeagueKey>> {
  let query = db
    .selectFrom('leagues')
    .select(['league_id', 'league_name', 'season', 'status', 'location'])
    .orderBy('season', 'desc')
    .orderBy('league_name')
    .orderBy('league_id');
  if (season !== undefined) query = query.where('season', '=', season);
  if (after !== undefined) {
    const [afterSeason, afterName, afterId] = after;
    const pastKey = (eb: ExpressionBuilder<Database, 'leagues'>) =>
      eb(eb.refTuple('league_name', 'league_id'), '>', eb.tuple(afterName, afterId));
    if (season === undefined) {
      // After (s, n, i) in (season DESC, name, id) order: an older season, or season s past (n, i).
      query = query.where((eb) =>
        eb.and([eb('season', '<=', afterSeason), eb.or([eb('season', '<', afterSeason), pastKey(eb)])]),
      );
    } else if (afterSeason === season) {
      query = query.where(pastKey);
    } else if (afterSeason < season) {
      // The cursor is past every league of this (newer) season.
      return { rows: [], next: null };
    }
    // A cursor in a newer season than the one asked for comes before all of its leagues.
  }
  const take = rowsToRead(limit);
  if (take !== undefined) query = query.limit(take);
  const leagues = await rows(db, query);
  return pageOf(leagues, limit, (league) => [league.season, league.league_name, league.league_id] as const);
}

export async function findLeague(db: DB, leagueId: string): Promise<LeagueDto | undefined> {
  return first(
    db,
    db
      .selectFrom('leagues')
      .select(['league_id', 'league_name', 'season', 'status', 'location'])
      .where('league_id', '=', leagueId),
  );
}

/**
 * Teams of a league season: those with matches in it and, for the league's current
 * season (`registered`), the teams registered for the league that have none yet.
 */
export async function leagueTeams(
  db: DB,
  leagueId: string,
  season: string,
  registered: boolean,
): Promise<StandingTeam[]> {
  return rows(
    db,
    db
      .selectFrom('teams')
      .select(['team_id', 'team_name', 'logo'])
      .where((eb) => {
        const playedAs = (side: 'home_team' | 'away_team') =>
          eb(
            'team_id',
            'in',
            eb
              .selectFrom('matches')
              .select(side)
              .where('league_id', '=', leagueId)
              .where('season', '=', season),
          );
        const sides = [playedAs('home_team'), playedAs('away_team')];
        return eb.or(registered ? [...sides, eb('league_id', '=', leagueId)] : sides);
      }),
  );
}

/** The approved results of a league season: the only ones that count in its table. */
export async function approvedLeagueResults(
  db: DB,
  leagueId: string,
  season: string,
): Promise<StandingMatch[]> {
  return rows(
    db,
    db
      .selectFrom('matches')
      .select(['home_team', 'away_team', 'home_score', 'away_score', 'approved'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .where('approved', '=', 'TRUE'),
  );
}
