/**
 * /api/mwpl_news, /api/team_news, /api/team_video: news and video for the team page's
 * results panel. League news from the database, and a team's own news and latest video
 * read from the addresses on its record, and only those: an address no team has
 * published is refused, so the server never fetches whatever a caller names. Those two
 * answer errors as `{ detail: { message } }`, the shape the client reads for news and
 * video. Their fetches are limited per client and in number at once, and refused at
 * once past either limit (api/feeds/feed-service.ts).
 */
import { type Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv, AppOptions } from '../env';
import { listLeagueNews } from '../data/news';
import { teamPublishes, type FeedUse } from '../data/team-feeds';
import { createFeedService, FEED_LIMITS } from '../feeds/feed-service';
import type { FeedCaller, FeedService, FeedServiceSettings } from '../feeds/feed-service';
import { FeedError } from '../feeds/safe-fetch';
import type { FeedErrorKind } from '../feeds/safe-fetch';
import { CACHE } from '../http/cache';
import { clientAddress } from '../http/client-address';
import { endpoint, errors, json, read, readAnswer, resourceRouter } from '../http/contract';
import { jsonRead } from '../http/read';
import { describeIssue, idParam, leagueIdFrom } from '../http/validate';
import { FeedErrorSchema, NewsItemSchema, VideoSchema } from '../schemas';

/** League news answers at most this many items, newest first. */
export const LEAGUE_NEWS_LIMIT = 50;

const FEED_ERROR_STATUS = {
  'invalid-url': 400,
  refused: 400,
  unpublished: 400,
  'rate-limited': 429,
  busy: 503,
  'not-found': 404,
  upstream: 502,
  'too-large': 502,
  timeout: 504,
} as const satisfies Record<FeedErrorKind, ContentfulStatusCode>;

const addressParam = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be given once') })
  .trim()
  .min(1, 'is required')
  .max(2048, 'is too long');

const leagueNewsQuery = z.object({
  league_id: idParam.optional().meta({ description: 'only this league' }),
});
const teamNewsQuery = z.object({
  url: addressParam.meta({ description: 'http(s) URL of the website or feed' }),
});
const teamVideoQuery = z.object({
  channel_url: addressParam.meta({ description: 'channel, handle or feed URL' }),
});

const retryAfter = { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } };
const perClient = FEED_LIMITS.fetchesPerClient;

/** The answers of a feed read that did not work, in the feed calls' `{ detail: { message } }` shape. */
const FEED_ERRORS = {
  400: json(
    FeedErrorSchema,
    'Missing or refused URL: not one a team has published on its record, or a private, loopback or ' +
      'link-local target',
  ),
  429: {
    ...json(
      FeedErrorSchema,
      `This client started ${perClient.max} feed reads in ${perClient.windowMs / 1000} s; ` +
        'Retry-After says when to try again',
    ),
    headers: retryAfter,
  },
  502: json(FeedErrorSchema, 'The feed answered badly, too much, or not at all'),
  503: {
    ...json(
      FeedErrorSchema,
      `${FEED_LIMITS.concurrentFetches} feeds are being read already; Retry-After says when to try again`,
    ),
    headers: retryAfter,
  },
  504: json(FeedErrorSchema, 'The feed did not answer within 5 s'),
};

function feedError(c: Context, status: ContentfulStatusCode, message: string, retryAfterSeconds?: number) {
  return c.json({ detail: { message } }, status, {
    'Cache-Control': 'no-store',
    ...(retryAfterSeconds !== undefined && { 'Retry-After': String(retryAfterSeconds) }),
  });
}

/** What a feed read answers: what `load` found, or the feed's failure in the feed calls' shape. */
async function feedAnswer(c: Context<AppEnv>, load: () => Promise<unknown>): Promise<Response> {
  try {
    return jsonRead(c, await load(), CACHE.revalidate);
  } catch (error) {
    if (error instanceof FeedError) {
      return feedError(c, FEED_ERROR_STATUS[error.kind], error.message, error.retryAfterSeconds);
    }
    throw error;
  }
}

