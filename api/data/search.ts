/**
 * Search over player, team and league names for the search panel.
 *
 * Matching is defined in JavaScript: folding case and diacritics the Unicode way
 * ("jose" finds "José", "STRASSE" finds "Straße") is beyond SQLite's LIKE, and
 * `%`, `_`, `\` and quotes in a term are just characters. The names come from the
 * search index of migration 0003 (search_names and its FTS5 table search_text), never
 * from a scan of players, teams or leagues: the index only narrows, and every
 * candidate is ranked again here by matchRank on its folded name.
 *
 * The order is rank (exact, prefix, word prefix, substring), then length, then name
 * by localeCompare, then type, then id. Ranks are looked up one after the other,
 * stopping once SEARCH_RESULT_LIMIT are found; within a rank the index hands out the
 * shortest candidates first (search_text's rowids are ordered by length), a page at a
 * time, and every candidate of the last length needed is read, so the localeCompare
 * tie-break sees all the names it must order. A term that few names contain (most
 * full names) skips the ranks: one read finds every name containing it.
 *
 * On PostgreSQL (migration 0003 in db/migrations/pg) the same algorithm asks the same
 * questions of its own indexes (db/search-index.ts), in search_names id order, which is order
 * of length there too: the same candidates but for false ones, the same ranking here,
 * the same answers (tests/db/postgres-schema.test.ts compares them).
 */
import type { z } from 'zod';
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import { codePointLength, foldForSearch, isWordChar, markForSearch } from '../../db/search-fold';
import { nameIndex, type Candidates, type NameIndex, type NameRow } from '../../db/search-index';
import type { SearchResultSchema } from '../schemas';

export { foldForSearch };

export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SEARCH_RESULT_LIMIT = 20;

/** 0 exact, 1 name starts with the term, 2 a word starts with it, 3 anywhere; null no match. */
export function matchRank(foldedName: string, foldedTerm: string): number | null {
  if (foldedTerm === '') return null;
  if (foldedName === foldedTerm) return 0;
  if (foldedName.startsWith(foldedTerm)) return 1;
  let found = false;
  for (let at = foldedName.indexOf(foldedTerm); at !== -1; at = foldedName.indexOf(foldedTerm, at + 1)) {
    found = true;
    if (isWordStart(foldedName, at)) return 2;
  }
  return found ? 3 : null;
}

function isWordStart(text: string, at: number): boolean {
  // The last code point before `at` (two code units back covers a surrogate pair).
  const previous = Array.from(text.slice(Math.max(0, at - 2), at)).pop();
  return previous === undefined || !isWordChar(previous);
}

/** With the u flag a surrogate pair is one code point, so this finds only a lone half. */
const LONE_SURROGATE = /\p{Cs}/u;

const TYPE_ORDER: Record<SearchResult['type'], number> = { player: 0, team: 1, league: 2 };

/** `a.localeCompare(b, 'en')` is by definition this collator's compare; built once, it is much faster. */
const collator = new Intl.Collator('en');

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Within a rank: shorter, then alphabetical, then player/team/league, then id. */
function compareWithinRank(a: NameRow, b: NameRow): number {
  return (
    a.length - b.length ||
    collator.compare(a.name, b.name) ||
    TYPE_ORDER[a.kind] - TYPE_ORDER[b.kind] ||
    compareCodeUnits(a.ref_id, b.ref_id)
  );
}

/**
 * The best `wanted` names of one rank, in order. Candidates come a page at a time,
 * shortest first; a page that comes back full is cut before its last length, and
 * that length is read whole, so no name that would sort first is left unread.
 * Candidates of another rank are dropped: of a better one (a name that starts with
 * the term can contain it at a later word start too), or of none (a name holding one
 * of MARK's control characters can look like a match to the index).
 */
