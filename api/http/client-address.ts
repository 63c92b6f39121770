/** The client address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** The rule itself; the search budget applies it to node's request, before the app. */
export function addressOf(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = (Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor)?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

export function clientAddress(c: Context<AppEnv>): string {
  return addressOf(
    c.req.header('X-Forwarded-For'),
    c.env?.incoming?.socket.remoteAddress,
    c.get('options').trustProxy,
  );
}
