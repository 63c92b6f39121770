/**
 * The built app is an installable PWA: its manifest, its generated icons, a service
 * worker that controls the page and precaches the icons, Chromium's own installability
 * verdict, and the install bar Chromium lets the page show.
 */
import { describe, expect, it } from 'vitest';
import { decodePng } from '../build/decode-png';
import { withE2E } from './fixtures';
import { DESK, screenshot } from './harness';

const INSTALL_TEXT = 'Install Touchline for quick access, even offline.';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}

describe('the installable app', () => {
  const { server, browser } = withE2E();
  let manifest: Manifest;

  it('serves the web app manifest', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    manifest = (await response.json()) as Manifest;
    const icon192 = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Touchline',
      short_name: 'Touchline',
      description: 'Tables, fixtures, results and squads of your amateur football league.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f5132',
      background_color: '#f4f6f5',
      icons: [
        icon192,
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Leagues', url: '/leagues', icons: [icon192] },
        { name: 'Manage', url: '/manager', icons: [icon192] },
      ],
    });
  });

  it('links the manifest, the favicon and the iOS icon from the page', async () => {
    const { page } = browser;
    await page.goto(server.url);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href'),
      icon: document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute('href'),
      appleTouchIcon: document
        .querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')
        ?.getAttribute('href'),
      description: document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      icon: '/favicon.svg',
      appleTouchIcon: '/apple-touch-icon.png',
      description: manifest.description,
      themeColor: manifest.theme_color,
    });
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('serves every icon as a PNG of its size, which the browser decodes', async () => {
    const icons = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons),
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'ios' },
    ];
    for (const icon of icons) {
      const response = await fetch(`${server.url}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      const image = decodePng(new Uint8Array(await response.arrayBuffer()));
      expect(`${image.width}x${image.height}`, icon.src).toBe(icon.sizes);
      // iOS shows transparency as black: its icon has no alpha channel.
      if (icon.src === '/apple-touch-icon.png') expect(image.colourType).toBe(2);
    }
    const decoded = await browser.page.evaluate(
      async (sources) => {
        const sizes: string[] = [];
        for (const src of sources) {
          const image = new Image();
          image.src = src;
          await image.decode();
          sizes.push(`${image.naturalWidth}x${image.naturalHeight}`);
        }
        return sizes;
      },
      icons.map((icon) => icon.src),
    );
    expect(decoded).toEqual(icons.map((icon) => icon.sizes));
  });

  it('draws the PNG icon as the browser draws favicon.svg', async () => {
    // Both come from build/icon/shapes.ts; Chromium's SVG renderer checks our rasteriser.
    const difference = await browser.page.evaluate(async () => {
      const draw = async (src: string) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = 192;
        canvas.height = 192;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D canvas');
        context.drawImage(image, 0, 0, 192, 192);
        return context.getImageData(0, 0, 192, 192).data;
      };
      const [svg, png] = await Promise.all([draw('/favicon.svg'), draw('/icons/icon-192.png')]);
      let total = 0;
      let far = 0;
      for (let i = 0; i < svg.length; i++) {
        const delta = Math.abs((svg[i] ?? 0) - (png[i] ?? 0));
        total += delta;
        if (delta > 64) far++;
      }
      return { mean: total / svg.length, far: far / svg.length };
    });
    // Edges are anti-aliased a little differently; the shapes must be the same.
    expect(difference.mean).toBeLessThan(1);
    expect(difference.far).toBeLessThan(0.002);
  });

  it('is controlled by the service worker, which has precached the icons', async () => {
    const { page } = browser;
    await page.goto(server.url);
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      // The first worker claims the page it was installed from.
      return new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true });
        setTimeout(() => resolve(navigator.serviceWorker.controller !== null), 5000);
      });
    });
    // A worker that does not claim pages controls the next load.
    if (!controlled) await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${server.url}/sw.js`,
    );

    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname);
      }
      return paths;
    });
    expect(cached).toEqual(
      expect.arrayContaining([
        '/manifest.webmanifest',
        '/favicon.svg',
        '/apple-touch-icon.png',
        '/icons/icon-192.png',
        '/icons/icon-512.png',
        '/icons/maskable-512.png',
        '/icons/brand-32.png',
        '/icons/brand-64.png',
        '/icons/brand-96.png',
      ]),
    );
  });

  it('passes Chromium’s installability checks', async () => {
    const { page, context } = browser;
    await page.goto(server.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    try {
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${server.url}/manifest.webmanifest`);
      expect(errors).toEqual([]);
      const { appId } = await cdp.send('Page.getAppId');
      expect(appId).toBe(`${server.url}/`);
    } finally {
      await cdp.detach();
    }
  });

  it('offers installation in a bar floating above the navigation, and "Not now" keeps it away', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leagues`);
    // Chromium fires beforeinstallprompt once the app is installable; the bar is the app's answer.
    const bar = page.getByText(INSTALL_TEXT);
    await bar.waitFor();
    const box = await bar.boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box && header && nav && box.y >= header.y + header.height && box.y + box.height <= nav.y).toBe(
      true,
    );
    // The screen scrolls far enough for its last line to come out from under the bar.
    const room = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const last = [...document.querySelectorAll('main *')].at(-1)?.getBoundingClientRect().bottom ?? 0;
      const top = document.querySelector('.app-bar-floating')?.getBoundingClientRect().top ?? 0;
      return top - last;
    });
    expect(room).toBeGreaterThanOrEqual(0);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'pwa-install-bar-phone');
    await page.setViewportSize(DESK);
    await screenshot(page, 'pwa-install-bar-desk');

    await page.getByRole('button', { name: 'Not now' }).click();
    await bar.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('installDismissed'))).toMatch(/^\d+$/);
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () =>
        document.documentElement.setAttribute('data-bip', ''),
      );
    });
    await page.reload();
    await page.locator('html[data-bip]').waitFor({ state: 'attached' });
    expect(await bar.isVisible()).toBe(false);
    expect(browser.errors).toEqual([]);
  });
});
