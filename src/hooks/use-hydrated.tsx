import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that markup, true once
 * the page runs in the browser (and from the start when nothing is hydrated). For what
 * the server cannot know and the first paint does not need: the outbox, offline status.
 *
 * Once a component that asked has hydrated, React renders it again at once, in one
 * uninterruptible task, with everything under it; and a part of the page still waiting
 * to hydrate under a Suspense boundary it passes new props to is hydrated in that same
 * task. So it is asked by small components: a page or the shell that asked made a
 * phone's main thread busy for hundreds of milliseconds after the first paint.
 * `WhenHydrated` is the small component for parts added once the page runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Its children once the page runs in the browser (see useHydrated); nothing before. */
export function WhenHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}
