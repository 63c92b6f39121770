/**
 * What waits for a league secretary's decision: results reported and not reviewed
 * (pending), two reports that differ (disputed), and results past the league's deadline
 * (overdue, by the overdue list's own rules). Each match appears once, under the most
 * pressing of its kinds: a dispute needs a choice between reports whatever the clock
 * says, and a pending review past its deadline is overdue.
 */
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { DecisionItemDto } from '../schemas';
import { counterReportsOf } from './counter-reports';
import { overdueMatches } from './overdue';

export type DecisionItem = DecisionItemDto;
export type DecisionKind = DecisionItem['kind'];

/** The league's reported, unreviewed results with their teams' names. */
function pendingResults(db: DB, leagueId: string) {
  return db
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
      'm.reported_by_team',
      'm.reported_at',
    ])
    .where('m.league_id', '=', leagueId)
    .where('m.approved', '=', 'PENDING');
}

export async function leagueDecisions(db: DB, leagueId: string, now: Date): Promise<DecisionItem[]> {
  const pending = await rows(db, pendingResults(db, leagueId));
  const counters = await counterReportsOf(
    db,
    pending.map((match) => match.id),
  );
  const items = new Map<number, DecisionItem>();
  for (const match of pending) {
    const counter = counters.get(match.id);
    items.set(match.id, {
      match_id: match.id,
      kind: counter ? 'disputed' : 'pending',
      awaiting: 'review',
      home_team: match.home_team,
      home_team_name: match.home_team_name,
      away_team: match.away_team,
      away_team_name: match.away_team_name,
      date: match.match_date,
      since: counter?.reported_at ?? match.reported_at ?? match.match_date,
      reported_by_team: match.reported_by_team,
      counter_team: counter?.team_id ?? null,
    });
  }
  const overdue = await overdueMatches(db, now, {}, [leagueId]);
  for (const match of overdue.rows) {
    if (items.get(match.match_id)?.kind === 'disputed') continue;
    items.set(match.match_id, {
      match_id: match.match_id,
      kind: 'overdue',
      awaiting: match.waiting_for,
      home_team: match.home_team,
      home_team_name: match.home_team_name,
      away_team: match.away_team,
      away_team_name: match.away_team_name,
      date: match.match_date,
      since: match.due_at,
      reported_by_team: match.reported_by_team,
      counter_team: null,
    });
  }
  return [...items.values()].sort(
    (x, y) => Date.parse(x.since) - Date.parse(y.since) || x.match_id - y.match_id,
  );
}
