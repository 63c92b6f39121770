/**
 * The read cache in front of Hono, over a real HTTP server and a database file: hits
 * answer the very bytes and headers Hono gave, 304s come from the entry, and no write
 * (through the API, through this process's own handle, through another connection to
 * the same file) is ever hidden behind a stored answer.
 */
import { sqliteOf } from '../fixtures/engine';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import SQLite from 'better-sqlite3';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import * as compression from '../../api/http/compression';
import { ReadCache, sharedReadTables, type WriteQueue } from '../../api/http/read-cache';
import { BOOT_SCRIPT_SOURCE } from '../../api/http/boot-script';
import { SECURITY_HEADERS } from '../../api/http/security-headers';
import { openAndMigrate, type Connection } from '../../db/connection';
import { dataVersions } from '../../db/data-version';
import { TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { addRoleUsers } from '../fixtures/auth';
import { buildTinyLeague, insertManyMatches, NOW, updateTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

// The real compressors, watched: which one made an answer (`compressed answers of a large entry`).
vi.mock('../../api/http/compression', async (importOriginal) => {
  const actual = await importOriginal<typeof compression>();
  return {
    ...actual,
    compress: vi.fn(actual.compress),
    compressOffThread: vi.fn(actual.compressOffThread),
  };
});

interface Served {
  url: string;
  file: string;
  connection: Connection;
  cache: ReadCache;
  clock: { ms: number };
  tokens: Awaited<ReturnType<typeof addRoleUsers>>;
  close(): Promise<void>;
}

async function serveTinyLeague(maxBytes?: number, writes?: WriteQueue): Promise<Served> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-read-cache-'));
  const file = path.join(dir, 'touchline.db');
  const connection = await openAndMigrate(file);
  await buildTinyLeague(connection.db);
  const tokens = await addRoleUsers(connection.db);
  const clock = { ms: NOW.getTime() };
  const cache = new ReadCache({
    versions: dataVersions(connection.sqlite),
    clock: () => clock.ms,
    ...(maxBytes !== undefined && { maxBytes }),
    ...(writes !== undefined && { writes }),
  });
  const app = createApp(
    connection.db,
    {
      jwtSecret: TEST_SECRET,
      imagesDir: dir,
      passwordCost: TEST_PASSWORD_COST,
      now: () => new Date(clock.ms),
    },
    cache,
  );
  const server = http.createServer(cache.wrap(getRequestListener(app.fetch)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    file,
    connection,
    cache,
    clock,
    tokens,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function get(s: Served, urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(s.url + urlPath, { headers });
  const headerMap = Object.fromEntries(
    [...response.headers.entries()].filter(([name]) => name !== 'date' && name !== 'keep-alive'),
  );
  return { status: response.status, headers: headerMap, text: await response.text() };
}

const TABLE = '/api/leagues/tl-26/table';

describe('the read cache', () => {
  const s = withFixture(() => serveTinyLeague(), { perTest: true });

  it('answers a second read from the entry with the same bytes and headers as Hono did', async () => {
    const first = await get(s, TABLE);
    const second = await get(s, TABLE);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(first.headers['etag']).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(s.cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('answers 304 from the entry with the headers of a 304 from Hono', async () => {
    const fresh = await get(s, TABLE);
    const etag = fresh.headers['etag'] ?? '';
    const fromHono = await get(s, '/api/leagues/tl-26/matches', {});
    const honoNotModified = await get(s, '/api/leagues/tl-26/matches?season=2026', {
      'If-None-Match': fromHono.headers['etag'] ?? '',
    });
    const hit = await get(s, TABLE, { 'If-None-Match': `"nope", ${etag}` });
    expect(honoNotModified.status).toBe(304);
    expect(hit.status).toBe(304);
    expect(hit.text).toBe('');
    expect(hit.headers['etag']).toBe(etag);
    expect(hit.headers['content-type']).toBeUndefined();
    // @hono/node-server gives a bodiless answer a default text/plain type; a 304 needs none.
    expect(Object.keys(hit.headers).sort()).toEqual(
      Object.keys(honoNotModified.headers)
        .filter((name) => name !== 'content-length' && name !== 'content-type')
        .sort(),
    );
    expect(s.cache.stats().hits).toBe(1);
  });

  it('shows a write made through the API on the next read', async () => {
    const before = JSON.parse((await get(s, '/api/teams/north.town')).text) as { team_name: string };
    expect(before.team_name).toBe('North Town');
    await get(s, '/api/teams/north.town');
    const response = await fetch(`${s.url}/api/tables/teams/rows/north.town`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${s.tokens.superAdmin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ team_name: 'North Town FC' }),
    });
    expect(response.status).toBe(200);
    const after = JSON.parse((await get(s, '/api/teams/north.town')).text) as { team_name: string };
    expect(after.team_name).toBe('North Town FC');
  });

  it("shows this process's own write through its handle, and another connection's, on the next read", async () => {
    await get(s, '/api/teams/north.town');
    await updateTeam(s.connection.db, 'north.town', { location: 'Own Handle Park' });
    expect(JSON.parse((await get(s, '/api/teams/north.town')).text)).toMatchObject({
      location: 'Own Handle Park',
    });
    const other = new SQLite(s.file);
    try {
      other.prepare(`UPDATE teams SET location = 'Other Process Park' WHERE team_id = 'north.town'`).run();
    } finally {
      other.close();
    }
    expect(JSON.parse((await get(s, '/api/teams/north.town')).text)).toMatchObject({
      location: 'Other Process Park',
    });
  });

  it('keeps the answers that read nothing of what a write changed', async () => {
    const match = '/api/matches?team_id=north.town';
    const [first] = JSON.parse((await get(s, match)).text) as { id: number; home_team: string }[];
    if (first === undefined) throw new Error('North Town has matches');
    const detail = `/api/matches/${first.id}`;
    await get(s, TABLE);
    const before = JSON.parse((await get(s, detail)).text) as { home_players: string[] };
    const hits = s.cache.stats().hits;
    await s.connection.db.deleteFrom('match_squads').where('match_id', '=', first.id).execute();
    await s.connection.db
      .insertInto('match_squads')
      .values({ match_id: first.id, team_id: first.home_team, player_id: 'nt.gk' })
      .execute();
    expect((await get(s, TABLE)).status).toBe(200);
    expect(s.cache.stats().hits).toBe(hits + 1);
    const after = JSON.parse((await get(s, detail)).text) as { home_players: string[] };
    expect(s.cache.stats().hits).toBe(hits + 1);
    expect(after.home_players).toEqual(['nt.gk']);
    expect(after.home_players).not.toEqual(before.home_players);
  });

  it('keeps the table and leaderboards through a report waiting for review, and shows its approval', async () => {
    const STATS = '/api/leagues/tl-26/stats';
    const matches = JSON.parse((await get(s, '/api/leagues/tl-26/matches')).text) as {
      matches: { id: number; approved: string; home_team: string }[];
    };
    // West Rangers v East United, played and not reported: West Rangers' coach reports a 1-0 win.
    const open = matches.matches.find((match) => match.approved === '' && match.home_team === 'west.rangers');
    if (open === undefined) throw new Error('the tiny league has an open West Rangers home match');
    const table = await get(s, TABLE);
    const stats = await get(s, STATS);
    const reported = await fetch(`${s.url}/api/matches/${open.id}/report`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.otherCoach}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        home_score: 1,
        away_score: 0,
        goalscorers: ['wr.fwd'],
        assisters: [],
        goalkeepers: [],
      }),
    });
    expect(reported.status).toBe(200);
    const hits = s.cache.stats().hits;
    expect(await get(s, TABLE)).toEqual(table);
    expect(await get(s, STATS)).toEqual(stats);
    expect(s.cache.stats().hits).toBe(hits + 2);
    const reviewed = await fetch(`${s.url}/api/matches/${open.id}/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.opponentOwner}` },
    });
    expect(reviewed.status).toBe(200);
    const after = JSON.parse((await get(s, TABLE)).text) as {
      standings: { team_id: string; played: number }[];
    };
    const before = JSON.parse(table.text) as typeof after;
    const played = (answer: typeof after) =>
      answer.standings.find((row) => row.team_id === 'west.rangers')?.played;
    expect(played(after)).toBe((played(before) ?? 0) + 1);
    expect((await get(s, STATS)).text).not.toBe(stats.text);
  });

  it('builds a cold entry once for concurrent misses', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(s, TABLE)));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 11 });
  });

  it('never keeps personal, feed or failed answers', async () => {
    const auth = { Authorization: `Bearer ${s.tokens.coach}` };
    for (let i = 0; i < 2; i++) {
      expect((await get(s, '/api/auth/me', auth)).status).toBe(200);
      expect((await get(s, '/api/teams/no.such.team')).status).toBe(404);
      expect((await get(s, '/api/tables', { Authorization: `Bearer ${s.tokens.superAdmin}` })).status).toBe(
        200,
      );
    }
    expect(s.cache.stats()).toMatchObject({ hits: 0, entries: 0 });
    expect(sharedReadTables('/api/auth/me')).toBeNull();
    expect(sharedReadTables('/api/team_news')).toBeNull();
    expect(sharedReadTables('/api/tables')).toBeNull();
    expect(sharedReadTables('/api/search')).toEqual(['leagues', 'teams', 'players']);
    expect(sharedReadTables('/api/leagues/tl-26/table')).toEqual([
      'leagues',
      'teams',
      'approved_results',
      'league_rules',
      'points_deductions',
      'match_cards',
    ]);
  });

  it('keeps an answer that depends on the clock only until the next kickoff', async () => {
    const upcoming = '/api/matches?future=true';
    const first = JSON.parse((await get(s, upcoming)).text) as { match_date: string }[];
    const next = first[0];
    if (next === undefined) throw new Error('the tiny league has upcoming matches');
    await get(s, upcoming);
    expect(s.cache.stats().hits).toBe(1);
    s.clock.ms = Date.parse(next.match_date) + 1;
    const later = JSON.parse((await get(s, upcoming)).text) as { match_date: string }[];
    expect(later).toHaveLength(first.length - 1);
    expect(s.cache.stats().hits).toBe(1);
  });

  it('answers from the versions committed before a driver transaction while it is open', async () => {
    await get(s, TABLE);
    const versions = dataVersions(sqliteOf(s.connection));
    const committed = versions.read();
    const hits = s.cache.stats().hits;
    await s.connection.db.transaction().execute(async (trx) => {
      await updateTeam(trx, 'north.town', { team_name: 'Renamed In Transaction' });
      expect(versions.read()).toEqual(committed);
      // Served from the cache while the transaction holds the connection: a miss would wait for it.
      const during = await get(s, TABLE);
      expect(during.text).not.toContain('Renamed In Transaction');
      expect(s.cache.stats().hits).toBe(hits + 1);
    });
    expect(versions.read()).not.toEqual(committed);
    expect((await get(s, TABLE)).text).toContain('Renamed In Transaction');
  });

  it('reads the versions again only after a change through this connection or a commit by another', async () => {
    const sqlite = sqliteOf(s.connection);
    const versions = dataVersions(sqlite);
    const before = versions.read();
    expect(versions.read()).toBe(before); // nothing changed: the same list, not read again
    // A write through the raw handle, outside any driver transaction (so nothing is noted).
    sqlite.prepare(`UPDATE teams SET location = 'Raw Handle Park' WHERE team_id = 'north.town'`).run();
    const afterOwn = versions.read();
    expect(afterOwn).not.toEqual(before);
    expect(versions.read()).toBe(afterOwn);
    const other = new SQLite(s.file);
    try {
      other.prepare(`UPDATE teams SET location = 'Other Handle Park' WHERE team_id = 'north.town'`).run();
    } finally {
      other.close();
    }
    // Other connections' commits are asked for once per turn of the event loop: this one
    // is seen from the next turn on, as by any request read after it was made.
    expect(versions.read()).toBe(afterOwn);
    await new Promise((resolve) => setImmediate(resolve));
    const afterOther = versions.read();
    expect(afterOther).not.toEqual(afterOwn);
    expect(versions.read()).toBe(afterOther);
  });

  it("asks for other connections' commits once per turn of the event loop, and for its own changes every time", async () => {
    const sqlite = sqliteOf(s.connection);
    const versions = dataVersions(sqlite);
    // Every statement's `get`, told apart by its SQL: the two that key the versions run through it.
    const get = vi.spyOn(Object.getPrototypeOf(sqlite.prepare('SELECT 1')) as SQLite.Statement, 'get');
    const asked = () => {
      const sources = get.mock.contexts.map((statement) => (statement as SQLite.Statement).source);
      return {
        pragma: sources.filter((source) => source === 'PRAGMA data_version').length,
        own: sources.filter((source) => source === 'SELECT total_changes()').length,
      };
    };
    try {
      await new Promise((resolve) => setImmediate(resolve));
      get.mockClear();
      for (let i = 0; i < 5; i++) versions.read();
      expect(asked()).toEqual({ pragma: 1, own: 5 });
      await new Promise((resolve) => setImmediate(resolve));
      versions.read();
      versions.read();
      expect(asked()).toEqual({ pragma: 2, own: 7 });
    } finally {
      get.mockRestore();
    }
  });

  it("sees another connection's commit on the next request, and on every request sent at once after it", async () => {
    const TEAM = '/api/teams/north.town';
    await get(s, TEAM);
    const other = new SQLite(s.file);
    try {
      other.prepare(`UPDATE teams SET location = 'Other Turn Park' WHERE team_id = 'north.town'`).run();
    } finally {
      other.close();
    }
    expect((await get(s, TEAM)).text).toContain('Other Turn Park');
    // Ten requests at once: all of them answered from the entry built after that commit.
    const misses = s.cache.stats().misses;
    const hits = s.cache.stats().hits;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(s, TEAM)));
    expect(answers.every((answer) => answer.text.includes('Other Turn Park'))).toBe(true);
    expect(s.cache.stats().misses).toBe(misses);
    expect(s.cache.stats().hits).toBe(hits + 10);
  });

  it('trusts no version while a transaction begun outside the driver is open', async () => {
    await get(s, TABLE);
    sqliteOf(s.connection).prepare('BEGIN').run();
    try {
      sqliteOf(s.connection)
        .prepare(`UPDATE teams SET team_name = 'Uncommitted' WHERE team_id = 'north.town'`)
        .run();
      expect(dataVersions(sqliteOf(s.connection)).read()).toBeNull();
    } finally {
      sqliteOf(s.connection).prepare('ROLLBACK').run();
    }
    expect((await get(s, TABLE)).text).not.toContain('Uncommitted');
  });
});

