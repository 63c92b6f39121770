/**
 * A league's rules: points per result, the order of tie-breakers, the
 * report deadline and the suspension thresholds. Pure data and its defaults; the
 * standings (standings.ts) and later the discipline rules read them.
 */

/** Every tie-breaker a league may list, in the order the default uses the first seven. */
export const TIEBREAKERS = [
  'points',
  'goal_difference',
  'goals_for',
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
  'wins',
  'away_goals_for',
  'fewest_goals_against',
  'fair_play',
] as const;

export type Tiebreaker = (typeof TIEBREAKERS)[number];

/** The criteria read from the matches among the tied teams only (a mini-league). */
export const HEAD_TO_HEAD: ReadonlySet<Tiebreaker> = new Set([
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
]);

export interface LeagueRules {
  points: { win: number; draw: number; loss: number };
  tiebreakers: Tiebreaker[];
  report_deadline_hours: number;
  suspensions: { red_card_matches: number; yellow_card_threshold: number; yellow_card_matches: number };
}

export const DEFAULT_RULES: LeagueRules = {
  points: { win: 3, draw: 1, loss: 0 },
  // The first seven: the allowed extras come after them in TIEBREAKERS.
  tiebreakers: TIEBREAKERS.slice(0, 7),
  report_deadline_hours: 72,
  suspensions: { red_card_matches: 1, yellow_card_threshold: 5, yellow_card_matches: 1 },
};

/** Words for a tie-breaker, as the table explains a place ("ahead on goal difference"). */
export const TIEBREAKER_LABELS: Readonly<Record<Tiebreaker, string>> = {
  points: 'points',
  goal_difference: 'goal difference',
  goals_for: 'goals scored',
  head_to_head_points: 'head-to-head points',
  head_to_head_goal_difference: 'head-to-head goal difference',
  head_to_head_goals_for: 'head-to-head goals scored',
  wins: 'wins',
  away_goals_for: 'away goals scored',
  fewest_goals_against: 'fewest goals conceded',
  fair_play: 'fair play (fewest cards)',
};
