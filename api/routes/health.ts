import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { pingDatabase } from '../data/health';
import { openApiDocument } from '../openapi';

/** Liveness (200 only when the database answers a query) and the API's own description. */
export const healthRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    await pingDatabase(c.var.db);
    return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/openapi.json', (c) => c.json(openApiDocument(), 200, { 'Cache-Control': 'no-cache' }));
