/**
 * Every screen of the app, with real ids of the seeded demo league, for the accessibility
 * test (`accessibility.test.ts`) and `npm run audit:ui`. The ids come from the running
 * server's API; only the demo team's id is a constant (the seed's, as in pages.ts).
 * Screens only read: the writes, an invitation whose link the invitation page needs and
 * the players' answer links (made when first listed), are made with the ids before any
 * screen, so roles and order are free.
 */
import type { Page } from 'playwright-core';
import { DEMO_TEAM, demoToken } from './pages';

export type Role = 'visitor' | 'coach' | 'leagueadmin' | 'superadmin';
export const ROLES: readonly Role[] = ['visitor', 'coach', 'leagueadmin', 'superadmin'];
export const ROLE_EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  coach: 'coach@touchline.demo',
  /** Admin of the demo team's league: the manager area of a league's people and teams. */
  leagueadmin: 'admin@touchline.demo',
  superadmin: 'superadmin@touchline.demo',
};

export interface DemoIds {
  team: string;
  league: string;
  pastMatch: number;
  upcomingMatch: number;
  player: string;
  /** The coach page's id as the app links it (dots become hyphens). */
  coach: string;
  /** The token of a link that invites a new address to coach the demo team. */
  invitation: string;
  /** The token of a demo player's personal link for answering whether they can play. */
  answerLink: string;
}

export interface Screen {
  /** Unique within a role, e.g. 'team / TopScorers'. */
  name: string;
  path: string;
  /** Opens a state after the page has loaded (a tab, a panel, a dialog). */
  open?: (page: Page) => Promise<void>;
  /** For a tab: the address that opens it directly (`?tab=`). */
  direct?: string;
}

interface MatchRow {
  id: number;
  date: string;
  approved: string;
}

async function get<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * An invitation from the super admin for an address without an account, so its page
 * shows the whole offer and the form that makes the account; the token of its link.
 */
