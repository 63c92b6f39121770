import { describe, it, expect } from 'vitest';
import { computeStandings, type StandingMatch, type StandingTeam } from '../../../api/domain/standings';
import { standingRow } from '../../fixtures/tables';

type Score = [home: number | null, away: number | null];

function match(home: string, away: string, [homeScore, awayScore]: Score, approved = 'TRUE'): StandingMatch {
  return { home_team: home, away_team: away, home_score: homeScore, away_score: awayScore, approved };
}

function team(team_id: string, team_name: string, logo: string | null = null): StandingTeam {
  return { team_id, team_name, logo };
}

describe('computeStandings: hand-computed league 1 (4 teams)', () => {
  const alpha = team('alpha.fc', 'Alpha FC', 'alpha.png');
  const bravo = team('bravo.utd', 'Bravo United', null);
  const charlie = team('charlie.town', 'Charlie Town', 'charlie.png');
  const delta = team('delta.rovers', 'Delta Rovers', null);
  const teams = [alpha, bravo, charlie, delta];

  const matches = [
    match('alpha.fc', 'bravo.utd', [2, 1]),
    match('charlie.town', 'delta.rovers', [0, 0]),
    match('alpha.fc', 'charlie.town', [3, 0]),
    match('bravo.utd', 'delta.rovers', [1, 1]),
    // None of the following may count.
    match('delta.rovers', 'alpha.fc', [2, 0], 'PENDING'),
    match('bravo.utd', 'charlie.town', [4, 0], 'FALSE'),
    match('delta.rovers', 'charlie.town', [1, 0], ''),
    match('delta.rovers', 'bravo.utd', [3, 0], 'true'),
    match('charlie.town', 'alpha.fc', [null, null]),
    match('charlie.town', 'bravo.utd', [2, null]),
    match('alpha.fc', 'other.league', [5, 0]),
    match('alpha.fc', 'alpha.fc', [1, 0]),
  ];

  it('produces the literal expected table', () => {
    expect(computeStandings(teams, matches)).toEqual([
      standingRow(1, alpha, [2, 2, 0, 0, 5, 1, 4, 6]),
      standingRow(2, delta, [2, 0, 2, 0, 1, 1, 0, 2]),
      standingRow(3, bravo, [2, 0, 1, 1, 2, 3, -1, 1]),
      standingRow(4, charlie, [2, 0, 1, 1, 0, 3, -3, 1]),
    ]);
  });

  it('does not depend on the order of teams or matches', () => {
    const reversed = computeStandings([...teams].reverse(), [...matches].reverse());
    expect(reversed).toEqual(computeStandings(teams, matches));
  });

  it('does not mutate its inputs', () => {
    const teamsCopy = structuredClone(teams);
    const matchesCopy = structuredClone(matches);
    computeStandings(teams, matches);
    expect(teams).toEqual(teamsCopy);
    expect(matches).toEqual(matchesCopy);
  });
});

describe('computeStandings: hand-computed league 2 (team without games, goals-for split)', () => {
  const north = team('north', 'North Star', 'n.png');
  const south = team('south', 'South Park', 's.png');
  const east = team('east', 'East End', null);
  const westside = team('westside', 'Westside', null);

  const matches = [
    match('north', 'south', [3, 3]),
    match('south', 'east', [2, 0]),
    match('east', 'north', [1, 0]),
    match('north', 'east', [4, 1]),
    match('south', 'north', [0, 1], 'PENDING'),
  ];

  it('produces the literal expected table', () => {
    expect(computeStandings([westside, east, south, north], matches)).toEqual([
      standingRow(1, north, [3, 1, 1, 1, 7, 5, 2, 4]),
      standingRow(2, south, [2, 1, 1, 0, 5, 3, 2, 4]),
      standingRow(3, east, [3, 1, 0, 2, 2, 6, -4, 3]),
      standingRow(4, westside, [0, 0, 0, 0, 0, 0, 0, 0]),
    ]);
  });
});

