/**
 * Registers the service worker in built apps (the dev server has none) and connects
 * its life cycle to the page: a new version waiting to take over is offered through
 * the store in sw-updates.ts (UpdatePrompt shows it), the page reloads once the
 * version the user accepted controls it, the first worker to control a page that had
 * none is announced (onFirstControl), and the server is asked for a new worker every
 * hour and whenever the page comes back into view.
 */
import { Workbox } from 'workbox-window';
import { notifyFirstControl, setWaitingUpdate } from './sw-updates';

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** The part of workbox-window's Workbox this module uses (a test passes a fake). */
export type WorkboxLike = Pick<
  Workbox,
  'addEventListener' | 'removeEventListener' | 'messageSkipWaiting' | 'update'
>;

export interface ServiceWorkerPage {
  /** Whether a service worker controlled the page when it loaded. */
  hadController: boolean;
  reload(): void;
}

/**
 * Connects a Workbox instance (before `register()`, so no event is missed) to the page.
 * Returns a function that disconnects it and forgets any waiting update.
 */
export function watchServiceWorker(workbox: WorkboxLike, page: ServiceWorkerPage): () => void {
  let firstControlPending = !page.hadController;
  let reloadRequested = false;
  // A new version already controls the page (another tab accepted it): reloading is all that is left.
  let newVersionControls = false;

  const update = {
    apply() {
      if (newVersionControls) {
        page.reload();
        return;
      }
      reloadRequested = true;
      // The waiting worker answers SKIP_WAITING (sw/sw.ts), activates and takes control: 'controlling'.
      workbox.messageSkipWaiting();
    },
  };

  const onWaiting = () => {
    // An even newer version than the one in control: let that one take over first.
    newVersionControls = false;
    setWaitingUpdate(update);
  };
  const onControlling = () => {
    if (reloadRequested) {
      reloadRequested = false; // reload once, whatever else fires before the page goes
      page.reload();
      return;
    }
    if (firstControlPending) {
      firstControlPending = false;
      notifyFirstControl();
      return;
    }
    // A newer worker took over a page that runs older code: offer the reload.
    newVersionControls = true;
    setWaitingUpdate(update);
  };

  const checkForUpdate = () => {
    // Offline the check can only fail; the next interval or visit tries again.
    if (!navigator.onLine) return;
    workbox.update().catch((error: unknown) => console.warn('Service worker update check failed', error));
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  };

  workbox.addEventListener('waiting', onWaiting);
  workbox.addEventListener('controlling', onControlling);
  const timer = setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', onVisibilityChange);

  return () => {
    workbox.removeEventListener('waiting', onWaiting);
    workbox.removeEventListener('controlling', onControlling);
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    setWaitingUpdate(null);
  };
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  watchServiceWorker(workbox, {
    hadController: navigator.serviceWorker.controller !== null,
    reload: () => window.location.reload(),
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}
