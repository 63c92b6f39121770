/**
 * The memberships a users row's user_type and team_id describe, for rows written without
 * the People screen (the seed, the table editor, the first administrator): the site for a
 * super admin, the team for its coach, owner or player. Other types (a fan, a manager,
 * an admin without a league) hold no membership.
 */
import type { MembershipRole, UserType } from '../schema';

export interface MembershipRow {
  role: MembershipRole;
  league_id: string | null;
  team_id: string | null;
  player_id: string | null;
}

export function membershipsForType(
  userType: UserType | string,
  teamId: string | null,
  playerId: string | null = null,
): MembershipRow[] {
  if (userType === 'super_admin')
    return [{ role: 'super_admin', league_id: null, team_id: null, player_id: null }];
  if (teamId === null) return [];
  if (userType === 'coach' || userType === 'owner') {
    return [{ role: userType, league_id: null, team_id: teamId, player_id: null }];
  }
  if (userType === 'player')
    return [{ role: 'player', league_id: null, team_id: teamId, player_id: playerId }];
  return [];
}
