/**
 * The super admin's raw table editor: which tables and columns it may reach (a list of
 * them, EDITOR_RULES), how the UI's free text becomes typed values, and the SQL it runs.
 * A table or column name is only ever looked up in that list and the live schema
 * (db/introspect) and what is emitted is the stored name, quoted by `sql.id`; every value
 * is a bound parameter.
 *
 * The same SQL runs on SQLite and PostgreSQL: db/introspect describes both schemas
 * alike (types by SQLite's names, an integer key numbered when omitted as defaulted)
 * and words both engines' constraint failures as SQLite does, so every answer here is
 * the same on either engine for the same schema.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/connection';
import type { Database } from '../../db/schema';
import { run } from '../../db/store';
import { constraintAnswer, type ConstraintAnswer } from '../domain/constraint-words';
import {
  constraintViolation,
  describeTable,
  listTables,
  type ColumnInfo,
  type ForeignKeyInfo,
} from '../../db/introspect';

export const PAGE_SIZE = 25;

/** A table the editor reaches: the columns it shows and writes, and whether it may write at all. */
interface EditorRule<Column extends string = string> {
  readOnly?: true;
  columns: readonly Column[];
}

/**
 * What the editor reaches, and nothing else: a table or a column a later migration adds
 * stays out of the editor (and out of the audit entries its writes make) until it is
 * named here. Left out on purpose:
 * - sessions, Idempotency-Key records (tokens' state, stored answers) and login attempts
 *   (the sign-in rate limit's state);
 * - app settings: secrets generated for the deployment (the token secret: shown here, it
 *   would let anyone who reads the screen or the audit log sign tokens);
 * - invitations and password resets (links that sign people in, kept as hashes) and the
 *   mail outbox (mail that carries them);
 * - push subscriptions (each browser's push keys: secrets of the user's device);
 * - overdue notices (what the overdue sweep has already told: its own memory);
 * - data versions and match revisions (kept by triggers for the caches), the search index
 *   of migration 0003 (kept in step with players, teams and leagues by triggers), and the
 *   migrations table: derived or the schema's own, edited by hand they would only go wrong;
 * - users.password_hash.
 *
 * The audit log is evidence: editable by nobody, not even the super admin it records.
 * Memberships are changed on the People screen, which also ends the sessions of a right
 * taken away and keeps the primary membership in step.
 */
const EDITOR_RULES: { [Table in keyof Database]?: EditorRule<keyof Database[Table] & string> } = {
  audit_log: {
    readOnly: true,
    columns: ['id', 'at', 'user_id', 'action', 'entity', 'entity_id', 'before', 'after'],
  },
  coaches: { columns: ['id', 'user_id', 'team_id', 'name', 'role', 'bio', 'photo_id', 'created_at'] },
  league_news: { columns: ['id', 'league_id', 'title', 'link', 'image', 'description', 'published_at'] },
  league_rules: { columns: ['league_id', 'rules', 'updated_at'] },
  leagues: { columns: ['league_id', 'league_name', 'season', 'status', 'location', 'created_at'] },
  match_cards: { columns: ['id', 'match_id', 'team_id', 'player_id', 'card'] },
  match_counter_reports: {
    columns: [
      'id',
      'match_id',
      'team_id',
      'home_score',
      'away_score',
      'lists',
      'reported_by_user',
      'reported_at',
    ],
  },
  match_events: { columns: ['id', 'match_id', 'team_id', 'player_id', 'kind'] },
  match_squads: { columns: ['id', 'match_id', 'team_id', 'player_id'] },
  matches: {
    columns: [
      'id',
      'league_id',
      'season',
      'match_date',
      'home_team',
      'away_team',
      'location',
      'home_score',
      'away_score',
      'approved',
      'reported_by_team',
      'reported_by_user',
      'reported_at',
      'reviewed_by_user',
      'reviewed_at',
      'created_at',
      'updated_at',
      'status',
      'schedule_sequence',
    ],
  },
  memberships: {
    readOnly: true,
    columns: ['id', 'user_id', 'role', 'league_id', 'team_id', 'player_id', 'created_at'],
  },
  notification_mutes: { columns: ['id', 'user_id', 'kind'] },
  notifications: {
    columns: ['id', 'user_id', 'kind', 'title', 'body', 'link', 'dedupe_key', 'created_at', 'read_at'],
  },
  players: {
    columns: [
      'id',
      'user_id',
      'team_id',
      'name',
      'number',
      'position',
      'position_general',
      'photo_id',
      'bio',
      'metrics',
      'created_at',
    ],
  },
  points_deductions: {
    columns: ['id', 'league_id', 'team_id', 'points', 'reason', 'created_at', 'created_by'],
  },
  teams: {
    columns: [
      'team_id',
      'team_name',
      'league_id',
      'location',
      'description',
      'logo',
      'youtube_channel',
      'website',
      'social_media',
      'news_url',
      'created_at',
      'availability_deadline_hours',
    ],
  },
  users: { columns: ['id', 'name', 'email', 'user_type', 'team_id', 'created_at', 'locked_at'] },
};

