/**
 * League news, team news and team video, against a local feed server on 127.0.0.1.
 * Nothing here may reach any other address: public-looking names are resolved by an
 * injected resolver, and refused addresses must fail before any connection. The feed
 * calls read only addresses a team has published, so each test puts the addresses it
 * reads on a team's record first (`publish`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound, onError } from '../../api/errors';
import { FEED_LIMITS, NOT_PUBLISHED, TOO_BUSY, TOO_MANY_FETCHES } from '../../api/feeds/feed-service';
import type { FeedServiceSettings } from '../../api/feeds/feed-service';
import {
  DESCRIPTION_MAX_LENGTH,
  decodeEntities,
  feedFormat,
  findFeedLinks,
  findYouTubeChannelId,
  htmlToText,
  newestFirst,
  parseFeed,
  parseLatestVideo,
  truncate,
} from '../../api/feeds/parse-feed';
import { FeedError, isForbiddenAddress, safeFetchText } from '../../api/feeds/safe-fetch';
import type { SafeFetchOptions } from '../../api/feeds/safe-fetch';
import { createNewsRoutes, LEAGUE_NEWS_LIMIT } from '../../api/routes/news';
import { FeedErrorSchema, NewsItemSchema, VideoSchema } from '../../api/schemas';
import { publishedForm } from '../../api/data/team-feeds';
import type { DB } from '../../db/connection';
import { makeTestApp, makeTinyLeagueApp, routerHost, type TestApp } from '../fixtures/app';
import { insertTeam, NOW, updateTeam } from '../fixtures/factory';

// ---------------------------------------------------------------------------------
// Fixtures

const CHANNEL_ID = 'UCabcdefghijklmnopqrstuv';
const EMPTY_CHANNEL_ID = 'UCzyxwvutsrqponmlkjihgfe';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>North Town FC</title>
  <link>https://north.example/</link>
  <!-- <item><title>Commented out</title></item> -->
  <item>
    <title>Cup run ends</title>
    <link>https://north.example/news/cup?a=1&amp;b=2</link>
    <description>&lt;p&gt;We lost 1&amp;ndash;2 &amp;amp; bow out.&lt;/p&gt;</description>
    <pubDate>Sat, 02 May 2026 18:00:00 GMT</pubDate>
    <media:thumbnail url="https://north.example/img/cup.jpg"/>
  </item>
  <item>
    <title><![CDATA[Derby <b>win</b> & three points]]></title>
    <link>/news/derby</link>
    <description><![CDATA[<p>Goals from <a href="/p/9">Smith</a> &amp; Jones.</p><img src="/img/ignored.png"></item>]]></description>
    <enclosure url="https://north.example/img/derby.jpg" type="image/jpeg" length="1234"/>
    <pubDate>Sat, 09 May 2026 17:00:00 +0100</pubDate>
  </item>
  <item>
    <title>Summer camp &#8211; sign up &#x1F3C6;</title>
    <link>javascript:alert(1)</link>
    <description><![CDATA[<script>alert(1)</script><p>${'Long text '.repeat(60)}</p><img src="https://north.example/img/camp.png" alt="">]]></description>
  </item>
</channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <title>South City</title>
  <link href="https://south.example/"/>
  <entry>
    <title type="html">Keeper &amp;amp; captain signs on</title>
    <link rel="edit" href="https://south.example/edit/1"/>
    <link rel="alternate" type="text/html" href="https://south.example/news/keeper"/>
    <id>tag:south.example,2026:1</id>
    <updated>2026-06-01T10:00:00Z</updated>
    <published>2026-05-30T09:00:00+02:00</published>
    <summary type="html">&lt;p&gt;Two more years.&lt;/p&gt;</summary>
    <media:thumbnail url="https://south.example/keeper.jpg"/>
  </entry>
  <entry>
    <title>Season review</title>
    <link href="/news/review"/>
    <id>tag:south.example,2026:2</id>
    <updated>2026-06-10T12:00:00Z</updated>
    <content type="html"><![CDATA[<p>What a year.</p><img src="https://south.example/review.jpg">]]></content>
  </entry>
</feed>`;

const youtubeFeed = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL_ID}"/>
 <id>yt:channel:abcdefghijklmnopqrstuv</id>
 <yt:channelId>abcdefghijklmnopqrstuv</yt:channelId>
 <title>Touchline FC</title>
 ${entries}
</feed>`;

const YOUTUBE_FEED = youtubeFeed(`
 <entry>
  <id>yt:video:dQw4w9WgXcQ</id>
  <yt:videoId>dQw4w9WgXcQ</yt:videoId>
  <yt:channelId>${CHANNEL_ID}</yt:channelId>
  <title>Highlights: North Town 2–1 South City &amp; more</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"/>
  <published>2026-06-14T18:00:00+00:00</published>
  <media:group>
   <media:title>Highlights</media:title>
   <media:content url="https://www.youtube.com/v/dQw4w9WgXcQ?version=3" type="application/x-shockwave-flash"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" width="480" height="360"/>
   <media:description>All the goals.</media:description>
  </media:group>
 </entry>
 <entry>
  <id>yt:video:older000001</id>
  <yt:videoId>older000001</yt:videoId>
  <title>Older video</title>
  <published>2026-06-01T18:00:00+00:00</published>
 </entry>`);

const many = (count: number) =>
  `<rss version="2.0"><channel>${Array.from(
    { length: count },
    (_, i) =>
      `<item><title>Item ${i}</title><pubDate>${new Date(Date.UTC(2026, 0, 1 + i)).toUTCString()}</pubDate></item>`,
  ).join('')}</channel></rss>`;

// ---------------------------------------------------------------------------------
// The local feed server

const hits = new Map<string, number>();
const seenHeaders: http.IncomingHttpHeaders[] = [];
/** Answers of /held, sent when the test calls them. */
const held: (() => void)[] = [];
let server: http.Server;
let port: number;
let base: string;

