/**
 * A calendar feed's answer (iCalendar, RFC 5545) with its ETag, for the league and team
 * feeds: the links to match pages are absolute, built from the request's own origin.
 */
import type { Context } from 'hono';
import { matchEvent, writeCalendar, type CalendarEvent, type CalendarMatch } from '../domain/icalendar';
import type { AppEnv } from '../env';
import { CACHE } from './cache';
import { readResponse } from './read';

/**
 * Where the app is served, for the links to match pages: the request's origin, with the
 * scheme a trusted proxy says the client used (TLS usually ends at the proxy).
 */
export function originOf(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('options').trustProxy) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
  }
  return url.origin;
}

export function calendarRead(
  c: Context<AppEnv>,
  name: string,
  matches: readonly CalendarMatch[],
): Response | Promise<Response> {
  const origin = originOf(c);
  const events = matches
    .map((match) => matchEvent(match, origin))
    .filter((event): event is CalendarEvent => event !== null);
  return readResponse(c, Buffer.from(writeCalendar({ name, events }), 'utf8'), {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': CACHE.revalidate,
  });
}
