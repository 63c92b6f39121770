/** /api/coaches: coaches by the account id of their user. */
import { z } from 'zod';
import { findCoaches } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, read, readAnswer, resourceRouter } from '../http/contract';
import { jsonRead } from '../http/read';
import { idParam } from '../http/validate';
import { CoachSchema } from '../schemas';

const getCoachesRoute = read({
  path: '/coaches/{userId}',
  operationId: 'getCoaches',
  tags: ['players'],
  summary: 'Coaches by account id',
  description: 'Coaches matching the id (hyphens read as dots)',
  caching: { offline: true, tables: 'coach' },
  request: {
    params: z.object({ userId: idParam.meta({ description: 'account id; hyphens stand for dots' }) }),
  },
  responses: {
    200: readAnswer(z.array(CoachSchema)),
    ...errors(400, { 404: 'Unknown coach' }),
  },
});

export const coachRoutes = resourceRouter(
  // Coach pages address coaches by user id with dots written as hyphens.
  endpoint(getCoachesRoute, async (c) => {
    const raw = c.req.valid('param').userId;
    const coaches = await findCoaches(c.get('db'), raw.replaceAll('-', '.'));
    const exact = coaches.length > 0 ? coaches : await findCoaches(c.get('db'), raw);
    if (exact.length === 0) fail(404, 'Coach not found');
    return jsonRead(c, exact, CACHE.revalidate);
  }),
);
