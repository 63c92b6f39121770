import { describe, expect, it } from 'vitest';
import {
  isSquadLocked,
  isSquadSize,
  plural,
  reportEvents,
  reportProblems,
  SQUAD_MAX,
  SQUAD_MIN,
  squadListProblem,
  squadMembersRefusal,
  type SideTally,
} from '../../../api/domain/report-rules';

describe('plural', () => {
  it.each([
    [0, 'goals'],
    [1, 'goal'],
    [2, 'goals'],
  ])('%i → %s', (count, noun) => {
    expect(plural(count, 'goal')).toBe(`${count} ${noun}`);
  });
});

describe('squads', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

  it('are 7 to 18 players', () => {
    expect([SQUAD_MIN, SQUAD_MAX]).toEqual([7, 18]);
    expect([6, 7, 18, 19].map(isSquadSize)).toEqual([false, true, true, false]);
  });

  it('name a repeat before the size, and the size with the count', () => {
    expect(squadListProblem(['a', 'b', 'a', 'a'])).toBe('Each player may be selected once (repeated: a)');
    expect(squadListProblem(ids(6))).toBe('Select between 7 and 18 players (you selected 6)');
    expect(squadListProblem(ids(19))).toBe('Select between 7 and 18 players (you selected 19)');
    expect(squadListProblem(ids(7))).toBeNull();
  });

  it('lock once the result is approved', () => {
    expect(isSquadLocked('TRUE')).toBe(true);
    expect(['', 'PENDING', 'FALSE'].map((a) => isSquadLocked(a as 'PENDING'))).toEqual([false, false, false]);
  });

  it("take only the team's players, and none the opponent already selected", () => {
    const currentTeams = new Map<string, string | null>([
      ['a', 'nt'],
      ['b', 'nt'],
      ['c', 'sc'],
      ['d', null],
    ]);
    const base = { teamId: 'nt', teamName: 'North Town', currentTeams, saved: [] };
    expect(squadMembersRefusal({ ...base, players: ['a', 'c', 'd', 'ghost'] })).toEqual({
      kind: 'invalid',
      message: 'Not on the North Town roster: c, d, ghost',
    });
    expect(
      squadMembersRefusal({
        ...base,
        players: ['a', 'b'],
        saved: [
          { team_id: 'sc', player_id: 'b' },
          { team_id: 'nt', player_id: 'a' },
        ],
      }),
    ).toEqual({ kind: 'conflict', message: 'Already selected by the opponent for this match: b' });
    expect(squadMembersRefusal({ ...base, players: ['a', 'b'] })).toBeNull();
  });
});

describe('reportProblems', () => {
  const side = (over: Partial<SideTally>): SideTally => ({
    name: 'West Rangers',
    score: 2,
    goals: 0,
    assists: 0,
    keepers: 1,
    ...over,
  });

  it('allows goals short of the score (unknown scorers), never more', () => {
    expect(reportProblems([side({ goals: 1 }), side({ name: 'East United', score: 0 })])).toEqual([]);
    expect(reportProblems([side({ goals: 3 })])).toEqual([
      'West Rangers is credited with 3 goals but scored 2',
    ]);
  });

  it("counts the opponent's own goals in a side's goals, and never among the goals an assist needs", () => {
    expect(reportProblems([side({ goals: 1, ownGoalsFor: 1, assists: 1 })])).toEqual([]);
    expect(reportProblems([side({ goals: 2, ownGoalsFor: 1 })])).toEqual([
      'West Rangers is credited with 3 goals (1 own goal) but scored 2',
    ]);
    expect(reportProblems([side({ goals: 1, ownGoalsFor: 1, assists: 2 })])).toEqual([
      'West Rangers is credited with 2 assists but only 1 goal by its players',
    ]);
  });

  it('lists every problem in order: score range, then goals, assists and keepers per side', () => {
    expect(
      reportProblems([
        side({ score: 100, goals: 1, assists: 2, keepers: 3 }),
        side({ name: 'East United', score: 0, goals: 1 }),
      ]),
    ).toEqual([
      'Scores must be whole numbers from 0 to 99',
      'West Rangers is credited with 2 assists but only 1 goal by its players',
      'West Rangers lists 3 goalkeepers; at most 2 per team',
      'East United is credited with 1 goal but scored 0',
    ]);
  });
});

