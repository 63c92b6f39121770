/**
 * Overdue results: the list league admins see, and the sweep that tells the
 * teams once when a deadline passes. Only seasons still running count: a completed
 * season's forgotten matches are history, not reminders.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { rows, run } from '../../db/store';
import type { LeagueRules } from '../domain/league-rules';
import { reportOverdue } from '../domain/notification-text';
import { overdueState, type WaitingFor } from '../domain/overdue';
import { leagueRules } from './league-rules';
import { transactionPerChunk } from './chunks';
import { pageOf, rowsToRead, type Page, type PageRequest } from './keyset';
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

/**
 * Played matches of the running seasons that are neither approved nor postponed (the
 * overdue ones among them, once each league's deadline is applied), through the
 * partial index matches_unapproved_date.
 */
function unsettledPlayed(db: DB, now: Date) {
  const latest = new Date(now.getTime() - MIN_DEADLINE_HOURS * 3_600_000).toISOString();
  return (
    db
      .selectFrom('matches as m')
      .innerJoin('leagues as l', 'l.league_id', 'm.league_id')
      // Spelled as in the partial index matches_unapproved_date (a bound value would not use it).
      .where(sql<boolean>`m.approved <> 'TRUE'`)
      .where('m.match_date', '<=', latest)
      .where('m.status', '=', 'scheduled')
      .where('l.status', '<>', 'completed')
  );
}

/** Where a walk in kick-off order stands: the last match read. */
export interface OverdueKey {
  date: string;
  id: number;
}

/**
 * Those matches after `from` in kick-off order (then id). The date bound alone makes the
 * range of matches_unapproved_date start there; the OR settles a shared date.
 */
function unsettledAfter<Q extends ReturnType<typeof unsettledPlayed>>(
  query: Q,
  from: OverdueKey | undefined,
): Q {
  if (from === undefined) return query;
  return query
    .where('m.match_date', '>=', from.date)
    .where((eb) => eb.or([eb('m.match_date', '>', from.date), eb('m.id', '>', from.id)])) as Q;
}

/** Those matches with what an overdue match shows: the league's and the teams' names. */
function unsettledWithNames(db: DB, now: Date) {
  return unsettledPlayed(db, now)
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
    ]);
}

type UnsettledRow = Awaited<ReturnType<ReturnType<typeof unsettledWithNames>['execute']>>[number];

/** The row as an overdue match by its league's deadline, or null when not overdue at `now`. */
async function asOverdue(
  db: DB,
  row: UnsettledRow,
  rules: Map<string, LeagueRules>,
  now: Date,
): Promise<OverdueMatch | null> {
  let league = rules.get(row.league_id);
  if (league === undefined) {
    league = await leagueRules(db, row.league_id);
    rules.set(row.league_id, league);
  }
  const state = overdueState(row, league.report_deadline_hours, now);
  if (state === null) return null;
  return {
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
  };
}

/** The most matches one read of a page takes. */
const OVERDUE_READ_MAX = 1000;

/**
 * The overdue matches of the running seasons, the earliest kick-off first (then id): all
 * of them, or a page after a match (PageRequest). A page reads its matches in index
 * order from where the last one ended, so it costs the same wherever it is in a league
 * of years of forgotten results. Only the matches whose longer deadline has not passed
 * yet are read and left out, and those are the last in kick-off order, so a page reads
 * little more than it shows.
 */
export async function overdueMatches(
  db: DB,
  now: Date,
  page: PageRequest<OverdueKey> = {},
  leagues: 'all' | readonly string[] = 'all',
): Promise<Page<OverdueMatch, OverdueKey>> {
  if (leagues !== 'all' && leagues.length === 0) return pageOf([], page.limit, () => ({ date: '', id: 0 }));
  const want = rowsToRead(page.limit);
  const rules = new Map<string, LeagueRules>();
  const overdue: OverdueMatch[] = [];
  let after = page.after;
  // Past the page's first read, the matches skipped are the recent ones still within a
  // longer deadline: read twice as many each time, so a thousand of them take a few reads.
  let read = want;
  for (;;) {
    const found = await rows(
      db,
      unsettledAfter(unsettledWithNames(db, now), after)
        .$if(leagues !== 'all', (query) => query.where('m.league_id', 'in', leagues as readonly string[]))
        .orderBy('m.match_date')
        .orderBy('m.id')
        .$if(read !== undefined, (query) => query.limit(read ?? 0)),
    );
    for (const row of found) {
      const match = await asOverdue(db, row, rules, now);
      if (match !== null) overdue.push(match);
      if (overdue.length === want) break;
    }
    const last = found.at(-1);
    if (read === undefined || overdue.length === want || last === undefined || found.length < read) break;
    after = { date: last.match_date, id: last.id };
    read = Math.min(read * 2, OVERDUE_READ_MAX);
  }
  return pageOf(overdue, page.limit, (match) => ({ date: match.match_date, id: match.match_id }));
}

