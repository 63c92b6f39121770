/** League reads: the list, one league, and what its table is computed from. */
import type { DB } from '../../db/connection';
import type { StandingMatch, StandingTeam } from '../domain/standings';
import type { LeagueDto } from '../schemas';

/** Newest season first, then by name. */
export async function listLeagues(db: DB, { season }: { season?: string } = {}): Promise<LeagueDto[]> {
  let query = db
    .selectFrom('leagues')
    .select(['league_id', 'league_name', 'season', 'status', 'location'])
    .orderBy('season', 'desc')
    .orderBy('league_name')
    .orderBy('league_id');
  if (season !== undefined) query = query.where('season', '=', season);
  return query.execute();
}

export async function findLeague(db: DB, leagueId: string): Promise<LeagueDto | undefined> {
  return db
    .selectFrom('leagues')
    .select(['league_id', 'league_name', 'season', 'status', 'location'])
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
}

/** Teams of a league season: those with matches in it, else the teams registered to the league. */
export async function leagueTeams(db: DB, leagueId: string, season: string): Promise<StandingTeam[]> {
  const playing = await db
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
      return eb.or([playedAs('home_team'), playedAs('away_team')]);
    })
    .execute();
  if (playing.length > 0) return playing;
  return db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'logo'])
    .where('league_id', '=', leagueId)
    .execute();
}

/** The approved results of a league season: the only ones that count in its table. */
export async function approvedLeagueResults(
  db: DB,
  leagueId: string,
  season: string,
): Promise<StandingMatch[]> {
  return db
    .selectFrom('matches')
    .select(['home_team', 'away_team', 'home_score', 'away_score', 'approved'])
    .where('league_id', '=', leagueId)
    .where('season', '=', season)
    .where('approved', '=', 'TRUE')
    .execute();
}
