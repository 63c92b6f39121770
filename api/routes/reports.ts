/**
 * /api/reports: the super admin's list of results overdue. Not under /matches/: the
 * offline store and the read cache take /api/matches/:matchId as a public read.
 */
import { z } from 'zod';
import { currentUser, requireLeagueAdminAnywhere } from '../auth/middleware';
import { administeredLeagues } from '../../db/rules/rights';
import { overdueMatches, type OverdueKey } from '../data/overdue';
import { CACHE } from '../http/cache';
import { endpoint, errors, read, readAnswer, resourceRouter } from '../http/contract';
import { cursorParam, isPaged, nextCursor, pageLimitParam } from '../http/list-query';
import { jsonRead } from '../http/read';
import { OverdueListSchema, type OverdueListDto } from '../schemas';

/** A page, after the kick-off and id of the last match shown. */
const overdueQuery = z.strictObject({
  limit: pageLimitParam.optional().meta({
    description:
      'rows per page, 1 to 200; the answer then carries next_cursor. Without limit and cursor the whole list',
  }),
  cursor: cursorParam(
    'overdue',
    z
      .tuple([z.string(), z.string().regex(/^\d{1,15}$/)])
      .transform(([date, id]): OverdueKey => ({ date, id: Number(id) })),
  )
    .optional()
    .meta({
      description:
        'next_cursor of the page before (opaque; refused with 400 if altered or from another list). ' +
        'Without limit: every row after it',
    }),
});

// Behind a session: neither the offline store nor the read cache keeps it.
const listOverdueResults = read({
  path: '/reports/overdue',
  operationId: 'listOverdueResults',
  tags: ['matches'],
  summary: 'Results overdue',
  description:
    "Played matches past their league's report deadline without a report or a review, in the leagues " +
    'the caller runs (a league admin: theirs; a super admin: all); ' +
    'the earliest kick-off first, then by id; no-store. With limit or cursor: one page and next_cursor',
  signedIn: true,
  guard: [requireLeagueAdminAnywhere],
  request: { query: overdueQuery },
  responses: {
    200: readAnswer(OverdueListSchema),
    ...errors(400, 401, { 403: 'Not an admin of any league' }),
  },
});

export const reportRoutes = resourceRouter(
  endpoint(listOverdueResults, async (c) => {
    const query = c.req.valid('query');
    const page = await overdueMatches(
      c.get('db'),
      c.get('options').now(),
      { limit: query.limit, after: query.cursor },
      administeredLeagues(currentUser(c)),
    );
    // Without limit or cursor the answer is the whole list, shaped as it always was.
    const body: OverdueListDto = isPaged(query)
      ? {
          matches: page.rows,
          next_cursor: nextCursor('overdue', page.next && [page.next.date, String(page.next.id)]),
        }
      : { matches: page.rows };
    return jsonRead(c, body, CACHE.noStore);
  }),
);