/** A GET over node:http, to see the bytes as sent (fetch would decode them). */
async function raw(s: Served, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(s.url + urlPath, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/** A write queue the test drives: whether writes wait, whether batches are large, when they are answered. */
class DrivenWrites implements WriteQueue {
  waiting = false;
  busy = false;
  readonly callbacks: (() => void)[] = [];
  whenAnswered(callback: () => void): void {
    this.callbacks.push(callback);
  }
  answer(): void {
    for (const callback of this.callbacks.splice(0)) callback();
  }
}

describe('the read cache while writes wait', () => {
  const writes = new DrivenWrites();
  const s = withFixture(
    () => {
      writes.waiting = false;
      writes.busy = false;
      writes.callbacks.length = 0;
      return serveTinyLeague(undefined, writes);
    },
    { perTest: true },
  );

  it('answers hits after the writes queued before them while batches are large, 304s too', async () => {
    const fresh = await get(s, TABLE);
    writes.waiting = true;
    writes.busy = true;
    const answered: string[] = [];
    const plain = get(s, TABLE).then((answer) => (answered.push('200'), answer));
    const notModified = get(s, TABLE, { 'If-None-Match': fresh.headers['etag'] ?? '' }).then(
      (answer) => (answered.push('304'), answer),
    );
    await vi.waitFor(() => expect(s.cache.stats().held).toBe(2));
    // Both wait for one callback: the one after the batch that takes the waiting writes.
    expect(writes.callbacks).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toEqual([]);
    writes.answer();
    expect(await plain).toEqual(fresh);
    expect((await notModified).status).toBe(304);
    expect(s.cache.stats()).toMatchObject({ hits: 2, held: 2 });
  });

  it('answers hits at once when batches are small, or when no write waits', async () => {
    const fresh = await get(s, TABLE);
    writes.waiting = true; // one write at a time: the reads pass it
    expect(await get(s, TABLE)).toEqual(fresh);
    writes.waiting = false;
    writes.busy = true; // saturated, but nothing is waiting
    expect(await get(s, TABLE)).toEqual(fresh);
    expect(s.cache.stats()).toMatchObject({ hits: 2, held: 0 });
    expect(writes.callbacks).toHaveLength(0);
  });

  it('never holds a miss: it is built and answered by Hono at once', async () => {
    writes.waiting = true;
    writes.busy = true;
    const answer = await get(s, TABLE);
    expect(answer.status).toBe(200);
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 0, held: 0 });
  });
});

