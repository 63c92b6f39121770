import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that markup, true once
 * the page runs in the browser (and from the start when nothing is hydrated). For what
 * the server cannot know and the first paint does not need: the outbox, offline status.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
