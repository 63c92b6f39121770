/**
 * Spreadsheets in and out: an RFC 4180 writer and a small, strict parser,
 * and the rules of the two imports (a league season's fixtures, a team's roster). Pure:
 * the routes read the database and write the rows; the app may import the types.
 *
 * Writing: UTF-8 with a byte order mark (so spreadsheet programs read accents), a header
 * row, CRLF after every record, a field quoted only when it holds a comma, a quote, CR or
 * LF. Formula injection (OWASP "CSV injection"): a text cell beginning with =, +, -, @,
 * tab or CR gets a leading apostrophe, which spreadsheets show as text and never run.
 * Numbers are written as numbers, never prefixed: a goal difference of -3 stays the
 * number -3, since it comes from a numeric column and cannot carry a formula. The
 * decision rests on the column's type, not on the cell's content, so a player named
 * "-3" is still written as text, '-3.
 *
 * Reading: the parser takes CRLF or LF line ends, strips a BOM, accepts quoted fields
 * with doubled quotes and line breaks inside them, and refuses anything else with the
 * line it is on (a quote inside an unquoted field, text after a closing quote, a quote
 * never closed, a CR without LF). The imports undo the export's apostrophe (a cell
 * "'=x" is read as "=x"), so an exported file imports back unchanged (the price: a value
 * that itself starts with an apostrophe and one of those characters loses the apostrophe,
 * unlikely in a name and meaningless in a date, id, number or position). Lines are the
 * file's lines, counted from 1 (the header): a record is named by the line it starts on.
 * Blank lines are skipped; a row shorter than the header reads the missing values as
 * empty, a longer one is refused (most likely an unquoted comma).
 */
import {
  FORM_FORWARD,
  GENERAL_MESSAGE,
  GENERAL_OF,
  POSITION_GENERALS,
  POSITION_MESSAGE,
  POSITIONS,
  expectedGeneral,
  positionsAgree,
  storedGeneral,
  type Position,
  type PositionGeneral,
} from '../../db/rules/positions';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../db/rules/text';
import { parseMatchDate } from './match-time';
import { plural } from '../../db/rules/words';

/** The largest file the imports take (1 MiB). */
export const CSV_MAX_BYTES = 1024 * 1024;
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';
export const CSV_TOO_LARGE = `The file is larger than 1 MB (${CSV_MAX_BYTES} bytes): split it into smaller files`;

// ---------------------------------------------------------------------------------
// Writing

export type CsvValue = string | number | null | undefined;

/** Cells a spreadsheet would read as a formula (OWASP): = + - @ tab CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: numbers as they are, text neutralised against formulas and quoted when it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: BOM, header, one CRLF-terminated line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A download's file name: letters, digits, dot, dash and underscore only. */
export function csvFileName(...parts: readonly string[]): string {
  const base = parts
    .map((part) => part.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, ''))
    .filter((part) => part !== '')
    .join('-');
  return `${base || 'export'}.csv`;
}

// ---------------------------------------------------------------------------------
// Reading

export type Decoded = { ok: true; text: string } | { ok: false; message: string };

const SAVE_AS_UTF8 =
  'Save it as "CSV UTF-8" (Excel: File › Save As › CSV UTF-8; ' +
  'LibreOffice: character set Unicode (UTF-8)) and upload it again';

/** The body as text: UTF-8 only (a BOM is dropped), never with NUL characters. */
export function decodeCsv(bytes: Uint8Array): Decoded {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return {
      ok: false,
      message: `The file is UTF-16 text, not UTF-8. ${SAVE_AS_UTF8}`,
    };
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return {
      ok: false,
      message:
        'The file is a spreadsheet workbook (.xlsx or .ods), not CSV text. Save it as "CSV UTF-8" and upload that',
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: `The file is not UTF-8 text. ${SAVE_AS_UTF8}` };
  }
  if (text.includes('\u0000')) {
    return {
      ok: false,
      message: `The file contains NUL characters, so it is not CSV text (UTF-16 or a binary file?). ${SAVE_AS_UTF8}`,
    };
  }
  return { ok: true, text };
}

export interface CsvRecord {
  /** The line the record starts on, from 1. */
  line: number;
  fields: string[];
}

export interface CsvSyntaxError {
  line: number;
  message: string;
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; error: CsvSyntaxError };

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

