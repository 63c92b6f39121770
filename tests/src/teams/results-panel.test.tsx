import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultsPanel } from '@/components/results-panel';
import { ApiError } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { storage } from '@/lib/storage';
import { addUser, tokenFor } from '../../fixtures/auth';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { updateTeam } from '../../fixtures/factory';

const api = withApiMock();
afterEach(async () => {
  api.server.events.removeAllListeners();
  await api.app.connection.db
    .updateTable('teams')
    .set({ website: null, youtube_channel: null, news_url: null })
    .execute();
});

const WEBSITE = 'https://south-city.example.org/news?lang=en';
const CHANNEL = 'https://www.youtube.com/@southcityfc';

async function giveSouthCityFeeds() {
  await updateTeam(api.app.connection.db, 'south.city', { website: WEBSITE, youtube_channel: CHANNEL });
}

function teamNews(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    title: `Club story ${index + 1}`,
    link: `https://south-city.example.org/story-${index + 1}`,
    image: index === 0 ? 'https://south-city.example.org/story-1.jpg' : '',
    description: `What happened, part ${index + 1}.`,
    date: '2026-06-10T09:00:00.000Z',
  }));
}

async function openPanel(teamId: string) {
  await renderRoute(`/team/${teamId}`, { api });
  return {
    result: await screen.findByRole('region', { name: 'Latest Result' }),
    news: screen.getByRole('region', { name: 'Latest News' }),
    video: screen.getByRole('region', { name: 'Latest Video' }),
  };
}

/** The panel on its own, as the signed-in home uses it; `null`: no team id given. */
function renderPanel(teamId: string | null) {
  render(
    <SessionProvider>
      <MemoryRouter>
        <ResultsPanel teamId={teamId} />
      </MemoryRouter>
    </SessionProvider>,
  );
}

/** The paths of the API requests the test makes from now on. */
function requestedPaths(): string[] {
  const paths: string[] = [];
  api.server.events.on('request:start', ({ request }) => paths.push(new URL(request.url).pathname));
  return paths;
}

const pastOnly = (answer: () => Response) =>
  http.get(/\/api\/teams\/north\.town\/matches/, ({ request }) =>
    new URL(request.url).searchParams.get('past') === 'true' ? answer() : undefined,
  );

