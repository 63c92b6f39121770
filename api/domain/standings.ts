/**
 * League table computation (spec sections 2 "League detail" and 9).
 * Pure: the caller loads a league's teams and matches for a season.
 */
import { countsInTables } from './approval';
import { compareIds, compareNames } from './compare-names';

export const WIN_POINTS = 3;
export const DRAW_POINTS = 1;
export const LOSS_POINTS = 0;

export interface StandingTeam {
  team_id: string;
  team_name: string;
  logo: string | null;
}

export interface StandingMatch {
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  approved: string;
}

export interface StandingRow {
  position: number;
  team_id: string;
  team_name: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  logo: string | null;
}

type Tally = Omit<StandingRow, 'position'>;

function emptyTally(team: StandingTeam): Tally {
  return {
    team_id: team.team_id,
    team_name: team.team_name,
    played: 0,
    wins: 0,
    draws: 0,
    losses: 0,
    goals_for: 0,
    goals_against: 0,
    goal_difference: 0,
    points: 0,
    logo: team.logo,
  };
}

function record(tally: Tally, scored: number, conceded: number): void {
  tally.played += 1;
  tally.goals_for += scored;
  tally.goals_against += conceded;
  tally.goal_difference = tally.goals_for - tally.goals_against;
  if (scored > conceded) {
    tally.wins += 1;
    tally.points += WIN_POINTS;
  } else if (scored === conceded) {
    tally.draws += 1;
    tally.points += DRAW_POINTS;
  } else {
    tally.losses += 1;
    tally.points += LOSS_POINTS;
  }
}

function compareTallies(a: Tally, b: Tally): number {
  return (
    b.points - a.points ||
    b.goal_difference - a.goal_difference ||
    b.goals_for - a.goals_for ||
    compareNames(a.team_name, b.team_name) ||
    compareIds(a.team_id, b.team_id)
  );
}

/**
 * Builds the table. Every team passed in gets a row, even without games.
 * Only approved results with both scores count; matches involving a team
 * outside the list (another league, a deleted team) or a team against
 * itself are ignored rather than half-counted.
 */
export function computeStandings(
  teams: readonly StandingTeam[],
  matches: readonly StandingMatch[],
): StandingRow[] {
  const tallies = new Map<string, Tally>();
  for (const team of teams) {
    // A duplicated team id would otherwise show twice; the first entry wins.
    if (!tallies.has(team.team_id)) tallies.set(team.team_id, emptyTally(team));
  }

  for (const match of matches) {
    if (!countsInTables(match.approved)) continue;
    const { home_score: homeScore, away_score: awayScore } = match;
    if (homeScore === null || awayScore === null) continue;
    if (match.home_team === match.away_team) continue;
    const home = tallies.get(match.home_team);
    const away = tallies.get(match.away_team);
    if (home === undefined || away === undefined) continue;
    record(home, homeScore, awayScore);
    record(away, awayScore, homeScore);
  }

  return [...tallies.values()]
    .sort(compareTallies)
    .map((tally, index) => ({ position: index + 1, ...tally }));
}
