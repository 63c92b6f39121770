/**
 * The People screen's and the invite panel's side of /api/users and /api/invitations:
 * the answers' shapes, the calls, and the words a membership or an e-mail state is
 * shown in. Who may give which role mirrors db/rules/rights.ts (which it imports); the
 * server decides in the end, and its `detail` is what a refusal shows.
 */
import { apiJson } from '@/lib/api-client';
import { sendStaffWrite } from '@/lib/staff-api';
import type { League, TeamSummary } from '@/lib/api-types';
import type { MembershipDto } from '../../api/schemas';
import {
  adminsLeague,
  administeredLeagues,
  isSuperAdmin,
  type Membership as MembershipRow,
} from '../../db/rules/rights';

export type Membership = MembershipDto;
export type MembershipRole = Membership['role'];

export interface Person {
  id: string;
  name: string;
  email: string;
  memberships: Membership[];
  locked: boolean;
}

/** The signed-in user as /api/auth/me answers: their memberships decide what they may do. */
export interface Me {
  id: string;
  name: string;
  memberships: Membership[];
}

export interface PeoplePage {
  users: Person[];
  total_pages: number;
}

export type EmailStatus = 'not_configured' | 'queued' | 'retrying' | 'sent' | 'failed';

export interface Invitation {
  id: string;
  email: string;
  role: MembershipRole;
  league_id: string | null;
  team_id: string | null;
  player_id: string | null;
  scope_name: string;
  player_name: string | null;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  email_status: EmailStatus;
  email_error: string | null;
}

export interface CreatedInvitation {
  id: string;
  link: string;
  expires_at: string;
  email_status: EmailStatus;
}

export interface ResetLink {
  link: string;
  expires_at: string;
}

/** The 20-a-page list, by name; `q` matches part of a name or e-mail. */
export function peoplePath(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim() !== '') params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '/api/users' : `/api/users?${query}`;
}

const userPath = (id: string, rest: string) => `/api/users/${encodeURIComponent(id)}${rest}`;

export function setMemberships(id: string, memberships: readonly Membership[]): Promise<Person> {
  return sendStaffWrite<Person>('PUT', userPath(id, '/memberships'), { memberships });
}

export function setLocked(id: string, locked: boolean): Promise<Person> {
  return sendStaffWrite<Person>('PUT', userPath(id, '/lock'), { locked });
}

export function signOutEverywhere(id: string): Promise<{ detail: string }> {
  return sendStaffWrite<{ detail: string }>('POST', userPath(id, '/sign-out'));
}

/*
 * The two answers that carry a link go without an Idempotency-Key: the server keeps no
 * record of them (it would keep the link), and a retry should make a new link anyway.
 */
export function makeResetLink(id: string): Promise<ResetLink> {
  return apiJson<ResetLink>(userPath(id, '/reset-link'), { method: 'POST', auth: true });
}

export function createInvitation(body: Membership & { email: string }): Promise<CreatedInvitation> {
  return apiJson<CreatedInvitation>('/api/invitations', { method: 'POST', body, auth: true });
}

export function withdrawInvitation(id: string): Promise<{ detail: string }> {
  return sendStaffWrite<{ detail: string }>('DELETE', `/api/invitations/${encodeURIComponent(id)}`);
}

/** Where an invite panel brings people in. */
export type InviteScope =
  | { kind: 'team'; teamId: string }
  | { kind: 'league'; leagueId: string }
  /** Anywhere: a super admin's. */
  | { kind: 'site' };

export function invitationsPath(scope: InviteScope): string {
  if (scope.kind === 'team') return `/api/invitations?team_id=${encodeURIComponent(scope.teamId)}`;
  if (scope.kind === 'league') return `/api/invitations?league_id=${encodeURIComponent(scope.leagueId)}`;
  return '/api/invitations';
}

/**
 * What a membership form may choose from: one team, some leagues (and their teams), or
 * everything. The People screen's "Add a role" uses the leagues its admin runs.
 */
export type GrantScope =
  { kind: 'team'; teamId: string } | { kind: 'leagues'; leagueIds: readonly string[] } | { kind: 'site' };

export function grantScopeOf(scope: InviteScope): GrantScope {
  if (scope.kind === 'league') return { kind: 'leagues', leagueIds: [scope.leagueId] };
  return scope;
}

export const TEAM_ROLES = ['coach', 'owner', 'player'] as const satisfies readonly MembershipRole[];

/**
 * The roles offered: a team's staff and players for a team; a league's admins too for
 * leagues; a super admin as well only to a super admin (when the caller's memberships
 * are known; the server refuses anyone else anyway).
 */
export function rolesFor(scope: GrantScope, memberships?: readonly Membership[]): MembershipRole[] {
  if (scope.kind === 'team') return [...TEAM_ROLES];
  const league: MembershipRole[] = ['league_admin', ...TEAM_ROLES];
  if (scope.kind === 'leagues') return league;
  return memberships === undefined || isSuperAdmin({ memberships: memberships.map(rowOf) })
    ? ['super_admin', ...league]
    : league;
}

