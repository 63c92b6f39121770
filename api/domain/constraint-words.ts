/**
 * A constraint failure of the table editor said to the person who made it: which column,
 * which value, and what the column takes instead. Both engines' failures arrive worded
 * as SQLite words them (db/introspect), so one reading serves both; the SQL itself (the
 * rule's expression, the engine's message) is never repeated to them.
 */
import type { ConstraintKind } from '../../db/introspect';
import { plural } from '../../db/rules/words';

export type Written = ReadonlyMap<string, string | number | null>;

export interface ConstraintAnswer {
  /** 400: the value itself is not allowed; 409: it clashes with other rows. */
  status: 400 | 409;
  detail: string;
}

const LONGEST_VALUE = 60;

/** A value as the detail quotes it: text in double quotes (clipped), numbers bare. */
function quoted(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'an empty value';
  if (typeof value === 'number') return String(value);
  // A control character (a NUL PostgreSQL refuses, say) is shown as a replacement mark.
  const printable = value.replace(/\p{Cc}/gu, '\uFFFD');
  const clipped = printable.length > LONGEST_VALUE ? `${printable.slice(0, LONGEST_VALUE)}…` : printable;
  return `"${clipped}"`;
}

/** 'a', 'a and b', 'a, b and c' (or 'a or b'). */
function listWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1) ?? ''}`;
}

/** The text of an SQL string literal ('it''s' → it's); null when `text` is not one. */
function literal(text: string): string | null {
  const match = /^'((?:[^']|'')*)'$/.exec(text.trim());
  return match ? (match[1] ?? '').replaceAll("''", "'") : null;
}

const NAME = '([A-Za-z_][A-Za-z0-9_]*)';
const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

/** The column's part of `table.column` (SQLite's wording names both). */
function columnOf(qualified: string): string {
  return qualified.slice(qualified.lastIndexOf('.') + 1);
}

/**
 * What a CHECK rule asks of its column, in words, for the rule shapes the schema uses
 * (IN lists, BETWEEN, lower bounds, lengths, JSON, digit patterns, two columns that must
 * differ); null for a rule of any other shape.
 */
function checkWords(rule: string, written: Written): string | null {
  const value = (column: string) => quoted(written.get(column));
  // A nullable column's rule: `x IS NULL OR <rule>`; the empty value is then allowed.
  const nullable = new RegExp(`^${NAME} IS NULL OR (.+)$`).exec(rule);
  if (nullable && nullable[2]?.includes(nullable[1] ?? '')) {
    const inner = checkWords(nullable[2], written);
    return inner === null ? null : `${inner}, or leave it empty`;
  }

  const inList = new RegExp(`^${NAME} IN \\((.*)\\)$`).exec(rule);
  if (inList) {
    const [, column = '', items = ''] = inList;
    const parts = items.split(/,\s*/);
    const values = parts.map(literal);
    if (values.every((item) => item !== null)) {
      const shown = values.map((item) => (item === '' ? '(empty)' : item));
      return `${column}: ${value(column)} is not allowed; use one of ${shown.join(', ')}`;
    }
    // `x IN (other_column, …)`: the value must be one of the row's own columns.
    if (parts.every((part) => new RegExp(`^${NAME}$`).test(part))) {
      const others = listWords(
        parts.map((part) => part.trim()),
        'or',
      );
      return `${column}: ${value(column)} is not allowed; it must be the row's ${others}`;
    }
    return null;
  }

  const length = new RegExp(`^length\\(${NAME}\\) BETWEEN (\\d+) AND (\\d+)$`).exec(rule);
  if (length) {
    const [, column = '', low = '', high = ''] = length;
    return `${column} must be ${low} to ${plural(Number(high), 'character')} long`;
  }

  const between = new RegExp(`^${NAME} BETWEEN ${NUMBER} AND ${NUMBER}$`).exec(rule);
  if (between) {
    const [, column = '', low = '', high = ''] = between;
    return `${column}: ${value(column)} is not allowed; use a number from ${low} to ${high}`;
  }

  const atLeast = new RegExp(`^${NAME} >= ${NUMBER}$`).exec(rule);
  if (atLeast) {
    const [, column = '', low = ''] = atLeast;
    return `${column}: ${value(column)} is not allowed; use ${low} or more`;
  }

  const json = new RegExp(`^json_valid\\(${NAME}\\)$`).exec(rule);
  if (json) return `${json[1] ?? ''} must be valid JSON, such as {}`;

  const glob = new RegExp(`^${NAME} GLOB '((?:\\[0-9\\])+)'$`).exec(rule);
  if (glob) {
    const [, column = '', pattern = ''] = glob;
    const digits = pattern.length / '[0-9]'.length;
    return `${column}: ${value(column)} is not allowed; use ${digits} digits${digits === 4 ? ', such as 2026' : ''}`;
  }

  const differ = new RegExp(`^${NAME} <> ${NAME}$`).exec(rule);
  if (differ) {
    const [, a = '', b = ''] = differ;
    return `${a} and ${b} must differ`;
  }

  // `(a IS NULL) = (b IS NULL)`: the two are given together or not at all.
  const together = new RegExp(`^\\(${NAME} IS NULL\\) = \\(${NAME} IS NULL\\)$`).exec(rule);
  if (together) {
    const [, a = '', b = ''] = together;
    return `${a} and ${b} go together: give both or leave both empty`;
  }

  // `(a = '') = (b IS NULL)`: b has a value exactly when a is not empty.
  const pairedEmpty = new RegExp(`^\\(${NAME} = ''\\) = \\(${NAME} IS NULL\\)$`).exec(rule);
  if (pairedEmpty) {
    const [, a = '', b = ''] = pairedEmpty;
    return `${b} and ${a} go together: ${b} must have a value exactly when ${a} is not empty`;
  }
  return null;
}

