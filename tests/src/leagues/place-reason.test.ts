import { describe, expect, it } from 'vitest';
import { placeExplanation, type PlaceReason } from '@/features/leagues/place-reason';

const row = { position: 2, team_name: 'Riverside Rovers' };
const next = { position: 3, team_name: 'Eastside United' };

function reason(criterion: PlaceReason['criterion'], above: number, below: number, level: number | null) {
  return { criterion, above, below, level_on_points: level } satisfies PlaceReason;
}

describe('placeExplanation', () => {
  it('gives both points when points decide', () => {
    expect(placeExplanation(row, next, reason('points', 43, 40, null))).toBe(
      'Ahead of Eastside United on points: 43 vs 40.',
    );
  });

  it('says they are level on points and shows a goal difference signed', () => {
    expect(placeExplanation(row, next, reason('goal_difference', 12, 9, 40))).toBe(
      'Level on 40 points with Eastside United; ahead on goal difference +12 vs +9.',
    );
    expect(placeExplanation(row, next, reason('goal_difference', 0, -3, 1))).toBe(
      'Level on 1 point with Eastside United; ahead on goal difference 0 vs -3.',
    );
    expect(placeExplanation(row, next, reason('head_to_head_goal_difference', 2, -2, 7))).toBe(
      'Level on 7 points with Eastside United; ahead on head-to-head goal difference +2 vs -2.',
    );
  });

  it('names head-to-head points and other criteria with their labels, unsigned', () => {
    expect(placeExplanation(row, next, reason('head_to_head_points', 4, 1, 40))).toBe(
      'Level on 40 points with Eastside United; ahead on head-to-head points 4 vs 1.',
    );
    expect(placeExplanation(row, next, reason('goals_for', 30, 28, 40))).toBe(
      'Level on 40 points with Eastside United; ahead on goals scored 30 vs 28.',
    );
  });

  it('shows "fewer is better" criteria as counts, whether the values come negated or not', () => {
    expect(placeExplanation(row, next, reason('fewest_goals_against', -12, -15, 40))).toBe(
      'Level on 40 points with Eastside United; ahead on fewest goals conceded 12 vs 15.',
    );
    expect(placeExplanation(row, next, reason('fair_play', 3, 7, 40))).toBe(
      'Level on 40 points with Eastside United; ahead on fair play (fewest cards) 3 vs 7.',
    );
  });

  it('explains a criterion before points (a league may order them so) without "level"', () => {
    expect(placeExplanation(row, next, reason('goal_difference', 5, 2, null))).toBe(
      'Ahead of Eastside United on goal difference: +5 vs +2.',
    );
  });

  it('says two rows sharing a position are level on every tie-breaker, with or without a reason', () => {
    const tied = { position: 3, team_name: 'Eastside United' };
    const mate = { position: 3, team_name: 'Westside Wanderers' };
    expect(placeExplanation(tied, mate, null)).toBe(
      'Level with Westside Wanderers on every tie-breaker: they share position 3.',
    );
    expect(placeExplanation(tied, mate, reason('points', 40, 40, null))).toBe(
      'Level with Westside Wanderers on every tie-breaker: they share position 3.',
    );
  });

  it('has nothing to say without a reason (an answer from before reasons came)', () => {
    expect(placeExplanation(row, next, null)).toBeNull();
  });

  it('words a criterion it does not know from its name', () => {
    const unknown = { criterion: 'away_wins', above: 3, below: 1, level_on_points: 40 };
    expect(placeExplanation(row, next, unknown as unknown as PlaceReason)).toBe(
      'Level on 40 points with Eastside United; ahead on away wins 3 vs 1.',
    );
  });
});
