/**
 * Schema introspection and constraint-error classification for both engines, kept here
 * so the API stays portable SQL: SQLite is read from sqlite_master and the pragma table
 * functions, PostgreSQL from its own catalogue (pg_catalog) for the current schema
 * (normally `public`). Every name passed in is matched exactly (binary, case-sensitive)
 * against the stored names first: SQLite itself resolves names case-insensitively, and a
 * caller's spelling must never reach a pragma unless it is the stored one.
 *
 * Both engines describe the same schema the same way: PostgreSQL's types are reported
 * by SQLite's names for their family (integer, bigint and smallint as INTEGER; text and
 * varchar as TEXT; real, double precision and numeric as REAL; bytea as BLOB), an
 * integer key filled in when omitted (identity, default or BEFORE INSERT trigger) counts
 * as defaulted like SQLite's INTEGER PRIMARY KEY, and constraint failures are worded as
 * SQLite words them ("UNIQUE constraint failed: users.email").
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'kysely';
import type { DB } from './connection';
import { engineOf } from './engine';

/** How the editor turns free text into a value for a column. */
export type Affinity = 'integer' | 'real' | 'text' | 'blob' | 'any';

export interface ColumnInfo {
  name: string;
  /**
   * The type as the editor shows it. SQLite: the declared type as written in the schema
   * (STRICT tables: INTEGER, INT, REAL, TEXT, BLOB, ANY). PostgreSQL: INTEGER, REAL, TEXT
   * or BLOB for those families, otherwise PostgreSQL's own name (e.g. boolean, jsonb).
   */
  type: string;
  /** The engine's own spelling of the type: SQLite's declared type, PostgreSQL's format_type. */
  nativeType: string;
  affinity: Affinity;
  /** The whole numbers the column can hold, for an integer column (JS's safe range at most). */
  integerRange: readonly [number, number] | null;
  notNull: boolean;
  primaryKey: boolean;
  /**
   * A DEFAULT clause, or an integer key the database assigns when omitted (SQLite's
   * INTEGER PRIMARY KEY; on PostgreSQL an identity, a default or a BEFORE INSERT trigger).
   */
  hasDefault: boolean;
  /** Generated columns (and PostgreSQL's GENERATED ALWAYS identities) are computed by the database and cannot be written. */
  generated: boolean;
}

export interface ForeignKeyInfo {
  column: string;
  foreignTable: string;
  /** null when the reference names only the table, i.e. its primary key (SQLite only). */
  foreignColumn: string | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** The primary key columns in key order (empty for a table keyed by rowid only). */
  primaryKey: string[];
  /**
   * The single-column integer key the database assigns when omitted: SQLite's INTEGER
   * PRIMARY KEY (an alias of the rowid), PostgreSQL's filled one (see hasDefault).
   */
  rowidKey: boolean;
  /** Single-column foreign keys in column order (composite ones are not described). */
  foreignKeys: ForeignKeyInfo[];
}

/** Names SQLite reserves for itself (sqlite_master, sqlite_sequence, …), in any case. */
export function isSqliteInternal(name: string): boolean {
  return name.toLowerCase().startsWith('sqlite_');
}

const SAFE_RANGE = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const;

/** Ordinary tables of the main (SQLite) or current (PostgreSQL) schema, sorted, without SQLite's own. */
export async function listTables(db: DB): Promise<string[]> {
  if (engineOf(db) === 'postgres') {
    const result = await sql<{ name: string }>`SELECT c.relname::text AS name
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition`.execute(db);
    return result.rows.map((row) => row.name).sort();
  }
  const result = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
  return result.rows
    .map((row) => row.name)
    .filter((name) => !isSqliteInternal(name))
    .sort();
}

/** Describes a table whose stored name is exactly `table`, or undefined. */
export async function describeTable(db: DB, table: string): Promise<TableInfo | undefined> {
  return engineOf(db) === 'postgres' ? describePostgresTable(db, table) : describeSqliteTable(db, table);
}

// ---- SQLite ----

/** SQLite's affinity rules (datatype3.html §3.1), with STRICT's ANY and an empty type as 'any'. */
function sqliteAffinity(declared: string): Affinity {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'text';
  if (type.includes('BLOB')) return 'blob';
  if (type === '' || type === 'ANY') return 'any';
  return 'real';
}

