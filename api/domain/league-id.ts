/**
 * League ids (spec "League detail"): a colon-prefixed id ("region:tl-26") means the
 * part after the last colon, the id must look like an id before it is used, a "-YY"
 * suffix names the season, and until the league record names it the id is the title.
 */

/** The part after the last colon, trimmed ('' when nothing is left). */
export function leagueIdFrom(raw: string): string {
  const last = raw.split(':').pop() ?? '';
  return last.trim();
}

/** As leagueIdFrom for a stored value that may be missing: null when there is no id. */
export function leagueIdOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const id = leagueIdFrom(value);
  return id === '' ? null : id;
}

export type LeagueIdResult = { ok: true; id: string } | { ok: false; message: string };

const VALID_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The league id of a route, or the message the League detail page shows instead. */
export function parseLeagueId(raw: string | undefined): LeagueIdResult {
  const id = leagueIdFrom(raw ?? '');
  if (id === '') return { ok: false, message: 'League ID is required' };
  if (!VALID_ID.test(id)) return { ok: false, message: 'Invalid league ID format' };
  return { ok: true, id };
}

/** "tl-25" → "2025"; ids without a two-digit year suffix name no season. */
export function seasonFromLeagueId(id: string): string | null {
  const match = /-(\d{2})$/.exec(id);
  return match ? `20${match[1]}` : null;
}

/** The title shown until the league record names the league: "tl-26" → "TL 26". */
export function leagueTitleFromId(id: string): string {
  return id
    .split(/[-_.]+/)
    .filter((part) => part !== '')
    .map((part) => part.toUpperCase())
    .join(' ');
}
