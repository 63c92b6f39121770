import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticApp } from '../../api/server';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Touchline</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.x = 1');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Touchline"}');
  fs.mkdirSync(path.join(dist, 'icons'));
  fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), 'png');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('serving the built app', () => {
  it.each([
    {
      what: 'hashed assets as immutable',
      file: '/assets/index-abc123.js',
      type: expect.stringContaining('javascript') as string,
      cache: 'public, max-age=31536000, immutable',
    },
    {
      what: 'the icons as PNG',
      file: '/icons/icon-192.png',
      type: 'image/png',
      cache: 'public, max-age=3600',
    },
  ])('serves $what', async ({ file, type, cache }) => {
    const response = await staticApp(dist).request(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toEqual(type);
    expect(response.headers.get('cache-control')).toBe(cache);
  });

  it('makes the shell and the worker revalidate', async () => {
    for (const file of ['/index.html', '/sw.js']) {
      const response = await staticApp(dist).request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('serves the web app manifest as application/manifest+json that revalidates', async () => {
    const response = await staticApp(dist).request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ name: 'Touchline' });
  });

  it('answers app routes with index.html', async () => {
    for (const route of ['/', '/teams', '/team/riverside.rovers', '/leagues/mwpl-26', '/match/12']) {
      const response = await staticApp(dist).request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('<title>Touchline</title>');
      expect(response.headers.get('cache-control'), route).toBe('no-cache');
    }
  });

  it('answers a missing file with 404, not the shell', async () => {
    for (const file of ['/assets/missing.js', '/nope.png']) {
      const response = await staticApp(dist).request(file);
      expect(response.status, file).toBe(404);
    }
  });

  it('never leaves the dist folder', async () => {
    for (const attempt of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await staticApp(dist).request(attempt);
      expect(await response.text(), attempt).not.toContain('"name"');
    }
  });
});

describe('without a build', () => {
  it('says the app is not built instead of failing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-nodist-'));
    try {
      const response = await staticApp(path.join(empty, 'dist')).request('/teams');
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('The app is not built');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
