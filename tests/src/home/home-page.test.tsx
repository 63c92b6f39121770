import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { expectLink } from '../queries';

const api = withApiMock();

describe('home screen', () => {
  it('welcomes a visitor with search, quick links and the log-in link', async () => {
    await renderRoute('/', { api });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Follow your league from the touchline' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Welcome! Tables, fixtures, results/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Log in' })).toHaveAttribute(
      'href',
      '/main',
    );
    const quick = screen.getByRole('navigation', { name: 'Quick links' });
    expectLink(quick, /^Leagues/, '/leagues');
    expectLink(quick, /^Teams/, '/teams');
    expect(screen.queryByRole('link', { name: 'Go to my team' })).not.toBeInTheDocument();
  });

  it('opens the search panel in place and searches from it', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/', { api });
    const open = await screen.findByRole('button', { name: 'Search players, teams, or leagues' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const input = screen.getByRole('combobox', { name: 'Search' });
    expect(input).toHaveFocus();
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();

    await user.type(input, 'Tiny');
    await user.click(await screen.findByRole('option', { name: 'Tiny League 2026 League' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leagues/tl-26'));
  });

  it('closes the search panel with Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    await renderRoute('/', { api });
    const open = await screen.findByRole('button', { name: 'Search players, teams, or leagues' });
    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Search' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("offers 'Go to my team' to a signed-in user with a team", async () => {
    await renderRoute('/', {
      api,
      user: { id: 'u.home.coach', name: 'Casey Coach', user_type: 'coach', team_id: 'north.town' },
    });
    expect(await screen.findByRole('link', { name: 'Go to my team' })).toHaveAttribute('href', '/main');
    expect(screen.queryByRole('link', { name: 'Already have an account? Log in' })).not.toBeInTheDocument();
  });
});