interface XInfoRow {
  cid: number;
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
}

interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
}

async function describeSqliteTable(db: DB, table: string): Promise<TableInfo | undefined> {
  if (isSqliteInternal(table)) return undefined;
  const found = await sql<{ name: string }>`SELECT name FROM sqlite_master
    WHERE type = 'table' AND name = ${table}`.execute(db);
  const name = found.rows[0]?.name;
  if (name !== table) return undefined;

  // The pragma table functions take the name as a bound value, never spliced into SQL.
  const info = await sql<XInfoRow>`SELECT cid, name, type, "notnull", dflt_value, pk, hidden
    FROM pragma_table_xinfo(${name}) ORDER BY cid`.execute(db);
  const listed = await sql<{ wr: number }>`SELECT wr FROM pragma_table_list
    WHERE schema = 'main' AND name = ${name}`.execute(db);
  const withoutRowid = listed.rows[0]?.wr === 1;

  // hidden: 0 ordinary, 1 hidden column of a virtual table, 2 and 3 generated.
  const rows = info.rows.filter((row) => row.hidden !== 1);
  const primaryKey = rows
    .filter((row) => row.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((row) => row.name);
  const keyRow = primaryKey.length === 1 ? rows.find((row) => row.pk > 0) : undefined;
  // Only the exact spelling INTEGER makes a key an alias of the rowid (not INT, not BIGINT).
  const rowidKey = !withoutRowid && keyRow !== undefined && keyRow.type.toUpperCase() === 'INTEGER';

  const columns = rows.map((row): ColumnInfo => {
    const affinity = sqliteAffinity(row.type);
    return {
      name: row.name,
      type: row.type,
      nativeType: row.type,
      affinity,
      integerRange: affinity === 'integer' ? SAFE_RANGE : null,
      notNull: row.notnull === 1,
      primaryKey: row.pk > 0,
      hasDefault: row.dflt_value !== null || (rowidKey && row === keyRow),
      generated: row.hidden === 2 || row.hidden === 3,
    };
  });

  const keys = await sql<ForeignKeyRow>`SELECT id, seq, "table", "from", "to"
    FROM pragma_foreign_key_list(${name})`.execute(db);
  const sizes = new Map<number, number>();
  for (const key of keys.rows) sizes.set(key.id, (sizes.get(key.id) ?? 0) + 1);
  const position = new Map(columns.map((column, index) => [column.name, index]));
  const foreignKeys = keys.rows
    .filter((key) => sizes.get(key.id) === 1)
    .map((key): ForeignKeyInfo => ({ column: key.from, foreignTable: key.table, foreignColumn: key.to }))
    .sort((a, b) => (position.get(a.column) ?? 0) - (position.get(b.column) ?? 0));

  return { name, columns, primaryKey, rowidKey, foreignKeys };
}

// ---- PostgreSQL ----

/** PostgreSQL's type families by the base type's pg_type.typname, with SQLite's names. */
const POSTGRES_FAMILIES = new Map<string, { type: string; affinity: Affinity }>([
  ...['int2', 'int4', 'int8'].map((name) => [name, { type: 'INTEGER', affinity: 'integer' }] as const),
  ...['float4', 'float8', 'numeric'].map((name) => [name, { type: 'REAL', affinity: 'real' }] as const),
  ...['text', 'varchar', 'bpchar', 'char', 'name', 'citext'].map(
    (name) => [name, { type: 'TEXT', affinity: 'text' }] as const,
  ),
  ['bytea', { type: 'BLOB', affinity: 'blob' }],
]);

const POSTGRES_INTEGER_RANGES = new Map<string, readonly [number, number]>([
  ['int2', [-32_768, 32_767]],
  ['int4', [-2_147_483_648, 2_147_483_647]],
  ['int8', SAFE_RANGE],
]);

interface PostgresColumnRow {
  name: string;
  table_name: string;
  native_type: string;
  base_type: string;
  not_null: boolean;
  has_default: boolean;
  generated: string;
  identity: string;
  /** Position in the primary key, from 1; null outside it. */
  key_position: number | null;
  /** A BEFORE INSERT row trigger may fill columns left out of an INSERT. */
  insert_trigger: boolean;
}

interface PostgresForeignKeyRow {
  column: string;
  foreign_table: string;
  foreign_column: string;
}

/** Rows of the current schema's ordinary table whose name is exactly `name` (the cast keeps `name` from truncating at 63 bytes). */
function postgresTableIs(name: string) {
  return sql`n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    AND c.relname::text = ${name}::text`;
}

async function describePostgresTable(db: DB, table: string): Promise<TableInfo | undefined> {
  // PostgreSQL refuses a NUL in any text, so no stored name has one; the query would fail.
  if (table.includes('\u0000')) return undefined;
  const info = await sql<PostgresColumnRow>`SELECT
      a.attname::text AS name,
      c.relname::text AS table_name,
      pg_catalog.format_type(a.atttypid, a.atttypmod) AS native_type,
      coalesce(b.typname, t.typname)::text AS base_type,
      a.attnotnull AS not_null,
      a.atthasdef AS has_default,
      a.attgenerated::text AS generated,
      a.attidentity::text AS identity,
      (SELECT k.position::int
        FROM pg_catalog.pg_constraint p,
          unnest(p.conkey) WITH ORDINALITY AS k(attnum, position)
        WHERE p.conrelid = c.oid AND p.contype = 'p' AND k.attnum = a.attnum) AS key_position,
      EXISTS (SELECT 1 FROM pg_catalog.pg_trigger g
        WHERE g.tgrelid = c.oid AND NOT g.tgisinternal AND g.tgenabled <> 'D'
          -- TRIGGER_TYPE_ROW | TRIGGER_TYPE_BEFORE | TRIGGER_TYPE_INSERT
          AND (g.tgtype & 7) = 7) AS insert_trigger
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_catalog.pg_type b ON t.typtype = 'd' AND b.oid = t.typbasetype
    WHERE ${postgresTableIs(table)}
    ORDER BY a.attnum`.execute(db);
  const name = info.rows[0]?.table_name;
  if (name !== table) return undefined;

  const primaryKey = info.rows
    .filter((row) => row.key_position !== null)
    .sort((a, b) => (a.key_position ?? 0) - (b.key_position ?? 0))
    .map((row) => row.name);
  const keyRow = primaryKey.length === 1 ? info.rows.find((row) => row.key_position !== null) : undefined;
  const filled = (row: PostgresColumnRow) => (row.has_default && row.generated === '') || row.identity !== '';
  // As SQLite's INTEGER PRIMARY KEY: a lone integer key the database numbers when omitted.
  const rowidKey =
    keyRow !== undefined &&
    POSTGRES_INTEGER_RANGES.has(keyRow.base_type) &&
    (filled(keyRow) || keyRow.insert_trigger);

  const columns = info.rows.map((row): ColumnInfo => {
    const family = POSTGRES_FAMILIES.get(row.base_type);
    return {
      name: row.name,
      type: family?.type ?? row.native_type,
      nativeType: row.native_type,
      // Any other type (boolean, jsonb, timestamptz, …) takes the text as given and parses it.
      affinity: family?.affinity ?? 'any',
      integerRange: POSTGRES_INTEGER_RANGES.get(row.base_type) ?? null,
      notNull: row.not_null,
      primaryKey: row.key_position !== null,
      hasDefault: filled(row) || (rowidKey && row === keyRow),
      generated: row.generated !== '' || row.identity === 'a',
    };
  });

  // Single-column keys to tables of the same schema, in column order.
  const keys = await sql<PostgresForeignKeyRow>`SELECT
      a.attname::text AS "column",
      fc.relname::text AS foreign_table,
      fa.attname::text AS foreign_column
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_constraint f ON f.conrelid = c.oid AND f.contype = 'f'
      AND cardinality(f.conkey) = 1
    JOIN pg_catalog.pg_class fc ON fc.oid = f.confrelid AND fc.relnamespace = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = f.conkey[1]
    JOIN pg_catalog.pg_attribute fa ON fa.attrelid = fc.oid AND fa.attnum = f.confkey[1]
    WHERE ${postgresTableIs(name)}
    ORDER BY a.attnum, f.conname`.execute(db);
  const foreignKeys = keys.rows.map((key): ForeignKeyInfo => ({
    column: key.column,
    foreignTable: key.foreign_table,
    foreignColumn: key.foreign_column,
  }));

  return { name, columns, primaryKey, rowidKey, foreignKeys };
}

// ---- constraint failures ----

export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null' | 'datatype' | 'other';

const SQLITE_CONSTRAINT_KINDS = new Map<string, ConstraintKind>([
  ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  ['SQLITE_CONSTRAINT_FOREIGNKEY', 'foreign_key'],
  ['SQLITE_CONSTRAINT_CHECK', 'check'],
  ['SQLITE_CONSTRAINT_NOTNULL', 'not_null'],
  ['SQLITE_CONSTRAINT_DATATYPE', 'datatype'],
]);

/** SQLSTATEs of class 23 (integrity constraint violation); the rest of the class is 'other'. */
const POSTGRES_CONSTRAINT_KINDS = new Map<string, ConstraintKind>([
  ['23505', 'unique'], // unique_violation (primary keys too)
  ['23503', 'foreign_key'], // foreign_key_violation
  ['23001', 'foreign_key'], // restrict_violation (ON DELETE RESTRICT)
  ['23514', 'check'], // check_violation
  ['23502', 'not_null'], // not_null_violation
]);

export interface ConstraintViolation {
  kind: ConstraintKind;
  /**
   * SQLite's own message, e.g. "UNIQUE constraint failed: users.email"; on PostgreSQL the
   * same wording for unique, foreign key, check and not-null failures, and PostgreSQL's
   * message for the others (e.g. `value "3000000000" is out of range for type integer`).
   */
  message: string;
}

/**
 * Classifies a constraint failure by its code (SQLite's extended code, PostgreSQL's
 * SQLSTATE); null for anything else. On PostgreSQL, class 22 (data exception: a value
 * the column's type cannot hold) counts as 'datatype', as STRICT's type check does on
 * SQLite. The wording of a PostgreSQL failure is read from the catalogue, so after a
 * failed statement in a transaction `db` must be usable again (rolled back to a
 * savepoint); if the catalogue cannot be read, PostgreSQL's own message is kept.
 */
export async function constraintViolation(db: DB, error: unknown): Promise<ConstraintViolation | null> {
  if (error instanceof SQLite.SqliteError) {
    if (!error.code.startsWith('SQLITE_CONSTRAINT')) return null;
    return { kind: SQLITE_CONSTRAINT_KINDS.get(error.code) ?? 'other', message: error.message };
  }
  if (!(error instanceof pg.DatabaseError) || error.code === undefined) return null;
  const kind =
    POSTGRES_CONSTRAINT_KINDS.get(error.code) ??
    (error.code.startsWith('23') ? 'other' : error.code.startsWith('22') ? 'datatype' : null);
  if (kind === null) return null;
  let message: string | null = null;
  try {
    message = await sqliteWording(db, kind, error);
  } catch {
    // Only the wording is lost: the failure is still classified.
  }
  return { kind, message: message ?? error.message };
}

/** SQLite's message for a PostgreSQL failure, or null to keep PostgreSQL's. */
async function sqliteWording(db: DB, kind: ConstraintKind, error: pg.DatabaseError): Promise<string | null> {
  const { table, column, constraint } = error;
  switch (kind) {
    case 'foreign_key':
      return 'FOREIGN KEY constraint failed';
    case 'not_null':
      return table && column ? `NOT NULL constraint failed: ${table}.${column}` : null;
    case 'unique': {
      if (!table || !constraint) return null;
      const columns = await uniqueColumns(db, error.schema, table, constraint);
      return columns.length === 0
        ? null
        : `UNIQUE constraint failed: ${columns.map((name) => `${table}.${name}`).join(', ')}`;
    }
    case 'check': {
      if (!table || !constraint) return null;
      const rule = await checkRule(db, error.schema, table, constraint);
      return rule === null ? null : `CHECK constraint failed: ${rule}`;
    }
    default:
      return null;
  }
}

function schemaIs(schema: string | undefined) {
  return schema === undefined ? sql`n.nspname = current_schema()` : sql`n.nspname = ${schema}::text`;
}

/**
 * The columns of a unique index in key order, as SQLite names them: an expression key
 * (the unique index on lower(email) that stands in for SQLite's COLLATE NOCASE) counts
 * as the columns it reads.
 */
async function uniqueColumns(
  db: DB,
  schema: string | undefined,
  table: string,
  index: string,
): Promise<string[]> {
  const keys = await sql<{ column: string | null; expression: string; table_columns: string[] }>`SELECT
      a.attname::text AS "column",
      pg_catalog.pg_get_indexdef(i.indexrelid, k.position::int, false) AS expression,
      ARRAY(SELECT ta.attname::text FROM pg_catalog.pg_attribute ta
        WHERE ta.attrelid = c.oid AND ta.attnum > 0 AND NOT ta.attisdropped) AS table_columns
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_index i ON i.indrelid = c.oid
    JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
    CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
    LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum AND k.attnum > 0
    WHERE ${schemaIs(schema)} AND c.relname::text = ${table}::text AND ic.relname::text = ${index}::text
      AND k.position <= i.indnkeyatts
    ORDER BY k.position`.execute(db);
  const columns: string[] = [];
  for (const key of keys.rows) {
    const read = key.column === null ? columnsIn(key.expression, key.table_columns) : [key.column];
    for (const name of read) if (!columns.includes(name)) columns.push(name);
  }
  return columns;
}

const TOKEN = /'(?:[^']|'')*'|"((?:[^"]|"")*)"|([A-Za-z_][A-Za-z0-9_$]*)(\s*\()?/g;

