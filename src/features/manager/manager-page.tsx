/**
 * /manager and /manager/:tab: the staff dashboard (spec section 2 "Manager dashboard").
 * The active tab is the last URL segment, so a tab can be bookmarked and the back
 * button walks through the tabs; /manager alone shows the user's first tab.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { EmptyMessage, Loading } from '@/components/status';
import { TabPanel, Tabs, type TabItem } from '@/components/tabs';
import { useSession } from '@/lib/session';
import { coachedTeams, runsLeagues } from '@/lib/rights';
import { isStaff } from '@/lib/staff-access';
import type { StoredUser } from '@/lib/storage';
// Kept in this order: it is the order their stylesheets load in.
import { ToastProvider } from '@/components/toast';
import './manager.css';
import { PageHeader } from '@/components/page-header';

// Each tab loads when first opened (the service worker precaches them all for the pitch side).
const TeamManagementTab = lazy(() =>
  import('./team-management/team-management-tab').then((m) => ({ default: m.TeamManagementTab })),
);
const LeaguesTab = lazy(() => import('./leagues/leagues-tab').then((m) => ({ default: m.LeaguesTab })));
const DecisionsTab = lazy(() =>
  import('./decisions/decisions-tab').then((m) => ({ default: m.DecisionsTab })),
);
const OverdueTab = lazy(() => import('./overdue/overdue-tab').then((m) => ({ default: m.OverdueTab })));
const MatchReportTab = lazy(() =>
  import('./report/match-report-tab').then((m) => ({ default: m.MatchReportTab })),
);
const TeamSelectionTab = lazy(() =>
  import('./selection/team-selection-tab').then((m) => ({ default: m.TeamSelectionTab })),
);
const AvailabilityTab = lazy(() =>
  import('./availability/availability-tab').then((m) => ({ default: m.AvailabilityTab })),
);
const PendingResultsTab = lazy(() =>
  import('./pending/pending-results-tab').then((m) => ({ default: m.PendingResultsTab })),
);

type TabKey =
  | 'team-management'
  | 'club'
  | 'leagues'
  | 'decisions'
  | 'overdue'
  | 'match-report'
  | 'team-selection'
  | 'availability'
  | 'pending-results';

/** The league tabs of a super admin or a league admin, before the team tabs everyone on staff has. */
const ADMIN_TABS: readonly TabItem<TabKey>[] = [
  { key: 'team-management', label: 'Team Management' },
  { key: 'leagues', label: 'Leagues' },
  { key: 'decisions', label: 'Needs decision' },
  { key: 'overdue', label: 'Overdue' },
];
const TEAM_TABS: readonly TabItem<TabKey>[] = [
  { key: 'match-report', label: 'Match Report' },
  { key: 'team-selection', label: 'Team Selection' },
  { key: 'availability', label: 'Availability' },
  { key: 'pending-results', label: 'Pending Results' },
];

/**
 * A coach's or owner's own club (its details, roster and invitations), after the three
 * tabs of the specification so that /manager still opens on Match Report.
 */
const CLUB_TAB: TabItem<TabKey> = { key: 'club', label: 'My Club' };

/**
 * Where a tab of the other dashboard leads (a link shared by a league admin, a bookmark
 * from another account): to this user's tab for the same work. A coach's overdue reports
 * are the matches Match Report offers, their decisions the reviews of Pending Results,
 * and their club's management My Club. Leagues has no such tab: it is not found.
 */
const NEAREST_TAB: Readonly<Partial<Record<TabKey, TabKey>>> = {
  overdue: 'match-report',
  decisions: 'pending-results',
  'team-management': 'club',
  club: 'team-management',
};

function nearestTab(tabs: readonly TabItem<TabKey>[], tab: string): TabKey | undefined {
  const wanted = new Map(Object.entries(NEAREST_TAB)).get(tab);
  return tabs.find((item) => item.key === wanted)?.key;
}

function tabsFor(user: StoredUser): readonly TabItem<TabKey>[] {
  return runsLeagues(user) ? [...ADMIN_TABS, ...TEAM_TABS] : [...TEAM_TABS, CLUB_TAB];
}

function titleFor(user: StoredUser): string {
  if (runsLeagues(user)) return 'Admin Dashboard';
  // An owner of one team who coaches another is still an owner.
  const owns = user.memberships
    ? user.memberships.some((m) => m.role === 'owner')
    : user.user_type === 'owner';
  return owns ? 'Owner Dashboard' : 'Coach Dashboard';
}

