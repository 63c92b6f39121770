/**
 * The table editor's answers (spec section 3 "Admin table"), checked before use: the
 * editor shows raw rows, so an answer of the wrong shape is reported as such
 * ('Invalid response format') instead of being drawn half-right.
 */
import { ApiError } from '@/lib/api-client';

export type Row = Record<string, unknown>;

export interface SchemaColumn {
  name: string;
  type: string;
  nullable: boolean;
  primaryKey: boolean;
  hasDefault: boolean;
}

export interface TableSchema {
  readOnly: boolean;
  columns: SchemaColumn[];
  key: string | null;
}

export interface Relation {
  column_name: string;
  foreign_table: string;
  foreign_column: string;
}

export interface TablePage {
  columns: string[];
  rows: Row[];
  totalPages: number;
}

export const INVALID_FORMAT = 'Invalid response format';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** `{ tables: [...] }` (or a bare list) → the names; null when the answer has another shape. */
export function parseTables(answer: unknown): string[] | null {
  const tables = isObject(answer) ? answer.tables : answer;
  return isStringArray(tables) ? tables : null;
}

export function parseSchema(answer: unknown): TableSchema | null {
  if (!isObject(answer) || !Array.isArray(answer.columns)) return null;
  const columns: SchemaColumn[] = [];
  for (const column of answer.columns) {
    if (!isObject(column) || typeof column.name !== 'string') return null;
    columns.push({
      name: column.name,
      type: typeof column.type === 'string' ? column.type : '',
      nullable: column.nullable === true,
      primaryKey: column.primary_key === true,
      hasDefault: column.has_default === true,
    });
  }
  const constrained = isObject(answer.primary_key) ? answer.primary_key.constrained_columns : undefined;
  const key =
    (isStringArray(constrained) && constrained.length === 1 ? constrained[0] : undefined) ??
    columns.find((column) => column.primaryKey)?.name ??
    null;
  return { readOnly: answer.read_only === true, columns, key };
}

export function parseRelations(answer: unknown): Relation[] | null {
  const list = isObject(answer) ? answer.relations : answer;
  if (!Array.isArray(list)) return null;
  const relations: Relation[] = [];
  for (const item of list) {
    if (
      !isObject(item) ||
      typeof item.column_name !== 'string' ||
      typeof item.foreign_table !== 'string' ||
      typeof item.foreign_column !== 'string'
    ) {
      return null;
    }
    relations.push({
      column_name: item.column_name,
      foreign_table: item.foreign_table,
      foreign_column: item.foreign_column,
    });
  }
  return relations;
}

export function parsePage(answer: unknown): TablePage | null {
  if (!isObject(answer) || !isStringArray(answer.columns) || !Array.isArray(answer.rows)) return null;
  if (!answer.rows.every(isObject)) return null;
  const total = answer.total_pages;
  return {
    columns: answer.columns,
    rows: answer.rows,
    totalPages: typeof total === 'number' && Number.isInteger(total) && total > 0 ? total : 1,
  };
}

/** A cell as text: null and missing are empty, objects are JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Columns whose text names a related row in a dropdown, best first. */
export const LABEL_COLUMNS = ['name', 'team_name', 'league_name', 'title', 'email'];

/** A readable name for a row of another table ("North Town"), or '' when it has none. */
export function rowLabel(row: Row): string {
  for (const column of LABEL_COLUMNS) {
    const value = row[column];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  // Matches have no name column; their teams and day say which one it is.
  if (typeof row.home_team === 'string' && typeof row.away_team === 'string') {
    const day = typeof row.match_date === 'string' ? ` (${row.match_date.slice(0, 10)})` : '';
    return `${row.home_team} vs ${row.away_team}${day}`;
  }
  return '';
}

/** The server's detail only (empty without one): shown under a fixed error title. */
export function serverDetail(error: unknown): string {
  if (error instanceof ApiError) return error.detailText('');
  return error instanceof Error ? error.message : '';
}

export function tablePath(table: string): string {
  return `/api/tables/${encodeURIComponent(table)}`;
}
