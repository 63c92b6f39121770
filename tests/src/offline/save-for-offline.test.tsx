/**
 * 'Save for offline': the button on a team page (shown where a worker serves the
 * store), and the promise behind it — every read the team's pitch-side screens make
 * is among the saved ones, so they open with no network.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '@/offline/db';
import { isPublicRead, staleWhileRevalidate } from '@/offline/read-cache';
import { saveTeamForOffline } from '@/lib/save-team';
import { NOW } from '../../fixtures/factory';
import { logRequests, withApiMock } from '../api-mock';
import { freshOfflineDbPerTest } from '../lib/offline/idb';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { addSuspensions, FORWARD_BAN, MIDFIELDER_BAN } from '../teams/suspension-cards';

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

  it('is in the header from its first render, so it moves nothing when it comes', async () => {
    withServiceWorker();
    await renderRoute('/team/south.city', { api });
    await screen.findByRole('heading', { level: 1, name: 'South City' });
    // Rendered with the header: the placeholder, then the button, in the same place.
    const row = screen.getByRole('button', { name: 'Save for offline' }).closest('.team-offline');
    expect(row?.closest('header')).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save for offline' })).toBeEnabled());
  });

  it('saves the team and then says when it was saved', async () => {
    withServiceWorker();
    const persist = vi.fn(async () => true);
    stubNavigator('storage', { persist });
    await renderRoute('/team/south.city', { api });
    // The placeholder stands in until the saved copy's age is read.
    const button = await waitFor(() => {
      const found = screen.getByRole('button', { name: 'Save for offline' });
      expect(found).toBeEnabled();
      return found;
    });
    await userEvent.setup().click(button);
    expect(await screen.findByText('Saved just now', undefined, { timeout: 8000 })).toBeInTheDocument();
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

    // The bell's unread count is personal and live: never kept offline.
    const missing = [...new Set(reads)].filter(
      (path) =>
        !kept.has(path) &&
        !path.startsWith('/api/images/') &&
        !path.includes('_news') &&
        !path.startsWith('/api/notifications'),
    );
    expect(missing).toEqual([]);
  });
});

/**
 * No network: the worker answers public reads from the offline store (as sw/sw.ts does,
 * with the same stale-while-revalidate whose server check now fails), and nothing else.
 */
function offlineWithWorker(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  api.server.use(
    http.all(/\/api\//, async ({ request }) => {
      if (request.method !== 'GET' || !isPublicRead(new URL(request.url))) return HttpResponse.error();
      return staleWhileRevalidate(request, {
        db: await offlineDb(),
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
        now: () => Date.now(),
        notify: () => undefined,
        waitUntil: () => undefined,
      }).catch(() => HttpResponse.error());
    }),
  );
}

describe('suspensions in the offline pack', () => {
  it('are saved with the team, and Team Selection greys the banned players from them offline', async () => {
    useTinyLeagueClock();
    await addSuspensions(api);
    const saved = await saveTeamForOffline('north.town', new Date(NOW));
    expect(saved.paths).toContain('/api/teams/north.town/suspensions');
    const stored = await (await offlineDb()).get('reads', '/api/teams/north.town/suspensions');
    expect(JSON.parse(stored?.body ?? '{}')).toEqual({
      suspensions: [
        expect.objectContaining({
          player_id: 'nt.fwd',
          name: 'North Town Forward',
          reason: 'Red card',
          matches_remaining: 2,
          match_ids: [api.app.matchIds.m8],
        }),
        expect.objectContaining({
          player_id: 'nt.mid',
          name: 'North Town Midfielder',
          reason: '2 yellow cards this season',
          matches_remaining: 1,
          match_ids: [api.app.matchIds.m8],
        }),
      ],
    });

    offlineWithWorker();
    await renderRoute('/manager/team-selection', { api, user: coach });
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Match' }),
      String(api.app.matchIds.m8),
    );
    const forward = await screen.findByRole('checkbox', { name: 'North Town Forward (#9, Forward)' });
    await waitFor(() => expect(forward).toBeDisabled());
    expect(forward).toHaveAccessibleDescription(FORWARD_BAN);
    expect(
      screen.getByRole('checkbox', { name: 'North Town Midfielder (#8, Midfielder)' }),
    ).toHaveAccessibleDescription(MIDFIELDER_BAN);
    expect(screen.getByText('Suspended – 2 matches')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'North Town Keeper (#1, Goalkeeper)' })).toBeEnabled();
  });

  it('leave the save whole when the server refuses them', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/north\.town\/suspensions$/, 404);
    const saved = await saveTeamForOffline('north.town', new Date(NOW));
    expect(saved.paths).toContain('/api/teams/north.town/roster');
    expect(await (await offlineDb()).get('reads', '/api/teams/north.town/suspensions')).toBeUndefined();
  });
});
