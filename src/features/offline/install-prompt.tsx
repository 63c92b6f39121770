/**
 * Offers to install the app where the browser allows it: Chromium fires
 * `beforeinstallprompt` when the app is installable; we hold on to the event (and
 * keep the browser's own banner away) and show a bar above the bottom navigation
 * instead (floating, so it never moves the screen).
 * "Not now" keeps the bar away for 30 days.
 */
import { useState, useSyncExternalStore } from 'react';
import { getHeld, hold, subscribe } from './install-event';

const INSTALL_DISMISSED_KEY = 'installDismissed';
const INSTALL_DISMISSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  let stored: string | null;
  try {
    stored = localStorage.getItem(INSTALL_DISMISSED_KEY);
  } catch {
    return false; // storage disabled: nothing remembered
  }
  const at = Number(stored);
  const now = Date.now();
  return stored !== null && Number.isFinite(at) && at <= now && now - at < INSTALL_DISMISSED_FOR_MS;
}

function rememberDismissal(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage full or disabled: the bar stays away for this page only
  }
}

/** Already installed and opened from the home screen (iOS says so with navigator.standalone). */
function runningStandalone(): boolean {
  return (
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function InstallPrompt() {
  const installEvent = useSyncExternalStore(subscribe, getHeld, getHeld);
  const [dismissed, setDismissed] = useState(dismissedRecently);
  const [prompting, setPrompting] = useState(false);

  if (!installEvent || dismissed || runningStandalone()) return null;

  const install = async () => {
    setPrompting(true);
    try {
      await installEvent.prompt();
      await installEvent.userChoice;
    } catch (error) {
      // The event can prompt only once; a second attempt is refused. Either way the bar goes.
      console.warn('The install prompt failed', error);
    } finally {
      setPrompting(false);
      hold(null);
    }
  };

  const notNow = () => {
    rememberDismissal();
    setDismissed(true);
  };

  return (
    <div className="app-bar app-bar-floating" role="status">
      <p className="app-bar-text">Install Touchline for quick access, even offline.</p>
      <div className="app-bar-actions">
        <button type="button" className="button" disabled={prompting} onClick={() => void install()}>
          Install
        </button>
        <button type="button" className="button button-secondary" disabled={prompting} onClick={notNow}>
          Not now
        </button>
      </div>
    </div>
  );
}
