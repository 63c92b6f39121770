import { Workbox } from 'workbox-window';

/** Registers the service worker in built apps (the dev server has none). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