/** The rules by exact (case-sensitive) stored name: a Map, so `__proto__` or `constructor` name no table. */
const RULES: ReadonlyMap<string, EditorRule> = new Map(Object.entries(EDITOR_RULES));

/**
 * Not in db/password's `scrypt$…` format, so verifyPassword refuses every password
 * against it: an account created in the editor cannot sign in until a real hash is
 * set by some other path (the editor itself never writes password_hash).
 */
export const LOCKED_PASSWORD_HASH = '!locked';

/** Values for hidden columns on insert (they are NOT NULL and the editor may not set them). */
const INSERT_FILLS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['users', new Map([['password_hash', LOCKED_PASSWORD_HASH]])],
]);

export type Row = Record<string, unknown>;
export type Value = string | number | null;
export type Key = string | number;

export interface AdminTable {
  name: string;
  readOnly: boolean;
  /** Every column the editor shows and may write, in table order (the listed ones). */
  columns: ColumnInfo[];
  /** The single-column primary key rows are addressed by. */
  key: ColumnInfo;
  foreignKeys: ForeignKeyInfo[];
  /** The table's other columns: never shown, returned, audited nor written. */
  secrets: ReadonlySet<string>;
}

/** The tables the editor lists, sorted. */
export async function adminTableNames(db: DB): Promise<string[]> {
  const names: string[] = [];
  for (const name of await listTables(db)) {
    if (RULES.has(name) && (await findAdminTable(db, name))) names.push(name);
  }
  return names;
}

/**
 * The table whose stored name is exactly `name` (case-sensitive: `USERS` is not
 * `users`), or undefined for a table the editor does not reach (EDITOR_RULES) or that
 * does not exist. Its key must be a single column the editor shows: rows are addressed by it.
 */
export async function findAdminTable(db: DB, name: string): Promise<AdminTable | undefined> {
  const rule = RULES.get(name);
  if (rule === undefined) return undefined;
  const info = await describeTable(db, name);
  if (!info) return undefined;
  const listed = new Set<string>(rule.columns);
  const keyName = info.primaryKey.length === 1 ? info.primaryKey[0] : undefined;
  const key = info.columns.find((column) => column.name === keyName && listed.has(column.name));
  if (!key) return undefined;
  return {
    name: info.name,
    readOnly: rule.readOnly === true,
    columns: info.columns.filter((column) => listed.has(column.name)),
    key,
    foreignKeys: info.foreignKeys,
    secrets: new Set(info.columns.map((column) => column.name).filter((column) => !listed.has(column))),
  };
}

export interface Relation {
  column_name: string;
  foreign_table: string;
  foreign_column: string;
}

/** Foreign keys of the shown columns to reachable tables, with implicit targets resolved to their key. */
export async function relationsOf(db: DB, table: AdminTable): Promise<Relation[]> {
  const shown = new Set(table.columns.map((column) => column.name));
  const relations: Relation[] = [];
  const names = await listTables(db);
  for (const key of table.foreignKeys) {
    if (!shown.has(key.column)) continue;
    // A REFERENCES clause may spell the table in another case; SQLite resolves it case-insensitively.
    const spelled = key.foreignTable.toLowerCase();
    const stored = names.find((name) => name.toLowerCase() === spelled);
    const foreign = stored === undefined ? undefined : await findAdminTable(db, stored);
    if (!foreign) continue;
    const column = key.foreignColumn ?? foreign.key.name;
    if (foreign.secrets.has(column)) continue;
    relations.push({ column_name: key.column, foreign_table: foreign.name, foreign_column: column });
  }
  return relations;
}

// ---- values ----

export function isNullable(column: ColumnInfo): boolean {
  return !column.notNull && !column.primaryKey;
}

export type Coerced = { ok: true; value: Value | undefined } | { ok: false; detail: string };

const WHOLE_NUMBER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Turns what the UI sent for one column into the value to bind. `value: undefined`
 * (insert only) leaves the column to its default: the insert form is free text, so
 * an empty field means "not filled in" wherever the schema has a default.
 */
