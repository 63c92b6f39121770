/**
 * Housekeeping (api/data/housekeeping.ts, decision 0027): a session is deleted a week
 * after it ended (revoked or expired), an Idempotency-Key record 30 days after it was
 * made; a live session and a recent record stay and keep working. And the periodic runner
 * the server starts it with (api/periodic.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ENDED_SESSIONS_KEPT_DAYS,
  IDEMPOTENCY_KEYS_KEPT_DAYS,
  pruneBookkeeping,
} from '../../api/data/housekeeping';
import { runPeriodically } from '../../api/periodic';
import { tokenFor, withSignInApp } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `days` after NOW. */
const day = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
const t = withSignInApp(() => clock);

const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const refresh = (token: string) => post('/api/auth/refresh-token', {}, { token });
const readAll = (token: string, key: string) =>
  post('/api/notifications/read-all', { Authorization: `Bearer ${token}`, 'Idempotency-Key': key });

async function rows(table: 'sessions' | 'idempotency_keys'): Promise<number> {
  const { n } = await t.connection.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe('pruneBookkeeping', () => {
  it('deletes a revoked session a week after it ended, and never a live one', async () => {
    const live = await tokenFor(t.connection.db, 'coach.nt');
    const signedOut = await tokenFor(t.connection.db, 'coach.nt');
    expect((await post('/api/auth/logout', { Authorization: `Bearer ${signedOut}` })).status).toBe(200);

    expect(await pruneBookkeeping(t.connection.db, day(ENDED_SESSIONS_KEPT_DAYS - 1))).toEqual({
      sessions: 0,
      idempotencyKeys: 0,
    });
    expect(await rows('sessions')).toBe(2);
    expect(await pruneBookkeeping(t.connection.db, day(ENDED_SESSIONS_KEPT_DAYS + 1))).toEqual({
      sessions: 1,
      idempotencyKeys: 0,
    });
    expect(await rows('sessions')).toBe(1);

    // The live one still refreshes (which ends it and starts another).
    clock = day(ENDED_SESSIONS_KEPT_DAYS + 1);
    expect((await refresh(live)).status).toBe(200);
    expect((await refresh(signedOut)).status).toBe(401);
  });

  it('deletes an expired session a week after its expiry', async () => {
    await tokenFor(t.connection.db, 'coach.nt'); // valid for 30 days
    expect(await pruneBookkeeping(t.connection.db, day(30 + ENDED_SESSIONS_KEPT_DAYS - 1))).toMatchObject({
      sessions: 0,
    });
    expect(await pruneBookkeeping(t.connection.db, day(30 + ENDED_SESSIONS_KEPT_DAYS + 1))).toMatchObject({
      sessions: 1,
    });
    expect(await rows('sessions')).toBe(0);
  });

  it('keeps an Idempotency-Key record for 30 days; after that a retry is a new request', async () => {
    const key = 'outbox-item-1';
    const first = await readAll(await tokenFor(t.connection.db, 'coach.nt'), key);
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();

    const late = day(IDEMPOTENCY_KEYS_KEPT_DAYS - 1);
    clock = late;
    expect(await pruneBookkeeping(t.connection.db, late)).toMatchObject({ idempotencyKeys: 0 });
    const replay = await readAll(await tokenFor(t.connection.db, 'coach.nt', late), key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');

    const later = day(IDEMPOTENCY_KEYS_KEPT_DAYS + 1);
    clock = later;
    expect(await pruneBookkeeping(t.connection.db, later)).toMatchObject({ idempotencyKeys: 1 });
    expect(await rows('idempotency_keys')).toBe(0);
    const retried = await readAll(await tokenFor(t.connection.db, 'coach.nt', later), key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await rows('idempotency_keys')).toBe(1);
  });
});

describe('pruneBookkeeping in chunks', () => {
  it('deletes everything due a chunk at a time, and nothing else', async () => {
    const db = t.connection.db;
    const longAgo = day(-100).toISOString();
    for (let i = 0; i < 5; i++) {
      await db
        .insertInto('sessions')
        .values({
          id: `ended-${i}`,
          user_id: 'coach.nt',
          created_at: longAgo,
          last_used_at: longAgo,
          expires_at: longAgo,
          revoked_at: null,
        })
        .execute();
      await db
        .insertInto('idempotency_keys')
        .values({
          user_id: 'coach.nt',
          key: `old-${i}`,
          method: 'POST',
          path: '/api/x',
          request_hash: 'h',
          status: 200,
          response_body: '{}',
          created_at: longAgo,
        })
        .execute();
    }
    await tokenFor(db, 'coach.nt'); // live
    expect(await pruneBookkeeping(db, NOW, 2)).toEqual({ sessions: 5, idempotencyKeys: 5 });
    expect(await rows('sessions')).toBe(1);
    expect(await rows('idempotency_keys')).toBe(0);
    expect(await pruneBookkeeping(db, NOW, 2)).toEqual({ sessions: 0, idempotencyKeys: 0 });
  });
});

describe('runPeriodically', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs soon after start, then every interval, one run at a time', async () => {
    let runs = 0;
    let finish: () => void = () => undefined;
    let isStopped: () => boolean = () => false;
    const periodic = runPeriodically(
      'Test',
      (stopped) => {
        runs += 1;
        isStopped = stopped;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      () => undefined,
      60_000,
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    // Still running at the next tick: that tick is skipped.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    // A run under way learns of a stop, so it does not act on what it found (the overdue
    // sweep then sends nothing).
    expect(isStopped()).toBe(false);
    periodic.stop();
    expect(isStopped()).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(runs).toBe(2);
  });

  it('logs a failure under its name and tries again at the next interval', async () => {
    const lines: string[] = [];
    let runs = 0;
    const periodic = runPeriodically(
      'Housekeeping',
      () => {
        runs += 1;
        return Promise.reject(new Error('database restarting'));
      },
      (line) => lines.push(line),
      10_000,
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toEqual(['Housekeeping failed: database restarting']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
    periodic.stop();
  });
});
