/**
 * PostgreSQL twin of db/migrations/0003_search_index.ts: the same search_names table
 * (columns, id scheme, CHECK, unique key, search_names_folded), filled by the same rules
 * (players only on a roster; leagues as "<league_name> <season>") by triggers on
 * players, teams and leagues.
 *
 * PostgreSQL has no FTS5. What search_text held, each folded name marked for search
 * (MARK in db/search-fold.ts), is here an expression, touchline_search_text(folded),
 * with a pg_trgm GIN index on it (search_names_text): `LIKE '%<marked phrase>%'` on
 * that expression is FTS5's phrase query, and api/data/search.ts asks it in id order,
 * which is order of length as on SQLite. No vocabulary table: a term of one or two
 * letters or digits, which has no trigram, is looked for in folded (strpos), and a
 * prefix is a range of search_names_folded (see postgresIndex in db/search-index.ts).
 *
 * touchline_fold, touchline_length and touchline_search_text are SQL functions that
 * fold exactly as the JavaScript does (db/search-fold-pg.ts), so the triggers keep the
 * index whatever writes, as on SQLite.
 */
import { sql, type Kysely } from 'kysely';
import { createSearchFunctions } from '../../search-fold-pg';

/** The bits of a search_names id below its length. */
const LENGTH_SHIFT = 32;

type Kind = 'player' | 'team' | 'league';

interface Source {
  kind: Kind;
  table: string;
  key: string;
  /** The searchable name, as an SQL expression over a row (NEW, OLD or the table). */
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
    searchable: () => 'true',
    columns: ['team_id', 'team_name'],
    searchableColumns: [],
  },
  {
    kind: 'league',
    table: 'leagues',
    key: 'league_id',
    // The same league runs in several seasons, each its own league_id.
    name: (row) => `${row}.league_name || ' ' || ${row}.season`,
    searchable: () => 'true',
    columns: ['league_id', 'league_name', 'season'],
    searchableColumns: [],
  },
];

/** The row for one name, numbered after the last of its length; `name` an expression over NEW. */
function insertName(kind: Kind, refId: string, name: string, when: string) {
  return `INSERT INTO search_names (id, kind, ref_id, name, folded, length)
    SELECT coalesce(
             (SELECT max(id) FROM search_names
               WHERE id >= (v.length::bigint << ${LENGTH_SHIFT}) AND id < ((v.length::bigint + 1) << ${LENGTH_SHIFT})),
             v.length::bigint << ${LENGTH_SHIFT}) + 1,
           '${kind}', v.ref_id, v.name, touchline_fold(v.name), v.length
      FROM (SELECT ${refId} AS ref_id, ${name} AS name, touchline_length(${name}) AS length) AS v
     WHERE ${when};`;
}

function deleteName(kind: Kind, refId: string) {
  return `DELETE FROM search_names WHERE kind = '${kind}' AND ref_id = ${refId};`;
}

/** The trigger function of one source and its triggers: SQLite's three, and one for TRUNCATE. */
function triggers(source: Source): string[] {
  const { kind, table, key, columns, searchableColumns } = source;
  const fn = `touchline_${table}_search`;
  const changed = [
    ...columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`),
    `(${source.searchable('OLD')}) IS DISTINCT FROM (${source.searchable('NEW')})`,
  ].join(' OR ');
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${deleteName(kind, `NEW.${key}`)}
        ${insertName(kind, `NEW.${key}`, source.name('NEW'), source.searchable('NEW'))}
      ELSIF TG_OP = 'UPDATE' THEN
        ${deleteName(kind, `OLD.${key}`)}
        ${insertName(kind, `NEW.${key}`, source.name('NEW'), source.searchable('NEW'))}
      ELSIF TG_OP = 'DELETE' THEN
        ${deleteName(kind, `OLD.${key}`)}
      ELSE
        DELETE FROM search_names WHERE kind = '${kind}';
      END IF;
      RETURN NULL;
    END
    $body$`,
    `CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    // Only when the name, the key or searchability changes (a team_id moving between
    // two teams, e.g. by ON UPDATE CASCADE, changes nothing here).
    `CREATE TRIGGER ${table}_search_update AFTER UPDATE OF ${[...columns, ...searchableColumns].join(', ')} ON ${table}
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    // TRUNCATE, which SQLite does not have, fires no row trigger.
    `CREATE TRIGGER ${table}_search_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

function existingNames(source: Source): string {
  const name = source.name(source.table);
  return `SELECT '${source.kind}' AS kind, ${source.key} AS ref_id, ${name} AS name, touchline_length(${name}) AS length
    FROM ${source.table} WHERE ${source.searchable(source.table)}`;
}

const statements = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE TABLE search_names (
    id     BIGINT PRIMARY KEY NOT NULL,
    kind   TEXT COLLATE "C" NOT NULL CHECK (kind IN ('player', 'team', 'league')),
    ref_id TEXT COLLATE "C" NOT NULL,
    name   TEXT COLLATE "C" NOT NULL,
    folded TEXT COLLATE "C" NOT NULL,
    length INTEGER NOT NULL CHECK (length >= 0 AND id >> ${LENGTH_SHIFT} = length),
    UNIQUE (kind, ref_id)
  )`,
  // Exact matches, shortest first.
  `CREATE INDEX search_names_folded ON search_names (folded, length)`,
  // What FTS5's search_text was: trigrams of the marked text.
  `CREATE INDEX search_names_text ON search_names USING gin (touchline_search_text(folded) gin_trgm_ops)`,
  // The names already there, numbered within each length.
  `INSERT INTO search_names (id, kind, ref_id, name, folded, length)
    SELECT (length::bigint << ${LENGTH_SHIFT}) + row_number() OVER (PARTITION BY length ORDER BY kind, ref_id),
           kind, ref_id, name, touchline_fold(name), length
      FROM (${SOURCES.map(existingNames).join(' UNION ALL ')}) AS existing
     ORDER BY 1`,
  ...SOURCES.flatMap(triggers),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  await createSearchFunctions(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
