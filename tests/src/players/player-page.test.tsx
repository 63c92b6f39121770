import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { textsOf } from '../queries';

const api = withApiMock();

/** The value shown under a label of the player card (a <dt>/<dd> pair). */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('player profile', () => {
  it('shows the player card, the bio and the season statistics', async () => {
    const { unmount } = await renderRoute('/player/nt.fwd', { api });

    expect(await screen.findByRole('heading', { name: 'North Town Forward' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Player Profile' })).toBeInTheDocument();
    expect(screen.getByText('Stats & Info')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'North Town Forward' })).toBeInTheDocument();
    expect(screen.getByText('Forward')).toBeInTheDocument();
    expect(figure('Number')).toBe('9');
    expect(figure('Nation')).toBe('US');
    expect(figure('Goals')).toBe('2');
    expect(figure('Assists')).toBe('1');
    expect(figure('Appearances')).toBe('2');

    const teamLink = await screen.findByRole('link', { name: /North Town/ });
    expect(teamLink).toHaveAttribute('href', '/team/north.town');
    expect(within(teamLink).getByRole('img', { name: 'North Town crest' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Bio' })).toBeInTheDocument();
    expect(screen.getByText('Top striker of North Town.')).toBeInTheDocument();

    const season = screen.getByRole('table', { name: '2026 Season' });
    expect(textsOf(season, 'cell')).toEqual(['2', '2', '1', '0']);

    const rating = Number(figure('Rating'));
    expect(rating).toBeGreaterThanOrEqual(65);
    expect(rating).toBeLessThanOrEqual(95);

    // The rating is derived from the metrics: the same player shows the same number again.
    unmount();
    await renderRoute('/player/nt.fwd', { api });
    await screen.findByRole('heading', { name: 'North Town Forward' });
    expect(Number(figure('Rating'))).toBe(rating);
  });

  it('shows clean sheets instead of goals for a goalkeeper', async () => {
    await renderRoute('/player/eu.gk', { api });
    expect(await screen.findByRole('heading', { name: 'East United Keeper' })).toBeInTheDocument();
    expect(figure('Clean Sheets')).toBe('1');
    expect(screen.queryByText('Goals', { selector: 'dt' })).not.toBeInTheDocument();
    expect(figure('Appearances')).toBe('2');
  });

  it('lists seasons newest first', async () => {
    await renderRoute('/player/nt.gk', { api });
    await screen.findByRole('heading', { name: 'North Town Keeper' });
    expect(screen.getAllByRole('table').map((table) => table.querySelector('caption')?.textContent)).toEqual([
      '2026 Season',
      '2025 Season',
    ]);
  });

  it("shows 'No player data available' for an unknown player", async () => {
    await renderRoute('/player/nobody.here', { api });
    expect(await screen.findByText('No player data available')).toBeInTheDocument();
  });

  it("shows 'Error loading data: …' when the player fetch fails", async () => {
    api.failGet(/\/api\/player\/nt\.mid$/);
    await renderRoute('/player/nt.mid', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading data: Failed to fetch player data: 500',
    );
  });

  it('shows the team id as the team name when the team fetch fails', async () => {
    api.failGet(/\/api\/teams\/north\.town$/);
    await renderRoute('/player/nt.def', { api });
    await screen.findByRole('heading', { name: 'North Town Defender' });
    expect(await screen.findByRole('link', { name: /north\.town/ })).toHaveAttribute(
      'href',
      '/team/north.town',
    );
  });

  it("shows 'Unknown Player' and 'Unknown Position' for empty fields", async () => {
    const { app } = api;
    const profile = (await app.get('/api/player/wr.mid')).body as Record<string, unknown>;
    api.server.use(
      http.get(/\/api\/player\/wr\.mid$/, () => HttpResponse.json({ ...profile, name: '', position: '' })),
    );
    await renderRoute('/player/wr.mid', { api });
    expect(await screen.findByRole('heading', { name: 'Unknown Player' })).toBeInTheDocument();
    expect(screen.getByText('Unknown Position')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /West Rangers/ })).toHaveAttribute(
      'href',
      '/team/west.rangers',
    );
  });
});
