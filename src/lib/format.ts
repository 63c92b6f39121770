/**
 * Dates as the specification shows them (section 9), in the browser's time zone.
 * Invalid or missing dates read 'Invalid Date'.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

let displayZone: string | undefined;

/**
 * The time zone dates are written in: unset in the browser (its own); on the server,
 * for the length of one page render, the zone the browser said it is in (issue #16).
 */
export function setDisplayTimeZone(zone: string | undefined): void {
  displayZone = zone;
}

/** The options with the display zone, when one is set. */
const inZone = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions =>
  displayZone === undefined ? options : { ...options, timeZone: displayZone };

export const INVALID_DATE = 'Invalid Date';

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Older than 24 hours: weekday, month, day and year; newer: the same with the time. */
export function formatDate(value: string | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return INVALID_DATE;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  };
  if (Math.abs(now.getTime() - date.getTime()) < DAY_MS) {
    options.hour = 'numeric';
    options.minute = '2-digit';
  }
  return date.toLocaleString('en-US', inZone(options));
}

/**
 * Match lists: en-US short weekday, month, day, hour and minute ("Sat, May 2, 2:00 PM").
 * A date of another year than `now`'s also shows its year ("Sat, May 3, 2025, 2:00 PM"):
 * lists such as previous meetings or a past season would otherwise be ambiguous.
 */
export function formatMatchDate(value: string | null | undefined, now: Date = new Date()): string {
  return localeDate(value, (date) => ({
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }));
}

/** Match details: the long form with the kick-off time ("Saturday, May 2, 2026, 2:00 PM"). */
export function formatLongDate(value: string | null | undefined): string {
  return localeDate(value, () => ({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }));
}

/** The en-US date with the kick-off time, or 'Invalid Date'. */
function localeDate(
  value: string | null | undefined,
  day: (date: Date) => Intl.DateTimeFormatOptions,
): string {
  const date = parse(value);
  if (!date) return INVALID_DATE;
  return date.toLocaleString('en-US', inZone({ ...day(date), hour: 'numeric', minute: '2-digit' }));
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

/** "just now", "5 minutes ago", "2 hours ago", "yesterday" — how old something is. */
export function formatRelativeTime(at: number, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - at);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
