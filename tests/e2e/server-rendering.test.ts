/**
 * Public pages rendered on the server (issue #16), against the real built app and server:
 * - the first answer already holds the page's content, its CSS inlined and its data
 *   embedded, compressed; staff screens get the shell;
 * - in Chromium the page hydrates with no console error and no API request of its own
 *   (the service worker is kept away: its first-control refresh is a separate feature),
 *   and it works afterwards (tabs, links);
 * - a visitor in another time zone and a signed-in user get the page rendered afresh by
 *   the browser, with their own dates and their own header, still without an error.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM, demoToken } from './pages';

const server = withServer();
let browser: Browser;
let profile: string;

beforeAll(async () => {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-ssr-'));
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(profile, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  errors: string[];
  /** API paths the page requested (images aside). */
  api: string[];
  close(): Promise<void>;
}

async function visit(pathname: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  const api: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/images/')) {
      api.push(url.pathname + url.search);
    }
  });
  await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
  return { page, errors, api, close: () => context.close() };
}

async function html(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}${pathname}`, { headers });
}

const PAGE_DATA = /<script id="touchline-page-data" type="application\/json">(.*?)<\/script>/s;

/** The browser's tz cookie comes to name `zone`, for the pages the server renders next. */
async function expectZoneNamed(page: Page, zone: string): Promise<void> {
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'tz')?.value)
    .toBe(encodeURIComponent(zone));
}

describe('the first answer of a public page', () => {
  it('holds the league table, with its data, inlined CSS and the page scripts to start', async () => {
    const response = await html(`/leagues/${DEMO_LEAGUE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = await response.text();
    const root = text.slice(text.indexOf('<div id="root">'));
    expect(root).toContain('<table');
    expect(root).toContain('Riverside Rovers');
    // The calendar and downloads come with the page (its script, once the page runs), the
    // links from the site's root until then.
    expect(root).toContain('Calendar and downloads');
    expect(root).toContain(`href="/api/leagues/${DEMO_LEAGUE}/calendar.ics"`);
    expect(text).not.toMatch(/<link rel="stylesheet" crossorigin/);
    expect(text).toMatch(/<style>[^<]*\.app-header\{/);
    expect(text).toMatch(
      /<script id="tl-boot" type="module" data-entry="\/assets\/index-[^"]+\.js" data-vendor="[^"]*" data-preload="[^"]*\/assets\/league-page-[^"]+\.js/,
    );
    const data = JSON.parse(PAGE_DATA.exec(text)?.[1] ?? 'null') as { answers: Record<string, unknown> };
    const paths = Object.keys(data.answers);
    expect(paths).toContain(`/api/leagues/${DEMO_LEAGUE}`);
    expect(paths.some((key) => key.startsWith(`/api/leagues/${DEMO_LEAGUE}/table`))).toBe(true);
  });

  it('holds a team, a match and a player with their names', async () => {
    const team = await (await html(`/team/${DEMO_TEAM}`)).text();
    expect(team).toMatch(/<h1[^>]*>Riverside Rovers<\/h1>/);
    const { matches } = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}/matches`)).json()) as {
      matches: { id: number; home_team_name: string; away_team_name: string }[];
    };
    const match = matches[0];
    if (!match) throw new Error('The demo team has matches');
    const matchPage = await (await html(`/match/${match.id}`)).text();
    expect(matchPage).toContain(match.home_team_name);
    expect(matchPage).toContain(match.away_team_name);
    const { players } = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}/roster`)).json()) as {
      players: { id: string; name: string }[];
    };
    const player = players[0];
    if (!player) throw new Error('The demo team has players');
    expect(await (await html(`/player/${player.id}`)).text()).toContain(player.name);
  });

  it('comes compressed to browsers that accept it', async () => {
    const response = await html('/leagues', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    expect(await response.text()).toContain('<div id="root"><');
    const asset = (await html('/leagues')).headers;
    expect(asset.get('content-type')).toContain('text/html');
  });

  it('is the shell for signed-in screens and for a page whose data is missing', async () => {
    for (const pathname of ['/manager', '/admin', '/player/no.such.player']) {
      const text = await (await html(pathname)).text();
      expect(text, pathname).toContain('<div id="root"></div>');
      expect(text, pathname).not.toMatch(PAGE_DATA);
    }
  });
});

