/**
 * The rules a match-day squad and a result report must meet (spec sections 5 and 9),
 * in the words the server answers with. The server refuses on the first problem; the
 * Match Report and Team Selection tabs apply the same rules first, so the screen can
 * explain a refusal before it happens.
 */
import type { Approval, CardKind, EventKind } from '../../db/schema';
import { plural } from '../../db/rules/words';
import { involvesTeam } from './match-time';

/** Spec section 9: a match-day squad has 7 to 18 players. */
export const SQUAD_MIN = 7;
export const SQUAD_MAX = 18;
/** Scores are whole numbers from 0 to 99; a side lists at most two goalkeepers. */
export const SCORE_MAX = 99;
export const KEEPERS_MAX = 2;

// '1 goal', '3 goals': the shared wording, kept importable from here for the report screens.
export { plural } from '../../db/rules/words';

/** Why a problem refuses the write: the request itself is wrong, or the stored state forbids it. */
export interface Refusal {
  kind: 'invalid' | 'conflict';
  message: string;
}

// ---- Squads -------------------------------------------------------------------------

/** An approved result is the record of who played; the squad is part of it. */
export const SQUAD_LOCKED = 'This match already has an approved result; its squad can no longer change';

export function isSquadLocked(approved: Approval): boolean {
  return approved === 'TRUE';
}

export function isSquadSize(count: number): boolean {
  return count >= SQUAD_MIN && count <= SQUAD_MAX;
}

/** What is wrong with the list itself (a repeat, or a size outside 7–18), or null. */
export function squadListProblem(players: readonly string[]): string | null {
  const repeated = [...new Set(players.filter((id, index) => players.indexOf(id) !== index))];
  if (repeated.length > 0) return `Each player may be selected once (repeated: ${repeated.join(', ')})`;
  if (!isSquadSize(players.length)) {
    return `Select between ${SQUAD_MIN} and ${SQUAD_MAX} players (you selected ${players.length})`;
  }
  return null;
}

export interface SquadPlayer {
  team_id: string;
  player_id: string;
}

/**
 * Who may be in the team's squad: players on its roster now, and none the opponent
 * already selected for this match (a player who moved clubs may be in both lists).
 */
export function squadMembersRefusal(squad: {
  teamId: string;
  teamName: string;
  players: readonly string[];
  /** Each listed player's current team (missing: no such player; null: without a team). */
  currentTeams: ReadonlyMap<string, string | null>;
  /** The squads already saved for the match, both sides. */
  saved: readonly SquadPlayer[];
}): Refusal | null {
  const strangers = squad.players.filter((id) => squad.currentTeams.get(id) !== squad.teamId);
  if (strangers.length > 0) {
    return { kind: 'invalid', message: `Not on the ${squad.teamName} roster: ${strangers.join(', ')}` };
  }
  const taken = squad.saved.filter(
    (row) => row.team_id !== squad.teamId && squad.players.includes(row.player_id),
  );
  if (taken.length > 0) {
    return {
      kind: 'conflict',
      message: `Already selected by the opponent for this match: ${taken.map((row) => row.player_id).join(', ')}`,
    };
  }
  return null;
}

// ---- Reports ------------------------------------------------------------------------

/** One side's totals in a report. */
export interface SideTally {
  name: string;
  score: number;
  /** Goals by the side's own players. */
  goals: number;
  /** Own goals by the opponent's players: they count for this side (none when left out). */
  ownGoalsFor?: number;
  assists: number;
  keepers: number;
}

/**
 * Every problem of a report's totals, in order (the score range, then each side's
 * goals, assists and goalkeepers). A side's credited goals (its players' goals and the
 * opponent's own goals) may fall short of the score (unknown scorers), never exceed it;
 * assists never exceed the goals its own players scored (an own goal has no assist).
 */
export function reportProblems(sides: readonly SideTally[]): string[] {
  const problems: string[] = [];
  if (sides.some((side) => side.score > SCORE_MAX)) {
    problems.push(`Scores must be whole numbers from 0 to ${SCORE_MAX}`);
  }
  for (const side of sides) {
    const ownGoals = side.ownGoalsFor ?? 0;
    const credited = side.goals + ownGoals;
    if (credited > side.score) {
      const including = ownGoals > 0 ? ` (${plural(ownGoals, 'own goal')})` : '';
      problems.push(
        `${side.name} is credited with ${plural(credited, 'goal')}${including} but scored ${side.score}`,
      );
    }
    if (side.assists > side.goals) {
      problems.push(
        `${side.name} is credited with ${plural(side.assists, 'assist')} but only ${plural(side.goals, 'goal')} by its players`,
      );
    }
    if (side.keepers > KEEPERS_MAX) {
      problems.push(
        `${side.name} lists ${plural(side.keepers, 'goalkeeper')}; at most ${KEEPERS_MAX} per team`,
      );
    }
  }
  return problems;
}

