import type { StoredUser } from '@/lib/storage';

/** Where a user lands after signing in (spec section 2 "Sign in"). */
export function landingPath(user: StoredUser): string {
  if (user.user_type === 'super_admin') return '/admin-dashboard';
  if (user.user_type === 'manager') return '/admin';
  return user.team_id ? '/main' : '/';
}