export function coerceValue(
  column: ColumnInfo,
  raw: unknown,
  options: { forInsert: boolean; reference: boolean },
): Coerced {
  const affinity = column.affinity;
  if (options.forInsert && column.hasDefault && (raw === null || raw === ''))
    return { ok: true, value: undefined };
  // '' is a real value of a text column (e.g. matches.approved); of a number column, or of
  // a reference (the UI's "none" in a dropdown), it means no value.
  const numeric = affinity === 'integer' || affinity === 'real';
  const empty =
    raw === null ||
    (numeric && typeof raw === 'string' && raw.trim() === '') ||
    (options.reference && raw === '');
  if (empty) {
    return isNullable(column)
      ? { ok: true, value: null }
      : { ok: false, detail: `Column ${column.name} is required` };
  }
  switch (affinity) {
    case 'integer': {
      const number =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && WHOLE_NUMBER.test(raw.trim())
            ? Number(raw)
            : NaN;
      return Number.isSafeInteger(number)
        ? { ok: true, value: number }
        : { ok: false, detail: `Column ${column.name} expects a whole number` };
    }
    case 'real': {
      const number =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && DECIMAL.test(raw.trim())
            ? Number(raw)
            : NaN;
      return Number.isFinite(number)
        ? { ok: true, value: number }
        : { ok: false, detail: `Column ${column.name} expects a number` };
    }
    case 'text':
      if (typeof raw === 'string') return { ok: true, value: raw };
      if (typeof raw === 'number') return { ok: true, value: String(raw) };
      return { ok: false, detail: `Column ${column.name} expects text` };
    case 'any':
      if (typeof raw === 'string' || typeof raw === 'number') return { ok: true, value: raw };
      return { ok: false, detail: `Column ${column.name} expects text or a number` };
    case 'blob':
      return { ok: false, detail: `Column ${column.name} holds binary data and cannot be edited here` };
  }
}

/** A path id as a value of the key column; undefined when it cannot be one. */
export function parseKey(table: AdminTable, raw: string): Key | undefined {
  if (table.key.affinity !== 'integer') return raw;
  if (!WHOLE_NUMBER.test(raw)) return undefined;
  const number = Number(raw);
  return Number.isSafeInteger(number) ? number : undefined;
}

function quoteForMessage(name: string): string {
  return name.length > 100 ? `${name.slice(0, 100)}…` : name;
}

export type Plan = { ok: true; values: Map<string, Value> } | { ok: false; detail: string };

/**
 * Checks every key of a body against the table's columns before any SQL exists,
 * then coerces the values. Keys are looked up in a Map, so `__proto__` or
 * `constructor` are just unknown columns.
 */
export function planWrite(table: AdminTable, body: Record<string, unknown>, mode: 'insert' | 'update'): Plan {
  const columns = new Map(table.columns.map((column) => [column.name, column]));
  const references = new Set(table.foreignKeys.map((key) => key.column));
  const values = new Map<string, Value>();
  for (const [name, raw] of Object.entries(body)) {
    if (table.secrets.has(name)) return { ok: false, detail: `Column ${name} cannot be written here` };
    const column = columns.get(name);
    if (!column) return { ok: false, detail: `Unknown column: ${quoteForMessage(name)}` };
    if (column.generated) return { ok: false, detail: `Column ${name} is computed and cannot be written` };
    if (mode === 'update' && column === table.key) {
      return { ok: false, detail: `Column ${name} is the row's key and cannot be changed` };
    }
    const coerced = coerceValue(column, raw, {
      forInsert: mode === 'insert',
      reference: references.has(name),
    });
    if (!coerced.ok) return coerced;
    if (coerced.value !== undefined) values.set(column.name, coerced.value);
  }
  if (mode === 'update') {
    return values.size > 0
      ? { ok: true, values }
      : { ok: false, detail: 'Send at least one column to change' };
  }
  for (const [name, value] of INSERT_FILLS.get(table.name) ?? []) values.set(name, value);
  for (const column of table.columns) {
    if (values.has(column.name) || column.generated || column.hasDefault || isNullable(column)) continue;
    return { ok: false, detail: `Column ${column.name} is required` };
  }
  return { ok: true, values };
}

/** The row as the editor shows it: secret columns dropped. */
export function visible(table: AdminTable, row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !table.secrets.has(name)));
}

// ---- SQL ----

function columnList(table: AdminTable): RawBuilder<unknown> {
  return sql.join(table.columns.map((column) => sql.id(column.name)));
}

export async function countRows(db: DB, table: AdminTable): Promise<number> {
  const from = sql.id(table.name);
  const result = await run(db, sql<{ total: number | string }>`SELECT count(*) AS total FROM ${from}`);
  // PostgreSQL's count(*) is a bigint, which a driver may hand over as a string.
  return Number(result.rows[0]?.total ?? 0);
}

