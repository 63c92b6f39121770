/**
 * Queries behind the match writes (squads, reports, reviews). Every function takes
 * the handle it is given, which for a write is the request's transaction.
 */
import type { DB } from '../../db/connection';
import { sql } from 'kysely';
import { listArgument, listRows } from '../../db/dialect-sql';
import type { Approval } from '../../db/schema';
import { changed, first, statement } from '../../db/store';
import type { ReportCard, ReportEvent, ReportOwnGoal } from '../domain/report-rules';
import type { MatchDto } from '../schemas';
import { playersById, teamsById } from './lookups';
import { findMatchRow, getMatch, savedSquads, type MatchRow } from './matches';

/** What the write rules look at: the match row with both team names (the read query's row). */
export async function findMatchState(db: DB, id: number): Promise<MatchRow | undefined> {
  return findMatchRow(db, id);
}

export type MatchState = NonNullable<Awaited<ReturnType<typeof findMatchState>>>;

/** The match as the API answers it, read inside a write that already found its row. */
export async function matchOrThrow(db: DB, id: number): Promise<MatchDto> {
  const match = await getMatch(db, id);
  // The row was read earlier in this same transaction: a miss here is a bug, not bad input.
  if (!match) throw new Error(`match ${id} vanished inside its write transaction`);
  return match;
}

// The statements every squad or report runs, built and compiled once (db/store.ts).
/**
 * One team's squad rows past the first `kept` in selection order (`kept` below the number of
 * rows). The first row to go is found by its position, so the delete walks the match's index
 * once instead of comparing every row against the kept ones.
 */
const DELETE_SQUAD_AFTER = statement((db: DB, a: { matchId: number; teamId: string; kept: number }) =>
  db
    .deleteFrom('match_squads')
    .where('match_id', '=', a.matchId)
    .where('team_id', '=', a.teamId)
    .where('id', '>=', (eb) =>
      eb
        .selectFrom('match_squads')
        .select('id')
        .where('match_id', '=', a.matchId)
        .where('team_id', '=', a.teamId)
        .orderBy('id')
        .limit(1)
        .offset(a.kept),
    ),
);
/** A team's squad rows for the players of the list (`listArgument`), in its order. */
const INSERT_SQUAD = statement((db: DB, a: { matchId: number; teamId: string; players: string }) =>
  db
    .insertInto('match_squads')
    .columns(['match_id', 'team_id', 'player_id'])
    .expression(
      listRows(db, [sql`CAST(${a.matchId} AS INTEGER)`, sql`CAST(${a.teamId} AS TEXT)`], a.players),
    ),
);
const EVENT_FIELDS = ['team_id', 'player_id', 'kind'] as const;
/** A match's events from a list of them (JSON), in its order. */
const INSERT_EVENTS = statement((db: DB, a: { matchId: number; events: string }) =>
  db
    .insertInto('match_events')
    .columns(['match_id', ...EVENT_FIELDS])
    .expression(listRows(db, [sql`CAST(${a.matchId} AS INTEGER)`], a.events, EVENT_FIELDS)),
);
const CARD_FIELDS = ['team_id', 'player_id', 'card'] as const;
/** A match's cards from a list of them (JSON), in its order. */
const INSERT_CARDS = statement((db: DB, a: { matchId: number; cards: string }) =>
  db
    .insertInto('match_cards')
    .columns(['match_id', ...CARD_FIELDS])
    .expression(listRows(db, [sql`CAST(${a.matchId} AS INTEGER)`], a.cards, CARD_FIELDS)),
);
const OWN_GOAL_FIELDS = ['team_id', 'player_id'] as const;
/** A match's own goals from a list of them (JSON), in its order. */
const INSERT_OWN_GOALS = statement((db: DB, a: { matchId: number; ownGoals: string }) =>
  db
    .insertInto('match_own_goals')
    .columns(['match_id', ...OWN_GOAL_FIELDS])
    .expression(listRows(db, [sql`CAST(${a.matchId} AS INTEGER)`], a.ownGoals, OWN_GOAL_FIELDS)),
);
const DELETE_OWN_GOALS = statement((db: DB, a: { matchId: number }) =>
  db.deleteFrom('match_own_goals').where('match_id', '=', a.matchId),
);
const DELETE_EVENTS = statement((db: DB, a: { matchId: number }) =>
  db.deleteFrom('match_events').where('match_id', '=', a.matchId),
);
const DELETE_CARDS = statement((db: DB, a: { matchId: number }) =>
  db.deleteFrom('match_cards').where('match_id', '=', a.matchId),
);
const STORE_REPORT = statement(
  (
    db: DB,
    a: {
      matchId: number;
      homeScore: number;
      awayScore: number;
      reportedByTeam: string | null;
      userId: string;
      at: string;
    },
  ) =>
    db
      .updateTable('matches')
      .set({
        home_score: a.homeScore,
        away_score: a.awayScore,
        approved: 'PENDING',
        reported_by_team: a.reportedByTeam,
        reported_by_user: a.userId,
        reported_at: a.at,
        reviewed_by_user: null,
        reviewed_at: null,
        rejection_reason: null,
        updated_at: a.at,
      })
      .where('id', '=', a.matchId),
);

