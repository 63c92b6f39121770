/**
 * The calendar feeds, on both engines: every answer parsed with ical.js as a
 * calendar app would read it (events, times, sequence after a move, cancelled status),
 * and the wire form checked byte by byte (CRLF, 75-octet lines, ETag and 304).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { sharedReadTables } from '../../api/http/read-cache';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withRoleApp } from '../fixtures/auth';
import { insertTeam, updateMatch, updateTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

const { t, call } = withRoleApp();

interface FeedEvent {
  uid: string;
  summary: string;
  location: string | null;
  start: string;
  end: string;
  startZone: string | undefined;
  sequence: number;
  status: string;
  url: string;
  stamp: string;
}

interface Feed {
  status: number;
  headers: Headers;
  text: string;
  name: unknown;
  events: FeedEvent[];
}

/** GET a feed and read it with ical.js. */
async function feed(path: string, headers: Record<string, string> = {}): Promise<Feed> {
  const response = await t.app.request(path, { headers });
  const text = await response.text();
  if (response.status !== 200)
    return { status: response.status, headers: response.headers, text, name: null, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startZone: event.startDate.zone?.tzid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
      stamp: String(vevent.getFirstPropertyValue('dtstamp')),
    };
  });
  return {
    status: response.status,
    headers: response.headers,
    text,
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events,
  };
}

const uidOf = (id: number) => `match-${id}@touchline`;
const eventOf = (answer: Feed, id: number) => answer.events.find((event) => event.uid === uidOf(id));

/** Every line ends in CRLF, no CR or LF stands alone, and no line is over 75 octets. */
function expectWireForm(text: string): void {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.split('\r\n');
  lines.pop();
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
}