describe('compressed answers', () => {
  const s = withFixture(() => serveTinyLeague(), { perTest: true });
  const MATCHES = '/api/leagues/tl-26/matches';
  const decoded = (answer: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
    answer.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(answer.body)
      : answer.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(answer.body)
        : answer.body;

  it('go to a client that accepts them, the same from Hono and from the entry, under the same tag', async () => {
    const miss = await raw(s, MATCHES, { 'Accept-Encoding': 'gzip, deflate, br' });
    const hit = await raw(s, MATCHES, { 'Accept-Encoding': 'gzip, deflate, br' });
    const plain = await raw(s, MATCHES, {});
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 2 });
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    for (const answer of [miss, hit]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-length']).toBe(String(answer.body.byteLength));
      expect(answer.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
      expect(decoded(answer).equals(plain.body)).toBe(true);
    }
    expect(hit.body.equals(miss.body)).toBe(true);
    const { date: _missDate, ...missHeaders } = miss.headers;
    const { date: _hitDate, ...hitHeaders } = hit.headers;
    expect(hitHeaders).toEqual(missHeaders);
    // The identity says it varies too, and every answer carries the one weak tag.
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(plain.body.byteLength));
    for (const answer of [miss, hit, plain]) {
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.headers['etag']).toBe(plain.headers['etag']);
    }
  });

  it('follow the weights the client gives, and a tag it has gets a 304 in any encoding', async () => {
    await raw(s, MATCHES, {});
    const gzip = await raw(s, MATCHES, { 'Accept-Encoding': 'br;q=0, gzip;q=0.8' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const any = await raw(s, MATCHES, { 'Accept-Encoding': '*' });
    expect(any.headers['content-encoding']).toBe('br');
    const none = await raw(s, MATCHES, { 'Accept-Encoding': 'identity, *;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(decoded(gzip).equals(none.body)).toBe(true);
    const etag = String(gzip.headers['etag']);
    const unchanged = await raw(s, MATCHES, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.byteLength).toBe(0);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
    expect(unchanged.headers['vary']).toBe('Accept-Encoding');
  });

  it('are made once per entry and encoding, and counted in its memory', async () => {
    // The miss's own compressed bytes are kept with the entry: a hit makes none.
    const miss = await raw(s, MATCHES, { 'Accept-Encoding': 'gzip' });
    const stored = s.cache.stats().bytes;
    const hit = await raw(s, MATCHES, { 'Accept-Encoding': 'gzip' });
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(s.cache.stats().bytes).toBe(stored);
    // Clients asking together for an encoding not made yet share one compression.
    const together = await Promise.all(
      Array.from({ length: 5 }, () => raw(s, MATCHES, { 'Accept-Encoding': 'br' })),
    );
    const first = together[0];
    if (first === undefined) throw new Error('five answers');
    for (const answer of together) expect(answer.body.equals(first.body)).toBe(true);
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 6, bytes: stored + first.body.byteLength });
  });

  it('are not made of a small answer, which does not vary', async () => {
    const small = await raw(s, '/api/leagues', { 'Accept-Encoding': 'br, gzip' });
    expect(small.body.byteLength).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['vary']).toBeUndefined();
  });
});

