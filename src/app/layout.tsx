/**
 * The shell (spec section 2): a fixed header (3.75rem) with the greeting, search,
 * notifications, the admin buttons and sign-out; the screen; and the bottom
 * navigation (56px). The search and notification panels close each other and
 * close on a click outside.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import {
  BellIcon,
  ClipboardIcon,
  GearIcon,
  HomeIcon,
  LogoutIcon,
  PlayerIcon,
  SearchIcon,
  ShieldIcon,
  TeamIcon,
  TrophyIcon,
} from '@/components/icons';
import { Loading } from '@/components/status';
import { AccountButton } from '@/features/session/account-button';
import { isStaff } from '@/lib/staff-access';
import { useSession } from '@/lib/session';
import { WhenHydrated } from '@/hooks/use-hydrated';
import { setHydrationAnswers } from '@/lib/server-answers';

type Panel = 'search' | 'notifications' | null;

// Loaded when first opened: the first screen ships without it.
const SearchPanel = lazy(() =>
  import('@/features/search/search-panel').then((m) => ({ default: m.SearchPanel })),
);

// The bell's count and the notification panel, loaded when needed.
const notifications = () => import('@/features/notifications/notifications-panel');
const NotificationBell = lazy(() => notifications().then((m) => ({ default: m.NotificationBell })));
const NotificationsPanel = lazy(() => notifications().then((m) => ({ default: m.NotificationsPanel })));

// A message carried to this screen by the navigation (see flash-notice.tsx), loaded when there is one.
const FlashNotice = lazy(() => import('./flash-notice').then((m) => ({ default: m.FlashNotice })));

// The offline machinery, once the page runs (see shell-extras.tsx).
const extras = () => import('@/features/offline/shell-extras');
const OutboxBadge = lazy(() => extras().then((m) => ({ default: m.OutboxBadge })));
const OfflineStatus = lazy(() => extras().then((m) => ({ default: m.OfflineStatus })));
const OfflineSync = lazy(() => extras().then((m) => ({ default: m.OfflineSync })));
const InstallPrompt = lazy(() => extras().then((m) => ({ default: m.InstallPrompt })));
const UpdatePrompt = lazy(() => extras().then((m) => ({ default: m.UpdatePrompt })));

/**
 * The screen, one element for every render of the shell: the shell renders again (a
 * panel opened, the session changed) without touching the screen, and a screen still
 * hydrating is left to hydrate at its own pace, in short tasks (see useHydrated).
 */
const SCREEN = (
  <main className="app-main" id="main">
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  </main>
);

/** The header's toggles of the search and notification panels. */
const PANEL_BUTTONS = [
  { panel: 'search', label: 'Search', Icon: SearchIcon },
  { panel: 'notifications', label: 'Notifications', Icon: BellIcon },
] as const;