/** Matches the sweep reads per transaction, in date order. */
export const SWEEP_CHUNK = 500;

/** Matches the sweep tells of per transaction, at most. */
export const SWEEP_TELL_CHUNK = 25;

/** What a match's reminder is about: the key part of its notifications and its overdue_notices row. */
function noticeState(match: { approved: string; reported_at: string | null }): string {
  return match.approved === 'PENDING' ? `review:${match.reported_at ?? ''}` : 'report';
}

/**
 * Tells the teams of every overdue match, once per match and state: both teams when a
 * report is missing, the side that owes the review otherwise. Safe to run on every
 * instance at once: each notification has a key that can be stored only once.
 *
 * A match whose current state was already told (overdue_notices) is passed over without
 * asking who should hear of it, so a minute's sweep over tens of thousands of long-overdue
 * matches reads them and nothing more; staff who join a team later are not told of its
 * old overdue results. The matches are read `chunk` at a time in date order, and at most
 * `tellChunk` of them told, each chunk in a transaction of its own with a turn of the
 * event loop between (`stopped()` ends the sweep between chunks). On the large bench
 * database (tens of thousands of overdue matches of running seasons, all told) the loop
 * is held only briefly at a time, where one sweep in a single go held it for seconds.
 */
export async function sweepOverdue(
  db: DB,
  now: Date,
  {
    chunk = SWEEP_CHUNK,
    tellChunk = SWEEP_TELL_CHUNK,
    stopped,
  }: { chunk?: number; tellChunk?: number; stopped?: () => boolean } = {},
): Promise<SentNotification[]> {
  const sent: SentNotification[] = [];
  const at = now.toISOString();
  const rules = new Map<string, LeagueRules>();
  let after: OverdueKey | undefined;
  await transactionPerChunk(
    db,
    async (trx) => {
      const from = after;
      // The walk reads a few columns of each match; only those not yet told for their
      // current state are read in full and weighed against their league's deadline.
      const walked = await rows(
        trx,
        unsettledAfter(unsettledPlayed(trx, now), from)
          .leftJoin('overdue_notices as n', 'n.match_id', 'm.id')
          .select(['m.id', 'm.match_date', 'm.approved', 'm.reported_at', 'n.state as told'])
          .orderBy('m.match_date')
          .orderBy('m.id')
          .limit(chunk),
      );
      const untold = walked.filter((row) => row.told !== noticeState(row));
      // Telling is the costly part (who should hear, and one insert each): a few matches
      // a transaction, so a first sweep over years of them never holds the loop long.
      const taken = untold.slice(0, tellChunk);
      const cut = untold.length > taken.length;
      const told =
        taken.length === 0
          ? []
          : await rows(
              trx,
              unsettledWithNames(trx, now)
                .where(
                  'm.id',
                  'in',
                  taken.map((row) => row.id),
                )
                .orderBy('m.match_date')
                .orderBy('m.id'),
            );
      for (const row of told) {
        const match = await asOverdue(trx, row, rules, now);
        if (match === null) continue;
        const state = noticeState(row);
        const names = { id: match.match_id, homeName: match.home_team_name, awayName: match.away_team_name };
        const teams =
          match.waiting_for === 'review' && match.reported_by_team !== null
            ? [match.home_team, match.away_team].filter((team) => team !== match.reported_by_team)
            : [match.home_team, match.away_team];
        const key = `overdue:${match.match_id}:${state}`;
        sent.push(...(await notify(trx, { teams }, reportOverdue(names, match.waiting_for), at, key)));
        await run(
          trx,
          trx
            .insertInto('overdue_notices')
            .values({ match_id: match.match_id, state })
            .onConflict((conflict) => conflict.column('match_id').doUpdateSet({ state })),
        );
      }
      const last = cut ? taken.at(-1) : walked.at(-1);
      if (last !== undefined) after = { date: last.match_date, id: last.id };
      return cut || walked.length === chunk;
    },
    stopped,
  );
  return sent;
}
