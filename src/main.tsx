import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './features/offline/install-event';
import { pageFor } from './app/routes';
import { ZONE_COOKIE } from '../api/domain/page-data';
import { readPageData, setHydrationAnswers } from './lib/server-answers';
import { storage } from './lib/storage';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server writes the next page's dates in this zone (api/http/pages.ts).
document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;

const data = readPageData();
// The server renders what a visitor sees, with dates in the zone it was told: a visitor in
// that zone takes the page over as it is (hydration); anyone else gets it rendered afresh.
const hydrate = Boolean(data && root.hasChildNodes() && !storage.token() && data.zone === zone);
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
    if (hydrate) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
// The outbox replays from the start (queued reports go as soon as there is a network),
// not once the shell's offline parts have rendered. Workbox registers once the page has
// loaded; its code is not needed before.
void import('./lib/page-outbox').then((m) => m.startOutboxSync());
void import('./features/offline/register-sw').then((m) => m.registerServiceWorker());