/** The caller of a feed read: its client address, and the addresses teams publish for `use`. */
function feedCaller(c: Context<AppEnv>, use: FeedUse): FeedCaller {
  return {
    address: clientAddress(c),
    publishes: (address) => teamPublishes(c.get('db'), use, address),
  };
}

/** Like the API's validation hook, but answers in the `{ detail: { message } }` shape of the feed calls. */
const feedQueryHook: Hook<unknown, AppEnv, string, Response | undefined> = (result, c) => {
  if (!result.success) return feedError(c, 400, describeIssue('query', result.error));
  return undefined;
};

const listLeagueNewsRoute = read({
  path: '/mwpl_news',
  operationId: 'listLeagueNews',
  tags: ['news'],
  summary: 'League news',
  description: 'Newest first, at most 50',
  caching: { offline: true },
  request: { query: leagueNewsQuery },
  responses: {
    200: readAnswer(z.array(NewsItemSchema)),
    ...errors(400),
  },
});

const getTeamNews = read({
  path: '/team_news',
  operationId: 'getTeamNews',
  tags: ['news'],
  summary: "A team's news",
  description:
    "Items of a team's RSS/Atom feed (or of the feed its page links to). The url must be a team's " +
    'website or news_url as its record has it (scheme and host in any case, a trailing slash or not); ' +
    'answers are cached 10 minutes, failures 1 minute. Errors are { detail: { message } }',
  caching: { offline: true },
  request: { query: teamNewsQuery },
  responses: {
    200: readAnswer(z.array(NewsItemSchema)),
    ...FEED_ERRORS,
  },
});

const getTeamVideo = read({
  path: '/team_video',
  operationId: 'getTeamVideo',
  tags: ['news'],
  summary: "A team's latest video",
  description:
    "Latest video of a team's YouTube channel. The channel_url must be a team's youtube_channel as its " +
    'record has it (scheme and host in any case, a trailing slash or not); answers are cached 10 ' +
    'minutes, failures 1 minute. Errors are { detail: { message } }',
  caching: { offline: true },
  request: { query: teamVideoQuery },
  responses: {
    200: readAnswer(VideoSchema),
    ...FEED_ERRORS,
    404: json(FeedErrorSchema, 'No video found'),
  },
});

/**
 * The routes, with feed settings for tests (short time limits, a local YouTube).
 * Each app instance gets its own feed service and cache, keyed by its options object.
 */
export function createNewsRoutes(settings: Omit<FeedServiceSettings, 'allowPrivate'> = {}) {
  const services = new WeakMap<Required<AppOptions>, FeedService>();
  const serviceFor = (options: Required<AppOptions>) => {
    let service = services.get(options);
    if (!service) {
      service = createFeedService({ ...settings, allowPrivate: options.allowPrivateFeedTargets });
      services.set(options, service);
    }
    return service;
  };

  const router = resourceRouter(
    endpoint(listLeagueNewsRoute, async (c) => {
      const { league_id } = c.req.valid('query');
      const news = await listLeagueNews(c.get('db'), {
        leagueId: league_id === undefined ? undefined : leagueIdFrom(league_id),
        limit: LEAGUE_NEWS_LIMIT,
      });
      return jsonRead(c, news, CACHE.revalidate);
    }),
  );
  // The feed reads refuse a bad query in their own error shape, so they bring their own hook.
  const feedReads = [
    endpoint(getTeamNews, (c) =>
      feedAnswer(c, () =>
        serviceFor(c.get('options')).teamNews(c.req.valid('query').url, feedCaller(c, 'news')),
      ),
    ),
    endpoint(getTeamVideo, (c) =>
      feedAnswer(c, () =>
        serviceFor(c.get('options')).teamVideo(c.req.valid('query').channel_url, feedCaller(c, 'video')),
      ),
    ),
  ];
  for (const { route, handler } of feedReads) router.openapi(route, handler as never, feedQueryHook);
  return router;
}

export const newsRoutes = createNewsRoutes();
