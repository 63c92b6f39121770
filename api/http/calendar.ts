/**
 * A calendar feed's answer (iCalendar, RFC 5545) with its ETag, for the league and team
 * feeds: the links to match pages are absolute, on the configured public address.
 */
import type { Context } from 'hono';
import { matchEvent, writeCalendar, type CalendarEvent, type CalendarMatch } from '../domain/icalendar';
import type { AppEnv } from '../env';
import { CACHE } from './cache';
import { readResponse } from './read';

/**
 * Where people reach the app (PUBLIC_URL), for absolute links. Never the request's Host
 * or X-Forwarded-* headers: whoever sends the request writes those, and a link built
 * from them could point a calendar's or an embed's readers at any site.
 */
export function publicOrigin(options: { publicUrl: string }): string {
  return options.publicUrl.replace(/\/+$/, '');
}

export function calendarRead(
  c: Context<AppEnv>,
  name: string,
  matches: readonly CalendarMatch[],
): Response | Promise<Response> {
  const origin = publicOrigin(c.get('options'));
  const events = matches
    .map((match) => matchEvent(match, origin))
    .filter((event): event is CalendarEvent => event !== null);
  return readResponse(c, Buffer.from(writeCalendar({ name, events }), 'utf8'), {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': CACHE.revalidate,
  });
}
