/**
 * What the page knows about its service worker, shared between the code that registers
 * the worker (register-sw.ts) and the screens: whether a new version is waiting
 * to take over (read with `useWaitingUpdate`), and the moment a worker first controls a
 * page that loaded without one (`onFirstControl`). Plain module state: a page has one
 * service worker registration.
 */
import { useSyncExternalStore } from 'react';

/** A new version of the app, installed and waiting for this page to let it take over. */
export interface WaitingUpdate {
  /** Activates the new version and reloads the page once it controls it. */
  apply(): void;
}

let waiting: WaitingUpdate | null = null;
const waitingListeners = new Set<() => void>();

export function setWaitingUpdate(update: WaitingUpdate | null): void {
  if (update === waiting) return;
  waiting = update;
  for (const listener of waitingListeners) listener();
}

function subscribeWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

const getWaiting = () => waiting;

/** The waiting update, or null while the page runs the newest version it knows of. */
export function useWaitingUpdate(): WaitingUpdate | null {
  return useSyncExternalStore(subscribeWaiting, getWaiting, getWaiting);
}

const firstControlListeners = new Set<() => void>();

/**
 * Calls `callback` when a service worker first takes control of this page, which
 * loaded without one (a first visit): from then on the worker sees the page's
 * requests, so a screen can fetch its data again to get it into the offline cache.
 * Fires at most once per page load; a callback added after that moment is never
 * called. Returns a function that removes the callback.
 */
export function onFirstControl(callback: () => void): () => void {
  firstControlListeners.add(callback);
  return () => firstControlListeners.delete(callback);
}

/** Tells every `onFirstControl` callback (for the registration code). */
export function notifyFirstControl(): void {
  for (const callback of [...firstControlListeners]) {
    // One failing screen must not keep the others from refreshing.
    try {
      callback();
    } catch (error) {
      console.error('A first-control callback failed', error);
    }
  }
}
