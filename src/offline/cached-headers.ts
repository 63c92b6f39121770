/**
 * The headers the service worker puts on answers from its offline store. Apart from
 * read-cache.ts, so the page's first JavaScript (api-client) reads them without the
 * store's code and the server's route list.
 */

/** Header on answers served from the offline store: when the server last confirmed them. */
export const CACHED_AT_HEADER = 'X-Touchline-Cached-At';
/** Header on stored answers the worker is checking with the server right now. */
export const REVALIDATING_HEADER = 'X-Touchline-Revalidating';
