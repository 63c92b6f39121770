/**
 * Search over player, team and league names for the search panel.
 *
 * Matching happens in JavaScript, not in SQL: folding case and diacritics the
 * Unicode way ("jose" finds "José", "STRASSE" finds "Straße") is beyond SQLite's
 * LIKE, and filtering in JS means `%`, `_` and `\` in a term are just characters.
 * Only the id and name columns are read, and an amateur league has a few thousand
 * names at most, so a scan per search stays well under a millisecond or two.
 */
import type { z } from 'zod';
import type { DB } from '../../db/connection';
import type { SearchResultSchema } from '../schemas';

export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SEARCH_RESULT_LIMIT = 20;

/**
 * Compatibility decomposition, case folding and diacritic removal, so that
 * visually equal names compare equal. Upper then lower case folds 'ß' to 'ss' and
 * a final sigma to 'σ', as full Unicode case folding does.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLocaleUpperCase('en')
    .toLocaleLowerCase('en')
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

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

const WORD_CHAR = /[\p{L}\p{N}]/u;

function isWordStart(text: string, at: number): boolean {
  // The last code point before `at` (two code units back covers a surrogate pair).
  const previous = Array.from(text.slice(Math.max(0, at - 2), at)).pop();
  return previous === undefined || !WORD_CHAR.test(previous);
}

const TYPE_ORDER: Record<SearchResult['type'], number> = { player: 0, team: 1, league: 2 };

interface Candidate extends SearchResult {
  rank: number;
  length: number;
}

/**
 * Players on a roster (a player who left has no team and is not searchable),
 * teams and leagues whose name contains the term, best matches first, at most
 * SEARCH_RESULT_LIMIT. A league is named "<league_name> <season>" because the same
 * league runs in several seasons, each its own league_id.
 */
export async function searchByName(db: DB, term: string): Promise<SearchResult[]> {
  const folded = foldForSearch(term);
  if (folded === '') return [];

  const [players, teams, leagues] = await Promise.all([
    db.selectFrom('players').select(['id', 'name']).where('team_id', 'is not', null).execute(),
    db.selectFrom('teams').select(['team_id', 'team_name']).execute(),
    db.selectFrom('leagues').select(['league_id', 'league_name', 'season']).execute(),
  ]);
  const named: SearchResult[] = [
    ...players.map((p): SearchResult => ({ type: 'player', id: p.id, name: p.name })),
    ...teams.map((t): SearchResult => ({ type: 'team', id: t.team_id, name: t.team_name })),
    ...leagues.map((l): SearchResult => ({
      type: 'league',
      id: l.league_id,
      name: `${l.league_name} ${l.season}`,
    })),
  ];

  const candidates: Candidate[] = [];
  for (const result of named) {
    const rank = matchRank(foldForSearch(result.name), folded);
    if (rank !== null) candidates.push({ ...result, rank, length: [...result.name].length });
  }
  candidates.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.length - b.length ||
      a.name.localeCompare(b.name, 'en') ||
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      compareCodeUnits(a.id, b.id),
  );
  return candidates.slice(0, SEARCH_RESULT_LIMIT).map(({ type, id, name }) => ({ type, id, name }));
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
