/**
 * How the browser tells the server its time zone: one definition for the
 * server that reads it (api/http/pages.ts) and the page that writes it
 * (src/lib/time-zone.ts, loaded once the page is idle, so the first screen carries none).
 */

/** The cookie in which the browser names its time zone for the next page the server renders. */
export const ZONE_COOKIE = 'tz';

const ZONE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${ZONE_COOKIE}=([^;]*)`);

/** The zone named in a Cookie header (or `document.cookie`), decoded; null when absent or garbled. */
export function zoneCookieValue(cookie: string): string | null {
  const match = ZONE_COOKIE_VALUE.exec(cookie);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
