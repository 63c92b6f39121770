/**
 * A small in-memory cache of feed answers, one per app instance. It keeps the promise,
 * so concurrent requests for the same address share one fetch; successes and failures
 * expire after different times, and the oldest entry goes when the cache is full.
 */
export interface ResultCacheOptions {
  successTtlMs: number;
  failureTtlMs: number;
  maxEntries: number;
  /** Milliseconds; injectable so tests can step past an expiry. */
  clock: () => number;
}

interface Entry<V> {
  promise: Promise<V>;
  expires: number;
}

export class ResultCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #options: ResultCacheOptions;

  constructor(options: ResultCacheOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The answer held for `key`, settled or in flight, if it has not expired. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.#entries.get(key);
    return hit && hit.expires > this.#options.clock() ? hit.promise : undefined;
  }

  /** The cached answer for `key`, or the answer of `load()`, remembered. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const { clock, successTtlMs, failureTtlMs, maxEntries } = this.#options;
    const hit = this.peek(key);
    if (hit) return hit;
    this.#entries.delete(key);
    // Until it settles, an entry never expires: a second caller joins the fetch in flight.
    const entry: Entry<V> = { promise: load(), expires: Number.POSITIVE_INFINITY };
    entry.promise.then(
      () => {
        entry.expires = clock() + successTtlMs;
      },
      () => {
        entry.expires = clock() + failureTtlMs;
      },
    );
    this.#entries.set(key, entry);
    // Maps iterate in insertion order: the first key is the oldest.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= maxEntries) break;
      this.#entries.delete(oldest);
    }
    return entry.promise;
  }
}