export async function findTeamName(db: DB, teamId: string): Promise<string | undefined> {
  return (await teamsById(db, [teamId])).get(teamId)?.team_name;
}

/** The current team of each of the given players that exists (null: without a team). */
export async function playerTeams(db: DB, ids: readonly string[]): Promise<Map<string, string | null>> {
  const teams = new Map<string, string | null>();
  for (const player of (await playersById(db, ids)).values()) teams.set(player.id, player.team_id);
  return teams;
}

export interface SquadRow {
  team_id: string;
  player_id: string;
}

/** Saved squads of a match, each team's in selection order. */
export async function squadRows(db: DB, matchId: number): Promise<SquadRow[]> {
  return (await savedSquads(db, matchId)).flatMap(({ team_id, players }) =>
    players.map((player_id) => ({ team_id, player_id })),
  );
}

/**
 * Replaces one team's squad for a match with `players`, given the rows it holds now (in
 * selection order). Row ids keep the order given, which reads rely on, so the rows the
 * two lists share from the start stay and only the rest is deleted and inserted: a coach
 * adding or dropping the last players (or saving the same squad again) rewrites only
 * those rows, and every row written fires the table's version and revision triggers.
 */
export async function replaceSquad(
  db: DB,
  matchId: number,
  teamId: string,
  saved: readonly SquadRow[],
  players: readonly string[],
): Promise<void> {
  const current = saved.filter((row) => row.team_id === teamId);
  let kept = 0;
  while (kept < current.length && kept < players.length && current[kept]?.player_id === players[kept])
    kept += 1;
  if (kept < current.length) await DELETE_SQUAD_AFTER.run(db, { matchId, teamId, kept });
  if (kept === players.length) return;
  await INSERT_SQUAD.run(db, { matchId, teamId, players: listArgument(players.slice(kept)) });
}

export interface StoredReport {
  matchId: number;
  homeScore: number;
  awayScore: number;
  events: readonly ReportEvent[];
  /** The report's cards (none when left out); they replace the match's earlier ones. */
  cards?: readonly ReportCard[];
  /** The report's own goals (none when left out); they replace the match's earlier ones. */
  ownGoals?: readonly ReportOwnGoal[];
  reportedByTeam: string | null;
  userId: string;
  at: string;
}

/** Writes a report over whatever the match held: events replaced, result PENDING, review cleared. */
export async function storeReport(db: DB, report: StoredReport): Promise<void> {
  await DELETE_EVENTS.run(db, { matchId: report.matchId });
  await DELETE_CARDS.run(db, { matchId: report.matchId });
  await DELETE_OWN_GOALS.run(db, { matchId: report.matchId });
  if (report.events.length > 0) {
    await INSERT_EVENTS.run(db, { matchId: report.matchId, events: JSON.stringify(report.events) });
  }
  if (report.cards && report.cards.length > 0) {
    await INSERT_CARDS.run(db, { matchId: report.matchId, cards: JSON.stringify(report.cards) });
  }
  if (report.ownGoals && report.ownGoals.length > 0) {
    await INSERT_OWN_GOALS.run(db, {
      matchId: report.matchId,
      ownGoals: JSON.stringify(report.ownGoals),
    });
  }
  await STORE_REPORT.run(db, report);
}

/**
 * Records a review, with the reviewer's reason for a rejection. Guarded on PENDING so a
 * decision can never overwrite another one; answers whether the row changed.
 */
export async function storeReview(
  db: DB,
  review: { matchId: number; approved: Approval; userId: string; at: string; reason?: string },
): Promise<boolean> {
  const updated = await changed(
    db,
    db
      .updateTable('matches')
      .set({
        approved: review.approved,
        reviewed_by_user: review.userId,
        reviewed_at: review.at,
        rejection_reason: review.approved === 'FALSE' ? (review.reason ?? '') : null,
        updated_at: review.at,
      })
      .where('id', '=', review.matchId)
      .where('approved', '=', 'PENDING'),
  );
  return updated > 0;
}

/** Why the match's report was rejected, by whom and when: while the match is rejected, else undefined. */
export async function findRejection(db: DB, matchId: number) {
  const row = await first(
    db,
    db
      .selectFrom('matches as m')
      .leftJoin('users as u', 'u.id', 'm.reviewed_by_user')
      .select(['m.reported_by_team', 'm.rejection_reason', 'm.reviewed_at', 'u.name'])
      .where('m.id', '=', matchId)
      .where('m.approved', '=', 'FALSE'),
  );
  if (!row) return undefined;
  return {
    team_id: row.reported_by_team,
    reason: row.rejection_reason ?? '',
    rejected_by: row.name ?? 'A former user',
    rejected_at: row.reviewed_at ?? '',
  };
}
