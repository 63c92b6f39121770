import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { saveTeamForOffline } from '@/lib/save-team';
import { STORAGE_KEYS, storage } from '@/lib/storage';
import { isPublicRead, readKey } from '@/offline/read-cache';
import { insertTeam } from '../../fixtures/factory';
import { NOW } from '../../fixtures/factory';
import { logRequests, withApiMock } from '../api-mock';
import { freshOfflineDbPerTest } from '../lib/offline/idb';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { expectLink } from '../queries';

const offlineDb = freshOfflineDbPerTest();

const api = withApiMock({
  // A team of last season's league: not this season's, so All Teams neither shows nor asks for it.
  setup: (mock) =>
    insertTeam(mock.app.connection.db, { team_id: 'old.boys', team_name: 'Old Boys', league_id: 'tl-25' }),
});
/** The list reads the page sends (path and query). */
const listReads = logRequests(api, (request, url) =>
  request.method === 'GET' && /^\/api\/(teams|leagues)$/.test(url.pathname) ? readKey(url) : undefined,
);

const coach = coachOf('north.town', 'Nora Coach');

const emptyLeague = {
  league_id: 'empty-26',
  league_name: 'Empty League',
  season: '2026',
  status: 'active',
  location: 'Nowhere',
};

describe('All Teams', () => {
  it("groups the current season's teams under their league, each linking to its team page", async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/teams$/);
    await renderRoute('/teams', { api });
    expect(await screen.findByText('Loading teams...')).toBeInTheDocument();
    const league = await screen.findByRole('region', { name: 'Tiny League' });
    expect(screen.getByRole('heading', { level: 1, name: 'Teams' })).toBeInTheDocument();
    expect(screen.getByText('All Teams')).toBeInTheDocument();
    const links = within(league).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'East United',
      'North Town',
      'South City',
      'West Rangers',
    ]);
    expectLink(league, 'North Town', '/team/north.town');
    // The crest loads once mounted (components/images.tsx).
    await waitFor(() =>
      expect(within(league).getByRole('img', { name: 'North Town crest' })).toHaveAttribute(
        'src',
        '/api/images/teams/north.town.svg?box=56',
      ),
    );
    // tl-25 (season 2025) is not this year's league: one group only.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('matches teams whose league id has a colon prefix', async () => {
    useTinyLeagueClock();
    api.server.use(
      http.get(/\/api\/teams$/, () =>
        HttpResponse.json({
          teams: [
            {
              team_id: 'far.away',
              team_name: 'Far Away',
              league_id: 'region:tl-26',
              location: 'Far',
              description: '',
              logo: null,
            },
          ],
        }),
      ),
    );
    await renderRoute('/teams', { api });
    const league = await screen.findByRole('region', { name: 'Tiny League' });
    expectLink(league, 'Far Away', '/team/far.away');
  });

  it("says 'No teams found for this league.' under a league without teams", async () => {
    useTinyLeagueClock();
    api.server.use(
      http.get(/\/api\/leagues$/, async ({ request }) => {
        const real = (await (await api.app.app.fetch(request)).json()) as { leagues: object[] };
        return HttpResponse.json({ leagues: [...real.leagues, emptyLeague] });
      }),
    );
    await renderRoute('/teams', { api });
    const empty = await screen.findByRole('region', { name: 'Empty League' });
    expect(within(empty).getByText('No teams found for this league.')).toBeInTheDocument();
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tiny League' })).getAllByRole('link')).toHaveLength(4);
  });

  it("says 'No leagues or teams found.' when the season has no leagues", async () => {
    useTinyLeagueClock();
    api.server.use(http.get(/\/api\/leagues$/, () => HttpResponse.json({ leagues: [] })));
    await renderRoute('/teams', { api });
    expect(await screen.findByText('No leagues or teams found.')).toBeInTheDocument();
  });

  it('shows the error text when the teams fail to load, and no made-up teams', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams$/);
    await renderRoute('/teams', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading teams. Using cached data if available.',
    );
    expect(screen.queryByRole('region', { name: 'Tiny League' })).not.toBeInTheDocument();
  });

  it('shows the teams from the in-memory cache when a later load would fail', async () => {
    useTinyLeagueClock();
    const first = await renderRoute('/teams', { api });
    await screen.findByRole('region', { name: 'Tiny League' });
    first.unmount();
    api.failGet(/\/api\/teams$/);
    await renderRoute('/teams', { api });
    const league = await screen.findByRole('region', { name: 'Tiny League' });
    expect(within(league).getAllByRole('link')).toHaveLength(4);
  });

  it("asks only for this season's leagues and the teams of those leagues", async () => {
    useTinyLeagueClock();
    const answered: string[][] = [];
    const onResponse = ({ request, response }: { request: Request; response: Response }) => {
      if (new URL(request.url).pathname !== '/api/teams') return;
      void response
        .clone()
        .json()
        .then((body: { teams: { team_id: string }[] }) => answered.push(body.teams.map((t) => t.team_id)));
    };
    api.server.events.on('response:mocked', onResponse);
    try {
      await renderRoute('/teams', { api });
      const league = await screen.findByRole('region', { name: 'Tiny League' });
      expect(within(league).getAllByRole('link')).toHaveLength(4);
      expect([...listReads].sort()).toEqual(['/api/leagues?season=2026', '/api/teams?season=2026']);
      // The answer holds what the page shows and nothing more: no team of another season.
      await waitFor(() => expect(answered).toHaveLength(1));
      expect(answered[0]).toEqual(['east.united', 'north.town', 'south.city', 'west.rangers']);
      expect(screen.queryByRole('link', { name: 'Old Boys' })).not.toBeInTheDocument();
    } finally {
      api.server.events.removeListener('response:mocked', onResponse);
    }
  });

  it("keeps the season's teams per URL for offline: 'Save for offline' stores what the page reads", async () => {
    useTinyLeagueClock();
    const view = await renderRoute('/teams', { api });
    await screen.findByRole('region', { name: 'Tiny League' });
    view.unmount();
    const reads = [...listReads];
    expect(reads).toContain('/api/teams?season=2026');
    // The offline store keeps list reads by path and query, so each filter has its own answer.
    for (const path of reads) expect(isPublicRead(new URL(path, window.location.origin)), path).toBe(true);
    const saved = await saveTeamForOffline('north.town', new Date(NOW));
    expect(saved.paths).toEqual(expect.arrayContaining(reads));
    const stored = await (await offlineDb()).get('reads', '/api/teams?season=2026');
    expect(JSON.parse(stored?.body ?? '{}')).toMatchObject({
      teams: [
        { team_id: 'east.united' },
        { team_id: 'north.town' },
        { team_id: 'south.city' },
        { team_id: 'west.rangers' },
      ],
    });
    // The unfiltered list (the manager screens read it) is kept under its own key.
    expect(
      JSON.parse((await (await offlineDb()).get('reads', '/api/teams'))?.body ?? '{}').teams,
    ).toHaveLength(5);
  });

  it('sends a signed-in user with a team to their own team', async () => {
    useTinyLeagueClock();
    const { router } = await renderRoute('/teams', { api, user: coach });
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/north.town'));
    expect(await screen.findByRole('heading', { level: 1, name: 'North Town' })).toBeInTheDocument();
  });

  it('shows all teams when the viewing-all-teams flag is set, then removes the flag', async () => {
    useTinyLeagueClock();
    storage.setViewingAllTeams(true);
    const { router } = await renderRoute('/teams', { api, user: coach });
    expect(await screen.findByRole('region', { name: 'Tiny League' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teams');
    expect(localStorage.getItem(STORAGE_KEYS.viewingAllTeams)).toBeNull();
  });
});
