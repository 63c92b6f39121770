/**
 * The few SQL spellings that differ between the engines, for code outside db/ that
 * needs them (no engine-specific SQL outside db/ and these helpers).
 */
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { engineOf } from './engine';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type AnyDb = Kysely<any>;

/** The column's values of each group as a JSON array text, in `orderBy` order. */
export function jsonArrayOf(db: AnyDb, column: string, orderBy: string): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql<string>`json_agg(${sql.ref(column)} ORDER BY ${sql.ref(orderBy)})::text`
    : sql<string>`json_group_array(${sql.ref(column)} ORDER BY ${sql.ref(orderBy)})`;
}

/**
 * The rows of each group as a JSON array text of objects with these columns (keys as
 * named, values as stored), in `orderBy` order; `[]` for a group of no rows.
 */
export function jsonObjectsOf(db: AnyDb, columns: readonly string[], orderBy: string): RawBuilder<string> {
  const pairs = sql.join(
    columns.map((column) => sql`${sql.lit(column.replace(/^.*\./, ''))}, ${sql.ref(column)}`),
  );
  return engineOf(db) === 'postgres'
    ? sql<string>`COALESCE(json_agg(json_build_object(${pairs}) ORDER BY ${sql.ref(orderBy)}), '[]')::text`
    : sql<string>`json_group_array(json_object(${pairs}) ORDER BY ${sql.ref(orderBy)})`;
}

/**
 * `column IN (a list)` with the whole list bound as one parameter, its JSON text
 * (`listArgument`): the statement's text is the same for any length, so it can be
 * prepared once (db/prepared.ts). An IN list of its own length was built and compiled
 * by Kysely on every call.
 */
export function inList(
  db: AnyDb,
  column: string,
  list: string,
  /** An integer column's list is of numbers, which PostgreSQL reads out of JSON as text. */
  of: 'text' | 'bigint' = 'text',
): RawBuilder<SqlBool> {
  if (engineOf(db) !== 'postgres')
    return sql<SqlBool>`${sql.ref(column)} IN (SELECT value FROM json_each(${list}))`;
  const element = sql`jsonb_array_elements_text(CAST(${list} AS jsonb))`;
  // `= ANY(ARRAY(…))`, not `IN (SELECT …)`: the planner then reads the list once, as an
  // array, and looks each value up in the column's index, where a set-returning function
  // in a subquery left it guessing a hundred rows and scanning the whole table.
  return of === 'text'
    ? sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(SELECT ${element}))`
    : sql<SqlBool>`${sql.ref(column)} = ANY(ARRAY(SELECT CAST(${element} AS bigint)))`;
}

/** The argument `inList` takes: the values (strings, or numbers) as a JSON array. */
export function listArgument(values: Iterable<string> | Iterable<number>): string {
  return JSON.stringify([...values]);
}

/**
 * `SELECT leading…, value` with one row per element of a list (`listArgument`), in the
 * list's order; or, given `fields`, a list of objects (`JSON.stringify`) and one column
 * per field, as text. An INSERT … SELECT of a whole list in one statement whose text is
 * the same for any length (prepared once), where a VALUES list of its own length was
 * built and compiled by Kysely on every call. Give the leading columns a
 * type (`CAST(… AS …)`): PostgreSQL cannot infer a bare parameter's in a select list.
 */
export function listRows(
  db: AnyDb,
  leading: readonly RawBuilder<unknown>[],
  list: string,
  fields?: readonly string[],
): RawBuilder<unknown> {
  const postgres = engineOf(db) === 'postgres';
  const columns =
    fields === undefined
      ? [sql`value`]
      : fields.map((field) =>
          postgres ? sql`value ->> ${sql.lit(field)}` : sql`json_extract(value, ${sql.lit(`$.${field}`)})`,
        );
  const selected = sql.join([...leading, ...columns]);
  if (!postgres) return sql`SELECT ${selected} FROM json_each(${list}) ORDER BY key`;
  const elements = fields === undefined ? sql`jsonb_array_elements_text` : sql`jsonb_array_elements`;
  return sql`SELECT ${selected} FROM ${elements}(CAST(${list} AS jsonb)) WITH ORDINALITY AS element(value, position) ORDER BY position`;
}

/**
 * A statement written as SQL text with `?` markers (SQLite's), compiled for the engine:
 * PostgreSQL numbers its parameters ($1, $2, …). The text must hold no `?` of its own.
 */
export function rawQuery<Row>(db: AnyDb, text: string, parameters: readonly unknown[]): CompiledQuery<Row> {
  if (engineOf(db) !== 'postgres') return CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Row>;
  let n = 0;
  const numbered = text.replace(/\?/g, () => `$${++n}`);
  if (n !== parameters.length) throw new Error(`rawQuery: ${n} markers for ${parameters.length} parameters`);
  return CompiledQuery.raw(numbered, [...parameters]) as CompiledQuery<Row>;
}

/**
 * users.email compared as SQLite's NOCASE column compares it (ASCII letters fold): on
 * PostgreSQL `lower(email)`, which the users_email_nocase unique index serves (under
 * COLLATE "C", lower() folds ASCII only, like NOCASE). Compare it with a lower-cased value.
 */
export function emailKey(db: AnyDb): RawBuilder<string> {
  return engineOf(db) === 'postgres'
    ? sql<string>`lower(${sql.ref('email')})`
    : sql<string>`${sql.ref('email')}`;
}
