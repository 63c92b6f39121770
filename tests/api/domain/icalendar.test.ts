/**
 * The RFC 5545 writer (api/domain/icalendar.ts): escaping, folding at 75 octets without
 * splitting a UTF-8 character, CRLF line ends, and what a match becomes; read back with
 * ical.js, the parser calendar apps' engines are checked against.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  escapeText,
  foldLine,
  matchEvent,
  matchUid,
  utcDateTime,
  writeCalendar,
  type CalendarEvent,
  type CalendarMatch,
} from '../../../api/domain/icalendar';

const octets = (text: string) => Buffer.byteLength(text, 'utf8');

/** The content lines of a calendar: split on CRLF only, the last one empty. */
function physicalLines(text: string): string[] {
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('');
  return lines;
}

/** Folded lines joined again (RFC 5545 section 3.1). */
const unfold = (text: string) => text.replace(/\r\n /g, '');

const EVENT: CalendarEvent = {
  uid: 'match-7@touchline',
  stamp: '2026-05-01T08:30:15.250Z',
  start: '2026-05-02T14:00:00.000Z',
  end: '2026-05-02T16:00:00.000Z',
  summary: 'North Town vs South City',
  location: 'North Town Park',
  url: 'https://touchline.example/matches/7',
  sequence: 2,
  status: 'CONFIRMED',
};

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('Park: "Main" pitch')).toBe('Park: "Main" pitch');
  });

  it('drops control characters TEXT may not carry, keeping tabs', () => {
    expect(escapeText('a\u0000b\u0007c\u007fd\te')).toBe('abcd\te');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets as it is and folds the 76th onto a continuation', () => {
    const line = 'X'.repeat(75);
    expect(foldLine(line)).toBe(line);
    expect(foldLine(`${line}Y`)).toBe(`${line}\r\n Y`);
  });

  it('keeps every physical line within 75 octets, counting the leading space', () => {
    const folded = foldLine(`SUMMARY:${'abcdefghij'.repeat(30)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(5);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(`SUMMARY:${'abcdefghij'.repeat(30)}`);
  });

  it('never cuts a multi-byte character, whatever its length in octets', () => {
    for (const char of ['é', '–', '€', '⚽', '😀']) {
      for (let prefix = 0; prefix < 4; prefix++) {
        const line = `LOCATION:${'x'.repeat(prefix)}${char.repeat(60)}`;
        const folded = foldLine(line);
        const parts = folded.split('\r\n');
        expect(parts.length).toBeGreaterThan(1);
        for (const part of parts) {
          expect(octets(part), `${char} +${prefix}`).toBeLessThanOrEqual(75);
          // Each part is whole UTF-8: encoding it back gives the same text.
          expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
          expect(part.includes('\uFFFD')).toBe(false);
          expect(/[\uD800-\uDBFF]$/.test(part)).toBe(false);
        }
        expect(unfold(folded)).toBe(line);
      }
    }
  });

  it('fills lines up to the limit rather than folding early', () => {
    const parts = foldLine(`X:${'é'.repeat(100)}`).split('\r\n');
    // 'X:' is 2 octets, so 36 'é' (72 octets) fit and a 37th would make 76.
    expect(octets(parts[0] as string)).toBe(74);
    // A continuation: the space and 37 'é' (74 octets) make 75.
    expect(octets(parts[1] as string)).toBe(75);
  });
});

describe('utcDateTime', () => {
  it('writes a UTC DATE-TIME, dropping milliseconds', () => {
    expect(utcDateTime('2026-05-02T14:00:00.000Z')).toBe('20260502T140000Z');
    expect(utcDateTime('2026-07-01T19:30:00+01:00')).toBe('20260701T183000Z');
    expect(utcDateTime('2026-05-01T08:30:15.250Z')).toBe('20260501T083015Z');
  });

  it('refuses what is not a date', () => {
    expect(() => utcDateTime('soon')).toThrow(RangeError);
  });
});

describe('writeCalendar', () => {
  it('ends every line with CRLF and keeps every line within 75 octets', () => {
    const text = writeCalendar({
      name: 'Ligue de l’Été, Région Nord; 2026',
      events: [
        {
          ...EVENT,
          summary: `Olympique Étoile Sportive de Saint-Rémy-lès-Chevreuse ⚽ 2–1 Association Sportive Réunion`,
          location: 'Stade Municipal Jean-Baptiste Pérès, Terrain n° 2; Allée des Châtaigniers, 78470',
        },
      ],
    });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of physicalLines(text)) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes the calendar and its events in the order and form calendar apps read', () => {
    const text = writeCalendar({ name: 'North Town', events: [EVENT] });
    expect(physicalLines(text)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Touchline//Touchline fixtures//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:North Town',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
      'BEGIN:VEVENT',
      'UID:match-7@touchline',
      'DTSTAMP:20260501T083015Z',
      'LAST-MODIFIED:20260501T083015Z',
      'DTSTART:20260502T140000Z',
      'DTEND:20260502T160000Z',
      'SEQUENCE:2',
      'STATUS:CONFIRMED',
      'SUMMARY:North Town vs South City',
      'LOCATION:North Town Park',
      'URL:https://touchline.example/matches/7',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('leaves out an empty location and writes a calendar without events', () => {
    expect(writeCalendar({ name: 'x', events: [{ ...EVENT, location: '  ' }] })).not.toContain('LOCATION');
    const empty = writeCalendar({ name: 'Nobody', events: [] });
    expect(empty).not.toContain('VEVENT');
    expect(new ICAL.Component(ICAL.parse(empty)).getAllSubcomponents('vevent')).toEqual([]);
  });

  it('reads back through ical.js with every value as written, escapes and folds undone', () => {
    const summary = 'A, B; C \\ D\nE – Über ⚽ '.repeat(4).trim();
    const location = 'Ground, Road; Town\\Shire – Ærø 😀'.repeat(3);
    const text = writeCalendar({
      name: 'Tiny, League; 2026',
      events: [
        { ...EVENT, summary, location },
        { ...EVENT, uid: 'match-8@touchline', sequence: 0, status: 'CANCELLED' },
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(text));
    // An X- property is TEXT by default (section 3.8.8.2), so it is escaped; ical.js,
    // which knows no type for it, hands the value back as written.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tiny\\, League\\; 2026');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const [first, second] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(first?.summary).toBe(summary);
    expect(first?.location).toBe(location);
    expect(first?.uid).toBe('match-7@touchline');
    expect(first?.sequence).toBe(2);
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-05-02T14:00:00.000Z');
    expect(first?.startDate.zone?.tzid).toBe('UTC');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2026-05-02T16:00:00.000Z');
    expect(first?.component.getFirstPropertyValue('url')).toBe('https://touchline.example/matches/7');
    expect(second?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(second?.sequence).toBe(0);
  });
});

describe('matchEvent', () => {
  const MATCH: CalendarMatch = {
    id: 12,
    match_date: '2026-05-02T14:00:00.000Z',
    updated_at: '2026-04-01T10:00:00.000Z',
    home_team_name: 'North Town',
    away_team_name: 'South City',
    home_score: 2,
    away_score: 1,
    approved: 'TRUE',
    location: 'North Town Park',
    status: 'scheduled',
    schedule_sequence: 3,
  };
  const ORIGIN = 'https://touchline.example';

  it('names an approved result with its score, and two hours from kick-off', () => {
    expect(matchEvent(MATCH, ORIGIN)).toEqual({
      uid: 'match-12@touchline',
      stamp: '2026-04-01T10:00:00.000Z',
      start: '2026-05-02T14:00:00.000Z',
      end: '2026-05-02T16:00:00.000Z',
      summary: 'North Town 2–1 South City',
      location: 'North Town Park',
      url: 'https://touchline.example/match/12',
      sequence: 3,
      status: 'CONFIRMED',
    });
    expect(matchUid(12)).toBe('match-12@touchline');
  });

  it('shows no score until the result is approved', () => {
    for (const approved of ['', 'PENDING', 'FALSE']) {
      expect(matchEvent({ ...MATCH, approved }, ORIGIN)?.summary).toBe('North Town vs South City');
    }
    expect(matchEvent({ ...MATCH, home_score: null, away_score: null }, ORIGIN)?.summary).toBe(
      'North Town vs South City',
    );
  });

  it('cancels a postponed match and keeps its sequence', () => {
    expect(matchEvent({ ...MATCH, status: 'postponed' }, ORIGIN)).toMatchObject({
      status: 'CANCELLED',
      sequence: 3,
    });
  });

  it('stamps with the kick-off when the last change is unreadable, and skips a match without a time', () => {
    expect(matchEvent({ ...MATCH, updated_at: '' }, ORIGIN)?.stamp).toBe(MATCH.match_date);
    expect(matchEvent({ ...MATCH, match_date: 'TBC' }, ORIGIN)).toBeNull();
  });
});
