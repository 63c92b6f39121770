/**
 * What the spreadsheet routes of leagues and teams share: a CSV download with its ETag,
 * and an import's body (media type and charset checked, read as bytes), its table of rows
 * and its answer. The file rules (writer, parser, per-row checks) are api/domain/csv.ts's.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import {
  CSV_MEDIA_TYPE,
  decodeCsv,
  readCsvTable,
  refusalDetail,
  toCsv,
  type ColumnSpec,
  type CsvTable,
  type CsvValue,
  type ImportError,
} from '../domain/csv';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from './cache';
import { readResponse } from './read';

const IMPORT_PATHS = [/^\/api\/leagues\/[^/]+\/matches\.csv$/, /^\/api\/teams\/[^/]+\/roster\.csv$/];

/** The two imports, which take bodies up to CSV_MAX_BYTES (every other write: 256 KiB). */
export function isCsvImport(method: string, path: string): boolean {
  return method === 'POST' && IMPORT_PATHS.some((pattern) => pattern.test(path));
}

// ---------------------------------------------------------------------------------
// Downloads

export function csvDownload(
  c: Context<AppEnv>,
  fileName: string,
  header: string[],
  rows: CsvValue[][],
): Response | Promise<Response> {
  return readResponse(c, new TextEncoder().encode(toCsv(header, rows)), {
    'Content-Type': CSV_MEDIA_TYPE,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': CACHE.revalidate,
  });
}

// ---------------------------------------------------------------------------------
// Imports

const CSV_TYPES: ReadonlySet<string> = new Set([
  'text/csv',
  'application/csv',
  'text/plain',
  // What Windows names a .csv file when Excel is installed.
  'application/vnd.ms-excel',
]);
const UTF8_NAMES: ReadonlySet<string> = new Set(['utf-8', 'utf8', 'us-ascii']);

/**
 * A CSV body: its media type and charset checked, its bytes read before writeTransaction
 * reads the body as text (Hono keeps the first reading; a text reading would have
 * replaced bytes that are not UTF-8 already).
 */
export const csvBody = createMiddleware<AppEnv>(async (c, next) => {
  const [essence = '', ...parameters] = (c.req.header('Content-Type') ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  if (!CSV_TYPES.has(essence)) {
    fail(400, 'Send the CSV file as the request body, with Content-Type: text/csv');
  }
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  // "charset=" (or charset="") names nothing: the message below would read "not :".
  if (charset === '') {
    fail(400, 'The Content-Type names an empty charset: send the file with Content-Type: text/csv');
  }
  if (charset !== undefined && !UTF8_NAMES.has(charset)) {
    fail(
      400,
      `The file must be UTF-8 text, not ${charset.slice(0, 40)}: save it as "CSV UTF-8" and upload it again`,
    );
  }
  await c.req.arrayBuffer();
  await next();
});

/** A whole-file problem named by its line: 400 `{ detail, errors }`. */
function refuseFile(error: ImportError): never {
  throw new HTTPException(400, {
    res: Response.json({ detail: `Line ${error.line}: ${error.message}`, errors: [error] }, { status: 400 }),
  });
}

/** The body as a checked table of rows, or a 400 that says what is wrong with the file. */
export async function readImport(c: Context<AppEnv>, columns: ColumnSpec): Promise<CsvTable> {
  const decoded = decodeCsv(new Uint8Array(await c.req.arrayBuffer()));
  if (!decoded.ok) fail(400, decoded.message);
  const read = readCsvTable(decoded.text, columns);
  if (!read.ok) refuseFile(read.error);
  return read.table;
}

/**
 * The answer of an import: a dry run's preview (200), a refusal listing every problem
 * (400, nothing written), or what was written (201) by `write`.
 */
export async function importAnswer<Row extends { outcome: string }>(
  c: Context<AppEnv>,
  dryRun: boolean,
  table: CsvTable,
  plan: { rows: Row[]; errors: ImportError[] },
  write: (rows: Row[]) => Promise<Row[]>,
): Promise<Response> {
  const answer = {
    dry_run: dryRun,
    rows: plan.rows,
    errors: plan.errors,
    ignored_columns: table.ignored_columns,
  };
  if (dryRun) return c.json({ ...answer, created: 0 }, 200);
  if (plan.errors.length > 0)
    return c.json({ detail: refusalDetail(plan.errors), ...answer, created: 0 }, 400);
  const rows = await write(plan.rows);
  return c.json({ ...answer, rows, created: rows.length }, 201);
}
