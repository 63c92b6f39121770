/**
 * The search functions of db/search-fold.ts as PostgreSQL SQL functions, with the same
 * names (SQL_FUNCTIONS): on SQLite they are JavaScript registered on every connection;
 * PostgreSQL cannot call JavaScript, so the PostgreSQL migration 0003 creates these,
 * which give exactly what the JavaScript gives:
 *
 * - touchline_fold(text) = foldForSearch: NFKD (normalize), Unicode upper then lower case
 *   through the ICU root locale (`COLLATE "und-x-icu"`: under the C collation upper() and
 *   lower() know ASCII only), NFKD again, nonspacing marks removed, runs of whitespace
 *   made one space, trimmed.
 * - touchline_length(text) = codePointLength: char_length counts code points.
 * - touchline_search_text(text) = searchIndexText: MARK.start, every code point that is
 *   not a letter or digit followed by MARK.separator, MARK.end.
 *
 * The character classes (\p{Mn}, JavaScript's \s, isWordChar's [\p{L}\p{N}]) are not
 * PostgreSQL's or ICU's but JavaScript's own: they are read from the running engine's
 * Unicode tables, code point by code point, and written into the functions as regular
 * expression brackets of code point ranges (under the C collation, where a range is a
 * range of code points).
 *
 * Normalisation and case come from PostgreSQL's tables and the server's ICU, which may
 * be older than Node's: characters added to Unicode since then are left as they are
 * there. The migration finds them (foldDifferences: every code point folded by both,
 * a block of them per string) and the function first replaces each of them with what
 * JavaScript folds it to, so that both fold every single code point alike.
 *
 * A limit of any copy: a character that Node's tables do not know yet but the server's
 * do (a server newer than Node) is folded by the server only; and a Node upgrade to a
 * later Unicode changes JavaScript's folding of new characters, as it changes what
 * SQLite's index would hold, after the functions were made.
 */
import { sql, type Kysely } from 'kysely';
import { foldForSearch, MARK, SQL_FUNCTIONS } from './search-fold';

const LAST_CODE_POINT = 0x10ffff;
const isSurrogate = (codePoint: number) => codePoint >= 0xd800 && codePoint <= 0xdfff;

/** The code points (surrogates left out) that match `pattern`, as inclusive ranges. */
export function codePointRanges(pattern: RegExp): [number, number][] {
  const ranges: [number, number][] = [];
  let start = -1;
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT + 1; codePoint++) {
    const matches =
      codePoint <= LAST_CODE_POINT &&
      !isSurrogate(codePoint) &&
      pattern.test(String.fromCodePoint(codePoint));
    if (matches && start < 0) start = codePoint;
    if (!matches && start >= 0) {
      ranges.push([start, codePoint - 1]);
      start = -1;
    }
  }
  return ranges;
}

/** A code point as a PostgreSQL regular expression escape (\uXXXX or \UXXXXXXXX). */
function regexEscape(codePoint: number): string {
  return codePoint <= 0xffff
    ? `\\u${codePoint.toString(16).padStart(4, '0')}`
    : `\\U${codePoint.toString(16).padStart(8, '0')}`;
}

/** The inside of a bracket expression listing these ranges. */
function bracketOf(ranges: readonly [number, number][]): string {
  return ranges
    .map(([from, to]) => (from === to ? regexEscape(from) : `${regexEscape(from)}-${regexEscape(to)}`))
    .join('');
}

interface Classes {
  /** \p{Mn}: what foldForSearch removes. */
  nonspacingMark: string;
  /** JavaScript's \s: what foldForSearch makes one space. */
  whitespace: string;
  /** [\p{L}\p{N}]: isWordChar. */
  word: string;
}

let classes: Classes | undefined;

/** JavaScript's classes as bracket contents, read once (building them is slow). */
export function unicodeClasses(): Classes {
  classes ??= {
    nonspacingMark: bracketOf(codePointRanges(/\p{Mn}/u)),
    whitespace: bracketOf(codePointRanges(/\s/u)),
    word: bracketOf(codePointRanges(/[\p{L}\p{N}]/u)),
  };
  return classes;
}

/** A dollar-quoted literal: the text exactly as it is, backslashes and quotes included. */
function dollarQuoted(text: string, tag: string): string {
  let quote = `$${tag}$`;
  for (let n = 1; text.includes(quote) || `${text}$`.includes(quote); n++) quote = `$${tag}${n}$`;
  return `${quote}${text}${quote}`;
}

/** A literal of control characters (the markers), which SQL text should not carry raw. */
function chrs(text: string): string {
  return Array.from(text, (char) => `chr(${char.codePointAt(0) ?? 0})`).join(' || ');
}

/**
 * touchline_fold's replacements made before anything else: code point → what JavaScript
 * folds it to (see foldDifferences).
 */
export type FoldFixups = ReadonlyMap<string, string>;