describe('GET /api/leagues/{leagueId}/calendar.ics', () => {
  it("lists every match of the league's current season, past and future, as an event", async () => {
    const answer = await feed('/api/leagues/tl-26/calendar.ics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expectWireForm(answer.text);
    expect(answer.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(answer.text).toContain('\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n');
    expect(answer.name).toBe('Tiny League 2026');

    const ids = t.matchIds;
    const season = [ids.m1, ids.m2, ids.m3, ids.m4, ids.m5, ids.m6, ids.m7, ids.m8, ids.m9];
    expect(answer.events.map((event) => event.uid)).toEqual(season.map(uidOf));
    expect(eventOf(answer, ids.m10)).toBeUndefined();

    expect(eventOf(answer, ids.m1)).toEqual({
      uid: uidOf(ids.m1),
      summary: 'North Town 2–1 South City',
      location: 'north.town ground',
      start: '2026-05-02T14:00:00.000Z',
      end: '2026-05-02T16:00:00.000Z',
      startZone: 'UTC',
      sequence: 0,
      status: 'CONFIRMED',
      url: `http://localhost:3000/match/${ids.m1}`,
      stamp: expect.any(String),
    });
    for (const event of answer.events) {
      expect(event.startZone).toBe('UTC');
      expect(Date.parse(event.end) - Date.parse(event.start)).toBe(2 * 60 * 60 * 1000);
      expect(event.sequence).toBe(0);
      expect(event.status).toBe('CONFIRMED');
    }
    expect(answer.text).toMatch(/\r\nDTSTART:20260502T140000Z\r\nDTEND:20260502T160000Z\r\n/);
    expect(answer.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('shows the score of approved results only', async () => {
    const answer = await feed('/api/leagues/tl-26/calendar.ics');
    const ids = t.matchIds;
    expect(eventOf(answer, ids.m2)?.summary).toBe('East United 0–0 West Rangers');
    // Pending (m5), rejected (m6), unreported (m7) and upcoming (m8) matches: no score.
    expect(eventOf(answer, ids.m5)?.summary).toBe('North Town vs East United');
    expect(eventOf(answer, ids.m6)?.summary).toBe('South City vs West Rangers');
    expect(eventOf(answer, ids.m7)?.summary).toBe('West Rangers vs East United');
    expect(eventOf(answer, ids.m8)?.summary).toBe('North Town vs West Rangers');

    expect((await call('POST', `/api/matches/${ids.m5}/approve`, 'superAdmin')).status).toBe(200);
    const after = await feed('/api/leagues/tl-26/calendar.ics');
    expect(eventOf(after, ids.m5)?.summary).toBe('North Town 4–0 East United');
    expect(after.headers.get('etag')).not.toBe(answer.headers.get('etag'));
  });

  it('links each event to its match page on the public address, whatever origin the feed was asked from', async () => {
    const answer = await feed('https://fixtures.example.org/api/leagues/tl-26/calendar.ics');
    expect(eventOf(answer, t.matchIds.m3)?.url).toBe(`http://localhost:3000/match/${t.matchIds.m3}`);
  });

  it('reads a colon-prefixed league id as the id after the colon', async () => {
    const plain = await feed('/api/leagues/tl-26/calendar.ics');
    const prefixed = await feed('/api/leagues/region:tl-26/calendar.ics');
    expect(prefixed.status).toBe(200);
    expect(prefixed.text).toBe(plain.text);
  });
});

describe('GET /api/teams/{teamId}/calendar.ics', () => {
  it("lists the team's matches of its league's season, home and away", async () => {
    const answer = await feed('/api/teams/north.town/calendar.ics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expectWireForm(answer.text);
    expect(answer.name).toBe('North Town');
    const { m1, m4, m5, m8 } = t.matchIds;
    expect(answer.events.map((event) => event.uid)).toEqual([m1, m4, m5, m8].map(uidOf));
    expect(eventOf(answer, m4)).toMatchObject({
      summary: 'West Rangers 1–1 North Town',
      location: 'west.rangers ground',
      start: '2026-05-23T14:00:00.000Z',
      end: '2026-05-23T16:00:00.000Z',
    });
  });

  it('falls back to the latest season with matches for a team in no league, and is empty without any', async () => {
    await updateTeam(t.connection.db, 'north.town', { league_id: null });
    const answer = await feed('/api/teams/north.town/calendar.ics');
    expect(answer.events.length).toBe(4);
    await insertTeam(t.connection.db, { team_id: 'lone.rovers', team_name: 'Lone Rovers' });
    const lone = await feed('/api/teams/lone.rovers/calendar.ics');
    expect(lone.status).toBe(200);
    expect(lone.name).toBe('Lone Rovers');
    expect(lone.events).toEqual([]);
    expectWireForm(lone.text);
  });
});

describe('an unknown or malformed id in a calendar address', () => {
  it.each([
    {
      what: 'league',
      unknown: { path: '/api/leagues/no-such-league/calendar.ics', detail: 'League not found' },
      malformed: ['/api/leagues/region:/calendar.ics', `/api/leagues/${'x'.repeat(201)}/calendar.ics`],
      parameter: 'leagueId',
    },
    {
      what: 'team',
      unknown: { path: '/api/teams/no.such.team/calendar.ics', detail: 'Team not found' },
      malformed: ['/api/teams/a%01b/calendar.ics', `/api/teams/${'x'.repeat(201)}/calendar.ics`],
      parameter: 'teamId',
    },
  ])('answers an unknown $what with 404 and a malformed id with 400, as JSON', async (ids) => {
    const missing = await t.app.request(ids.unknown.path);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: ids.unknown.detail });
    for (const bad of ids.malformed) {
      const response = await t.app.request(bad);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(
        new RegExp(`^Invalid path parameter '${ids.parameter}'`),
      );
    }
  });
});

describe('a match moved or postponed', () => {
  it('keeps its UID, grows its SEQUENCE with each move, and is CANCELLED while postponed', async () => {
    const id = t.matchIds.m8;
    const paths = ['/api/teams/north.town/calendar.ics', '/api/leagues/tl-26/calendar.ics'];
    const before = await feed(paths[0] as string);
    expect(eventOf(before, id)).toMatchObject({ sequence: 0, status: 'CONFIRMED' });

    const moved = await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', {
      date: '2026-07-01T19:30:00+01:00',
      location: 'Town Stadium',
      status: 'scheduled',
    });
    expect(moved.status).toBe(200);
    for (const path of paths) {
      const event = eventOf(await feed(path), id);
      expect(event, path).toMatchObject({
        uid: uidOf(id),
        sequence: 1,
        status: 'CONFIRMED',
        start: '2026-07-01T18:30:00.000Z',
        end: '2026-07-01T20:30:00.000Z',
        location: 'Town Stadium',
      });
    }

    await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', {
      date: '2026-07-01T18:30:00.000Z',
      location: 'Town Stadium',
      status: 'postponed',
    });
    for (const path of paths) {
      const answer = await feed(path);
      expect(eventOf(answer, id), path).toMatchObject({ sequence: 2, status: 'CANCELLED' });
      expect(answer.text).toContain('\r\nSTATUS:CANCELLED\r\n');
      // The other matches are untouched.
      expect(answer.events.filter((event) => event.status === 'CANCELLED').length).toBe(1);
    }

    await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', {
      date: '2026-07-08T18:30:00.000Z',
      location: 'Town Stadium',
      status: 'scheduled',
    });
    expect(eventOf(await feed(paths[0] as string), id)).toMatchObject({
      sequence: 3,
      status: 'CONFIRMED',
      start: '2026-07-08T18:30:00.000Z',
    });
  });
});

