/**
 * Holds Chromium's `beforeinstallprompt` event for the install offer (install-prompt.tsx).
 * Imported by the page's entry: the event can fire before the offer's own code has
 * loaded (it loads once the page runs), so the listener starts with the app.
 */
/** Chromium's event; not in the DOM typings because it is not a standard. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

// The event held for the Install button; it can open the browser's dialog once.
let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function hold(event: BeforeInstallPromptEvent | null): void {
  held = event;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getHeld = () => held;

// Chromium can fire the event before React first renders the shell (the first screen
// loads lazily), so listen from the moment the app's code runs, not from a mount effect.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    hold(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => hold(null));
}
