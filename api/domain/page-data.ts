/**
 * What a page rendered on the server carries for the browser (issue #16): one definition
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
}
