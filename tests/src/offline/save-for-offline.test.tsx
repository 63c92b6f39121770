/**
 * 'Save for offline': the button on a team page (shown where a worker serves the
 * store), and the promise behind it — every read the team's pitch-side screens make
 * is among the saved ones, so they open with no network.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '@/offline/db';
import { saveTeamForOffline } from '@/lib/save-team';
import { NOW } from '../../fixtures/factory';
import { logRequests, withApiMock } from '../api-mock';
import { freshOfflineDbPerTest } from '../lib/offline/idb';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';

freshOfflineDbPerTest();

const api = withApiMock({ perTest: true });
const reads = logRequests(api, (request, url) =>
  request.method === 'GET' ? url.pathname + url.search : undefined,
);

/** Defines a navigator property jsdom lacks, for one test. */
function stubNavigator(name: 'serviceWorker' | 'storage', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true });
  stubbed.push(name);
}
const stubbed: string[] = [];
afterEach(() => {
  for (const name of stubbed.splice(0)) Reflect.deleteProperty(navigator, name);
});

/** A worker controls the page (the built app in a browser). */
function withServiceWorker(): void {
  stubNavigator('serviceWorker', {
    controller: {},
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    getRegistration: async () => undefined,
  });
}

const coach = coachOf('north.town');

describe('the Save for offline button', () => {
  it('is not offered where nothing would serve the saved screens (no service worker)', async () => {
    await renderRoute('/team/south.city', { api });
    await screen.findByRole('heading', { level: 1, name: 'South City' });
    expect(screen.queryByRole('button', { name: 'Save for offline' })).not.toBeInTheDocument();
  });

  it('saves the team and then says when it was saved', async () => {
    withServiceWorker();
    const persist = vi.fn(async () => true);
    stubNavigator('storage', { persist });
    await renderRoute('/team/south.city', { api });
    const button = await screen.findByRole('button', { name: 'Save for offline' });
    await userEvent.setup().click(button);
    expect(
      await screen.findByText('Saved for offline just now', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update offline copy' })).toBeEnabled();
    const saved = await (await offlineDb()).get('saved', 'south.city');
    expect(saved?.paths).toContain('/api/teams/south.city/roster');
    expect(await (await offlineDb()).get('reads', '/api/teams/south.city/roster')).toBeDefined();
    // The browser is asked to keep what was saved.
    expect(persist).toHaveBeenCalled();
  });
});

describe('what is saved', () => {
  it("covers every read of the team page, the manager's report, selection and review tabs", async () => {
    useTinyLeagueClock();
    const saved = await saveTeamForOffline('north.town', new Date(NOW));
    const kept = new Set(saved.paths);
    reads.length = 0;

    const user = userEvent.setup();
    let view = await renderRoute('/team/north.town', { api, user: coach });
    await screen.findByRole('heading', { level: 1, name: 'North Town' });
    await screen.findAllByRole('link', { name: /North Town Keeper/ });
    await user.click(screen.getByRole('tab', { name: 'Matches' }));
    await screen.findByRole('heading', { name: 'Upcoming Matches' });
    for (const tab of ['match-report', 'team-selection', 'pending-results']) {
      view.unmount();
      view = await renderRoute(`/manager/${tab}`, { api, user: coach });
      await screen.findAllByRole(tab === 'pending-results' ? 'heading' : 'combobox');
    }
    view.unmount();
    await renderRoute(`/leagues/tl-26`, { api });
    await screen.findAllByText('North Town');
    await waitFor(() => expect(reads.length).toBeGreaterThan(5));

    const missing = [...new Set(reads)].filter(
      (path) => !kept.has(path) && !path.startsWith('/api/images/') && !path.includes('_news'),
    );
    expect(missing).toEqual([]);
  });
});
