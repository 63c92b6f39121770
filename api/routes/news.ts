/**
 * News and video for the team page's results panel (spec sections 2 and 7): league
 * news from the database, and a team's own news and latest video read from the
 * addresses on its record. Those two answer errors as `{ detail: { message } }`,
 * the shape the client reads for news and video (spec section 8).
 */
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv, AppOptions } from '../env';
import { listLeagueNews } from '../data/news';
import { createFeedService } from '../feeds/feed-service';
import type { FeedService, FeedServiceSettings } from '../feeds/feed-service';
import { FeedError } from '../feeds/safe-fetch';
import type { FeedErrorKind } from '../feeds/safe-fetch';
import { CACHE } from '../http/cache';
import { describeIssue, idParam, leagueIdFrom, validate } from '../http/validate';
import { jsonRead } from '../http/read';

/** League news answers at most this many items, newest first. */
export const LEAGUE_NEWS_LIMIT = 50;

const FEED_ERROR_STATUS = {
  'invalid-url': 400,
  refused: 400,
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

const leagueNewsQuery = z.object({ league_id: idParam.optional() });
const teamNewsQuery = z.object({ url: addressParam });
const teamVideoQuery = z.object({ channel_url: addressParam });

/** Like validate(), but answers in the `{ detail: { message } }` shape of the feed calls. */
function validateFeedQuery<Schema extends z.ZodType>(schema: Schema) {
  return zValidator('query', schema, (result, c) => {
    if (!result.success) return feedError(c, 400, describeIssue('query', result.error));
  });
}

function feedError(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ detail: { message } }, status, { 'Cache-Control': 'no-store' });
}

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

  return new Hono<AppEnv>()
    .get('/mwpl_news', validate('query', leagueNewsQuery), async (c) => {
      const { league_id } = c.req.valid('query');
      const news = await listLeagueNews(c.get('db'), {
        leagueId: league_id === undefined ? undefined : leagueIdFrom(league_id),
        limit: LEAGUE_NEWS_LIMIT,
      });
      return jsonRead(c, news, CACHE.revalidate);
    })
    .get('/team_news', validateFeedQuery(teamNewsQuery), async (c) => {
      const { url } = c.req.valid('query');
      try {
        const items = await serviceFor(c.get('options')).teamNews(url);
        return jsonRead(c, items, CACHE.revalidate);
      } catch (error) {
        if (error instanceof FeedError) return feedError(c, FEED_ERROR_STATUS[error.kind], error.message);
        throw error;
      }
    })
    .get('/team_video', validateFeedQuery(teamVideoQuery), async (c) => {
      const { channel_url } = c.req.valid('query');
      try {
        const video = await serviceFor(c.get('options')).teamVideo(channel_url);
        return jsonRead(c, video, CACHE.revalidate);
      } catch (error) {
        if (error instanceof FeedError) return feedError(c, FEED_ERROR_STATUS[error.kind], error.message);
        throw error;
      }
    });
}

export const newsRoutes = createNewsRoutes();
