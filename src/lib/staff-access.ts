/**
 * Whether the user gets the manager area and its Manage item: a module of its own, this
 * small, because the shell asks it on every screen (the rest of the rights, in rights.ts,
 * load with the screens that need them).
 */
import type { StoredUser } from './storage';

/** The roles the specification gives the manager area (section 6). */
const STAFF_TYPES: ReadonlySet<string> = new Set(['coach', 'owner', 'super_admin']);

/**
 * Any right but a player's (a league admin's too). The spec's staff types count as well:
 * a user stored without memberships is read by them, and a coach without a team still
 * hears 'No team found for your account'. The server checks every call again.
 */
export function isStaff(user: StoredUser): boolean {
  return STAFF_TYPES.has(user.user_type) || (user.memberships ?? []).some((m) => m.role !== 'player');
}
