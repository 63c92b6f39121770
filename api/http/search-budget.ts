/**
 * A budget of searches per client that reach the database, kept in front of Hono: a
 * search the read cache already holds is free, a new one costs the database a little,
 * and a client looping on new terms must not take the server's time from everyone else.
 * Past the budget the answer is a prebuilt 429, which costs less than any trip through
 * the app, sent after a pause: a client that loops without reading Retry-After then
 * sends a few refused searches a second on each connection, not thousands (the refusals
 * alone took a large share of the server from everyone else). The search panel waits
 * between keystrokes, so a person typing stays far below the budget.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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
    if (req.method !== 'GET' || !(req.url === '/api/search' || req.url?.startsWith('/api/search?'))) {
      return listener(req, res);
    }
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