describe('in Chromium', () => {
  const pages = [
    '/',
    '/leagues',
    `/leagues/${DEMO_LEAGUE}`,
    '/teams',
    `/team/${DEMO_TEAM}`,
    '/login',
    '/outbox',
  ];

  it('hydrates every public page without an error or a request of its own', async () => {
    // The team page's "Latest" aside (last result, news) and the squad's suspension badges
    // load once the page runs, by design (the first route's JavaScript budget).
    const later: Record<string, RegExp> = {
      [`/team/${DEMO_TEAM}`]:
        /^\/api\/(teams\/[^/]+\/matches\?past=true&limit=1&sort=desc|mwpl_news|teams\/[^/]+\/suspensions)$/,
    };
    for (const pathname of pages) {
      const page = await visit(pathname);
      try {
        expect(page.errors, pathname).toEqual([]);
        const own = page.api.filter((request) => !later[pathname]?.test(request));
        expect(own, pathname).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it("shows a team's League tab as its league's page from the first answer, at the league's address", async () => {
    const first = await fetch(`${server.url}/team/${DEMO_TEAM}?tab=league`, { redirect: 'manual' });
    expect(first.status).toBe(200);
    const { league_id } = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}`)).json()) as {
      league_id: string;
    };
    const documents: string[] = [];
    const visited = await visit(`/team/${DEMO_TEAM}?tab=league`);
    const { page, errors, api, close } = visited;
    try {
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      expect(new URL(page.url()).pathname).toBe(`/leagues/${league_id}`);
      await expect(
        page.getByRole('table').getByRole('link', { name: 'Riverside Rovers' }).isVisible(),
      ).resolves.toBe(true);
      expect(await page.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
      expect(errors).toEqual([]);
      expect(api).toEqual([]);
      // Hydrated at that address: its tabs work in place, with no document loaded again.
      await page.getByRole('tab', { name: 'Matches' }).click();
      await page.waitForURL((url) => url.search === '?tab=matches');
      expect(documents).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens a tab tapped right after the first paint, on a phone-slow CPU, while the page hydrates', async () => {
    for (const [pathname, tab, opened] of [
      [`/leagues/${DEMO_LEAGUE}`, 'Matches', '?tab=matches'],
      [`/team/${DEMO_TEAM}`, 'Matches', '?tab=matches'],
      [`/team/${DEMO_TEAM}`, 'TopScorers', '?tab=topscorers'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${server.url}${pathname}`, { waitUntil: 'commit' });
        await page.waitForFunction(
          () => performance.getEntriesByName('first-contentful-paint').length > 0,
          null,
          {
            polling: 'raf',
          },
        );
        // Whatever the page has reached (its script not yet run, hydrating, or done), the tap counts.
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).search, pathname).toBe(opened);
        const panel = page.getByRole('tabpanel');
        await expect
          .poll(async () => (await panel.innerText()).trim().length, { timeout: 15_000 })
          .toBeGreaterThan(0);
        await expect.poll(() => panel.getByText(/Loading/).count(), { timeout: 15_000 }).toBe(0);
        expect(errors, pathname).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('works once hydrated: a tab opens and loads, a link leads on', async () => {
    const { page, errors, api, close } = await visit(`/leagues/${DEMO_LEAGUE}`);
    try {
      await page.getByRole('tab', { name: 'Matches' }).click();
      await page.getByRole('tab', { name: 'Matches', selected: true }).waitFor();
      await expect.poll(() => api.some((request) => request.includes('/matches'))).toBe(true);
      await page.getByRole('link', { name: '← View All Leagues' }).click();
      await page.getByRole('heading', { name: 'Leagues' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('loads the pictures in view once hydrated, and the others as they are scrolled near', async () => {
    const { page, errors, close } = await visit(`/leagues/${DEMO_LEAGUE}?tab=scorers`);
    const images: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/images/players/')) images.push(url.pathname);
    });
    try {
      const rows = page.locator('main .person-photo');
      const pictures = () => rows.evaluateAll((nodes) => nodes.map((node) => node.tagName));
      await expect.poll(async () => (await pictures()).includes('IMG')).toBe(true);
      // The first rows are pictures; rows a screen further down are still placeholders, named alike.
      await page.waitForTimeout(500);
      const first = await pictures();
      expect(first[0]).toBe('IMG');
      expect(first.at(-1)).toBe('SPAN');
      expect(await rows.last().getAttribute('aria-label')).toMatch(/\S/);
      const before = images.length;
      await rows.last().scrollIntoViewIfNeeded();
      await expect.poll(async () => (await pictures()).at(-1)).toBe('IMG');
      expect(images.length).toBeGreaterThan(before);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  // Retried once: one CI run on two starved cores saw a shift of 0.005 (a bottom-bar link
  // and its icon, same height and row) that never came back in runs here, idle or with both
  // cores kept busy. A shift the page really makes fails both tries; the rectangles printed
  // below say what moved.
  it(
    "moves nothing on a team's page when its worker takes control, nor when the worker serves it",
    { retry: 1 },
    async () => {
      // The 'Save for offline' row is offered only where a worker serves the saved copy:
      // added once the page ran, it pushed the tabs down (a layout shift of 0.034).
      const context = await browser.newContext({ viewport: PHONE });
      await context.addInitScript(() => {
        interface Shift extends PerformanceEntry {
          value: number;
          sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        }
        const shifts: { value: number; moved: string[] }[] = [];
        (window as unknown as { shifts: typeof shifts }).shifts = shifts;
        const name = (node: Node | undefined) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
            : String(node);
        new PerformanceObserver((list) => {
          // Only once the document is parsed, where the app's scripts run: a browser short of
          // CPU may paint a page it is still parsing, and the header's last link then arrives
          // in a later frame (seen once in a CI run: 0.0006, the search and bell icons).
          const parsed = performance.getEntriesByType('navigation')[0] as
            PerformanceNavigationTiming | undefined;
          for (const entry of list.getEntries() as Shift[]) {
            if (
              parsed === undefined ||
              parsed.domInteractive === 0 ||
              entry.startTime < parsed.domInteractive
            ) {
              continue;
            }
            shifts.push({
              value: entry.value,
              moved: (entry.sources ?? []).map(
                (source) =>
                  `${name(source.node)} at ${source.previousRect.x},${source.previousRect.y}→${source.currentRect.x},${source.currentRect.y} (${source.previousRect.width}×${source.previousRect.height}→${source.currentRect.width}×${source.currentRect.height})`,
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      // Shifts a visitor could see. The row this guards against pushed the tabs down by 0.034;
      // a CI run once saw 0.00002, far too small to see; were a larger one to come, what moved is printed.
      const shifts = async () =>
        (
          await page.evaluate(
            () => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts,
          )
        ).filter((shift) => shift.value >= 0.001);
      const offlineRow = page.locator('header .team-offline');
      try {
        // A first visit: the server's page, hydrated; the worker it installs takes control.
        await page.goto(`${server.url}/team/${DEMO_TEAM}`, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await page.waitForTimeout(500);
        expect(await offlineRow.count()).toBe(0);
        expect(await shifts()).toEqual([]);
        // The next visit: the worker serves the app's shell, which renders the row at once.
        await page.reload({ waitUntil: 'networkidle' });
        const button = page.getByRole('button', { name: 'Save for offline' });
        await expect.poll(() => button.isEnabled()).toBe(true);
        await button.click();
        await page.getByRole('status').filter({ hasText: 'Saved just now' }).waitFor();
        expect(await offlineRow.count()).toBe(1);
        expect(await shifts()).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('keeps what is typed into the sign-in form before its script has run, and signs in', async () => {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      // The scripts arrive late, as on a slow link: the server's form is all there is meanwhile.
      await page.route('**/assets/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
      await page.getByLabel('Email').fill('coach@touchline.demo');
      await page.getByLabel('Password').fill('touchline-demo');
      // Not sendable yet: a native submission would put the password in the URL.
      expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(page.url()).not.toContain('touchline-demo');
    } finally {
      await context.close();
    }
  });

  it("renders afresh for a visitor in another time zone, with that zone's times", async () => {
    const { matches } = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}/matches`)).json()) as {
      matches: { id: number; date: string }[];
    };
    const match = matches.at(-1);
    if (!match) throw new Error('The demo team has matches');
    const zone = 'Pacific/Kiritimati'; // UTC+14: every kick-off time differs from the server's
    const local = new Date(match.date).toLocaleString('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: '2-digit',
    });
    const { page, errors, close } = await visit(`/match/${match.id}`, { timezoneId: zone });
    try {
      await expect.poll(async () => (await page.locator('main').textContent()) ?? '').toContain(local);
      expect(errors).toEqual([]);
      // The next page the server renders for this browser is in its zone already (the
      // zone is named once the page is idle).
      await expectZoneNamed(page, zone);
    } finally {
      await close();
    }
  });

  it("hydrates the league's calendar and downloads once their chunk is in, with whole addresses", async () => {
    const { page, errors, api, close } = await visit(`/leagues/${DEMO_LEAGUE}?tab=discipline`);
    try {
      const subscribe = page.getByRole('link', { name: 'Subscribe in your calendar' });
      await expect.poll(() => subscribe.getAttribute('href')).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\//);
      const code = page.getByRole('textbox', { name: 'Code to paste into your website' });
      await expect.poll(() => code.inputValue()).toContain(`src="${server.url}/embed/leagues/`);
      expect(api).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("hydrates a page whose dates read alike in the visitor's zone, and names the zone for later", async () => {
    // The league table shows no date: nothing on it differs in UTC+14.
    const zone = 'Pacific/Kiritimati';
    const { page, errors, api, close } = await visit(`/leagues/${DEMO_LEAGUE}`, { timezoneId: zone });
    try {
      await page.locator('html[data-ready]').waitFor();
      expect(api).toEqual([]);
      expect(errors).toEqual([]);
      await expectZoneNamed(page, zone);
    } finally {
      await close();
    }
  });

  it('renders afresh for a signed-in user, with their header', async () => {
    const token = await demoToken(server.url, 'coach@touchline.demo');
    const { user } = (await (
      await fetch(`${server.url}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { user: { name: string } };
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    await context.addInitScript(
      ([stored, signedIn]) => {
        localStorage.setItem('authToken', stored);
        localStorage.setItem('userData', signedIn);
      },
      [token, JSON.stringify(user)] as const,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${server.url}/leagues`);
      await page.getByRole('button', { name: 'Log out' }).waitFor();
      await expect.poll(() => page.locator('.greeting strong').textContent()).toBe(user.name);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
