import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { logRequests, withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { bodyRowCells, expectLink, tabNames } from '../queries';

const api = withApiMock();
const requests = logRequests(api, (_, url) => url.pathname + url.search);

async function openTab(name: string) {
  await userEvent.click(await screen.findByRole('tab', { name }));
}

/** Tiny League 2026's page, on `tab`, with one of its reads failing (500, "boom"): the alert it shows. */
async function alertWhenFailing(read: 'table' | 'matches' | 'stats', tab?: string) {
  api.failGet(new RegExp(`/api/leagues/tl-26/${read}`));
  await renderRoute('/leagues/tl-26', { api });
  if (tab) await openTab(tab);
  return screen.findByRole('alert');
}

/** Each body row's cells as text, in order. */
const tableRows = () => bodyRowCells(screen.getByRole('table'));

describe('the league page', () => {
  it("is titled by the league record, goes back to all leagues and offers the spec's six tabs, then Discipline", async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiny League' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← View All Leagues' })).toHaveAttribute('href', '/leagues');
    expect(tabNames()).toEqual([
      'Table',
      'Matches',
      'Top Scorers',
      'Top Assist.',
      'Clean Sheets',
      'Points',
      'Discipline',
    ]);
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the open tab in the address, so a tab can be linked to and opened directly', async () => {
    useTinyLeagueClock();
    const { router } = await renderRoute('/leagues/tl-26?tab=Scorers', { api });
    expect(await screen.findByRole('tab', { name: 'Top Scorers', selected: true })).toBeInTheDocument();
    await openTab('Matches');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=matches'));
    expect(router.state.location.pathname).toBe('/leagues/tl-26');
    await openTab('Table');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Each tab is a link to its own address too: tapped before the page's script has
    // run, the server renders that tab; a keyboard Space opens it like a click.
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('href', '/leagues/tl-26');
    expect(screen.getByRole('tab', { name: 'Top Assist.' })).toHaveAttribute(
      'href',
      '/leagues/tl-26?tab=assists',
    );
    screen.getByRole('tab', { name: 'Table', selected: true }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('tab', { name: 'Matches', selected: true })).toHaveFocus();
    screen.getByRole('tab', { name: 'Points' }).focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('tab', { name: 'Points', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=points'));
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('tab', { name: 'Discipline', selected: true })).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=discipline'));
    expect(await screen.findByRole('tabpanel')).toHaveTextContent('No cards shown this season');
    // An unknown tab opens the first one.
    await router.navigate('/leagues/tl-26?tab=trophies');
    expect(await screen.findByRole('tab', { name: 'Table', selected: true })).toBeInTheDocument();
  });

  it('shows the table from approved results, with team links', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26', { api });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pos', 'Crest', 'Team', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts']);
    expect(tableRows()).toEqual([
      ['1', '', 'North Town', '2', '1', '1', '0', '3', '2', '+1', '4'],
      ['2', '', 'South City', '2', '1', '0', '1', '4', '2', '+2', '3'],
      ['3', '', 'West Rangers', '2', '0', '2', '0', '1', '1', '0', '2'],
      ['4', '', 'East United', '2', '0', '1', '1', '0', '3', '-3', '1'],
    ]);
    expectLink(table, 'North Town', '/team/north.town');
    expectLink(table, 'East United', '/team/east.united');
    expect(within(table).getByRole('img', { name: 'South City crest' })).toBeInTheDocument();
    expect(requests).toContain('/api/leagues/tl-26/table?season=2026');
  });

  it("says 'No standings data received from API' when standings are missing or empty", async () => {
    useTinyLeagueClock();
    api.server.use(
      http.get(/\/api\/leagues\/tl-26\/table/, () => HttpResponse.json({ standings: [] })),
      http.get(/\/api\/leagues\/tl-25\/table/, () => HttpResponse.json({})),
    );
    const { router } = await renderRoute('/leagues/tl-26', { api });
    expect(await screen.findByText('No standings data received from API')).toBeInTheDocument();

    await router.navigate('/leagues/tl-25');
    await waitFor(() => expect(requests).toContain('/api/leagues/tl-25/table?season=2025'));
    expect(await screen.findByText('No standings data received from API')).toBeInTheDocument();
  });

  it("shows 'Server Error ({status}): {detail}' when the table fails", async () => {
    useTinyLeagueClock();
    expect(await alertWhenFailing('table')).toHaveTextContent('Server Error (500): boom');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('splits the matches at now: upcoming soonest first, past latest first', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26', { api });
    await openTab('Matches');
    // A card is named by its visible text (home, score or VS, away, date, place): its two teams.
    const teams = (link: HTMLElement) =>
      Array.from(link.querySelectorAll('.match-card-name'), (name) => name.textContent).join(' vs ');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Matches' });
    expect(within(upcoming).getAllByRole('link').map(teams)).toEqual([
      'North Town vs West Rangers',
      'East United vs South City',
    ]);
    expect(within(upcoming).getAllByRole('link')[0]).toHaveAccessibleName(/^North Town VS West Rangers /);
    const past = screen.getByRole('region', { name: 'Past Matches' });
    const pastLinks = within(past).getAllByRole('link');
    expect(pastLinks.map(teams)).toEqual([
      'West Rangers vs East United',
      'South City vs West Rangers',
      'North Town vs East United',
      'West Rangers vs North Town',
      'South City vs East United',
      'East United vs West Rangers',
      'North Town vs South City',
    ]);
    expect(pastLinks.at(-1)).toHaveTextContent('2 - 1');
    expect(pastLinks.at(-1)?.getAttribute('href')).toMatch(/^\/match\/\d+$/);
    expect(within(upcoming).getAllByRole('link')[0]).toHaveTextContent('VS');
    expect(requests).toContain('/api/leagues/tl-26/matches?season=2026');
  });

  it("shows 'Postponed' on the card of a postponed match instead of 'VS'", async () => {
    useTinyLeagueClock();
    const { matches } = (await fetch('/api/leagues/tl-26/matches?season=2026').then((response) =>
      response.json(),
    )) as { matches: Record<string, unknown>[] };
    api.server.use(
      http.get(/\/api\/leagues\/tl-26\/matches/, () =>
        HttpResponse.json({
          matches: matches.map((match) =>
            match.home_team === 'north.town' && match.away_team === 'west.rangers'
              ? { ...match, status: 'postponed' }
              : match,
          ),
        }),
      ),
    );
    await renderRoute('/leagues/tl-26', { api });
    await openTab('Matches');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Matches' });
    const [postponed, scheduled] = within(upcoming).getAllByRole('link');
    expect(postponed).toHaveAccessibleName(/^North Town Postponed West Rangers /);
    expect(postponed).not.toHaveTextContent('VS');
    expect(within(postponed as HTMLElement).getByText('Postponed')).toBeVisible();
    expect(scheduled).toHaveAccessibleName(/^East United VS South City /);
  });

  it('leaves out matches without a valid date and says when a section is empty', async () => {
    useTinyLeagueClock();
    const [m1] = await fetch('/api/leagues/tl-26/matches?season=2026')
      .then((response) => response.json() as Promise<{ matches: Record<string, unknown>[] }>)
      .then((body) => body.matches);
    api.server.use(
      http.get(/\/api\/leagues\/tl-26\/matches/, () =>
        HttpResponse.json([m1, { ...m1, id: 999, date: 'not a date', match_date: 'not a date' }]),
      ),
    );
    await renderRoute('/leagues/tl-26', { api });
    await openTab('Matches');
    const upcoming = await screen.findByRole('region', { name: 'Upcoming Matches' });
    expect(upcoming).toHaveTextContent('No upcoming matches');
    const past = screen.getByRole('region', { name: 'Past Matches' });
    expect(within(past).getAllByRole('link')).toHaveLength(1);

    api.server.use(http.get(/\/api\/leagues\/tl-26\/matches/, () => HttpResponse.json({ matches: [] })));
    await openTab('Table');
    await openTab('Matches');
    expect(await screen.findByText('No past matches')).toBeInTheDocument();
    expect(screen.getByText('No upcoming matches')).toBeInTheDocument();
  });

  it("shows 'Server Error ({status}): {text}' when the matches fail", async () => {
    useTinyLeagueClock();
    expect(await alertWhenFailing('matches', 'Matches')).toHaveTextContent('Server Error (500): boom');
  });

  it('ranks the leaderboards on the four stats tabs', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26', { api });
    const firstRows = async (tab: string) => {
      await openTab(tab);
      // The tab's own list (the page also lists its CSV downloads).
      const list = await within(screen.getByRole('tabpanel')).findByRole('list');
      return within(list)
        .getAllByRole('listitem')
        .map((item) => `${within(item).getByRole('link').textContent} ${item.lastChild?.textContent}`);
    };
    expect(await firstRows('Top Scorers')).toEqual([
      'South City Forward 3',
      'North Town Forward 2',
      expect.stringMatching(/ 1$/),
      expect.stringMatching(/ 1$/),
      expect.stringMatching(/ 1$/),
    ]);
    expect(screen.getByLabelText('3 goals')).toBeInTheDocument();
    expect((await firstRows('Top Assist.'))[0]).toBe('South City Midfielder 2');
    expect(await firstRows('Clean Sheets')).toHaveLength(3);
    expect((await firstRows('Points')).slice(0, 2)).toEqual(['South City Forward 6', 'North Town Forward 5']);
    // One load serves the four tabs.
    expect(requests.filter((path) => path.startsWith('/api/leagues/tl-26/stats'))).toEqual([
      '/api/leagues/tl-26/stats?season=2026',
    ]);
  });

  it("shows 'Failed to load league statistics' when the leaderboards fail", async () => {
    useTinyLeagueClock();
    expect(await alertWhenFailing('stats', 'Top Scorers')).toHaveTextContent(
      'Failed to load league statistics',
    );
  });

  it('reads the season from a -YY suffix', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-25', { api });
    await screen.findByRole('table');
    expect(tableRows().map((row) => [row[2], row.at(-1)])).toEqual([
      ['South City', '3'],
      ['North Town', '0'],
    ]);
    expect(requests).toContain('/api/leagues/tl-25/table?season=2025');
  });

  it("uses the league record's season for an id without a year", async () => {
    useTinyLeagueClock();
    await api.app.connection.db
      .insertInto('leagues')
      .values({
        league_id: 'old.cup',
        league_name: 'Old Cup',
        season: '2025',
        status: 'completed',
        location: 'X',
      })
      .execute();
    await renderRoute('/leagues/old.cup', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Old Cup' })).toBeInTheDocument();
    expect(await screen.findByText('No standings data received from API')).toBeInTheDocument();
    expect(requests).toContain('/api/leagues/old.cup/table?season=2025');
  });

  it('falls back to a title made from the id and the current season when the league record fails', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/ghost-league', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error (404): League not found');
    expect(screen.getByRole('heading', { level: 1, name: 'GHOST LEAGUE' })).toBeInTheDocument();
    expect(requests).toContain('/api/leagues/ghost-league/table?season=2026');
  });

  it('strips a colon prefix from the id for API calls', async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/region:tl-26', { api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tiny League' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(requests).toContain('/api/leagues/tl-26/table?season=2026');
    expect(requests.some((path) => path.includes('region'))).toBe(false);
  });

  it("says 'Invalid league ID format' without calling the API", async () => {
    await renderRoute('/leagues/bad$id!', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid league ID format');
    expect(screen.getByRole('link', { name: '← View All Leagues' })).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("says 'League ID is required' for a blank id or a bare prefix", async () => {
    const { router } = await renderRoute('/leagues/%20', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('League ID is required');
    await router.navigate('/leagues/region:');
    expect(await screen.findByRole('alert')).toHaveTextContent('League ID is required');
    expect(requests).toEqual([]);
  });
});
