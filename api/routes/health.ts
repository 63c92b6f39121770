import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { pingDatabase } from '../data/health';
import { openApiDocument } from '../openapi';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';

/** Liveness (200 only when the database answers a query) and the API's own description. */
export const healthRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    await pingDatabase(c.get('db'));
    return jsonRead(c, { status: 'ok' }, CACHE.noStore);
  })
  .get('/openapi.json', (c) => jsonRead(c, openApiDocument(), 'no-cache'));
