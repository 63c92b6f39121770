/**
 * League table computation (spec sections 2 "League detail" and 9).
 * Pure: the caller loads a league's teams, matches, rules and deductions for a season.
 *
 * The order is the league's tie-breakers (league-rules.ts), in turn. A head-to-head
 * criterion compares only the matches among the teams still tied (a mini-league); when
 * a run of head-to-head criteria splits them but leaves a smaller group level, that run
 * is applied again to the smaller group's own mini-league (as UEFA does), and only when
 * it separates nobody does the next criterion after the run decide. Teams equal on every
 * tie-breaker share a position (the next position skips) and are listed by name.
 * Deductions come off the points, and so count for the `points` criterion, not head to head.
 */
import { countsInTables } from './approval';
import { compareIds, compareNames } from './compare-names';
import { DEFAULT_RULES, HEAD_TO_HEAD, type LeagueRules, type Tiebreaker } from './league-rules';

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
  /** After deductions. */
  points: number;
  /** Points deducted (0 when none). */
  deducted: number;
  logo: string | null;
}

export interface PointsDeduction {
  team_id: string;
  points: number;
}

export interface StandingsOptions {
  rules?: Pick<LeagueRules, 'points' | 'tiebreakers'>;
  deductions?: readonly PointsDeduction[];
  /** Cards per team for the fair_play criterion (fewer is better); none counted, all level. */
  cards?: ReadonlyMap<string, number>;
}

type Tally = Omit<StandingRow, 'position'> & { away_goals_for: number };

/** A counted result: both teams in the table, both scores, approved. */
interface Result {
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
}

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
    deducted: 0,
    logo: team.logo,
    away_goals_for: 0,
  };
}

function record(tally: Tally, scored: number, conceded: number, points: LeagueRules['points']): void {
  tally.played += 1;
  tally.goals_for += scored;
  tally.goals_against += conceded;
  tally.goal_difference = tally.goals_for - tally.goals_against;
  if (scored > conceded) {
    tally.wins += 1;
    tally.points += points.win;
  } else if (scored === conceded) {
    tally.draws += 1;
    tally.points += points.draw;
  } else {
    tally.losses += 1;
    tally.points += points.loss;
  }
}

/** The results among these teams only, tallied: a mini-league. */
function miniLeague(
  group: readonly Tally[],
  results: readonly Result[],
  points: LeagueRules['points'],
): Map<string, Tally> {
  const tallies = new Map(group.map((t) => [t.team_id, emptyTally(t)]));
  for (const result of results) {
    const home = tallies.get(result.home);
    const away = tallies.get(result.away);
    if (home === undefined || away === undefined) continue;
    record(home, result.homeScore, result.awayScore, points);
    record(away, result.awayScore, result.homeScore, points);
  }
  return tallies;
}

/** A criterion's value for a team, higher is better; `mini` holds the head-to-head tallies. */
function valueOf(
  criterion: Tiebreaker,
  team: Tally,
  mini: ReadonlyMap<string, Tally> | null,
  cards: ReadonlyMap<string, number> | undefined,
): number {
  switch (criterion) {
    case 'points':
      return team.points;
    case 'goal_difference':
      return team.goal_difference;
    case 'goals_for':
      return team.goals_for;
    case 'wins':
      return team.wins;
    case 'away_goals_for':
      return team.away_goals_for;
    case 'fewest_goals_against':
      return -team.goals_against;
    case 'fair_play':
      return -(cards?.get(team.team_id) ?? 0);
    case 'head_to_head_points':
      return mini?.get(team.team_id)?.points ?? 0;
    case 'head_to_head_goal_difference':
      return mini?.get(team.team_id)?.goal_difference ?? 0;
    case 'head_to_head_goals_for':
      return mini?.get(team.team_id)?.goals_for ?? 0;
  }
}

/**
 * Splits a group into classes, best first, by the criteria in turn (each on the values
 * `value` gives); teams in one class are equal on all of them.
 */
function splitBy(
  group: readonly Tally[],
  criteria: readonly Tiebreaker[],
  value: (criterion: Tiebreaker, team: Tally) => number,
): Tally[][] {
  const keyed = group.map((team) => ({ team, key: criteria.map((criterion) => value(criterion, team)) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const difference = (b.key[i] as number) - (a.key[i] as number);
      if (difference !== 0) return difference;
    }
    return 0;
  });
  const classes: Tally[][] = [];
  let previous: number[] | null = null;
  for (const { team, key } of keyed) {
    if (previous !== null && key.every((value, i) => value === previous?.[i])) classes.at(-1)?.push(team);
    else classes.push([team]);
    previous = key;
  }
  return classes;
}

/** Criteria counted upwards but ranked fewest first. */
const FEWER_IS_BETTER: ReadonlySet<Tiebreaker> = new Set(['fewest_goals_against', 'fair_play']);

/**
 * Why a row sits above the next one: the tie-breaker that split them, with both values
 * as counted (goals conceded and cards too, where the row above has fewer).
 */
export interface PlaceReason {
  criterion: Tiebreaker;
  above: number;
  below: number;
  /** Their points when level on them (the criterion is then a later one), else null. */
  levelOnPoints: number | null;
}

interface RankContext {
  criteria: readonly Tiebreaker[];
  results: readonly Result[];
  options: StandingsOptions;
  points: LeagueRules['points'];
  /** By row index: why that row is above the next (filled where classes split). */
  reasons: Map<number, PlaceReason>;
}