async function inviteCoach(baseUrl: string, team: string): Promise<string> {
  const token = await demoToken(baseUrl, ROLE_EMAIL.superadmin);
  const response = await fetch(`${baseUrl}/api/invitations`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ email: `screens.${Date.now()}@touchline.test`, role: 'coach', team_id: team }),
  });
  if (!response.ok) throw new Error(`/api/invitations answered ${response.status}: ${await response.text()}`);
  const { link } = (await response.json()) as { link: string };
  const invitation = /\/invite\/([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
  if (!invitation) throw new Error(`an invitation link without a token: ${link}`);
  return invitation;
}

/** A demo player's personal answer link, as the coach lists them; its token. */
async function answerLink(baseUrl: string, team: string): Promise<string> {
  const token = await demoToken(baseUrl, ROLE_EMAIL.coach);
  const response = await fetch(`${baseUrl}/api/teams/${team}/availability-links`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`availability-links answered ${response.status}`);
  const { links } = (await response.json()) as { links: { link: string }[] };
  const found = /\/availability\/([A-Za-z0-9_-]{43})$/.exec(links[0]?.link ?? '')?.[1];
  if (!found) throw new Error('the demo team has no answer link');
  return found;
}

export async function discoverIds(baseUrl: string, team = DEMO_TEAM): Promise<DemoIds> {
  const { league_id } = await get<{ league_id: string }>(baseUrl, `/api/teams/${team}`);
  const { matches } = await get<{ matches: MatchRow[] }>(baseUrl, `/api/teams/${team}/matches`);
  const now = Date.now();
  const past = matches.filter((m) => m.approved === 'TRUE' && Date.parse(m.date) < now).at(-1);
  const upcoming = matches.find((m) => Date.parse(m.date) > now);
  const roster = await get<{ players: { id: string }[]; coaches: { id: string }[] }>(
    baseUrl,
    `/api/teams/${team}/roster`,
  );
  const player = roster.players[0];
  const coach = roster.coaches[0];
  if (!past || !upcoming || !player || !coach) throw new Error(`the demo team ${team} lacks seeded data`);
  return {
    team,
    league: league_id,
    pastMatch: past.id,
    upcomingMatch: upcoming.id,
    player: player.id,
    coach: coach.id.replace(/\./g, '-'),
    invitation: await inviteCoach(baseUrl, team),
    answerLink: await answerLink(baseUrl, team),
  };
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
};

/**
 * A page's tabs as screens: `<page> / <tab>`, each opened by a click on a fresh load;
 * `direct` is the address that opens it at once (`?tab=` and the tab's key).
 */
const tabScreens = (page: string, path: string, tabs: [name: string, key: string][]): Screen[] =>
  tabs.map(([name, key]) => ({
    name: `${page} / ${name}`,
    path,
    open: tab(name),
    direct: `${path}?tab=${key}`,
  }));

const searchOpen = async (page: Page) => {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const panel = page.locator('.header-panel');
  await panel.getByPlaceholder('Search players, teams, or leagues...').fill('Riverside');
  await panel.getByRole('option').first().waitFor();
};

const notificationsOpen = async (page: Page) => {
  // The bell's name gains the unread count once it has loaded ("Notifications, 2 unread").
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('region', { name: 'Notifications' }).waitFor();
};

/** The public screens: every route a visitor reaches, each tab of the team and league pages. */
export function publicScreens(ids: DemoIds): Screen[] {
  const team = `/team/${ids.team}`;
  const league = `/leagues/${ids.league}`;
  return [
    { name: 'home', path: '/' },
    { name: 'home / search open', path: '/', open: searchOpen },
    { name: 'home / notifications open', path: '/', open: notificationsOpen },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'forgot password', path: '/forgot-password' },
    // Without a token the page explains that it needs the e-mail's link.
    { name: 'reset password (no token)', path: '/reset-password' },
    {
      name: 'invitation',
      path: `/invite/${ids.invitation}`,
      open: async (page: Page) => {
        await page.getByRole('button', { name: 'Create account and accept' }).waitFor();
      },
    },
    {
      name: 'answer link',
      path: `/availability/${ids.answerLink}`,
      open: async (page: Page) => {
        await page.getByRole('heading', { name: /^Can you play, / }).waitFor();
      },
    },
    { name: 'teams', path: '/teams' },
    { name: 'team / Squad', path: team },
    ...tabScreens('team', team, [
      ['Matches', 'matches'],
      ['TopScorers', 'topscorers'],
      ['TopAssists', 'topassists'],
      ['CleanSheets', 'cleansheets'],
      ['Points', 'points'],
    ]),
    {
      // The team's League tab leads to its league's page: its own selected state lasts
      // only until that page is on screen, so the page is what to wait for.
      name: 'team / League',
      path: team,
      open: async (page: Page) => {
        await page.getByRole('tab', { name: 'League', exact: true }).click();
        await page.waitForURL((url) => url.pathname.startsWith('/leagues/'));
      },
      direct: `${team}?tab=league`,
    },
    { name: 'leagues', path: '/leagues' },
    { name: 'league / Table', path: league },
    ...tabScreens('league', league, [
      ['Matches', 'matches'],
      ['Top Scorers', 'scorers'],
      ['Top Assist.', 'assists'],
      ['Clean Sheets', 'clean_sheets'],
      ['Points', 'points'],
      ['Discipline', 'discipline'],
    ]),
    { name: 'match (past)', path: `/match/${ids.pastMatch}` },
    { name: 'match (upcoming)', path: `/match/${ids.upcomingMatch}` },
    { name: 'player', path: `/player/${encodeURIComponent(ids.player)}` },
    { name: 'coach', path: `/coach/${encodeURIComponent(ids.coach)}` },
    { name: 'outbox', path: '/outbox' },
    { name: 'not found', path: '/no-such-page' },
  ];
}

/**
 * Pages Lighthouse loads: the public screens without an opened state, and each tab at
 * the address that opens it, once per address.
 */
export function lighthousePages(ids: DemoIds): Screen[] {
  return publicScreens(ids).flatMap((screen) =>
    screen.direct ? [{ name: screen.name, path: screen.direct }] : screen.open ? [] : [screen],
  );
}

/**
 * Each role's screens. Signed in, the public screens differ only in the header (and
 * a team's star), so staff get a few of them plus their own screens.
 */
