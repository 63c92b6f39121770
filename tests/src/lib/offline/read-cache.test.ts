/**
 * Stale-while-revalidate of public reads over fake-indexeddb: what is kept, what is
 * served at once, how the server is asked again, and what open pages are told.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CACHED_AT_HEADER,
  FRESH_MS,
  REVALIDATING_HEADER,
  clearReadCache,
  isPublicRead,
  readKey,
  staleWhileRevalidate,
  trimReads,
  type ReadMessage,
} from '@/offline/read-cache';
import { freshOfflineDbPerTest, putRead } from './idb';

const openDb = freshOfflineDbPerTest();
const ORIGIN = 'http://touchline.test';
const T0 = Date.parse('2026-06-15T12:00:00Z');

function json(body: unknown, status = 200, etag = '"v1"'): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ETag: etag },
  });
}

async function setup(network: (request: Request) => Promise<Response>, checkFirstBefore = 0) {
  const db = await openDb();
  const messages: ReadMessage[] = [];
  const pending: Promise<unknown>[] = [];
  let now = T0;
  const fetch = vi.fn(network);
  const deps = {
    db,
    fetch,
    now: () => now,
    notify: (message: ReadMessage) => messages.push(message),
    waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    checkFirst: (entry: { validatedAt: number }) => entry.validatedAt <= checkFirstBefore,
  };
  return {
    db,
    fetch,
    messages,
    at: (time: number) => (now = time),
    get: (path: string) => staleWhileRevalidate(new Request(`${ORIGIN}${path}`), deps),
    settle: () => Promise.all(pending.splice(0)),
  };
}

/** An entry stored for `path` at T0 ({ v: 1 }, ETag "v1"); from then on the network answers with `later`. */
async function storedThen(path: string, later: (request: Request) => Promise<Response>) {
  const s = await setup(async () => json({ v: 1 }));
  await s.get(path);
  await s.settle();
  s.fetch.mockImplementation(later);
  return s;
}

describe('which reads are kept', () => {
  it('keeps public reads and nothing behind a role', () => {
    const kept = [
      '/api/leagues',
      '/api/leagues/mwpl-26/table',
      '/api/leagues/mwpl-26/matches',
      '/api/leagues/mwpl-26/stats',
      '/api/teams',
      '/api/teams/north.town',
      '/api/teams/north.town/roster',
      '/api/teams/north.town/matches',
      '/api/teams/north.town/stats',
      '/api/teams/north.town/seasons',
      '/api/matches',
      '/api/matches/12',
      '/api/matches/between/a/b',
      '/api/player/x.fwd',
      '/api/players/x.fwd',
      '/api/coaches/x.coach',
      '/api/mwpl_news',
    ];
    const refused = [
      '/api/auth/login',
      '/api/tables',
      '/api/tables/users/data',
      '/api/search',
      '/api/images/teams/a.svg',
      '/api/health',
      '/api/teams/north.town/players',
      '/api/openapi.json',
      '/index.html',
    ];
    expect(kept.filter((path) => !isPublicRead(new URL(path, ORIGIN)))).toEqual([]);
    expect(refused.filter((path) => isPublicRead(new URL(path, ORIGIN)))).toEqual([]);
  });

  it('keys by path and query', () => {
    expect(readKey('/api/teams/a/matches?season=2026')).toBe('/api/teams/a/matches?season=2026');
    expect(readKey(new URL(`${ORIGIN}/api/leagues?season=2026`))).toBe('/api/leagues?season=2026');
  });
});

