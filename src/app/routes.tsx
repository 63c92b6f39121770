import type { ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireSuperAdmin, RequireTeam } from './guards';
import { Layout } from './layout';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * One catch-all entry hands over to the main router (spec section 2). Every screen is
 * loaded on first use, so the first screen ships little JavaScript. Declarative routes
 * (`useRoutes`), not a data router: the data router and its loaders add code the first
 * screen does not need.
 */
const pages = {
  home: lazyPage('src/features/home/home-page.tsx', () =>
    import('@/features/home/home-page').then((m) => m.HomePage),
  ),
  login: lazyPage('src/features/session/login-page.tsx', () =>
    import('@/features/session/login-page').then((m) => m.LoginPage),
  ),
  register: lazyPage('src/features/session/register-page.tsx', () =>
    import('@/features/session/register-page').then((m) => m.RegisterPage),
  ),
  forgotPassword: lazyPage('src/features/session/forgot-password-page.tsx', () =>
    import('@/features/session/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  resetPassword: lazyPage('src/features/session/reset-password-page.tsx', () =>
    import('@/features/session/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  invite: lazyPage('src/features/session/invite-page.tsx', () =>
    import('@/features/session/invite-page').then((m) => m.InvitePage),
  ),
  teams: lazyPage('src/features/teams/teams-page.tsx', () =>
    import('@/features/teams/teams-page').then((m) => m.TeamsPage),
  ),
  team: lazyPage('src/features/teams/team-page.tsx', () =>
    import('@/features/teams/team-page').then((m) => m.TeamPage),
  ),
  leagues: lazyPage('src/features/leagues/leagues-page.tsx', () =>
    import('@/features/leagues/leagues-page').then((m) => m.LeaguesPage),
  ),
  league: lazyPage('src/features/leagues/league-page.tsx', () =>
    import('@/features/leagues/league-page').then((m) => m.LeaguePage),
  ),
  match: lazyPage('src/features/matches/match-page.tsx', () =>
    import('@/features/matches/match-page').then((m) => m.MatchPage),
  ),
  coach: lazyPage('src/features/players/coach-page.tsx', () =>
    import('@/features/players/coach-page').then((m) => m.CoachPage),
  ),
  player: lazyPage('src/features/players/player-page.tsx', () =>
    import('@/features/players/player-page').then((m) => m.PlayerPage),
  ),
  outbox: lazyPage('src/features/offline/outbox-page.tsx', () =>
    import('@/features/offline/outbox-page').then((m) => m.OutboxPage),
  ),
  main: lazyPage('src/features/home/main-page.tsx', () =>
    import('@/features/home/main-page').then((m) => m.MainPage),
  ),
  manager: lazyPage('src/features/manager/manager-page.tsx', () =>
    import('@/features/manager/manager-page').then((m) => m.ManagerPage),
  ),
  admin: lazyPage('src/features/admin/admin-page.tsx', () =>
    import('@/features/admin/admin-page').then((m) => m.AdminPage),
  ),
  adminDashboard: lazyPage('src/features/admin/admin-dashboard-page.tsx', () =>
    import('@/features/admin/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  ),
  people: lazyPage('src/features/people/people-page.tsx', () =>
    import('@/features/people/people-page').then((m) => m.PeoplePage),
  ),
  availabilityLink: lazyPage('src/features/availability/link-page.tsx', () =>
    import('@/features/availability/link-page').then((m) => m.AvailabilityLinkPage),
  ),
  notFound: lazyPage('src/app/not-found-page.tsx', () =>
    import('./not-found-page').then((m) => m.NotFoundPage),
  ),
} satisfies Record<string, LazyPage>;

/** The route's page, and whether a visitor sees it the same as the server renders it. */
interface PageHandle {
  page: LazyPage;
  /** Public pages are rendered on the server; signed-in screens only in the browser. */
  serverRendered: boolean;
}

const route = (path: string, page: LazyPage, serverRendered: boolean, element?: ReactNode): RouteObject => ({
  path,
  element: element ?? <page.Page />,
  handle: { page, serverRendered } satisfies PageHandle,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <pages.home.Page />, handle: { page: pages.home, serverRendered: true } },
      route('login', pages.login, true),
      route('register', pages.register, true),
      // Open to anyone, but rendered only in the browser: a link's token is read there, and a
      // signed-in visitor sees the page differently from the server's anonymous one.
      route('forgot-password', pages.forgotPassword, false),
      route('reset-password', pages.resetPassword, false),
      route('invite/:token', pages.invite, false),
      route('availability/:token', pages.availabilityLink, false),
      route('teams', pages.teams, true),
      ...['team/:teamId', 'teams/:teamId'].map((path) => route(path, pages.team, true)),
      route('leagues', pages.leagues, true),
      { path: 'league', element: <Navigate to="/leagues" replace /> },
      route('leagues/:leagueId', pages.league, true),
      ...['match/:matchId', 'matches/:matchId'].map((path) => route(path, pages.match, true)),
      route('coach/:coachId', pages.coach, true),
      route('outbox', pages.outbox, true),
      route('player/:playerId', pages.player, true),
      route(
        'main',
        pages.main,
        false,
        <RequireAuth>
          <RequireTeam>
            <pages.main.Page />
          </RequireTeam>
        </RequireAuth>,
      ),
      ...['manager', 'manager/:tab'].map((path) =>
        route(
          path,
          pages.manager,
          false,
          <RequireAuth>
            <pages.manager.Page />
          </RequireAuth>,
        ),
      ),
      route(
        'admin',
        pages.admin,
        false,
        <RequireAuth>
          <pages.admin.Page />
        </RequireAuth>,
      ),
      route(
        'admin-dashboard',
        pages.adminDashboard,
        false,
        <RequireSuperAdmin>
          <pages.adminDashboard.Page />
        </RequireSuperAdmin>,
      ),
      route(
        'people',
        pages.people,
        false,
        <RequireAuth>
          <pages.people.Page />
        </RequireAuth>,
      ),
      route('*', pages.notFound, true),
    ],
  },
];

/** The routes' screens for the current location. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** The page a path shows, if any: for loading it ahead and deciding where it renders. */
export function pageFor(pathname: string): PageHandle | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as PageHandle | undefined;
  return handle ?? null;
}
