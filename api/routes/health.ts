/** /api/health: liveness, 200 only when the database answers a query. */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { pingDatabase } from '../data/health';
import { CACHE } from '../http/cache';
import { endpoint, NOT_MODIFIED, PUBLIC, readAnswer, resourceRouter, TAG } from '../http/contract';
import { jsonRead } from '../http/read';

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: [TAG.service],
  summary: 'Liveness and database check',
  description: '200 only when the database answers a query (no-store)',
  security: PUBLIC,
  responses: {
    200: readAnswer(z.strictObject({ status: z.enum(['ok']) })),
    ...NOT_MODIFIED,
  },
});

export const healthRoutes = resourceRouter(
  endpoint(getHealth, async (c) => {
    await pingDatabase(c.get('db'));
    return jsonRead(c, { status: 'ok' }, CACHE.noStore);
  }),
);
