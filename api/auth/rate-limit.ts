/**
 * Fixed-window rate limits. Two kinds:
 * - `createRateLimiter`: a counter in this process's memory, for load shedding where
 *   each instance guarding itself is the point (the search budget);
 * - `createStoredRateLimiter`: the counter kept in the database (migration 0008), for
 *   the sign-in limit, which must hold across every instance on one database: ten bad
 *   passwords spread over two instances lock the account on both.
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
    async reset(key) {
      await db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}
