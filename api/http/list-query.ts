/**
 * The paging parameters of the list reads (GET /api/teams, GET /api/leagues, the
 * super admin's GET /api/reports/overdue, and GET /api/matches without a filter): `limit`
 * and `cursor`, the opaque `next_cursor` of the page before.
 *
 * A cursor is base64url(JSON [list, ...sort key of the last row]) and a check of it,
 * so a cursor that was cut, edited or given to another list is refused with a 400
 * instead of silently starting somewhere else. The check is no secret: a cursor grants
 * nothing (any position in a public list may be asked for), it only has to be one the
 * API wrote.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { KickoffKey } from '../data/keyset';
import { positiveIntParam } from './validate';

export const PAGE_LIMIT_MAX = 200;

/** The lists that hand out cursors; a cursor of one is refused by the others. */
export type ListName = 'teams' | 'leagues' | 'overdue' | 'matches';

/** Long enough for any sort key the schema allows (names of 200 characters, escaped). */
const CURSOR_MAX_LENGTH = 4096;
const CURSOR_FORMAT = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{11})$/;

function checkOf(body: string): string {
  return createHash('sha256')
    .update(`touchline list cursor\n${body}`)
    .digest()
    .subarray(0, 8)
    .toString('base64url');
}

export function encodeCursor(list: ListName, key: readonly string[]): string {
  const body = Buffer.from(JSON.stringify([list, ...key]), 'utf8').toString('base64url');
  return `${body}.${checkOf(body)}`;
}

/** The sort key a cursor of `list` carries, or null when it is not one the API wrote. */
export function decodeCursor(list: ListName, cursor: string): unknown[] | null {
  const match = CURSOR_FORMAT.exec(cursor);
  const body = match?.[1];
  if (body === undefined || match?.[2] !== checkOf(body)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value[0] !== list) return null;
  return value.slice(1);
}

/** Query values arrive as strings; a repeated key is refused rather than guessed. */
const single = z.string({ error: 'must be given once' });

/** `limit`: rows per page. */
export const pageLimitParam = positiveIntParam(PAGE_LIMIT_MAX);

/** `cursor` of `list`, parsed to the sort key `key` describes. */
export function cursorParam<Key>(list: ListName, key: z.ZodType<Key>) {
  return single
    .max(CURSOR_MAX_LENGTH, 'is not a cursor of this list (use next_cursor of the page before)')
    .transform((value, ctx) => {
      const decoded = decodeCursor(list, value);
      const parsed = decoded === null ? null : key.safeParse(decoded);
      if (!parsed?.success) {
        ctx.addIssue({
          code: 'custom',
          message: 'is not a cursor of this list (use next_cursor of the page before)',
        });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/** The sort key of a list in kick-off order (the match's date, then its id), as a cursor carries it. */
export const kickoffKey = z
  .tuple([z.string(), z.string().regex(/^\d{1,15}$/)])
  .transform(([date, id]): KickoffKey => ({ date, id: Number(id) }));

/** `next_cursor` of a list in kick-off order. */
export function nextKickoffCursor(list: ListName, next: KickoffKey | null): string | null {
  return nextCursor(list, next && [next.date, String(next.id)]);
}

/** Whether a list request asked for a page (and so gets `next_cursor`). */
export function isPaged(query: { limit?: number | undefined; cursor?: unknown }): boolean {
  return query.limit !== undefined || query.cursor !== undefined;
}

/** `next_cursor` of a page: the cursor after its last row, null on the last page. */
export function nextCursor(list: ListName, next: readonly string[] | null): string | null {
  return next === null ? null : encodeCursor(list, next);
}