describe('compressed answers of a large entry', () => {
  const MATCHES = '/api/leagues/tl-26/matches';
  const s = withFixture(
    async () => {
      const served = await serveTinyLeague();
      // Enough matches for the league's list to pass OFF_THREAD_BYTES (about 400 bytes each).
      await insertManyMatches(served.connection.db, {
        league_id: 'tl-26',
        season: '2026',
        count: 4_000,
        from: '2026-01-03T15:00:00.000Z',
        perDay: 3,
        pairings: [
          ['north.town', 'south.city'],
          ['east.united', 'west.rangers'],
        ],
      });
      return served;
    },
    { perTest: true },
  );
  const compress = vi.mocked(compression.compress);
  const compressOffThread = vi.mocked(compression.compressOffThread);

  it('are made on the thread pool, once for every client asking meanwhile, and then kept', async () => {
    const plain = await raw(s, MATCHES, {});
    expect(plain.body.byteLength).toBeGreaterThan(compression.OFF_THREAD_BYTES);
    const stored = s.cache.stats().bytes;
    expect(stored).toBeGreaterThan(plain.body.byteLength);
    compress.mockClear();
    compressOffThread.mockClear();

    const together = await Promise.all(
      Array.from({ length: 5 }, () => raw(s, MATCHES, { 'Accept-Encoding': 'br' })),
    );
    const later = await raw(s, MATCHES, { 'Accept-Encoding': 'br' });
    for (const answer of [...together, later]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['etag']).toBe(plain.headers['etag']);
      expect(zlib.brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
    }
    expect(compress).not.toHaveBeenCalled();
    expect(compressOffThread).toHaveBeenCalledTimes(1);
    const made = later.body.byteLength;
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 6, bytes: stored + made });
  });

  it('are made on the thread pool for clients waiting on the miss, in the encoding each accepts', async () => {
    compress.mockClear();
    compressOffThread.mockClear();
    const asked = ['gzip', 'br', 'gzip', 'identity', 'br'];
    const answers = await Promise.all(
      asked.map((encoding) => raw(s, MATCHES, { 'Accept-Encoding': encoding })),
    );
    const plain = answers[3];
    if (plain === undefined) throw new Error('five answers');
    expect(s.cache.stats()).toMatchObject({ misses: 1, hits: 4 });
    for (const [index, answer] of answers.entries()) {
      const encoding = asked[index];
      expect(answer.headers['etag']).toBe(plain.headers['etag']);
      const body =
        encoding === 'gzip'
          ? zlib.gunzipSync(answer.body)
          : encoding === 'br'
            ? zlib.brotliDecompressSync(answer.body)
            : answer.body;
      expect(answer.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(body.equals(plain.body)).toBe(true);
    }
    // The miss made its own encoding (if it asked for one), the waiters the others: each once.
    expect(compress).not.toHaveBeenCalled();
    expect(new Set(compressOffThread.mock.calls.map(([, encoding]) => encoding))).toEqual(
      new Set(['gzip', 'br']),
    );
    expect(compressOffThread).toHaveBeenCalledTimes(2);
  });
});

