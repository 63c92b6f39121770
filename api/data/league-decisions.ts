/**
 * What waits for a league secretary's decision: results reported and not reviewed
 * (pending), two reports that differ (disputed), and results past the league's deadline
 * (overdue, by the overdue list's own rules). Each match appears once, under the most
 * pressing of its kinds: a dispute needs a choice between reports whatever the clock
 * says, and a pending review past its deadline is overdue.
 */
import type { DB } from '../../db/connection';
import type { DecisionItemDto } from '../schemas';
import { counterReportsOf } from './counter-reports';
import { findMatchRows } from './matches';
import { overdueMatches } from './overdue';

export type DecisionItem = DecisionItemDto;
export type DecisionKind = DecisionItem['kind'];

export async function leagueDecisions(db: DB, leagueId: string, now: Date): Promise<DecisionItem[]> {
  // The league's reported, unreviewed results, with their teams' names.
  const pending = await findMatchRows(db, { leagueId, approved: 'PENDING' });
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
