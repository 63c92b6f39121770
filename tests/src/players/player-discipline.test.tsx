/**
 * The player profile's discipline: the suspension badge under the name and
 * the cards per league season, from the real API over the tiny league with cards added.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderPage } from '@/entry-server';
import { withApiMock, type ApiMock } from '../api-mock';
import { setSuspensionRules, showCards } from '../match-cards';
import { renderRoute, renderedPage } from '../render';
import { bodyRowCells, textsOf } from '../queries';

/**
 * Bans last three matches here, so some are still to serve at NOW (2026-06-15):
 * - nt.def: red in m4 (23 May) → m5 served, m8 (20 June) and one not yet fixed to come: 2.
 * - sc.mid: two yellows in m1 (2 May) → m3 and m6 served, m9 (27 June) to come: 1.
 * - eu.mid: one yellow in m2, no ban. nt.fwd: a red only in m5, which is pending: counts nowhere.
 * - nt.def also has a yellow in m1 and one in m10 (tl-25, season 2025).
 */
async function addCards(api: ApiMock) {
  const { m1, m2, m4, m5, m10 } = api.app.matchIds;
  await setSuspensionRules(api, 'tl-26', { red_card_matches: 3 });
  await showCards(api, m1, { yellow: ['nt.def', 'sc.mid', 'sc.mid'] });
  await showCards(api, m2, { yellow: ['eu.mid'] });
  await showCards(api, m4, { red: ['nt.def'] });
  await showCards(api, m5, { red: ['nt.fwd'] });
  await showCards(api, m10, { yellow: ['nt.def'] });
}

const api = withApiMock({ setup: addCards });

/** The cards table's body rows as text: season, league, yellow, red. */
const cardRows = () => bodyRowCells(screen.getByRole('table', { name: 'Cards' }));

describe('player profile discipline', () => {
  it('shows a suspension under the name, with the matches still to serve and the reason', async () => {
    await renderRoute('/player/nt.def', { api });
    const name = await screen.findByRole('heading', { name: 'North Town Defender' });
    const badge = screen.getByText('Suspended – 2 matches');
    expect(badge.closest('p')).toHaveTextContent('Suspended – 2 matches (Red card)');
    // Right under the name, in the player card.
    expect(name.nextElementSibling).toBe(badge.closest('p'));
    expect(badge.closest('article')).toBe(name.closest('article'));
  });

  it("says '1 match' for a single match, and names a second yellow as the reason", async () => {
    await renderRoute('/player/sc.mid', { api });
    await screen.findByRole('heading', { name: 'South City Midfielder' });
    expect(screen.getByText('Suspended – 1 match')).toBeInTheDocument();
    expect(screen.getByText('(Two yellow cards)')).toBeInTheDocument();
    // A second yellow is two yellows and one red.
    expect(cardRows()).toEqual([['2026', 'Tiny League', '2', '1']]);
  });

  it('lists the cards by season, newest first, with the league name and both counts', async () => {
    await renderRoute('/player/nt.def', { api });
    await screen.findByRole('heading', { name: 'North Town Defender' });
    const section = screen.getByRole('region', { name: 'Cards' });
    expect(textsOf(section, 'columnheader')).toEqual(['Season', 'League', 'Yellow', 'Red']);
    expect(cardRows()).toEqual([
      ['2026', 'Tiny League', '1', '1'],
      ['2025', 'Tiny League', '1', '0'],
    ]);
  });

  it('shows the cards without a badge when no ban is left to serve', async () => {
    await renderRoute('/player/eu.mid', { api });
    await screen.findByRole('heading', { name: 'East United Midfielder' });
    expect(cardRows()).toEqual([['2026', 'Tiny League', '1', '0']]);
    expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
  });

  it('shows neither a badge nor a Cards section for a player without counted cards', async () => {
    // nt.fwd's only card is in a pending result.
    await renderRoute('/player/nt.fwd', { api });
    await screen.findByRole('heading', { name: 'North Town Forward' });
    expect(screen.getByRole('heading', { name: 'Season Statistics' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Cards' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
  });

  it('shows an answer cached before cards and suspensions existed without either', async () => {
    const { cards, suspension, ...old } = (await api.app.get('/api/player/nt.def')).body as Record<
      string,
      unknown
    >;
    // The live answer has both, so leaving them out is what the page is tested on.
    expect(cards).toHaveLength(2);
    expect(suspension).not.toBeNull();
    api.server.use(http.get(/\/api\/player\/nt\.def$/, () => HttpResponse.json(old)));
    await renderRoute('/player/nt.def', { api });
    expect(await screen.findByRole('heading', { name: 'North Town Defender' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Season Statistics' })).toBeInTheDocument();
    expect(screen.getByText('Defender')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Cards' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
  });

  it('shows nothing for a suspension with no match left, and a bare count without a reason', async () => {
    const profile = (await api.app.get('/api/player/nt.def')).body as Record<string, unknown>;
    api.server.use(
      http.get(/\/api\/player\/nt\.def$/, () =>
        HttpResponse.json({ ...profile, suspension: { reason: 'Red card', matches_remaining: 0 } }),
      ),
      http.get(/\/api\/player\/sc\.mid$/, async () => {
        const live = (await api.app.get('/api/player/sc.mid')).body as Record<string, unknown>;
        return HttpResponse.json({ ...live, suspension: { reason: ' ', matches_remaining: 3 } });
      }),
    );
    const { unmount } = await renderRoute('/player/nt.def', { api });
    await screen.findByRole('heading', { name: 'North Town Defender' });
    expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
    unmount();
    await renderRoute('/player/sc.mid', { api });
    await screen.findByRole('heading', { name: 'South City Midfielder' });
    expect(screen.getByText('Suspended – 3 matches').closest('p')).toHaveTextContent(
      /^Suspended – 3 matches$/,
    );
  });

  it('renders the badge and the cards on the server, from the answers alone', async () => {
    const read = async (path: string) => {
      const answer = await api.app.get(path);
      return answer.status === 200 ? answer.body : null;
    };
    const page = renderedPage(await renderPage('/player/nt.def', 'UTC', read));
    expect(page.answers).toHaveProperty('/api/player/nt.def');
    const root = document.body.appendChild(document.createElement('div'));
    onTestFinished(() => root.remove());
    root.innerHTML = page.html;
    expect(root.textContent).toContain('Suspended – 2 matches (Red card)');
    const table = within(root).getByRole('table', { name: 'Cards' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});
