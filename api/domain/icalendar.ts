/**
 * iCalendar feeds (RFC 5545): a calendar of matches written as text, pure.
 *
 * - Lines end in CRLF and are folded at 75 octets of UTF-8 (a continuation line starts
 *   with one space, which counts), never inside a multi-byte character.
 * - TEXT values escape `\`, `;`, `,` and line breaks; other control characters, which
 *   TEXT may not carry, are dropped.
 * - Times are UTC (`20260502T140000Z`), so no VTIMEZONE is needed.
 * - Nothing reads the clock: DTSTAMP is the match's last change, so the same data gives
 *   the same bytes, and so the same ETag.
 */

export interface CalendarEvent {
  uid: string;
  /** ISO instants */
  stamp: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  url: string;
  sequence: number;
  status: 'CONFIRMED' | 'CANCELLED';
}

export interface Calendar {
  /** X-WR-CALNAME: what a calendar app names the subscription */
  name: string;
  events: readonly CalendarEvent[];
}

export const PRODID = '-//Touchline//Touchline fixtures//EN';
/** How long a match is shown to last. */
export const MATCH_LENGTH_MS = 2 * 60 * 60 * 1000;
/** How often calendar apps are asked to fetch the feed again. */
const REFRESH = 'PT1H';

const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value (RFC 5545 section 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string;
    const code = char.charCodeAt(0);
    if (char === '\\') out += '\\\\';
    else if (char === ';') out += '\\;';
    else if (char === ',') out += '\\,';
    else if (char === '\r') {
      out += '\\n';
      if (value[i + 1] === '\n') i++;
    } else if (char === '\n') out += '\\n';
    else if ((code < 0x20 && char !== '\t') || code === 0x7f) continue;
    else out += char;
  }
  return out;
}

/**
 * One content line folded (section 3.1): at most 75 octets a line, CRLF and a space
 * between the parts, cut only between characters (code points) so UTF-8 stays whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line has 75 octets; each continuation 74 after its leading space.
  let room = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
      room = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An ISO instant as a UTC DATE-TIME: 2026-05-02T14:00:00.000Z → 20260502T140000Z. */
export function utcDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `LAST-MODIFIED:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location.trim() === '' ? [] : [`LOCATION:${escapeText(event.location)}`]),
    // A URI, not TEXT: nothing to escape, but no line break may get in.
    `URL:${event.url.replace(/[\r\n]/g, '')}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole calendar: VCALENDAR with one VEVENT each, CRLF after every line. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
    `X-PUBLISHED-TTL:${REFRESH}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}

/** What an event is made from: a match row with its teams' names. */
export interface CalendarMatch {
  id: number;
  match_date: string;
  updated_at: string;
  home_team_name: string;
  away_team_name: string;
  home_score: number | null;
  away_score: number | null;
  approved: string;
  location: string;
  status: string;
  schedule_sequence: number;
}

const isInstant = (value: string) => !Number.isNaN(Date.parse(value));

/** The stable UID of a match's event. */
export function matchUid(matchId: number): string {
  return `match-${matchId}@touchline`;
}

/**
 * A match as an event: "Home vs Away", or "Home 2–1 Away" once the result is approved;
 * two hours from kick-off; cancelled while postponed; the match page at `origin`.
 * Null for a match without a valid kick-off time, which no calendar can place.
 */
export function matchEvent(match: CalendarMatch, origin: string): CalendarEvent | null {
  if (!isInstant(match.match_date)) return null;
  const start = new Date(match.match_date);
  const result =
    match.approved === 'TRUE' && match.home_score !== null && match.away_score !== null
      ? `${match.home_score}–${match.away_score}`
      : 'vs';
  return {
    uid: matchUid(match.id),
    stamp: isInstant(match.updated_at) ? match.updated_at : match.match_date,
    start: start.toISOString(),
    end: new Date(start.getTime() + MATCH_LENGTH_MS).toISOString(),
    summary: `${match.home_team_name} ${result} ${match.away_team_name}`,
    location: match.location,
    url: `${origin}/match/${match.id}`,
    sequence: match.schedule_sequence,
    status: match.status === 'postponed' ? 'CANCELLED' : 'CONFIRMED',
  };
}
