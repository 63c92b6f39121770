/**
 * The player card's overall rating and metric totals. The specification calls the
 * rating "computed and randomised"; we keep it deterministic instead, so the same
 * player always shows the same number on every visit and every device.
 */
import type { PlayerProfile } from '@/lib/api-types';

export type SeasonMetrics = PlayerProfile['metrics'][string];

export const RATING_MIN = 65;
export const RATING_MAX = 95;
/** The score at which a player has gained 63% of the 30 points above the floor. */
const RATING_SCALE = 40;

export function metricTotals(metrics: PlayerProfile['metrics']): SeasonMetrics {
  const totals: SeasonMetrics = { goals: 0, assists: 0, shutouts: 0, matches: 0 };
  for (const season of Object.values(metrics)) {
    totals.goals += season.goals;
    totals.assists += season.assists;
    totals.shutouts += season.shutouts;
    totals.matches += season.matches;
  }
  return totals;
}

/**
 * score  = 2·goals + 1.5·assists + 3·clean sheets + 0.5·appearances (all seasons)
 * rating = round(65 + 30 · (1 − e^(−score / 40))), clamped to 65–95.
 * Clean sheets weigh most because a keeper has few other ways to score, and
 * appearances reward regulars a little. The curve flattens so that a prolific
 * player approaches 95 without every regular reaching it: a score of 40 (say 12
 * goals, 6 assists and 14 appearances) rates 84.
 */
export function overallRating(metrics: PlayerProfile['metrics']): number {
  const t = metricTotals(metrics);
  const score = 2 * t.goals + 1.5 * t.assists + 3 * t.shutouts + 0.5 * t.matches;
  const raw = Math.round(RATING_MIN + (RATING_MAX - RATING_MIN) * (1 - Math.exp(-score / RATING_SCALE)));
  return Math.min(RATING_MAX, Math.max(RATING_MIN, raw));
}

/** Seasons newest first ("2026", "2025", …). */
export function seasonsNewestFirst(metrics: PlayerProfile['metrics']): [string, SeasonMetrics][] {
  return Object.entries(metrics).sort(([a], [b]) => Number(b) - Number(a) || b.localeCompare(a));
}
