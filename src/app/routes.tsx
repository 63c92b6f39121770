import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from './error-screen';
import { RequireAuth, RequireSuperAdmin, RequireTeam } from './guards';
import { Layout } from './layout';

/**
 * One catch-all entry hands over to the main router (spec section 2). Screens are
 * lazy-loaded so the first screen ships little JavaScript.
 */
const LazyMain = lazy(() => import('@/features/home/main-page').then((m) => ({ default: m.MainPage })));
const LazyManager = lazy(() =>
  import('@/features/manager/manager-page').then((m) => ({ default: m.ManagerPage })),
);
const LazyAdmin = lazy(() => import('@/features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
const LazyAdminDashboard = lazy(() =>
  import('@/features/admin/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
);

const page = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: load });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        index: true,
        ...page(() => import('@/features/home/home-page').then((m) => ({ Component: m.HomePage }))),
      },
      {
        path: 'login',
        ...page(() => import('@/features/session/login-page').then((m) => ({ Component: m.LoginPage }))),
      },
      {
        path: 'register',
        ...page(() =>
          import('@/features/session/register-page').then((m) => ({ Component: m.RegisterPage })),
        ),
      },
      {
        path: 'teams',
        ...page(() => import('@/features/teams/teams-page').then((m) => ({ Component: m.TeamsPage }))),
      },
      ...['team/:teamId', 'teams/:teamId'].map((path) => ({
        path,
        ...page(() => import('@/features/teams/team-page').then((m) => ({ Component: m.TeamPage }))),
      })),
      {
        path: 'leagues',
        ...page(() => import('@/features/leagues/leagues-page').then((m) => ({ Component: m.LeaguesPage }))),
      },
      { path: 'league', element: <Navigate to="/leagues" replace /> },
      {
        path: 'leagues/:leagueId',
        ...page(() => import('@/features/leagues/league-page').then((m) => ({ Component: m.LeaguePage }))),
      },
      ...['match/:matchId', 'matches/:matchId'].map((path) => ({
        path,
        ...page(() => import('@/features/matches/match-page').then((m) => ({ Component: m.MatchPage }))),
      })),
      {
        path: 'coach/:coachId',
        ...page(() => import('@/features/players/coach-page').then((m) => ({ Component: m.CoachPage }))),
      },
      {
        path: 'outbox',
        ...page(() => import('@/features/offline/outbox-page').then((m) => ({ Component: m.OutboxPage }))),
      },
      {
        path: 'player/:playerId',
        ...page(() => import('@/features/players/player-page').then((m) => ({ Component: m.PlayerPage }))),
      },
      {
        path: 'main',
        element: (
          <RequireAuth>
            <RequireTeam>
              <LazyMain />
            </RequireTeam>
          </RequireAuth>
        ),
      },
      ...['manager', 'manager/:tab'].map((path) => ({
        path,
        element: (
          <RequireAuth>
            <LazyManager />
          </RequireAuth>
        ),
      })),
      {
        path: 'admin',
        element: (
          <RequireAuth>
            <LazyAdmin />
          </RequireAuth>
        ),
      },
      {
        path: 'admin-dashboard',
        element: (
          <RequireSuperAdmin>
            <LazyAdminDashboard />
          </RequireSuperAdmin>
        ),
      },
      { path: '*', ...page(() => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage }))) },
    ],
  },
];
