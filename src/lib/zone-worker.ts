/**
 * Reads the browser's time zone off the page's main thread (lib/time-zone.ts): the first
 * Intl date format loads the locale's data, a long task on a phone.
 */
const scope = globalThis as unknown as { postMessage(message: string): void };
scope.postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
