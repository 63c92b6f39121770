/**
 * Suspensions as the app reads them from GET /api/teams/{teamId}/suspensions,
 * as the squad and the profile show them (a player's bans summed up as one is the
 * server's rule too: db/rules/suspensions.ts). Whether a ban keeps a player out of a
 * match is in suspension-rule.ts (Team Selection's), kept apart so the team page's first
 * load does not carry it.
 */
import type { SuspensionList } from './api-types';
import { plural } from '../../db/rules/words';

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
  return `Suspended – ${plural(matchesRemaining, 'match', 'matches')}`;
}
