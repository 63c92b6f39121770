/**
 * SQLite-specific schema introspection (sqlite_master, pragma table functions) and
 * constraint-error classification, kept here so the API stays portable SQL.
 * Every name passed in is matched exactly (binary, case-sensitive) against
 * sqlite_master first: SQLite itself resolves names case-insensitively, and a
 * caller's spelling must never reach a pragma unless it is the stored one.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DB } from './connection';

export interface ColumnInfo {
  name: string;
  /** The declared type as written in the schema (STRICT tables: INTEGER, INT, REAL, TEXT, BLOB, ANY). */
  type: string;
  notNull: boolean;
  primaryKey: boolean;
  /** A DEFAULT clause, or an INTEGER PRIMARY KEY that SQLite assigns when omitted. */
  hasDefault: boolean;
  /** Generated columns are computed by SQLite and cannot be written. */
  generated: boolean;
}

export interface ForeignKeyInfo {
  column: string;
  foreignTable: string;
  /** null when the reference names only the table, i.e. its primary key. */
  foreignColumn: string | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** The primary key columns in key order (empty for a table keyed by rowid only). */
  primaryKey: string[];
  /** The single-column INTEGER PRIMARY KEY of a rowid table: an alias of the rowid. */
  rowidKey: boolean;
  /** Single-column foreign keys in column order (composite ones are not described). */
  foreignKeys: ForeignKeyInfo[];
}

/** Names SQLite reserves for itself (sqlite_master, sqlite_sequence, …), in any case. */
export function isSqliteInternal(name: string): boolean {
  return name.toLowerCase().startsWith('sqlite_');
}

/** Ordinary tables of the main schema, sorted, without SQLite's own. */
export async function listTables(db: DB): Promise<string[]> {
  const result = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
  return result.rows
    .map((row) => row.name)
    .filter((name) => !isSqliteInternal(name))
    .sort();
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

/** Describes a table whose stored name is exactly `table`, or undefined. */
export async function describeTable(db: DB, table: string): Promise<TableInfo | undefined> {
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

  const columns = rows.map((row): ColumnInfo => ({
    name: row.name,
    type: row.type,
    notNull: row.notnull === 1,
    primaryKey: row.pk > 0,
    hasDefault: row.dflt_value !== null || (rowidKey && row === keyRow),
    generated: row.hidden === 2 || row.hidden === 3,
  }));

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

export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null' | 'datatype' | 'other';

const CONSTRAINT_KINDS = new Map<string, ConstraintKind>([
  ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  ['SQLITE_CONSTRAINT_FOREIGNKEY', 'foreign_key'],
  ['SQLITE_CONSTRAINT_CHECK', 'check'],
  ['SQLITE_CONSTRAINT_NOTNULL', 'not_null'],
  ['SQLITE_CONSTRAINT_DATATYPE', 'datatype'],
]);

export interface ConstraintViolation {
  kind: ConstraintKind;
  /** SQLite's own message, e.g. "UNIQUE constraint failed: users.email". */
  message: string;
}

/** Classifies a constraint failure raised by better-sqlite3 by its extended code; null for anything else. */
export function constraintViolation(error: unknown): ConstraintViolation | null {
  if (!(error instanceof SQLite.SqliteError) || !error.code.startsWith('SQLITE_CONSTRAINT')) return null;
  return { kind: CONSTRAINT_KINDS.get(error.code) ?? 'other', message: error.message };
}