/** One page (from 1) of rows in key order. */
export async function pageOfRows(db: DB, table: AdminTable, page: number): Promise<Row[]> {
  const result = await run(
    db,
    sql<Row>`SELECT ${columnList(table)} FROM ${sql.id(table.name)}
    ORDER BY ${sql.id(table.key.name)} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
  );
  return result.rows;
}

export async function findRow(db: DB, table: AdminTable, key: Key): Promise<Row | undefined> {
  // A number the key column cannot hold names no row (PostgreSQL would refuse to compare it).
  const range = table.key.integerRange;
  if (typeof key === 'number' && range !== null && (key < range[0] || key > range[1])) return undefined;
  const result = await run(
    db,
    sql<Row>`SELECT ${columnList(table)} FROM ${sql.id(table.name)}
    WHERE ${sql.id(table.key.name)} = ${key}`,
  );
  return result.rows[0];
}

/**
 * Runs one write statement inside a savepoint when `db` is a transaction, and rolls back
 * to it when the statement fails. PostgreSQL refuses every statement of a transaction
 * after a failed one until then, and describeConflict still has to read the schema
 * (SQLite undoes the failed statement alone anyway; the savepoint costs it nothing).
 */
async function statement<T>(db: DB, write: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return write();
  await run(db, sql`SAVEPOINT admin_table_write`);
  let result: T;
  try {
    result = await write();
  } catch (error) {
    try {
      await run(db, sql`ROLLBACK TO SAVEPOINT admin_table_write`);
      await run(db, sql`RELEASE SAVEPOINT admin_table_write`);
    } catch {
      // The transaction itself is gone (e.g. SQLite rolled it back on a full disk):
      // the write's own error is the one to answer.
    }
    throw error;
  }
  await run(db, sql`RELEASE SAVEPOINT admin_table_write`);
  return result;
}

/** Inserts and returns the new row's key (the database assigns an omitted integer key). */
export async function insertRow(db: DB, table: AdminTable, values: Map<string, Value>): Promise<Key> {
  const names = [...values.keys()].map((name) => sql.id(name));
  const bound = [...values.values()].map((value) => sql`${value}`);
  const query =
    values.size === 0
      ? sql<Row>`INSERT INTO ${sql.id(table.name)} DEFAULT VALUES RETURNING ${sql.id(table.key.name)}`
      : sql<Row>`INSERT INTO ${sql.id(table.name)} (${sql.join(names)}) VALUES (${sql.join(bound)})
          RETURNING ${sql.id(table.key.name)}`;
  const result = await statement(db, () => run(db, query));
  const key = result.rows[0]?.[table.key.name];
  if (typeof key !== 'string' && typeof key !== 'number')
    throw new Error(`insert into ${table.name} returned no key`);
  return key;
}

export async function updateRow(
  db: DB,
  table: AdminTable,
  key: Key,
  values: Map<string, Value>,
): Promise<void> {
  const assignments = [...values].map(([name, value]) => sql`${sql.id(name)} = ${value}`);
  await statement(db, () =>
    run(
      db,
      sql`UPDATE ${sql.id(table.name)} SET ${sql.join(assignments)}
      WHERE ${sql.id(table.key.name)} = ${key}`,
    ),
  );
}

export async function deleteRow(db: DB, table: AdminTable, key: Key): Promise<void> {
  await statement(db, () =>
    run(db, sql`DELETE FROM ${sql.id(table.name)} WHERE ${sql.id(table.key.name)} = ${key}`),
  );
}

// ---- constraint failures ----

/**
 * A readable account of a constraint failure (api/domain/constraint-words), or null when
 * the error is something else (a bug, to be answered 500). SQLite's FOREIGN KEY message
 * names nothing, so for a write the written references are checked to name the column at
 * fault (the same on PostgreSQL, whose message would name only the constraint).
 */
export async function describeConflict(
  db: DB,
  table: AdminTable,
  error: unknown,
  written: Map<string, Value> | 'delete',
): Promise<ConstraintAnswer | null> {
  const violation = await constraintViolation(db, error);
  if (!violation) return null;
  const reference =
    violation.kind === 'foreign_key' && written !== 'delete'
      ? await danglingReference(db, table, written)
      : null;
  return constraintAnswer(
    violation.kind,
    violation.message,
    written,
    table.columns.map((column) => column.name),
    reference,
  );
}

async function danglingReference(
  db: DB,
  table: AdminTable,
  written: Map<string, Value>,
): Promise<ForeignKeyInfo | null> {
  for (const key of table.foreignKeys) {
    const value = written.get(key.column);
    if (value === undefined || value === null) continue;
    const target = key.foreignColumn ?? (await describeTable(db, key.foreignTable))?.primaryKey[0];
    if (target === undefined) continue;
    const found = await run(
      db,
      sql`SELECT 1 AS found FROM ${sql.id(key.foreignTable)}
      WHERE ${sql.id(target)} = ${value} LIMIT 1`,
    );
    if (found.rows.length === 0) return key;
  }
  return null;
}
