/**
 * Issue #21 in Chromium: a club's website on another origin frames the league table and
 * the team's fixtures from the real server, in both themes; the app's own pages refuse
 * to be framed there.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { screenshot } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM } from './pages';

const { server, browser } = withE2E();

/** A club's site: one page that frames what the query's `src` names. */
let club: http.Server;
let clubUrl = '';

beforeAll(async () => {
  club = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://club.local');
    const frames = url.searchParams.getAll('src');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><body><h1>Harbour FC</h1>${frames
        .map(
          (src, index) =>
            `<iframe name="f${index}" src="${src.replace(/"/g, '&quot;')}" width="100%" height="420" style="border:0"></iframe>`,
        )
        .join('')}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => club.listen(0, '127.0.0.1', resolve));
  // Another origin than the app's: another host name for the same loopback address.
  clubUrl = `http://localhost:${(club.address() as AddressInfo).port}`;
});

afterAll(async () => {
  const closed = new Promise<void>((resolve) => club.close(() => resolve()));
  // This hook runs before the browser closes: its open sockets (a kept-alive connection,
  // one opened ahead with no request yet) would hold close() until the server's own
  // timeouts end them.
  club.closeAllConnections();
  await closed;
});

describe('embeds on a club website', () => {
  it('shows the league table and the fixtures framed on another origin; the app itself refuses to be framed', async () => {
    const { page } = browser;
    const table = `${server.url}/embed/leagues/${DEMO_LEAGUE}/table?theme=dark`;
    const fixtures = `${server.url}/embed/teams/${DEMO_TEAM}/fixtures?tz=Europe/London`;
    const app = `${server.url}/leagues/${DEMO_LEAGUE}`;
    expect(new URL(clubUrl).origin).not.toBe(new URL(server.url).origin);
    const query = [table, fixtures, app].map((src) => `src=${encodeURIComponent(src)}`).join('&');
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refused.push(message.text());
    });
    await page.goto(`${clubUrl}/?${query}`);

    const tableFrame = page.frameLocator('iframe[name="f0"]');
    await tableFrame.getByRole('table').waitFor();
    expect(await tableFrame.getByRole('row').count()).toBeGreaterThan(8);
    expect(await tableFrame.locator('html').getAttribute('data-theme')).toBe('dark');

    const fixturesFrame = page.frameLocator('iframe[name="f1"]');
    await fixturesFrame.getByRole('heading', { name: /: next matches$/ }).waitFor();
    expect(await fixturesFrame.getByRole('listitem').count()).toBeGreaterThan(0);
    await screenshot(page, 'embeds-on-a-club-site');

    // The app's own page stays empty in the club's frame: the browser refused it.
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(
      await page.frameLocator('iframe[name="f2"]').getByRole('heading', { name: 'Leagues' }).count(),
    ).toBe(0);
  });
});
