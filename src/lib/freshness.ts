/**
 * Which answers on the screen came from the offline store without the server's
 * confirmation, and how old the oldest is: the shell shows 'Last updated …' from it.
 */
import { useSyncExternalStore } from 'react';

const shown = new Map<symbol, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  oldest = shown.size === 0 ? null : Math.min(...shown.values());
  listeners.forEach((listener) => listener());
}

/** A screen part shows an answer stored at `cachedAt` (null: confirmed or gone). */
export function showCachedAnswer(owner: symbol, cachedAt: number | null): void {
  if (cachedAt === null) {
    if (!shown.delete(owner)) return;
  } else {
    if (shown.get(owner) === cachedAt) return;
    shown.set(owner, cachedAt);
  }
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the oldest unconfirmed answer on screen was stored, or null when all are current. */
export function useOldestCachedAnswer(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => oldest,
    () => null,
  );
}
