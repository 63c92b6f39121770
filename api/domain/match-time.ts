/**
 * Date rules for matches (spec sections 4 and 5): team-page and league-list
 * classification, and which matches the manager screens offer.
 * Every rule takes `now` so callers and tests control the clock.
 */

export interface TimedMatch {
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  approved: string;
  /** ISO 8601 instant in UTC, e.g. 2026-03-14T15:00:00.000Z */
  match_date: string;
  /** scheduled or postponed; absent in answers cached before it existed. */
  status?: string;
}

// Accepts the ISO shapes the app stores or receives: date only, or date and
// time with 'T' or a space (SQLite's datetime() output), optional fraction
// and optional offset. Anything else is invalid rather than left to
// Date.parse, whose handling of other formats is engine-specific.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Parses a match date, or returns null when it is empty or invalid.
 * Values without an offset are read as UTC: the database stores UTC, and
 * reading them in the server's local zone would make results depend on
 * where the server runs.
 */
export function parseMatchDate(value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const m = ISO_DATE.exec(value.trim());
  if (m === null) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', offset = 'Z'] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // Date.UTC rolls 31 April over into May; reject instead of moving the match.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return null;
  }
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  let time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const offH = Number(digits.slice(0, 2));
    const offM = Number(digits.slice(2, 4));
    if (offH > 23 || offM > 59) return null;
    time -= sign * (offH * 60 + offM) * 60_000;
  }
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The team plays in the match, as home or away. */
export function involvesTeam(match: Pick<TimedMatch, 'home_team' | 'away_team'>, teamId: string): boolean {
  if (teamId === '') return false;
  return match.home_team === teamId || match.away_team === teamId;
}

function hasResult(match: TimedMatch): boolean {
  return match.home_score !== null && match.away_score !== null;
}

/** YYYY-MM-DD of an instant in UTC: the "calendar date" of the date-only rules. */
function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Team-page classification: a match with a result is past even if its date
 * is still ahead (a result was entered early); otherwise the date decides,
 * and "now" itself already counts as past. No result and no valid date: not past.
 */
export function isPastOnTeamPage(match: TimedMatch, now: Date): boolean {
  if (hasResult(match)) return true;
  const date = parseMatchDate(match.match_date);
  return date !== null && date.getTime() <= now.getTime();
}

export interface SplitMatches<T> {
  upcoming: T[];
  past: T[];
}

interface Dated<T> {
  match: T;
  time: number;
}

const ascending = <T>(a: Dated<T>, b: Dated<T>): number => a.time - b.time;
const descending = <T>(a: Dated<T>, b: Dated<T>): number => b.time - a.time;

/**
 * Team page Matches tab: upcoming soonest first, past latest first.
 * A match without a valid date cannot be placed on either timeline: with a
 * result it is still shown, at the end of the past list (it was played);
 * without one it is dropped, as there is nothing meaningful to show.
 * Equal dates keep their input order (the sort is stable).
 */
export function splitTeamMatches<T extends TimedMatch>(matches: readonly T[], now: Date): SplitMatches<T> {
  const upcoming: Dated<T>[] = [];
  const past: Dated<T>[] = [];
  const undatedPast: T[] = [];
  for (const match of matches) {
    const date = parseMatchDate(match.match_date);
    if (date === null) {
      if (hasResult(match)) undatedPast.push(match);
      continue;
    }
    const entry = { match, time: date.getTime() };
    if (isPastOnTeamPage(match, now)) past.push(entry);
    else upcoming.push(entry);
  }
  return {
    upcoming: upcoming.sort(ascending).map((e) => e.match),
    past: [...past.sort(descending).map((e) => e.match), ...undatedPast],
  };
}

/**
 * League Matches tab: only the date decides (a result entered before the
 * kick-off time still lists the match as upcoming). Matches without a valid
 * date are omitted (spec section 5).
 */
export function splitLeagueMatches<T extends TimedMatch>(matches: readonly T[], now: Date): SplitMatches<T> {
  const upcoming: Dated<T>[] = [];
  const past: Dated<T>[] = [];
  for (const match of matches) {
    const date = parseMatchDate(match.match_date);
    if (date === null) continue;
    const entry = { match, time: date.getTime() };
    if (entry.time > now.getTime()) upcoming.push(entry);
    else past.push(entry);
  }
  return {
    upcoming: upcoming.sort(ascending).map((e) => e.match),
    past: past.sort(descending).map((e) => e.match),
  };
}

/**
 * Team Selection match list: the team plays, and the match is on a later
 * calendar day (UTC, date only, so today's match is already locked) or its
 * result is not approved. An unapproved match with an invalid date still
 * qualifies through the approval branch.
 */
export function isSelectableForTeamSelection(match: TimedMatch, teamId: string, now: Date): boolean {
  if (!involvesTeam(match, teamId)) return false;
  if (match.approved !== 'TRUE') return true;
  const date = parseMatchDate(match.match_date);
  return date !== null && utcDay(date) > utcDay(now);
}

/**
 * Match Report list: matches of the team that have started (date now or
 * earlier), whatever their approval state, so a rejected or pending result
 * can be resubmitted, except postponed ones (not played on their date).
 * Whether a resubmission is allowed is approval.canReport.
 */
export function isReportable(match: TimedMatch, teamId: string, now: Date): boolean {
  if (!involvesTeam(match, teamId) || isPostponed(match)) return false;
  const date = parseMatchDate(match.match_date);
  return date !== null && date.getTime() <= now.getTime();
}

/**
 * Pending Results list: PENDING (any case) results of the team's matches whose
 * date has passed. "Passed" includes now itself, matching isReportable, so
 * every reportable match that gets a report also shows up for review.
 */
export function isPendingForTeam(match: TimedMatch, teamId: string, now: Date): boolean {
  if (!involvesTeam(match, teamId)) return false;
  if (match.approved.toUpperCase() !== 'PENDING') return false;
  const date = parseMatchDate(match.match_date);
  return date !== null && date.getTime() <= now.getTime();
}

/**
 * A report was made (waiting, approved or rejected): the match is a result now, no
 * longer a fixture the league may move, postpone or replace.
 */
export function isReported(match: { approved: string; reported_by_team: string | null }): boolean {
  return match.approved !== '' || match.reported_by_team !== null;
}

/** A postponed match is not played on its date: nothing to report until it is moved. */
export function isPostponed(match: Pick<TimedMatch, 'status'>): boolean {
  return match.status === 'postponed';
}

/** "Next match" candidates: dated strictly after now. */
export function isUpcoming(match: Pick<TimedMatch, 'match_date'>, now: Date): boolean {
  const date = parseMatchDate(match.match_date);
  return date !== null && date.getTime() > now.getTime();
}
