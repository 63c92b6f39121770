/**
 * The search index: search read every player's name and folded it in
 * JavaScript on every search, which grew with every player added.
 *
 * search_names holds one row per searchable name (a player on a roster, a team, a
 * league as "<league_name> <season>") with its folded form (db/search-fold.ts) and its
 * length in code points; triggers on players, teams and leagues keep it in step
 * whatever writes (the API, the admin table editor, the seed, foreign key actions).
 * search_text, an FTS5 trigram index, holds each folded name marked for search (see
 * MARK in db/search-fold.ts), kept in step by triggers on search_names;
 * search_text_vocab lists its trigrams (for terms of one or two letters or digits).
 *
 * The rowid of a name is its length << 32 plus a counter within that length, so the
 * rowid order of the FTS5 index is the order by length that the ranking needs:
 * "the shortest matches" is an FTS5 query in rowid order with a LIMIT, which stops
 * early, instead of sorting every match. A name whose length changes gets a new rowid
 * (the triggers delete and insert). The CHECK keeps the invariant.
 *
 * Deviations from the plan in the issue, on purpose:
 * - One trigram index over marked text instead of a unicode61 (word prefix) and a
 *   trigram (substring) index: the markers encode exactly matchRank's notion of a
 *   word start (a letter or digit per JavaScript's Unicode tables), which unicode61's
 *   token characters (SQLite's own Unicode tables, 'Co' included) do not, so a word
 *   prefix index could miss names; and they let the trigram index serve terms of one
 *   or two characters, which plain trigrams cannot.
 * - case_sensitive 1 instead of remove_diacritics: the indexed text is folded already
 *   (diacritics, case, width) by foldForSearch, which the term goes through as well.
 * - Contentless (content='', contentless_delete=1) instead of external content: the
 *   index holds a function of search_names.folded, not a column of it.
 * - No B-tree range for prefixes: a range on folded comes in folded order, and the
 *   shortest of 20,000 names starting with "ma" would need them all read and sorted.
 *
 * REPLACE conflict resolution deletes rows without firing DELETE triggers (unless
 * recursive_triggers is on); no write path uses it.
 */
import { sql, type Kysely } from 'kysely';

/** The bits of a search_names rowid below its length. */
const LENGTH_SHIFT = 32;

type Kind = 'player' | 'team' | 'league';

/** The row (and FTS entry) for one name; `name` an expression over NEW. */
function insertName(kind: Kind, refId: string, name: string, when: string) {
  return `INSERT INTO search_names (id, kind, ref_id, name, folded, length)
    SELECT coalesce(
             (SELECT max(id) FROM search_names
               WHERE id >= (v.length << ${LENGTH_SHIFT}) AND id < ((v.length + 1) << ${LENGTH_SHIFT})),
             v.length << ${LENGTH_SHIFT}) + 1,
           '${kind}', v.ref_id, v.name, touchline_fold(v.name), v.length
      FROM (SELECT ${refId} AS ref_id, ${name} AS name, touchline_length(${name}) AS length) AS v
     WHERE ${when};`;
}

function deleteName(kind: Kind, refId: string) {
  return `DELETE FROM search_names WHERE kind = '${kind}' AND ref_id = ${refId};`;
}

interface Source {
  kind: Kind;
  table: string;
  key: string;
  /** The searchable name, as an SQL expression over a row alias (NEW, OLD or the table). */
  name(row: string): string;
  /** Whether the row is searchable, likewise. */
  searchable(row: string): string;
  /** The columns the key and the name are made of. */
  columns: string[];
  /** The columns searchability depends on. */
  searchableColumns: string[];
}

