/**
 * Leaderboards and player metrics from approved results. The counting itself is the
 * domain module's; this module only loads what it needs.
 */
import type { DB } from '../../db/connection';
import { computeLeaderboards, type Leaderboards, type LeaderboardPlayer } from '../domain/leaderboards';
import type { SeasonMetricsSchema } from '../schemas';
import type { z } from 'zod';
import { inChunks } from './chunks';

export interface StatsScope {
  leagueId?: string;
  season?: string;
  /** only this team's matches, and only its own players' events */
  teamId?: string;
}

export async function leaderboards(db: DB, scope: StatsScope): Promise<Leaderboards> {
  let matchQuery = db
    .selectFrom('matches')
    .select(['id', 'home_team', 'away_team', 'home_score', 'away_score', 'approved'])
    .where('approved', '=', 'TRUE');
  if (scope.leagueId !== undefined) matchQuery = matchQuery.where('league_id', '=', scope.leagueId);
  if (scope.season !== undefined) matchQuery = matchQuery.where('season', '=', scope.season);
  if (scope.teamId !== undefined) {
    const teamId = scope.teamId;
    matchQuery = matchQuery.where((eb) =>
      eb.or([eb('home_team', '=', teamId), eb('away_team', '=', teamId)]),
    );
  }
  const matches = await matchQuery.execute();
  const ids = matches.map((match) => match.id);

  const events: {
    match_id: number;
    team_id: string;
    player_id: string;
    kind: 'goal' | 'assist' | 'goalkeeper';
  }[] = [];
  for (const chunk of inChunks(ids)) {
    let eventQuery = db
      .selectFrom('match_events')
      .select(['match_id', 'team_id', 'player_id', 'kind'])
      .where('match_id', 'in', chunk);
    if (scope.teamId !== undefined) eventQuery = eventQuery.where('team_id', '=', scope.teamId);
    events.push(...(await eventQuery.execute()));
  }

  const playerIds = [...new Set(events.map((event) => event.player_id))];
  const players = new Map<string, LeaderboardPlayer>();
  for (const chunk of inChunks(playerIds)) {
    const rows = await db
      .selectFrom('players')
      .select(['id', 'name', 'position', 'photo_id'])
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows)
      players.set(row.id, { name: row.name, position: row.position, photo_id: row.photo_id });
  }
  // A leader is listed under the team of one of their events: only those teams' names are needed.
  const teamIds = [...new Set(events.map((event) => event.team_id))];
  const teams = new Map<string, string>();
  for (const chunk of inChunks(teamIds)) {
    const rows = await db
      .selectFrom('teams')
      .select(['team_id', 'team_name'])
      .where('team_id', 'in', chunk)
      .execute();
    for (const row of rows) teams.set(row.team_id, row.team_name);
  }
  return computeLeaderboards({ matches, events, players, teams });
}

type SeasonMetrics = z.infer<typeof SeasonMetricsSchema>;

/**
 * A player's figures per season from approved results: goals, assists, clean sheets
 * (kept in a match whose opponent scored 0) and appearances (in the saved squad or
 * credited with an event).
 */
export async function playerMetrics(db: DB, playerId: string): Promise<Record<string, SeasonMetrics>> {
  const events = await db
    .selectFrom('match_events as e')
    .innerJoin('matches as m', 'm.id', 'e.match_id')
    .select(['e.match_id', 'e.kind', 'e.team_id', 'm.season', 'm.home_team', 'm.home_score', 'm.away_score'])
    .where('e.player_id', '=', playerId)
    .where('m.approved', '=', 'TRUE')
    .execute();
  const squads = await db
    .selectFrom('match_squads as s')
    .innerJoin('matches as m', 'm.id', 's.match_id')
    .select(['s.match_id', 'm.season'])
    .where('s.player_id', '=', playerId)
    .where('m.approved', '=', 'TRUE')
    .execute();

  const metrics: Record<string, SeasonMetrics> = {};
  const appearances = new Map<string, Set<number>>();
  const seasonOf = (season: string) =>
    (metrics[season] ??= { goals: 0, assists: 0, shutouts: 0, matches: 0 });
  const appear = (season: string, matchId: number) => {
    seasonOf(season);
    const set = appearances.get(season) ?? new Set<number>();
    set.add(matchId);
    appearances.set(season, set);
  };
  const keptClean = new Set<number>();
  for (const event of events) {
    const entry = seasonOf(event.season);
    appear(event.season, event.match_id);
    if (event.kind === 'goal') entry.goals += 1;
    else if (event.kind === 'assist') entry.assists += 1;
    else {
      const conceded = event.team_id === event.home_team ? event.away_score : event.home_score;
      if (conceded === 0 && !keptClean.has(event.match_id)) {
        keptClean.add(event.match_id);
        entry.shutouts += 1;
      }
    }
  }
  for (const squad of squads) appear(squad.season, squad.match_id);
  for (const [season, set] of appearances) seasonOf(season).matches = set.size;
  return metrics;
}
