/**
 * The page's side of the outbox: staff writes go straight to the server when it is
 * reachable and into the outbox when it is not; queued items are replayed at start,
 * on reconnect, on focus, on the worker's request (Background Sync) and when a
 * backoff ends. Screens read the outbox with useOutbox().
 */
import { useCallback, useEffect, useState } from 'react';
import { apiJson, isNetworkFailure, newIdempotencyKey, refreshSession } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { hasIndexedDb } from '@/offline/capable';
import { offlineDb, offlineDbExists, type OutboxItem, type OutboxKind } from '@/offline/db';
import {
  OUTBOX_CHANNEL,
  SYNC_TAG,
  enqueue,
  listOutbox,
  makeDueNow,
  nextDueAt,
  replayOutbox,
  type OutboxAuth,
  type ReplayResult,
} from '@/offline/outbox';
import { refreshAllReads } from '@/offline/read-events';

export const SAVED_OFFLINE = 'Saved offline — will send when back online';

export interface StaffWriteRequest {
  kind: OutboxKind;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  /** How the Outbox lists it. */
  label: string;
}

export type SubmitResult<T> = { queued: false; data: T } | { queued: true; item: OutboxItem };

const pageAuth: OutboxAuth = {
  userId: () => (storage.token() ? (storage.user()?.id ?? null) : null),
  token: () => storage.token(),
  refresh: refreshSession,
};

const localListeners = new Set<() => void>();

function outboxChanged(): void {
  localListeners.forEach((listener) => listener());
}

async function queue(request: StaffWriteRequest, idempotencyKey: string): Promise<OutboxItem> {
  const user = storage.user();
  const db = await offlineDb();
  const item = await enqueue(db, {
    ...request,
    idempotencyKey,
    userId: user?.id ?? '',
    userName: user?.name ?? '',
  });
  outboxChanged();
  void requestBackgroundSync();
  return item;
}

/**
 * Sends a staff write, or keeps it in the outbox when the server cannot be reached.
 * Items already waiting go first: a new write made while older ones wait joins the
 * queue behind them, so the server sees them in the order they were made.
 */
export async function submitStaffWrite<T>(request: StaffWriteRequest): Promise<SubmitResult<T>> {
  const idempotencyKey = newIdempotencyKey();
  const send = () =>
    apiJson<T>(request.path, { method: request.method, body: request.body, idempotencyKey, auth: true });
  if (!hasIndexedDb() || !storage.user()) return { queued: false, data: await send() };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { queued: true, item: await queue(request, idempotencyKey) };
  }
  const earlier = await replayNow();
  if (earlier && (earlier.waiting > 0 || earlier.needsSignIn > 0)) {
    return { queued: true, item: await queue(request, idempotencyKey) };
  }
  try {
    return { queued: false, data: await send() };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    // The request may have reached the server: the same key goes with every retry.
    return { queued: true, item: await queue(request, idempotencyKey) };
  }
}

let running: Promise<ReplayResult | null> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** How many startOutboxSync calls have not been stopped: no timer outlives the last stop. */
let activeSyncs = 0;

async function scheduleNext(): Promise<void> {
  clearTimeout(timer);
  if (activeSyncs === 0) return;
  const due = await nextDueAt(await offlineDb(), await pageAuth.userId());
  if (due === null || activeSyncs === 0) return;
  timer = setTimeout(() => void replayNow(), Math.max(0, due - Date.now()));
}

/** Replays the signed-in user's due items now; concurrent calls share one run (plus one more). */
export function replayNow(): Promise<ReplayResult | null> {
  // navigator.onLine may say true without a network, but false is reliable: no attempt then.
  if (!hasIndexedDb() || navigator.onLine === false) return Promise.resolve(null);
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let total: ReplayResult | null = null;
    do {
      again = false;
      const result = await replayOutbox({
        db: await offlineDb(),
        fetch: (...args) => fetch(...args),
        auth: pageAuth,
      });
      total = result;
      if (result.sent > 0 || result.failed > 0) {
        outboxChanged();
        if (result.sent > 0) refreshAllReads(); // lists on screen show what was delivered
      }
    } while (again);
    await scheduleNext();
    return total;
  })()
    .catch((error: unknown) => {
      console.warn('Outbox replay failed', error); // the items stay queued; the next trigger tries again
      return null;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync here: reconnect, start and focus still replay
  }
}

/** Keeps the worker's copy of the session current, and adopts a token the worker refreshed. */
async function mirrorSession(token: string | null): Promise<void> {
  const db = await offlineDb();
  const user = storage.user();
  if (!token || !user) {
    await db.delete('meta', 'auth');
    return;
  }
  await db.put('meta', { token, userId: user.id, updatedAt: Date.now(), rotatedByWorker: false }, 'auth');
}

async function adoptWorkerToken(): Promise<void> {
  const db = await offlineDb();
  const record = await db.get('meta', 'auth');
  const user = storage.user();
  if (record?.rotatedByWorker && user && record.userId === user.id && storage.token()) {
    storage.setToken(record.token); // mirrors it back with rotatedByWorker false
  }
}

/** Starts replaying: now, when the network comes back, on focus and on the worker's request. */
export function startOutboxSync(): () => void {
  if (!hasIndexedDb()) return () => undefined;
  let stopped = false;
  activeSyncs += 1;
  // Work started before a stop (the first replay, a reconnect) does not replay after it.
  const replayIfActive = () => (stopped ? Promise.resolve(null) : replayNow());
  const onOnline = () => {
    void offlineDb()
      .then((db) => makeDueNow(db))
      .then(replayIfActive);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void replayNow();
  };
  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'outbox-replay') void replayNow();
  };
  const stopMirroring = storage.onTokenChange((token) => void mirrorSession(token).catch(() => undefined));
  // A visitor's first page has no session to mirror and no database yet, so nothing is
  // queued: creating the database (its stores) was a long task on a phone's CPU right
  // after the page's first paint. It is created when first needed.
  void (storage.token() === null ? offlineDbExists() : Promise.resolve(true)).then((exists) => {
    if (!exists) return;
    return adoptWorkerToken()
      .then(() => mirrorSession(storage.token()))
      .catch(() => undefined)
      .then(replayIfActive);
  });
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    if (stopped) return;
    stopped = true;
    activeSyncs -= 1;
    stopMirroring();
    if (activeSyncs === 0) clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}

export interface OutboxView {
  items: OutboxItem[];
  loaded: boolean;
  reload: () => void;
}

/** The outbox as a list that follows every change (this page, other tabs, the worker). */
export function useOutbox(): OutboxView {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(() => {
    const read = hasIndexedDb() ? offlineDb().then((db) => listOutbox(db)) : Promise.resolve([]);
    void read.then(
      (all) => {
        setItems(all);
        setLoaded(true);
      },
      (error: unknown) => {
        console.warn('Outbox unreadable', error);
        setLoaded(true);
      },
    );
  }, []);
  useEffect(() => {
    reload();
    localListeners.add(reload);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    channel?.addEventListener('message', reload);
    return () => {
      localListeners.delete(reload);
      channel?.close();
    };
  }, [reload]);
  return { items, loaded, reload };
}
