import { describe, it, expect } from 'vitest';
import {
  involvesTeam,
  isPastOnTeamPage,
  isPendingForTeam,
  isReportable,
  isSelectableForTeamSelection,
  isUpcoming,
  parseMatchDate,
  splitLeagueMatches,
  splitTeamMatches,
  type TimedMatch,
} from '../../../api/domain/match-time';

const NOW = new Date('2026-03-14T15:00:00.000Z');
const at = (offsetMs: number): string => new Date(NOW.getTime() + offsetMs).toISOString();
const DAY = 86_400_000;

type Overrides = Partial<TimedMatch> & { id?: string };

function m(match_date: string, overrides: Overrides = {}): TimedMatch & { id: string } {
  return {
    id: overrides.id ?? match_date,
    home_team: 'home',
    away_team: 'away',
    home_score: null,
    away_score: null,
    approved: '',
    match_date,
    ...overrides,
  };
}

describe('parseMatchDate', () => {
  it.each([
    ['2026-03-14T15:00:00.000Z', '2026-03-14T15:00:00.000Z'],
    ['2026-03-14T15:00:00Z', '2026-03-14T15:00:00.000Z'],
    ['2026-03-14T15:00Z', '2026-03-14T15:00:00.000Z'],
    ['2026-03-14T17:00:00+02:00', '2026-03-14T15:00:00.000Z'],
    ['2026-03-14T10:30:00-0430', '2026-03-14T15:00:00.000Z'],
    // No offset: read as UTC (the database stores UTC), not server-local time.
    ['2026-03-14 15:00:00', '2026-03-14T15:00:00.000Z'],
    ['2026-03-14T15:00:00.1234', '2026-03-14T15:00:00.123Z'],
    ['2026-03-14', '2026-03-14T00:00:00.000Z'],
    ['  2026-03-14T15:00:00Z  ', '2026-03-14T15:00:00.000Z'],
    ['2028-02-29T12:00:00Z', '2028-02-29T12:00:00.000Z'],
  ])('parses %j', (value, iso) => {
    expect(parseMatchDate(value)?.toISOString()).toBe(iso);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'not a date',
    'Invalid Date',
    '1',
    '14/03/2026',
    'March 14, 2026',
    '2026-02-30',
    '2027-02-29T12:00:00Z',
    '2026-13-01',
    '2026-00-10',
    '2026-03-14T24:00:00Z',
    '2026-03-14T15:60:00Z',
    '2026-03-14T15:00:00+25:00',
  ])('rejects %j', (value) => {
    expect(parseMatchDate(value)).toBeNull();
  });
});

describe('involvesTeam', () => {
  it('is true for home or away only, never for an empty id', () => {
    expect(involvesTeam({ home_team: 'a', away_team: 'b' }, 'a')).toBe(true);
    expect(involvesTeam({ home_team: 'a', away_team: 'b' }, 'b')).toBe(true);
    expect(involvesTeam({ home_team: 'a', away_team: 'b' }, 'c')).toBe(false);
    expect(involvesTeam({ home_team: '', away_team: 'b' }, '')).toBe(false);
  });
});

describe('isPastOnTeamPage', () => {
  it('treats exactly now as past', () => {
    expect(isPastOnTeamPage(m(at(0)), NOW)).toBe(true);
  });

  it('treats one ms before now as past and one ms after as upcoming', () => {
    expect(isPastOnTeamPage(m(at(-1)), NOW)).toBe(true);
    expect(isPastOnTeamPage(m(at(1)), NOW)).toBe(false);
  });

  it('treats a future match with both scores as past', () => {
    expect(isPastOnTeamPage(m(at(DAY), { home_score: 0, away_score: 0 }), NOW)).toBe(true);
  });

  it('needs both scores: one score alone does not make a future match past', () => {
    expect(isPastOnTeamPage(m(at(DAY), { home_score: 2 }), NOW)).toBe(false);
    expect(isPastOnTeamPage(m(at(DAY), { away_score: 2 }), NOW)).toBe(false);
  });

  it('invalid date: past only with scores', () => {
    expect(isPastOnTeamPage(m('garbage'), NOW)).toBe(false);
    expect(isPastOnTeamPage(m('garbage', { home_score: 1, away_score: 0 }), NOW)).toBe(true);
  });
});