const SOURCES: Source[] = [
  {
    kind: 'player',
    table: 'players',
    key: 'id',
    name: (row) => `${row}.name`,
    // A player who left (no team) is not searchable.
    searchable: (row) => `${row}.team_id IS NOT NULL`,
    columns: ['id', 'name'],
    searchableColumns: ['team_id'],
  },
  {
    kind: 'team',
    table: 'teams',
    key: 'team_id',
    name: (row) => `${row}.team_name`,
    searchable: () => '1',
    columns: ['team_id', 'team_name'],
    searchableColumns: [],
  },
  {
    kind: 'league',
    table: 'leagues',
    key: 'league_id',
    // The same league runs in several seasons, each its own league_id.
    name: (row) => `${row}.league_name || ' ' || ${row}.season`,
    searchable: () => '1',
    columns: ['league_id', 'league_name', 'season'],
    searchableColumns: [],
  },
];

function triggers(source: Source): string[] {
  const { kind, table, key, columns, searchableColumns } = source;
  const changed = [
    ...columns.map((column) => `OLD.${column} IS NOT NEW.${column}`),
    `(${source.searchable('OLD')}) IS NOT (${source.searchable('NEW')})`,
  ].join(' OR ');
  return [
    // The DELETE first: an INSERT OR REPLACE of the same key removes the old row
    // without its DELETE trigger.
    `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
      ${deleteName(kind, `NEW.${key}`)}
      ${insertName(kind, `NEW.${key}`, source.name('NEW'), source.searchable('NEW'))}
    END`,
    // Only when the name, the key or searchability changes (a team_id moving between
    // two teams, e.g. by ON UPDATE CASCADE, changes nothing here).
    `CREATE TRIGGER ${table}_search_update AFTER UPDATE OF ${[...columns, ...searchableColumns].join(', ')} ON ${table}
      WHEN ${changed} BEGIN
      ${deleteName(kind, `OLD.${key}`)}
      ${insertName(kind, `NEW.${key}`, source.name('NEW'), source.searchable('NEW'))}
    END`,
    `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
      ${deleteName(kind, `OLD.${key}`)}
    END`,
  ];
}

function existingNames(source: Source): string {
  const name = source.name(source.table);
  return `SELECT '${source.kind}' AS kind, ${source.key} AS ref_id, ${name} AS name, touchline_length(${name}) AS length
    FROM ${source.table} WHERE ${source.searchable(source.table)}`;
}

const statements = [
  `CREATE TABLE search_names (
    id     INTEGER PRIMARY KEY NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('player', 'team', 'league')),
    ref_id TEXT NOT NULL,
    name   TEXT NOT NULL,
    folded TEXT NOT NULL,
    length INTEGER NOT NULL CHECK (length >= 0 AND id >> ${LENGTH_SHIFT} = length),
    UNIQUE (kind, ref_id)
  ) STRICT`,
  // Exact matches, shortest first.
  `CREATE INDEX search_names_folded ON search_names (folded, length)`,
  `CREATE VIRTUAL TABLE search_text USING fts5 (
    text,
    tokenize = 'trigram case_sensitive 1',
    content = '',
    contentless_delete = 1
  )`,
  `CREATE VIRTUAL TABLE search_text_vocab USING fts5vocab (search_text, row)`,
  `CREATE TRIGGER search_names_index_insert AFTER INSERT ON search_names BEGIN
    INSERT INTO search_text (rowid, text) VALUES (NEW.id, touchline_search_text(NEW.folded));
  END`,
  `CREATE TRIGGER search_names_index_update AFTER UPDATE ON search_names BEGIN
    DELETE FROM search_text WHERE rowid = OLD.id;
    INSERT INTO search_text (rowid, text) VALUES (NEW.id, touchline_search_text(NEW.folded));
  END`,
  `CREATE TRIGGER search_names_index_delete AFTER DELETE ON search_names BEGIN
    DELETE FROM search_text WHERE rowid = OLD.id;
  END`,
  // The names already there, numbered within each length.
  `INSERT INTO search_names (id, kind, ref_id, name, folded, length)
    SELECT (length << ${LENGTH_SHIFT}) + row_number() OVER (PARTITION BY length ORDER BY kind, ref_id),
           kind, ref_id, name, touchline_fold(name), length
      FROM (${SOURCES.map(existingNames).join(' UNION ALL ')})
     ORDER BY 1`,
  ...SOURCES.flatMap(triggers),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