describe('the read cache under a small memory bound', () => {
  const s = withFixture(() => serveTinyLeague(16 * 1024));

  it('drops the least recently used entries past its bound', async () => {
    const paths = [
      '/api/leagues',
      '/api/leagues/tl-26',
      TABLE,
      '/api/leagues/tl-26/matches',
      '/api/leagues/tl-26/stats',
      '/api/teams',
      '/api/teams/north.town',
      '/api/teams/north.town/roster',
      '/api/teams/north.town/matches',
      '/api/teams/south.city/roster',
      '/api/teams/east.united/roster',
      '/api/teams/west.rangers/roster',
    ];
    for (const urlPath of paths) expect((await get(s, urlPath)).status).toBe(200);
    const stats = s.cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(16 * 1024);
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.entries).toBeLessThan(paths.length);
  });
});

describe('the security headers', () => {
  it("are the ones Hono's secureHeaders builds for the app's policy", async () => {
    const oracle = new Hono()
      .use(
        secureHeaders({
          contentSecurityPolicy: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            connectSrc: ["'self'"],
            frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
            workerSrc: ["'self'"],
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
          },
          crossOriginEmbedderPolicy: false,
        }),
      )
      .get('/', (c) => c.body(null, 204));
    const response = await oracle.request('/');
    expect(Object.fromEntries(SECURITY_HEADERS)).toEqual(Object.fromEntries(response.headers.entries()));
  });
});
