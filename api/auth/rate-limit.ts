/**
 * A fixed-window counter in memory, per app instance: enough for one process.
 */
export interface RateLimiter {
  /** Counts one attempt for the key; tells whether it is within the limit. */
  hit(key: string, now: number): { allowed: boolean; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createRateLimiter({ max, windowMs }: { max: number; windowMs: number }): RateLimiter {
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
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      return { allowed: window.count <= max, retryAfterSeconds };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
