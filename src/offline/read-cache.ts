/**
 * Public API reads kept in IndexedDB and served stale-while-revalidate by the
 * service worker: a stored answer is returned at once, then checked with the
 * server (`If-None-Match`), and open pages are told whether it changed. Only the
 * public reads whose route declares `offline` are kept (api/router.ts's OFFLINE_READ_ROUTES,
 * put into the build by vite.config.ts); nothing behind a role (admin tables, search, auth).
 */
import { routeMatcher } from '../../api/domain/public-reads';
import type { CachedRead, OfflineDb } from './db';

import { CACHED_AT_HEADER, REVALIDATING_HEADER } from './cached-headers';

export { CACHED_AT_HEADER, REVALIDATING_HEADER };

/** An answer the server confirmed this recently is served without asking again. */
export const FRESH_MS = 10_000;
/** The store keeps at most this many answers; the oldest unsaved ones go first. */
export const MAX_READS = 800;

declare global {
  /** Replaced by the build (vite.config.ts `define`) with the routes of the offline reads. */
  const __OFFLINE_READ_ROUTES__: readonly string[];
}

const isOfflineReadPath = routeMatcher(__OFFLINE_READ_ROUTES__);

/** Whether a GET of this URL is a public read the offline store keeps. */
export function isPublicRead(url: URL): boolean {
  return isOfflineReadPath(url.pathname);
}

/** The store's key for a URL: path and query. */
export function readKey(url: URL | string): string {
  const parsed = typeof url === 'string' ? new URL(url, 'http://touchline.invalid') : url;
  return parsed.pathname + parsed.search;
}

export type ReadMessage = { type: 'read-updated'; key: string } | { type: 'read-confirmed'; key: string };

export interface RevalidateDeps {
  db: OfflineDb;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
  /** Tells open pages what happened (the worker posts to its clients). */
  notify: (message: ReadMessage) => void;
  /** Keeps the worker alive until the background check has finished. */
  waitUntil: (promise: Promise<unknown>) => void;
}

function answerFrom(entry: CachedRead, revalidating: boolean): Response {
  const headers = new Headers({
    'Content-Type': entry.contentType,
    'Cache-Control': 'no-store',
    [CACHED_AT_HEADER]: String(entry.validatedAt),
  });
  if (entry.etag) headers.set('ETag', entry.etag);
  if (revalidating) headers.set(REVALIDATING_HEADER, '1');
  return new Response(entry.body, { status: 200, headers });
}

async function store(db: OfflineDb, entry: CachedRead): Promise<void> {
  await db.put('reads', entry);
}

/** Drops the oldest answers beyond MAX_READS, keeping those of teams saved for offline. */
export async function trimReads(db: OfflineDb, max = MAX_READS): Promise<number> {
  const count = await db.count('reads');
  if (count <= max) return 0;
  const pinned = new Set((await db.getAll('saved')).flatMap((team) => team.paths));
  const tx = db.transaction('reads', 'readwrite');
  let excess = count - max;
  let removed = 0;
  let cursor = await tx.store.index('by-stored').openCursor();
  while (cursor && excess > 0) {
    if (!pinned.has(cursor.value.key)) {
      await cursor.delete();
      excess -= 1;
      removed += 1;
    }
    cursor = await cursor.continue();
  }
  await tx.done;
  return removed;
}

const inFlight = new Map<string, Promise<void>>();

/** Asks the server whether the stored answer still holds; stores and reports what it learned. */
function revalidate(request: Request, entry: CachedRead, deps: RevalidateDeps): Promise<void> {
  const running = inFlight.get(entry.key);
  if (running) return running;
  const check = (async () => {
    const headers = new Headers(request.headers);
    if (entry.etag) headers.set('If-None-Match', entry.etag);
    let response: Response;
    try {
      response = await deps.fetch(new Request(request.url, { headers, cache: 'no-store' }));
    } catch {
      return; // still offline: the stored answer stands
    }
    const now = deps.now();
    if (response.status === 304) {
      await store(deps.db, { ...entry, validatedAt: now });
      deps.notify({ type: 'read-confirmed', key: entry.key });
    } else if (response.ok) {
      const body = await response.text();
      const etag = response.headers.get('ETag');
      const same = body === entry.body;
      await store(deps.db, {
        ...entry,
        body,
        etag,
        contentType: response.headers.get('Content-Type') ?? entry.contentType,
        storedAt: same ? entry.storedAt : now,
        validatedAt: now,
      });
      deps.notify({ type: same ? 'read-confirmed' : 'read-updated', key: entry.key });
    } else if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      // Gone or no longer readable (a deleted team): the page asks again and shows the answer.
      await deps.db.delete('reads', entry.key);
      deps.notify({ type: 'read-updated', key: entry.key });
    }
  })().finally(() => inFlight.delete(entry.key));
  inFlight.set(entry.key, check);
  return check;
}

/** Keeps a network answer for next time (successful JSON only); a 4xx forgets the old one. */
function keep(key: string, response: Response, entry: CachedRead | undefined, deps: RevalidateDeps): void {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (response.status === 200 && contentType.includes('json')) {
    const now = deps.now();
    deps.waitUntil(
      response
        .clone()
        .text()
        .then((body) =>
          store(deps.db, {
            key,
            body,
            contentType,
            etag: response.headers.get('ETag'),
            storedAt: entry && entry.body === body ? entry.storedAt : now,
            validatedAt: now,
          }),
        )
        .then(() => trimReads(deps.db))
        .catch(() => undefined), // a full disk must not break the answer
    );
  } else if (entry && response.status >= 400 && response.status < 500 && response.status !== 429) {
    deps.waitUntil(deps.db.delete('reads', key).catch(() => undefined));
  }
}

/**
 * The worker's answer to a public GET: the stored answer at once (checked with the
 * server in the background), or the network's answer, stored for next time.
 *
 * `checkFirst` names stored answers that must not be shown before the server is
 * asked: those older than a write this device just made (a list reloaded after a
 * report must show the report). They are served from the store only when the
 * network fails.
 */
export async function staleWhileRevalidate(
  request: Request,
  deps: RevalidateDeps & { checkFirst?: (entry: CachedRead) => boolean },
): Promise<Response> {
  const key = readKey(new URL(request.url));
  const entry = await deps.db.get('reads', key).catch(() => undefined);
  if (entry && !deps.checkFirst?.(entry)) {
    const fresh = deps.now() - entry.validatedAt < FRESH_MS;
    if (!fresh) deps.waitUntil(revalidate(request, entry, deps));
    return answerFrom(entry, !fresh);
  }
  let response: Response;
  try {
    response = await deps.fetch(request);
  } catch (error) {
    if (entry) return answerFrom(entry, true);
    throw error;
  }
  keep(key, response, entry, deps);
  return response;
}

/** Forgets every stored read and saved team (sign-out). */
export async function clearReadCache(db: OfflineDb): Promise<void> {
  const tx = db.transaction(['reads', 'saved'], 'readwrite');
  await Promise.all([tx.objectStore('reads').clear(), tx.objectStore('saved').clear(), tx.done]);
}
