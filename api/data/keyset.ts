/**
 * Keyset paging: a list is read in the order of a unique sort key, and a page starts
 * after the key of the last row of the previous one (never OFFSET, so a page costs the
 * same wherever it is). The routes turn keys into opaque cursors (api/http/list-query.ts).
 */

/** Which part of an ordered list to read: `limit` rows after the row whose key is `after`. */
export interface PageRequest<Key> {
  /** At most this many rows; all of the rest when absent. */
  limit?: number;
  /** Start after the row with this sort key; from the first row when absent. */
  after?: Key;
}

/** Rows of a list, and the key to continue after (null: there are no more). */
export interface Page<Row, Key> {
  rows: Row[];
  next: Key | null;
}

/** Where a walk of matches in kick-off order stands: the last match's date, then its id. */
export interface KickoffKey {
  date: string;
  id: number;
}

/** How many rows to read for a page: one more than asked, to know whether more follow. */
export function rowsToRead(limit: number | undefined): number | undefined {
  return limit === undefined ? undefined : limit + 1;
}

/** The page of `rows` (read with rowsToRead(limit)): at most `limit` rows and the key to go on. */
export function pageOf<Row, Key>(
  rows: Row[],
  limit: number | undefined,
  keyOf: (row: Row) => Key,
): Page<Row, Key> {
  if (limit === undefined || rows.length <= limit) return { rows, next: null };
  const shown = rows.slice(0, limit);
  return { rows: shown, next: keyOf(shown[shown.length - 1] as Row) };
}

/** A UTF-16 code unit moved so that units compare in code point order (surrogates last). */
function inCodePointOrder(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/**
 * SQLite's BINARY collation (memcmp of UTF-8 bytes, which is code point order), for
 * merging lists SQLite sorted. JavaScript's `<` compares UTF-16 units and would put
 * '𝕿' (U+1D57F) before 'ｚ' (U+FF5A); this does not, and allocates nothing.
 */
export function compareBinary(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return inCodePointOrder(x) - inCodePointOrder(y);
  }
  return a.length - b.length;
}

function mergeTwo<Row>(a: Row[], b: Row[], compare: (x: Row, y: Row) => number, take: number): Row[] {
  const merged: Row[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < take && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && compare(x, y) <= 0)) {
      merged.push(x as Row);
      i += 1;
    } else {
      merged.push(y);
      j += 1;
    }
  }
  return merged;
}

/** Merges lists each sorted by `compare` into one, at most `take` rows (pairwise: n log k). */
export function mergeSorted<Row>(
  lists: Row[][],
  compare: (x: Row, y: Row) => number,
  take = Infinity,
): Row[] {
  let round = lists;
  while (round.length > 1) {
    const next: Row[][] = [];
    for (let i = 0; i < round.length; i += 2) {
      const second = round[i + 1];
      next.push(
        second === undefined ? (round[i] as Row[]) : mergeTwo(round[i] as Row[], second, compare, take),
      );
    }
    round = next;
  }
  return (round[0] ?? []).slice(0, take);
}
