/**
 * The search index's questions, asked of each engine's own index (the
 * engine-specific SQL lives in db/): SQLite's FTS5 trigram index over the marked text
 * (migration 0003), PostgreSQL's pg_trgm index over the same text and its B-tree on
 * folded (db/migrations/pg/0003_search_index.ts). api/data/search.ts ranks what they
 * hand out; both hand out every name of a rank, shortest first.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DB } from './connection';
import { engineOf } from './engine';
import type { SearchNamesTable } from './schema';
import { codePointLength, MARK } from './search-fold';

export type NameRow = Pick<SearchNamesTable, 'kind' | 'ref_id' | 'name' | 'folded' | 'length'>;

/** Where one rank's candidates come from, always in order of length. */
export interface Candidates {
  /** The first `limit` candidates of length `from` or more, shortest first. */
  page(from: number, limit: number): Promise<NameRow[]>;
  /** Every candidate of exactly this length. */
  ofLength(length: number): Promise<NameRow[]>;
}

/** Exact matches, from the B-tree on folded. */
function exactCandidates(db: DB, folded: string): Candidates {
  const columns = sql`kind, ref_id, name, folded, length`;
  return {
    page: async (from, limit) =>
      (
        await sql<NameRow>`SELECT ${columns} FROM search_names
          WHERE folded = ${folded} AND length >= ${from} ORDER BY length LIMIT ${limit}`.execute(db)
      ).rows,
    ofLength: async (length) =>
      (
        await sql<NameRow>`SELECT ${columns} FROM search_names
          WHERE folded = ${folded} AND length = ${length}`.execute(db)
      ).rows,
  };
}

