/** The pure rules in db/rules that the app, the server and the demo seed share. */
import { describe, expect, it } from 'vitest';
import { inChunks } from '../../../db/rules/chunks';
import { countIds, idCounts, idList } from '../../../db/rules/id-lists';
import * as positions from '../../../db/rules/positions';
import { banMatches, playerSuspension, servingOrder } from '../../../db/rules/suspensions';
import { hasControlCharacter } from '../../../db/rules/text';

describe('positions', () => {
  it('maps each position to one general position and back', () => {
    for (const position of positions.POSITIONS) {
      expect(positions.POSITION_GENERALS).toContain(positions.GENERAL_OF[position]);
      expect(positions.positionOf(positions.GENERAL_OF[position])).toBe(position);
    }
    expect(positions.GENERAL_OF.Forward).toBe('FW');
  });

  it('lets a general position fit its own position or be Other', () => {
    expect(positions.positionsAgree('Goalkeeper', 'GK')).toBe(true);
    expect(positions.positionsAgree('Goalkeeper', 'Other')).toBe(true);
    expect(positions.positionsAgree('Goalkeeper', 'DEF')).toBe(false);
    expect(positions.expectedGeneral('Forward')).toBe('must be FW (or Other) for a Forward');
  });

  it('spells forwards FWD in the form and FW when stored', () => {
    expect(positions.storedGeneral('FWD')).toBe('FW');
    expect(positions.storedGeneral('MID')).toBe('MID');
    expect(positions.formGeneral('FW')).toBe('FWD');
    expect(positions.formGeneral('COACH')).toBe('COACH');
    expect(positions.formGeneral('Other')).toBeNull();
  });
});

describe('hasControlCharacter', () => {
  it('refuses C0, DEL and C1 characters', () => {
    for (const code of [0x00, 0x09, 0x0a, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      expect(hasControlCharacter(`a${String.fromCodePoint(code)}b`), code.toString(16)).toBe(true);
    }
  });

  it('takes printable text, accents, other scripts and format characters', () => {
    for (const text of [
      'North Town',
      'Zoë',
      'ﬁ',
      '\u00a0',
      '\u00a0x',
      'שלום',
      '⚽',
      '\u200b',
      '\u2028',
      '',
    ]) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('inChunks', () => {
  it('slices in order, the last slice holding the rest', () => {
    expect(inChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inChunks([1, 2], 5)).toEqual([[1, 2]]);
    expect(inChunks([], 3)).toEqual([]);
  });

  it('refuses a slice of no items rather than looping for ever', () => {
    expect(() => inChunks([1], 0)).toThrow(RangeError);
    expect(() => inChunks([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('id lists', () => {
  it('reads arrays or comma-separated text, trimmed, without blanks', () => {
    expect(idList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(idList(['a ', '', ' '])).toEqual(['a']);
    expect(idList(null)).toEqual([]);
    expect(idList(undefined)).toEqual([]);
  });

  it('counts an id once per time it is listed, in order of first appearance', () => {
    expect(countIds(['b', 'a', 'b', 'c', 'b'])).toEqual([
      { id: 'b', count: 3 },
      { id: 'a', count: 1 },
      { id: 'c', count: 1 },
    ]);
    expect([...idCounts(['x', 'x'])]).toEqual([['x', 2]]);
  });
});

describe('how bans fall on matches', () => {
  const schedule = [
    { id: 3, at: '2026-05-09T14:00:00.000Z', status: 'scheduled' },
    { id: 1, at: '2026-05-02T14:00:00.000Z', status: 'scheduled' },
    { id: 4, at: '2026-05-09T14:00:00.000Z', status: 'postponed' },
    { id: 2, at: '2026-05-16T14:00:00.000Z' },
  ].sort(servingOrder((match) => match.at));

  it('orders by kick-off, then id', () => {
    expect(schedule.map((match) => match.id)).toEqual([1, 3, 4, 2]);
    const byTime = servingOrder((match: { id: number; time: number }) => match.time);
    expect(byTime({ id: 9, time: 1 }, { id: 1, time: 2 })).toBeLessThan(0);
    expect(byTime({ id: 9, time: 2 }, { id: 1, time: 2 })).toBeGreaterThan(0);
  });

  it('takes the next matches that are not postponed, and says where the next ban may start', () => {
    expect(banMatches(schedule, 1, 2)).toEqual({ matches: [schedule[1], schedule[3]], end: 4 });
    expect(banMatches(schedule, 0, 1)).toEqual({ matches: [schedule[0]], end: 1 });
    // Past the fixtures: fewer matches than the ban is long.
    expect(banMatches(schedule, 2, 3)).toEqual({ matches: [schedule[3]], end: 4 });
    expect(banMatches(schedule, 0, 0)).toEqual({ matches: [], end: 0 });
  });

  it('sums up a player’s bans still to serve as one', () => {
    const bans = [
      { player_id: 'p', reason: 'Red card', matches_remaining: 1 },
      { player_id: 'q', reason: 'Red card', matches_remaining: 2 },
      { player_id: 'p', reason: '5 yellow cards this season', matches_remaining: 1 },
      { player_id: 'p', reason: 'Served', matches_remaining: 0 },
    ];
    expect(playerSuspension(bans, 'p')).toEqual({
      reason: 'Red card; 5 yellow cards this season',
      matches_remaining: 2,
    });
    expect(playerSuspension(bans, 'r')).toBeUndefined();
  });
});
