/**
 * Player leaderboards for a league or team season (spec sections 3 "Stat rows"
 * and 9): top scorers, top assists, clean sheets and the points table.
 * Pure: the caller loads matches, their events, players and team names.
 */
import type { EventKind } from '../../db/schema';
import { countsInTables } from './approval';
import { compareIds, compareNames } from './compare-names';

/** Points-table weights from spec section 9. */
export const GOAL_POINTS = 2;
export const ASSIST_POINTS = 1;

export interface LeaderboardMatch {
  id: number;
  home_team: string;
  away_team: string;
  home_score: number | null;
  away_score: number | null;
  approved: string;
}

export interface LeaderboardEvent {
  match_id: number;
  team_id: string;
  player_id: string;
  kind: EventKind;
}

export interface LeaderboardPlayer {
  name: string;
  position: string;
  photo_id: string | null;
}

export interface LeaderboardInput {
  matches: readonly LeaderboardMatch[];
  events: readonly LeaderboardEvent[];
  players: ReadonlyMap<string, LeaderboardPlayer>;
  /** team_id → team_name */
  teams: ReadonlyMap<string, string>;
}

export interface LeaderRow {
  player_id: string;
  name: string;
  position: string;
  /** Team name; the team id when the name is unknown (spec section 8, "Other"). */
  team: string;
  count: number;
  photo_id: string | null;
}

export interface Leaderboards {
  scorers: LeaderRow[];
  assists: LeaderRow[];
  clean_sheets: LeaderRow[];
  points: LeaderRow[];
}

interface ScoredMatch {
  id: number;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
}

/** An event of a counted match, paired with that match. */
interface CountedEvent {
  event: LeaderboardEvent;
  match: ScoredMatch;
}

function scoredMatches(matches: readonly LeaderboardMatch[]): Map<number, ScoredMatch> {
  const byId = new Map<number, ScoredMatch>();
  for (const m of matches) {
    if (!countsInTables(m.approved)) continue;
    if (m.home_score === null || m.away_score === null) continue;
    byId.set(m.id, {
      id: m.id,
      home_team: m.home_team,
      away_team: m.away_team,
      home_score: m.home_score,
      away_score: m.away_score,
    });
  }
  return byId;
}

/**
 * Events that may count at all. An event whose team did not play in the match
 * is corrupt data: it is dropped because it has no opponent to judge a clean
 * sheet by and would credit a goal to a team that was not there.
 */
function countedEvents(input: LeaderboardInput): CountedEvent[] {
  const matches = scoredMatches(input.matches);
  const out: CountedEvent[] = [];
  for (const event of input.events) {
    const match = matches.get(event.match_id);
    if (match === undefined) continue;
    if (!input.players.has(event.player_id)) continue;
    if (event.team_id !== match.home_team && event.team_id !== match.away_team) continue;
    out.push({ event, match });
  }
  return out;
}

/**
 * The team each player is listed under: the one from their most recent match
 * (highest match id) across every counted event, so a transferred player shows
 * the same team in all four lists.
 */
function latestTeams(events: readonly CountedEvent[]): Map<string, { matchId: number; teamId: string }> {
  const latest = new Map<string, { matchId: number; teamId: string }>();
  for (const { event } of events) {
    const seen = latest.get(event.player_id);
    const newer =
      seen === undefined ||
      event.match_id > seen.matchId ||
      // Two teams in one match cannot both be right; pick one deterministically.
      (event.match_id === seen.matchId && compareIds(event.team_id, seen.teamId) < 0);
    if (newer) latest.set(event.player_id, { matchId: event.match_id, teamId: event.team_id });
  }
  return latest;
}

interface Prepared {
  events: CountedEvent[];
  teamsByPlayer: Map<string, { matchId: number; teamId: string }>;
}

function prepare(input: LeaderboardInput): Prepared {
  const events = countedEvents(input);
  return { events, teamsByPlayer: latestTeams(events) };
}

function compareRows(a: LeaderRow, b: LeaderRow): number {
  return b.count - a.count || compareNames(a.name, b.name) || compareIds(a.player_id, b.player_id);
}

function toRows(
  counts: ReadonlyMap<string, number>,
  prepared: Prepared,
  input: LeaderboardInput,
): LeaderRow[] {
  const rows: LeaderRow[] = [];
  for (const [playerId, count] of counts) {
    if (count <= 0) continue;
    const player = input.players.get(playerId);
    const teamId = prepared.teamsByPlayer.get(playerId)?.teamId;
    if (player === undefined || teamId === undefined) continue;
    rows.push({
      player_id: playerId,
      name: player.name,
      position: player.position,
      team: input.teams.get(teamId) ?? teamId,
      count,
      photo_id: player.photo_id,
    });
  }
  return rows.sort(compareRows);
}

function addTo(counts: Map<string, number>, playerId: string, amount: number): void {
  counts.set(playerId, (counts.get(playerId) ?? 0) + amount);
}

/** Per-player count of one event kind; goals and assists repeat once per goal/assist. */
function countKind(events: readonly CountedEvent[], kind: 'goal' | 'assist'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { event } of events) {
    if (event.kind === kind) addTo(counts, event.player_id, 1);
  }
  return counts;
}

function conceded(match: ScoredMatch, teamId: string): number {
  return teamId === match.home_team ? match.away_score : match.home_score;
}

function countCleanSheets(events: readonly CountedEvent[]): Map<string, number> {
  // A keeper listed twice for one match still kept one clean sheet.
  const credited = new Set<string>();
  const counts = new Map<string, number>();
  for (const { event, match } of events) {
    if (event.kind !== 'goalkeeper') continue;
    if (conceded(match, event.team_id) !== 0) continue;
    const key = `${match.id}\u0000${event.player_id}`;
    if (credited.has(key)) continue;
    credited.add(key);
    addTo(counts, event.player_id, 1);
  }
  return counts;
}

function countPoints(events: readonly CountedEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { event } of events) {
    if (event.kind === 'goal') addTo(counts, event.player_id, GOAL_POINTS);
    else if (event.kind === 'assist') addTo(counts, event.player_id, ASSIST_POINTS);
  }
  return counts;
}

export function topScorers(input: LeaderboardInput): LeaderRow[] {
  const prepared = prepare(input);
  return toRows(countKind(prepared.events, 'goal'), prepared, input);
}

export function topAssists(input: LeaderboardInput): LeaderRow[] {
  const prepared = prepare(input);
  return toRows(countKind(prepared.events, 'assist'), prepared, input);
}

/** A clean sheet is a goalkeeper event in a match where the keeper's opponent scored 0. */
export function cleanSheets(input: LeaderboardInput): LeaderRow[] {
  const prepared = prepare(input);
  return toRows(countCleanSheets(prepared.events), prepared, input);
}

/** GOAL_POINTS per goal plus ASSIST_POINTS per assist, merged per player. */
export function pointsTable(input: LeaderboardInput): LeaderRow[] {
  const prepared = prepare(input);
  return toRows(countPoints(prepared.events), prepared, input);
}

export function computeLeaderboards(input: LeaderboardInput): Leaderboards {
  const prepared = prepare(input);
  return {
    scorers: toRows(countKind(prepared.events, 'goal'), prepared, input),
    assists: toRows(countKind(prepared.events, 'assist'), prepared, input),
    clean_sheets: toRows(countCleanSheets(prepared.events), prepared, input),
    points: toRows(countPoints(prepared.events), prepared, input),
  };
}
