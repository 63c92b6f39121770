/**
 * Loads for the Match Report and Team Selection tabs: like useApi (loading, error,
 * reload, and the request in flight cancelled when the key changes), but every load
 * waits the 300 ms pause of spec section 9 first, and a load may combine several
 * requests. Nothing is cached: staff act on what the server holds now.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiJson, isAbort } from '@/lib/api-client';
import type { Coach, Match, RosterPlayer, Team, TeamSummary } from '@/lib/api-types';
import { useApi } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import type { StoredUser } from '@/lib/storage';
import { pause } from '@/lib/staff-api';

export interface LoadState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

interface Settled<T> {
  key: string;
  generation: number;
  data?: T;
  error?: Error;
}

/**
 * Runs `load(key)` after the pause whenever `key` changes (null: nothing to load).
 * `load` must be a module-level function: only the key says when to load again.
 */
export function usePausedLoad<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
): LoadState<T> {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    pause(undefined, controller.signal)
      .then(() => load(key, controller.signal))
      .then(
        (data) => setSettled({ key, generation, data }),
        (error: unknown) => {
          if (isAbort(error)) return;
          console.warn(error); // handled: the tab shows the error; logged for support
          setSettled({ key, generation, error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
    return () => controller.abort();
  }, [key, generation, load]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  if (key === null) return { data: undefined, error: undefined, loading: false, reload };
  const sameKey = settled?.key === key;
  const fresh = sameKey && settled.generation === generation;
  return {
    // A reload keeps showing the list it replaces; another key never shows old data.
    data: sameKey ? settled.data : undefined,
    error: fresh ? settled.error : undefined,
    loading: !fresh,
    reload,
  };
}

const team = (id: string) => `/api/teams/${encodeURIComponent(id)}`;

export interface Roster {
  players: RosterPlayer[];
  coaches: Coach[];
}

export function loadRoster(teamId: string, signal: AbortSignal): Promise<Roster> {
  return apiJson<Roster>(`${team(teamId)}/roster`, { signal });
}

/** Every match of the team, all seasons (GET /api/teams/{id}/matches). */
export async function loadTeamMatches(teamId: string, signal: AbortSignal): Promise<Match[]> {
  const body = await apiJson<{ matches: Match[] }>(`${team(teamId)}/matches`, { signal });
  return body.matches;
}

export function loadMatch(matchId: string, signal: AbortSignal): Promise<Match> {
  return apiJson<Match>(`/api/matches/${encodeURIComponent(matchId)}`, { signal });
}

type TeamsBody = { teams: TeamSummary[] } | TeamSummary[] | Team;

/** Spec section 7: GET /api/teams may answer an array, `{ teams }` or a single team. */
function teamsFrom(body: TeamsBody): TeamSummary[] {
  if (Array.isArray(body)) return body;
  if ('teams' in body) return body.teams;
  return [body];
}

export interface StaffTeams {
  teams: TeamSummary[] | undefined;
  error: Error | undefined;
  loading: boolean;
  /** A coach or owner without a team: 'No team found for your account'. */
  noTeam: boolean;
}

/**
 * The teams a staff user works with (spec section 6): a super_admin every team, a
 * coach or owner only their own (user.team_id).
 */
export function useStaffTeams(user: StoredUser): StaffTeams {
  const isSuperAdmin = user.user_type === 'super_admin';
  const path = isSuperAdmin ? '/api/teams' : user.team_id ? team(user.team_id) : null;
  const { data, error, loading } = useApi<TeamsBody>(path);
  // Logged as 'Failed to fetch teams', shown as 'Failed to load teams. …' (spec section 8).
  useLoggedFailure(error, 'Failed to fetch teams');
  return { teams: data && teamsFrom(data), error, loading, noTeam: path === null };
}