describe('reportEvents', () => {
  const match = {
    home_team: 'wr',
    away_team: 'eu',
    home_team_name: 'West Rangers',
    away_team_name: 'East United',
  };
  const report = { home_score: 1, away_score: 0, goalscorers: [], assisters: [], goalkeepers: [] };
  const currentTeams = new Map<string, string | null>([
    ['wr.fwd', 'wr'],
    ['wr.gk', 'wr'],
    ['eu.gk', 'eu'],
    ['moved', 'sc'],
    ['free', null],
  ]);

  it("puts each player on the side of the saved squad, else of the player's team, in the order listed", () => {
    const result = reportEvents(
      match,
      {
        ...report,
        goalscorers: ['moved'],
        assisters: ['wr.fwd'],
        goalkeepers: ['wr.gk', 'eu.gk'],
        yellow_cards: ['eu.gk', 'moved', 'eu.gk'],
        red_cards: ['wr.fwd'],
      },
      [{ team_id: 'wr', player_id: 'moved' }],
      currentTeams,
    );
    expect(result).toEqual({
      events: [
        { team_id: 'wr', player_id: 'moved', kind: 'goal' },
        { team_id: 'wr', player_id: 'wr.fwd', kind: 'assist' },
        { team_id: 'wr', player_id: 'wr.gk', kind: 'goalkeeper' },
        { team_id: 'eu', player_id: 'eu.gk', kind: 'goalkeeper' },
      ],
      cards: [
        { team_id: 'eu', player_id: 'eu.gk', card: 'yellow' },
        { team_id: 'wr', player_id: 'moved', card: 'yellow' },
        { team_id: 'eu', player_id: 'eu.gk', card: 'yellow' },
        { team_id: 'wr', player_id: 'wr.fwd', card: 'red' },
      ],
      ownGoals: [],
    });
  });

  it("puts an own goal on its player's side and counts it for the other side", () => {
    const scored = { ...report, home_score: 1, away_score: 0, own_goals: ['eu.gk'] };
    expect(reportEvents(match, scored, [], currentTeams)).toEqual({
      events: [],
      cards: [],
      ownGoals: [{ team_id: 'eu', player_id: 'eu.gk' }],
    });
    expect(reportEvents(match, { ...scored, home_score: 0 }, [], currentTeams)).toEqual({
      problem: 'West Rangers is credited with 1 goal (1 own goal) but scored 0',
    });
    expect(reportEvents(match, { ...scored, own_goals: ['moved'] }, [], currentTeams)).toEqual({
      problem: 'Unknown player for this match: moved',
    });
  });

  it.each([
    ['a player of neither team', { goalscorers: ['moved'] }, 'Unknown player for this match: moved'],
    ['a player without a team', { assisters: ['free'] }, 'Unknown player for this match: free'],
    ['no such player', { goalkeepers: ['ghost'] }, 'Unknown player for this match: ghost'],
    ['a keeper twice', { goalkeepers: ['wr.gk', 'wr.gk'] }, 'Goalkeeper listed more than once: wr.gk'],
    [
      'three yellows for one player',
      { yellow_cards: ['wr.gk', 'wr.gk', 'wr.gk'] },
      'A player can be shown at most two yellow cards: wr.gk',
    ],
    ['two reds for one player', { red_cards: ['eu.gk', 'eu.gk'] }, 'Red card listed more than once: eu.gk'],
    [
      'a card for a player of neither team',
      { yellow_cards: ['moved'] },
      'Unknown player for this match: moved',
    ],
    [
      'more goals than the score',
      { goalscorers: ['wr.fwd', 'wr.fwd'] },
      'West Rangers is credited with 2 goals but scored 1',
    ],
    [
      'goals for a side that scored none',
      { goalscorers: ['eu.gk'] },
      'East United is credited with 1 goal but scored 0',
    ],
  ])('refuses %s', (_name, lists, problem) => {
    expect(reportEvents(match, { ...report, ...lists }, [], currentTeams)).toEqual({ problem });
  });
});