export const ROLE_NAMES: Record<MembershipRole, string> = {
  super_admin: 'Super admin',
  league_admin: 'League admin',
  coach: 'Coach',
  owner: 'Owner',
  player: 'Player',
};

/** "Coach of East United", "League admin of Sunday League 2026", "Player for North Town". */
export function roleWords(role: MembershipRole, scopeName: string): string {
  if (role === 'super_admin') return 'Super admin';
  const joiner = role === 'player' ? 'for' : 'of';
  return `${ROLE_NAMES[role]} ${joiner} ${scopeName}`;
}

/** A season's league as people say it: its name and season, unless the name has it already. */
export function leagueName(league: Pick<League, 'league_name' | 'season'>): string {
  return league.league_name.includes(league.season)
    ? league.league_name
    : `${league.league_name} ${league.season}`;
}

export interface Names {
  leagues: ReadonlyMap<string, string>;
  teams: ReadonlyMap<string, TeamSummary>;
  /** The teams have loaded: a team missing from them is not one the caller runs. */
  teamsKnown: boolean;
}

/** A membership in words; an id stands in for a name not (yet) known. */
export function membershipWords(m: Membership, names: Names): string {
  if (m.role === 'league_admin')
    return roleWords(m.role, names.leagues.get(m.league_id ?? '') ?? m.league_id ?? '');
  return roleWords(m.role, names.teams.get(m.team_id ?? '')?.team_name ?? m.team_id ?? '');
}

/** The e-mail state of an invitation in plain words. */
export function emailWords(status: EmailStatus): string {
  switch (status) {
    case 'sent':
      return 'E-mail sent';
    case 'queued':
      return 'E-mail queued';
    case 'retrying':
      return 'E-mail queued, retrying';
    case 'failed':
      return 'E-mail could not be sent';
    case 'not_configured':
      return 'E-mail is not set up';
  }
}

export const sameMembership = (a: Membership, b: Membership) =>
  a.role === b.role && a.league_id === b.league_id && a.team_id === b.team_id && a.player_id === b.player_id;

/** A membership being chosen in a form: the role, and the scope's ids ('' for none). */
export interface MembershipDraft {
  role: MembershipRole | '';
  leagueId: string;
  teamId: string;
  playerId: string;
}

export const EMPTY_DRAFT: MembershipDraft = { role: '', leagueId: '', teamId: '', playerId: '' };

export type DraftErrors = Partial<Record<'role' | 'league' | 'team', string>>;

/** The membership a form's choices make, or what is missing (a scope of one is taken as chosen). */
export function membershipOf(
  draft: MembershipDraft,
  scope: GrantScope,
): { membership: Membership; errors?: undefined } | { membership?: undefined; errors: DraftErrors } {
  const { role } = draft;
  if (role === '') return { errors: { role: 'Choose a role' } };
  if (role === 'super_admin') return { membership: { role } };
  if (role === 'league_admin') {
    const leagueId =
      scope.kind === 'leagues' && scope.leagueIds.length === 1 ? scope.leagueIds[0] : draft.leagueId;
    return leagueId
      ? { membership: { role, league_id: leagueId } }
      : { errors: { league: 'Choose a league' } };
  }
  const teamId = scope.kind === 'team' ? scope.teamId : draft.teamId;
  if (!teamId) return { errors: { team: 'Choose a team' } };
  return {
    membership: {
      role,
      team_id: teamId,
      ...(role === 'player' && draft.playerId && { player_id: draft.playerId }),
    },
  };
}

/** The rules' shape of a membership: absent scopes are null. */
export function rowOf(m: Membership): MembershipRow {
  return {
    role: m.role,
    league_id: m.league_id ?? null,
    team_id: m.team_id ?? null,
    player_id: m.player_id ?? null,
  };
}

/**
 * Whether the caller may change this membership (as the server's withinReach decides):
 * a super admin any; a league admin their leagues' admins and their teams' people.
 * Undefined while the team's league is not known yet, so nothing is said before it is.
 */
export function withinReach(
  callerMemberships: readonly Membership[],
  m: Membership,
  names: Names,
): boolean | undefined {
  const caller = { memberships: callerMemberships.map(rowOf) };
  if (isSuperAdmin(caller)) return true;
  if (m.role === 'super_admin') return false;
  if (m.role === 'league_admin') return adminsLeague(caller, m.league_id);
  const team = names.teams.get(m.team_id ?? '');
  if (team === undefined) return names.teamsKnown ? false : undefined;
  return adminsLeague(caller, team.league_id);
}

/** The leagues the caller runs: 'all' for a super admin. */
export function leaguesRun(callerMemberships: readonly Membership[]): 'all' | string[] {
  return administeredLeagues({ memberships: callerMemberships.map(rowOf) });
}