const hitsOf = (path: string) => hits.get(path) ?? 0;

function send(res: http.ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

/** A web page (a club's site, a YouTube channel page) the feed finder reads for its feed. */
function sendPage(res: http.ServerResponse, html: string) {
  send(res, 200, 'text/html', html);
}

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', base);
  const key = `${url.pathname}${url.search}`;
  hits.set(key, hitsOf(key) + 1);
  seenHeaders.push(req.headers);
  res.on('error', () => undefined); // the client may hang up mid-body, on purpose
  const redirect = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (redirect) {
    const left = Number(redirect[1]);
    res.writeHead(302, {
      location: left > 1 ? `/redirect/${left - 1}${url.search}` : `/rss.xml${url.search}`,
    });
    res.end();
    return;
  }
  switch (url.pathname) {
    case '/rss.xml':
      return send(res, 200, 'application/rss+xml; charset=utf-8', RSS);
    case '/atom.xml':
      return send(res, 200, 'application/atom+xml', ATOM);
    case '/many.xml':
      return send(res, 200, 'application/rss+xml', many(25));
    case '/empty.xml':
      return send(res, 200, 'application/rss+xml', '<rss version="2.0"><channel></channel></rss>');
    case '/yt/feeds/videos.xml':
      return send(
        res,
        200,
        'application/atom+xml',
        url.searchParams.get('channel_id') === CHANNEL_ID ? YOUTUBE_FEED : youtubeFeed(''),
      );
    case '/club':
      return sendPage(
        res,
        `<!DOCTYPE html><html><head><title>North Town</title>
        <link rel="stylesheet" href="/style.css">
        <link rel="alternate" type="application/rss+xml" title="News" href="/rss.xml?via=club">
        </head><body><h1>North Town</h1></body></html>`,
      );
    case '/club-without-feed':
      return sendPage(res, '<!DOCTYPE html><html><body>Welcome</body></html>');
    case '/@touchline':
      return sendPage(
        res,
        `<!DOCTYPE html><html><head><title>Touchline FC - YouTube</title></head><body>
        <script>var ytInitialData = {"header":{"c4TabbedHeaderRenderer":{"channelId":"${CHANNEL_ID}","title":"Touchline FC"}}};</script>
        </body></html>`,
      );
    case '/c/quiet':
      return sendPage(
        res,
        `<html><head><meta content="${EMPTY_CHANNEL_ID}" itemprop="channelId"></head><body></body></html>`,
      );
    case '/site/Spelling':
      return send(res, 200, 'application/rss+xml', RSS);
    case '/held':
      held.push(() => send(res, 200, 'application/rss+xml', RSS));
      return;
    case '/slow': {
      const timer = setTimeout(() => send(res, 200, 'application/rss+xml', RSS), 2_000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case '/huge': {
      // Chunked, no length: the reader must stop by counting.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < 2 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
      return;
    }
    case '/huge-declared':
      res.writeHead(200, {
        'content-type': 'application/rss+xml',
        'content-length': String(2 * 1024 * 1024),
      });
      res.end(Buffer.alloc(2 * 1024 * 1024, 0x61));
      return;
    case '/error':
      return send(res, 500, 'text/plain', 'Internal Server Error');
    case '/garbage':
      return send(res, 200, 'text/plain', 'this is not a feed { "at": "all" }');
    case '/to-metadata':
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
      return;
    case '/to-internal-name':
      res.writeHead(302, { location: `http://internal.test:${port}/rss.xml?case=internal` });
      res.end();
      return;
    default:
      return send(res, 404, 'text/plain', 'Not found');
  }
}

/** An address on which nothing listens: connecting is refused. */
let closedPort: number;

beforeAll(async () => {
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ---------------------------------------------------------------------------------
// Apps

let full: Awaited<ReturnType<typeof makeTinyLeagueApp>>;
let strict: TestApp;
beforeAll(async () => {
  full = await makeTinyLeagueApp({ allowPrivateFeedTargets: true });
  strict = await makeTestApp({ now: () => NOW });
});
afterAll(async () => {
  await full.close();
  await strict.close();
});

/** Any name lookup in the mini apps is a test bug: nothing may leave 127.0.0.1. */
const noLookups: FeedServiceSettings['resolve'] = (hostname) =>
  Promise.reject(new Error(`unexpected lookup of ${hostname}`));

/**
 * The news routes mounted the way createApp mounts them, with feed settings createApp
 * does not expose (short time limit, a local YouTube, a clock). A fresh options object
 * each time means a fresh cache.
 */
function miniApp(settings: Omit<FeedServiceSettings, 'allowPrivate'> = {}) {
  const api = routerHost(full.connection.db, {
    now: () => NOW,
    imagesDir: '/nonexistent',
    allowPrivateFeedTargets: true,
    // X-Forwarded-For names the client: tests of the per-client limit play several.
    trustProxy: 1,
  })
    .use(etag({ weak: true }))
    .route(
      '/',
      createNewsRoutes({ youtubeFeedUrl: `${base}/yt/feeds/videos.xml`, resolve: noLookups, ...settings }),
    );
  api.notFound(notFound);
  api.onError(onError);
  const app = new Hono().route('/api', api);
  return async (path: string, client = '10.9.0.1') => {
    const response = await app.request(path, { headers: { 'X-Forwarded-For': client } });
    const body: unknown = await response.json();
    return { status: response.status, headers: response.headers, body };
  };
}

const q = encodeURIComponent;

let publishedTeams = 0;
/**
 * Puts `address` on a new team's record (in the tiny league's database unless told),
 * as its website unless told: the feed calls read only addresses teams have published.
 */
async function publish(
  address: string,
  column: 'website' | 'news_url' | 'youtube_channel' = 'website',
  db: DB = full.connection.db,
): Promise<string> {
  publishedTeams += 1;
  const team_id = `feed.team${publishedTeams}`;
  await insertTeam(db, { team_id, team_name: `Feed Team ${publishedTeams}` });
  await updateTeam(db, team_id, { [column]: address });
  return address;
}

/** Publishes each address as a website (news) and as a channel (video). */
async function publishAll(...addresses: string[]): Promise<void> {
  for (const address of addresses) {
    await publish(address, 'website');
    await publish(address, 'youtube_channel');
  }
}
const newsList = z.array(NewsItemSchema);

function expectFeedError(response: { status: number; body: unknown }, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  const { detail } = FeedErrorSchema.parse(response.body);
  expect(detail.message).toMatch(message);
}

// ---------------------------------------------------------------------------------

describe('GET /api/mwpl_news', () => {
  it('lists league news newest first in the news item shape', async () => {
    const { status, headers, body } = await full.get('/api/mwpl_news');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(newsList.parse(body)).toEqual([
      {
        title: 'South City go top',
        link: '/leagues/tl-26',
        image: '/api/images/teams/south.city.svg',
        description: 'A 3-0 win.',
        date: '2026-05-17T09:00:00.000Z',
      },
      {
        title: 'Season kicks off',
        link: '/leagues/tl-26',
        image: '',
        description: 'Four clubs, one trophy.',
        date: '2026-04-25T09:00:00.000Z',
      },
    ]);
  });

  it('filters by league, reading the part after the last colon', async () => {
    for (const id of ['tl-26', 'region:tl-26', 'a:b:tl-26']) {
      const { body } = await full.get(`/api/mwpl_news?league_id=${q(id)}`);
      expect(newsList.parse(body), id).toHaveLength(2);
    }
    expect((await full.get('/api/mwpl_news?league_id=tl-25')).body).toEqual([]);
    const bad = await full.get('/api/mwpl_news?league_id=');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: expect.stringContaining("'league_id'") });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await full.get('/api/mwpl_news');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await full.app.request('/api/mwpl_news', { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
  });

  it(`answers at most ${LEAGUE_NEWS_LIMIT} items`, async () => {
    const t = await makeTinyLeagueApp();
    try {
      await t.connection.db
        .insertInto('league_news')
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            league_id: 'tl-26',
            title: `Story ${i}`,
            published_at: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
          })),
        )
        .execute();
      const news = newsList.parse((await t.get('/api/mwpl_news')).body);
      expect(news).toHaveLength(LEAGUE_NEWS_LIMIT);
      expect(news.map((item) => item.date)).toEqual([...news.map((item) => item.date)].sort().reverse());
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/team_news', () => {
  const expectedRss = (feedUrl: string) => [
    {
      title: 'Derby win & three points',
      link: new URL('/news/derby', feedUrl).href,
      image: 'https://north.example/img/derby.jpg',
      description: 'Goals from Smith & Jones.',
      date: '2026-05-09T16:00:00.000Z',
    },
    {
      title: 'Cup run ends',
      link: 'https://north.example/news/cup?a=1&b=2',
      image: 'https://north.example/img/cup.jpg',
      description: 'We lost 1–2 & bow out.',
      date: '2026-05-02T18:00:00.000Z',
    },
    {
      title: 'Summer camp – sign up 🏆',
      link: '',
      image: 'https://north.example/img/camp.png',
      description: expect.stringMatching(/^Long text Long text .*…$/),
      date: '',
    },
  ];

  it('reads an RSS feed through the app, newest first, undated last', async () => {
    const url = await publish(`${base}/rss.xml?case=rss`, 'news_url');
    const before = seenHeaders.length;
    const { status, headers, body } = await full.get(`/api/team_news?url=${q(url)}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    const items = newsList.parse(body);
    expect(items).toEqual(expectedRss(url));
    expect(items[2]?.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(seenHeaders[before]).toMatchObject({
      'user-agent': 'TouchlineFeedReader/1.0',
      accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml, text/html;q=0.8',
    });
  });

  it('reads an Atom feed', async () => {
    const url = await publish(`${base}/atom.xml`);
    const { status, body } = await full.get(`/api/team_news?url=${q(url)}`);
    expect(status).toBe(200);
    expect(newsList.parse(body)).toEqual([
      {
        title: 'Season review',
        link: `${base}/news/review`,
        image: 'https://south.example/review.jpg',
        description: 'What a year.',
        date: '2026-06-10T12:00:00.000Z',
      },
      {
        title: 'Keeper & captain signs on',
        link: 'https://south.example/news/keeper',
        image: 'https://south.example/keeper.jpg',
        description: 'Two more years.',
        date: '2026-05-30T07:00:00.000Z',
      },
    ]);
  });

  it("follows a web page's alternate feed link, one hop", async () => {
    await publish(`${base}/club`);
    const { status, body } = await full.get(`/api/team_news?url=${q(`${base}/club`)}`);
    expect(status).toBe(200);
    expect(newsList.parse(body)).toEqual(expectedRss(`${base}/rss.xml?via=club`));
    expect(hitsOf('/club')).toBe(1);
    expect(hitsOf('/rss.xml?via=club')).toBe(1);
  });

  it('answers at most 20 items, newest first, and an empty feed as an empty list', async () => {
    await publishAll(`${base}/many.xml`, `${base}/empty.xml`);
    const items = newsList.parse((await full.get(`/api/team_news?url=${q(`${base}/many.xml`)}`)).body);
    expect(items.map((item) => item.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Item ${24 - i}`));
    expect((await full.get(`/api/team_news?url=${q(`${base}/empty.xml`)}`)).body).toEqual([]);
  });

  it('follows up to three redirects and no more', async () => {
    await publishAll(`${base}/redirect/3?case=three`, `${base}/redirect/4?case=four`);
    const three = await full.get(`/api/team_news?url=${q(`${base}/redirect/3?case=three`)}`);
    expect(three.status).toBe(200);
    expect(newsList.parse(three.body)).toHaveLength(3);
    expect(hitsOf('/rss.xml?case=three')).toBe(1);
    expectFeedError(
      await full.get(`/api/team_news?url=${q(`${base}/redirect/4?case=four`)}`),
      502,
      /redirects/,
    );
    expect(hitsOf('/rss.xml?case=four')).toBe(0);
  });

  it('refuses a missing, repeated or malformed address with 400 and a detail message', async () => {
    expectFeedError(await full.get('/api/team_news'), 400, /'url': is required/);
    expectFeedError(await full.get('/api/team_news?url='), 400, /'url': is required/);
    expectFeedError(await full.get(`/api/team_news?url=${q(base)}&url=${q(base)}`), 400, /given once/);
    expectFeedError(await full.get('/api/team_news?url=not%20a%20url'), 400, /not a valid URL/);
    expectFeedError(
      await full.get(`/api/team_news?url=${q(`${base}/${'a'.repeat(2100)}`)}`),
      400,
      /'url': is too long/,
    );
  });

  it('answers upstream failures with 502 and their reason', async () => {
    await publishAll(
      `${base}/error`,
      `${base}/missing`,
      `${base}/garbage`,
      `${base}/club-without-feed`,
      `http://127.0.0.1:${closedPort}/rss.xml`,
    );
    expectFeedError(await full.get(`/api/team_news?url=${q(`${base}/error`)}`), 502, /answered 500/);
    expectFeedError(await full.get(`/api/team_news?url=${q(`${base}/missing`)}`), 502, /answered 404/);
    expectFeedError(await full.get(`/api/team_news?url=${q(`${base}/garbage`)}`), 502, /No news feed found/);
    expectFeedError(
      await full.get(`/api/team_news?url=${q(`${base}/club-without-feed`)}`),
      502,
      /No news feed found/,
    );
    expectFeedError(
      await full.get(`/api/team_news?url=${q(`http://127.0.0.1:${closedPort}/rss.xml`)}`),
      502,
      /Could not reach/,
    );
  });

  it('gives up on bodies over 1 MB with 502, declared or not', async () => {
    await publishAll(`${base}/huge`, `${base}/huge-declared`);
    expectFeedError(await full.get(`/api/team_news?url=${q(`${base}/huge`)}`), 502, /larger than 1024 KB/);
    expectFeedError(await full.get(`/api/team_news?url=${q(`${base}/huge-declared`)}`), 502, /larger than/);
  });

  it('answers 504 when the feed server is too slow', async () => {
    await publishAll(`${base}/slow`);
    const get = miniApp({ timeoutMs: 200 });
    const started = Date.now();
    expectFeedError(await get(`/api/team_news?url=${q(`${base}/slow`)}`), 504, /did not answer in time/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('remembers answers for 10 minutes and failures for 1 minute, per app', async () => {
    let clock = 1_000_000;
    const get = miniApp({ clock: () => clock });
    const url = await publish(`${base}/rss.xml?case=cache`);
    const [first, concurrent] = await Promise.all([
      get(`/api/team_news?url=${q(url)}`),
      get(`/api/team_news?url=${q(url)}`),
    ]);
    expect(first.status).toBe(200);
    expect(concurrent.body).toEqual(first.body);
    expect(hitsOf('/rss.xml?case=cache')).toBe(1);
    clock += FEED_LIMITS.successTtlMs - 1;
    expect((await get(`/api/team_news?url=${q(url)}`)).body).toEqual(first.body);
    expect(hitsOf('/rss.xml?case=cache')).toBe(1);
    clock += 2;
    expect((await get(`/api/team_news?url=${q(url)}`)).status).toBe(200);
    expect(hitsOf('/rss.xml?case=cache')).toBe(2);

    // Another app instance has its own cache.
    await miniApp({ clock: () => clock })(`/api/team_news?url=${q(url)}`);
    expect(hitsOf('/rss.xml?case=cache')).toBe(3);

    const failing = await publish(`${base}/error?case=cache`);
    expect((await get(`/api/team_news?url=${q(failing)}`)).status).toBe(502);
    expect((await get(`/api/team_news?url=${q(failing)}`)).status).toBe(502);
    expect(hitsOf('/error?case=cache')).toBe(1);
    clock += FEED_LIMITS.failureTtlMs + 1;
    expect((await get(`/api/team_news?url=${q(failing)}`)).status).toBe(502);
    expect(hitsOf('/error?case=cache')).toBe(2);
  });

  it('caches through the real app too: a second call does not reach the feed server', async () => {
    const url = await publish(`${base}/atom.xml?case=app-cache`);
    await full.get(`/api/team_news?url=${q(url)}`);
    await full.get(`/api/team_news?url=${q(url)}`);
    expect(hitsOf('/atom.xml?case=app-cache')).toBe(1);
  });
});

describe('GET /api/team_video', () => {
  const latest = { video_id: 'dQw4w9WgXcQ', title: 'Highlights: North Town 2–1 South City & more' };

  it('reads the latest video from a channel feed URL', async () => {
    const url = await publish(`${base}/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`, 'youtube_channel');
    const { status, headers, body } = await full.get(`/api/team_video?channel_url=${q(url)}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(VideoSchema.parse(body)).toEqual(latest);
  });

  it('finds the channel id on a handle page, then reads the channel feed', async () => {
    await publish(`${base}/@touchline`, 'youtube_channel');
    const get = miniApp();
    const { status, body } = await get(`/api/team_video?channel_url=${q(`${base}/@touchline`)}`);
    expect(status).toBe(200);
    expect(VideoSchema.parse(body)).toEqual(latest);
    expect(hitsOf(`/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`)).toBeGreaterThanOrEqual(1);
  });

  it('maps a youtube.com/channel URL straight to its feed, without fetching the page', async () => {
    await publish(`https://www.youtube.com/channel/${CHANNEL_ID}`, 'youtube_channel');
    const get = miniApp();
    const before = hitsOf(`/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`);
    const { status, body } = await get(
      `/api/team_video?channel_url=${q(`https://www.youtube.com/channel/${CHANNEL_ID}`)}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual(latest);
    expect(hitsOf(`/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`)).toBe(before + 1);
  });

  it('answers 404 when the channel has no video, 502 when no channel is found', async () => {
    await publishAll(`${base}/c/quiet`, `${base}/club-without-feed`, `${base}/rss.xml`, `${base}/error`);
    const get = miniApp();
    expectFeedError(
      await get(`/api/team_video?channel_url=${q(`${base}/c/quiet`)}`),
      404,
      /^No video found$/,
    );
    expect(hitsOf(`/yt/feeds/videos.xml?channel_id=${EMPTY_CHANNEL_ID}`)).toBe(1);
    expectFeedError(
      await get(`/api/team_video?channel_url=${q(`${base}/club-without-feed`)}`),
      502,
      /No YouTube channel found/,
    );
    expectFeedError(await get(`/api/team_video?channel_url=${q(`${base}/rss.xml`)}`), 404, /No video found/);
    expectFeedError(await get(`/api/team_video?channel_url=${q(`${base}/error`)}`), 502, /answered 500/);
  });

  it('refuses a missing channel_url and answers a slow channel with 504', async () => {
    await publishAll(`${base}/slow`);
    expectFeedError(await full.get('/api/team_video'), 400, /'channel_url': is required/);
    expectFeedError(
      await miniApp({ timeoutMs: 200 })(`/api/team_video?channel_url=${q(`${base}/slow`)}`),
      504,
      /in time/,
    );
  });
});

describe('only addresses teams have published', () => {
  it('refuses with 400 an address no team has published, without connecting', async () => {
    const url = `${base}/rss.xml?case=unpublished`;
    for (const path of [`/api/team_news?url=${q(url)}`, `/api/team_video?channel_url=${q(url)}`]) {
      const answer = await full.get(path);
      expectFeedError(answer, 400, new RegExp(`^${NOT_PUBLISHED}$`));
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(hitsOf('/rss.xml?case=unpublished')).toBe(0);
  });

  it('reads a website or news_url for news, a youtube_channel for video, and not the other way round', async () => {
    const news = await publish(`${base}/rss.xml?case=as-news`, 'news_url');
    const channel = await publish(
      `${base}/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}&case=as-video`,
      'youtube_channel',
    );
    expect((await full.get(`/api/team_news?url=${q(news)}`)).status).toBe(200);
    expect((await full.get(`/api/team_video?channel_url=${q(channel)}`)).status).toBe(200);
    expectFeedError(
      await full.get(`/api/team_video?channel_url=${q(news)}`),
      400,
      /not one a team has published/,
    );
    expectFeedError(await full.get(`/api/team_news?url=${q(channel)}`), 400, /not one a team has published/);
    expect(hitsOf('/rss.xml?case=as-news')).toBe(1);
  });

  it('compares trimmed, with the scheme and host in any case and a trailing slash or not', async () => {
    const host = `127.0.0.1:${port}`;
    await publish(`  HTTP://${host}/site/Spelling/  `);
    const get = miniApp();
    expect((await get(`/api/team_news?url=${q(`http://${host}/site/Spelling`)}`)).status).toBe(200);
    expect((await get(`/api/team_news?url=${q(` hTTp://${host}/site/Spelling`)}`)).status).toBe(200);
    // A host in another case is the same host: this one gets as far as its lookup.
    await publish('https://Club.Example/News/');
    expectFeedError(await get(`/api/team_news?url=${q('https://club.example/News')}`), 502, /Could not/);
    // The path keeps its case, and nothing may be added to it.
    for (const other of ['/site/spelling', '/site/Spelling?x=1', '/site/Spelling/rss', '/site']) {
      expectFeedError(await get(`/api/team_news?url=${q(`http://${host}${other}`)}`), 400, /published/);
    }
    expect(hitsOf('/site/Spelling')).toBe(1);
  });
});

describe('publishedForm', () => {
  it('trims, lower-cases the scheme and host only, and drops one trailing slash', () => {
    expect(publishedForm('  HTTPS://Club.Example:8080/News/?Page=1/ ')).toBe(
      'https://club.example:8080/News/?Page=1',
    );
    expect(publishedForm('https://club.example/')).toBe('https://club.example');
    expect(publishedForm('@Handle/')).toBe('@Handle');
  });
});

describe('limits on fetching', () => {
  it('lets each client start a few fetches a window; answers already held are free', async () => {
    let clock = 5_000_000;
    const get = miniApp({ fetchesPerClient: { max: 2, windowMs: 60_000 }, clock: () => clock });
    // One after another, as the app's writes are: on PostgreSQL concurrent inserts
    // outside its write lock would race for the same search_names id.
    const addresses: string[] = [];
    for (const n of [1, 2, 3, 4]) addresses.push(await publish(`${base}/rss.xml?case=limit${n}`));
    const [one = '', two = '', three = '', four = ''] = addresses;
    const news = (url: string, client = '10.9.0.1') => get(`/api/team_news?url=${q(url)}`, client);
    expect((await news(one)).status).toBe(200);
    expect((await news(two)).status).toBe(200);
    expect((await news(one)).status).toBe(200); // held: no fetch, not counted
    const refused = await news(three);
    expectFeedError(refused, 429, new RegExp(`^${TOO_MANY_FETCHES}$`));
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(hitsOf('/rss.xml?case=limit3')).toBe(0);
    // Another client may, and the refusal was not kept as the answer for that address.
    expect((await news(three, '10.9.0.2')).status).toBe(200);
    expect(hitsOf('/rss.xml?case=limit3')).toBe(1);
    // A new window, new fetches.
    clock += 60_000;
    expect((await news(four)).status).toBe(200);
    expect([1, 2, 4].map((n) => hitsOf(`/rss.xml?case=limit${n}`))).toEqual([1, 1, 1]);
  });

  it('refuses with 503 a fetch past the number under way, and joins one in flight', async () => {
    const get = miniApp({ concurrentFetches: 1 });
    const slow = await publish(`${base}/held?case=busy`);
    const other = await publish(`${base}/rss.xml?case=busy`);
    const first = get(`/api/team_news?url=${q(slow)}`);
    await expect.poll(() => hitsOf('/held?case=busy')).toBe(1);
    const busy = await get(`/api/team_news?url=${q(other)}`, '10.9.0.3');
    expectFeedError(busy, 503, new RegExp(`^${TOO_BUSY}$`));
    expect(busy.headers.get('retry-after')).toBe(String(FEED_LIMITS.busyRetryAfterSeconds));
    // The same address joins the fetch under way instead of starting one.
    const joined = get(`/api/team_news?url=${q(slow)}`, '10.9.0.4');
    for (const release of held.splice(0)) release();
    expect((await first).status).toBe(200);
    expect((await joined).status).toBe(200);
    expect(hitsOf('/held?case=busy')).toBe(1);
    expect(hitsOf('/rss.xml?case=busy')).toBe(0);
    // The fetch is over: the next one may start.
    expect((await get(`/api/team_news?url=${q(other)}`, '10.9.0.3')).status).toBe(200);
  });
});

describe('addresses the feeds may not reach (allowPrivateFeedTargets: false)', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/',
    'http://172.16.5.4:8080/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://localhost/',
    'http://api.localhost:3000/',
    'file:///etc/passwd',
    'gopher://x',
    'ftp://example.com/feed.xml',
    'http://user:pass@example.com/',
  ];

  it('refuses the local feed server itself with 400, without connecting', async () => {
    const url = `${base}/rss.xml?case=refused`;
    for (const path of [`/api/team_news?url=${q(url)}`, `/api/team_video?channel_url=${q(url)}`]) {
      const response = await strict.app.request(path);
      expectFeedError({ status: response.status, body: await response.json() }, 400, /not allowed/);
    }
    expect(hitsOf('/rss.xml?case=refused')).toBe(0);
  });

  it('refuses a private address even when a team has published it', async () => {
    const url = await publish(`${base}/rss.xml?case=published-private`, 'website', strict.connection.db);
    await publish(url, 'youtube_channel', strict.connection.db);
    for (const path of [`/api/team_news?url=${q(url)}`, `/api/team_video?channel_url=${q(url)}`]) {
      const response = await strict.app.request(path);
      expectFeedError({ status: response.status, body: await response.json() }, 400, /not allowed/);
    }
    expect(hitsOf('/rss.xml?case=published-private')).toBe(0);
  });

  it.each(refused)('refuses %s with 400', async (url) => {
    for (const path of [`/api/team_news?url=${q(url)}`, `/api/team_video?channel_url=${q(url)}`]) {
      const response = await strict.app.request(path);
      expectFeedError(
        { status: response.status, body: await response.json() },
        400,
        /^The address is not allowed/,
      );
    }
  });
});

describe('safeFetchText', () => {
  /** Stands in for "the public internet": only the test server's address is allowed. */
  const onlyTestServer: SafeFetchOptions = {
    allowPrivate: false,
    isAllowedAddress: (ip) => ip === '127.0.0.1',
    resolve: async (hostname) => {
      if (hostname === 'public.test') return [{ address: '127.0.0.1', family: 4 }];
      if (hostname === 'rebind.test') {
        return [
          { address: '127.0.0.1', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ];
      }
      if (hostname === 'internal.test') return [{ address: '127.0.0.2', family: 4 }];
      throw new Error(`unexpected lookup of ${hostname}`);
    },
  };

  const failure = async (promise: Promise<unknown>) => {
    const error: unknown = await promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(FeedError);
    return error instanceof FeedError ? error : null;
  };

  it('connects to the address its own lookup checked', async () => {
    const answer = await safeFetchText(`http://public.test:${port}/rss.xml?case=pinned`, onlyTestServer);
    expect(answer.url).toBe(`http://public.test:${port}/rss.xml?case=pinned`);
    expect(answer.contentType).toContain('application/rss+xml');
    expect(feedFormat(answer.body)).toBe('rss');
    expect(hitsOf('/rss.xml?case=pinned')).toBe(1);
  });

  it('refuses a name when any of its addresses is forbidden (rebinding)', async () => {
    const error = await failure(
      safeFetchText(`http://rebind.test:${port}/rss.xml?case=rebind`, onlyTestServer),
    );
    expect(error?.kind).toBe('refused');
    expect(hitsOf('/rss.xml?case=rebind')).toBe(0);
  });

  it('checks every redirect target again, by literal address and by name', async () => {
    const metadata = await failure(safeFetchText(`http://public.test:${port}/to-metadata`, onlyTestServer));
    expect(metadata?.kind).toBe('refused');
    expect(hitsOf('/to-metadata')).toBe(1); // the first hop was allowed and made

    const internal = await failure(safeFetchText(`${base}/to-internal-name`, onlyTestServer));
    expect(internal?.kind).toBe('refused');
    expect(hitsOf('/to-internal-name')).toBe(1);
    expect(hitsOf('/rss.xml?case=internal')).toBe(0); // internal.test would have served it: never reached

    // The default policy refuses the same redirect target.
    const byDefault = await failure(
      safeFetchText(`${base}/to-metadata`, {
        allowPrivate: false,
        isAllowedAddress: (ip) => ip === '127.0.0.1',
      }),
    );
    expect(byDefault?.kind).toBe('refused');
  });

  it('stops on time and on size, and reports the kind', async () => {
    expect((await failure(safeFetchText(`${base}/slow`, { allowPrivate: true, timeoutMs: 100 })))?.kind).toBe(
      'timeout',
    );
    expect(
      (await failure(safeFetchText(`${base}/rss.xml?case=small`, { allowPrivate: true, maxBytes: 100 })))
        ?.kind,
    ).toBe('too-large');
    expect(
      (await failure(safeFetchText(`${base}/redirect/2`, { allowPrivate: true, maxRedirects: 1 })))?.kind,
    ).toBe('upstream');
    expect((await failure(safeFetchText('http://exa mple.com/', { allowPrivate: true })))?.kind).toBe(
      'invalid-url',
    );
  });
});

describe('isForbiddenAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['::', 'IPv6 unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['169.254.169.254', 'link-local (metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['febf::1', 'IPv6 link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF assignments'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata, hex'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['0:0:0:0:0:ffff:192.168.0.1', 'IPv4-mapped private, long form'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
    ['64:ff9b::a00:1', 'NAT64 private, hex'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of loopback'],
    ['2002:c0a8:101::', '6to4 of private'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard-only'],
    ['[::1]', 'bracketed'],
    ['not-an-ip', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('parse-feed', () => {
  it('reads RSS with CDATA, entities, enclosures and relative links', () => {
    const feed = parseFeed(RSS, 'https://north.example/feed.xml');
    expect(feed?.format).toBe('rss');
    expect(feed?.items.map((item) => item.title)).toEqual([
      'Cup run ends',
      'Derby win & three points',
      'Summer camp – sign up 🏆',
    ]);
    expect(feed?.items[1]).toEqual({
      title: 'Derby win & three points',
      link: 'https://north.example/news/derby',
      image: 'https://north.example/img/derby.jpg',
      description: 'Goals from Smith & Jones.',
      date: '2026-05-09T16:00:00.000Z',
    });
    // A script in a description is dropped, not shown as text.
    expect(feed?.items[2]?.description).not.toContain('alert');
  });

  it('reads Atom, including YouTube video ids', () => {
    const feed = parseFeed(YOUTUBE_FEED, 'https://www.youtube.com/feeds/videos.xml');
    expect(feed?.format).toBe('atom');
    expect(feed?.items[0]).toEqual({
      title: 'Highlights: North Town 2–1 South City & more',
      link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image: 'https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      description: 'All the goals.',
      date: '2026-06-14T18:00:00.000Z',
    });
    expect(parseLatestVideo(YOUTUBE_FEED)).toEqual({
      video_id: 'dQw4w9WgXcQ',
      title: 'Highlights: North Town 2–1 South City & more',
    });
    expect(parseLatestVideo(youtubeFeed(''))).toBeNull();
    expect(parseLatestVideo(RSS)).toBeNull();
  });

  it('tells feeds from other documents', () => {
    expect(feedFormat('\uFEFF<?xml version="1.0"?>\n<!-- hi -->\n<rss version="2.0"></rss>')).toBe('rss');
    expect(feedFormat('<rdf:RDF xmlns:rdf="x"><item><title>a</title></item></rdf:RDF>')).toBe('rss');
    expect(feedFormat('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toBe('atom');
    expect(feedFormat('<!DOCTYPE html><html><body><feed></feed></body></html>')).toBeNull();
    expect(feedFormat('{"items": []}')).toBeNull();
    expect(parseFeed('hello', 'https://x.example/')).toBeNull();
  });

  it('finds advertised feeds and YouTube channel ids in HTML', () => {
    const page = `<link rel="alternate" type="application/atom+xml" href="/a.xml">
      <!-- <link rel="alternate" type="application/rss+xml" href="/commented.xml"> -->
      <link rel="alternate" type="text/html" href="/other.html">
      <link href="/r.xml?x=1&amp;y=2" type="application/rss+xml" rel="alternate feed">`;
    expect(findFeedLinks(page, 'https://club.example/news/')).toEqual([
      'https://club.example/a.xml',
      'https://club.example/r.xml?x=1&y=2',
    ]);
    expect(
      findFeedLinks('<link rel="alternate" type="application/rss+xml" href="javascript:x">', 'https://a.b/'),
    ).toEqual([]);
    const id = 'UC0123456789abcdefghij_-';
    expect(
      findYouTubeChannelId(
        `<link rel="alternate" type="application/rss+xml" title="RSS" href="https://www.youtube.com/feeds/videos.xml?channel_id=${id}">`,
      ),
    ).toBe(id);
    expect(findYouTubeChannelId(`<meta itemprop="channelId" content="${id}">`)).toBe(id);
    expect(findYouTubeChannelId(`<link rel="canonical" href="https://www.youtube.com/channel/${id}">`)).toBe(
      id,
    );
    expect(findYouTubeChannelId(`{"channelId":"${id}"}`)).toBe(id);
    // The page's own id wins over ids of other channels in its script data.
    expect(
      findYouTubeChannelId(`{"channelId":"${CHANNEL_ID}"} <meta itemprop="channelId" content="${id}">`),
    ).toBe(id);
    expect(findYouTubeChannelId('{"channelId":"UCshort"}')).toBeNull();
  });

  it('decodes entities once, strips markup and truncates at a word', () => {
    expect(decodeEntities('&amp;lt; &lt;b&gt; &#39;x&#x27; &eacute; &bogus; &#0; &#xD800;')).toBe(
      "&lt; <b> 'x' é &bogus; \uFFFD \uFFFD",
    );
    expect(htmlToText('<p>One<br/>two</p><style>p{}</style><b>th</b>ree &amp; a < b')).toBe(
      'One two three & a < b',
    );
    const long = truncate('word '.repeat(100).trim(), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/^word( word)*…$/);
    expect(truncate('short', 50)).toBe('short');
  });

  it('stays linear on hostile input: a megabyte of unclosed markup parses at once', () => {
    const megabyte = (unit: string) => unit.repeat(Math.ceil((1024 * 1024) / unit.length));
    const started = performance.now();
    expect(feedFormat(`${'<?a?>'.repeat(200_000)}!`)).toBeNull();
    for (const unit of [
      '<!--',
      '<![CDATA[',
      '<item ',
      '<item><title>',
      '<itemx',
      '<link ',
      '<a',
      '<script',
    ]) {
      expect(parseFeed(`<rss>${megabyte(unit)}`, 'https://x.example/')?.format, unit).toBe('rss');
      expect(findFeedLinks(megabyte(unit), 'https://x.example/'), unit).toEqual([]);
      expect(findYouTubeChannelId(megabyte(unit)), unit).toBeNull();
      expect(typeof htmlToText(megabyte(unit)), unit).toBe('string');
    }
    // Quadratic scanning took minutes here; linear takes well under a second.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('sorts newest first with undated items last', () => {
    const item = (title: string, date: string) => ({ title, link: '', image: '', description: '', date });
    expect(
      newestFirst(
        [
          item('a', ''),
          item('b', '2026-01-01T00:00:00.000Z'),
          item('c', '2026-03-01T00:00:00.000Z'),
          item('d', ''),
        ],
        3,
      ).map((entry) => entry.title),
    ).toEqual(['c', 'b', 'a']);
  });
});