describe('results panel', () => {
  it('shows the latest approved result, league news and no video for a team without feeds', async () => {
    const { result, news, video } = await openPanel('north.town');
    // m5 (later) is only pending, so m4 is the latest result.
    const card = await within(result).findByRole('link', { name: /^West Rangers 1 - 1 North Town / });
    expect(card).toHaveAttribute('href', `/match/${api.app.matchIds.m4}`);
    expect(card).toHaveTextContent('1 - 1');
    const story = await within(news).findByRole('link', { name: 'South City go top' });
    expect(story).toHaveAttribute('href', '/leagues/tl-26');
    expect(story).not.toHaveAttribute('target');
    expect(within(news).getByRole('link', { name: 'Season kicks off' })).toBeInTheDocument();
    expect(within(news).getByText('A 3-0 win.')).toBeInTheDocument();
    expect(within(news).getByText('Sunday, May 17, 2026')).toBeInTheDocument();
    expect(within(video).getByText('No video available')).toBeInTheDocument();
  });

  it('shows the empty messages', async () => {
    api.server.use(
      pastOnly(() => HttpResponse.json({ matches: [] })),
      http.get(/\/api\/mwpl_news/, () => HttpResponse.json([])),
    );
    const { result, news } = await openPanel('north.town');
    expect(await within(result).findByText('No recent matches found')).toBeInTheDocument();
    expect(await within(news).findByText('No news available')).toBeInTheDocument();
  });

  it("says 'Failed to load team data' when the team record fails, and logs the status", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/teams\/north\.town$/, 503);
    renderPanel('north.town');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load team dataTry again$/);
    // Logged from an effect after the screen shows the error.
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to fetch team data: 503', expect.any(ApiError)),
    );
    expect(screen.queryByRole('region', { name: 'Latest Result' })).not.toBeInTheDocument();
  });

  it("says 'No team ID available' without a team id and no favourite team, and asks nothing", async () => {
    const paths = requestedPaths();
    renderPanel(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No team ID available$/);
    expect(screen.queryByRole('region', { name: 'Latest Result' })).not.toBeInTheDocument();
    expect(paths).toEqual([]);
  });

  it('uses the favourite team from browser storage when no team id is given', async () => {
    const { db } = api.app.connection;
    await addUser(db, { id: 'panel.fan', user_type: 'fan' });
    storage.setToken(await tokenFor(db, 'panel.fan'));
    storage.setUser({ id: 'panel.fan', name: 'Pat', user_type: 'fan', team_id: null });
    storage.setFavoriteTeam('south.city');
    const paths = requestedPaths();
    renderPanel(null);
    expect(await screen.findByRole('region', { name: 'Latest Result' })).toBeInTheDocument();
    await waitFor(() => expect(paths).toContain('/api/teams/south.city/matches'));
    expect(paths).toContain('/api/teams/south.city');
    expect(screen.queryByText('No team ID available')).not.toBeInTheDocument();
  });

  it("says 'Failed to load recent match' when the latest result fails, and keeps the other sections", async () => {
    api.server.use(pastOnly(() => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    const { result, news } = await openPanel('north.town');
    expect(await within(result).findByRole('alert')).toHaveTextContent('Failed to load recent match');
    expect(await within(news).findByRole('link', { name: 'South City go top' })).toBeInTheDocument();
  });

  it("reads the team's own news and video when it has a website and a channel", async () => {
    await giveSouthCityFeeds();
    const asked: { url: string | null; channel: string | null } = { url: null, channel: null };
    api.server.use(
      http.get(/\/api\/team_news/, ({ request }) => {
        asked.url = new URL(request.url).searchParams.get('url');
        return HttpResponse.json(teamNews(4));
      }),
      http.get(/\/api\/team_video/, ({ request }) => {
        asked.channel = new URL(request.url).searchParams.get('channel_url');
        return HttpResponse.json({ video_id: 'abc123XYZ', title: 'Highlights: South City 3-0 East United' });
      }),
    );
    const { news, video } = await openPanel('south.city');
    const story = await within(news).findByRole('link', { name: 'Club story 1' });
    expect(story).toHaveAttribute('href', 'https://south-city.example.org/story-1');
    expect(story).toHaveAttribute('target', '_blank');
    expect(story.getAttribute('rel')).toContain('noopener');
    // At most three items; an image only when the item has one.
    expect(within(news).getAllByRole('listitem')).toHaveLength(3);
    expect(within(news).queryByRole('link', { name: 'Club story 4' })).not.toBeInTheDocument();
    expect(news.querySelectorAll('img')).toHaveLength(1);
    expect(news.querySelector('img')).toHaveAttribute('src', 'https://south-city.example.org/story-1.jpg');
    const frame = await within(video).findByTitle('Highlights: South City 3-0 East United');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc123XYZ');
    expect(asked).toEqual({ url: WEBSITE, channel: CHANNEL });
  });

  it("shows the feed's detail.message, or the reply's format when it is not JSON", async () => {
    await giveSouthCityFeeds();
    api.server.use(
      http.get(/\/api\/team_news/, () =>
        HttpResponse.json({ detail: { message: 'The feed did not answer within 5 s' } }, { status: 504 }),
      ),
      http.get(
        /\/api\/team_video/,
        () =>
          new HttpResponse('<html>Bad gateway</html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    );
    const { news, video } = await openPanel('south.city');
    expect(await within(news).findByRole('alert')).toHaveTextContent('The feed did not answer within 5 s');
    expect(await within(video).findByRole('alert')).toHaveTextContent(
      'Unexpected response format: text/html',
    );
  });

  it("says 'No video available' when the channel has no video", async () => {
    await giveSouthCityFeeds();
    api.server.use(
      http.get(/\/api\/team_news/, () => HttpResponse.json([])),
      http.get(/\/api\/team_video/, () => HttpResponse.json({ video_id: '', title: '' })),
    );
    const { news, video } = await openPanel('south.city');
    expect(await within(video).findByText('No video available')).toBeInTheDocument();
    expect(await within(news).findByText('No news available')).toBeInTheDocument();
  });
});
