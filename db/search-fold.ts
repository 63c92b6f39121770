/**
 * How names are folded and marked for search: the one definition shared by the
 * search index (migration 0003 calls these through SQL functions from its triggers)
 * and by api/data/search.ts (the term goes through the same code, so index and query
 * can never fold differently).
 *
 * The functions are JavaScript, registered on every connection by openDatabase: a
 * connection without them (the sqlite3 shell, another program) can read the database
 * but any write to players, teams or leagues fails with "no such function".
 */
import type SQLite from 'better-sqlite3';

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

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A letter or digit: a word starts after anything else (search ranks word starts second). */
export function isWordChar(codePoint: string): boolean {
  return WORD_CHAR.test(codePoint);
}

/** Length as the search ranks it and as a person counts: in code points. */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * The search index (an FTS5 trigram table) stores each folded name as its "marked"
 * text, and a term is looked up by its marked text too: every code point that is not
 * a letter or digit is followed by MARK.separator, the name starts with MARK.start and
 * ends with MARK.end. The two characters just before a term's occurrence tell whether
 * it starts the name, starts a later word or neither:
 *
 *   MARK.start + marked(term)      the name starts with the term        (exact, prefix)
 *   MARK.separator + marked(term)  a word other than the first does     (word prefix)
 *   marked(term)                   the term occurs anywhere             (substring)
 *
 * Marking is a code point by code point substitution, so "term occurs in name at a
 * code point boundary" is exactly "marked(term) occurs in marked(name)", and word
 * starts are matchRank's own (a letter or digit by JavaScript's Unicode tables). The
 * markers are two characters long so that the first two phrases have at least three
 * code points (the least a trigram index can look up) for a term of one character;
 * the third has them unless the term is one or two letters or digits, and for those
 * MARK.end makes every occurrence the start of some trigram. The trigrams of plain
 * text are kept whole, so a lookup is as selective as a plain trigram index.
 *
 * The trigram tokenizer runs with case_sensitive 1, i.e. it folds nothing: the text
 * is already folded here, and a second folding by SQLite's own (older) Unicode tables
 * could only disagree. Control characters cannot be typed into a name or term in
 * practice; a name that contains one only makes a false candidate (every candidate is
 * checked again by matchRank). NUL, which FTS5 query strings cannot carry, is
 * replaced on both sides.
 */
export const MARK = {
  separator: '\u0001\u0001',
  start: '\u0002\u0002',
  end: '\u0003\u0003',
  nul: '\u0004',
} as const;

/** The term's or name's code points, each non-word one followed by MARK.separator (see MARK). */
export function markForSearch(folded: string): string {
  let marked = '';
  for (const codePoint of folded) {
    marked += codePoint === '\u0000' ? MARK.nul : codePoint;
    if (!isWordChar(codePoint)) marked += MARK.separator;
  }
  return marked;
}

/** The text the search index stores for a folded name. */
export function searchIndexText(folded: string): string {
  return MARK.start + markForSearch(folded) + MARK.end;
}

/**
 * The SQL functions the search index triggers call (deterministic, so usable anywhere).
 * Migration 0003 names them in its triggers: they keep these names.
 */
export const SQL_FUNCTIONS = {
  fold: 'touchline_fold',
  length: 'touchline_length',
  indexText: 'touchline_search_text',
} as const;

function textFunction<T>(apply: (text: string) => T) {
  return (value: unknown): T | null => (typeof value === 'string' ? apply(value) : null);
}

/** Registers the search functions on a connection (openDatabase does, for every one). */
export function registerSqlFunctions(sqlite: SQLite.Database): void {
  const options = { deterministic: true, varargs: false } as const;
  sqlite.function(SQL_FUNCTIONS.fold, options, textFunction(foldForSearch));
  sqlite.function(SQL_FUNCTIONS.length, options, textFunction(codePointLength));
  sqlite.function(SQL_FUNCTIONS.indexText, options, textFunction(searchIndexText));
}