/** A credited goal, assist or goalkeeper appearance, on its player's side. */
export interface ReportEvent {
  team_id: string;
  player_id: string;
  kind: EventKind;
}

export interface ReportLists {
  home_score: number;
  away_score: number;
  /** An id once per goal. */
  goalscorers: readonly string[];
  /** An id once per assist. */
  assisters: readonly string[];
  goalkeepers: readonly string[];
  /** An id per yellow card (at most two per player: a second yellow is a sending-off). */
  yellow_cards?: readonly string[] | undefined;
  /** An id per red card (at most one per player). */
  red_cards?: readonly string[] | undefined;
  /** An id per own goal, which counts for the player's opponent. */
  own_goals?: readonly string[] | undefined;
}

/** A card shown, on its player's side. */
export interface ReportCard {
  team_id: string;
  player_id: string;
  card: CardKind;
}

/** An own goal, on the side of the player who scored it (it counts for the other side). */
export interface ReportOwnGoal {
  team_id: string;
  player_id: string;
}

export interface ReportedMatch {
  home_team: string;
  away_team: string;
  home_team_name: string;
  away_team_name: string;
}

/**
 * Turns a report's id lists into events, cards and own goals, each on its player's side,
 * and checks them against the score: those, or the first problem (all invalid requests).
 */
export function reportEvents(
  match: ReportedMatch,
  report: ReportLists,
  /** The saved squads say whom a player played for, even if they changed clubs since. */
  saved: readonly SquadPlayer[],
  /** Else the player's current team (missing: no such player; null: without a team). */
  currentTeams: ReadonlyMap<string, string | null>,
): { events: ReportEvent[]; cards: ReportCard[]; ownGoals: ReportOwnGoal[] } | { problem: string } {
  const squads = new Map<string, string>();
  for (const row of saved) if (involvesTeam(match, row.team_id)) squads.set(row.player_id, row.team_id);

  const sideOf = (player_id: string) => {
    const side = squads.get(player_id) ?? currentTeams.get(player_id);
    return side === undefined || side === null || !involvesTeam(match, side) ? null : side;
  };
  const events: ReportEvent[] = [];
  const lists = [
    ['goal', report.goalscorers],
    ['assist', report.assisters],
    ['goalkeeper', report.goalkeepers],
  ] as const;
  // Events keep the order listed: reads return them in that order, so the client gets back what it sent.
  for (const [kind, ids] of lists) {
    for (const player_id of ids) {
      const side = sideOf(player_id);
      if (side === null) return { problem: `Unknown player for this match: ${player_id}` };
      events.push({ team_id: side, player_id, kind });
    }
  }
  const cards: ReportCard[] = [];
  for (const [card, ids, most] of [
    ['yellow', report.yellow_cards ?? [], 2],
    ['red', report.red_cards ?? [], 1],
  ] as const) {
    const shown = new Map<string, number>();
    for (const player_id of ids) {
      const side = sideOf(player_id);
      if (side === null) return { problem: `Unknown player for this match: ${player_id}` };
      const count = (shown.get(player_id) ?? 0) + 1;
      if (count > most) {
        return {
          problem:
            card === 'yellow'
              ? `A player can be shown at most two yellow cards: ${player_id}`
              : `Red card listed more than once: ${player_id}`,
        };
      }
      shown.set(player_id, count);
      cards.push({ team_id: side, player_id, card });
    }
  }

  const ownGoals: ReportOwnGoal[] = [];
  for (const player_id of report.own_goals ?? []) {
    const side = sideOf(player_id);
    if (side === null) return { problem: `Unknown player for this match: ${player_id}` };
    ownGoals.push({ team_id: side, player_id });
  }

  const keepers = new Set<string>();
  for (const id of report.goalkeepers) {
    if (keepers.has(id)) return { problem: `Goalkeeper listed more than once: ${id}` };
    keepers.add(id);
  }

  const count = (team: string, kind: EventKind) =>
    events.filter((event) => event.team_id === team && event.kind === kind).length;
  const tally = (team: string, name: string, score: number): SideTally => ({
    name,
    score,
    goals: count(team, 'goal'),
    ownGoalsFor: ownGoals.filter((goal) => goal.team_id !== team).length,
    assists: count(team, 'assist'),
    keepers: count(team, 'goalkeeper'),
  });
  const [problem] = reportProblems([
    tally(match.home_team, match.home_team_name, report.home_score),
    tally(match.away_team, match.away_team_name, report.away_score),
  ]);
  return problem === undefined ? { events, cards, ownGoals } : { problem };
}