function subtitleFor(user: StoredUser): string {
  if (runsLeagues(user)) return 'Teams, rosters, reports and results';
  return coachedTeams(user).length > 1
    ? 'Reports, squads and results for your teams'
    : 'Reports, squads and results for your team';
}

export function ManagerPage() {
  return (
    <ToastProvider>
      <Dashboard />
    </ToastProvider>
  );
}

function Dashboard() {
  const { user } = useSession();
  const { tab } = useParams();

  if (!user) return <p className="status">Please log in to access this page.</p>;
  // The dashboard is for any right but a player's (memberships; else the spec's roles).
  if (!isStaff(user)) return <NotStaff user={user} />;

  const tabs = tabsFor(user);
  const active = tab === undefined ? tabs[0] : tabs.find((item) => item.key === tab);
  const nearest = active || tab === undefined ? undefined : nearestTab(tabs, tab);
  if (nearest) return <Navigate to={`/manager/${nearest}`} replace />;
  return (
    <section className="page manager-page">
      <header className="page-header">
        <h1 className="page-title">{titleFor(user)}</h1>
        <p className="page-subtitle">{subtitleFor(user)}</p>
      </header>
      {active ? (
        <DashboardTabs user={user} tabs={tabs} active={active.key} />
      ) : (
        <div className="manager-not-found">
          <p className="status status-empty">Page not found</p>
          <Link className="button button-secondary" to="/manager">
            Back to the dashboard
          </Link>
        </div>
      )}
    </section>
  );
}

function DashboardTabs({
  user,
  tabs,
  active,
}: {
  user: StoredUser;
  tabs: readonly TabItem<TabKey>[];
  active: TabKey;
}) {
  const navigate = useNavigate();
  const bar = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls sideways: keep the active tab (from the URL too) in view.
  useEffect(() => {
    const list = bar.current?.querySelector<HTMLElement>('[role="tablist"]');
    const tab = list?.querySelector<HTMLElement>(`#tab-${active}`);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
  }, [active]);

  // Coaches and owners work on their own team(s) only; without one no tab has anything to show.
  const teamless = !runsLeagues(user) && coachedTeams(user).length === 0;
  return (
    <>
      <div ref={bar} className="manager-tabs">
        <Tabs
          label="Dashboard"
          tabs={tabs}
          active={active}
          onChange={(key) => navigate(`/manager/${key}`)}
          hrefOf={(key) => `/manager/${key}`}
        />
      </div>
      <TabPanel tab={active}>
        {teamless ? (
          <EmptyMessage>No team found for your account</EmptyMessage>
        ) : (
          <Suspense fallback={<Loading />}>
            <TabContent tab={active} user={user} />
          </Suspense>
        )}
      </TabPanel>
    </>
  );
}

function TabContent({ tab, user }: { tab: TabKey; user: StoredUser }) {
  switch (tab) {
    case 'team-management':
      return <TeamManagementTab user={user} />;
    case 'club':
      return <TeamManagementTab user={user} title="My Club" />;
    case 'leagues':
      return <LeaguesTab user={user} />;
    case 'decisions':
      return <DecisionsTab user={user} />;
    case 'overdue':
      return <OverdueTab />;
    case 'match-report':
      return <MatchReportTab user={user} />;
    case 'team-selection':
      return <TeamSelectionTab user={user} />;
    case 'availability':
      return <AvailabilityTab user={user} />;
    case 'pending-results':
      return <PendingResultsTab user={user} />;
  }
}

/**
 * Any signed-in user may open /manager (spec section 6), but its tabs are for team
 * staff and super admins, and the API refuses the others' writes: say so instead of
 * showing forms that could only fail.
 */
function NotStaff({ user }: { user: StoredUser }) {
  const adminPage = user.user_type === 'admin' || user.user_type === 'manager';
  return (
    <section className="page manager-page">
      <PageHeader title="Staff Dashboard" />
      <div className="card manager-not-staff">
        <p>
          This dashboard is for team staff (coaches and owners) and super admins. Your account has no team to
          manage.
        </p>
        <Link className="button button-secondary" to={adminPage ? '/admin' : '/'}>
          {adminPage ? 'Go to the Admin page' : 'Back to home'}
        </Link>
      </div>
    </section>
  );
}
