import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../app';

/** Liveness and readiness: answers 200 only when the database answers a query. */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  await sql`SELECT 1`.execute(c.var.db);
  return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
});
