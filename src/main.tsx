import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './features/offline/install-event';
import { pageFor } from './app/routes';
import { clockAgrees } from './lib/clock-agrees';
import { readPageData, setHydrationAnswers } from './lib/server-answers';
import { storage } from './lib/storage';
import './app/styles.css';
// The styles of the shell's parts that come once the page runs (the outbox badge and
// status, the bell and its panel) come with the page: their stylesheets added then made
// the browser restyle the whole page inside the task that mounted them.
import './features/offline/outbox.css';
import './features/notifications/notifications.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Evaluating the modules is one task of its own; deciding how to start (reading the
// page's data, the stored session and the first route) and starting is the next one,
// so neither keeps a phone's main thread busy for long.
setTimeout(() => start(root), 0);

function start(page: HTMLElement): void {
  const data = readPageData();
  // A page answered for another address (a team's League tab) shows its own, as after a
  // redirect, before the router reads it.
  if (data?.location !== undefined) window.history.replaceState(window.history.state, '', data.location);
  // The server renders what a visitor sees, with dates in the zone it was told: a visitor
  // whose clock reads those dates alike takes the page over as it is (hydration); anyone
  // else gets it rendered afresh.
  const clockAgreed = data === null || clockAgrees(data.offsets);
  const hydrate = Boolean(data && page.hasChildNodes() && !storage.token() && clockAgreed);
  if (hydrate && data) setHydrationAnswers(data.answers);

  // The first screen's module loads before the first render, so the screen never suspends
  // (React holds a revealed Suspense fallback for 300 ms; a hydration would not match).
  // Should it fail to load (offline, not cached), the screen's own Suspense takes over.
  void (pageFor(window.location.pathname)?.page.preload() ?? Promise.resolve())
    .catch((error: unknown) => console.warn('The first screen did not load ahead', error))
    .then(() => {
      const app = (
        <StrictMode>
          <App />
        </StrictMode>
      );
      // As a transition, hydration yields to the browser every few milliseconds: the page
      // is already painted, and one task of hydrating it all kept a phone's main thread
      // (and a tap on the page) waiting for hundreds of milliseconds.
      if (hydrate) startTransition(() => void hydrateRoot(page, app));
      else createRoot(page).render(app);
    });
  // The next page the server renders for this browser is in its zone: seen to once the page
  // is idle (the module and the worker it may start are no part of the first screen).
  const nameZone = () => void import('./lib/time-zone').then((m) => m.nameZoneWhenNeeded(clockAgreed));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(nameZone, { timeout: 5000 });
  else setTimeout(nameZone, 1000);
}

// The outbox replays from the start (queued reports go as soon as there is a network),
// not once the shell's offline parts have rendered. Workbox registers once the page has
// loaded; its code is not needed before.
void import('./lib/page-outbox').then((m) => m.startOutboxSync());
void import('./features/offline/register-sw').then((m) => m.registerServiceWorker());
