/**
 * The per-client budget of new searches, in front of the app: past it a client gets a
 * prebuilt 429 with Retry-After, after a pause; other clients, other calls and searches
 * the read cache already holds are not counted. What counts is what Hono routes to the
 * search, however the request line spells it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { routedPath, SEARCH_REFUSAL, searchBudget } from '../../api/http/search-budget';
import { SECURITY_HEADERS } from '../../api/http/security-headers';

/** A server on a free port of 127.0.0.1. */
async function listen(listener: http.RequestListener) {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(options: Parameters<typeof searchBudget>[0]) {
  let reached = 0;
  const listener = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    reached += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"results":[]}');
  };
  return { ...(await listen(searchBudget(options)(listener))), reached: () => reached };
}

describe('the search budget', () => {
  it('refuses a client past its searches for the window, and no one else', async () => {
    const clock = { ms: 1_000_000 };
    const s = await serve({ max: 3, windowMs: 10_000, trustProxy: 1, clock: () => clock.ms });
    try {
      const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
      for (let i = 0; i < 3; i++) {
        expect((await fetch(`${s.url}/api/search?term=ab${i}`, from('10.0.0.1'))).status).toBe(200);
      }
      const asked = performance.now();
      const refused = await fetch(`${s.url}/api/search?term=abc`, from('10.0.0.1'));
      expect(refused.status).toBe(429);
      // A client looping on refusals is slowed down: it waits for each.
      expect(performance.now() - asked).toBeGreaterThanOrEqual(240);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      for (const [name, value] of SECURITY_HEADERS) expect(refused.headers.get(name)).toBe(value);
      expect(await refused.json()).toEqual({ detail: SEARCH_REFUSAL });
      expect(s.reached()).toBe(3);
      // Another client, and other calls of the same client, go through.
      expect((await fetch(`${s.url}/api/search?term=abc`, from('10.0.0.2'))).status).toBe(200);
      expect((await fetch(`${s.url}/api/leagues`, from('10.0.0.1'))).status).toBe(200);
      expect((await fetch(`${s.url}/api/searching`, from('10.0.0.1'))).status).toBe(200);
      // A new window, a new budget.
      clock.ms += 10_000;
      expect((await fetch(`${s.url}/api/search?term=abc`, from('10.0.0.1'))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const s = await serve({ max: 2, windowMs: 10_000 });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(`${s.url}/api/search?term=x${i}`, {
          headers: { 'X-Forwarded-For': `10.1.0.${i}` },
        });
        expect(answer.status).toBe(200);
      }
      const refused = await fetch(`${s.url}/api/search?term=xyz`, {
        headers: { 'X-Forwarded-For': '10.1.0.9' },
      });
      expect(refused.status).toBe(429);
    } finally {
      await s.close();
    }
  });
});

/** Sends the request line as given: fetch would normalise the path first. */
function rawRequest(url: string, method: string, target: string, address: string): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path: target, headers: { 'X-Forwarded-For': address } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The budget in front of a Hono app like the real one: which requests reach its search route. */
async function serveHono() {
  let searches = 0;
  const app = new Hono();
  app.get('/api/search', (c) => {
    searches += 1;
    return c.json({ results: [] });
  });
  app.all('*', (c) => c.json({ detail: 'Not found' }, 404));
  const budget = searchBudget({ max: 1, windowMs: 10_000, trustProxy: 1, refusalDelayMs: 0 });
  return { ...(await listen(budget(getRequestListener(app.fetch)))), searches: () => searches };
}

describe('what the search budget counts', () => {
  const spellings: [method: string, target: string][] = [
    ['GET', '/api/%73earch?term=ab'],
    ['GET', '/api/sea%72ch?term=ab'],
    ['GET', '/%61pi/search?term=ab'],
    ['GET', '/api/./search?term=ab'],
    ['GET', '/api/x/../search?term=ab'],
    ['GET', '/api/x/%2e%2e/search?term=ab'],
    ['GET', '/api/search'],
    ['GET', 'http://127.0.0.1/api/%73earch?term=ab'],
    ['HEAD', '/api/search?term=ab'],
    ['HEAD', '/api/%73earch?term=ab'],
  ];

  it('counts every request Hono routes to the search, however the path is spelled, for every method', async () => {
    const s = await serveHono();
    try {
      for (const [index, [method, target]] of spellings.entries()) {
        const client = `10.2.0.${index}`;
        const label = `${method} ${target}`;
        // Hono does route it to the search: it is a search and must cost one.
        const before = s.searches();
        expect(await rawRequest(s.url, method, target, client), label).toBe(200);
        expect(s.searches(), label).toBe(before + 1);
        // The budget of one is spent: the plain spelling is refused, and the odd one too.
        expect(await rawRequest(s.url, 'GET', '/api/search?term=ab', client), label).toBe(429);
        expect(await rawRequest(s.url, method, target, client), label).toBe(429);
        expect(s.searches(), label).toBe(before + 1);
      }
    } finally {
      await s.close();
    }
  });

  it('leaves alone what Hono does not route to the search', async () => {
    const s = await serveHono();
    try {
      for (const target of [
        '/api/search/',
        '/api/searching',
        '/api%2Fsearch',
        '/api/Search',
        '/api/%2e%2esearch',
      ]) {
        for (let i = 0; i < 3; i++)
          expect(await rawRequest(s.url, 'GET', target, '10.3.0.1'), target).toBe(404);
      }
      expect(s.searches()).toBe(0);
      expect(await rawRequest(s.url, 'GET', '/api/search?term=ab', '10.3.0.1')).toBe(200);
    } finally {
      await s.close();
    }
  });

  it("reads the path as Hono's getPath does", () => {
    expect(routedPath('/api/%73earch?term=%2F', 'localhost')).toBe('/api/search');
    expect(routedPath('/api/search', undefined)).toBe('/api/search');
    expect(routedPath('http://user:pass@example.org/api/%73earch', undefined)).toBe('/api/search');
    expect(routedPath('/api%2Fsearch', 'localhost')).toBe('/api%2Fsearch');
    expect(routedPath('/assets/app.js', 'localhost')).toBe('/assets/app.js');
    expect(routedPath('/api/./search', 'bad host')).toBeNull();
  });
});
