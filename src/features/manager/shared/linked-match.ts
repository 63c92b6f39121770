/**
 * `?match={id}` on a manager tab: the match a notification is about (a result to review,
 * a report to send). The tab opens that match's review or chooses it in its form, then
 * forgets the parameter, so what the user does next is not undone by the address.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi, type ApiState } from '@/hooks/use-api';
import type { Match, TeamSummary } from '@/lib/api-types';

/** The id a link names, or null for none (or anything that is not a match id). */
export function linkedMatchId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export function useLinkedMatch(): { linked: number | null; forget: () => void } {
  const [params, setParams] = useSearchParams();
  const linked = linkedMatchId(params.get('match'));
  const forget = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('match');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { linked, forget };
}

/** The match itself (its teams, names and state); nothing is asked while `id` is null. */
export function useMatch(id: number | null): ApiState<Match> {
  return useApi<Match>(id === null ? null : `/api/matches/${id}`);
}

/**
 * Of `teams`, the one a user who works for several acts for on this match: one of its two
 * sides, the side that did not send the pending report when `reviewing`, else the home side
 * when the user has both.
 */
export function teamOfMatch<T extends Pick<TeamSummary, 'team_id'>>(
  match: Match,
  teams: readonly T[],
  reviewing: boolean,
): T | undefined {
  const sides = teams.filter((team) => team.team_id === match.home_team || team.team_id === match.away_team);
  const preferred = reviewing
    ? sides.find((team) => team.team_id !== match.reported_by_team)
    : sides.find((team) => team.team_id === match.home_team);
  return preferred ?? sides[0];
}
