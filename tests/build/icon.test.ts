import { describe, expect, it, vi } from 'vitest';
import type { Plugin } from 'vite';
import { MANIFEST_ICONS, PNG_ICONS, pwaIcons, renderIcons, type IconAsset } from '../../build/icon/plugin';
import { crc32, encodePng } from '../../build/icon/png';
import { rasterise } from '../../build/icon/raster';
import { DESIGN_SIZE, SAFE_ZONE_RADIUS, iconShapes } from '../../build/icon/shapes';
import { decodePng, type DecodedPng } from './decode-png';

const GREEN = [0x0f, 0x51, 0x32, 255];
const WHITE = [255, 255, 255, 255];
const CLEAR = [0, 0, 0, 0];

const icons = renderIcons();

function png(fileName: string): DecodedPng {
  const icon = icons.find((candidate) => candidate.fileName === fileName);
  if (!icon || typeof icon.source === 'string') throw new Error(`${fileName} is not a generated PNG`);
  return decodePng(icon.source);
}

/** The pixel under a point of the 64×64 design space. */
function at(image: DecodedPng, x: number, y: number) {
  const scale = image.width / DESIGN_SIZE;
  return image.pixel(Math.floor(x * scale), Math.floor(y * scale));
}

describe('the PNG encoder', () => {
  it('computes the CRC-32 that PNG chunks need', () => {
    // The standard check value of CRC-32/ISO-HDLC.
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it('round-trips pixels, with alpha only when some pixel needs it', () => {
    const data = new Uint8Array(7 * 5 * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 3) * 11) & 0xff;
    const translucent = decodePng(encodePng({ width: 7, height: 5, data }));
    expect(translucent).toMatchObject({ width: 7, height: 5, bitDepth: 8, colourType: 6 });
    expect(translucent.pixels).toEqual(data);

    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    const opaque = decodePng(encodePng({ width: 7, height: 5, data }));
    expect(opaque.colourType).toBe(2);
    expect(opaque.pixels).toEqual(data);
  });
});

describe('the generated icons', () => {
  it('are every file the app links to, at their sizes', () => {
    expect(icons.map((icon) => icon.fileName)).toEqual([
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/maskable-512.png',
      'apple-touch-icon.png',
      'icons/brand-32.png',
      'icons/brand-64.png',
      'icons/brand-96.png',
    ]);
    for (const icon of PNG_ICONS) {
      const image = png(icon.fileName);
      expect([image.width, image.height], icon.fileName).toEqual([icon.size, icon.size]);
      expect(image.bitDepth, icon.fileName).toBe(8);
    }
  });

  it('lists the manifest icons with their purposes', () => {
    expect(MANIFEST_ICONS).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('draws the pitch in white on the green rounded square', () => {
    for (const fileName of ['icons/icon-192.png', 'icons/icon-512.png']) {
      const image = png(fileName);
      expect(image.colourType, fileName).toBe(6);
      expect(at(image, 16, 32), `${fileName}: background inside the pitch`).toEqual(GREEN);
      expect(at(image, 3, 32), `${fileName}: background outside the pitch`).toEqual(GREEN);
      expect(at(image, 28, 32), `${fileName}: inside the centre circle`).toEqual(GREEN);
      expect(at(image, 32, 20), `${fileName}: halfway line`).toEqual(WHITE);
      expect(at(image, 8, 32), `${fileName}: touchline`).toEqual(WHITE);
      expect(at(image, 32, 10), `${fileName}: goal line`).toEqual(WHITE);
      expect(at(image, 24, 32), `${fileName}: centre circle`).toEqual(WHITE);
      // Rounded corners: the very corner is transparent.
      expect(at(image, 0.5, 0.5), `${fileName}: corner`).toEqual(CLEAR);
      expect(at(image, 63.5, 63.5), `${fileName}: corner`).toEqual(CLEAR);
    }
  });

  it('anti-aliases edges', () => {
    // At 192 px (3 px a unit) the halfway line spans x 91.5–100.5: pixel 91 is half covered.
    const edge = png('icons/icon-192.png').pixel(91, 60);
    const mix = GREEN.map((channel, i) => (channel + (WHITE[i] ?? 0)) / 2);
    edge
      .slice(0, 3)
      .forEach((channel, i) => expect(Math.abs(channel - (mix[i] ?? 0))).toBeLessThanOrEqual(2));
    expect(edge[3]).toBe(255);
  });

  it('makes the iOS icon opaque and square, with the whole pitch', () => {
    const image = png('apple-touch-icon.png');
    expect([image.width, image.height]).toEqual([180, 180]);
    expect(image.colourType).toBe(2); // no alpha channel
    expect(at(image, 0.5, 0.5)).toEqual(GREEN);
    expect(at(image, 16, 32)).toEqual(GREEN);
    expect(at(image, 32, 20)).toEqual(WHITE);
  });

  it('keeps the maskable pitch inside the safe zone, on a full-bleed background', () => {
    const image = png('icons/maskable-512.png');
    expect(image.colourType).toBe(2);
    expect(at(image, 0.5, 0.5)).toEqual(GREEN);
    expect(at(image, 8, 32)).toEqual(GREEN); // the touchline moved inwards
    expect(at(image, 32, 20)).toEqual(WHITE);
    const centre = image.width / 2;
    const safe = (SAFE_ZONE_RADIUS / DESIGN_SIZE) * image.width;
    let outside = 0;
    let lines = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const [red] = image.pixel(x, y);
        if (red === GREEN[0]) continue;
        lines++;
        if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safe) outside++;
      }
    }
    expect(lines).toBeGreaterThan(0);
    expect(outside).toBe(0);
  });

  it('writes favicon.svg from the same shapes', () => {
    const svg = icons.find((icon) => icon.fileName === 'favicon.svg');
    expect(svg?.contentType).toBe('image/svg+xml');
    expect(svg?.source).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
        '<rect x="0" y="0" width="64" height="64" rx="14" fill="#0f5132"/>' +
        '<rect x="8" y="10" width="48" height="44" rx="3" fill="none" stroke="#ffffff" stroke-width="3"/>' +
        '<line x1="32" y1="10" x2="32" y2="54" stroke="#ffffff" stroke-width="3"/>' +
        '<circle cx="32" cy="32" r="8" fill="none" stroke="#ffffff" stroke-width="3"/>' +
        '</svg>\n',
    );
  });

  it('rasterises only whole, positive sizes', () => {
    expect(() => rasterise(iconShapes('rounded'), 0)).toThrow();
    expect(() => rasterise(iconShapes('rounded'), 12.5)).toThrow();
  });
});