/** Notes, at each boundary between consecutive classes, which criterion split them. */
function noteSplits(
  classes: readonly Tally[][],
  offset: number,
  criteria: readonly Tiebreaker[],
  value: (criterion: Tiebreaker, team: Tally) => number,
  context: RankContext,
): void {
  let at = offset;
  for (let i = 0; i + 1 < classes.length; i++) {
    at += (classes[i] as Tally[]).length;
    const above = (classes[i] as Tally[])[0] as Tally;
    const below = (classes[i + 1] as Tally[])[0] as Tally;
    const criterion = criteria.find((c) => value(c, above) !== value(c, below));
    if (criterion === undefined) continue;
    // Ranked by the negated count ("fewer is better"); reported as the count itself.
    const shown = (team: Tally) => (FEWER_IS_BETTER.has(criterion) ? -1 : 1) * value(criterion, team);
    context.reasons.set(at - 1, {
      criterion,
      above: shown(above),
      below: shown(below),
      levelOnPoints: criterion !== 'points' && above.points === below.points ? above.points : null,
    });
  }
}

/**
 * Orders a group of teams level on the criteria before `from`, whose rows start at
 * `offset`: classes of equals, best first.
 */
function rankGroup(group: readonly Tally[], from: number, offset: number, context: RankContext): Tally[][] {
  const { criteria } = context;
  if (group.length <= 1 || from >= criteria.length) return [[...group]];
  const criterion = criteria[from] as Tiebreaker;
  if (!HEAD_TO_HEAD.has(criterion)) {
    const value = (c: Tiebreaker, team: Tally) => valueOf(c, team, null, context.options.cards);
    const classes = splitBy(group, [criterion], value);
    noteSplits(classes, offset, [criterion], value, context);
    return recurse(classes, offset, (level, at) => rankGroup(level, from + 1, at, context));
  }
  // A run of head-to-head criteria, on the mini-league of this group.
  let end = from;
  while (end < criteria.length && HEAD_TO_HEAD.has(criteria[end] as Tiebreaker)) end += 1;
  const mini = miniLeague(group, context.results, context.points);
  const run = criteria.slice(from, end);
  const value = (c: Tiebreaker, team: Tally) => valueOf(c, team, mini, undefined);
  const classes = splitBy(group, run, value);
  if (classes.length === 1) return rankGroup(group, end, offset, context);
  noteSplits(classes, offset, run, value, context);
  // A smaller group still level: the same run again, on its own mini-league.
  return recurse(classes, offset, (level, at) =>
    level.length > 1 ? rankGroup(level, from, at, context) : [level],
  );
}

/** Each class ranked further, with the row index it starts at. */
function recurse(
  classes: readonly Tally[][],
  offset: number,
  rank: (level: Tally[], at: number) => Tally[][],
): Tally[][] {
  const out: Tally[][] = [];
  let at = offset;
  for (const level of classes) {
    out.push(...rank(level, at));
    at += level.length;
  }
  return out;
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
  options: StandingsOptions = {},
): StandingRow[] {
  return explainStandings(teams, matches, options).rows;
}

/**
 * The table and, for each row, why it sits above the next one (null when they share a
 * position, and for the last row): what a tap on a row explains.
 */
export function explainStandings(
  teams: readonly StandingTeam[],
  matches: readonly StandingMatch[],
  options: StandingsOptions = {},
): { rows: StandingRow[]; reasons: (PlaceReason | null)[] } {
  const rules = options.rules ?? DEFAULT_RULES;
  const tallies = new Map<string, Tally>();
  for (const team of teams) {
    // A duplicated team id would otherwise show twice; the first entry wins.
    if (!tallies.has(team.team_id)) tallies.set(team.team_id, emptyTally(team));
  }

  const results: Result[] = [];
  for (const match of matches) {
    if (!countsInTables(match.approved)) continue;
    const { home_score: homeScore, away_score: awayScore } = match;
    if (homeScore === null || awayScore === null) continue;
    if (match.home_team === match.away_team) continue;
    const home = tallies.get(match.home_team);
    const away = tallies.get(match.away_team);
    if (home === undefined || away === undefined) continue;
    record(home, homeScore, awayScore, rules.points);
    record(away, awayScore, homeScore, rules.points);
    away.away_goals_for += awayScore;
    results.push({ home: match.home_team, away: match.away_team, homeScore, awayScore });
  }
  for (const deduction of options.deductions ?? []) {
    const tally = tallies.get(deduction.team_id);
    if (tally === undefined) continue;
    tally.deducted += deduction.points;
    tally.points -= deduction.points;
  }

  const reasons = new Map<number, PlaceReason>();
  const classes = rankGroup([...tallies.values()], 0, 0, {
    criteria: rules.tiebreakers,
    results,
    options,
    points: rules.points,
    reasons,
  });
  const rows: StandingRow[] = [];
  for (const level of classes) {
    const position = rows.length + 1;
    level.sort((a, b) => compareNames(a.team_name, b.team_name) || compareIds(a.team_id, b.team_id));
    for (const { away_goals_for: _, ...tally } of level) rows.push({ position, ...tally });
  }
  return { rows, reasons: rows.map((_, index) => reasons.get(index) ?? null) };
}
