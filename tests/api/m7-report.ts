/**
 * A valid report of the tiny league's match m7 (West Rangers 2-1 East United), with a red
 * card and three yellows: the report the result-loop tests, the match-write tests and the
 * app's two-reports tests send first.
 */
export const M7_REPORT = {
  home_score: 2,
  away_score: 1,
  goalscorers: ['wr.fwd', 'eu.fwd', 'wr.fwd'],
  assisters: ['wr.mid', 'eu.mid'],
  goalkeepers: ['wr.gk', 'eu.gk'],
  yellow_cards: ['eu.def', 'wr.mid', 'eu.def'],
  red_cards: ['wr.def'],
};
