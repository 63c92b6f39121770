/**
 * What the signed-in user may do, for choosing screens: the server's own rules
 * (db/rules/rights.ts) over the stored user's memberships. A user stored without them
 * (before rights were memberships) is read by user_type and team_id, as the
 * specification does. The server checks again on every call.
 */
import {
  adminsLeague as admins,
  administeredLeagues as leaguesOf,
  coachedTeams as teamsOf,
  isSuperAdmin as superAdmin,
  staffsTeam as staffs,
  type Member,
} from '../../db/rules/rights';
import { membershipsForType } from '../../db/rules/memberships';
import type { StoredUser } from './storage';

export function memberOf(user: StoredUser): Member {
  if (!user.memberships) return { memberships: membershipsForType(user.user_type, user.team_id) };
  return {
    memberships: user.memberships.map((m) => ({
      role: m.role,
      league_id: m.league_id ?? null,
      team_id: m.team_id ?? null,
      player_id: m.player_id ?? null,
    })),
  };
}

export const isSuperAdmin = (user: StoredUser): boolean => superAdmin(memberOf(user));

/** Every league (a super admin), or the ones the user administers (often none). */
export const administeredLeagues = (user: StoredUser): 'all' | string[] => leaguesOf(memberOf(user));

/** A super admin or an admin of at least one league: the league tabs of the dashboard. */
export function runsLeagues(user: StoredUser): boolean {
  const leagues = administeredLeagues(user);
  return leagues === 'all' || leagues.length > 0;
}

/**
 * Who may open People: whoever runs a league. A session stored before rights were
 * memberships cannot name a league admin's league (their primary type is `admin`), so
 * such an admin is let through and the server's answer decides.
 */
export function mayManagePeople(user: StoredUser | null): boolean {
  if (!user) return false;
  return runsLeagues(user) || (!user.memberships && user.user_type === 'admin');
}

/** The teams the user coaches or owns, in the order the memberships list them. */
export const coachedTeams = (user: StoredUser): string[] => [...new Set(teamsOf(memberOf(user)))];

/** Staff of this team: its coach or owner, an admin of its league, or a super admin. */
export const staffsTeam = (user: StoredUser, team: { team_id: string; league_id: string | null }): boolean =>
  staffs(memberOf(user), team);

/**
 * Runs this league (a super admin, or its admin): a team's report and review are then
 * the league's to decide, not one side's.
 */
export const adminsLeague = (user: StoredUser, leagueId: string | null | undefined): boolean =>
  admins(memberOf(user), leagueId);

/** A player (their account's type, or a player membership): they answer whether they can play. */
export const isPlayer = (user: StoredUser): boolean =>
  user.user_type === 'player' || memberOf(user).memberships.some((m) => m.role === 'player');
