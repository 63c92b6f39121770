/**
 * GET /api/images/{teams,players,coaches}/{file}: served files, the default
 * headshot fallback, the file-name rule and every path traversal we could think of.
 * The images folder sits one level below a scratch root so that secrets can be
 * planted one and two levels above a kind's folder without touching the shared /tmp.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE } from '../../api/http/cache';
import { imageRoutes, MAX_IMAGE_BYTES, sanitiseImageName, SVG_CSP } from '../../api/routes/images';
import { makeTestApp, routerHost, type TestApp } from '../fixtures/app';

const BUNDLED_DEFAULT = fs.readFileSync(new URL('../../api/assets/default.jpg', import.meta.url));
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

interface ImagesApp extends TestApp {
  /** scratch root: the images folder is `root/images` */
  root: string;
  secret: string;
}

async function makeImagesApp(): Promise<ImagesApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-images-test-'));
  const imagesDir = path.join(root, 'images');
  for (const kind of ['teams', 'players', 'coaches'])
    fs.mkdirSync(path.join(imagesDir, kind), { recursive: true });
  const test = await makeTestApp({ imagesDir });
  // Secrets one and two levels above every kind's folder, with extensions that would be served.
  const secret = `TOP-SECRET-${crypto.randomUUID()}`;
  for (const dir of [imagesDir, root]) {
    for (const name of ['secret.txt', 'secret.svg', 'secret.png', 'secret.jpg']) {
      fs.writeFileSync(path.join(dir, name), secret);
    }
  }
  return { ...test, imagesDir, root, secret };
}

let t: ImagesApp;
beforeEach(async () => {
  t = await makeImagesApp();
});
afterEach(async () => {
  await t.close();
  fs.rmSync(t.root, { recursive: true, force: true });
});

