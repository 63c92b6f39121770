import { describe, expect, it } from 'vitest';
import { metricTotals, overallRating, seasonsNewestFirst } from '@/features/players/rating';

const season = (goals: number, assists: number, shutouts: number, matches: number) => ({
  goals,
  assists,
  shutouts,
  matches,
});

describe('overall rating', () => {
  it('starts at 65 for a player without metrics', () => {
    expect(overallRating({})).toBe(65);
  });

  it('grows with weighted goals, assists, clean sheets and appearances of all seasons', () => {
    // score 2·2 + 1.5·1 + 0.5·2 = 6.5 → 65 + 30·(1 − e^−0.1625) = 69.5 → 69
    expect(overallRating({ '2026': season(2, 1, 0, 2) })).toBe(69);
    // score 3·1 + 0.5·(2 + 1) = 4.5 → 68.2 → 68
    expect(overallRating({ '2026': season(0, 0, 1, 2), '2025': season(0, 0, 0, 1) })).toBe(68);
    // score 40 → 65 + 30·(1 − 1/e) = 84.0
    expect(overallRating({ '2026': season(12, 6, 0, 14) })).toBe(84);
    expect(overallRating({ '2026': season(3, 1, 0, 2) })).toBeGreaterThan(
      overallRating({ '2026': season(2, 1, 0, 2) }),
    );
  });

  it('never passes 95', () => {
    expect(overallRating({ '2026': season(200, 100, 0, 300) })).toBe(95);
  });

  it('sums metrics and orders seasons newest first', () => {
    const metrics = { '2025': season(1, 0, 0, 1), '2026': season(2, 1, 0, 2) };
    expect(metricTotals(metrics)).toEqual(season(3, 1, 0, 3));
    expect(seasonsNewestFirst(metrics).map(([year]) => year)).toEqual(['2026', '2025']);
  });
});