export function Layout() {
  const { user, isAuthenticated, logout } = useSession();
  // The open panel belongs to the screen it was opened on: moving to another screen closes it.
  const [opened, setOpened] = useState<{ panel: Panel; path: string }>({ panel: null, path: '' });
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  // The server's answers serve the page it rendered, while it hydrates (its parts under
  // Suspense hydrate after the shell commits): the first move elsewhere drops them.
  const firstLocation = useRef(location.key);
  useEffect(() => {
    if (location.key !== firstLocation.current) setHydrationAnswers(null);
  }, [location.key]);
  const panel = opened.path === location.pathname ? opened.panel : null;
  const setPanel = (next: Panel | ((open: Panel) => Panel)) =>
    setOpened((current) => {
      const currentPanel = current.path === location.pathname ? current.panel : null;
      return { panel: typeof next === 'function' ? next(currentPanel) : next, path: location.pathname };
    });

  // A click outside the open panel (and outside the buttons that toggle it) closes it.
  useEffect(() => {
    if (panel === null) return;
    const close = () => setOpened((current) => ({ ...current, panel: null }));
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonsRef.current?.contains(target)) return;
      close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [panel]);

  const toggle = (which: Exclude<Panel, null>) => setPanel((open) => (open === which ? null : which));
  // Home goes to /main only for a user with a team of their own (spec section 2).
  const hasTeam = Boolean(user?.team_id);
  // Stored notifications are a signed-in user's; a visitor sees the specification's sample.
  // (A signed-in user's page is rendered in the browser, never hydrated: see main.tsx.)
  const signedInId = isAuthenticated && user?.id ? user.id : null;

  return (
    <div className="shell">
      <header className="app-header">
        <Link to="/" className="brand" aria-label="Touchline home">
          <img
            src="/icons/brand-32.png"
            srcSet="/icons/brand-32.png 1x, /icons/brand-64.png 2x, /icons/brand-96.png 3x"
            alt=""
            width="32"
            height="32"
          />
        </Link>
        <p className="greeting">
          <span className="greeting-label">Welcome back,</span> <strong>{user?.name || 'Guest'}</strong>
        </p>
        <div className="header-actions" ref={buttonsRef}>
          {PANEL_BUTTONS.map(({ panel: which, label, Icon }) => {
            const plain = (
              <button
                key={which}
                type="button"
                className="icon-button"
                aria-label={label}
                aria-expanded={panel === which}
                onClick={() => toggle(which)}
              >
                <Icon />
              </button>
            );
            // A signed-in user's bell carries the unread count; the plain one stands in until it loads.
            return which === 'notifications' && signedInId !== null ? (
              <Suspense key={which} fallback={plain}>
                <NotificationBell
                  userId={signedInId}
                  expanded={panel === which}
                  onToggle={() => toggle(which)}
                />
              </Suspense>
            ) : (
              plain
            );
          })}
          {user?.user_type === 'super_admin' && (
            <Link className="icon-button" to="/admin-dashboard" aria-label="Admin dashboard">
              <ShieldIcon />
            </Link>
          )}
          {user?.user_type === 'admin' && (
            <Link className="icon-button" to="/admin" aria-label="Admin settings">
              <GearIcon />
            </Link>
          )}
          <AccountButton />
          <WhenHydrated>
            <Suspense fallback={null}>
              <OutboxBadge />
            </Suspense>
          </WhenHydrated>
          {isAuthenticated ? (
            <button type="button" className="icon-button" aria-label="Log out" onClick={() => void logout()}>
              <LogoutIcon />
            </button>
          ) : (
            <Link className="header-sign-in" to="/login">
              Sign in
            </Link>
          )}
        </div>
      </header>
      <WhenHydrated>
        <Suspense fallback={null}>
          <UpdatePrompt />
          <InstallPrompt />
          <OfflineStatus />
          <OfflineSync />
        </Suspense>
      </WhenHydrated>

      {panel !== null && (
        <div className="header-panel" ref={panelRef}>
          {panel === 'search' ? (
            <Suspense key="search" fallback={<Loading label="Opening search..." />}>
              <SearchPanel onClose={() => setPanel(null)} />
            </Suspense>
          ) : (
            // The signed-in list, or the specification's sample text for a visitor.
            <Suspense key="notifications" fallback={<Loading label="Loading notifications..." />}>
              <NotificationsPanel userId={signedInId} onClose={() => setPanel(null)} />
            </Suspense>
          )}
        </div>
      )}

      {SCREEN}

      {/* Loaded only for a navigation that carried a state: it may hold a notice. */}
      {location.state !== null && location.state !== undefined && (
        <Suspense fallback={null}>
          <FlashNotice state={location.state} />
        </Suspense>
      )}

      <nav className="bottom-nav" aria-label="Main">
        <NavLink to={hasTeam ? '/main' : '/'} end>
          <HomeIcon />
          Home
        </NavLink>
        <NavLink to="/leagues">
          <TrophyIcon />
          League
        </NavLink>
        <NavLink to="/teams">
          <TeamIcon />
          Teams
        </NavLink>
        {user?.user_type === 'player' && user.id && (
          <NavLink to={`/player/${user.id}`}>
            <PlayerIcon />
            Player
          </NavLink>
        )}
        {/* Coaches, owners and admins (of the site or a league): any right but a player's. */}
        {user && isStaff(user) && (
          <NavLink to="/manager">
            <ClipboardIcon />
            Manage
          </NavLink>
        )}
      </nav>
    </div>
  );
}