describe('splitTeamMatches', () => {
  it('sorts upcoming soonest first and past latest first', () => {
    const matches = [
      m(at(-2 * DAY), { id: 'past-2d' }),
      m(at(3 * DAY), { id: 'up-3d' }),
      m(at(0), { id: 'now' }),
      m(at(1), { id: 'up-1ms' }),
      m(at(5 * DAY), { id: 'scored-future', home_score: 1, away_score: 1 }),
      m(at(-1), { id: 'past-1ms' }),
      m(at(DAY), { id: 'up-1d' }),
    ];
    const { upcoming, past } = splitTeamMatches(matches, NOW);
    expect(upcoming.map((x) => x.id)).toEqual(['up-1ms', 'up-1d', 'up-3d']);
    expect(past.map((x) => x.id)).toEqual(['scored-future', 'now', 'past-1ms', 'past-2d']);
  });

  it('keeps undated matches with a result at the end of past and drops undated ones without', () => {
    const matches = [
      m('', { id: 'undated-scored', home_score: 2, away_score: 1 }),
      m('nope', { id: 'undated-unplayed' }),
      m(at(-DAY), { id: 'past-1d' }),
      m(at(DAY), { id: 'up-1d' }),
    ];
    const { upcoming, past } = splitTeamMatches(matches, NOW);
    expect(upcoming.map((x) => x.id)).toEqual(['up-1d']);
    expect(past.map((x) => x.id)).toEqual(['past-1d', 'undated-scored']);
  });

  it('keeps input order for equal dates and returns the same objects', () => {
    const a = m(at(DAY), { id: 'a' });
    const b = m(at(DAY), { id: 'b' });
    const { upcoming } = splitTeamMatches([a, b], NOW);
    expect(upcoming).toEqual([a, b]);
    expect(upcoming[0]).toBe(a);
  });

  it('handles an empty list', () => {
    expect(splitTeamMatches([], NOW)).toEqual({ upcoming: [], past: [] });
  });
});

describe('splitLeagueMatches', () => {
  it('lets only the date decide: a future match with scores is still upcoming', () => {
    const scored = m(at(DAY), { id: 'scored-future', home_score: 3, away_score: 0 });
    const { upcoming, past } = splitLeagueMatches([scored], NOW);
    expect(upcoming).toEqual([scored]);
    expect(past).toEqual([]);
  });

  it('treats exactly now as past, one ms later as upcoming', () => {
    const { upcoming, past } = splitLeagueMatches(
      [m(at(0), { id: 'now' }), m(at(1), { id: 'next-ms' }), m(at(-1), { id: 'prev-ms' })],
      NOW,
    );
    expect(upcoming.map((x) => x.id)).toEqual(['next-ms']);
    expect(past.map((x) => x.id)).toEqual(['now', 'prev-ms']);
  });

  it('sorts upcoming ascending, past descending and omits invalid dates', () => {
    const { upcoming, past } = splitLeagueMatches(
      [
        m(at(2 * DAY), { id: 'up-2d' }),
        m('', { id: 'empty', home_score: 1, away_score: 1 }),
        m(at(-3 * DAY), { id: 'past-3d' }),
        m('2026-02-30T10:00:00Z', { id: 'impossible' }),
        m(at(DAY), { id: 'up-1d' }),
        m(at(-DAY), { id: 'past-1d' }),
      ],
      NOW,
    );
    expect(upcoming.map((x) => x.id)).toEqual(['up-1d', 'up-2d']);
    expect(past.map((x) => x.id)).toEqual(['past-1d', 'past-3d']);
  });
});

