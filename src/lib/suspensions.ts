/**
 * Suspensions (issue #19) as the app reads them from GET /api/teams/{teamId}/suspensions,
 * as the squad and the profile show them. Whether a ban keeps a player out of a match is
 * in suspension-rule.ts (Team Selection's), kept apart so the team page's first load
 * does not carry it.
 */
import type { SuspensionList } from './api-types';

export type SuspensionsAnswer = SuspensionList;
export type Suspension = SuspensionList['suspensions'][number];

export function suspensionsPath(teamId: string): string {
  return `/api/teams/${encodeURIComponent(teamId)}/suspensions`;
}

/** The bans of an answer; anything else (an odd or missing answer) is none. */
export function suspensionsOf(answer: SuspensionsAnswer | undefined): Suspension[] {
  return Array.isArray(answer?.suspensions) ? answer.suspensions : [];
}

/** 'Suspended – 1 match', 'Suspended – 3 matches'. */
export function suspendedText(matchesRemaining: number): string {
  return `Suspended – ${matchesRemaining} ${matchesRemaining === 1 ? 'match' : 'matches'}`;
}

/**
 * All of a player's bans still to serve as one, as the player profile gives it: the
 * matches added up, the reasons in order joined with '; '. Undefined when none.
 */
export function playerSuspension(
  suspensions: readonly Suspension[],
  playerId: string,
): Pick<Suspension, 'reason' | 'matches_remaining'> | undefined {
  const own = suspensions.filter((ban) => ban.player_id === playerId && ban.matches_remaining > 0);
  if (own.length === 0) return undefined;
  return {
    reason: own.map((ban) => ban.reason).join('; '),
    matches_remaining: own.reduce((sum, ban) => sum + ban.matches_remaining, 0),
  };
}
