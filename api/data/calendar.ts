/**
 * What the calendar feeds read: a season's matches with their teams' names,
 * schedule state and last change, oldest first. No events or squads: a calendar shows
 * none of them.
 */
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { CalendarMatch } from '../domain/icalendar';
import { playsIn } from './team-plays';

export interface CalendarFilter {
  season: string;
  leagueId?: string;
  /** the team plays home or away */
  teamId?: string;
}

export async function calendarMatches(db: DB, filter: CalendarFilter): Promise<CalendarMatch[]> {
  let query = db
    .selectFrom('matches as m')
    .innerJoin('teams as h', 'h.team_id', 'm.home_team')
    .innerJoin('teams as a', 'a.team_id', 'm.away_team')
    .select([
      'm.id',
      'm.match_date',
      'm.updated_at',
      'm.home_score',
      'm.away_score',
      'm.approved',
      'm.location',
      'm.status',
      'm.schedule_sequence',
      'h.team_name as home_team_name',
      'a.team_name as away_team_name',
    ])
    .orderBy('m.match_date')
    .orderBy('m.id');
  const { season, leagueId, teamId } = filter;
  if (teamId !== undefined) {
    query = query.where(playsIn(teamId, { season, ...(leagueId !== undefined && { leagueId }) }));
  } else {
    query = query.where('m.season', '=', season);
    if (leagueId !== undefined) query = query.where('m.league_id', '=', leagueId);
  }
  return rows(db, query);
}
