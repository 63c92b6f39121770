/**
 * Team news and latest video from the addresses on a team's record: fetched through
 * safeFetchText, a website's advertised feed followed one hop, a YouTube channel page
 * turned into its channel feed, and answers remembered for a while so a busy team page
 * does not hammer a club's website. One service per app instance.
 */
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
}

export interface FeedService {
  teamNews(url: string): Promise<FeedItem[]>;
  teamVideo(channelUrl: string): Promise<FeedVideo>;
}

export const FEED_LIMITS = {
  newsItems: 20,
  successTtlMs: 10 * 60_000,
  failureTtlMs: 60_000,
  cacheEntries: 200,
} as const;

export const YOUTUBE_FEED_URL = 'https://www.youtube.com/feeds/videos.xml';

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);

export function createFeedService(settings: FeedServiceSettings): FeedService {
  const cacheOptions = {
    successTtlMs: FEED_LIMITS.successTtlMs,
    failureTtlMs: FEED_LIMITS.failureTtlMs,
    maxEntries: FEED_LIMITS.cacheEntries,
    clock: settings.clock ?? Date.now,
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

  return {
    async teamNews(raw) {
      // Refused and malformed addresses fail here, before the cache: they cost nothing.
      const target = checkTargetUrl(raw, fetchOptions).href;
      return newsCache.get(target, async () => {
        const fetchText = fetcher();
        const page = await fetchText(target);
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
      });
    },

    async teamVideo(raw) {
      const target = checkTargetUrl(raw, fetchOptions);
      return videoCache.get(target.href, async () => {
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
      });
    },
  };
}
