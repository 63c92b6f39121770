/**
 * Rate limits. Three kinds:
 * - `createRateLimiter`: a fixed-window counter in this process's memory, for load
 *   shedding where each instance guarding itself is the point (the search budget);
 * - `createStoredRateLimiter`: a fixed-window counter kept in the database (migration
 *   0008), for the per-address limits of sign-in, registration and password reset,
 *   which must hold across every instance on one database;
 * - `createStoredBackoff`: a progressive delay kept in the same table, for one account:
 *   a few attempts are free, then each must wait longer after the last, up to a short
 *   cap, so guessing slows down while the owner is never locked out for long.
 */
import type { DB } from '../../db/connection';

export interface LimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt for the key; tells whether it is within the limit. */
  hit(key: string, now: number): LimitResult;
  reset(key: string): void;
}

export interface SharedRateLimiter {
  hit(key: string, now: number): Promise<LimitResult>;
  /** Takes back one attempt hit() counted in the running window (one that turned out not to count). */
  refund(key: string, now: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface LimitOptions {
  max: number;
  windowMs: number;
}

function result(start: number, count: number, now: number, { max, windowMs }: LimitOptions): LimitResult {
  return {
    allowed: count <= max,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
  };
}

export function createRateLimiter(options: LimitOptions): RateLimiter {
  const { windowMs } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now) {
      // Forget finished windows now and then, so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return result(window.start, window.count, now, options);
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/** Finished windows are deleted once every this many hits (per instance). */
const SWEEP_EVERY = 200;

export function createStoredRateLimiter(db: DB, options: LimitOptions): SharedRateLimiter {
  const { windowMs } = options;
  let hits = 0;
  return {
    async hit(key, now) {
      hits += 1;
      if (hits % SWEEP_EVERY === 0) {
        await db
          .deleteFrom('login_attempts')
          .where('window_start', '<=', now - windowMs)
          .execute();
      }
      // One statement, so two instances counting the same key at once both count:
      // a finished window starts again at 1, a running one adds 1.
      const row = await db
        .insertInto('login_attempts')
        .values({ key, window_start: now, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => {
            const finished = eb('login_attempts.window_start', '<=', now - windowMs);
            return {
              window_start: eb
                .case()
                .when(finished)
                .then(now)
                .else(eb.ref('login_attempts.window_start'))
                .end(),
              count: eb
                .case()
                .when(finished)
                .then(1)
                .else(eb('login_attempts.count', '+', 1))
                .end(),
            };
          }),
        )
        .returning(['window_start', 'count'])
        .executeTakeFirstOrThrow();
      return result(row.window_start, row.count, now, options);
    },
    async refund(key, now) {
      await db
        .updateTable('login_attempts')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('window_start', '>', now - windowMs)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}

export interface BackoffPolicy {
  /** attempts allowed back to back before the first delay */
  free: number;
  /** the first delay; each further attempt doubles it */
  firstDelayMs: number;
  maxDelayMs: number;
  /** a key untouched this long starts over (rows older are swept with the limiter's windows) */
  forgetMs: number;
  /**
   * Whether the free attempts are counted exactly, at most `free` of them even when
   * sent at once. Then attempts made at once contend, and all but one try again: right
   * for a key only one client's attempts touch, not for one that everyone's touch.
   */
  exact: boolean;
}

/** How long an attempt must wait after the last one, once `count` have been counted. */
export function backoffDelayMs(count: number, policy: BackoffPolicy): number {
  if (count < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(count - policy.free, 30));
}

export interface BackoffState {
  /** attempts counted (0 when forgotten) */
  count: number;
  /** 0 when an attempt may go ahead now */
  retryAfterSeconds: number;
}

export interface StoredBackoff {
  /** What the next attempt would meet, counting nothing. */
  peek(key: string, now: number): Promise<BackoffState>;
  /**
   * Counts an attempt if it need not wait: `bump` adds one to the count, and either way
   * the delay starts again from now. Two instances taking at once cannot both go past
   * a delay: the later one finds the row changed and waits.
   */
  take(key: string, now: number, bump: boolean): Promise<LimitResult>;
  /** Takes one off the count, as for an attempt that turned out not to count. */
  takeBack(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * The row's `window_start` is the last attempt and `count` the attempts counted (the
 * stored limiter's sweep forgets rows as `forgetMs` does, when both use one window).
 */
export function createStoredBackoff(db: DB, policy: BackoffPolicy): StoredBackoff {
  const read = async (key: string, now: number) => {
    const row = await db
      .selectFrom('login_attempts')
      .select(['window_start', 'count'])
      .where('key', '=', key)
      .executeTakeFirst();
    // PostgreSQL's BIGINT may come back as a string.
    const stored = row && { last: Number(row.window_start), count: Number(row.count) };
    const live = stored && now - stored.last < policy.forgetMs ? stored : undefined;
    const waitMs = live ? live.last + backoffDelayMs(live.count, policy) - now : 0;
    return { stored, count: live?.count ?? 0, waitMs };
  };
  const wait = (ms: number): LimitResult => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)),
  });
  return {
    async peek(key, now) {
      const { count, waitMs } = await read(key, now);
      return { count, retryAfterSeconds: waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0 };
    },
    async take(key, now, bump) {
      // A lost race is read again: the winner's attempt may have started a delay.
      for (let tries = 0; tries < 3; tries += 1) {
        const { stored, count, waitMs } = await read(key, now);
        if (waitMs > 0) return wait(waitMs);
        const next = { window_start: now, count: count + (bump ? 1 : 0) };
        if (count < policy.free && !policy.exact) {
          // No delay in force: one statement that counts whatever else happens at once.
          await db
            .insertInto('login_attempts')
            .values({ key, ...next })
            .onConflict((conflict) =>
              conflict.column('key').doUpdateSet((eb) => {
                const forgotten = eb('login_attempts.window_start', '<=', now - policy.forgetMs);
                return {
                  window_start: now,
                  count: eb
                    .case()
                    .when(forgotten)
                    .then(bump ? 1 : 0)
                    .else(eb('login_attempts.count', '+', bump ? 1 : 0))
                    .end(),
                };
              }),
            )
            .execute();
          return { allowed: true, retryAfterSeconds: 0 };
        }
        if (stored === undefined) {
          const inserted = await db
            .insertInto('login_attempts')
            .values({ key, ...next })
            .onConflict((conflict) => conflict.column('key').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1)
            return { allowed: true, retryAfterSeconds: 0 };
        } else {
          // Only over the row just read: whoever changed it meanwhile took this turn.
          const updated = await db
            .updateTable('login_attempts')
            .set(next)
            .where('key', '=', key)
            .where('window_start', '=', stored.last)
            .where('count', '=', stored.count)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 1) return { allowed: true, retryAfterSeconds: 0 };
        }
      }
      return wait(1000);
    },
    async takeBack(key) {
      await db
        .updateTable('login_attempts')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}