/** An FTS5 string: everything between the double quotes is text, a quote doubled. */
function ftsString(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * Names matching an FTS5 query over the marked text (see MARK), from the index in
 * rowid order, which is order of length.
 */
function indexedCandidates(db: DB, query: string): Candidates {
  const columns = sql`s.kind, s.ref_id, s.name, s.folded, s.length`;
  return {
    page: async (from, limit) =>
      (
        await sql<NameRow>`SELECT ${columns}
          FROM search_text AS f JOIN search_names AS s ON s.id = f.rowid
          WHERE f.search_text MATCH ${query} AND f.rowid >= (${from} << 32)
          ORDER BY f.rowid LIMIT ${limit}`.execute(db)
      ).rows,
    ofLength: async (length) =>
      (
        await sql<NameRow>`SELECT ${columns}
          FROM search_text AS f JOIN search_names AS s ON s.id = f.rowid
          WHERE f.search_text MATCH ${query}
            AND f.rowid >= (${length} << 32) AND f.rowid < ((${length} + 1) << 32)`.execute(db)
      ).rows,
  };
}

const NO_CANDIDATES: Candidates = { page: async () => [], ofLength: async () => [] };

/**
 * Names containing the term anywhere. A marked term of three code points or more is
 * one phrase. One of one or two letters or digits is no trigram by itself, but every
 * occurrence starts one (the name's marked text ends with MARK.end): the index's
 * vocabulary, read for the trigrams that start with the term, gives the phrases.
 */
async function substringCandidates(db: DB, marked: string): Promise<Candidates> {
  const length = codePointLength(marked);
  if (length >= 3) return indexedCandidates(db, ftsString(marked));
  // Code point order is UTF-8 byte order, the vocabulary's: the last code point bounds it.
  const last = marked + '\u{10FFFF}'.repeat(3 - length);
  const trigrams = await sql<{ term: string }>`SELECT term FROM search_text_vocab
    WHERE term >= ${marked} AND term <= ${last}`.execute(db);
  if (trigrams.rows.length === 0) return NO_CANDIDATES;
  return indexedCandidates(db, trigrams.rows.map((row) => ftsString(row.term)).join(' OR '));
}

/**
 * The engine's index of names: where each rank's candidates come from, shortest first.
 * A source may hand out false candidates (bestOfRank drops them) but never miss a name
 * of its rank. `folded` is the term, `marked` its marked text (see MARK).
 */
export interface NameIndex {
  /** Names folded exactly to the term. */
  exact(folded: string): Candidates;
  /** Names that start with the term. */
  prefix(folded: string, marked: string): Candidates;
  /** Names in which a word other than the first starts with the term. */
  wordStart(folded: string, marked: string): Candidates;
  /** Names containing the term anywhere, for a marked term of three code points or more. */
  containing(folded: string, marked: string): Candidates;
  /** Names containing the term anywhere, for any term. */
  substring(folded: string, marked: string): Promise<Candidates>;
  /** Whether a name can hold NUL (PostgreSQL's text cannot: then no name contains a term with one). */
  holdsNul: boolean;
}

/** SQLite's: phrases of marked text in the FTS5 index (see MARK). */
const sqliteIndex = (db: DB): NameIndex => ({
  exact: (folded) => exactCandidates(db, folded),
  prefix: (_, marked) => indexedCandidates(db, ftsString(MARK.start + marked)),
  wordStart: (_, marked) => indexedCandidates(db, ftsString(MARK.separator + marked)),
  containing: (_, marked) => indexedCandidates(db, ftsString(marked)),
  substring: (_, marked) => substringCandidates(db, marked),
  holdsNul: true,
});

/** A search_names id's value per unit of length (length << 32). */
const LENGTH_UNIT = 2 ** 32;

/** `text` escaped for a LIKE pattern: %, _ and \ taken literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** Names meeting `where` (an SQL condition on search_names), in id order, which is order of length. */
function postgresCandidates(db: DB, where: RawBuilder<unknown>): Candidates {
  const columns = sql`kind, ref_id, name, folded, length`;
  return {
    page: async (from, limit) =>
      (
        await sql<NameRow>`SELECT ${columns} FROM search_names
          WHERE ${where} AND id >= ${from * LENGTH_UNIT} ORDER BY id LIMIT ${limit}`.execute(db)
      ).rows,
    ofLength: async (length) =>
      (
        await sql<NameRow>`SELECT ${columns} FROM search_names
          WHERE ${where} AND id >= ${length * LENGTH_UNIT} AND id < ${(length + 1) * LENGTH_UNIT}`.execute(db)
      ).rows,
  };
}

/**
 * PostgreSQL's (migration 0003 in db/migrations/pg): a prefix is a range of
 * search_names_folded (LIKE 'term%' under the C collation); a word start or a substring
 * is a phrase of the marked text, `touchline_search_text(folded) LIKE '%phrase%'`, which
 * the trigram index search_names_text serves, behind a plain LIKE on folded that every
 * match passes, which spares computing the marked text of most other names and gives
 * the planner folded's statistics. A substring of one or two letters or digits has no
 * trigram: that LIKE alone.
 */
const postgresIndex = (db: DB): NameIndex => {
  const contains = (folded: string) => sql`folded LIKE ${`%${likeEscaped(folded)}%`}`;
  const phrase = (folded: string, marked: string) =>
    postgresCandidates(
      db,
      sql`${contains(folded)} AND touchline_search_text(folded) LIKE ${`%${likeEscaped(marked)}%`}`,
    );
  return {
    exact: (folded) => exactCandidates(db, folded),
    prefix: (folded) => postgresCandidates(db, sql`folded LIKE ${`${likeEscaped(folded)}%`}`),
    wordStart: (folded, marked) => phrase(folded, MARK.separator + marked),
    containing: phrase,
    substring: async (folded, marked) =>
      codePointLength(marked) >= 3 ? phrase(folded, marked) : postgresCandidates(db, contains(folded)),
    holdsNul: false,
  };
};

/** The index of names of the engine `db` runs on. */
export function nameIndex(db: DB): NameIndex {
  return engineOf(db) === 'postgres' ? postgresIndex(db) : sqliteIndex(db);
}