describe('the wire form', () => {
  it('folds long names and places at 75 octets without splitting a character, and escapes text', async () => {
    const long = 'Olympique Étoile Sportive de Saint-Rémy-lès-Chevreuse ⚽, Section Football; Réserve';
    await updateTeam(t.connection.db, 'north.town', { team_name: long });
    const place = 'Stade Municipal Jean-Baptiste Pérès, Terrain n° 2; Allée des Châtaigniers\\Nord';
    await updateMatch(t.connection.db, t.matchIds.m1, { location: place });
    for (const path of ['/api/teams/north.town/calendar.ics', '/api/leagues/tl-26/calendar.ics']) {
      const answer = await feed(path);
      expectWireForm(answer.text);
      expect(answer.text).toContain('\r\n ');
      expect(answer.text).not.toContain('\uFFFD');
      expect(eventOf(answer, t.matchIds.m1)).toMatchObject({
        summary: `${long} 2–1 South City`,
        location: place,
      });
      expect(answer.text.replace(/\r\n /g, '')).toContain(
        'LOCATION:Stade Municipal Jean-Baptiste Pérès\\, Terrain n° 2\\; Allée des Châtaigniers\\\\Nord\r\n',
      );
    }
    expect((await feed('/api/teams/north.town/calendar.ics')).text.replace(/\r\n /g, '')).toContain(
      'X-WR-CALNAME:Olympique Étoile Sportive de Saint-Rémy-lès-Chevreuse ⚽\\, Section Football\\; Réserve\r\n',
    );
  });

  it('gives the same bytes, UIDs and ETag on every request, and 304 to a matching If-None-Match', async () => {
    for (const path of ['/api/teams/north.town/calendar.ics', '/api/leagues/tl-26/calendar.ics']) {
      const first = await feed(path);
      const second = await feed(path);
      expect(second.text).toBe(first.text);
      expect(second.events.map((event) => event.uid)).toEqual(first.events.map((event) => event.uid));
      const etag = first.headers.get('etag') as string;
      expect(second.headers.get('etag')).toBe(etag);

      const cached = await t.app.request(path, { headers: { 'If-None-Match': etag } });
      expect(cached.status).toBe(304);
      expect(cached.headers.get('etag')).toBe(etag);
      expect(cached.headers.get('cache-control')).toBe('no-cache');
      expect(await cached.text()).toBe('');
      const stale = await t.app.request(path, { headers: { 'If-None-Match': 'W/"0000"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('changes the ETag when a match moves', async () => {
    const path = '/api/teams/north.town/calendar.ics';
    const etag = (await feed(path)).headers.get('etag') as string;
    await call('PUT', `/api/matches/${t.matchIds.m8}/schedule`, 'superAdmin', {
      date: '2026-06-21T14:00:00.000Z',
      location: 'north.town ground',
      status: 'scheduled',
    });
    const after = await t.app.request(path, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});

describe('behind a proxy', () => {
  const trusted = withFixture(() =>
    makeTinyLeagueApp({ trustProxy: 1, publicUrl: 'https://league.example.org/' }),
  );
  const path = 'http://fixtures.example.org/api/teams/north.town/calendar.ics';
  const urls = async (app: { request(path: string, init: RequestInit): Response | Promise<Response> }) => {
    const response = await app.request(path, {
      headers: { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'evil.example' },
    });
    return (await response.text()).match(/^URL:.*$/gm) ?? [];
  };

  it("links on the public address, never the request's host or a proxy's X-Forwarded-* headers", async () => {
    const behind = await urls(trusted.app);
    expect(behind.length).toBe(4);
    for (const url of behind) expect(url).toMatch(/^URL:https:\/\/league\.example\.org\/match\/\d+$/);
    for (const url of await urls(t.app)) expect(url).toMatch(/^URL:http:\/\/localhost:3000\/match\/\d+$/);
  });

  it("is never kept by the server's read cache, which keys answers by path alone", () => {
    expect(sharedReadTables('/api/teams/north.town/calendar.ics')).toBeNull();
    expect(sharedReadTables('/api/leagues/tl-26/calendar.ics')).toBeNull();
  });
});
