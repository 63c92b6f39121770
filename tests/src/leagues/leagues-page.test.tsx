import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { optionTexts } from '../queries';

const api = withApiMock();

describe('the leagues list', () => {
  it('shows the current season’s leagues as cards linking to their pages', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Leagues' })).toBeInTheDocument();
    expect(screen.getByText('All Competitions')).toBeInTheDocument();
    const card = await screen.findByRole('link', { name: /Tiny League/ });
    expect(card).toHaveAttribute('href', '/leagues/tl-26');
    expect(card).toHaveTextContent('2026 Season');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Testshire');
    expect(screen.getAllByRole('link', { name: /Tiny League/ })).toHaveLength(1);
  });

  it('offers this year and last year, this year first, and refetches on a season change', async () => {
    useTinyLeagueClock();
    const seasons: (string | null)[] = [];
    api.server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/leagues') seasons.push(url.searchParams.get('season'));
    });
    await renderRoute('/leagues', { api });
    const select = await screen.findByRole('combobox', { name: 'Season' });
    expect(optionTexts(select)).toEqual(['2026 Season', '2025 Season']);
    expect(select).toHaveValue('2026');
    await screen.findByRole('link', { name: /Tiny League/ });

    await userEvent.selectOptions(select, '2025');
    const card = await screen.findByRole('link', { name: /Tiny League.*2025 Season/ });
    expect(card).toHaveAttribute('href', '/leagues/tl-25');
    expect(card).toHaveTextContent('Completed');
    expect(seasons).toEqual(['2026', '2025']);
    api.server.events.removeAllListeners();
  });

  it("says 'No leagues found for {year}' when a season has none", async () => {
    useTinyLeagueClock();
    api.server.use(http.get(/\/api\/leagues$/, () => HttpResponse.json({ leagues: [] })));
    await renderRoute('/leagues', { api });
    expect(await screen.findByText('No leagues found for 2026')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Tiny League/ })).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch leagues' in place of the grid on failure", async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/leagues$/);
    await renderRoute('/leagues', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch leagues');
    expect(screen.queryByRole('link', { name: /Tiny League/ })).not.toBeInTheDocument();
  });

  it('shows a loading indicator while fetching', async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/leagues/);
    await renderRoute('/leagues', { api });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading leagues...');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
