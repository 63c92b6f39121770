/**
 * A league season's matches picked by the secretary's filters (a team, a range of days,
 * a state) and read a page at a time in kick-off order (then id). The ids are picked
 * here; the answers are read by listMatches, so a filtered match reads as any other.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { MatchDto } from '../schemas';
import { pageOf, rowsToRead, type KickoffKey, type Page } from './keyset';
import { listMatches } from './matches';
import { playsIn } from './team-plays';

export const MATCH_STATES = ['upcoming', 'awaiting', 'pending', 'approved', 'rejected', 'postponed'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

export interface LeagueMatchFilter {
  leagueId: string;
  season: string;
  teamId?: string | undefined;
  /** first day, YYYY-MM-DD (UTC), inclusive */
  from?: string | undefined;
  /** last day, YYYY-MM-DD (UTC), inclusive */
  to?: string | undefined;
  state?: MatchState | undefined;
  /** now, as an ISO instant: where upcoming ends and awaiting starts */
  now: string;
}

/** The day after a calendar day, YYYY-MM-DD. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function picked(db: DB, filter: LeagueMatchFilter, page: { limit?: number; after?: KickoffKey }) {
  let q = db.selectFrom('matches as m').select(['m.id', 'm.match_date']);
  q =
    filter.teamId === undefined
      ? q.where('m.league_id', '=', filter.leagueId).where('m.season', '=', filter.season)
      : q.where(playsIn(filter.teamId, { leagueId: filter.leagueId, season: filter.season }));
  // match_date is an ISO instant in UTC: a day's matches sort from 'YYYY-MM-DD' to the next day.
  if (filter.from !== undefined) q = q.where('m.match_date', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('m.match_date', '<', dayAfter(filter.to));
  switch (filter.state) {
    case 'upcoming':
      q = q
        .where('m.status', '=', 'scheduled')
        .where('m.match_date', '>', filter.now)
        .where('m.approved', '=', '');
      break;
    // Kicked off and nobody has reported it yet (a rejected report is 'rejected').
    case 'awaiting':
      q = q
        .where('m.status', '=', 'scheduled')
        .where('m.match_date', '<=', filter.now)
        .where(sql<boolean>`m.approved = '' and m.reported_by_team is null`);
      break;
    case 'pending':
      q = q.where('m.approved', '=', 'PENDING');
      break;
    case 'approved':
      q = q.where('m.approved', '=', 'TRUE');
      break;
    case 'rejected':
      q = q.where('m.approved', '=', 'FALSE');
      break;
    case 'postponed':
      q = q.where('m.status', '=', 'postponed');
      break;
    case undefined:
      break;
  }
  const { after } = page;
  if (after !== undefined) {
    q = q
      .where('m.match_date', '>=', after.date)
      .where((eb) => eb.or([eb('m.match_date', '>', after.date), eb('m.id', '>', after.id)]));
  }
  q = q.orderBy('m.match_date').orderBy('m.id');
  const read = rowsToRead(page.limit);
  return read === undefined ? q : q.limit(read);
}

/** The matches the filter picks, oldest first: all of them, or `limit` after `after`. */
export async function filteredLeagueMatches(
  db: DB,
  filter: LeagueMatchFilter,
  page: { limit?: number; after?: KickoffKey } = {},
): Promise<Page<MatchDto, KickoffKey>> {
  const found = await rows(db, picked(db, filter, page));
  const picks = pageOf(found, page.limit, (match) => ({ date: match.match_date, id: match.id }));
  const matches = await listMatches(db, { ids: picks.rows.map((match) => match.id), order: 'asc' });
  return { rows: matches, next: picks.next };
}