describe('stale-while-revalidate', () => {
  it('stores a network answer and serves it from the store next time, without asking while fresh', async () => {
    const s = await setup(async () => json({ standings: [1] }));
    const first = await s.get('/api/leagues/l/table?season=2026');
    expect(await first.json()).toEqual({ standings: [1] });
    expect(first.headers.has(CACHED_AT_HEADER)).toBe(false);
    await s.settle();

    s.at(T0 + FRESH_MS - 1);
    const second = await s.get('/api/leagues/l/table?season=2026');
    expect(await second.json()).toEqual({ standings: [1] });
    expect(second.headers.get(CACHED_AT_HEADER)).toBe(String(T0));
    expect(second.headers.has(REVALIDATING_HEADER)).toBe(false);
    expect(s.fetch).toHaveBeenCalledTimes(1);
  });

  it('answers a stale entry at once, revalidates with If-None-Match, and confirms on 304', async () => {
    const s = await storedThen('/api/teams/a', async () => new Response(null, { status: 304 }));
    s.at(T0 + 60_000);
    const answer = await s.get('/api/teams/a');
    expect(answer.headers.get(REVALIDATING_HEADER)).toBe('1');
    expect(await answer.json()).toEqual({ v: 1 });
    await s.settle();
    const revalidation = s.fetch.mock.calls[1]?.[0];
    expect(revalidation?.headers.get('If-None-Match')).toBe('"v1"');
    expect(s.messages).toEqual([{ type: 'read-confirmed', key: '/api/teams/a' }]);
    expect((await s.db.get('reads', '/api/teams/a'))?.validatedAt).toBe(T0 + 60_000);
  });

  it('stores newer data and tells pages to update in place', async () => {
    const s = await storedThen('/api/teams/a/roster', async () => json({ v: 2 }, 200, '"v2"'));
    s.at(T0 + 60_000);
    expect(await (await s.get('/api/teams/a/roster')).json()).toEqual({ v: 1 });
    await s.settle();
    expect(s.messages).toEqual([{ type: 'read-updated', key: '/api/teams/a/roster' }]);
    s.at(T0 + 60_001);
    expect(await (await s.get('/api/teams/a/roster')).json()).toEqual({ v: 2 });
  });

  it('keeps serving the stored answer when the network is gone, and says nothing', async () => {
    const s = await storedThen('/api/matches/7', async () => {
      throw new TypeError('Failed to fetch');
    });
    s.at(T0 + 3_600_000);
    const answer = await s.get('/api/matches/7');
    expect(await answer.json()).toEqual({ v: 1 });
    expect(answer.headers.get(CACHED_AT_HEADER)).toBe(String(T0));
    await s.settle();
    expect(s.messages).toEqual([]);
  });

  it.each([
    {
      title: 'forgets an answer the server no longer gives (404) and tells pages',
      path: '/api/teams/gone',
      later: () => json({ detail: 'Team not found' }, 404),
      kept: false,
      messages: [{ type: 'read-updated', key: '/api/teams/gone' }],
    },
    {
      title: 'keeps a stored answer through a 5xx',
      path: '/api/teams/a',
      later: () => json({ detail: 'down' }, 503),
      kept: true,
      messages: [],
    },
  ])('$title', async ({ path, later, kept, messages }) => {
    const s = await storedThen(path, async () => later());
    s.at(T0 + 60_000);
    await s.get(path);
    await s.settle();
    expect(await s.db.get('reads', path)).toEqual(kept ? expect.anything() : undefined);
    expect(s.messages).toEqual(messages);
  });

  it('fails like the network when nothing is stored and there is no connection', async () => {
    const s = await setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(s.get('/api/teams/a')).rejects.toThrow('Failed to fetch');
  });

  it('does not store errors or non-JSON answers', async () => {
    const s = await setup(async () => json({ detail: 'Team not found' }, 404));
    await s.get('/api/teams/none');
    s.fetch.mockImplementation(
      async () => new Response('<html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    await s.get('/api/teams/html');
    await s.settle();
    expect(await s.db.count('reads')).toBe(0);
  });
});

describe('after a write from this device', () => {
  it('asks the server before showing an answer older than the write, and keeps the new one', async () => {
    let version = 1;
    const s = await setup(async () => json({ v: version }), T0);
    await s.get('/api/teams/a/matches');
    await s.settle();
    version = 2;
    s.at(T0 + 1000);
    // Fresh by age, but older than the write: the server is asked first.
    expect(await (await s.get('/api/teams/a/matches')).json()).toEqual({ v: 2 });
    await s.settle();
    expect(JSON.parse((await s.db.get('reads', '/api/teams/a/matches'))?.body ?? '')).toEqual({ v: 2 });
    expect(s.messages).toEqual([]);
  });

  it('falls back to the stored answer when the server cannot be reached', async () => {
    const s = await setup(async () => json({ v: 1 }), T0);
    await s.get('/api/teams/a/roster');
    await s.settle();
    s.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const answer = await s.get('/api/teams/a/roster');
    expect(await answer.json()).toEqual({ v: 1 });
    expect(answer.headers.get(CACHED_AT_HEADER)).toBe(String(T0));
  });
});

describe('housekeeping', () => {
  it('trims the oldest answers first and keeps those of saved teams', async () => {
    const db = await openDb();
    for (let i = 0; i < 6; i++) {
      await putRead(db, `/api/teams/t${i}`, T0 + i);
    }
    await db.put('saved', { teamId: 't0', teamName: 'T0', savedAt: T0, paths: ['/api/teams/t0'] });
    expect(await trimReads(db, 3)).toBe(3);
    expect((await db.getAllKeys('reads')).sort()).toEqual([
      '/api/teams/t0',
      '/api/teams/t4',
      '/api/teams/t5',
    ]);
  });

  it('clears every stored read and saved team at sign-out', async () => {
    const db = await openDb();
    await putRead(db, '/api/teams/a', T0);
    await db.put('saved', { teamId: 'a', teamName: 'A', savedAt: T0, paths: [] });
    await clearReadCache(db);
    expect([await db.count('reads'), await db.count('saved')]).toEqual([0, 0]);
  });
});
