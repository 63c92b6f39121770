/**
 * The browser's time zone: the server writes the dates of the pages it renders in the
 * zone the browser named in a cookie (ZONE_COOKIE, api/http/pages.ts).
 *
 * Reading the zone's name (Intl) makes the browser load its date-formatting data: 20-45
 * ms on a desktop, four times that on a phone, in one piece. So a starting page never
 * reads it on its main thread: a page whose dates read alike on this browser's clock
 * (clockAgrees in lib/format.ts) and a named zone need nothing; otherwise a worker reads
 * the name and the cookie is written for the next page.
 */
import { ZONE_COOKIE, zoneCookieValue } from '../../api/domain/zone-cookie';

const MAX_AGE_S = 365 * 24 * 60 * 60;

/** The zone this browser last named to the server, if it did. */
export function namedZone(): string | null {
  return zoneCookieValue(document.cookie);
}

function nameZone(zone: string): void {
  document.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${MAX_AGE_S}; samesite=lax`;
}

/** The zone read here, on the main thread (for a control the user opened, not a starting page). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zone read by a worker, off the main thread; here when a worker cannot be had. */
function readZone(): Promise<string> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./zone-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(browserZone());
      return;
    }
    const done = (zone: string) => {
      worker.terminate();
      resolve(zone);
    };
    worker.onmessage = (event: MessageEvent<unknown>) =>
      done(typeof event.data === 'string' && event.data ? event.data : browserZone());
    // Offline with the worker's file not cached, or workers refused: read it here.
    worker.onerror = () => done(browserZone());
  });
}

/**
 * Names the browser's zone to the server when it has not, or when the page it rendered
 * showed dates this browser's clock reads otherwise (`clockAgreed` false: the zone
 * changed, or the server did not know it).
 */
export function nameZoneWhenNeeded(clockAgreed: boolean): void {
  const named = namedZone();
  if (named !== null && clockAgreed) return;
  void readZone().then((zone) => {
    if (zone !== named) nameZone(zone);
  });
}
