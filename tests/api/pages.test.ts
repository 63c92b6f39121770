/**
 * The server side of rendered pages (api/http/pages.ts): the document built around a
 * rendered page, the browser's time zone, compression, and the fall-back to the shell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../api/http/boot-script';
import { PageShell, pageHandler, scriptJson, zoneFromCookie, type ServerEntry } from '../../api/http/pages';

let dist: string;
const SHELL = `<!doctype html><html><head><title>Touchline</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body><div id="root"></div><noscript>JS</noscript></body></html>`;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-pages-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.css'), '.app-header{color:red}');
  fs.writeFileSync(path.join(dist, 'assets', 'teams-1.css'), '.team-hero{display:grid}');
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_teams-1.js': { file: 'assets/teams-1.js', css: ['assets/teams-1.css'] },
      'src/features/teams/team-page.tsx': {
        file: 'assets/team-page-1.js',
        imports: ['_react-1.js', '_teams-1.js', 'index.html'],
      },
    }),
  );
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the document of a rendered page', () => {
  it('inlines the CSS, embeds the answers, fills #root and starts the scripts after the first paint', () => {
    const shell = new PageShell(dist);
    const page = shell.page(
      {
        html: '<main>Riverside</main>',
        answers: { '/api/teams/x': { name: '</script><b>' } },
        offsets: [[1780000000000, 60]],
      },
      'src/features/teams/team-page.tsx',
      'Europe/London',
    );
    expect(page).toContain('<style>.app-header{color:red}</style>');
    expect(page).toContain('<style>.team-hero{display:grid}</style>');
    // The chunk loader must find the sheets, or it would add them again after the page's own.
    expect(page).toContain('<link rel="stylesheet" media="print" href="/assets/index-1.css">');
    expect(page).toContain('<link rel="stylesheet" media="print" href="/assets/teams-1.css">');
    expect(page).not.toContain('<link rel="stylesheet" crossorigin');
    // Nothing in <head> starts a script: the boot script after the page starts them all.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(page).toContain('<div id="root"><main>Riverside</main></div><script id="touchline-page-data"');
    const boot =
      /<script id="tl-boot" type="module" data-entry="([^"]*)" data-vendor="([^"]*)" data-preload="([^"]*)">(.*?)<\/script><noscript>JS<\/noscript><\/body>/s.exec(
        page,
      );
    expect(boot?.[1]).toBe('/assets/index-1.js');
    // The shell's preloads (the framework, evaluated first), then the page's chunks;
    // files the shell loads already only once.
    expect(boot?.[2]).toBe('/assets/react-1.js');
    expect(boot?.[3]?.split(' ')).toEqual(['/assets/team-page-1.js', '/assets/teams-1.js']);
    expect(boot?.[4]).toBe(BOOT_SCRIPT);
    const json = /<script id="touchline-page-data" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json ?? '')).toEqual({
      zone: 'Europe/London',
      answers: { '/api/teams/x': { name: '</script><b>' } },
      offsets: [[1780000000000, 60]],
    });
  });

  it('keeps JSON inside a script element from ending it', () => {
    expect(scriptJson({ a: '</script><!--\u2028' })).toBe('{"a":"\\u003c/script>\\u003c!--\\u2028"}');
  });
});

describe("the browser's time zone", () => {
  it('comes from the tz cookie when Intl knows it', () => {
    expect(zoneFromCookie('a=1; tz=America%2FNew_York; b=2')).toBe('America/New_York');
    expect(zoneFromCookie('tz=UTC')).toBe('UTC');
    expect(zoneFromCookie('tz=Mars%2FOlympus')).toBeNull();
    expect(zoneFromCookie('tz=%E0%A4%A')).toBeNull();
    expect(zoneFromCookie('xtz=UTC')).toBeNull();
    expect(zoneFromCookie(undefined)).toBeNull();
  });
});

describe('answering an app route', () => {
  const entry = (rendered: boolean): ServerEntry => ({
    pageFor: (pathname) =>
      pathname === '/manager'
        ? { page: { source: 'src/features/manager/manager-page.tsx' }, serverRendered: false }
        : { page: { source: 'src/features/teams/team-page.tsx' }, serverRendered: true },
    renderPage: async (url, zone) => {
      if (!rendered) return null;
      const redirect = /[?&]to=([^&]*)/.exec(url)?.[1];
      if (redirect !== undefined) return { redirect: decodeURIComponent(redirect) };
      return { html: `<p>${url} in ${zone}</p>`, answers: {}, offsets: [] };
    },
  });
  const app = (rendered: boolean) => {
    const handler = pageHandler(new PageShell(dist), { entry: entry(rendered), read: async () => null });
    return new Hono().get('*', handler);
  };

  it('renders a public page in the zone of the cookie, compressed as accepted', async () => {
    const response = await app(true).request('/team/x?tab=1', {
      headers: { Cookie: 'tz=Asia%2FTokyo', 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toContain('<p>/team/x?tab=1 in Asia/Tokyo</p>');

    const gzip = await app(true).request('/team/x', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<p>/team/x in ');
  });

  it("answers a page that is another's address with that page, shown at its own address", async () => {
    const response = await app(true).request(
      `/team/x?to=${encodeURIComponent('/leagues/mwpl-26?tab=matches')}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const html = await response.text();
    expect(html).toContain('<p>/leagues/mwpl-26?tab=matches in ');
    const data = JSON.parse(
      /<script id="touchline-page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
    );
    expect(data).toMatchObject({ location: '/leagues/mwpl-26?tab=matches', answers: {} });
    // A page rendered at its own address carries none.
    const own = await (await app(true).request('/leagues/mwpl-26')).text();
    expect(own).not.toContain('"location"');
  });

  it("redirects to another's address when that page is not rendered here, to a path of the site only", async () => {
    const response = await app(true).request(`/team/x?to=${encodeURIComponent('/manager')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/manager');
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const refused = await app(true).request(`/team/x?to=${encodeURIComponent(elsewhere)}`);
      expect(refused.status, elsewhere).toBe(200);
      expect(await refused.text()).toBe(SHELL);
    }
  });

  it('answers the shell for a signed-in screen and for a page that did not render', async () => {
    for (const [rendered, url] of [
      [true, '/manager'],
      [false, '/team/x'],
    ] as const) {
      const response = await app(rendered).request(url);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe(SHELL);
    }
  });
});
