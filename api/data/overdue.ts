/**
 * Overdue results (issue #20): the super admin's list, and the sweep that tells the
 * teams once when a deadline passes. Only seasons still running count: a completed
 * season's forgotten matches are history, not reminders.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import type { LeagueRules } from '../domain/league-rules';
import { reportOverdue } from '../domain/notification-text';
import { overdueState, type WaitingFor } from '../domain/overdue';
import { leagueRules } from './league-rules';
import { notify, type SentNotification } from './notifications';

/** The shortest deadline a league may set (LeagueRulesSchema): nothing younger can be overdue. */
const MIN_DEADLINE_HOURS = 1;

export interface OverdueMatch {
  match_id: number;
  league_id: string;
  league_name: string;
  season: string;
  match_date: string;
  home_team: string;
  home_team_name: string;
  away_team: string;
  away_team_name: string;
  reported_by_team: string | null;
  reported_at: string | null;
  waiting_for: WaitingFor;
  due_at: string;
  hours_late: number;
}

/** Every overdue match of the running seasons, the latest first. */
export async function overdueMatches(db: DB, now: Date): Promise<OverdueMatch[]> {
  const latest = new Date(now.getTime() - MIN_DEADLINE_HOURS * 3_600_000).toISOString();
  const rows = await db
    .selectFrom('matches as m')
    .innerJoin('leagues as l', 'l.league_id', 'm.league_id')
    .innerJoin('teams as h', 'h.team_id', 'm.home_team')
    .innerJoin('teams as a', 'a.team_id', 'm.away_team')
    .select([
      'm.id',
      'm.league_id',
      'l.league_name',
      'm.season',
      'm.match_date',
      'm.status',
      'm.approved',
      'm.home_team',
      'h.team_name as home_team_name',
      'm.away_team',
      'a.team_name as away_team_name',
      'm.reported_by_team',
      'm.reported_at',
    ])
    // Spelled as in the partial index matches_unapproved_date (a bound value would not use it).
    .where(sql<boolean>`m.approved <> 'TRUE'`)
    .where('m.match_date', '<=', latest)
    .where('m.status', '=', 'scheduled')
    .where('l.status', '<>', 'completed')
    .orderBy('m.match_date')
    .orderBy('m.id')
    .execute();
  const rules = new Map<string, LeagueRules>();
  const overdue: OverdueMatch[] = [];
  for (const row of rows) {
    let league = rules.get(row.league_id);
    if (league === undefined) {
      league = await leagueRules(db, row.league_id);
      rules.set(row.league_id, league);
    }
    const state = overdueState(row, league.report_deadline_hours, now);
    if (state === null) continue;
    overdue.push({
      match_id: row.id,
      league_id: row.league_id,
      league_name: row.league_name,
      season: row.season,
      match_date: row.match_date,
      home_team: row.home_team,
      home_team_name: row.home_team_name,
      away_team: row.away_team,
      away_team_name: row.away_team_name,
      reported_by_team: row.reported_by_team,
      reported_at: row.reported_at,
      waiting_for: state.waitingFor,
      due_at: state.dueAt.toISOString(),
      hours_late: state.hoursLate,
    });
  }
  return overdue.sort((x, y) => y.hours_late - x.hours_late || x.match_id - y.match_id);
}

/**
 * Tells the teams of every overdue match, once per match and state: both teams when a
 * report is missing, the side that owes the review otherwise. Safe to run on every
 * instance at once: each notification has a key that can be stored only once.
 */
export async function sweepOverdue(db: DB, now: Date): Promise<SentNotification[]> {
  return db.transaction().execute(async (trx) => {
    const sent: SentNotification[] = [];
    const at = now.toISOString();
    for (const match of await overdueMatches(trx, now)) {
      const names = { id: match.match_id, homeName: match.home_team_name, awayName: match.away_team_name };
      const teams =
        match.waiting_for === 'review' && match.reported_by_team !== null
          ? [match.home_team, match.away_team].filter((team) => team !== match.reported_by_team)
          : [match.home_team, match.away_team];
      const key =
        match.waiting_for === 'report'
          ? `overdue:${match.match_id}:report`
          : `overdue:${match.match_id}:review:${match.reported_at ?? ''}`;
      sent.push(...(await notify(trx, { teams }, reportOverdue(names, match.waiting_for), at, key)));
    }
    return sent;
  });
}
