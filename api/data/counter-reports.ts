/**
 * The second team's report of a match while it differs from the first:
 * at most one per match, kept beside the first until a reviewer approves one of them.
 */
import type { DB } from '../../db/connection';
import { rows, run, statement } from '../../db/store';
import { inChunks } from './chunks';
import { parseReportLists, reportLists, type ReportVersion } from '../domain/report-compare';
import type { MatchResult } from './matches';

export interface CounterReport extends ReportVersion {
  match_id: number;
  team_id: string;
  reported_by_user: string | null;
  reported_at: string;
}

/** Asked by every report of a pending result, so built and compiled once (db/store.ts). */
const COUNTER_REPORT = statement((db: DB, a: { matchId: number }) =>
  db
    .selectFrom('match_counter_reports')
    .select(['match_id', 'team_id', 'home_score', 'away_score', 'lists', 'reported_by_user', 'reported_at'])
    .where('match_id', '=', a.matchId),
);

export async function findCounterReport(db: DB, matchId: number): Promise<CounterReport | undefined> {
  const row = await COUNTER_REPORT.first(db, { matchId });
  if (!row) return undefined;
  const { lists, ...rest } = row;
  return { ...rest, ...parseReportLists(lists) };
}

export async function storeCounterReport(db: DB, report: CounterReport): Promise<void> {
  const values = {
    match_id: report.match_id,
    team_id: report.team_id,
    home_score: report.home_score,
    away_score: report.away_score,
    lists: JSON.stringify(reportLists(report)),
    reported_by_user: report.reported_by_user,
    reported_at: report.reported_at,
  };
  await run(
    db,
    db
      .insertInto('match_counter_reports')
      .values(values)
      .onConflict((conflict) => conflict.column('match_id').doUpdateSet(values)),
  );
}

export async function deleteCounterReport(db: DB, matchId: number): Promise<void> {
  await run(db, db.deleteFrom('match_counter_reports').where('match_id', '=', matchId));
}

/** The report a match answer holds (its first report), in the shape reports are compared in. */
export function matchReport(match: MatchResult): ReportVersion {
  return {
    home_score: match.home_score ?? 0,
    away_score: match.away_score ?? 0,
    goalscorers: match.goalscorers,
    own_goals: match.own_goals,
    assisters: match.assisters,
    goalkeepers: match.goalkeepers,
    yellow_cards: match.yellow_cards,
    red_cards: match.red_cards,
  };
}

/** Which of these matches have a second, differing report, by whom and since when. */
export async function counterReportsOf(
  db: DB,
  matchIds: readonly number[],
): Promise<Map<number, { team_id: string; reported_at: string }>> {
  const found = new Map<number, { team_id: string; reported_at: string }>();
  for (const chunk of inChunks(matchIds)) {
    const list = await rows(
      db,
      db
        .selectFrom('match_counter_reports')
        .select(['match_id', 'team_id', 'reported_at'])
        .where('match_id', 'in', chunk),
    );
    for (const row of list) found.set(row.match_id, { team_id: row.team_id, reported_at: row.reported_at });
  }
  return found;
}
