/**
 * A screen loaded on first use, as React.lazy does, that can also be loaded ahead of
 * rendering: the server renders a page only once its module is in, and the browser
 * hydrates that page only once the same module is in, so neither suspends (a suspended
 * page would hydrate later than it paints, or not match the server's markup).
 */
import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  /** The module's path from the project root, as the build manifest names it. */
  source: string;
  /** The page, rendered synchronously once loaded, through React.lazy before. */
  Page: ComponentType;
  /** Loads the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

export function lazyPage(source: string, load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk (offline) may load on the next visit
        throw error;
      },
    ));
  const Suspended = lazy(() => start().then((component) => ({ default: component })));
  function Page() {
    return Loaded ? <Loaded /> : <Suspended />;
  }
  return {
    source,
    Page,
    async preload() {
      await start();
    },
  };
}
