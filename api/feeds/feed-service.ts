/**
 * Team news and latest video from the addresses on a team's record: fetched through
 * safeFetchText, a website's advertised feed followed one hop, a YouTube channel page
 * turned into its channel feed, and answers remembered for a while so a busy team page
 * does not hammer a club's website. One service per app instance.
 *
 * Only an address some team has published is fetched (the caller says which are). A
 * fetch is what costs: each client address may start a few per minute, and only a few
 * run at once over all clients; past that the answer is a refusal at once (429 or 503
 * with Retry-After), not a queue, so a burst holds no connections and no memory while
 * the team page shows its message. An answer already held, or in flight, is free.
 */
import { createRateLimiter, type LimitOptions } from '../auth/rate-limit';
import {
  feedFormat,
  findFeedLinks,
  findYouTubeChannelId,
  newestFirst,
  parseFeed,
  parseLatestVideo,
} from './parse-feed';
import type { FeedItem, FeedVideo } from './parse-feed';
import { ResultCache } from './result-cache';
import { FeedError, SAFE_FETCH_LIMITS, checkTargetUrl, safeFetchText } from './safe-fetch';
import type { FetchedText, Resolver, SafeFetchOptions } from './safe-fetch';

export interface FeedServiceSettings {
  allowPrivate: boolean;
  /** One limit for all the fetches behind one answer (page, then feed). */
  timeoutMs?: number;
  maxBytes?: number;
  isAllowedAddress?: (ip: string) => boolean;
  resolve?: Resolver;
  /** Where channel feeds live; tests point it at a local server. */
  youtubeFeedUrl?: string;
  clock?: () => number;
  /** Fetches each client address may start in each window (FEED_LIMITS.fetchesPerClient). */
  fetchesPerClient?: LimitOptions;
  /** Fetches under way at once over all clients (FEED_LIMITS.concurrentFetches). */
  concurrentFetches?: number;
}

/** Who asks for a feed read. */
export interface FeedCaller {
  /** The client address the per-client limit of fetches counts. */
  address: string;
  /** Whether a team has published this address for what is asked (news, or video). */
  publishes(address: string): Promise<boolean>;
}

export interface FeedService {
  teamNews(url: string, caller: FeedCaller): Promise<FeedItem[]>;
  teamVideo(channelUrl: string, caller: FeedCaller): Promise<FeedVideo>;
}

export const FEED_LIMITS = {
  newsItems: 20,
  successTtlMs: 10 * 60_000,
  failureTtlMs: 60_000,
  cacheEntries: 200,
  /** A team page reads news and video: a visitor opening many new teams a minute stays within. */
  fetchesPerClient: { max: 30, windowMs: 60_000 },
  concurrentFetches: 8,
  /** Fetches end within their time limit: try again after about that long. */
  busyRetryAfterSeconds: 5,
} as const;

export const NOT_PUBLISHED = 'This address is not one a team has published';
export const TOO_MANY_FETCHES = 'Too many new feed reads from this address. Try again shortly.';
export const TOO_BUSY = 'Too many feeds are being read right now. Try again shortly.';

export const YOUTUBE_FEED_URL = 'https://www.youtube.com/feeds/videos.xml';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

