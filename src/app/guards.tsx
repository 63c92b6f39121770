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

/** /main needs the user's own team (spec section 2): a favourite team alone does not count. */
export function RequireTeam({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.team_id) return <Navigate to="/" replace />;
  return children;
}

export function RequireSuperAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!storage.token() || user?.user_type !== 'super_admin') return <Navigate to="/" replace />;
  return children;
}
