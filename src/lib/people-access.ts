/**
 * Who sees the People button and screen: a super admin or a league admin. A module of
 * its own, this small, because the shell imports it on every first screen.
 */
import type { StoredUser } from '@/lib/storage';
import { administeredLeagues } from '../../db/rules/rights';

type Role = 'super_admin' | 'league_admin' | 'coach' | 'owner' | 'player';

/**
 * By the memberships when the stored user carries them, else by the primary type (a
 * league admin's is `admin`). The server checks again on every call.
 */
export function mayManagePeople(user: StoredUser | null): boolean {
  if (!user) return false;
  const memberships: unknown = (user as StoredUser & { memberships?: unknown }).memberships;
  if (!Array.isArray(memberships)) return user.user_type === 'super_admin' || user.user_type === 'admin';
  const leagues = administeredLeagues({
    memberships: (memberships as { role: Role; league_id?: string }[]).map((m) => ({
      role: m.role,
      league_id: m.league_id ?? null,
      team_id: null,
      player_id: null,
    })),
  });
  return leagues === 'all' || leagues.length > 0;
}
