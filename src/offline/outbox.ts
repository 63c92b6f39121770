/**
 * The outbox: staff writes (match reports, team selections) kept in IndexedDB until
 * the server has answered them. Each item carries an Idempotency-Key made once when
 * it is queued, so however often it is sent the server applies it once.
 *
 *   queued ──send──► sending ──2xx──► sent
 *     ▲                 │──401──► refresh the token once and retry; no session → queued (needs sign-in)
 *     │                 │──other 4xx──► failed (with the server's detail; Retry puts it back)
 *     └─────────────────┴──5xx, 408, 429, network──► queued again, after a backoff
 *
 * Items go out one at a time in the order they were made: an item waiting for the
 * network holds back the ones behind it. Page and worker replay under one lock.
 * Nothing is deleted except by the user (Discard) or by age once sent.
 */
import type { OfflineDb, OutboxItem } from './db';
import { readErrorDetail, requestHeaders } from './http';

export const OUTBOX_CHANNEL = 'touchline-outbox';
export const SYNC_TAG = 'touchline-outbox';
const LOCK_NAME = 'touchline-outbox-replay';
/** Sent items stay listed this long, then go. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
const SEND_TIMEOUT_MS = 20_000;

/** What the caller gives; the state, attempts and times are the outbox's own. */
export type NewOutboxItem = Pick<
  OutboxItem,
  'idempotencyKey' | 'kind' | 'method' | 'path' | 'body' | 'label' | 'userId' | 'userName'
>;

/** The wait before the next automatic attempt: 1 s, 2 s, 4 s … up to a minute. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Tells every page (and the worker) that the outbox changed. */
export function announceOutboxChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage({ type: 'outbox-changed' });
  channel.close();
}

export async function enqueue(db: OfflineDb, input: NewOutboxItem, now = Date.now()): Promise<OutboxItem> {
  const item: OutboxItem = {
    ...input,
    state: 'queued',
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    nextAttemptAt: now,
  };
  item.id = await db.add('outbox', item);
  announceOutboxChange();
  return item;
}

/** Every item, oldest first; sent items older than SENT_KEPT_MS are removed on the way. */
export async function listOutbox(db: OfflineDb, now = Date.now()): Promise<OutboxItem[]> {
  const items = await db.getAll('outbox');
  const expired = items.filter((item) => item.state === 'sent' && now - (item.sentAt ?? now) > SENT_KEPT_MS);
  if (expired.length > 0) {
    const tx = db.transaction('outbox', 'readwrite');
    const ids = expired.flatMap((item) => (item.id === undefined ? [] : [item.id]));
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }
  return items.filter((item) => !expired.includes(item));
}

/** Items the user still has to think about: not yet confirmed by the server. */
export function unsentCount(items: readonly OutboxItem[]): number {
  return items.filter((item) => item.state !== 'sent').length;
}

async function update(
  db: OfflineDb,
  item: OutboxItem,
  changes: Partial<OutboxItem>,
  now: number,
): Promise<OutboxItem> {
  const next = { ...item, ...changes, updatedAt: now };
  await db.put('outbox', next);
  announceOutboxChange();
  return next;
}

/** Puts a failed (or waiting) item back in the queue for an attempt now. */
export async function retryItem(db: OfflineDb, id: number, now = Date.now()): Promise<void> {
  const item = await db.get('outbox', id);
  if (!item || item.state === 'sent' || item.state === 'sending') return;
  await update(db, item, { state: 'queued', nextAttemptAt: now, error: undefined, needsSignIn: false }, now);
}

/** Removes an item the user chose to give up (the screen asks first). */
export async function discardItem(db: OfflineDb, id: number): Promise<void> {
  const item = await db.get('outbox', id);
  if (!item || item.state === 'sending') return;
  await db.delete('outbox', id);
  announceOutboxChange();
}

/** Makes every waiting item due now (the network is back, the user asked). */
export async function makeDueNow(db: OfflineDb, now = Date.now()): Promise<void> {
  const items = await db.getAll('outbox');
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([
    ...items
      .filter((item) => item.state === 'queued' && item.nextAttemptAt > now)
      .map((item) => tx.store.put({ ...item, nextAttemptAt: now })),
    tx.done,
  ]);
}

/** How a replay reaches the session: the page uses its stored token, the worker its mirror. */
export interface OutboxAuth {
  /** The account whose items may be sent now, or null when signed out. */
  userId(): Promise<string | null> | string | null;
  token(): Promise<string | null> | string | null;
  /** Refreshes the token; resolves the new one, or null when the session is gone. */
  refresh(): Promise<string | null>;
}

export interface ReplayDeps {
  db: OfflineDb;
  fetch: typeof fetch;
  auth: OutboxAuth;
  now?: () => number;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** Items still queued (waiting for the network or their backoff). */
  waiting: number;
  /** Items that wait for their user to sign in again. */
  needsSignIn: number;
  /** Items of another account, left for it. */
  otherAccounts: number;
}

