/** The client address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.options.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown';
}
