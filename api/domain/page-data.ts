/**
 * What a page rendered on the server carries for the browser: one definition
 * for the renderer (api/http/pages.ts) and the page (src/lib/server-answers.ts,
 * src/main.tsx). How the browser names its time zone: zone-cookie.ts.
 */

/** The id of the JSON script holding the page's data. */
export const PAGE_DATA_ID = 'touchline-page-data';

/** What the server embeds in a page it rendered. */
export interface PageData {
  /** The time zone the page's dates were written in. */
  zone: string;
  /**
   * Each instant the page's dates show, with that zone's offset east of UTC then, in
   * minutes: a browser whose clock reads them all alike takes the page over as it is.
   */
  offsets: [number, number][];
  /** Answers by API path (with its query), as read for the page. */
  answers: Record<string, unknown>;
  /**
   * Set when the address asked for is another page's (a team's League tab): the page is
   * that one, and the browser shows its address (path and query) before anything runs.
   */
  location?: string;
}

/** A path of this site (never `//host` or `/\\host`, which a browser reads as another site). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value);
}
