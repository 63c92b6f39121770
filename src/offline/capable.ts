/**
 * What this browser can keep offline, asked without opening (or loading the code of) the
 * offline database: a team page's first chunk asks it (src/features/teams/team-offline.tsx).
 */

/** Whether this browser has IndexedDB at all (private modes of old browsers do not). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** Whether saving for offline helps here: a worker serves the store to this page. */
export function offlineCapable(): boolean {
  return hasIndexedDb() && typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}
