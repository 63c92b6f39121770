/**
 * Words for why a table row sits above the next one: what a tap on a row
 * of the Table tab explains, from the `reasons` of the table answer.
 */
import { TIEBREAKER_LABELS, type Tiebreaker } from '../../../api/domain/league-rules';
import type { PlaceReason } from '@/lib/api-types';
import { plural } from '../../../db/rules/words';

/** `reasons[i]` of GET /api/leagues/{id}/table: why row i is above row i + 1. */
export type { PlaceReason };

/** The parts of a table row the explanation reads. */
export interface PlacedTeam {
  position: number;
  team_name: string;
}

/** Criteria whose values read as a difference: shown signed (+12, -3). */
const SIGNED: ReadonlySet<string> = new Set(['goal_difference', 'head_to_head_goal_difference']);
/** Criteria ranked "fewer is better", whose values may come negated: shown as counts. */
const COUNTS_OF_FEWER: ReadonlySet<string> = new Set(['fewest_goals_against', 'fair_play']);

function label(criterion: string): string {
  // A criterion newer than this page (a cached page, a newer server) still gets words.
  return TIEBREAKER_LABELS[criterion as Tiebreaker] ?? criterion.replaceAll('_', ' ');
}

function valueText(criterion: string, value: number): string {
  if (SIGNED.has(criterion)) return value > 0 ? `+${value}` : String(value);
  if (COUNTS_OF_FEWER.has(criterion)) return String(Math.abs(value));
  return String(value);
}

function pointsText(points: number): string {
  return plural(points, 'point');
}

/**
 * Why `row` sits above `next`, or null when there is nothing to say (no reason known).
 * Two rows sharing a position are level on every tie-breaker, reason or not.
 */
export function placeExplanation(
  row: PlacedTeam,
  next: PlacedTeam,
  reason: PlaceReason | null,
): string | null {
  if (row.position > 0 && row.position === next.position) {
    return `Level with ${next.team_name} on every tie-breaker: they share position ${row.position}.`;
  }
  if (reason === null) return null;
  const { criterion } = reason;
  const values = `${valueText(criterion, reason.above)} vs ${valueText(criterion, reason.below)}`;
  if (criterion !== 'points' && reason.level_on_points !== null) {
    return `Level on ${pointsText(reason.level_on_points)} with ${next.team_name}; ahead on ${label(criterion)} ${values}.`;
  }
  return `Ahead of ${next.team_name} on ${label(criterion)}: ${values}.`;
}
