import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ManagerPage } from '@/features/manager/manager-page';
import { SessionProvider } from '@/lib/session';
import type { StoredUser, UserType } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { SUPER_ADMIN_TABS, tabNames } from '../queries';

const api = withApiMock();

const as = (user_type: UserType, team_id: string | null = null): StoredUser => ({
  id: `mgr.${user_type}.${team_id ?? 'none'}`,
  name: `Sam ${user_type}`,
  user_type,
  team_id,
});

describe('the manager dashboard', () => {
  it.each([
    ['super_admin', null, 'Admin Dashboard', SUPER_ADMIN_TABS],
    // The specification's three tabs, then the club the coach or owner runs (decision 0033).
    [
      'owner',
      'east.united',
      'Owner Dashboard',
      ['Match Report', 'Team Selection', 'Availability', 'Pending Results', 'My Club'],
    ],
    [
      'coach',
      'north.town',
      'Coach Dashboard',
      ['Match Report', 'Team Selection', 'Availability', 'Pending Results', 'My Club'],
    ],
  ] as const)('titles a %s dashboard and lists its tabs', async (role, team, title, tabs) => {
    useTinyLeagueClock();
    await renderRoute('/manager', { api, user: as(role, team) });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Dashboard' })).toBeInTheDocument();
    expect(tabNames()).toEqual(tabs);
    // /manager alone shows the user's first tab.
    expect(screen.getByRole('tab', { name: tabs[0] })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(tabs[0]);
  });

  it('shows Team Management first for a super admin', async () => {
    await renderRoute('/manager', { api, user: as('super_admin') });
    const panel = await screen.findByRole('tabpanel', { name: 'Team Management' });
    expect(await screen.findByRole('heading', { name: 'Team Management' })).toBeInTheDocument();
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Add New Team' }));
  });

  it('opens the tab named by the last URL segment', async () => {
    useTinyLeagueClock();
    await renderRoute('/manager/pending-results', { api, user: as('coach', 'north.town') });
    const tab = await screen.findByRole('tab', { name: 'Pending Results' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Match Report' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Pending Results');
  });

  it('changes the URL when another tab is chosen', async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    const { router } = await renderRoute('/manager', { api, user: as('super_admin') });
    await user.click(await screen.findByRole('tab', { name: 'Team Selection' }));
    expect(router.state.location.pathname).toBe('/manager/team-selection');
    // The tab's screen loads on first use; the bar follows once it is in.
    expect(await screen.findByRole('tab', { name: 'Team Selection', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Team Selection');

    // Arrow keys move along the tabs and the URL follows.
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/manager/availability');
    await user.click(screen.getByRole('tab', { name: 'Team Management' }));
    expect(router.state.location.pathname).toBe('/manager/team-management');
    expect(await screen.findByRole('heading', { name: 'Team Management' })).toBeInTheDocument();

    // The back button walks back through the tabs.
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Availability', selected: true })).toBeInTheDocument();
  });

  it("says 'Page not found' for an unknown tab", async () => {
    await renderRoute('/manager/league-admin', { api, user: as('super_admin') });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/manager');
  });

  it("opens a coach's My Club for Team Management, which only a league's admins have", async () => {
    const { router } = await renderRoute('/manager/team-management', {
      api,
      user: as('coach', 'north.town'),
    });
    expect(await screen.findByRole('tab', { name: 'My Club', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manager/club');
    expect(screen.queryByRole('heading', { name: 'Team Management' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Team' })).not.toBeInTheDocument();
  });

  it('opens the nearest tab for another dashboard’s tab: Needs decision is Pending Results to a coach', async () => {
    const { router } = await renderRoute('/manager/decisions', { api, user: as('coach', 'north.town') });
    expect(await screen.findByRole('tab', { name: 'Pending Results', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manager/pending-results');
  });

  it.each(['coach', 'owner'] as const)(
    "tells a %s without a team 'No team found for your account' on every tab",
    async (role) => {
      const user = userEvent.setup();
      await renderRoute('/manager', { api, user: as(role) });
      expect(await screen.findByText('No team found for your account')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Match Report' })).toHaveAttribute('aria-selected', 'true');
      await user.click(screen.getByRole('tab', { name: 'Team Selection' }));
      expect(screen.getByRole('tabpanel')).toHaveTextContent('No team found for your account');
      await user.click(screen.getByRole('tab', { name: 'Pending Results' }));
      expect(screen.getByRole('tabpanel')).toHaveTextContent('No team found for your account');
    },
  );

  it.each([
    ['admin', 'Go to the Admin page', '/admin'],
    ['manager', 'Go to the Admin page', '/admin'],
    ['player', 'Back to home', '/'],
  ] as const)('explains to a signed-in %s that the dashboard is for team staff', async (role, link, href) => {
    await renderRoute('/manager', { api, user: as(role, role === 'player' ? 'north.town' : null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/for team staff \(coaches and owners\) and super admins/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it('sends a signed-out visitor to the login page', async () => {
    const { router } = await renderRoute('/manager/match-report', { api });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks to log in when rendered without a user (outside the route guard)', () => {
    render(
      <SessionProvider>
        <MemoryRouter initialEntries={['/manager']}>
          <ManagerPage />
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(screen.getByText('Please log in to access this page.')).toBeInTheDocument();
  });
});
