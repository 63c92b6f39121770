/**
 * Fixtures with no report, said truthfully: one still ahead is simply upcoming, and only
 * one whose kick-off has passed is a match missing its report. The server's answers
 * (withdrawing a team, replacing a season's fixtures) and the league screens word them alike.
 */
import { plural } from '../../db/rules/words';
import { parseMatchDate } from './match-time';

export interface UnreportedCounts {
  /** Kick-off still ahead, or postponed (waiting for a new date). */
  upcoming: number;
  /** Kick-off passed and still no report. */
  past: number;
}

/** Splits fixtures that have no report into upcoming ones and past ones, against `now`. */
export function unreportedCounts(
  fixtures: readonly { match_date: string; status?: string | undefined }[],
  now: Date,
): UnreportedCounts {
  let upcoming = 0;
  let past = 0;
  for (const fixture of fixtures) {
    const kickOff = parseMatchDate(fixture.match_date);
    if (fixture.status === 'postponed' || kickOff === null || kickOff.getTime() > now.getTime())
      upcoming += 1;
    else past += 1;
  }
  return { upcoming, past };
}

/**
 * '12 upcoming fixtures', '1 past fixture with no report', '12 upcoming fixtures and 2
 * past fixtures with no report'; '' for none.
 */
export function unreportedWords({ upcoming, past }: UnreportedCounts): string {
  const parts = [
    ...(upcoming > 0 ? [plural(upcoming, 'upcoming fixture')] : []),
    ...(past > 0 ? [`${plural(past, 'past fixture')} with no report`] : []),
  ];
  return parts.join(' and ');
}
