/**
 * A screen loaded on first use, as React.lazy does, that can also be loaded ahead of
 * rendering: the server renders a page only once its module is in, and the browser
 * hydrates that page only once the same module is in, so neither suspends (a suspended
 * page would hydrate later than it paints, or not match the server's markup).
 */
import type { ComponentType } from 'react';
import { lazyComponent } from '@/lib/lazy-component';

export interface LazyPage {
  /** The module's path from the project root, as the build manifest names it. */
  source: string;
  /** The page, rendered synchronously once loaded, through React.lazy before. */
  Page: ComponentType;
  /** Loads the page's module; resolves once it can render without suspending. */
  preload(): Promise<void>;
}

export function lazyPage(source: string, load: () => Promise<ComponentType>): LazyPage {
  const { Component, preload } = lazyComponent(load);
  return { source, Page: Component, preload };
}