async function bestOfRank(
  candidates: Candidates,
  foldedTerm: string,
  rank: number,
  wanted: number,
  taken: ReadonlySet<string>,
): Promise<NameRow[]> {
  const found: NameRow[] = [];
  const keep = (rows: NameRow[]) => {
    for (const row of rows) {
      if (matchRank(row.folded, foldedTerm) === rank && !taken.has(keyOf(row))) found.push(row);
    }
  };
  let from = 0;
  let pageSize = 2 * wanted + 10;
  for (;;) {
    const rows = await candidates.page(from, pageSize);
    const last = rows.at(-1)?.length;
    if (rows.length < pageSize || last === undefined) {
      keep(rows);
      break;
    }
    keep(rows.filter((row) => row.length < last));
    keep(await candidates.ofLength(last));
    if (found.length >= wanted) break;
    from = last + 1;
    pageSize *= 2;
  }
  return found.sort(compareWithinRank).slice(0, wanted);
}

/**
 * Players on a roster (a player who left has no team and is not searchable),
 * teams and leagues whose name contains the term, best matches first, at most
 * SEARCH_RESULT_LIMIT. A league is named "<league_name> <season>" because the same
 * league runs in several seasons, each its own league_id. `few`: see FEW.
 */
export async function searchByName(
  db: DB,
  term: string,
  { few = FEW }: { few?: number } = {},
): Promise<SearchResult[]> {
  const folded = foldForSearch(term);
  if (folded === '') return [];
  const results = await find(db, folded, few);
  return results.map((row) => ({ type: row.kind, id: row.ref_id, name: row.name }));
}

async function find(db: DB, folded: string, few: number): Promise<NameRow[]> {
  if (LONE_SURROGATE.test(folded)) {
    // A lone surrogate cannot reach SQLite intact (it becomes U+FFFD) but can match
    // half of a pair in JavaScript. Not from a URL; kept exact by reading every name.
    return best(await rows(db, db.selectFrom('search_names').select(NAME_COLUMNS)), folded);
  }
  const index = nameIndex(db);
  if (!index.holdsNul && folded.includes('\u0000')) return [];
  const marked = markForSearch(folded);
  if (few > 0 && codePointLength(marked) >= 3) {
    // Every match contains the term, and for most terms of a few words (a full name)
    // few names do: one read of the index then finds them all.
    const all = await index.containing(folded, marked).page(0, few);
    if (all.length < few) return best(all, folded);
  }
  return byRank(index, folded, marked);
}

/**
 * Up to how many names containing the term are ranked at once, without looking up
 * rank after rank. The tests set it to 0 to try the ranks on small data.
 */
const FEW = 100;

const NAME_COLUMNS = ['kind', 'ref_id', 'name', 'folded', 'length'] as const;

/** The best SEARCH_RESULT_LIMIT of these names, best first. */
function best(rows: NameRow[], folded: string): NameRow[] {
  return rows
    .map((row) => ({ row, rank: matchRank(row.folded, folded) }))
    .filter((entry): entry is { row: NameRow; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || compareWithinRank(a.row, b.row))
    .slice(0, SEARCH_RESULT_LIMIT)
    .map((entry) => entry.row);
}

/** Rank after rank, each looked up only while earlier ones leave room. */
async function byRank(index: NameIndex, folded: string, marked: string): Promise<NameRow[]> {
  const ranks: [number, () => Candidates | Promise<Candidates>][] = [
    [0, () => index.exact(folded)],
    [1, () => index.prefix(folded, marked)],
    [2, () => index.wordStart(folded, marked)],
    [3, () => index.substring(folded, marked)],
  ];
  const results: NameRow[] = [];
  // The reads are not one snapshot: a write by another request on this connection can
  // come between two of them, and a name renamed meanwhile must not be listed twice.
  const taken = new Set<string>();
  for (const [rank, candidates] of ranks) {
    if (results.length >= SEARCH_RESULT_LIMIT) break;
    const wanted = SEARCH_RESULT_LIMIT - results.length;
    for (const row of await bestOfRank(await candidates(), folded, rank, wanted, taken)) {
      taken.add(keyOf(row));
      results.push(row);
    }
  }
  return results;
}

function keyOf(row: NameRow): string {
  return `${row.kind}:${row.ref_id}`;
}