/** A plugin hook as a function, whether Vite's object form or a bare function. */
function handler<T>(hook: T | { handler: T } | undefined): T {
  if (hook && typeof hook === 'object' && 'handler' in hook) return hook.handler;
  if (!hook) throw new Error('The plugin has no such hook');
  return hook;
}

describe('the Vite plugin', () => {
  it('emits every icon into the bundle', () => {
    const plugin: Plugin = pwaIcons();
    const emitFile = vi.fn();
    const generateBundle = handler(plugin.generateBundle) as unknown as (this: unknown) => void;
    generateBundle.call({ emitFile });
    const emitted = emitFile.mock.calls.map(
      ([file]) => file as { type: string; fileName: string; source: unknown },
    );
    expect(emitted.map((file) => [file.type, file.fileName])).toEqual(
      icons.map((icon) => ['asset', icon.fileName]),
    );
    emitted.forEach((file, i) => expect(file.source).toEqual((icons[i] as IconAsset).source));
  });

  it('serves the icons in the dev server and passes every other request on', () => {
    const plugin: Plugin = pwaIcons();
    let middleware: ((req: { url?: string }, res: unknown, next: () => void) => void) | undefined;
    const server = {
      config: { base: '/' },
      middlewares: { use: (fn: typeof middleware) => (middleware = fn) },
    };
    const configureServer = handler(plugin.configureServer) as unknown as (server: unknown) => void;
    configureServer(server);
    if (!middleware) throw new Error('No middleware was installed');

    const response = () => {
      const headers = new Map<string, string>();
      let body: unknown;
      return {
        res: {
          statusCode: 0,
          setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
          end: (chunk: unknown) => (body = chunk),
        },
        headers,
        body: () => body,
      };
    };

    const icon = response();
    const next = vi.fn();
    middleware({ url: '/icons/icon-192.png?v=1' }, icon.res, next);
    expect(next).not.toHaveBeenCalled();
    expect(icon.res.statusCode).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(decodePng(icon.body() as Buffer).width).toBe(192);

    const favicon = response();
    middleware({ url: '/favicon.svg' }, favicon.res, next);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');

    for (const url of ['/', '/index.html', '/icons/', '/icons/icon-193.png', '/src/main.tsx']) {
      middleware({ url }, response().res, next);
    }
    expect(next).toHaveBeenCalledTimes(5);
  });
});