type Outcome =
  | { kind: 'sent'; status: number }
  | { kind: 'failed'; status: number; detail: string }
  | { kind: 'retry'; status?: number; detail: string }
  | { kind: 'auth' };

async function sendOnce(item: OutboxItem, token: string, deps: ReplayDeps): Promise<Response> {
  // A send that hangs (a captive portal, a dead connection) counts as a network error.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  return deps
    .fetch(item.path, {
      method: item.method,
      headers: requestHeaders({ token, json: true, idempotencyKey: item.idempotencyKey }),
      body: JSON.stringify(item.body),
      signal: controller.signal,
    })
    .finally(() => clearTimeout(timer));
}

async function classify(response: Response): Promise<Outcome> {
  const { status } = response;
  if (status >= 200 && status < 300) {
    await response.text().catch(() => ''); // read to the end: the connection is free again
    return { kind: 'sent', status };
  }
  if (status === 401) return { kind: 'auth' };
  const detail = await readErrorDetail(response);
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry', status, detail };
  return { kind: 'failed', status, detail };
}

async function deliver(item: OutboxItem, deps: ReplayDeps): Promise<Outcome> {
  let token = await deps.auth.token();
  if (!token) return { kind: 'auth' };
  try {
    let outcome = await classify(await sendOnce(item, token, deps));
    if (outcome.kind === 'auth') {
      token = await deps.auth.refresh();
      if (!token) return { kind: 'auth' };
      outcome = await classify(await sendOnce(item, token, deps));
    }
    return outcome;
  } catch {
    return { kind: 'retry', detail: 'No connection to the server' };
  }
}

let localLock: Promise<unknown> = Promise.resolve();

/** One replay at a time across the page, other tabs and the worker (Web Locks where present). */
function withReplayLock<T>(run: () => Promise<T>): Promise<T> {
  // Page and worker both have navigator.locks (Chromium, Firefox, Safari); jsdom does not.
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(LOCK_NAME, run) as Promise<T>;
  const next = localLock.then(run, run);
  localLock = next.catch(() => undefined);
  return next;
}

/**
 * Sends every due item of the signed-in account in order. Under the lock an item
 * still marked `sending` was left by a replay that died (a closed tab): it goes again
 * with the same key, and the server answers it once.
 */
export function replayOutbox(deps: ReplayDeps): Promise<ReplayResult> {
  return withReplayLock(async () => {
    const now = deps.now ?? Date.now;
    const result: ReplayResult = { sent: 0, failed: 0, waiting: 0, needsSignIn: 0, otherAccounts: 0 };
    const userId = await deps.auth.userId();
    const items = (await deps.db.getAll('outbox')).filter(
      (item) => item.state === 'queued' || item.state === 'sending',
    );
    let holding = false; // an earlier item waits: later ones keep their place
    for (const stored of items) {
      if (stored.userId !== userId) {
        result.otherAccounts += 1;
        continue;
      }
      if (holding) {
        if (stored.needsSignIn) result.needsSignIn += 1;
        else result.waiting += 1;
        continue;
      }
      if (stored.nextAttemptAt > now() && stored.state === 'queued') {
        holding = true;
        result.waiting += 1;
        continue;
      }
      const item = await update(deps.db, stored, { state: 'sending', needsSignIn: false }, now());
      const outcome = await deliver(item, deps);
      const attempts = item.attempts + 1;
      switch (outcome.kind) {
        case 'sent':
          await update(
            deps.db,
            item,
            { state: 'sent', attempts, status: outcome.status, sentAt: now(), error: undefined },
            now(),
          );
          result.sent += 1;
          break;
        case 'failed':
          await update(
            deps.db,
            item,
            { state: 'failed', attempts, status: outcome.status, error: outcome.detail },
            now(),
          );
          result.failed += 1;
          break;
        case 'retry':
          await update(
            deps.db,
            item,
            {
              state: 'queued',
              attempts,
              status: outcome.status,
              error: outcome.detail,
              nextAttemptAt: now() + backoffMs(attempts),
            },
            now(),
          );
          holding = true;
          result.waiting += 1;
          break;
        case 'auth':
          await update(
            deps.db,
            item,
            {
              state: 'queued',
              needsSignIn: true,
              error: 'Sign in again to send this.',
              nextAttemptAt: now(),
            },
            now(),
          );
          holding = true;
          result.needsSignIn += 1;
          break;
      }
    }
    return result;
  });
}

/**
 * When the next automatic attempt is due: the first waiting item's time (it holds
 * the ones behind it), or null when nothing waits on a timer (empty, or waiting for
 * the user to sign in).
 */
export async function nextDueAt(db: OfflineDb, userId: string | null): Promise<number | null> {
  const first = (await db.getAll('outbox')).find(
    (item) => (item.state === 'queued' || item.state === 'sending') && item.userId === userId,
  );
  return !first || first.needsSignIn ? null : first.nextAttemptAt;
}