/** The table's columns a rule reads, in order of appearance (names in literals and calls skipped). */
function columnsOf(rule: string, columns: readonly string[]): string[] {
  const found: string[] = [];
  const withoutLiterals = rule.replace(/'(?:[^']|'')*'/g, "''");
  for (const match of withoutLiterals.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(\s*\()?/g)) {
    const [, name = '', call] = match;
    if (!call && columns.includes(name) && !found.includes(name)) found.push(name);
  }
  return found;
}

/**
 * The answer to a constraint failure. `message` is SQLite's wording of it (see
 * db/introspect's constraintViolation); `written` the values the write sent ('delete'
 * for a delete); `columns` the table's column names; `reference` the written column whose
 * value names no row of the table it refers to, when one was found.
 */
export function constraintAnswer(
  kind: ConstraintKind,
  message: string,
  written: Written | 'delete',
  columns: readonly string[],
  reference: { column: string; foreignTable: string } | null = null,
): ConstraintAnswer {
  const values: Written = written === 'delete' ? new Map() : written;
  const after = (prefix: string) => (message.startsWith(prefix) ? message.slice(prefix.length).trim() : null);
  switch (kind) {
    case 'check': {
      const rule = after('CHECK constraint failed:');
      const words = rule === null ? null : checkWords(rule, values);
      if (words !== null) return { status: 400, detail: words };
      const involved = rule === null ? [] : columnsOf(rule, columns);
      return {
        status: 400,
        detail:
          involved.length === 0
            ? 'That value is not allowed in this table'
            : `The values of ${listWords(involved)} do not fit together on this row`,
      };
    }
    case 'not_null': {
      const target = after('NOT NULL constraint failed:');
      return {
        status: 400,
        detail: target ? `Column ${columnOf(target)} is required` : 'A required column is empty',
      };
    }
    case 'unique': {
      const target = after('UNIQUE constraint failed:');
      const names = target ? target.split(/,\s*/).map(columnOf) : [];
      if (names.length === 1 && names[0] !== undefined) {
        const column = names[0];
        const shown = values.has(column) ? `${quoted(values.get(column))} ` : '';
        return {
          status: 409,
          detail: `${column}: ${shown}is already used by another row; each row needs its own`,
        };
      }
      if (names.length > 0 && names.every((name) => values.has(name))) {
        const pairs = names.map((name) => `${name} ${quoted(values.get(name))}`);
        return { status: 409, detail: `Another row already has ${listWords(pairs)}; change one of them` };
      }
      return {
        status: 409,
        detail:
          names.length > 0
            ? `Another row already has the same ${listWords(names)}; change one of them`
            : 'Another row already has that value; each row needs its own',
      };
    }
    case 'foreign_key':
      return {
        status: 409,
        detail:
          written === 'delete'
            ? 'Other rows refer to this row; change or delete them first'
            : reference === null
              ? 'That value refers to a row that does not exist'
              : `${reference.column}: ${quoted(values.get(reference.column))} matches no row of ${reference.foreignTable}; use one that exists`,
      };
    case 'datatype': {
      // SQLite's STRICT message ends with the column; PostgreSQL's names none, but a write of
      // one column can only have failed on that one.
      const strict = /column ([A-Za-z0-9_.]+)$/.exec(message)?.[1];
      const column =
        strict !== undefined ? columnOf(strict) : values.size === 1 ? [...values.keys()][0] : undefined;
      if (column === undefined) {
        return {
          status: 400,
          detail: 'A value does not fit its column: it is too large or of the wrong kind',
        };
      }
      const shown = values.has(column) ? quoted(values.get(column)) : 'That value';
      return { status: 400, detail: `${column}: ${shown} is too large or of the wrong kind for this column` };
    }
    case 'other':
      return { status: 409, detail: 'That change breaks a rule of the database' };
  }
}
