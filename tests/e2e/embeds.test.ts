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
import { embedSnippet } from '@/components/data-links';
import { DEMO_LEAGUE, DEMO_TEAM, demoToken } from './pages';

const { server, browser } = withE2E();

/** A club's site: one page that frames what the query's `src` names. */
let club: http.Server;
let clubUrl = '';

beforeAll(async () => {
  club = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://club.local');
    const frames = url.searchParams.getAll('src');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    // A page the club pasted the app's snippet into, as it is.
    const snippet = url.searchParams.get('snippet');
    if (snippet !== null) {
      response.end(
        `<!doctype html><html><body><h1>Harbour FC</h1>${snippet}<p>After the table</p></body></html>`,
      );
      return;
    }
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

  it('grows the pasted frame to the table’s height, deduction footnotes and all', async () => {
    const admin = await demoToken(server.url, 'admin@touchline.demo');
    // Enough footnotes to run past the snippet's fallback height.
    for (const reason of ['Late registration', 'Unregistered player', 'Pitch not ready']) {
      const response = await fetch(`${server.url}/api/leagues/${DEMO_LEAGUE}/deductions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ team_id: DEMO_TEAM, points: 1, reason }),
      });
      expect(response.status).toBe(201);
    }
    const snippet = embedSnippet(
      { kind: 'league', id: DEMO_LEAGUE, name: 'Metro West' },
      'light',
      server.url,
      '',
    );
    const fallback = Number(/height="(\d+)"/.exec(snippet)?.[1]);
    const { page } = browser;
    await page.goto(`${clubUrl}/?snippet=${encodeURIComponent(snippet)}`);
    const frame = page.frameLocator('iframe');
    const footnote = frame.getByText(/1 point deducted – Pitch not ready$/);
    await footnote.waitFor();

    // The embed told the host its height; the host's frame took it, above the fallback.
    const iframe = page.locator('iframe');
    await expect
      .poll(async () => (await iframe.boundingBox())?.height ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(fallback);
    const content = await frame.locator('body').evaluate((body) => body.getBoundingClientRect().height);
    const box = await iframe.boundingBox();
    expect(Math.abs((box?.height ?? 0) - Math.ceil(content))).toBeLessThanOrEqual(1);
    // Nothing cut off: the last footnote and the footer end inside the frame, with no scrolling in it.
    const inFrame = await footnote.evaluate((note) => ({
      bottom: note.getBoundingClientRect().bottom,
      height: window.innerHeight,
      scrolls: document.documentElement.scrollHeight > window.innerHeight,
    }));
    expect(inFrame.bottom).toBeLessThanOrEqual(inFrame.height);
    expect(inFrame.scrolls).toBe(false);
    await screenshot(page, 'embeds-sized-to-content');
  });
});