describe('isSelectableForTeamSelection', () => {
  const lateNow = new Date('2026-03-14T23:59:00.000Z');
  const earlyNow = new Date('2026-03-14T00:01:00.000Z');

  it('compares calendar dates only: 23:59 today vs 00:01 tomorrow is selectable', () => {
    expect(
      isSelectableForTeamSelection(m('2026-03-15T00:01:00Z', { approved: 'TRUE' }), 'home', lateNow),
    ).toBe(true);
  });

  it('compares calendar dates only: a later time on the same day is not selectable once approved', () => {
    expect(
      isSelectableForTeamSelection(m('2026-03-14T23:59:00Z', { approved: 'TRUE' }), 'home', earlyNow),
    ).toBe(false);
  });

  it('uses the UTC calendar date, not the local date of the offset', () => {
    // 01:00 on the 15th at +02:00 is 23:00 UTC on the 14th: the same UTC day as now.
    const match = m('2026-03-15T01:00:00+02:00', { approved: 'TRUE' });
    expect(isSelectableForTeamSelection(match, 'home', earlyNow)).toBe(false);
  });

  it.each(['', 'PENDING', 'FALSE', 'pending', 'true'])(
    'keeps a past match whose approval is %j (not TRUE)',
    (approved) => {
      expect(isSelectableForTeamSelection(m(at(-DAY), { approved }), 'away', NOW)).toBe(true);
    },
  );

  it('drops an approved past match', () => {
    expect(isSelectableForTeamSelection(m(at(-DAY), { approved: 'TRUE' }), 'home', NOW)).toBe(false);
  });

  it('requires the team to play in the match', () => {
    expect(isSelectableForTeamSelection(m(at(2 * DAY)), 'other', NOW)).toBe(false);
    expect(isSelectableForTeamSelection(m(at(-DAY), { approved: 'PENDING' }), 'other', NOW)).toBe(false);
  });

  it('invalid date: only the unapproved branch can qualify it', () => {
    expect(isSelectableForTeamSelection(m('bad', { approved: 'TRUE' }), 'home', NOW)).toBe(false);
    expect(isSelectableForTeamSelection(m('bad', { approved: 'PENDING' }), 'home', NOW)).toBe(true);
  });
});

describe('isReportable', () => {
  it('includes a match dated exactly now, excludes one ms later', () => {
    expect(isReportable(m(at(0)), 'home', NOW)).toBe(true);
    expect(isReportable(m(at(-1)), 'home', NOW)).toBe(true);
    expect(isReportable(m(at(1)), 'home', NOW)).toBe(false);
  });

  it.each(['', 'PENDING', 'TRUE', 'FALSE'])('keeps a past match with approval %j', (approved) => {
    expect(isReportable(m(at(-DAY), { approved }), 'away', NOW)).toBe(true);
  });

  it('excludes a future match even with scores', () => {
    expect(isReportable(m(at(DAY), { home_score: 1, away_score: 0 }), 'home', NOW)).toBe(false);
  });

  it('excludes a postponed match, past or not, until it is scheduled again', () => {
    expect(isReportable(m(at(-DAY), { status: 'postponed' }), 'home', NOW)).toBe(false);
    expect(isReportable(m(at(-DAY), { status: 'scheduled' }), 'home', NOW)).toBe(true);
  });

  it('requires the team to play and a valid date', () => {
    expect(isReportable(m(at(-DAY)), 'other', NOW)).toBe(false);
    expect(isReportable(m(at(-DAY)), '', NOW)).toBe(false);
    expect(isReportable(m('invalid'), 'home', NOW)).toBe(false);
  });
});

describe('isPendingForTeam', () => {
  it.each(['PENDING', 'pending', 'Pending'])('accepts %j case-insensitively', (approved) => {
    expect(isPendingForTeam(m(at(-DAY), { approved }), 'home', NOW)).toBe(true);
  });

  it.each(['', 'TRUE', 'FALSE', ' PENDING'])('rejects approval %j', (approved) => {
    expect(isPendingForTeam(m(at(-DAY), { approved }), 'home', NOW)).toBe(false);
  });

  it('needs a date now or earlier', () => {
    expect(isPendingForTeam(m(at(0), { approved: 'PENDING' }), 'away', NOW)).toBe(true);
    expect(isPendingForTeam(m(at(1), { approved: 'PENDING' }), 'away', NOW)).toBe(false);
    expect(isPendingForTeam(m('', { approved: 'PENDING' }), 'away', NOW)).toBe(false);
  });

  it('needs the team to play', () => {
    expect(isPendingForTeam(m(at(-DAY), { approved: 'PENDING' }), 'other', NOW)).toBe(false);
  });
});

describe('isUpcoming', () => {
  it('is strictly after now', () => {
    expect(isUpcoming(m(at(0)), NOW)).toBe(false);
    expect(isUpcoming(m(at(-1)), NOW)).toBe(false);
    expect(isUpcoming(m(at(1)), NOW)).toBe(true);
  });

  it('is false for an invalid date', () => {
    expect(isUpcoming(m('soon'), NOW)).toBe(false);
  });

  it('ignores scores: only the date decides the next match', () => {
    expect(isUpcoming(m(at(DAY), { home_score: 1, away_score: 1 }), NOW)).toBe(true);
  });
});
