/** Route guards: signed-out users go to /login; /admin-dashboard is for super admins only. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { storage } from '@/lib/storage';
import { useSession } from '@/lib/session';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** /main needs a team: the user's own, or the favourite one. */
export function RequireTeam({ children }: { children: ReactNode }) {
  const { user, favoriteTeam } = useSession();
  if (!user?.team_id && !favoriteTeam) return <Navigate to="/" replace />;
  return children;
}

export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!storage.token() || user?.user_type !== 'super_admin') return <Navigate to="/" replace />;
  return children;
}