/** The table's columns an expression reads, in order of appearance (function names and literals skipped). */
function columnsIn(expression: string, tableColumns: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of expression.matchAll(TOKEN)) {
    const [, quoted, bare, call] = match;
    const name = quoted !== undefined ? quoted.replaceAll('""', '"') : call ? undefined : bare;
    if (name !== undefined && tableColumns.includes(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/**
 * The rule a CHECK constraint states, as SQLite's message shows it: a comment on the
 * constraint (COMMENT ON CONSTRAINT … IS 'the SQLite wording') when there is one, else
 * PostgreSQL's own rendering, brought back to SQLite's spelling where it can be.
 */
async function checkRule(
  db: DB,
  schema: string | undefined,
  table: string,
  constraint: string,
): Promise<string | null> {
  const found = await sql<{ definition: string; comment: string | null }>`SELECT
      pg_catalog.pg_get_constraintdef(k.oid, true) AS definition,
      pg_catalog.obj_description(k.oid, 'pg_constraint') AS comment
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_constraint k ON k.conrelid = c.oid AND k.contype = 'c'
    WHERE ${schemaIs(schema)} AND c.relname::text = ${table}::text AND k.conname::text = ${constraint}::text`.execute(
    db,
  );
  const row = found.rows[0];
  if (!row) return null;
  return row.comment ?? sqliteSpelling(row.definition);
}

const LITERAL = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
/** `::text`, `::character varying(20)`, `::text[]`, `::"char"` (a quoted name is a placeholder by then). */
const CAST =
  /::(?:\uE000\d+\uE001|[a-z_][a-z0-9_]*(?: (?:varying|precision|with time zone|without time zone))?)(?:\(\d+(?:,\s*\d+)?\))?(?:\[\])*/g;
const REGEX_MATCH = /(\S+) ~ \uE000(\d+)\uE001/g;

/**
 * PostgreSQL's rendering of a CHECK (pg_get_constraintdef, pretty) in SQLite's spelling
 * where the two differ only in form: casts dropped; `= ANY (ARRAY[…])`, and a chain
 * `x = a OR x = b` (how PostgreSQL keeps `x IN (a, b)` of columns), as IN (…); a whole
 * rule `x >= a AND x <= b` as BETWEEN; `x ~ '^[0-9]{4}$'` as the GLOB it translates
 * (when the expression is one a GLOB can say); and `touchline_f(…)` (the stand-ins the
 * migrations define for SQLite's built-ins, e.g. touchline_json_valid) as `f(…)`.
 * Literals and quoted names are otherwise left as they are.
 */
export function sqliteSpelling(definition: string): string {
  const literals: string[] = [];
  const placeholder = (literal: string) => {
    const index = literals.indexOf(literal);
    return `\uE000${index >= 0 ? index : literals.push(literal) - 1}\uE001`;
  };
  let text = definition.replace(/^CHECK \(([\s\S]*)\)( NOT VALID)?$/, '$1');
  text = text.replace(LITERAL, placeholder);
  text = text
    .replace(CAST, '')
    .replace(/ = ANY \(ARRAY\[([^[\]]*)\]\)/g, ' IN ($1)')
    .replace(/ <> ALL \(ARRAY\[([^[\]]*)\]\)/g, ' NOT IN ($1)')
    .replace(/\btouchline_([a-z_][a-z0-9_]*)\(/g, '$1(')
    .replace(REGEX_MATCH, (match, operand: string, index: string) => {
      const literal = literals[Number(index)] ?? '';
      const glob = literal.startsWith("'") ? globOf(literal.slice(1, -1).replaceAll("''", "'")) : null;
      return glob === null ? match : `${operand} GLOB ${placeholder(`'${glob.replaceAll("'", "''")}'`)}`;
    });
  text = inLists(text);
  const between = /^(.+) >= (\S+) AND (.+) <= (\S+)$/.exec(text);
  if (between && between[1] === between[3] && !/ (AND|OR) /.test(between[1] ?? '')) {
    text = `${between[1]} BETWEEN ${between[2]} AND ${between[4]}`;
  }
  return text.replace(PLACEHOLDER, (_, index: string) => literals[Number(index)] ?? '');
}

/** Runs of `x = a OR x = b …` among the top-level OR terms of a rule, as `x IN (a, b …)`. */
function inLists(text: string): string {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth -= 1;
    else if (depth === 0 && text.startsWith(' OR ', i)) {
      terms.push(text.slice(start, i));
      start = i + 4;
    }
  }
  terms.push(text.slice(start));
  if (terms.length < 2) return text;
  const out: { operand: string | null; values: string[]; text: string }[] = [];
  for (const term of terms) {
    const equal = /^(\S+) = (\S+)$/.exec(term);
    const previous = out.at(-1);
    if (equal && previous && previous.operand === equal[1]) previous.values.push(equal[2] ?? '');
    else out.push({ operand: equal?.[1] ?? null, values: equal ? [equal[2] ?? ''] : [], text: term });
  }
  return out
    .map((run) => (run.values.length > 1 ? `${run.operand} IN (${run.values.join(', ')})` : run.text))
    .join(' OR ');
}

/**
 * The GLOB pattern that matches what an anchored regular expression of literals,
 * bracket classes, `.`, `.*` and `{n}` repeats matches; null for anything else.
 */
function globOf(regex: string): string | null {
  let end = regex.length;
  const anchoredEnd = regex.endsWith('$') && !regex.endsWith('\\$');
  if (anchoredEnd) end -= 1;
  let i = regex.startsWith('^') ? 1 : 0;
  let glob = i === 1 ? '' : '*';
  while (i < end) {
    const char = regex[i] ?? '';
    let atom: string;
    if (char === '[') {
      const close = regex.indexOf(']', i + (regex[i + 1] === '^' ? 3 : 2));
      if (close < 0 || close >= end) return null;
      atom = regex.slice(i, close + 1);
      if (atom.includes('\\') || atom.includes('[:')) return null;
      i = close + 1;
    } else if (char === '.' && regex[i + 1] === '*') {
      glob += '*';
      i += 2;
      continue;
    } else if (char === '.') {
      atom = '?';
      i += 1;
    } else if (char === '\\') {
      const escaped = regex[i + 1] ?? '';
      if (!/^[^A-Za-z0-9]$/.test(escaped)) return null;
      atom = '*?['.includes(escaped) ? `[${escaped}]` : escaped;
      i += 2;
    } else if ('()|+*?{}^$'.includes(char)) {
      return null;
    } else {
      atom = char;
      i += 1;
    }
    const repeat = /^\{(\d{1,2})\}/.exec(regex.slice(i, end));
    if (repeat) {
      atom = atom.repeat(Number(repeat[1]));
      i += repeat[0].length;
    }
    glob += atom;
  }
  // `.*` at an unanchored end would add a second star.
  return (anchoredEnd ? glob : `${glob}*`).replace(/^\*\*+|\*\*+$/g, '*');
}
