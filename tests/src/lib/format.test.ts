/**
 * The dates written out by hand (src/lib/format.ts) read exactly as en-US Intl writes
 * them, in the browser's own zone and, on the server, in any zone it is told; and the
 * server notes the offsets the browser checks its clock against before it hydrates.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clockAgrees } from '@/lib/clock-agrees';
import { formatDate, formatLongDate, formatMatchDate, INVALID_DATE, setDisplayClock } from '@/lib/format';
import { zoneClock } from '@/lib/zone-clock';

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'America/St_Johns',
  'Australia/Lord_Howe',
];

// Every 7 hours and 11 minutes across two years (every hour of the day, DST changes, the
// turn of a year), and a few chosen minutes.
const START = Date.UTC(2025, 0, 1);
const STEP = (7 * 60 + 11) * 60_000;
const INSTANTS = [
  ...Array.from({ length: Math.floor((2 * 366 * 86_400_000) / STEP) }, (_, step) => START + step * STEP),
  Date.UTC(2026, 4, 2, 14, 5),
  Date.UTC(2026, 11, 31, 23, 59),
  Date.UTC(1999, 1, 28, 0, 1),
];

const LONG = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit' } as const;
const SHORT = { weekday: 'short', month: 'short', day: 'numeric' } as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function intl(at: number, options: Intl.DateTimeFormatOptions, zone?: string): string {
  const key = `${zone}${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format.format(at);
}

afterEach(() => setDisplayClock(undefined));

describe('dates written out by hand', () => {
  it.each([undefined, ...ZONES])('read as Intl writes them (%s)', (zone) => {
    setDisplayClock(zone === undefined ? undefined : zoneClock(zone).read);
    const now = new Date(Date.UTC(2026, 5, 1));
    for (const at of INSTANTS) {
      const iso = new Date(at).toISOString();
      expect(formatLongDate(iso)).toBe(intl(at, { ...LONG, ...TIME }, zone));
      // The year shows for another year than now's, both read in the zone.
      const otherYear = intl(at, { year: 'numeric' }, zone) !== '2026';
      expect(formatMatchDate(iso, now)).toBe(
        intl(at, { ...SHORT, ...(otherYear && { year: 'numeric' }), ...TIME }, zone),
      );
      expect(formatDate(iso, new Date(at + 3_600_000))).toBe(intl(at, { ...LONG, ...TIME }, zone));
      expect(formatDate(iso, new Date(at + 2 * 86_400_000))).toBe(intl(at, LONG, zone));
    }
  });

  it('says Invalid Date for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatLongDate(value)).toBe(INVALID_DATE);
      expect(formatMatchDate(value)).toBe(INVALID_DATE);
      expect(formatDate(value)).toBe(INVALID_DATE);
    }
  });
});

describe("the browser's check of the server's dates", () => {
  it('notes each instant shown in a zone with its offset, once', () => {
    const clock = zoneClock('America/New_York');
    setDisplayClock(clock.read);
    formatLongDate('2026-01-10T15:00:00Z');
    formatMatchDate('2026-07-10T15:00:00Z', new Date('2026-08-01T00:00:00Z'));
    formatMatchDate('2026-07-10T15:00:00Z', new Date('2026-08-01T00:00:00Z'));
    // Only the dates shown: not the "now" a year is compared with.
    expect(clock.offsets()).toEqual([
      [Date.parse('2026-01-10T15:00:00Z'), -300],
      [Date.parse('2026-07-10T15:00:00Z'), -240],
    ]);
    // A new render has a clock and a list of its own.
    const india = zoneClock('Asia/Kolkata');
    setDisplayClock(india.read);
    formatLongDate('2026-01-10T15:00:00Z');
    expect(india.offsets()).toEqual([[Date.parse('2026-01-10T15:00:00Z'), 330]]);
  });

  it("agrees when the browser's clock reads each instant with the same offset, and only then", () => {
    // The tests run in UTC (tests/setup/dom.ts).
    const at = Date.parse('2026-07-10T15:00:00Z');
    expect(clockAgrees([])).toBe(true);
    expect(clockAgrees([[at, 0]])).toBe(true);
    expect(
      clockAgrees([
        [at, 0],
        [at + 1, 60],
      ]),
    ).toBe(false);
  });
});
