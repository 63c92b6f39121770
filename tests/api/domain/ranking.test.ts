/**
 * The league table's order under a league's rules: head-to-head mini-leagues
 * (recursive), shared positions, deductions and every tie-breaker name, on hand-built leagues.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, TIEBREAKERS, type Tiebreaker } from '../../../api/domain/league-rules';
import {
  computeStandings,
  explainStandings,
  type StandingMatch,
  type StandingTeam,
} from '../../../api/domain/standings';

const team = (id: string): StandingTeam => ({ team_id: id, team_name: id.toUpperCase(), logo: null });
const played = (home: string, away: string, homeScore: number, awayScore: number): StandingMatch => ({
  home_team: home,
  away_team: away,
  home_score: homeScore,
  away_score: awayScore,
  approved: 'TRUE',
});
const rulesOf = (tiebreakers: Tiebreaker[]) => ({ points: DEFAULT_RULES.points, tiebreakers });
const order = (rows: { position: number; team_id: string }[]) =>
  rows.map((row) => `${row.position} ${row.team_id}`);

/** Head to head before the overall goal difference. */
const HEAD_TO_HEAD_FIRST = rulesOf([
  'points',
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_for',
  'goal_difference',
]);

/**
 * a beat b 2-0, b beat c 1-0, c beat a 1-0: among themselves 3 points each, goal
 * difference a +1, c 0, b -1.
 */
const CYCLE = [played('a', 'b', 2, 0), played('b', 'c', 1, 0), played('c', 'a', 1, 0)];

describe('head to head', () => {
  // a, b and c level on 6 points; among themselves a beat b 2-0, b beat c 1-0, c beat a 1-0:
  // 3 points each, head-to-head goal difference a +1, c 0, b -1. Against d: b 5-0, a 1-0, c 1-0.
  const teams = ['a', 'b', 'c', 'd'].map(team);
  const matches = [...CYCLE, played('b', 'd', 5, 0), played('a', 'd', 1, 0), played('c', 'd', 1, 0)];

  it('breaks a three-way tie by the mini-league of the tied teams only', () => {
    expect(order(computeStandings(teams, matches, { rules: HEAD_TO_HEAD_FIRST }))).toEqual([
      '1 a',
      '2 c',
      '3 b',
      '4 d',
    ]);
  });

  it('explains each place: the criterion that split a row from the next, with both values', () => {
    const { rows, reasons } = explainStandings(teams, matches, { rules: HEAD_TO_HEAD_FIRST });
    expect(rows.map((row) => row.team_id)).toEqual(['a', 'c', 'b', 'd']);
    expect(reasons).toEqual([
      // a and c: level on 6 points and on head-to-head points (3), a +1 against c's 0.
      { criterion: 'head_to_head_goal_difference', above: 1, below: 0, levelOnPoints: 6 },
      { criterion: 'head_to_head_goal_difference', above: 0, below: -1, levelOnPoints: 6 },
      { criterion: 'points', above: 6, below: 0, levelOnPoints: null },
      null,
    ]);
  });

  it('comes after goal difference and goals scored by default', () => {
    // Overall goal difference: b +4, a +2, c +1.
    expect(order(computeStandings(teams, matches))).toEqual(['1 b', '2 a', '3 c', '4 d']);
  });

  it('applies the mini-league again to a smaller group the first one left level', () => {
    // a, b, c, d on 9 points. Among the four, d beat the other three and a, b, c end level
    // (3 points, -2, 2 scored); among a, b, c alone: a +1, c 0, b -1. Overall goal
    // difference would say b, c, a (their wins over e differ).
    const five = ['a', 'b', 'c', 'd', 'e'].map(team);
    const results = [
      ...CYCLE,
      played('d', 'a', 3, 0),
      played('d', 'b', 2, 1),
      played('d', 'c', 3, 1),
      ...[1, 2].flatMap(() => [played('a', 'e', 1, 0), played('b', 'e', 3, 0), played('c', 'e', 2, 0)]),
    ];
    const table = computeStandings(five, results, { rules: HEAD_TO_HEAD_FIRST });
    expect(table.slice(0, 4).map((row) => row.points)).toEqual([9, 9, 9, 9]);
    expect(order(table)).toEqual(['1 d', '2 a', '3 c', '4 b', '5 e']);
  });
});

