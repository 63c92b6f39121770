/**
 * Reads made in process go through the server's read cache like a browser's: a page
 * rendered on the server (api/http/pages.ts) or an embed (api/http/embeds.ts) shown a
 * second time answers its API reads from the stored entries, without reaching the data
 * layer, and shows a change as soon as it is made.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import * as leagueTable from '../../api/data/league-table';
import type { ServerEntry } from '../../api/http/pages';
import { ReadCache } from '../../api/http/read-cache';
import { staticApp } from '../../api/server';
import { openAndMigrate } from '../../db/connection';
import { dataVersions } from '../../db/data-version';
import { TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { buildTinyLeague, NOW, updateTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { closeThenRemove, makeTempDir } from '../fixtures/temp-dir';

// The league table's data function, watched: how often the table is built from the database.
vi.mock('../../api/data/league-table', async (importOriginal) => {
  const actual = await importOriginal<typeof leagueTable>();
  return { ...actual, leagueStandings: vi.fn(actual.leagueStandings) };
});

const SHELL = `<!doctype html><html><head><title>Touchline</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
</head><body><div id="root"></div></body></html>`;

const TABLE = '/api/leagues/tl-26/table';

/** A renderer whose one page shows the tiny league's table, read through what the server gives it. */
const entry: ServerEntry = {
  pageFor: (pathname) =>
    pathname === '/leagues/tl-26' ? { page: { source: 'src/league-page.tsx' }, serverRendered: true } : null,
  async renderPage(_url, _zone, read) {
    const table = (await read(TABLE)) as { standings: { team_name: string }[] } | null;
    const names = table?.standings.map((row) => row.team_name).join(', ') ?? 'no table';
    return { html: `<main>${names}</main>`, answers: { [TABLE]: table }, offsets: [] };
  },
};

const s = withFixture(async () => {
  const connection = await openAndMigrate(':memory:');
  await buildTinyLeague(connection.db);
  const dist = makeTempDir('in-process');
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  const cache = new ReadCache({ versions: dataVersions(connection.sqlite) });
  const options = {
    jwtSecret: TEST_SECRET,
    imagesDir: dist,
    passwordCost: TEST_PASSWORD_COST,
    now: () => NOW,
  };
  const app = createApp(connection.db, options, cache);
  cache.serveInProcess(app);
  // Where the server has a read cache, the fallback read is never asked.
  const fallback = { reads: 0 };
  const read = () => {
    fallback.reads += 1;
    return Promise.reject(new Error('read past the read cache'));
  };
  app.route('/', staticApp(dist, { entry, read }));
  return {
    connection,
    cache,
    app,
    fallback,
    close: closeThenRemove(connection, dist),
  };
});

const standingsBuilt = () => vi.mocked(leagueTable.leagueStandings).mock.calls.length;

async function renamed(name: string) {
  await updateTeam(s.connection.db, 'north.town', { team_name: name });
}

describe('reads made in process', () => {
  it('answer an embed shown again from the read cache, and show a change at once', async () => {
    const embed = () => s.app.request('http://club.test/embed/leagues/tl-26/table');
    const built = standingsBuilt();
    const first = await embed();
    expect(first.status).toBe(200);
    const firstText = await first.text();
    expect(firstText).toContain('North Town');
    expect(standingsBuilt()).toBe(built + 1);
    const { hits } = s.cache.stats();

    const second = await embed();
    expect(await second.text()).toBe(firstText);
    expect(standingsBuilt()).toBe(built + 1);
    // The league and its table, both answered from their entries.
    expect(s.cache.stats().hits).toBe(hits + 2);

    await renamed('North Town Embedded');
    expect(await (await embed()).text()).toContain('North Town Embedded');
    expect(standingsBuilt()).toBe(built + 2);
  });

  it('answer a server-rendered page shown again from the read cache, and show a change at once', async () => {
    const page = async () => (await s.app.request('/leagues/tl-26')).text();
    // Not what the test before left in the cache.
    await renamed('North Town Paged');
    const built = standingsBuilt();
    const first = await page();
    expect(first).toContain('<div id="root"><main>North Town Paged');
    expect(standingsBuilt()).toBe(built + 1);

    expect(await page()).toBe(first);
    expect(standingsBuilt()).toBe(built + 1);

    await renamed('North Town Rendered');
    expect(await page()).toContain('<main>North Town Rendered');
    expect(standingsBuilt()).toBe(built + 2);
    expect(s.fallback.reads).toBe(0);
  });

  it('keep what they build for a browser asking the same URL, and take what a browser built', async () => {
    const fromPage = await s.cache.request(TABLE);
    const { hits } = s.cache.stats();
    const again = await s.cache.request(TABLE);
    expect(s.cache.stats().hits).toBe(hits + 1);
    expect(again.headers.get('etag')).toBe(fromPage.headers.get('etag'));
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await fromPage.arrayBuffer()))).toBe(
      true,
    );
    // The entry holds every header the app gave, the security headers with them.
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