describe('computeStandings: tie-breaks', () => {
  it('ranks points above goal difference', () => {
    const p = team('p', 'Papa');
    const q = team('q', 'Quebec');
    const r = team('r', 'Romeo');
    const table = computeStandings(
      [r, q, p],
      [match('p', 'r', [1, 0]), match('p', 'q', [1, 0]), match('q', 'r', [5, 0])],
    );
    expect(table).toEqual([
      standingRow(1, p, [2, 2, 0, 0, 2, 0, 2, 6]),
      standingRow(2, q, [2, 1, 0, 1, 5, 1, 4, 3]),
      standingRow(3, r, [2, 0, 0, 2, 0, 6, -6, 0]),
    ]);
  });

  it('ranks goal difference above goals for on equal points', () => {
    const a = team('a', 'Able');
    const b = team('b', 'Baker');
    const c = team('c', 'Charlie');
    const d = team('d', 'Dog');
    const table = computeStandings([a, b, c, d], [match('a', 'c', [3, 0]), match('b', 'd', [5, 4])]);
    expect(table).toEqual([
      standingRow(1, a, [1, 1, 0, 0, 3, 0, 3, 3]),
      standingRow(2, b, [1, 1, 0, 0, 5, 4, 1, 3]),
      standingRow(3, d, [1, 0, 0, 1, 4, 5, -1, 0]),
      standingRow(4, c, [1, 0, 0, 1, 0, 3, -3, 0]),
    ]);
  });

  it('ranks goals for above the name on equal points and goal difference', () => {
    const zulu = team('z', 'Zulu');
    const alpha = team('a', 'Alpha');
    const xray = team('x', 'X-Ray');
    const yankee = team('y', 'Yankee');
    const table = computeStandings(
      [alpha, zulu, xray, yankee],
      [match('z', 'x', [3, 1]), match('a', 'y', [2, 0])],
    );
    expect(table).toEqual([
      standingRow(1, zulu, [1, 1, 0, 0, 3, 1, 2, 3]),
      standingRow(2, alpha, [1, 1, 0, 0, 2, 0, 2, 3]),
      standingRow(3, xray, [1, 0, 0, 1, 1, 3, -2, 0]),
      standingRow(4, yankee, [1, 0, 0, 1, 0, 2, -2, 0]),
    ]);
  });

  it('lets teams equal on every tie-breaker share the position, listed by name case-insensitively', () => {
    const charlie = team('t1', 'charlie');
    const bravo = team('t2', 'bravo');
    const alpha = team('t3', 'Alpha');
    const delta = team('t4', 'Delta');
    // Both draws leave all four teams on 1 point, GD 0 and 1 goal for.
    const table = computeStandings(
      [charlie, delta, bravo, alpha],
      [match('t1', 't4', [1, 1]), match('t2', 't3', [1, 1])],
    );
    // Level head to head too (each drew its one match among them) and on wins.
    // A code-unit sort would put the capitalised names first.
    expect(table).toEqual([
      standingRow(1, alpha, [1, 0, 1, 0, 1, 1, 0, 1]),
      standingRow(1, bravo, [1, 0, 1, 0, 1, 1, 0, 1]),
      standingRow(1, charlie, [1, 0, 1, 0, 1, 1, 0, 1]),
      standingRow(1, delta, [1, 0, 1, 0, 1, 1, 0, 1]),
    ]);
  });

  it('lists equal teams by team_id when names differ only in case', () => {
    const upper = team('rovers.b', 'Rovers');
    const lower = team('rovers.a', 'rovers');
    expect(computeStandings([upper, lower], []).map((r) => [r.position, r.team_id])).toEqual([
      [1, 'rovers.a'],
      [1, 'rovers.b'],
    ]);
  });
});

describe('computeStandings: edge cases', () => {
  it('returns an empty table for no teams, ignoring their matches', () => {
    expect(computeStandings([], [match('a', 'b', [1, 0])])).toEqual([]);
  });

  it('lists every team with zeros when nothing has been approved yet', () => {
    const a = team('a', 'A', 'a.png');
    const b = team('b', 'B');
    expect(computeStandings([b, a], [match('a', 'b', [1, 0], 'PENDING')])).toEqual([
      standingRow(1, a, [0, 0, 0, 0, 0, 0, 0, 0]),
      standingRow(1, b, [0, 0, 0, 0, 0, 0, 0, 0]),
    ]);
  });

  it('keeps the first entry of a duplicated team id', () => {
    const first = team('a', 'First name', 'first.png');
    const second = team('a', 'Second name', 'second.png');
    expect(computeStandings([first, second], [])).toEqual([standingRow(1, first, [0, 0, 0, 0, 0, 0, 0, 0])]);
  });

  it('counts a 0-0 draw as a played draw', () => {
    const a = team('a', 'A');
    const b = team('b', 'B');
    expect(computeStandings([a, b], [match('a', 'b', [0, 0])])).toEqual([
      standingRow(1, a, [1, 0, 1, 0, 0, 0, 0, 1]),
      standingRow(1, b, [1, 0, 1, 0, 0, 0, 0, 1]),
    ]);
  });
});
