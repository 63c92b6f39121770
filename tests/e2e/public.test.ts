/**
 * The public app in Chromium at 390×844 against the real seeded server: every public
 * route, search, the team tabs, the league table and matches, a match page, and the
 * header and navigation of each demo account. Each screen is saved as a screenshot.
 */
import { describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { screenshot } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM, gotoTeam, login, logout, navItems } from './pages';

const { server, browser } = withE2E();

describe('public screens', () => {
  it('home', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Already have an account? Log in' }).waitFor();
    await screenshot(page, 'public-home');
  });

  it('leagues list and league detail: table, matches and leaderboards', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leagues`);
    await page.getByRole('heading', { name: 'Leagues' }).waitFor();
    await page
      .getByRole('link', { name: /Metro West Premier League/ })
      .first()
      .waitFor();
    await screenshot(page, 'public-leagues');

    await page
      .getByRole('link', { name: /Metro West Premier League/ })
      .first()
      .click();
    await page.waitForURL(`**/leagues/${DEMO_LEAGUE}`);
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining(['Pos', 'Team', 'P', 'W', 'D', 'L', 'GF', 'GA', 'GD', 'Pts']),
    );
    expect(await table.getByRole('row').count()).toBe(13); // header + 12 teams
    await screenshot(page, 'public-league-table');

    await page.getByRole('tab', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
    await page.getByRole('heading', { name: 'Past Matches' }).waitFor();
    await screenshot(page, 'public-league-matches');

    await page.getByRole('tab', { name: 'Top Scorers' }).click();
    await page.locator('.stat-row').first().waitFor();
    await screenshot(page, 'public-league-scorers');
  });

  it('all teams and the demo team with every tab', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/teams`);
    await page.getByRole('link', { name: /Riverside Rovers/ }).waitFor();
    await screenshot(page, 'public-teams');

    await gotoTeam(page, server.url);
    await page.getByRole('heading', { name: 'Goalkeepers' }).waitFor();
    await screenshot(page, 'public-team-squad');
    await page.getByRole('tab', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
    await screenshot(page, 'public-team-matches');
    for (const tab of ['TopScorers', 'TopAssists', 'CleanSheets', 'Points']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator('.stat-row').first().waitFor();
    }
    await page.getByRole('tab', { name: 'League' }).click();
    await page.waitForURL(`**/leagues/${DEMO_LEAGUE}`);
  });

  it('a match page and a player page', async () => {
    const { page } = browser;
    await gotoTeam(page, server.url);
    await page.getByRole('tab', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: 'Past Matches' }).waitFor();
    const past = page.locator('section', { has: page.getByRole('heading', { name: 'Past Matches' }) });
    await past.locator('a.match-card').nth(2).click();
    await page.getByRole('heading', { name: 'Match Details' }).waitFor();
    await screenshot(page, 'public-match');

    await page.goto(`${server.url}/team/${DEMO_TEAM}`);
    await page.getByRole('heading', { name: 'Forwards' }).waitFor();
    await page.locator('a[href^="/player/"]').first().click();
    await page.getByRole('heading', { name: 'Player Profile' }).waitFor();
    await screenshot(page, 'public-player');
  });

  it('a coach page', async () => {
    const { page } = browser;
    await gotoTeam(page, server.url);
    await page.getByRole('heading', { name: 'Coaches' }).waitFor();
    await page.locator('a[href^="/coach/"]').first().click();
    await page.getByText(/Current Team: Riverside Rovers/).waitFor();
    await screenshot(page, 'public-coach');
  });

  it('search finds a team, a player and a league', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leagues`);
    const open = async () => {
      await page.getByRole('button', { name: 'Search' }).click();
      return page.getByPlaceholder('Search players, teams, or leagues...');
    };
    const result = (name: string | RegExp) => page.getByRole('option', { name }).first();
    await (await open()).fill('Riverside');
    await result(/Riverside Rovers/).waitFor();
    await screenshot(page, 'public-search');
    await result(/Riverside Rovers/).click();
    await page.waitForURL(`**/team/${DEMO_TEAM}`);

    await (await open()).fill('Metro West');
    await result(/Metro West Premier League/).click();
    await page.waitForURL(/\/leagues\/mwpl-\d\d$/);

    const roster = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}/roster`)).json()) as {
      players: { id: string; name: string }[];
    };
    const player = roster.players[0];
    expect(player).toBeDefined();
    await (await open()).fill(player?.name ?? '');
    await result(player?.name ?? '').click();
    await page.waitForURL(`**/player/${player?.id}`);
  });
});

describe('header and navigation by role', () => {
  const accounts = [
    ['coach@touchline.demo', ['Home', 'League', 'Teams', 'Manage'], '/main'],
    ['owner@touchline.demo', ['Home', 'League', 'Teams', 'Manage'], '/main'],
    ['player@touchline.demo', ['Home', 'League', 'Teams', 'Player'], '/main'],
    ['superadmin@touchline.demo', ['Home', 'League', 'Teams', 'Manage'], '/admin-dashboard'],
    // The demo admin runs the demo league (a league_admin membership): the manager area is theirs.
    ['admin@touchline.demo', ['Home', 'League', 'Teams', 'Manage'], '/'],
    ['manager@touchline.demo', ['Home', 'League', 'Teams'], '/admin'],
    ['fan@touchline.demo', ['Home', 'League', 'Teams'], '/'],
  ] as const;

  it.each(accounts)('%s', async (email, items, landing) => {
    const { page } = browser;
    await login(page, server.url, email);
    expect(new URL(page.url()).pathname).toBe(landing);
    expect(await navItems(page)).toEqual(items);
    expect(await page.getByRole('link', { name: 'Admin dashboard', exact: true }).count()).toBe(
      email.startsWith('superadmin') ? 1 : 0,
    );
    expect(await page.getByRole('link', { name: 'Admin settings', exact: true }).count()).toBe(
      email.startsWith('admin') ? 1 : 0,
    );
    expect(await page.locator('.greeting').getByText('Guest').count()).toBe(0);
    if (email.startsWith('coach')) {
      await page.getByRole('heading', { name: 'Next Match' }).waitFor();
      await screenshot(page, 'signed-in-main-coach');
    }
    await logout(page);
  });

  it('shows no console errors along the way', () => {
    expect(browser.errors.filter((e) => !e.includes('favicon'))).toEqual([]);
  });
});