/** The expression replacing the fixups' code points in `text`. */
function fixupExpression(text: string, fixups: FoldFixups): string {
  if (fixups.size === 0) return text;
  const single = [...fixups].filter(([, to]) => Array.from(to).length === 1);
  const other = [...fixups].filter(([, to]) => Array.from(to).length !== 1);
  let replaced = text;
  if (single.length > 0) {
    const from = single.map(([code]) => code).join('');
    const to = single.map(([, folded]) => folded).join('');
    replaced = `translate(${replaced}, ${dollarQuoted(from, 'f')}, ${dollarQuoted(to, 'f')})`;
  }
  for (const [code, folded] of other) {
    replaced = `replace(${replaced}, ${dollarQuoted(code, 'f')}, ${dollarQuoted(folded, 'f')})`;
  }
  const bracket = bracketOf(
    [...fixups.keys()].map((code) => {
      const codePoint = code.codePointAt(0) ?? 0;
      return [codePoint, codePoint] as [number, number];
    }),
  );
  return `CASE WHEN ${text} COLLATE "C" ~ ${dollarQuoted(`[${bracket}]`, 're')} THEN ${replaced} ELSE ${text} END`;
}

/** CREATE OR REPLACE FUNCTION touchline_fold, with these fixups. */
export function foldFunctionSql(fixups: FoldFixups = new Map()): string {
  const { nonspacingMark, whitespace } = unicodeClasses();
  const input = fixupExpression('t', fixups);
  const cased = `lower(upper(normalize(${input}, NFKD) COLLATE "und-x-icu"))`;
  const unmarked = `regexp_replace(normalize(${cased}, NFKD) COLLATE "C", ${dollarQuoted(`[${nonspacingMark}]+`, 're')}, '', 'g')`;
  const spaced = `regexp_replace(${unmarked}, ${dollarQuoted(`[${whitespace}]+`, 're')}, ' ', 'g')`;
  return `CREATE OR REPLACE FUNCTION ${SQL_FUNCTIONS.fold}(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $body$ SELECT btrim(${spaced}, ' ') $body$`;
}

/** CREATE OR REPLACE FUNCTION touchline_length. */
export function lengthFunctionSql(): string {
  return `CREATE OR REPLACE FUNCTION ${SQL_FUNCTIONS.length}(t text) RETURNS integer
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $body$ SELECT char_length(t) $body$`;
}

/**
 * CREATE OR REPLACE FUNCTION touchline_search_text. PostgreSQL text holds no NUL, so
 * MARK.nul has nothing to stand for here.
 */
export function searchTextFunctionSql(): string {
  const { word } = unicodeClasses();
  const marked = `regexp_replace(t COLLATE "C", ${dollarQuoted(`([^${word}])`, 're')}, ${dollarQuoted('\\1', 'r')} || ${chrs(MARK.separator)}, 'g')`;
  return `CREATE OR REPLACE FUNCTION ${SQL_FUNCTIONS.indexText}(t text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $body$ SELECT ${chrs(MARK.start)} || ${marked} || ${chrs(MARK.end)} $body$`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/** Code points per string when folding many at once. */
const BLOCK = 512;
/**
 * Between the code points of a block, so that each is folded on its own: neither a
 * letter, a mark, a space nor cased, it changes nothing around it.
 */
const APART = '\u0001';

/** Every code point but NUL (which PostgreSQL text cannot hold) and the surrogates, by blocks. */
function codePointBlocks(): string[][] {
  const blocks: string[][] = [];
  for (let first = 0; first <= LAST_CODE_POINT; first += BLOCK) {
    const block: string[] = [];
    for (let codePoint = Math.max(first, 1); codePoint < first + BLOCK; codePoint++) {
      if (!isSurrogate(codePoint)) block.push(String.fromCodePoint(codePoint));
    }
    if (block.length > 0) blocks.push(block);
  }
  return blocks;
}

async function foldOnServer(db: AnyDb, texts: readonly string[]): Promise<string[]> {
  const result = await sql<{ folded: string }>`SELECT ${sql.raw(SQL_FUNCTIONS.fold)}(t) AS folded
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`.execute(db);
  return result.rows.map((row) => row.folded);
}

export interface FoldDifference {
  codePoint: number;
  javascript: string;
  postgres: string;
}

/**
 * The code points that touchline_fold, as the database has it now, folds otherwise than
 * foldForSearch. Every code point is folded by both, a block of them per string (a
 * few tenths of a second), and only the blocks that differ one by one.
 */
export async function foldDifferences(db: AnyDb): Promise<FoldDifference[]> {
  const blocks = codePointBlocks();
  const folded = await foldOnServer(
    db,
    blocks.map((block) => block.join(APART)),
  );
  const suspects = blocks.filter((block, i) => folded[i] !== foldForSearch(block.join(APART))).flat();
  if (suspects.length === 0) return [];
  const one = await foldOnServer(db, suspects);
  const differences: FoldDifference[] = [];
  suspects.forEach((char, i) => {
    const javascript = foldForSearch(char);
    const postgres = one[i] ?? '';
    if (postgres !== javascript)
      differences.push({ codePoint: char.codePointAt(0) ?? 0, javascript, postgres });
  });
  return differences;
}

/**
 * Creates touchline_fold, touchline_length and touchline_search_text (replacing them),
 * with the fold's fixups for what this server's Unicode tables lack.
 */
export async function createSearchFunctions(db: AnyDb): Promise<void> {
  await sql.raw(foldFunctionSql()).execute(db);
  await sql.raw(lengthFunctionSql()).execute(db);
  await sql.raw(searchTextFunctionSql()).execute(db);
  const differences = await foldDifferences(db);
  if (differences.length === 0) return;
  const fixups = new Map(
    differences.map(({ codePoint, javascript }) => [String.fromCodePoint(codePoint), javascript]),
  );
  await sql.raw(foldFunctionSql(fixups)).execute(db);
}
