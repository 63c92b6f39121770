import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SearchPanel } from '@/features/search/search-panel';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const api = withApiMock();

/** The panel alone under a router, so the test sees where a result leads. */
function renderPanel() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchPanel onClose={onClose} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router, user: userEvent.setup() };
}

const input = () => screen.getByRole('combobox', { name: 'Search' });

describe('search panel', () => {
  it('prompts for two characters, then searches after a pause and shows results by type', async () => {
    const { user } = renderPanel();
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('placeholder', 'Search players, teams, or leagues...');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();

    await user.type(input(), 'N');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();

    await user.type(input(), 'orth');
    expect(screen.getByText('Searching...')).toBeInTheDocument();

    const team = await screen.findByRole('option', { name: 'North Town Team' });
    expect(team.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('option', { name: 'North Town Forward Player' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'North Town Keeper Player' })).toBeInTheDocument();
    expect(screen.queryByText('Searching...')).not.toBeInTheDocument();
  });

  it('sends one request for a burst of typing', async () => {
    const terms: string[] = [];
    api.server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/search') terms.push(url.searchParams.get('term') ?? '');
    });
    const { user } = renderPanel();
    await user.type(input(), 'South');
    await screen.findByRole('option', { name: 'South City Team' });
    api.server.events.removeAllListeners();
    expect(terms).toEqual(['South']);
  });

  it('opens a team result on click and closes the panel', async () => {
    const { user, router, onClose } = renderPanel();
    await user.type(input(), 'North');
    await user.click(await screen.findByRole('option', { name: 'North Town Team' }));
    expect(router.state.location.pathname).toBe('/team/north.town');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves through results with the arrow keys and opens one with Enter', async () => {
    const { user, router, onClose } = renderPanel();
    await user.type(input(), 'Tiny');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Tiny League 2025 League',
      'Tiny League 2026 League',
    ]);
    // The name is the visible text, the type too (WCAG 2.5.3 label in name).
    expect(options[0]).toHaveAccessibleName('Tiny League 2025 League');

    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    // Both ends wrap around.
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(router.state.location.pathname).toBe('/leagues/tl-26');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens a player result at /player/{id}', async () => {
    const { user, router } = renderPanel();
    await user.type(input(), 'Keeper');
    await user.click(await screen.findByRole('option', { name: 'West Rangers Keeper Player' }));
    expect(router.state.location.pathname).toBe('/player/wr.gk');
  });

  it("shows 'No results found' when nothing matches", async () => {
    const { user } = renderPanel();
    await user.type(input(), 'zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('counts its results for screen readers in the right number', async () => {
    const { user } = renderPanel();
    await user.type(input(), 'West Rangers Keeper');
    await screen.findByRole('option', { name: 'West Rangers Keeper Player' });
    expect(screen.getByRole('status')).toHaveTextContent(/^1 result$/);
    await user.clear(input());
    await user.type(input(), 'North');
    await screen.findByRole('option', { name: 'North Town Team' });
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ results$/);
  });

  it('shows the server detail when the search is refused', async () => {
    api.server.use(
      http.get(/\/api\/search/, () => HttpResponse.json({ detail: 'Search is resting' }, { status: 400 })),
    );
    const { user } = renderPanel();
    await user.type(input(), 'North');
    expect(await screen.findByText('Search is resting')).toBeInTheDocument();
  });

  it("shows 'Search failed' when the search fails without a detail", async () => {
    api.server.use(http.get(/\/api\/search/, () => HttpResponse.error()));
    const { user } = renderPanel();
    await user.type(input(), 'North');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
  });

  it('goes back to the prompt when the term is shortened', async () => {
    const { user } = renderPanel();
    await user.type(input(), 'North');
    await screen.findByRole('option', { name: 'North Town Team' });
    await user.type(input(), '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens from the header, leads to the result and closes', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/leagues', { api });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    // The header loads the panel on first use.
    await user.type(await screen.findByRole('combobox', { name: 'Search' }), 'North');
    await user.click(await screen.findByRole('option', { name: 'North Town Forward Player' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/player/nt.fwd'));
    expect(await screen.findByRole('heading', { name: 'Player Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /North Town/ })).toHaveAttribute(
      'href',
      '/team/north.town',
    );
    expect(screen.queryByRole('combobox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
  });
});
