/**
 * The in-memory response cache of the specification (section 9): successful GET
 * answers, at most 500 entries, each for 5 minutes. Reading an entry refreshes its
 * place, so the least recently read entry is the one evicted.
 */
export const CACHE_MAX_ENTRIES = 500;
export const CACHE_TTL_MS = 300_000;

export interface ResponseCache {
  get(key: string, now?: number): unknown;
  set(key: string, value: unknown, now?: number): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

export function createResponseCache(max = CACHE_MAX_ENTRIES, ttlMs = CACHE_TTL_MS): ResponseCache {
  const entries = new Map<string, { value: unknown; storedAt: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now - entry.storedAt > ttlMs) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry); // most recently read moves to the end
      return entry.value;
    },
    set(key, value, now = Date.now()) {
      entries.delete(key);
      entries.set(key, { value, storedAt: now });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
