/**
 * How the manager tabs name a match in their pickers and labels. A match always reads
 * home first, away second, whichever club the viewer is: their own club is marked
 * ("(you)"), never put first.
 */
import type { Match } from '@/lib/api-types';

function parse(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Sat, May 2', with the year when it is not this year's. */
export function shortMatchDate(value: string, now: Date): string {
  const date = parse(value);
  if (!date) return 'Invalid Date';
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
}

/** What marks the viewer's own club beside its name, in text. */
export const OWN_MARK = '(you)';

type Sides = Pick<Match, 'home_team' | 'away_team' | 'home_team_name' | 'away_team_name'>;

/** The club's name, marked when it is the viewer's team. */
export function markedName(name: string, own: boolean): string {
  return own ? `${name} ${OWN_MARK}` : name;
}

/** 'South City vs North Town (you)': home first, the viewer's club marked. */
export function sidesText(match: Sides, teamId: string): string {
  return `${markedName(match.home_team_name, match.home_team === teamId)} vs ${markedName(
    match.away_team_name,
    match.away_team === teamId,
  )}`;
}

/** 'South City 2–1 North Town (you)': a score always home–away, the viewer's club marked. */
export function scoreText(match: Sides, teamId: string, home: number, away: number): string {
  return `${markedName(match.home_team_name, match.home_team === teamId)} ${home}–${away} ${markedName(
    match.away_team_name,
    match.away_team === teamId,
  )}`;
}

/** 'Sat, May 2 — South City vs North Town (you)'. */
export function matchTitle(match: Match, teamId: string, now: Date): string {
  return `${shortMatchDate(match.date, now)} — ${sidesText(match, teamId)}`;
}
