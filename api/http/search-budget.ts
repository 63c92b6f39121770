/**
 * A budget of searches per client that reach the database, kept in front of Hono: a
 * search the read cache already holds is free, a new one costs the database a little,
 * and a client looping on new terms must not take the server's time from everyone else.
 * Past the budget the answer is a prebuilt 429, which costs less than any trip through
 * the app, sent after a pause: a client that loops without reading Retry-After then
 * sends a few refused searches a second on each connection, not thousands (the refusals
 * alone took a large share of the server from everyone else). The search panel waits
 * between keystrokes, so a person typing stays far below the budget.
 *
 * The budget counts what Hono would route to the search, not what the request line
 * spells: `/api/%73earch`, `/api/./search` and a HEAD reach the same handler, so they
 * cost the same.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getPath } from 'hono/utils/url';
import { createRateLimiter } from '../auth/rate-limit';
import type { TrustProxy } from '../config';
import { addressOf } from './client-address';
import { SECURITY_HEADERS } from './security-headers';

export interface SearchBudgetOptions {
  /** searches per client address in each window */
  max?: number;
  windowMs?: number;
  /** the proxies in front (TRUST_PROXY): the address is then read from X-Forwarded-For */
  trustProxy?: TrustProxy;
  clock?: () => number;
  /** how long a refusal waits before it is sent (default 250 ms) */
  refusalDelayMs?: number;
}

export const SEARCH_REFUSAL = 'Too many searches. Try again in a few seconds.';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

const SEARCH_PATH = '/api/search';

/**
 * The path Hono routes a request by: the URL @hono/node-server builds from the request
 * line (dot segments resolved, absolute form read as such), decoded by Hono's own
 * getPath. Null when no URL can be built, which the adapter refuses too. A Host header
 * can only change the path of a request the adapter refuses for that header.
 */
export function routedPath(target: string, host: string | undefined): string | null {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  // Nothing for the URL parser to resolve nor for Hono to decode: the path is as sent.
  if (path.startsWith('/') && !/[%.\\\t\n\r]/.test(path)) return path;
  let url: URL;
  try {
    url =
      target.startsWith('http://') || target.startsWith('https://')
        ? new URL(target)
        : new URL(`http://${host ?? 'localhost'}${target}`);
  } catch {
    return null;
  }
  // getPath decodes only where it finds a '%'. It is given the path alone: a Request
  // may not be built from a URL with credentials.
  return url.pathname.includes('%') ? getPath(new Request(`http://localhost${url.pathname}`)) : url.pathname;
}

export function searchBudget(options: SearchBudgetOptions = {}): (listener: Listener) => Listener {
  const windowMs = options.windowMs ?? 10_000;
  const limiter = createRateLimiter({ max: options.max ?? 30, windowMs });
  const clock = options.clock ?? Date.now;
  const refusalDelayMs = options.refusalDelayMs ?? 250;
  const body = Buffer.from(JSON.stringify({ detail: SEARCH_REFUSAL }));
  const headers: Record<string, string> = {
    ...Object.fromEntries(SECURITY_HEADERS),
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': String(body.length),
  };
  return (listener) => (req, res) => {
    // Every method: HEAD is served by the GET route.
    if (routedPath(req.url ?? '', req.headers.host) !== SEARCH_PATH) return listener(req, res);
    const { allowed, retryAfterSeconds } = limiter.hit(
      addressOf(req.headers['x-forwarded-for'], req.socket.remoteAddress, options.trustProxy ?? 0),
      clock(),
    );
    if (allowed) return listener(req, res);
    const refuse = () => {
      if (res.destroyed) return;
      res.writeHead(429, { ...headers, 'retry-after': String(retryAfterSeconds) });
      res.end(body);
    };
    if (refusalDelayMs > 0) setTimeout(refuse, refusalDelayMs);
    else refuse();
    return undefined;
  };
}
