/** The fixture generator: a round robin by the circle method, checked as properties. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundRobin } from '../../../db/rules/round-robin';

const league = fc
  .record({
    count: fc.integer({ min: 3, max: 20 }),
    rounds: fc.constantFrom(1 as const, 2 as const),
    salt: fc.string({ maxLength: 6 }),
  })
  .map(({ count, rounds, salt }) => ({
    rounds,
    teams: Array.from({ length: count }, (_, i) => `${salt}team-${i}`),
  }));

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

describe('roundRobin', () => {
  it('has every pair meet `rounds` times, once each way in a double round robin', () => {
    fc.assert(
      fc.property(league, ({ teams, rounds }) => {
        const met = new Map<string, number>();
        const directed = new Set<string>();
        for (const { home, away } of roundRobin(teams, rounds)) {
          expect(home).not.toBe(away);
          met.set(pairKey(home, away), (met.get(pairKey(home, away)) ?? 0) + 1);
          directed.add(`${home}>${away}`);
        }
        expect(met.size).toBe((teams.length * (teams.length - 1)) / 2);
        for (const times of met.values()) expect(times).toBe(rounds);
        if (rounds === 2) expect(directed.size).toBe(teams.length * (teams.length - 1));
      }),
      { numRuns: 150 },
    );
  });

  it('never has a team play twice on one match day; an odd count gives one bye a day', () => {
    fc.assert(
      fc.property(league, ({ teams, rounds }) => {
        const byDay = new Map<number, string[]>();
        for (const { day, home, away } of roundRobin(teams, rounds)) {
          byDay.set(day, [...(byDay.get(day) ?? []), home, away]);
        }
        const days = (teams.length % 2 === 0 ? teams.length - 1 : teams.length) * rounds;
        expect([...byDay.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: days }, (_, d) => d));
        for (const playing of byDay.values()) {
          expect(new Set(playing).size).toBe(playing.length);
          expect(playing.length).toBe(teams.length - (teams.length % 2));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('balances home and away: at most one apart in a single round robin, equal in a double', () => {
    fc.assert(
      fc.property(league, ({ teams, rounds }) => {
        const balance = new Map(teams.map((id) => [id, 0]));
        for (const { home, away } of roundRobin(teams, rounds)) {
          balance.set(home, (balance.get(home) ?? 0) + 1);
          balance.set(away, (balance.get(away) ?? 0) - 1);
        }
        for (const difference of balance.values()) {
          expect(Math.abs(difference)).toBeLessThanOrEqual(rounds === 2 ? 0 : 1);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('answers nothing for fewer than two teams and refuses a team listed twice', () => {
    expect(roundRobin([], 2)).toEqual([]);
    expect(roundRobin(['solo'], 1)).toEqual([]);
    expect(roundRobin(['a', 'b'], 2)).toEqual([
      { day: 0, home: 'a', away: 'b' },
      { day: 1, home: 'b', away: 'a' },
    ]);
    expect(() => roundRobin(['a', 'b', 'a'], 1)).toThrow('a team is listed twice');
  });
});
