/**
 * Loads shared by the manager tabs: every roster, match and player load waits the
 * 300 ms pause of spec section 9 first (so clicking through teams or matches sends
 * one request, for the last), and a load may combine several requests. Nothing is
 * cached: staff act on what the server holds now.
 */
import { apiJson } from '@/lib/api-client';
import type { Coach, Match, RosterPlayer, Team, TeamSummary } from '@/lib/api-types';
import { useApi, type ApiState } from '@/hooks/use-api';
import { useLoggedFailure } from '@/hooks/use-logged-failure';
import { coachedTeams, isSuperAdmin, runsLeagues, staffsTeam } from '@/lib/rights';
import type { StoredUser } from '@/lib/storage';

/** The pause of spec section 9 before roster, match and player loads on management screens. */
export const LOAD_PAUSE_MS = 300;

/**
 * useApi over `load(key)` after the pause, whenever `key` changes (null: nothing to
 * load). `load` must be a module-level function: only the key says when to load again.
 */
export function usePausedLoad<T>(
  key: string | null,
  load: (key: string, signal: AbortSignal) => Promise<T>,
): ApiState<T> {
  return useApi<T>(key, { delayMs: LOAD_PAUSE_MS, load });
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
  /**
   * The user picks one of `teams` (a super admin, a league admin, a coach of two teams);
   * otherwise their one team is chosen for them.
   */
  chooses: boolean;
  /** The team chosen for a user who has only one. */
  ownTeam: string | null;
}

/** Who chooses a team, and the one team of those who do not (spec section 6, decision 0030). */
export function staffTeamChoice(user: StoredUser): { chooses: boolean; ownTeam: string | null } {
  const coached = coachedTeams(user);
  const chooses = runsLeagues(user) || coached.length > 1;
  return { chooses, ownTeam: chooses ? null : (coached[0] ?? user.team_id ?? null) };
}

/**
 * The teams a staff user works with (spec section 6): a super_admin every team, a
 * league admin their leagues' teams (and any they coach), a coach or owner only their
 * own: one is loaded by itself, as the specification's screen does.
 */
export function useStaffTeams(user: StoredUser): StaffTeams {
  const { chooses, ownTeam } = staffTeamChoice(user);
  const path = chooses ? '/api/teams' : ownTeam ? team(ownTeam) : null;
  const { data, error, loading } = useApi<TeamsBody>(path);
  // Logged as 'Failed to fetch teams', shown as 'Failed to load teams. …' (spec section 8).
  useLoggedFailure(error, 'Failed to fetch teams');
  const all = data && teamsFrom(data);
  const teams = chooses && !isSuperAdmin(user) ? all?.filter((item) => staffsTeam(user, item)) : all;
  return { teams, error, loading, noTeam: path === null, chooses, ownTeam };
}
