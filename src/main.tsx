import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './features/offline/install-event';
import { pageFor } from './app/routes';
import { readPageData, setHydrationAnswers } from './lib/server-answers';
import { storage } from './lib/storage';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// The server writes the next page's dates in this zone (api/http/pages.ts).
document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;

const data = readPageData();
// The server renders what a visitor sees, with dates in the zone it was told: a visitor in
// that zone takes the page over as it is (hydration); anyone else gets it rendered afresh.
if (data && root.hasChildNodes() && !storage.token() && data.zone === zone) {
  setHydrationAnswers(data.answers);
  void (pageFor(window.location.pathname)?.page.preload() ?? Promise.resolve()).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
// Workbox registers once the page has loaded; its code is not needed before.
void import('./features/offline/register-sw').then((m) => m.registerServiceWorker());
