/** /api/health: liveness, 200 only when the database answers a query. */
import { z } from 'zod';
import { pingDatabase } from '../data/health';
import { CACHE } from '../http/cache';
import { endpoint, read, readAnswer, resourceRouter } from '../http/contract';
import { jsonRead } from '../http/read';

const getHealth = read({
  path: '/health',
  operationId: 'getHealth',
  tags: ['service'],
  summary: 'Liveness and database check',
  description: '200 only when the database answers a query (no-store)',
  responses: {
    200: readAnswer(z.strictObject({ status: z.enum(['ok']) })),
  },
});

export const healthRoutes = resourceRouter(
  endpoint(getHealth, async (c) => {
    await pingDatabase(c.get('db'));
    return jsonRead(c, { status: 'ok' }, CACHE.noStore);
  }),
);
