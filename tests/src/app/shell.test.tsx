import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/app/error-screen';
import { Layout } from '@/app/layout';
import { SessionProvider } from '@/lib/session';
import type { StoredUser, UserType } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const api = withApiMock();

const as = (user_type: UserType, team_id: string | null = null, id = `shell.${user_type}`): StoredUser => ({
  id,
  name: `Sam ${user_type}`,
  user_type,
  team_id,
});

const ROLE_CASES: [UserType, string | null, string[], string[]][] = [
  ['player', 'north.town', ['Home', 'League', 'Teams', 'Player'], []],
  ['coach', 'north.town', ['Home', 'League', 'Teams', 'Manage'], []],
  ['owner', 'east.united', ['Home', 'League', 'Teams', 'Manage'], []],
  ['super_admin', null, ['Home', 'League', 'Teams', 'Manage'], ['Admin dashboard']],
  ['admin', null, ['Home', 'League', 'Teams'], ['Admin settings']],
  ['manager', null, ['Home', 'League', 'Teams'], []],
  ['fan', null, ['Home', 'League', 'Teams'], []],
];

describe('the header and the bottom navigation', () => {
  it('greet a guest and offer Home, League and Teams', async () => {
    await renderRoute('/leagues', { api });
    expect(screen.getByText('Welcome back,')).toBeInTheDocument();
    expect(screen.getByText('Guest')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent(/^HomeLeagueTeams$/);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Touchline home' })).toHaveAttribute('href', '/');
  });

  it.each(ROLE_CASES)('adapt to a %s', async (role, team, items, adminButtons) => {
    const user = as(role, team);
    await renderRoute('/leagues', { api, user });
    expect(screen.getByText(user.name)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(items);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', team ? '/main' : '/');
    if (role === 'player')
      expect(screen.getByRole('link', { name: 'Player' })).toHaveAttribute('href', `/player/${user.id}`);
    if (items.includes('Manage'))
      expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manager');
    expect(screen.queryByRole('link', { name: 'Admin dashboard' }) !== null).toBe(
      adminButtons.includes('Admin dashboard'),
    );
    expect(screen.queryByRole('link', { name: 'Admin settings' }) !== null).toBe(
      adminButtons.includes('Admin settings'),
    );
    if (role === 'super_admin')
      expect(screen.getByRole('link', { name: 'Admin dashboard' })).toHaveAttribute(
        'href',
        '/admin-dashboard',
      );
    if (role === 'admin')
      expect(screen.getByRole('link', { name: 'Admin settings' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('keep Home on / for a signed-in fan whose only team is a favourite one', async () => {
    localStorage.setItem('favoriteTeam', 'south.city');
    await renderRoute('/leagues', { api, user: as('fan') });
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it('open the notification and search panels one at a time, and close them on a click outside', async () => {
    const user = userEvent.setup();
    await renderRoute('/leagues', { api });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    // The panel loads when first opened.
    expect(await screen.findByText('New match scheduled')).toBeInTheDocument();
    expect(screen.getByText('Team practice tomorrow')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByText('New match scheduled')).not.toBeInTheDocument();
    expect(await screen.findByPlaceholderText('Search players, teams, or leagues...')).toBeInTheDocument();
    await user.click(screen.getByRole('main'));
    expect(screen.queryByPlaceholderText('Search players, teams, or leagues...')).not.toBeInTheDocument();
  });
});

describe('protected routes', () => {
  it('send signed-out users to /login', async () => {
    for (const path of ['/main', '/manager', '/admin']) {
      const { router, unmount } = await renderRoute(path, { api });
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('send everyone but a super admin away from /admin-dashboard', async () => {
    const { router } = await renderRoute('/admin-dashboard', { api, user: as('admin') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('send a signed-in user without a team from /main to /', async () => {
    const { router } = await renderRoute('/main', { api, user: as('fan') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('redirect /league to /leagues', async () => {
    const { router } = await renderRoute('/league', { api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/leagues'));
  });

  it('show the admin placeholder', async () => {
    await renderRoute('/admin', { api, user: as('admin') });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByText('System Administration')).toBeInTheDocument();
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByText('Admin functionality coming soon...')).toBeInTheDocument();
  });
});

describe('failures', () => {
  it('show a not-found screen for an unknown route', async () => {
    await renderRoute('/no/such/screen', { api });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it("show 'Unexpected Application Error!' when a screen fails to render", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <SessionProvider>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={<Layout />}>
                <Route index element={<Broken />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