function countLineFeeds(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** RFC 4180 records, strictly; a blank line is a record of one empty field (the imports skip it). */
export function parseCsv(input: string): CsvParse {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const n = text.length;
  const records: CsvRecord[] = [];
  const refuse = (line: number, message: string): CsvParse => ({ ok: false, error: { line, message } });
  let at = 0;
  let line = 1;
  while (at < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        const opened = line;
        const parts: string[] = [];
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1) {
            return refuse(
              opened,
              'a quoted value is never closed: a value that starts with " must end with " ' +
                '(a quote inside it is written twice, "")',
            );
          }
          parts.push(text.slice(from, quote));
          if (text.charCodeAt(quote + 1) === QUOTE) {
            parts.push('"');
            from = quote + 2;
            continue;
          }
          at = quote + 1;
          break;
        }
        const value = parts.join('');
        line += countLineFeeds(value);
        fields.push(value);
        const next = text.charCodeAt(at);
        if (at < n && next !== COMMA && next !== CR && next !== LF) {
          return refuse(
            line,
            'text follows a closing quote: a quoted value must be followed by a comma or the end of the line ' +
              '(a quote inside it is written twice, "")',
          );
        }
      } else {
        let end = at;
        for (; end < n; end += 1) {
          const code = text.charCodeAt(end);
          if (code === COMMA || code === CR || code === LF) break;
          if (code === QUOTE) {
            return refuse(
              line,
              'a quote inside a value that does not start with one: put the whole value in quotes ' +
                'and write the quote twice, as in "say ""hi"""',
            );
          }
        }
        fields.push(text.slice(at, end));
        at = end;
      }
      if (at >= n) break;
      const code = text.charCodeAt(at);
      if (code === COMMA) {
        at += 1;
        continue;
      }
      if (code === CR) {
        if (text.charCodeAt(at + 1) !== LF) {
          return refuse(
            line,
            'a carriage return (CR) without a line feed (LF): lines must end with CRLF or LF',
          );
        }
        at += 1;
      }
      at += 1;
      line += 1;
      break;
    }
    records.push({ line: start, fields });
  }
  return { ok: true, records };
}

/** Undoes the export's formula guard: "'=x" is read as "=x". */
export function restoreCell(cell: string): string {
  return cell.length > 1 && cell.charCodeAt(0) === 0x27 && FORMULA_START.test(cell.slice(1))
    ? cell.slice(1)
    : cell;
}

// ---------------------------------------------------------------------------------
// Imports: the header, the rows, the answer

export interface ImportError {
  line: number;
  /** The column the problem is in; null when it is the whole line or the file. */
  column: string | null;
  message: string;
}

/** A data row under a checked header: the values of the known columns, restored and trimmed. */
export interface TableRow {
  line: number;
  values: Record<string, string>;
  /** Set when the row has more values than the header has columns. */
  overflow: number | null;
}

export interface CsvTable {
  headerLine: number;
  /** How many columns the header has. */
  width: number;
  rows: TableRow[];
  /** Header names that are not columns of this import, ignored (an export's extra columns). */
  ignored_columns: string[];
}

export interface ColumnSpec {
  required: readonly string[];
  optional: readonly string[];
}

export type TableRead = { ok: true; table: CsvTable } | { ok: false; error: ImportError };

