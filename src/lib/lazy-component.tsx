/**
 * A component on a chunk of its own, loaded on first use as React.lazy does, that can
 * also be loaded ahead of rendering: once loaded it renders synchronously, so a render
 * on the server or a hydration in the browser after the load never suspends.
 *
 * A part of a page can be loaded so (`lazyPart`): the server renders it with the page,
 * and the browser paints the server's markup of it at once and hydrates it once its
 * chunk is in, after the page: the part's JavaScript is not the first screen's. Under a Suspense boundary: while a hydrating part suspends, React keeps the
 * server's markup of the boundary as it is.
 */
import { lazy, useState, type ComponentType } from 'react';

export interface Lazy<P extends object> {
  Component: ComponentType<P>;
  /** Loads the module; resolves once the component renders without suspending. */
  preload(): Promise<void>;
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): Lazy<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk (offline) may load on the next visit
        throw error;
      },
    ));
  const Suspended = lazy(() => start().then((component) => ({ default: component })));
  function Component(props: P) {
    // One of the two for the component's life: switching would mount it afresh.
    const [Shown] = useState<ComponentType<P>>(() => Loaded ?? Suspended);
    return <Shown {...props} />;
  }
  return {
    Component,
    async preload() {
      await start();
    },
  };
}

const parts: Lazy<never>['preload'][] = [];

/** A part of a page on a chunk of its own, rendered by the server with the page (see above). */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part = lazyComponent(load);
  parts.push(part.preload);
  return part.Component;
}

/** Loads every part, for the server: it renders each with its page. */
export async function preloadParts(): Promise<void> {
  await Promise.all(parts.map((preload) => preload()));
}
