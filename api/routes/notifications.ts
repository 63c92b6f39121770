/**
 * The result loop's reads and the bell (issue #20): a match's reports side by side,
 * the super admin's overdue list, and each user's notifications and muted kinds.
 * Everything here is personal: answered no-store, never kept by the read cache.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../db/schema';
import type { AppEnv } from '../env';
import { currentUser, isTeamStaff, requireRoles, requireUser } from '../auth/middleware';
import { findCounterReport, matchReport } from '../data/counter-reports';
import { findMatchState, matchOrThrow } from '../data/match-writes';
import {
  listNotifications,
  markAllRead,
  markRead,
  mutedKinds,
  setMutedKinds,
  unreadCount,
} from '../data/notifications';
import { overdueMatches, type OverdueKey } from '../data/overdue';
import { reportDifferences, type ReportField } from '../domain/report-compare';
import type { OverdueListDto } from '../schemas';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';
import { matchIdParam, rowIdParam, validate } from '../http/validate';
import { writeTransaction } from '../http/write';
import { cursorParam, isPaged, nextCursor, pageLimitParam } from '../http/list-query';

const PAGE_DEFAULT = 20;
const PAGE_MAX = 100;

const pageQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `must be a whole number from 1 to ${PAGE_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `must be a whole number from 1 to ${PAGE_MAX}`)
        .max(PAGE_MAX, `must be a whole number from 1 to ${PAGE_MAX}`),
    )
    .optional(),
  cursor: rowIdParam.optional(),
});

/** GET /api/reports/overdue: a page, after the kick-off and id of the last match shown. */
const overdueQuery = z.strictObject({
  limit: pageLimitParam.optional(),
  cursor: cursorParam(
    'overdue',
    z
      .tuple([z.string(), z.string().regex(/^\d{1,15}$/)])
      .transform(([date, id]): OverdueKey => ({ date, id: Number(id) })),
  ).optional(),
});

const settingsBody = z.strictObject({
  muted: z
    .array(z.enum(NOTIFICATION_KINDS, { error: `must be one of ${NOTIFICATION_KINDS.join(', ')}` }), {
      error: 'must be a list of notification kinds',
    })
    .max(NOTIFICATION_KINDS.length * 2),
});

export const notificationRoutes = new Hono<AppEnv>()
  // Not under /matches/: the offline store and the read cache take /api/matches/:matchId as public.
  .get(
    '/reports/overdue',
    requireUser,
    requireRoles('super_admin'),
    validate('query', overdueQuery),
    async (c) => {
      const query = c.req.valid('query');
      const page = await overdueMatches(c.get('db'), c.get('options').now(), {
        limit: query.limit,
        after: query.cursor,
      });
      // Without limit or cursor the answer is the whole list, shaped as it always was.
      const body: OverdueListDto = isPaged(query)
        ? {
            matches: page.rows,
            next_cursor: nextCursor('overdue', page.next && [page.next.date, String(page.next.id)]),
          }
        : { matches: page.rows };
      return jsonRead(c, body, CACHE.noStore);
    },
  )
  .get('/matches/:id/reports', requireUser, validate('param', z.object({ id: matchIdParam })), async (c) => {
    const db = c.get('db');
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const match = await findMatchState(db, id);
    if (!match) fail(404, 'Match not found');
    if (!isTeamStaff(user, match.home_team) && !isTeamStaff(user, match.away_team)) {
      fail(403, "Only the two teams' coaches and owners, or a super admin, may see the reports");
    }
    const current = await matchOrThrow(db, id);
    const counter = await findCounterReport(db, id);
    const reports = [];
    if (current.approved !== '' && current.home_score !== null) {
      reports.push({
        team_id: current.reported_by_team,
        reported_at: current.reported_at,
        first: true,
        ...matchReport(current),
      });
    }
    if (counter) {
      reports.push({
        team_id: counter.team_id,
        reported_at: counter.reported_at,
        first: false,
        home_score: counter.home_score,
        away_score: counter.away_score,
        goalscorers: counter.goalscorers,
        assisters: counter.assisters,
        goalkeepers: counter.goalkeepers,
        yellow_cards: counter.yellow_cards,
        red_cards: counter.red_cards,
      });
    }
    const differences: ReportField[] =
      counter && reports[0] ? reportDifferences(matchReport(current), counter) : [];
    return jsonRead(c, { match_id: id, approved: current.approved, reports, differences }, CACHE.noStore);
  })
  .get('/notifications', requireUser, validate('query', pageQuery), async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const page = await listNotifications(c.get('db'), currentUser(c).id, {
      limit: limit ?? PAGE_DEFAULT,
      ...(cursor !== undefined ? { before: cursor } : {}),
    });
    return jsonRead(c, page, CACHE.noStore);
  })
  .get('/notifications/settings', requireUser, async (c) =>
    jsonRead(c, { muted: await mutedKinds(c.get('db'), currentUser(c).id) }, CACHE.noStore),
  )
  .put(
    '/notifications/settings',
    requireUser,
    writeTransaction,
    validate('json', settingsBody),
    async (c) => {
      const userId = currentUser(c).id;
      await setMutedKinds(c.get('db'), userId, c.req.valid('json').muted);
      return c.json({ muted: await mutedKinds(c.get('db'), userId) }, 200);
    },
  )
  .post('/notifications/read-all', requireUser, writeTransaction, async (c) => {
    const userId = currentUser(c).id;
    await markAllRead(c.get('db'), userId, c.get('options').now().toISOString());
    return c.json({ unread: await unreadCount(c.get('db'), userId) }, 200);
  })
  .post(
    '/notifications/:id/read',
    requireUser,
    writeTransaction,
    validate('param', z.object({ id: rowIdParam })),
    async (c) => {
      const userId = currentUser(c).id;
      // Someone else's notification is not found, exactly like one that does not exist.
      if (
        !(await markRead(c.get('db'), userId, c.req.valid('param').id, c.get('options').now().toISOString()))
      ) {
        fail(404, 'Notification not found');
      }
      return c.json({ unread: await unreadCount(c.get('db'), userId) }, 200);
    },
  );
