/**
 * The outbox state machine over a real IndexedDB implementation (fake-indexeddb) and a
 * scripted server: order, exactly-once keys, backoff, token refresh, failures kept.
 */
import { describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import {
  SENT_KEPT_MS,
  backoffMs,
  discardItem,
  enqueue,
  listOutbox,
  makeDueNow,
  nextDueAt,
  replayOutbox,
  retryItem,
  unsentCount,
  type OutboxAuth,
} from '@/offline/outbox';
import { freshOfflineDbPerTest } from './idb';

const openDb = freshOfflineDbPerTest();
const T0 = Date.parse('2026-06-15T12:00:00Z');

function item(n: number, userId = 'coach-1') {
  return {
    idempotencyKey: `key-${n}`,
    kind: 'match-report' as const,
    method: 'POST' as const,
    path: `/api/matches/${n}/report`,
    body: { home_score: n, away_score: 0 },
    label: `Report ${n}`,
    userId,
    userName: 'Coach',
  };
}

type Answer = number | 'offline' | { status: number; detail: string };

/** A server that answers from a script and remembers what it applied, by key. */
function scriptedServer(script: (request: { path: string; token: string; key: string }) => Answer) {
  const applied = new Map<string, unknown>();
  const calls: { path: string; token: string; key: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const request = {
      path: String(input),
      token: (headers.get('Authorization') ?? '').replace('Bearer ', ''),
      key: headers.get('Idempotency-Key') ?? '',
    };
    calls.push({ ...request, body: JSON.parse(String(init?.body)) });
    const answer = script(request);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    const status = typeof answer === 'number' ? answer : answer.status;
    if (status < 300 && !applied.has(request.key)) applied.set(request.key, init?.body);
    const body = typeof answer === 'number' ? { ok: status < 300 } : { detail: answer.detail };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, applied };
}

function auth(token: string | null = 'good', refreshTo: string | null = 'fresh', userId = 'coach-1') {
  let current = token;
  const refresh = vi.fn(async () => {
    current = refreshTo;
    return refreshTo;
  });
  return { userId: () => userId, token: () => current, refresh } satisfies OutboxAuth;
}

const states = async () =>
  (await listOutbox(await openDb(), T0)).map((entry: OutboxItem) => [entry.label, entry.state]);

describe('outbox', () => {
  it('keeps queued items in the order they were made, each with its key', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0 + 1);
    const items = await listOutbox(db, T0);
    expect(items.map((entry) => [entry.idempotencyKey, entry.state, entry.attempts])).toEqual([
      ['key-1', 'queued', 0],
      ['key-2', 'queued', 0],
    ]);
    expect(unsentCount(items)).toBe(2);
  });

  it('sends due items in order with the token and the same Idempotency-Key, and marks them sent', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    const server = scriptedServer(() => 200);
    const result = await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(result).toMatchObject({ sent: 2, failed: 0, waiting: 0 });
    expect(server.calls.map((call) => [call.path, call.token, call.key])).toEqual([
      ['/api/matches/1/report', 'good', 'key-1'],
      ['/api/matches/2/report', 'good', 'key-2'],
    ]);
    expect(server.calls[0]?.body).toEqual({ home_score: 1, away_score: 0 });
    expect(await states()).toEqual([
      ['Report 1', 'sent'],
      ['Report 2', 'sent'],
    ]);
    // Nothing is sent twice.
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(server.calls).toHaveLength(2);
  });

  it('backs off after a network error and holds later items behind the first', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    let online = false;
    const server = scriptedServer(() => (online ? 201 : 'offline'));
    const first = await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(first).toMatchObject({ sent: 0, waiting: 2 });
    expect(server.calls).toHaveLength(1);
    const [waiting] = await listOutbox(db, T0);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, nextAttemptAt: T0 + 1000 });
    expect(await nextDueAt(db, 'coach-1')).toBe(T0 + 1000);

    // Before the backoff ends nothing goes; after it the queue drains in order.
    online = true;
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 + 500 });
    expect(server.calls).toHaveLength(1);
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 + 1000 });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.applied.size).toBe(2);
  });

  it('grows the backoff to a minute and lets a reconnect make waiting items due at once', async () => {
    expect([1, 2, 3, 4, 7, 20].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
    const db = await openDb();
    await enqueue(db, item(1), T0);
    const server = scriptedServer(() => 503);
    for (let i = 0; i < 3; i++) {
      await makeDueNow(db, T0);
      await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    }
    const [entry] = await listOutbox(db, T0);
    expect(entry).toMatchObject({ state: 'queued', attempts: 3, nextAttemptAt: T0 + 4000, status: 503 });
    await makeDueNow(db, T0);
    expect((await listOutbox(db, T0))[0]?.nextAttemptAt).toBe(T0);
  });

  it('refreshes an expired token once and sends with the new one', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    const server = scriptedServer((request) => (request.token === 'fresh' ? 200 : 401));
    const session = auth('expired', 'fresh');
    const result = await replayOutbox({ db, fetch: server.fetch, auth: session, now: () => T0 });
    expect(result.sent).toBe(1);
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(server.calls.map((call) => call.token)).toEqual(['expired', 'fresh']);
  });

  it('keeps items waiting for sign-in when the session is gone, and sends them after', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    const server = scriptedServer((request) => (request.token === 'new-login' ? 200 : 401));
    const result = await replayOutbox({ db, fetch: server.fetch, auth: auth('dead', null), now: () => T0 });
    expect(result).toMatchObject({ sent: 0, needsSignIn: 1, waiting: 1 });
    const items = await listOutbox(db, T0);
    expect(items.map((entry) => [entry.state, entry.needsSignIn ?? false])).toEqual([
      ['queued', true],
      ['queued', false],
    ]);
    expect(server.calls).toHaveLength(1);

    const again = await replayOutbox({ db, fetch: server.fetch, auth: auth('new-login'), now: () => T0 });
    expect(again.sent).toBe(2);
    expect((await listOutbox(db, T0)).every((entry) => entry.needsSignIn === false)).toBe(true);
  });

  it('marks a refused item failed with the server detail, keeps it, and goes on with the next', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    const server = scriptedServer((request) =>
      request.key === 'key-1' ? { status: 409, detail: 'This match already has an approved result' } : 200,
    );
    const result = await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(result).toMatchObject({ sent: 1, failed: 1 });
    const [failed, sent] = await listOutbox(db, T0);
    expect(failed).toMatchObject({
      state: 'failed',
      status: 409,
      error: 'This match already has an approved result',
    });
    expect(sent?.state).toBe('sent');
    // Failed items are not retried on their own…
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 + 60_000 });
    expect(server.calls).toHaveLength(2);
    // …only when the user asks, with the same key.
    await retryItem(db, failed?.id ?? -1, T0);
    expect((await listOutbox(db, T0))[0]).toMatchObject({ state: 'queued', error: undefined });
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(server.calls.at(-1)?.key).toBe('key-1');
  });

  it('treats 408, 429 and 5xx as temporary and other 4xx (403, 400, 404) as final', async () => {
    for (const [status, state] of [
      [408, 'queued'],
      [429, 'queued'],
      [500, 'queued'],
      [502, 'queued'],
      [400, 'failed'],
      [403, 'failed'],
      [404, 'failed'],
      [422, 'failed'],
    ] as const) {
      const db = await openDb();
      await db.clear('outbox');
      await enqueue(db, item(1), T0);
      const server = scriptedServer(() => ({ status, detail: `answer ${status}` }));
      await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
      const [entry] = await listOutbox(db, T0);
      expect([status, entry?.state, entry?.error]).toEqual([status, state, `answer ${status}`]);
    }
  });

  it("leaves another account's items alone without holding the signed-in user's", async () => {
    const db = await openDb();
    await enqueue(db, item(1, 'someone-else'), T0);
    await enqueue(db, item(2), T0);
    const server = scriptedServer(() => 200);
    const result = await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(result).toMatchObject({ sent: 1, otherAccounts: 1 });
    expect(await states()).toEqual([
      ['Report 1', 'queued'],
      ['Report 2', 'sent'],
    ]);
  });

  it('sends an item left "sending" by a replay that died, with its original key', async () => {
    const db = await openDb();
    const queued = await enqueue(db, item(1), T0);
    await db.put('outbox', { ...queued, state: 'sending' });
    const server = scriptedServer(() => 200);
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect(server.calls.map((call) => call.key)).toEqual(['key-1']);
    expect(await states()).toEqual([['Report 1', 'sent']]);
  });

  it('runs one replay at a time: two triggers at once send each item once', async () => {
    const db = await openDb();
    await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    const server = scriptedServer(() => 200);
    const deps = { db, fetch: server.fetch, auth: auth(), now: () => T0 };
    const [a, b] = await Promise.all([replayOutbox(deps), replayOutbox(deps)]);
    expect(a.sent + b.sent).toBe(2);
    expect(server.calls).toHaveLength(2);
  });

  it('discards only on request and forgets sent items after a week', async () => {
    const db = await openDb();
    const first = await enqueue(db, item(1), T0);
    await enqueue(db, item(2), T0);
    await discardItem(db, first.id ?? -1);
    expect(await states()).toEqual([['Report 2', 'queued']]);
    const server = scriptedServer(() => 200);
    await replayOutbox({ db, fetch: server.fetch, auth: auth(), now: () => T0 });
    expect((await listOutbox(db, T0 + SENT_KEPT_MS - 1)).length).toBe(1);
    expect((await listOutbox(db, T0 + SENT_KEPT_MS + 1)).length).toBe(0);
  });
});
