/**
 * The per-client budget of new searches, in front of the app: past it a client gets a
 * prebuilt 429 with Retry-After, after a pause; other clients, other calls and searches
 * the read cache already holds are not counted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SEARCH_REFUSAL, searchBudget } from '../../api/http/search-budget';
import { SECURITY_HEADERS } from '../../api/http/security-headers';

async function serve(options: Parameters<typeof searchBudget>[0]) {
  let reached = 0;
  const listener = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    reached += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"results":[]}');
  };
  const server = http.createServer(searchBudget(options)(listener));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reached: () => reached,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
