/**
 * What the "Needs decision" screen reads: a league's inbox, and for a dispute the match
 * with both rosters, which the shared review dialog shows side by side.
 */
import { apiJson } from '@/lib/api-client';
import type { DecisionItem, Match, RosterPlayer } from '@/lib/api-types';
import type { Players } from '../pending/pending-results-data';

export const decisionsPath = (leagueId: string) => `/api/leagues/${encodeURIComponent(leagueId)}/decisions`;

/** Signed in only: the inbox is the league admins'. */
export function loadDecisions(path: string, signal: AbortSignal): Promise<{ items: DecisionItem[] }> {
  return apiJson<{ items: DecisionItem[] }>(path, { signal, auth: true });
}

/** The match and both sides' players, for the review dialog. */
export async function loadDispute(matchId: number): Promise<{ match: Match; players: Players }> {
  const match = await apiJson<Match>(`/api/matches/${matchId}`);
  const rosters = await Promise.all(
    [match.home_team, match.away_team].map((id) =>
      apiJson<{ players: RosterPlayer[] }>(`/api/teams/${encodeURIComponent(id)}/roster`),
    ),
  );
  const players = new Map<string, RosterPlayer>();
  for (const roster of rosters) for (const player of roster.players) players.set(player.id, player);
  return { match, players };
}

/** Since when it waits, as the row says it: "due 3 days ago", "reported just now". */
export function sinceText(item: DecisionItem, relative: string): string {
  switch (item.kind) {
    case 'pending':
      return `reported ${relative}`;
    case 'disputed':
      return `second report ${relative}`;
    case 'overdue':
      return `due ${relative}`;
  }
}

/** The badge of a row: what waits. */
export function kindText(item: DecisionItem): string {
  switch (item.kind) {
    case 'pending':
      return 'Result to review';
    case 'disputed':
      return 'Reports differ';
    case 'overdue':
      return item.awaiting === 'report' ? 'Report overdue' : 'Review overdue';
  }
}
