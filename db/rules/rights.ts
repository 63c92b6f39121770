/**
 * What a signed-in user may do, read from their memberships alone: the site
 * (super_admin), one league (league_admin) or one team (coach, owner, player).
 * users.user_type is only the primary membership the specification's answers carry.
 */
import type { MembershipRole } from '../schema';
import type { MembershipRow } from './memberships';

export type Membership = MembershipRow;

export interface Member {
  memberships: readonly Membership[];
}

export function isSuperAdmin(user: Member): boolean {
  return user.memberships.some((m) => m.role === 'super_admin');
}

/** Runs this league: a super admin, or an admin of this league. */
export function adminsLeague(user: Member, leagueId: string | null | undefined): boolean {
  if (isSuperAdmin(user)) return true;
  return (
    typeof leagueId === 'string' &&
    user.memberships.some((m) => m.role === 'league_admin' && m.league_id === leagueId)
  );
}

/** The leagues a user runs: every one (a super admin), or those they administer. */
export function administeredLeagues(user: Member): 'all' | string[] {
  if (isSuperAdmin(user)) return 'all';
  return user.memberships.flatMap((m) => (m.role === 'league_admin' && m.league_id ? [m.league_id] : []));
}

/** Coach or owner of this team (not through a league or the site). */
export function coachesTeam(user: Member, teamId: string | null | undefined): boolean {
  return (
    typeof teamId === 'string' &&
    user.memberships.some((m) => (m.role === 'coach' || m.role === 'owner') && m.team_id === teamId)
  );
}

/** Staff of a team: its coach or owner, an admin of its league, or a super admin. */
export function staffsTeam(user: Member, team: { team_id: string; league_id: string | null }): boolean {
  return coachesTeam(user, team.team_id) || adminsLeague(user, team.league_id);
}

/** The teams a user coaches or owns. */
export function coachedTeams(user: Member): string[] {
  return user.memberships.flatMap((m) =>
    (m.role === 'coach' || m.role === 'owner') && m.team_id ? [m.team_id] : [],
  );
}

/** Whether the user has any staff or admin right at all (the manager area). */
export function hasStaffRights(user: Member): boolean {
  return user.memberships.some((m) => m.role !== 'player');
}

const RANK: readonly MembershipRole[] = ['super_admin', 'league_admin', 'owner', 'coach', 'player'];

/**
 * The primary membership, which users.user_type and users.team_id carry for the
 * specification's answers: the highest right, a league admin's type being `admin`.
 * Without any membership, a fan.
 */
export function primaryOf(memberships: readonly Membership[]): {
  user_type: 'super_admin' | 'admin' | 'owner' | 'coach' | 'player' | 'fan';
  team_id: string | null;
} {
  const sorted = [...memberships].sort((a, b) => RANK.indexOf(a.role) - RANK.indexOf(b.role));
  const top = sorted[0];
  if (!top) return { user_type: 'fan', team_id: null };
  return { user_type: top.role === 'league_admin' ? 'admin' : top.role, team_id: top.team_id };
}
