/**
 * Every match of a large database is answered a page at a time, and the pages walk the
 * whole list. A filtered list too long to remember (a team's every match here) is read a
 * step at a time with turns of the event loop between, and written to JSON the same way;
 * a large answer is compressed off the event loop. The answer is the one a single read gives.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIST_STEP, listMatches, MATCH_MEMO_LIMIT } from '../../api/data/matches';
import { MATCH_PAGE_MAX } from '../../api/routes/matches';
import { MatchPageSchema } from '../../api/schemas';
import { OFF_THREAD_BYTES } from '../../api/http/compression';
import { jsonListBytes, jsonListBytesInSteps, readResponse, weakEtag } from '../../api/http/read';
import type { AppEnv } from '../../api/env';
import { Hono } from 'hono';
import { makeTinyLeagueApp } from '../fixtures/app';
import { insertManyMatches, updateMatch } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

/** Enough matches to pass the memo's limit and fill a few steps, the last one partly. */
const TOTAL = MATCH_MEMO_LIMIT / 2 + LIST_STEP * 2 + 17;

const t = withFixture(async () => {
  const app = await makeTinyLeagueApp();
  const db = app.connection.db;
  const existing = Number(
    (
      await db
        .selectFrom('matches')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await insertManyMatches(db, {
    league_id: 'tl-25',
    season: '2025',
    count: TOTAL - existing,
    from: '2020-01-04T15:00:00.000Z',
    perDay: 2,
    pairings: [
      ['north.town', 'south.city'],
      ['south.city', 'north.town'],
    ],
  });
  return app;
});

/** Counts the turns of the event loop until `stop()`, which answers how many. */
function countTurns(): { stop(): number } {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    stop() {
      counting = false;
      return turns;
    },
  };
}

/** Every match of the inserted pairings is North Town's: its list is longer than the memo keeps. */
const LONG_LIST = '/api/matches?team_id=north.town';

/** A list as one read inside a transaction gives it (nothing remembered, no steps); North Town's by default. */
async function readWhole(filter: { teamId?: string } = { teamId: 'north.town' }) {
  return t.connection.db.transaction().execute((trx) => listMatches(trx, { ...filter, order: 'asc' }));
}

describe('every match of a large database', () => {
  it('is answered a page at a time, at most MATCH_PAGE_MAX matches, the pages walking the whole list', async () => {
    const whole = (await readWhole({})).map((match) => match.id);
    expect(whole).toHaveLength(TOTAL);
    /** Every page of the list asked with `query`: the ids of each. */
    const walk = async (query: string) => {
      const pages: number[][] = [];
      let cursor: string | null = null;
      do {
        const after: string =
          cursor === null ? '' : `${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
        const response = await t.app.request(`/api/matches${query}${after}`);
        expect(response.status).toBe(200);
        const page = MatchPageSchema.parse(await response.json());
        pages.push(page.matches.map((match) => match.id));
        cursor = page.next_cursor;
        expect(pages.length, 'pages never end').toBeLessThanOrEqual(TOTAL);
      } while (cursor !== null);
      return pages;
    };
    // A larger limit still gives a page of MATCH_PAGE_MAX: no request reads the whole list.
    for (const query of ['', '?limit=1000']) {
      const pages = await walk(query);
      expect(pages.flat()).toEqual(whole);
      expect(pages).toHaveLength(Math.ceil(TOTAL / MATCH_PAGE_MAX));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(MATCH_PAGE_MAX);
    }
    // Two matches a day: an odd page size ends pages between two matches of one kick-off.
    expect((await walk('?limit=333')).flat()).toEqual(whole);
  });
});

describe('a filtered list longer than the memo keeps', () => {
  it('is the answer one read gives, while other work gets turns of the event loop', async () => {
    const last = (await readWhole()).at(-1);
    if (last === undefined) throw new Error('no matches');
    // Events and cards in the list's last step: read with their match.
    await t.connection.db
      .insertInto('match_events')
      .values([
        { match_id: last.id, team_id: last.home_team, player_id: 'nt.fwd', kind: 'goal' },
        { match_id: last.id, team_id: last.away_team, player_id: 'sc.gk', kind: 'goalkeeper' },
      ])
      .execute();
    await t.connection.db
      .insertInto('match_cards')
      .values({ match_id: last.id, team_id: last.home_team, player_id: 'nt.def', card: 'yellow' })
      .execute();
    const whole = await readWhole();
    expect(whole.length).toBeGreaterThan(MATCH_MEMO_LIMIT / 2);
    const expected = jsonListBytes(whole);

    const turns = countTurns();
    const response = await t.app.request(LONG_LIST);
    const body = Buffer.from(await response.arrayBuffer());
    const turned = turns.stop();

    expect(response.status).toBe(200);
    expect(body.equals(expected)).toBe(true);
    expect(response.headers.get('etag')).toBe(weakEtag(expected));
    const answered = JSON.parse(body.toString()) as {
      id: number;
      goalscorers: string[];
      yellow_cards: string[];
    }[];
    expect(answered).toHaveLength(whole.length);
    expect(answered.at(-1)).toMatchObject({ id: last.id, goalscorers: ['nt.fwd'], yellow_cards: ['nt.def'] });
    // Read whole, the list held the event loop from start to end: no turn in between.
    expect(turned).toBeGreaterThanOrEqual(Math.floor(whole.length / LIST_STEP));
  });

  it('answers each match whole as the step that reads it finds it: changed, or gone, meanwhile', async () => {
    const before = await readWhole();
    const changed = before.at(-2);
    const deleted = before.at(-1);
    if (changed === undefined || deleted === undefined) throw new Error('no matches');
    const db = t.connection.db;
    const answer = t.app.request(LONG_LIST);
    // The first step has been read by the first turn of the event loop; the last waits.
    await new Promise((resolve) => setImmediate(resolve));
    await updateMatch(db, changed.id, { home_score: 9, location: 'moved' });
    await db.deleteFrom('match_cards').where('match_id', '=', deleted.id).execute();
    await db.deleteFrom('match_events').where('match_id', '=', deleted.id).execute();
    await db.deleteFrom('matches').where('id', '=', deleted.id).execute();
    const answered = JSON.parse(await (await answer).text()) as {
      id: number;
      home_score: number;
      location: string;
    }[];

    expect(answered).toHaveLength(before.length - 1);
    expect(answered.map((match) => match.id)).toEqual(before.slice(0, -1).map((match) => match.id));
    expect(answered.at(-1)).toMatchObject({ id: changed.id, home_score: 9, location: 'moved' });
  });

  it('is compressed off the event loop when the client accepts it, with the same tag', async () => {
    const plain = await t.app.request(LONG_LIST);
    const bytes = Buffer.from(await plain.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(OFF_THREAD_BYTES);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const response = await t.app.request(LONG_LIST, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(decode(Buffer.from(await response.arrayBuffer())).equals(bytes)).toBe(true);
    }
  });

  it('is written to JSON and tagged a step at a time, with turns of the event loop between', async () => {
    // Over 16 MiB, so that joining the steps takes turns as well.
    const items = Array.from({ length: 20_000 }, (_, i) =>
      Object.freeze({ id: i, name: `Ümit ${i} ✓`, notes: 'x'.repeat(900) }),
    );
    for (const key of [undefined, 'matches']) {
      const expected = jsonListBytes(items, key);
      expect(expected.byteLength).toBeGreaterThan(16 * 1024 * 1024);
      const turns = countTurns();
      const list = await jsonListBytesInSteps(items, key);
      const turned = turns.stop();
      expect(list.bytes.equals(expected)).toBe(true);
      expect(list.etag).toBe(weakEtag(expected));
      // Nine between the ten steps of JSON, and one in joining their 18 MB.
      expect(turned).toBeGreaterThanOrEqual(10);
    }
    const empty = await jsonListBytesInSteps([]);
    expect(empty.bytes.toString()).toBe('[]');
    expect(empty.etag).toBe(weakEtag(Buffer.from('[]')));
  });

  it('compresses a small answer at once and a large one off the event loop', async () => {
    const answeredLater: boolean[] = [];
    const app = new Hono<AppEnv>().get('/:size', (c) => {
      const size = Number(c.req.param('size'));
      const response = readResponse(c, Buffer.from(JSON.stringify('x'.repeat(size))), {
        'Content-Type': 'application/json',
      });
      answeredLater.push(response instanceof Promise);
      return response;
    });
    for (const size of [OFF_THREAD_BYTES / 2, OFF_THREAD_BYTES * 2]) {
      const response = await app.request(`/${size}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).byteLength).toBe(size + 2);
    }
    expect(answeredLater).toEqual([false, true]);
  });
});