describe('shared positions and deductions', () => {
  it('lets teams level on every tie-breaker share a position, and the next position skips', () => {
    const table = computeStandings(['a', 'b', 'c'].map(team), [played('a', 'b', 1, 1)], {
      deductions: [{ team_id: 'c', points: 1 }],
    });
    expect(order(table)).toEqual(['1 a', '1 b', '3 c']);
    // Nothing splits a from b; b is above c on points (1 against 0 - 1 deducted).
    expect(
      explainStandings(['a', 'b', 'c'].map(team), [played('a', 'b', 1, 1)], {
        deductions: [{ team_id: 'c', points: 1 }],
      }).reasons,
    ).toEqual([null, { criterion: 'points', above: 1, below: -1, levelOnPoints: null }, null]);
  });

  it('takes deducted points off (several deductions add up) and shows how many', () => {
    const table = computeStandings(['a', 'b'].map(team), [played('a', 'b', 2, 0)], {
      deductions: [
        { team_id: 'a', points: 2 },
        { team_id: 'a', points: 2 },
        { team_id: 'nobody', points: 9 },
      ],
    });
    expect(table.map((row) => [row.team_id, row.points, row.deducted, row.position])).toEqual([
      ['b', 0, 0, 1],
      ['a', -1, 4, 2],
    ]);
  });

  it('counts points by the league rules', () => {
    const table = computeStandings(
      ['a', 'b', 'c'].map(team),
      [played('a', 'b', 1, 0), played('b', 'c', 0, 0)],
      {
        rules: { points: { win: 2, draw: 1, loss: 0 }, tiebreakers: ['points'] },
      },
    );
    expect(table.map((row) => [row.team_id, row.points])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 1],
    ]);
  });
});

describe('every tie-breaker decides on its own', () => {
  // p and q, level on everything else that matters, with r (and s) to play against.
  const cases: Record<Tiebreaker, { matches: StandingMatch[]; cards?: Map<string, number> }> = {
    points: { matches: [played('p', 'r', 1, 0), played('q', 'r', 0, 1)] },
    goal_difference: { matches: [played('p', 'r', 2, 0), played('q', 'r', 1, 0)] },
    goals_for: { matches: [played('p', 'r', 3, 3), played('q', 'r', 0, 0)] },
    head_to_head_points: { matches: [played('p', 'q', 1, 0)] },
    head_to_head_goal_difference: { matches: [played('p', 'q', 2, 0), played('q', 'p', 1, 0)] },
    // Among p, q and s everyone drew: goals scored p 3, q 1.
    head_to_head_goals_for: {
      matches: [played('p', 's', 3, 3), played('q', 's', 1, 1), played('p', 'q', 0, 0)],
    },
    wins: {
      matches: [
        played('p', 'r', 1, 0),
        played('p', 'r', 0, 1),
        played('q', 'r', 0, 0),
        played('q', 'r', 0, 0),
      ],
    },
    away_goals_for: { matches: [played('r', 'p', 0, 2), played('q', 'r', 2, 0)] },
    fewest_goals_against: { matches: [played('p', 'r', 0, 0), played('q', 'r', 1, 1)] },
    fair_play: {
      matches: [],
      cards: new Map([
        ['p', 1],
        ['q', 3],
      ]),
    },
  };

  it.each(TIEBREAKERS)('%s', (criterion) => {
    const { matches, cards } = cases[criterion];
    const teams = ['q', 'p', 'r', 's'].map(team);
    const rank = (tiebreakers: Tiebreaker[]) => {
      const table = computeStandings(teams, matches, {
        rules: rulesOf(tiebreakers),
        ...(cards && { cards }),
      });
      const at = (id: string) => table.find((row) => row.team_id === id)?.position ?? 0;
      return [at('p'), at('q')];
    };
    const [p, q] = rank([criterion]);
    expect(p).toBeLessThan(q as number);
    // Without it they are level (the test's own check that the case isolates the criterion).
    const [alone, other] = rank([]);
    expect(alone).toBe(other);
  });

  it('explains goals conceded and cards as counted, the fewer above', () => {
    const teams = ['q', 'p', 'r', 's'].map(team);
    const reasonFor = (criterion: Tiebreaker) => {
      const { matches, cards } = cases[criterion];
      const { rows, reasons } = explainStandings(teams, matches, {
        rules: rulesOf([criterion]),
        ...(cards && { cards }),
      });
      // The boundary just above q's class (p sits somewhere above it).
      const first = rows.findIndex((row) => row.position === rows.find((r) => r.team_id === 'q')?.position);
      return reasons[first - 1];
    };
    expect(reasonFor('fewest_goals_against')).toMatchObject({
      criterion: 'fewest_goals_against',
      above: 0,
      below: 1,
    });
    expect(reasonFor('fair_play')).toMatchObject({ criterion: 'fair_play', above: 1, below: 3 });
  });
});

describe('the default rules', () => {
  it('are the contract of the league rules', () => {
    expect(DEFAULT_RULES).toEqual({
      points: { win: 3, draw: 1, loss: 0 },
      tiebreakers: [
        'points',
        'goal_difference',
        'goals_for',
        'head_to_head_points',
        'head_to_head_goal_difference',
        'head_to_head_goals_for',
        'wins',
      ],
      report_deadline_hours: 72,
      suspensions: { red_card_matches: 1, yellow_card_threshold: 5, yellow_card_matches: 1 },
    });
  });
});
