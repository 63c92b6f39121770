/// <reference lib="webworker" />
/**
 * The service worker:
 * - precaches the app shell and route chunks and answers app navigations with
 *   index.html (never /api);
 * - serves public API reads stale-while-revalidate from IndexedDB and tells open
 *   pages when the server had newer data (src/offline/read-cache.ts);
 * - keeps images cache-first, with an age limit and a size cap;
 * - replays the outbox through Background Sync when no page is open to do it;
 * - shows Web Push notifications and opens their link when one is clicked.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { offlineDb } from '../src/offline/db';
import { exchangeToken } from '../src/offline/http';
import { SYNC_TAG, replayOutbox, type OutboxAuth } from '../src/offline/outbox';
import { isPublicRead, staleWhileRevalidate, type ReadMessage } from '../src/offline/read-cache';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The first install takes over open pages at once, so what they load next is kept
// for offline use. Later versions wait for the user's 'Reload' (SKIP_WAITING).
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// The embeds are pages of their own for other sites' iframes, never the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/embed\//] }),
);

async function notifyPages(message: ReadMessage): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  pages.forEach((page) => page.postMessage(message));
}

// When this device last changed data through the API. Stored reads older than that
// are checked with the server before they are shown: a list reloaded after a report
// shows the report. (Kept in memory: a worker stopped since then has nothing newer
// to protect than what the next revalidation brings.)
let lastWriteAt = 0;
for (const method of ['POST', 'PUT', 'DELETE'] as const) {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
    async ({ request }) => {
      const response = await fetch(request);
      if (response.ok) lastWriteAt = Date.now();
      return response;
    },
    method,
  );
}

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isPublicRead(url),
  async ({ request, event }) => {
    const db = await offlineDb();
    return staleWhileRevalidate(request, {
      db,
      fetch: (next: Request) => fetch(next),
      now: Date.now,
      notify: (message: ReadMessage) => void notifyPages(message),
      waitUntil: (promise: Promise<unknown>) => (event as ExtendableEvent).waitUntil(promise),
      // Saving for offline asks the server first (cache: 'no-cache'), and so does every
      // read of an answer older than this device's last write.
      checkFirst: (entry) =>
        request.cache === 'no-cache' || request.cache === 'reload' || entry.validatedAt <= lastWriteAt,
    });
  },
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({
    cacheName: 'touchline-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

/** The session as the page last mirrored it; a refresh here is kept for the page to adopt. */
const workerAuth: OutboxAuth = {
  async userId() {
    return (await (await offlineDb()).get('meta', 'auth'))?.userId ?? null;
  },
  async token() {
    return (await (await offlineDb()).get('meta', 'auth'))?.token ?? null;
  },
  async refresh() {
    const db = await offlineDb();
    const record = await db.get('meta', 'auth');
    if (!record) return null;
    const session = await exchangeToken(record.token);
    if (!session) return null;
    try {
      await db.put(
        'meta',
        { ...record, token: session.token, updatedAt: Date.now(), rotatedByWorker: true },
        'auth',
      );
    } catch {
      return null;
    }
    return session.token;
  },
};

async function replayFromWorker(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window' });
  const visible = pages.filter((page) => (page as WindowClient).visibilityState === 'visible');
  if (visible.length > 0) {
    // An open page replays with its own session (and refreshes its own token).
    visible.forEach((page) => page.postMessage({ type: 'outbox-replay' }));
    return;
  }
  const result = await replayOutbox({
    db: await offlineDb(),
    fetch: (...args) => fetch(...args),
    auth: workerAuth,
  });
  // Still waiting for the network: failing the sync makes the browser try again later.
  if (result.waiting > 0) throw new Error('Outbox items still waiting for the network');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayFromWorker());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push: api/push/sender.ts sends { id, kind, title, body, link } as JSON.
interface PushedNotification {
  id?: unknown;
  title?: unknown;
  body?: unknown;
  link?: unknown;
}

/** A path of this app to open; anything else (another origin, no link) opens the home page. */
function appLink(link: unknown): string {
  if (typeof link !== 'string') return '/';
  try {
    const url = new URL(link, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

function showPushed(data: PushMessageData | null): Promise<void> {
  let message: PushedNotification = {};
  try {
    message = (data?.json() ?? {}) as PushedNotification;
  } catch {
    // Not JSON: a push must still show something (userVisibleOnly), so a plain notice.
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : 'Touchline';
  return self.registration.showNotification(title, {
    body: typeof message.body === 'string' ? message.body : '',
    // One notification per stored one: the same id pushed twice replaces, never doubles.
    tag: `touchline-${typeof message.id === 'number' ? message.id : 'notice'}`,
    icon: '/icons/icon-192.png',
    data: { link: appLink(message.link) },
  });
}

self.addEventListener('push', (event: PushEvent) => {
  event.waitUntil(showPushed(event.data));
});

/** Focuses an open window of the app and takes it to the link, or opens a new one there. */
async function openLink(link: string): Promise<void> {
  const url = new URL(link, self.location.origin).href;
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((candidate) => new URL(candidate.url).origin === self.location.origin);
  if (page) {
    const focused = await page.focus().catch(() => page);
    // navigate() works only for pages this worker controls; otherwise a new window it is.
    const arrived = await focused.navigate(url).catch(() => null);
    if (arrived) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  event.waitUntil(openLink(appLink((event.notification.data as { link?: unknown } | null)?.link)));
});
