/**
 * /api/notifications: the bell, each signed-in user's notifications and the kinds they
 * muted. Everything here is personal: answered no-store, never kept by the read cache.
 */
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../db/schema';
import { currentUser } from '../auth/middleware';
import {
  follow,
  followedTeams,
  listNotifications,
  markAllRead,
  markRead,
  mutedKinds,
  setMutedKinds,
  unfollow,
  unreadCount,
} from '../data/notifications';
import { teamExists } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { jsonRead } from '../http/read';
import { idParam, rowIdParam } from '../http/validate';
import { NotificationPageSchema, NotificationSettingsSchema } from '../schemas';

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
    .optional()
    .meta({ description: `per page, 1 to ${PAGE_MAX} (default ${PAGE_DEFAULT})` }),
  cursor: rowIdParam.optional().meta({ description: 'next_cursor of the page before' }),
});

const settingsBody = z.strictObject({
  muted: z
    .array(z.enum(NOTIFICATION_KINDS, { error: `must be one of ${NOTIFICATION_KINDS.join(', ')}` }), {
      error: 'must be a list of notification kinds',
    })
    .max(NOTIFICATION_KINDS.length * 2),
});

/** The answer of marking read: how many are left. */
const UnreadSchema = z.strictObject({ unread: z.number().int().describe('notifications still unread') });

const listNotificationsRoute = read({
  path: '/notifications',
  operationId: 'listNotifications',
  tags: ['notifications'],
  summary: 'Your notifications',
  description: "The signed-in user's notifications, newest first, and the unread count; no-store",
  signedIn: true,
  request: { query: pageQuery },
  responses: {
    200: readAnswer(NotificationPageSchema),
    ...errors(400, 401),
  },
});

const getNotificationSettings = read({
  path: '/notifications/settings',
  operationId: 'getNotificationSettings',
  tags: ['notifications'],
  summary: 'The notification kinds you muted',
  signedIn: true,
  responses: {
    200: readAnswer(NotificationSettingsSchema),
    ...errors(401),
  },
});

const updateNotificationSettings = write({
  method: 'put',
  path: '/notifications/settings',
  operationId: 'updateNotificationSettings',
  tags: ['notifications'],
  summary: 'Mute notification kinds',
  description: 'The list replaces the previous one',
  request: {
    body: jsonBody(settingsBody),
  },
  responses: {
    200: json(NotificationSettingsSchema, 'The muted kinds now'),
  },
});

const markAllNotificationsRead = write({
  method: 'post',
  path: '/notifications/read-all',
  operationId: 'markAllNotificationsRead',
  tags: ['notifications'],
  summary: 'Mark all your notifications read',
  responses: {
    200: json(UnreadSchema),
  },
});

const markNotificationRead = write({
  method: 'post',
  path: '/notifications/{id}/read',
  operationId: 'markNotificationRead',
  tags: ['notifications'],
  summary: 'Mark one of your notifications read',
  description: 'Someone else’s is 404, like one that does not exist',
  request: {
    params: z.object({ id: rowIdParam.meta({ description: 'notification id' }) }),
  },
  responses: {
    200: json(UnreadSchema),
    ...errors({ 404: 'Unknown notification' }),
  },
});

/** The teams a user follows: they hear when a followed team's match moves or its result is confirmed. */
const FollowsSchema = z
  .strictObject({ team_ids: z.array(z.string()).describe('the teams followed, by id') })
  .meta({ id: 'Follows' });
const followParam = z.object({
  teamId: idParam.meta({ description: 'dotted team id, e.g. riverside.rovers' }),
});

const listFollowsRoute = read({
  path: '/follows',
  operationId: 'listFollows',
  tags: ['notifications'],
  summary: 'The teams you follow',
  signedIn: true,
  responses: { 200: readAnswer(FollowsSchema), ...errors(401) },
});

const followRoute = write({
  method: 'put',
  path: '/follows/{teamId}',
  operationId: 'followTeam',
  tags: ['notifications'],
  summary: 'Follow a team',
  description:
    'Told when its match is postponed or moved, and when its result is confirmed; again: no change',
  request: { params: followParam },
  responses: { 200: json(FollowsSchema, 'The teams followed now'), ...errors({ 404: 'Team not found' }) },
});

const unfollowRoute = write({
  method: 'delete',
  path: '/follows/{teamId}',
  operationId: 'unfollowTeam',
  tags: ['notifications'],
  summary: 'Stop following a team',
  description: 'A team not followed: no change',
  request: { params: followParam },
  responses: { 200: json(FollowsSchema, 'The teams followed now') },
});

export const notificationRoutes = resourceRouter(
  endpoint(listFollowsRoute, async (c) =>
    jsonRead(c, { team_ids: await followedTeams(c.get('db'), currentUser(c).id) }, CACHE.noStore),
  ),

  endpoint(followRoute, async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
    const userId = currentUser(c).id;
    await follow(db, userId, teamId, c.get('options').now().toISOString());
    return c.json({ team_ids: await followedTeams(db, userId) }, 200);
  }),

  endpoint(unfollowRoute, async (c) => {
    const db = c.get('db');
    const userId = currentUser(c).id;
    await unfollow(db, userId, c.req.valid('param').teamId);
    return c.json({ team_ids: await followedTeams(db, userId) }, 200);
  }),

  endpoint(listNotificationsRoute, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const page = await listNotifications(c.get('db'), currentUser(c).id, {
      limit: limit ?? PAGE_DEFAULT,
      ...(cursor !== undefined ? { before: cursor } : {}),
    });
    return jsonRead(c, page, CACHE.noStore);
  }),

  endpoint(getNotificationSettings, async (c) =>
    jsonRead(c, { muted: await mutedKinds(c.get('db'), currentUser(c).id) }, CACHE.noStore),
  ),

  endpoint(updateNotificationSettings, async (c) => {
    const userId = currentUser(c).id;
    await setMutedKinds(c.get('db'), userId, c.req.valid('json').muted);
    return c.json({ muted: await mutedKinds(c.get('db'), userId) }, 200);
  }),

  endpoint(markAllNotificationsRead, async (c) => {
    const userId = currentUser(c).id;
    await markAllRead(c.get('db'), userId, c.get('options').now().toISOString());
    return c.json({ unread: await unreadCount(c.get('db'), userId) }, 200);
  }),

  endpoint(markNotificationRead, async (c) => {
    const userId = currentUser(c).id;
    // Someone else's notification is not found, exactly like one that does not exist.
    if (
      !(await markRead(c.get('db'), userId, c.req.valid('param').id, c.get('options').now().toISOString()))
    ) {
      fail(404, 'Notification not found');
    }
    return c.json({ unread: await unreadCount(c.get('db'), userId) }, 200);
  }),
);