export function createFeedService(settings: FeedServiceSettings): FeedService {
  const clock = settings.clock ?? Date.now;
  const cacheOptions = {
    successTtlMs: FEED_LIMITS.successTtlMs,
    failureTtlMs: FEED_LIMITS.failureTtlMs,
    maxEntries: FEED_LIMITS.cacheEntries,
    clock,
  };
  const newsCache = new ResultCache<FeedItem[]>(cacheOptions);
  const videoCache = new ResultCache<FeedVideo>(cacheOptions);
  const fetchOptions: SafeFetchOptions = {
    allowPrivate: settings.allowPrivate,
    maxBytes: settings.maxBytes,
    isAllowedAddress: settings.isAllowedAddress,
    resolve: settings.resolve,
  };
  const youtubeFeedUrl = settings.youtubeFeedUrl ?? YOUTUBE_FEED_URL;
  const perClient = createRateLimiter(settings.fetchesPerClient ?? FEED_LIMITS.fetchesPerClient);
  const concurrentFetches = settings.concurrentFetches ?? FEED_LIMITS.concurrentFetches;
  let fetching = 0;

  /** A fetcher sharing one deadline across the hops of one answer. */
  const fetcher = () => {
    const deadline = Date.now() + (settings.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs);
    return (url: string): Promise<FetchedText> => {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        return Promise.reject(new FeedError('timeout', 'The feed server did not answer in time'));
      return safeFetchText(url, { ...fetchOptions, timeoutMs: remaining });
    };
  };

  const channelFeed = (channelId: string) => {
    const url = new URL(youtubeFeedUrl);
    url.searchParams.set('channel_id', channelId);
    return url.href;
  };

  /**
   * The answer for `raw`: refused before anything else if malformed, off limits or not
   * published, then the one held in the cache, else a new fetch if the limits allow it.
   */
  async function answer<V>(
    cache: ResultCache<V>,
    raw: string,
    caller: FeedCaller,
    load: (target: URL) => Promise<V>,
  ): Promise<V> {
    // Refused and malformed addresses fail here, before the database and the cache.
    const target = checkTargetUrl(raw, fetchOptions);
    if (!(await caller.publishes(raw))) throw new FeedError('unpublished', NOT_PUBLISHED);
    const held = cache.peek(target.href);
    if (held) return held;
    // Refusals are decided before the cache: a refusal of one client is no answer for others.
    if (fetching >= concurrentFetches) {
      throw new FeedError('busy', TOO_BUSY, FEED_LIMITS.busyRetryAfterSeconds);
    }
    const { allowed, retryAfterSeconds } = perClient.hit(caller.address, clock());
    if (!allowed) throw new FeedError('rate-limited', TOO_MANY_FETCHES, retryAfterSeconds);
    fetching += 1;
    return cache.get(target.href, () =>
      load(target).finally(() => {
        fetching -= 1;
      }),
    );
  }

  return {
    teamNews: (raw, caller) =>
      answer(newsCache, raw, caller, async (target) => {
        const fetchText = fetcher();
        const page = await fetchText(target.href);
        let feed = parseFeed(page.body, page.url);
        if (!feed) {
          const [advertised] = findFeedLinks(page.body, page.url);
          if (!advertised) throw new FeedError('upstream', 'No news feed found at that address');
          // One hop only: the advertised address must itself be a feed.
          const linked = await fetchText(advertised);
          feed = parseFeed(linked.body, linked.url);
          if (!feed) throw new FeedError('upstream', 'The news feed could not be read');
        }
        return newestFirst(feed.items, FEED_LIMITS.newsItems);
      }),

    teamVideo: (raw, caller) =>
      answer(videoCache, raw, caller, async (target) => {
        const fetchText = fetcher();
        const directId = YOUTUBE_HOSTS.has(target.hostname)
          ? /^\/channel\/(UC[\w-]{22})\/?/.exec(target.pathname)?.[1]
          : undefined;
        const feedUrl = target.pathname.includes('feeds/videos.xml')
          ? target.href
          : directId
            ? channelFeed(directId)
            : null;
        let feedText: string;
        if (feedUrl) {
          feedText = (await fetchText(feedUrl)).body;
        } else {
          // A handle, custom or user page: its channel id leads to the channel feed.
          const page = await fetchText(target.href);
          if (feedFormat(page.body)) {
            feedText = page.body;
          } else {
            const channelId = findYouTubeChannelId(page.body);
            if (!channelId) throw new FeedError('upstream', 'No YouTube channel found at that address');
            feedText = (await fetchText(channelFeed(channelId))).body;
          }
        }
        if (!feedFormat(feedText)) throw new FeedError('upstream', 'The video feed could not be read');
        const video = parseLatestVideo(feedText);
        if (!video) throw new FeedError('not-found', 'No video found');
        return video;
      }),
  };
}
