/**
 * Which matches a suspension keeps a player out of, as Team Selection decides it from
 * GET /api/teams/{teamId}/suspensions and the team's matches.
 */
import { describe, expect, it } from 'vitest';
import { banCovers, isSuspendedFor, type BanMatch } from '@/lib/suspension-rule';
import { suspendedText, type Suspension } from '@/lib/suspensions';
import { playerSuspension } from '../../../db/rules/suspensions';

const NOW = new Date('2026-06-15T12:00:00.000Z');

/** The team's matches: one past, then one a week from 20 June on. */
const MATCHES: BanMatch[] = [
  { id: 1, date: '2026-06-06T14:00:00.000Z', season: '2026' },
  { id: 2, date: '2026-06-20T14:00:00.000Z', season: '2026' },
  { id: 3, date: '2026-06-27T14:00:00.000Z', season: '2026' },
  { id: 4, date: '2026-07-04T14:00:00.000Z', season: '2026' },
  { id: 5, date: '2026-07-11T14:00:00.000Z', season: '2026' },
];

function ban(matches_remaining: number, match_ids: number[], player_id = 'p1'): Suspension {
  return {
    player_id,
    name: 'Pat',
    team_id: 't1',
    team_name: 'Team One',
    reason: 'Red card',
    matches_remaining,
    match_ids,
    card_match: null,
    matches: [],
  };
}

const covered = (suspension: Suspension, matches = MATCHES) =>
  matches.filter((match) => banCovers(suspension, match.id, matches, NOW)).map((match) => match.id);

describe('banCovers', () => {
  it('covers the matches the server listed, and no other while they are the whole ban', () => {
    expect(covered(ban(1, [2]))).toEqual([2]);
    expect(covered(ban(2, [2, 3]))).toEqual([2, 3]);
  });

  it('covers the next matches after the listed ones while the ban runs past them', () => {
    // Two still to serve, one fixed: the next match after it is the other.
    expect(covered(ban(2, [2]))).toEqual([2, 3]);
    expect(covered(ban(3, [3]))).toEqual([3, 4, 5]);
  });

  it('with no fixture listed, covers the next matches not yet kicked off', () => {
    expect(covered(ban(1, []))).toEqual([2]);
    expect(covered(ban(2, []))).toEqual([2, 3]);
  });

  it('skips postponed matches and other seasons, as the server counts', () => {
    const matches: BanMatch[] = [
      MATCHES[1] as BanMatch,
      { id: 3, date: '2026-06-27T14:00:00.000Z', season: '2026', status: 'postponed' },
      { id: 4, date: '2026-07-04T14:00:00.000Z', season: '2026', status: 'scheduled' },
      { id: 9, date: '2027-03-01T14:00:00.000Z', season: '2027' },
    ];
    expect(covered(ban(3, [2]), matches)).toEqual([2, 4]);
  });

  it('orders matches by date, not by id', () => {
    const matches: BanMatch[] = [
      { id: 10, date: '2026-06-20T14:00:00.000Z', season: '2026' },
      { id: 12, date: '2026-06-27T14:00:00.000Z', season: '2026' },
      { id: 11, date: '2026-07-04T14:00:00.000Z', season: '2026' },
    ];
    expect(covered(ban(2, [10]), matches)).toEqual([10, 12]);
  });

  it('goes by the listed matches only when one of them is not among the known matches', () => {
    expect(covered(ban(3, [99]))).toEqual([]);
    expect(banCovers(ban(3, [99]), 99, MATCHES, NOW)).toBe(true);
  });
});

describe('isSuspendedFor', () => {
  it("looks at the player's own bans only", () => {
    const bans = [ban(1, [2], 'p1'), ban(1, [3], 'p2')];
    expect(isSuspendedFor(bans, 'p1', 2, MATCHES, NOW)).toBe(true);
    expect(isSuspendedFor(bans, 'p1', 3, MATCHES, NOW)).toBe(false);
    expect(isSuspendedFor(bans, 'p2', 3, MATCHES, NOW)).toBe(true);
    expect(isSuspendedFor([], 'p1', 2, MATCHES, NOW)).toBe(false);
  });
});

describe('playerSuspension and the wording', () => {
  it("adds up a player's bans, reasons in order, as the player profile does", () => {
    const bans = [ban(1, [2]), { ...ban(1, [3]), reason: '5 yellow cards this season' }, ban(2, [2], 'p2')];
    expect(playerSuspension(bans, 'p1')).toEqual({
      reason: 'Red card; 5 yellow cards this season',
      matches_remaining: 2,
    });
    expect(playerSuspension(bans, 'p3')).toBeUndefined();
  });

  it("says 'match' for one and 'matches' for more, with an en dash", () => {
    expect(suspendedText(1)).toBe('Suspended \u2013 1 match');
    expect(suspendedText(2)).toBe('Suspended \u2013 2 matches');
  });
});
