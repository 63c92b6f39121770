/** How the Match Report and Team Selection tabs name a match in their pickers and labels. */
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

/** 'Sat, May 2 — vs South City (home)' from the team's point of view. */
export function matchTitle(match: Match, teamId: string, now: Date): string {
  const home = match.home_team === teamId;
  const opponent = home ? match.away_team_name : match.home_team_name;
  return `${shortMatchDate(match.date, now)} — vs ${opponent} (${home ? 'home' : 'away'})`;
}