/** "Home Team" → home_team: header names compare without case, spaces or dashes mattering. */
function columnName(cell: string): string {
  return restoreCell(cell.trim())
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The columns an import expects, as a sentence. */
export function describeColumns(spec: ColumnSpec): string {
  const optional = spec.optional.length > 0 ? ` (optional: ${listWords(spec.optional)})` : '';
  return `${listWords(spec.required)}${optional}`;
}

const clip = (value: string, max = 40) => (value.length > max ? `${value.slice(0, max)}…` : value);

/** A refused row's values as the answer echoes them: each cut to 200 characters (a hostile file is 1 MB). */
function echoed<C extends string>(values: Record<C, string>): Record<C, string> {
  const copy = { ...values };
  for (const key of Object.keys(copy) as C[]) copy[key] = clip(copy[key], 200);
  return copy;
}

/**
 * Parses the text and checks its header: every required column named once, in any
 * order; other names are ignored and reported. Blank lines (no values at all) are skipped.
 */
export function readCsvTable(text: string, spec: ColumnSpec): TableRead {
  const parsed = parseCsv(text);
  if (!parsed.ok)
    return { ok: false, error: { line: parsed.error.line, column: null, message: parsed.error.message } };
  const records = parsed.records.filter((record) => record.fields.some((field) => field.trim() !== ''));
  const [header, ...data] = records;
  const expected = `The first line must be a header naming the columns ${describeColumns(spec)}, in any order`;
  if (header === undefined)
    return { ok: false, error: { line: 1, column: null, message: `The file is empty. ${expected}` } };
  const known = new Set([...spec.required, ...spec.optional]);
  const index = new Map<string, number>();
  const ignored: string[] = [];
  for (const [position, cell] of header.fields.entries()) {
    const name = columnName(cell);
    if (name === '') continue;
    if (!known.has(name)) {
      ignored.push(name);
      continue;
    }
    if (index.has(name)) {
      return {
        ok: false,
        error: { line: header.line, column: name, message: `The header names the column ${name} twice` },
      };
    }
    index.set(name, position);
  }
  const missing = spec.required.filter((name) => !index.has(name));
  if (missing.length > 0) {
    return {
      ok: false,
      error: {
        line: header.line,
        column: null,
        message: `The header lacks the column${missing.length > 1 ? 's' : ''} ${listWords(missing)}. ${expected}`,
      },
    };
  }
  if (data.length === 0) {
    return {
      ok: false,
      error: { line: header.line, column: null, message: 'The file has a header but no rows' },
    };
  }
  const width = header.fields.length;
  const rows = data.map((record): TableRow => {
    const values: Record<string, string> = {};
    for (const name of known) {
      const position = index.get(name);
      values[name] = position === undefined ? '' : restoreCell((record.fields[position] ?? '').trim());
    }
    return {
      line: record.line,
      values,
      overflow: record.fields.length > width ? record.fields.length : null,
    };
  });
  return { ok: true, table: { headerLine: header.line, width, rows, ignored_columns: ignored } };
}

function overflowError(row: TableRow, width: number): ImportError | null {
  if (row.overflow === null) return null;
  return {
    line: row.line,
    column: null,
    message:
      `has ${plural(row.overflow, 'value')} but the header has ${plural(width, 'column')}: ` +
      'a value containing a comma must be in double quotes',
  };
}

export interface ImportAnswer<Row> {
  dry_run: boolean;
  rows: Row[];
  errors: ImportError[];
  ignored_columns: string[];
  /** How many rows were written: 0 for a dry run and for a refused import. */
  created: number;
}

/**
 * A row's outcome: created (under `Key`, what was created), or refused, echoing its
 * values as read (each cut to 200 characters).
 */
type ImportRow<Key extends string, Created, Column extends string> =
  | ({ line: number; outcome: 'create' } & Record<Key, Created>)
  | { line: number; outcome: 'error'; values: Record<Column, string> };

/** "2 rows have errors; nothing was imported" */
export function refusalDetail(errors: readonly ImportError[]): string {
  const lines = new Set(errors.map((error) => error.line)).size;
  return `${lines} ${lines === 1 ? 'row has errors' : 'rows have errors'}; nothing was imported`;
}

/** Team names and positions compare without case; names also without Unicode form mattering. */
const fold = (value: string) => value.normalize('NFC').toLowerCase();

// ---------------------------------------------------------------------------------
// Fixtures: date,home_team,away_team,location into a league season

export const FIXTURE_COLUMNS: ColumnSpec = {
  required: ['date', 'home_team', 'away_team'],
  optional: ['location'],
};
export type FixtureColumn = 'date' | 'home_team' | 'away_team' | 'location';

export interface FixtureImportTeam {
  team_id: string;
  team_name: string;
  location: string;
}

export interface FixtureImportContext {
  league_name: string;
  season: string;
  /** The league's own location, for a home team without a ground. */
  league_location: string;
  /** The teams registered for the league. */
  teams: readonly FixtureImportTeam[];
  /** The season's matches already there: a team cannot play two at one kick-off. */
  existing: readonly { id: number; home_team: string; away_team: string; match_date: string }[];
}

export interface ImportedFixture {
  /** The new match's id; null in a dry run. */
  id: number | null;
  /** ISO 8601 instant in UTC. */
  date: string;
  home_team: string;
  home_team_name: string;
  away_team: string;
  away_team_name: string;
  location: string;
}

export type FixtureImportRow = ImportRow<'match', ImportedFixture, FixtureColumn>;
export type FixtureImportAnswer = ImportAnswer<FixtureImportRow>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DATE_EXAMPLE = 'such as 2027-03-06T15:00:00Z or 2027-03-06T15:00:00+01:00';

/**
 * A kick-off: ISO 8601 date and time (T or a space between) with Z or an offset. A date
 * alone is refused (it has no kick-off), and so is a time without an offset (whose zone
 * would be a guess). The year must be the season's, the one before or the one after
 * (seasons that span the new year; a typo such as 2072 is caught).
 */
export function parseKickoff(value: string, season: string): { date: Date } | { message: string } {
  if (value === '') return { message: `is required: a kick-off date and time ${DATE_EXAMPLE}` };
  if (DATE_ONLY.test(value)) return { message: `needs a kick-off time too, ${DATE_EXAMPLE}` };
  if (LOCAL_DATE_TIME.test(value)) {
    return { message: `needs its offset from UTC (Z for UTC, or such as +01:00), ${DATE_EXAMPLE}` };
  }
  if (!DATE_TIME.test(value)) return { message: `'${clip(value)}' is not a date and time ${DATE_EXAMPLE}` };
  const date = parseMatchDate(value);
  if (date === null) return { message: `'${clip(value)}' is not a real date and time` };
  const year = date.getUTCFullYear();
  const first = Number(season) - 1;
  if (year < first || year > first + 2) {
    return { message: `is in ${year}: matches of the ${season} season are dated ${first} to ${first + 2}` };
  }
  return { date };
}

/** Checks every row against the league season; the rows to create and each problem by line and column. */
export function planFixtureImport(
  table: CsvTable,
  context: FixtureImportContext,
): { rows: FixtureImportRow[]; errors: ImportError[] } {
  const byId = new Map(context.teams.map((team) => [team.team_id, team]));
  const byName = new Map<string, FixtureImportTeam[]>();
  for (const team of context.teams) {
    const key = fold(team.team_name.trim());
    byName.set(key, [...(byName.get(key) ?? []), team]);
  }
  const league = `${context.league_name} ${context.season}`;
  const resolve = (value: string): FixtureImportTeam | string => {
    if (value === '') return "is required: a registered team's id or exact name";
    const team = byId.get(value);
    if (team) return team;
    const named = byName.get(fold(value)) ?? [];
    if (named.length === 1 && named[0]) return named[0];
    if (named.length > 1) {
      return `names ${named.length} teams registered for ${league}: use the team id (${named.map((t) => t.team_id).join(', ')})`;
    }
    return `no team '${clip(value)}' is registered for ${league}: use a registered team's id or exact name`;
  };
  /** Who already plays at which kick-off: "team\0ms" → where. */
  const busy = new Map<string, string>();
  for (const match of context.existing) {
    const at = parseMatchDate(match.match_date)?.getTime();
    if (at === undefined) continue;
    for (const team of [match.home_team, match.away_team])
      busy.set(`${team}\u0000${at}`, `match ${match.id}`);
  }
  const rows: FixtureImportRow[] = [];
  const errors: ImportError[] = [];
  for (const row of table.rows) {
    const values = row.values as Record<FixtureColumn, string>;
    const found: ImportError[] = [];
    const problem = (column: FixtureColumn | null, message: string) =>
      found.push({ line: row.line, column, message });
    const overflow = overflowError(row, table.width);
    if (overflow) found.push(overflow);
    const kickoff = parseKickoff(values.date, context.season);
    if ('message' in kickoff) problem('date', kickoff.message);
    const home = resolve(values.home_team);
    if (typeof home === 'string') problem('home_team', home);
    const away = resolve(values.away_team);
    if (typeof away === 'string') problem('away_team', away);
    if (typeof home !== 'string' && typeof away !== 'string' && home.team_id === away.team_id) {
      problem('away_team', `is the home team too: a team cannot play itself`);
    }
    let location = values.location;
    if (location.length > 200) problem('location', 'must be at most 200 characters');
    else if (hasControlCharacter(location)) problem('location', CONTROL_CHARACTER_MESSAGE);
    if (location === '' && typeof home !== 'string')
      location = home.location.trim() || context.league_location;
    if ('date' in kickoff && typeof home !== 'string' && typeof away !== 'string' && home !== away) {
      const at = kickoff.date.getTime();
      for (const team of [home, away]) {
        const key = `${team.team_id}\u0000${at}`;
        const where = busy.get(key);
        if (where !== undefined)
          problem('date', `${team.team_name} already plays at this kick-off (${where})`);
        else busy.set(key, `line ${row.line}`);
      }
    }
    if (found.length > 0 || 'message' in kickoff || typeof home === 'string' || typeof away === 'string') {
      errors.push(...found);
      rows.push({ line: row.line, outcome: 'error', values: echoed(values) });
      continue;
    }
    rows.push({
      line: row.line,
      outcome: 'create',
      match: {
        id: null,
        date: kickoff.date.toISOString(),
        home_team: home.team_id,
        home_team_name: home.team_name,
        away_team: away.team_id,
        away_team_name: away.team_name,
        location,
      },
    });
  }
  return { rows, errors };
}

// ---------------------------------------------------------------------------------
// Roster: name,number,position,position_general into a team

export const ROSTER_COLUMNS: ColumnSpec = {
  required: ['name', 'number', 'position'],
  optional: ['position_general'],
};
export type RosterColumn = 'name' | 'number' | 'position' | 'position_general';

export interface ImportedPlayer {
  /** The new player's id; null in a dry run. */
  id: string | null;
  name: string;
  number: number;
  position: Position;
  position_general: PositionGeneral;
}

export type RosterImportRow = ImportRow<'player', ImportedPlayer, RosterColumn>;
export type RosterImportAnswer = ImportAnswer<RosterImportRow>;

export interface RosterImportContext {
  /** Shirt numbers worn in the team now, with the wearer's name. */
  taken: ReadonlyMap<number, string>;
}

// The same rules and words as POST /api/teams/{teamId}/players (db/rules/positions.ts),
// read without case.
const NUMBER_MESSAGE = 'must be a whole number from 0 to 99';
const POSITION_BY_NAME = new Map<string, Position>(POSITIONS.map((p) => [p.toLowerCase(), p]));
const GENERAL_BY_NAME = new Map<string, PositionGeneral>(
  [...POSITION_GENERALS, FORM_FORWARD].map((general) => [general.toLowerCase(), storedGeneral(general)]),
);

/**
 * Checks every row against the team: the single-player rules (name up to 100
 * characters, number 0 to 99, a position and a matching position_general, which may be
 * left empty to follow the position; positions read without case), and each shirt number
 * free in the team and used once in the file.
 */
export function planRosterImport(
  table: CsvTable,
  context: RosterImportContext,
): { rows: RosterImportRow[]; errors: ImportError[] } {
  const inFile = new Map<number, number>();
  const rows: RosterImportRow[] = [];
  const errors: ImportError[] = [];
  for (const row of table.rows) {
    const values = row.values as Record<RosterColumn, string>;
    const found: ImportError[] = [];
    const problem = (column: RosterColumn, message: string) =>
      found.push({ line: row.line, column, message });
    const overflow = overflowError(row, table.width);
    if (overflow) found.push(overflow);

    const name = values.name;
    if (name === '') problem('name', 'is required');
    else if (name.length > 100) problem('name', 'must be at most 100 characters');
    else if (hasControlCharacter(name)) problem('name', CONTROL_CHARACTER_MESSAGE);

    let number: number | null = null;
    if (values.number === '') problem('number', 'is required');
    else if (!/^\d{1,3}$/.test(values.number) || Number(values.number) > 99)
      problem('number', NUMBER_MESSAGE);
    else {
      number = Number(values.number);
      const wearer = context.taken.get(number);
      const earlier = inFile.get(number);
      if (wearer !== undefined)
        problem('number', `Shirt number ${number} is already taken in this team (${wearer})`);
      else if (earlier !== undefined) problem('number', `Shirt number ${number} is also on line ${earlier}`);
      else inFile.set(number, row.line);
    }

    const position = POSITION_BY_NAME.get(values.position.toLowerCase());
    if (values.position === '') problem('position', 'is required');
    else if (position === undefined) problem('position', POSITION_MESSAGE);

    let general: PositionGeneral | undefined;
    if (values.position_general === '') general = position && GENERAL_OF[position];
    else {
      general = GENERAL_BY_NAME.get(values.position_general.toLowerCase());
      if (general === undefined) problem('position_general', GENERAL_MESSAGE);
      else if (position !== undefined && !positionsAgree(position, general)) {
        problem('position_general', expectedGeneral(position));
      }
    }

    if (found.length > 0 || number === null || position === undefined || general === undefined) {
      errors.push(...found);
      rows.push({ line: row.line, outcome: 'error', values: echoed(values) });
      continue;
    }
    rows.push({
      line: row.line,
      outcome: 'create',
      player: { id: null, name, number, position, position_general: general },
    });
  }
  return { rows, errors };
}
