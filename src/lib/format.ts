/**
 * Dates as the specification shows them (section 9), in en-US and the browser's time
 * zone. Invalid or missing dates read 'Invalid Date'.
 *
 * Written out here rather than by Intl.DateTimeFormat: the browser's first date format
 * loads its locale data in one task while the page starts, a long one on a phone. The browser reads the wall clock from Date's
 * own getters; the server, writing a page in the zone the browser said it is in, reads
 * it in that zone and notes the zone's offsets, so the browser can tell that its own
 * clock reads the same (lib/zone-clock.ts, lib/clock-agrees.ts).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const WEEKDAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const short = (name: string) => name.slice(0, 3);

/** A date as a clock on the wall reads it. */
export interface WallClock {
  year: number;
  /** 0 = January */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
}

/** Reads a date's wall clock in a zone of its own; `note` false for a date not shown (now). */
export type ZoneClock = (date: Date, note: boolean) => WallClock;

let zoneClock: ZoneClock | undefined;

/**
 * The clock dates are written by: unset in the browser (its own); on the server, for the
 * length of one page render, the zone the browser said it is in (lib/zone-clock.ts).
 */
export function setDisplayClock(clock: ZoneClock | undefined): void {
  zoneClock = clock;
}

/** The date as a clock on the wall reads it where it is shown. */
function wallClock(date: Date, note = true): WallClock {
  if (zoneClock !== undefined) return zoneClock(date, note);
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    weekday: date.getDay(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

/** "2:05 PM" */
const timeOf = (clock: WallClock) =>
  `${clock.hour % 12 || 12}:${String(clock.minute).padStart(2, '0')} ${clock.hour < 12 ? 'AM' : 'PM'}`;
/** "Saturday, May 2, 2026" */
const longDay = (clock: WallClock) =>
  `${WEEKDAYS[clock.weekday]}, ${MONTHS[clock.month]} ${clock.day}, ${clock.year}`;

export const INVALID_DATE = 'Invalid Date';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Older than 24 hours: weekday, month, day and year ("Saturday, May 2, 2026"); newer:
 * the same with the time ("Saturday, May 2, 2026 at 2:05 PM").
 */
export function formatDate(value: string | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return INVALID_DATE;
  const clock = wallClock(date);
  return Math.abs(now.getTime() - date.getTime()) < DAY_MS
    ? `${longDay(clock)} at ${timeOf(clock)}`
    : longDay(clock);
}

/**
 * Match lists: en-US short weekday, month, day, hour and minute ("Sat, May 2, 2:00 PM").
 * A date of another year than `now`'s also shows its year ("Sat, May 3, 2025, 2:00 PM"):
 * lists such as previous meetings or a past season would otherwise be ambiguous.
 */
export function formatMatchDate(value: string | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return INVALID_DATE;
  const clock = wallClock(date);
  const day = `${short(WEEKDAYS[clock.weekday] ?? '')}, ${short(MONTHS[clock.month] ?? '')} ${clock.day}`;
  return clock.year !== wallClock(now, false).year
    ? `${day}, ${clock.year}, ${timeOf(clock)}`
    : `${day}, ${timeOf(clock)}`;
}

/** Match details: the long form with the kick-off time ("Saturday, May 2, 2026 at 2:00 PM"). */
export function formatLongDate(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return INVALID_DATE;
  const clock = wallClock(date);
  return `${longDay(clock)} at ${timeOf(clock)}`;
}

/** Team ids use dots; names show them as spaces ("riverside.rovers" → "riverside rovers"). */
export function idToWords(id: string): string {
  return id.replace(/\./g, ' ');
}

/** A name derived from an id: dots become spaces, digits go, words are capitalised. */
export function nameFromId(id: string): string {
  return id
    .replace(/[.\-_]+/g, ' ')
    .replace(/\d+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', DAY_MS],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "2 hours ago", "yesterday" — how old something is. */
export function formatRelativeTime(at: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - at);
  relativeFormat ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const format = relativeFormat;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