export function screensFor(role: Role, ids: DemoIds): Screen[] {
  const pub = publicScreens(ids);
  if (role === 'visitor') return pub;
  const some = [
    ...pub.filter((screen) =>
      ['home / notifications open', 'team / Squad', 'match (upcoming)', 'outbox'].includes(screen.name),
    ),
    {
      name: 'account sheet',
      path: '/',
      open: async (page: Page) => {
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('dialog', { name: 'Account' }).getByText('Change password').first().waitFor();
      },
    },
  ];
  const manager = (key: string, heading: string): Screen => ({
    name: `manager / ${key}`,
    path: `/manager/${key}`,
    open: async (page) => {
      await page.getByRole('heading', { level: 2, name: heading }).waitFor();
    },
  });
  const staff = [
    manager('match-report', 'Match Report'),
    manager('team-selection', 'Team Selection'),
    manager('availability', 'Availability'),
    manager('pending-results', 'Pending Results'),
    { name: 'admin', path: '/admin' },
  ];
  if (role === 'leagueadmin') {
    return [
      ...some,
      { name: 'manager', path: '/manager' },
      {
        name: 'manager / team-management / invite panel',
        path: '/manager',
        open: async (page) => {
          const teams = page.getByRole('region', { name: 'Teams' });
          await teams.getByRole('button', { name: /^Riverside Rovers/ }).click();
          await page.getByRole('region', { name: 'Invite to Riverside Rovers' }).waitFor();
        },
      },
      manager('leagues', 'Leagues'),
      manager('decisions', 'Needs decision'),
      { name: 'people', path: '/people' },
    ];
  }
  if (role === 'coach') {
    return [
      ...some,
      { name: 'main', path: '/main' },
      { name: 'manager', path: '/manager' },
      ...staff,
      manager('club', 'My Club'),
      {
        name: 'manager / club / answer link open',
        path: '/manager/club',
        open: async (page) => {
          const links = page.getByRole('region', { name: 'Answer links' });
          await links
            .getByRole('button', { name: /^Show link for / })
            .first()
            .click();
          await links.getByRole('button', { name: 'Copy link' }).waitFor();
        },
      },
      {
        name: 'manager / pending-results / review dialog',
        path: '/manager/pending-results',
        open: async (page) => {
          await page.getByRole('button', { name: 'Review' }).first().click();
          await page.getByRole('dialog', { name: 'Review Match Result' }).waitFor();
        },
      },
    ];
  }
  // A desk shows a table's rows as a grid, a phone as cards: either will do.
  const tables = async (page: Page, name: string) => {
    await page.getByRole('navigation', { name: 'Tables' }).getByRole('button', { name, exact: true }).click();
    await page
      .getByRole('table', { name })
      .or(page.getByRole('list', { name: `${name} rows` }))
      .first()
      .waitFor();
  };
  return [
    ...some,
    manager('team-management', 'Team Management'),
    manager('leagues', 'Leagues'),
    manager('decisions', 'Needs decision'),
    manager('overdue', 'Overdue Results'),
    ...staff,
    { name: 'people', path: '/people' },
    { name: 'admin-dashboard', path: '/admin-dashboard' },
    { name: 'admin-dashboard / players', path: '/admin-dashboard', open: (page) => tables(page, 'players') },
    {
      name: 'admin-dashboard / players / edit row',
      path: '/admin-dashboard',
      open: async (page) => {
        await tables(page, 'players');
        await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
        await page
          .getByRole('dialog', { name: /^Edit row/ })
          .or(page.getByRole('combobox', { name: 'team_id' }))
          .first()
          .waitFor();
      },
    },
    {
      name: 'admin-dashboard / league_news / insert',
      path: '/admin-dashboard',
      open: async (page) => {
        await tables(page, 'league_news');
        await page.getByRole('button', { name: 'Insert New Row' }).click();
        await page.getByRole('form', { name: /league_news/ }).waitFor();
      },
    },
  ];
}

/** Waits until no loading indicator shows and the screen has its main heading. */
async function settled(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelectorAll('.status-loading').length === 0, undefined, {
    timeout: 15_000,
  });
}

/** Opens a screen and waits for its content: the page, its state, then no spinner. */
export async function visit(page: Page, baseUrl: string, screen: Screen): Promise<void> {
  const target = new URL(screen.path, baseUrl).href;
  // An opened state starts from a fresh load, so states of one page do not add up.
  await page.goto(target);
  await settled(page);
  if (screen.open) {
    await screen.open(page);
    await settled(page);
  }
  // Let the last render finish before measuring colours (contexts reduce motion).
  await page.waitForTimeout(100);
}