function put(relative: string, content: string | Uint8Array) {
  const file = path.join(t.imagesDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function expectDefault(response: Response, expected: Buffer = BUNDLED_DEFAULT) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/jpeg');
  expect((await bytesOf(response)).equals(expected)).toBe(true);
}

describe('the bundled default image', () => {
  it('is a real 256×256 JPEG', () => {
    expect([...BUNDLED_DEFAULT.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...BUNDLED_DEFAULT.subarray(-2)]).toEqual([0xff, 0xd9]);
    // The baseline start-of-frame marker carries the height then the width.
    const sof = BUNDLED_DEFAULT.indexOf(Buffer.from([0xff, 0xc0]));
    expect(sof).toBeGreaterThan(0);
    expect(BUNDLED_DEFAULT.readUInt16BE(sof + 5)).toBe(256);
    expect(BUNDLED_DEFAULT.readUInt16BE(sof + 7)).toBe(256);
    expect(BUNDLED_DEFAULT.length).toBeLessThan(50_000);
  });
});

describe('GET /api/images/:kind/:file', () => {
  it('serves an SVG crest with nosniff and the long image cache', async () => {
    put('teams/x.svg', SVG);
    const response = await t.app.request('/api/images/teams/x.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe(CACHE.images);
    // The app's page policy must not replace the stricter one an SVG needs.
    expect(response.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(await response.text()).toBe(SVG);
  });

  it('serves PNG and JPEG photos with their types and bytes', async () => {
    put('players/p.png', PNG);
    put('coaches/c.jpg', JPEG);
    const png = await t.app.request('/api/images/players/p.png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe(CACHE.images);
    expect((await bytesOf(png)).equals(PNG)).toBe(true);

    const jpg = await t.app.request('/api/images/coaches/c.jpg');
    expect(jpg.status).toBe(200);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect((await bytesOf(jpg)).equals(JPEG)).toBe(true);
  });

  it('maps every served extension, whatever its case', async () => {
    const cases: [string, string][] = [
      ['a.jpeg', 'image/jpeg'],
      ['b.webp', 'image/webp'],
      ['c.gif', 'image/gif'],
      ['D.PNG', 'image/png'],
      ['e.SVG', 'image/svg+xml'],
    ];
    for (const [name, type] of cases) {
      put(`players/${name}`, `content of ${name}`);
      const response = await t.app.request(`/api/images/players/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe(type);
      expect(await response.text(), name).toBe(`content of ${name}`);
    }
  });

  it('serves the bundled default.jpg for a missing file, revalidated so an upload shows up', async () => {
    for (const kind of ['teams', 'players', 'coaches']) {
      const response = await t.app.request(`/api/images/${kind}/nobody.svg`);
      expect(response.headers.get('cache-control'), kind).toBe(CACHE.revalidate);
      await expectDefault(response);
    }
  });

  it('serves the default, never the content, for an extension that is not an image', async () => {
    for (const name of ['notes.txt', 'page.html', 'script.js', 'noextension', 'x.svg.html', 'x.svgz']) {
      put(`teams/${name}`, '<script>alert(1)</script>');
      await expectDefault(await t.app.request(`/api/images/teams/${name}`));
    }
  });

  it("prefers a league's own default.jpg in that kind's folder", async () => {
    const own = Buffer.concat([JPEG, Buffer.from('league default')]);
    put('players/default.jpg', own);
    await expectDefault(await t.app.request('/api/images/players/missing.png'), own);
    await expectDefault(await t.app.request('/api/images/players/default.jpg'), own);
    // The other kinds still fall back to the bundled one.
    await expectDefault(await t.app.request('/api/images/coaches/missing.png'));
  });

  it('treats directories and files over 5 MB as missing', async () => {
    fs.mkdirSync(path.join(t.imagesDir, 'teams', 'folder.svg'));
    await expectDefault(await t.app.request('/api/images/teams/folder.svg'));

    const big = path.join(t.imagesDir, 'teams', 'big.png');
    fs.writeFileSync(big, PNG);
    fs.truncateSync(big, MAX_IMAGE_BYTES + 1);
    await expectDefault(await t.app.request('/api/images/teams/big.png'));
    fs.truncateSync(big, MAX_IMAGE_BYTES);
    const atLimit = await t.app.request('/api/images/teams/big.png');
    expect(atLimit.headers.get('content-type')).toBe('image/png');
    expect((await bytesOf(atLimit)).length).toBe(MAX_IMAGE_BYTES);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    put('teams/x.svg', SVG);
    const first = await t.app.request('/api/images/teams/x.svg');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await t.app.request('/api/images/teams/x.svg', { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(CACHE.images);
  });

  it('replaces every character outside word characters, dot and hyphen with an underscore', async () => {
    put('teams/a_b.svg', 'a_b');
    put('teams/_t_.svg', 'ete');
    put('teams/_.svg', 'ball');
    put('teams/riverside.rovers-2.svg', 'rovers');
    expect(await (await t.app.request('/api/images/teams/a%20b.svg')).text()).toBe('a_b');
    expect(await (await t.app.request('/api/images/teams/a+b.svg')).text()).toBe('a_b');
    expect(await (await t.app.request(`/api/images/teams/${encodeURIComponent('été.svg')}`)).text()).toBe(
      'ete',
    );
    // One underscore per character: the football is two UTF-16 units but one code point.
    expect(await (await t.app.request(`/api/images/teams/${encodeURIComponent('⚽.svg')}`)).text()).toBe(
      'ball',
    );
    expect(await (await t.app.request('/api/images/teams/riverside.rovers-2.svg')).text()).toBe('rovers');
  });

  it('keeps the rule as a pure function', () => {
    expect(sanitiseImageName('riverside.rovers.svg')).toBe('riverside.rovers.svg');
    expect(sanitiseImageName('a b.svg')).toBe('a_b.svg');
    expect(sanitiseImageName('../x.svg')).toBeNull();
    expect(sanitiseImageName('x/../../y.svg')).toBe('x_.._.._y.svg');
    expect(sanitiseImageName('..\\x.svg')).toBeNull();
    expect(sanitiseImageName('.')).toBeNull();
    expect(sanitiseImageName('..')).toBeNull();
    expect(sanitiseImageName('.hidden.svg')).toBeNull();
    expect(sanitiseImageName('')).toBeNull();
    expect(sanitiseImageName('/etc/passwd')).toBe('_etc_passwd');
    expect(sanitiseImageName('x\u0000.svg')).toBe('x_.svg');
    expect(sanitiseImageName('a'.repeat(200))).toBe('a'.repeat(200));
    expect(sanitiseImageName('a'.repeat(201))).toBeNull();
  });

  it('answers 400 for names that cannot be a file and 404 for unknown kinds', async () => {
    for (const name of ['.hidden.svg', '.svg', `${'a'.repeat(197)}.svg`]) {
      const response = await t.app.request(`/api/images/teams/${name}`);
      expect(response.status, name).toBe(400);
      expect(await response.json()).toEqual({ detail: 'Invalid image file name' });
    }
    expect((await t.app.request(`/api/images/teams/${'a'.repeat(196)}.svg`)).status).toBe(200);
    const unknown = await t.app.request('/api/images/secrets/x.svg');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: expect.stringContaining('Not found') });
  });

  it('never reads outside the kind folder, whatever the name', async () => {
    const secretAbsolute = path.join(t.root, 'secret.svg');
    const variants = [
      '..',
      '../secret.svg',
      '../../secret.svg',
      '%2e%2e',
      '%2e%2e/secret.svg',
      '%2e%2e%2fsecret.svg',
      '%2e%2e%2f%2e%2e%2fsecret.svg',
      '%2E%2E%2Fsecret.svg',
      '..%2fsecret.svg',
      '..%2f..%2fsecret.svg',
      '..%2F..%2Fsecret.png',
      '%2fsecret.svg',
      '%2f..%2f..%2fsecret.svg',
      'x%2f..%2f..%2fsecret.svg',
      '..%5csecret.svg',
      '..%5c..%5csecret.svg',
      '%5c..%5csecret.svg',
      '..\\secret.svg',
      '..\\..\\secret.svg',
      '%00',
      '..%00',
      'secret.svg%00',
      '..%00%2fsecret.svg',
      '..%2f%00secret.svg',
      '%252e%252e%252fsecret.svg',
      '%c0%ae%c0%ae%c0%afsecret.svg',
      encodeURIComponent('．．／secret.svg'),
      encodeURIComponent('‥/secret.svg'),
      encodeURIComponent('..／secret.svg'),
      '..%2f'.repeat(60) + 'secret.svg',
      'a'.repeat(5000) + '.svg',
      encodeURIComponent(secretAbsolute),
      encodeURIComponent(path.join(t.imagesDir, 'secret.jpg')),
      '%2fetc%2fpasswd',
      'C:%5CWindows%5Cwin.ini',
      'C:..%5csecret.svg',
      'file:%2f%2f%2fetc%2fpasswd',
      '~%2f..%2fsecret.svg',
      '.secret.svg',
      '....%2f%2fsecret.svg',
      '.%2e/secret.svg',
    ];
    for (const kind of ['teams', 'players', 'coaches']) {
      for (const variant of variants) {
        const url = `/api/images/${kind}/${variant}`;
        const response = await t.app.request(url);
        const body = await bytesOf(response);
        const label = `${url} → ${response.status}`;
        expect(body.includes(t.secret), label).toBe(false);
        expect([200, 400, 404], label).toContain(response.status);
        if (response.status === 200) {
          expect(response.headers.get('content-type'), label).toBe('image/jpeg');
          expect(body.equals(BUNDLED_DEFAULT), label).toBe(true);
        } else {
          expect(response.headers.get('content-type'), label).toContain('application/json');
          expect(JSON.parse(body.toString('utf8')), label).toEqual({ detail: expect.any(String) });
        }
      }
    }
  });
});

/** A PNG's size, from its header chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('GET /api/images/:kind/:file?box=N', () => {
  const TALL =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140"><rect width="120" height="140" fill="#c00"/></svg>';
  const WIDE =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#00c"/></svg>';

  it('draws an SVG picture as a PNG that fits the square, keeping its proportions', async () => {
    put('teams/tall.svg', TALL);
    put('teams/wide.svg', WIDE);
    put('teams/square.svg', SVG);
    for (const [file, box, size] of [
      ['tall.svg', 64, [55, 64]],
      ['wide.svg', 64, [64, 32]],
      ['square.svg', 16, [16, 16]],
      ['tall.svg', 512, [439, 512]],
    ] as const) {
      const response = await t.app.request(`/api/images/teams/${file}?box=${box}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toBe('image/png');
      expect(response.headers.get('cache-control'), file).toBe(CACHE.images);
      expect(response.headers.get('x-content-type-options'), file).toBe('nosniff');
      // A PNG is no document: the page's policy, not the SVG's sandbox.
      expect(response.headers.get('content-security-policy'), file).not.toBe(SVG_CSP);
      const [width, height] = pngSize(await bytesOf(response));
      expect(Math.abs(width - size[0]), `${file} width ${width}`).toBeLessThanOrEqual(1);
      expect(height, file).toBe(size[1]);
    }
  });

  it('answers the same drawing again, and a 304 to its ETag', async () => {
    put('teams/tall.svg', TALL);
    const first = await t.app.request('/api/images/teams/tall.svg?box=48');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await t.app.request('/api/images/teams/tall.svg?box=48');
    expect((await bytesOf(again)).equals(await bytesOf(first))).toBe(true);
    const unchanged = await t.app.request('/api/images/teams/tall.svg?box=48', {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(unchanged.status).toBe(304);
    // A new picture under the same name is drawn anew.
    put('teams/tall.svg', WIDE);
    const replaced = await t.app.request('/api/images/teams/tall.svg?box=48');
    expect(pngSize(await bytesOf(replaced))).toEqual([48, 24]);
  });

  it('serves other pictures, an undrawable SVG and the default as they are', async () => {
    put('players/p.png', PNG);
    put('teams/broken.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect');
    const png = await t.app.request('/api/images/players/p.png?box=64');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await bytesOf(png)).equals(PNG)).toBe(true);
    const broken = await t.app.request('/api/images/teams/broken.svg?box=64');
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toBe('image/svg+xml');
    expect(broken.headers.get('content-security-policy')).toBe(SVG_CSP);
    await expectDefault(await t.app.request('/api/images/teams/missing.svg?box=64'));
  });

  it('refuses a box that is no whole number from 16 to 512, and draws nothing', async () => {
    put('teams/x.svg', SVG);
    for (const box of ['abc', '0', '8', '15', '513', '64.5', '-64', '']) {
      const response = await t.app.request(`/api/images/teams/x.svg?box=${box}`);
      expect(response.status, box).toBe(400);
      const body = (await response.json()) as { detail: string };
      expect(body.detail, box).toMatch(/box/);
    }
    const twice = await t.app.request('/api/images/teams/x.svg?box=32&box=64');
    expect(twice.status).toBe(400);
  });
});

describe('the images router on its own', () => {
  // createApp's secureHeaders sets the page CSP on every answer; this checks what
  // the router itself asks for, whatever the outer app then does with it.
  it('asks for a sandboxing CSP on SVG and none on raster images', async () => {
    put('teams/x.svg', SVG);
    put('teams/y.png', PNG);
    const app = routerHost(t.connection.db, {
      now: () => new Date(),
      imagesDir: t.imagesDir,
      allowPrivateFeedTargets: false,
    }).route('/api', imageRoutes);
    const svg = await app.request('/api/images/teams/x.svg');
    expect(svg.headers.get('content-security-policy')).toBe(SVG_CSP);
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    const png = await app.request('/api/images/teams/y.png');
    expect(png.headers.get('content-security-policy')).toBeNull();
    const fallback = await app.request('/api/images/teams/z.svg');
    expect(fallback.headers.get('content-type')).toBe('image/jpeg');
    expect(fallback.headers.get('content-security-policy')).toBeNull();
  });
});
