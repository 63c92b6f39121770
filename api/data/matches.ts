/**
 * The match answer (MatchDto), built one way for every read: a list, one match, the whole
 * list of a large database read in steps, and a read inside a write's transaction.
 *
 * A read picks its matches (a filter, or one id), then reads them through one set of
 * statements, each taking the matches (or teams) as one JSON list, prepared once: the
 * rows, their events, their cards, their own goals and their saved squads; then the names and crests of
 * their teams (lookups.ts) and the rosters of the teams without a saved squad. One
 * builder (`answerOf`) makes the answer of those parts.
 *
 * `home_players`/`away_players` mean one thing everywhere: the players of that side for
 * this match, which is its saved squad, and the team's current roster (by shirt number)
 * while no squad is saved. The match page lists them per team and a report credits goals
 * among them, so a match nobody has picked a squad for still has its players.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DB } from '../../db/connection';
import { inList, jsonArrayOf, listArgument } from '../../db/dialect-sql';
import type { Approval } from '../../db/schema';
import { rows, statement } from '../../db/store';
import type { MatchDto } from '../schemas';
import { inChunks } from './chunks';
import { pageOf, rowsToRead, type KickoffKey, type Page } from './keyset';
import { teamsById, type TeamLabel } from './lookups';
import { playsIn } from './team-plays';

export interface MatchFilter {
  ids?: readonly number[];
  leagueId?: string;
  season?: string;
  /** the team plays home or away */
  teamId?: string;
  /** both teams, in either order */
  between?: readonly [string, string];
  approved?: Approval;
  /** match_date strictly after this ISO instant */
  after?: string;
  /** match_date at or before this ISO instant */
  notAfter?: string;
  /** after this match in kick-off order (ascending order only): where the page before ended */
  from?: KickoffKey;
  order?: 'asc' | 'desc';
  limit?: number;
}

const MATCH_COLUMNS = [
  'm.id',
  'm.league_id',
  'm.season',
  'm.match_date',
  'm.home_team',
  'm.away_team',
  'm.location',
  'm.home_score',
  'm.away_score',
  'm.approved',
  'm.reported_by_team',
  'm.reported_at',
  'm.reviewed_at',
  'm.status',
  'm.schedule_sequence',
] as const;

/** The matches a filter picks, in its order: the query is built per call, its shape following the filter. */
function picked(db: DB, filter: MatchFilter) {
  let q = db.selectFrom('matches as m');
  if (filter.ids) q = q.where('m.id', 'in', filter.ids.length > 0 ? [...filter.ids] : [-1]);
  const { leagueId, season } = filter;
  if (filter.teamId !== undefined) {
    q = q.where(
      playsIn(filter.teamId, {
        ...(leagueId !== undefined && { leagueId }),
        ...(season !== undefined && { season }),
      }),
    );
  } else {
    if (leagueId !== undefined) q = q.where('m.league_id', '=', leagueId);
    if (season !== undefined) q = q.where('m.season', '=', season);
  }
  if (filter.between) {
    const [x, y] = filter.between;
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('m.home_team', '=', x), eb('m.away_team', '=', y)]),
        eb.and([eb('m.home_team', '=', y), eb('m.away_team', '=', x)]),
      ]),
    );
  }
  if (filter.approved !== undefined) q = q.where('m.approved', '=', filter.approved);
  if (filter.after !== undefined) q = q.where('m.match_date', '>', filter.after);
  if (filter.notAfter !== undefined) q = q.where('m.match_date', '<=', filter.notAfter);
  const { from } = filter;
  if (from !== undefined) {
    // The date bound alone starts the range of matches_date there; the OR settles a shared date.
    q = q
      .where('m.match_date', '>=', from.date)
      .where((eb) => eb.or([eb('m.match_date', '>', from.date), eb('m.id', '>', from.id)]));
  }
  const order = filter.order ?? 'asc';
  q = q.orderBy('m.match_date', order).orderBy('m.id', order);
  if (filter.limit !== undefined) q = q.limit(filter.limit);
  return q;
}

// The one set of statements every match answer is read with, each taking its matches
// (or teams) as one JSON list (`listArgument`), so that one text serves any number of
// them and is prepared once. Events and cards come by match, then in the order written:
// the order of the match's index, where ordering by id alone sorted them again.
const MATCH_ROWS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('matches as m')
    .select(MATCH_COLUMNS)
    .where(inList(db, 'm.id', a.ids, 'bigint')),
);
const MATCH_EVENTS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_events')
    .select(['match_id', 'player_id', 'kind'])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .orderBy('match_id')
    .orderBy('id'),
);
const MATCH_CARDS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_cards')
    .select(['match_id', 'player_id', 'card'])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .orderBy('match_id')
    .orderBy('id'),
);
const MATCH_OWN_GOALS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_own_goals')
    .select(['match_id', 'player_id'])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .orderBy('match_id')
    .orderBy('id'),
);
/**
 * Saved squads in selection order (row id): a join to sort by shirt number made big lists
 * much dearer. One row per match and side with its ids as a JSON array, read along the
 * (match_id, team_id) index: a league's many squad rows cost more to hand over one by one
 * than to read.
 */
const MATCH_SQUADS = statement((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_squads')
    .select(['match_id', 'team_id', jsonArrayOf(db, 'player_id', 'id').as('players')])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .groupBy(['match_id', 'team_id']),
);
/** Rosters by shirt number, one row per team: ranges of players_team_number (numbers are unique per team). */
const ROSTERS = statement((db: DB, a: { teams: string }) =>
  db
    .selectFrom('players')
    .select(['team_id', jsonArrayOf(db, 'id', 'number').as('players')])
    .where(inList(db, 'team_id', a.teams))
    .groupBy('team_id'),
);

type MatchCore = Awaited<ReturnType<typeof MATCH_ROWS.all>>[number];
type TeamLabels = 'home_team_name' | 'away_team_name' | 'home_team_logo' | 'away_team_logo';
/** A match row with its teams' names and crests: what the write rules look at. */
export type MatchRow = MatchCore & Pick<MatchDto, TeamLabels>;

/** The name the match row carries for one of its two teams (undefined for any other team). */
export function teamNameIn(match: MatchRow, teamId: string): string | undefined {
  if (teamId === match.home_team) return match.home_team_name;
  if (teamId === match.away_team) return match.away_team_name;
  return undefined;
}

/** What a match's answer is made of, besides its teams' names, crests and rosters. */
interface MatchParts {
  row: MatchCore;
  goalscorers: string[];
  own_goals: string[];
  assisters: string[];
  goalkeepers: string[];
  yellow_cards: string[];
  red_cards: string[];
  /** saved squads by team */
  squads: Map<string, string[]>;
}

function partsOf(row: MatchCore): MatchParts {
  return {
    row,
    goalscorers: [],
    own_goals: [],
    assisters: [],
    goalkeepers: [],
    yellow_cards: [],
    red_cards: [],
    squads: new Map(),
  };
}

/** Adds the events, cards and own goals of these matches (their ids as `listArgument`) to their parts. */
async function readResults(db: DB, ids: string, parts: ReadonlyMap<number, MatchParts>): Promise<void> {
  for (const event of await MATCH_EVENTS.all(db, { ids })) {
    const entry = parts.get(event.match_id);
    if (entry === undefined) continue;
    if (event.kind === 'goal') entry.goalscorers.push(event.player_id);
    else if (event.kind === 'assist') entry.assisters.push(event.player_id);
    else entry.goalkeepers.push(event.player_id);
  }
  for (const card of await MATCH_CARDS.all(db, { ids })) {
    const entry = parts.get(card.match_id);
    if (entry !== undefined)
      (card.card === 'red' ? entry.red_cards : entry.yellow_cards).push(card.player_id);
  }
  for (const goal of await MATCH_OWN_GOALS.all(db, { ids })) {
    parts.get(goal.match_id)?.own_goals.push(goal.player_id);
  }
}

/** Rows, events, cards and saved squads of these matches; a match not found is left out. */
async function readParts(db: DB, matchIds: readonly number[]): Promise<Map<number, MatchParts>> {
  const parts = new Map<number, MatchParts>();
  if (matchIds.length === 0) return parts;
  const ids = listArgument(matchIds);
  for (const row of await MATCH_ROWS.all(db, { ids })) parts.set(row.id, partsOf(row));
  await readResults(db, ids, parts);
  for (const squad of await MATCH_SQUADS.all(db, { ids })) {
    parts.get(squad.match_id)?.squads.set(squad.team_id, JSON.parse(squad.players) as string[]);
  }
  return parts;
}

const NOBODY: readonly string[] = Object.freeze([]);

/**
 * What answers name besides their matches' parts: the teams' names and crests, and the
 * rosters of the teams some match has no saved squad for. Read afresh for every list: no
 * match revision moves when a team is renamed or a roster changes.
 */
interface Surroundings {
  teams: ReadonlyMap<string, TeamLabel>;
  rosters: ReadonlyMap<string, readonly string[]>;
}

async function surroundingsOf(
  db: DB,
  parts: Iterable<MatchParts>,
  memo: MatchMemo | null,
): Promise<Surroundings> {
  const teamIds = new Set<string>();
  const rosterless = new Set<string>();
  for (const { row, squads } of parts) {
    for (const team of [row.home_team, row.away_team]) {
      teamIds.add(team);
      if (!squads.has(team)) rosterless.add(team);
    }
  }
  const teams = await teamsById(db, teamIds);
  const rosters = new Map<string, readonly string[]>();
  if (rosterless.size > 0) {
    for (const roster of await ROSTERS.all(db, { teams: listArgument(rosterless) })) {
      if (roster.team_id === null) continue;
      const players = JSON.parse(roster.players) as string[];
      rosters.set(roster.team_id, memo === null ? players : memo.roster(roster.team_id, players));
    }
  }
  return { teams, rosters };
}

function playersOf(parts: MatchParts, around: Surroundings, team: string): readonly string[] {
  return parts.squads.get(team) ?? around.rosters.get(team) ?? NOBODY;
}

/** The answer: the one place a MatchDto is made. Undefined when a team is gone (as an inner join leaves it out). */
function answerOf(parts: MatchParts, around: Surroundings): MatchDto | undefined {
  const { row } = parts;
  const home = around.teams.get(row.home_team);
  const away = around.teams.get(row.away_team);
  if (home === undefined || away === undefined) return undefined;
  return {
    id: row.id,
    match_id: row.id,
    date: row.match_date,
    match_date: row.match_date,
    season: row.season,
    league_id: row.league_id,
    location: row.location,
    home_team: row.home_team,
    away_team: row.away_team,
    home_team_name: home.team_name,
    away_team_name: away.team_name,
    home_team_logo: home.logo,
    away_team_logo: away.logo,
    home_score: row.home_score,
    away_score: row.away_score,
    approved: row.approved,
    reported_by_team: row.reported_by_team,
    reported_at: row.reported_at,
    reviewed_at: row.reviewed_at,
    status: row.status,
    goalscorers: parts.goalscorers,
    own_goals: parts.own_goals,
    assisters: parts.assisters,
    goalkeepers: parts.goalkeepers,
    yellow_cards: parts.yellow_cards,
    red_cards: parts.red_cards,
    // Shared with other answers when remembered (frozen): copied into none of them.
    home_players: playersOf(parts, around, row.home_team) as string[],
    away_players: playersOf(parts, around, row.away_team) as string[],
  };
}

/** Matches whose parts and answer are remembered, per database handle. */
export const MATCH_MEMO_LIMIT = 40_000;

interface Remembered {
  revision: number;
  parts: MatchParts;
  /** The answer as last given: given again while its teams' names, crests and players are the same. */
  answer?: MatchDto;
}

/**
 * Match lists remember each match's parts by its revision (migration 0006: triggers grow
 * it with every change to the match's row, events, cards, own goals or squads), and its answer
 * while what it names beside them stays the same. A list rebuilt after a write to one
 * match then reads that match alone, and joins the others' JSON bytes as they were
 * (api/http/read.ts jsonBytesOf keeps them beside the frozen answers). Parts read after
 * their revision can only be newer than it; the next read then finds the revision moved
 * on and reads them again. Nothing is remembered inside a transaction: a savepoint
 * rolled back takes its revisions back, and another write could reach the same numbers
 * with other contents.
 */
class MatchMemo {
  readonly #matches = new Map<number, Remembered>();
  /** Each team's roster as last read, so that answers naming it can be compared by reference. */
  readonly #rosters = new Map<string, readonly string[]>();

  /** The match's parts when they are those of `revision`; most recently used last. */
  get(id: number, revision: number): Remembered | undefined {
    const remembered = this.#matches.get(id);
    if (remembered === undefined || remembered.revision !== revision) return undefined;
    this.#matches.delete(id);
    this.#matches.set(id, remembered);
    return remembered;
  }

  set(id: number, revision: number, parts: MatchParts): Remembered {
    // Shared by every answer built from them: frozen, so code that edits them in place fails loudly.
    for (const list of [
      parts.goalscorers,
      parts.own_goals,
      parts.assisters,
      parts.goalkeepers,
      parts.yellow_cards,
      parts.red_cards,
    ])
      Object.freeze(list);
    for (const players of parts.squads.values()) Object.freeze(players);
    Object.freeze(parts.row);
    const remembered: Remembered = { revision, parts: Object.freeze(parts) };
    this.#matches.delete(id);
    this.#matches.set(id, remembered);
    return remembered;
  }

  /** The roster as remembered when it has not changed, else this one (remembered from now on). */
  roster(team: string, players: string[]): readonly string[] {
    const known = this.#rosters.get(team);
    if (known !== undefined && known.length === players.length && known.every((id, i) => id === players[i]))
      return known;
    const frozen = Object.freeze(players);
    this.#rosters.set(team, frozen);
    return frozen;
  }

  /** The answer remembered for these surroundings, or a new one, remembered (frozen: shared by later lists). */
  answer(remembered: Remembered, around: Surroundings): MatchDto | undefined {
    const { parts, answer } = remembered;
    const { home_team, away_team } = parts.row;
    const home = around.teams.get(home_team);
    const away = around.teams.get(away_team);
    if (
      answer !== undefined &&
      home !== undefined &&
      away !== undefined &&
      answer.home_team_name === home.team_name &&
      answer.home_team_logo === home.logo &&
      answer.away_team_name === away.team_name &&
      answer.away_team_logo === away.logo &&
      answer.home_players === playersOf(parts, around, home_team) &&
      answer.away_players === playersOf(parts, around, away_team)
    )
      return answer;
    const made = answerOf(parts, around);
    if (made !== undefined) remembered.answer = Object.freeze(made);
    return made;
  }

  /** Least recently used first, down to MATCH_MEMO_LIMIT. */
  trim(): void {
    for (const id of this.#matches.keys()) {
      if (this.#matches.size <= MATCH_MEMO_LIMIT) break;
      this.#matches.delete(id);
    }
  }
}

const memos = new WeakMap<DB, MatchMemo>();

function memoOf(db: DB): MatchMemo {
  let memo = memos.get(db);
  if (memo === undefined) {
    memo = new MatchMemo();
    memos.set(db, memo);
  }
  return memo;
}

/** Matches a long list reads in one turn of the event loop. */
export const LIST_STEP = 1_000;

interface Picked {
  id: number;
  /** its revision (null: none yet), when remembered answers may serve */
  revision?: number | null;
}

/**
 * The answers of these matches, in their order (a match deleted meanwhile, or whose team
 * is gone, is left out): read LIST_STEP matches a step, with their surroundings. With a
 * memo, parts of an unchanged revision are not read again. With `turns`, a turn of the
 * event loop passes between steps (`readInSteps`).
 */
async function answers(
  db: DB,
  matches: readonly Picked[],
  memo: MatchMemo | null,
  turns: boolean,
): Promise<MatchDto[]> {
  const answered: MatchDto[] = [];
  for (const [index, step] of inChunks(matches, LIST_STEP).entries()) {
    if (turns && index > 0) await nextTurn();
    const found = new Map<number, Remembered>();
    const missing: Picked[] = [];
    for (const match of step) {
      const remembered = memo?.get(match.id, match.revision ?? 0);
      if (remembered !== undefined) found.set(match.id, remembered);
      else missing.push(match);
    }
    const read = await readParts(
      db,
      missing.map((match) => match.id),
    );
    for (const { id, revision } of missing) {
      const parts = read.get(id);
      if (parts !== undefined)
        found.set(id, memo === null ? { revision: 0, parts } : memo.set(id, revision ?? 0, parts));
    }
    const around = await surroundingsOf(
      db,
      [...found.values()].map((remembered) => remembered.parts),
      memo,
    );
    for (const { id } of step) {
      const remembered = found.get(id);
      if (remembered === undefined) continue;
      const answer = memo === null ? answerOf(remembered.parts, around) : memo.answer(remembered, around);
      if (answer !== undefined) answered.push(answer);
    }
  }
  memo?.trim();
  return answered;
}

/** The long list being read, if any: the next one waits for it (`readInSteps`). */
let longListRead: Promise<unknown> = Promise.resolve();

/**
 * A list too long to remember (every match of a large database), read afresh a step of
 * LIST_STEP matches at a time, with a turn of the event loop between steps: read whole,
 * it held SQLite's synchronous connection, and so every other request, for seconds. On
 * SQLite a step's statements run within one turn, where no write commits, so a match is
 * never half before and half after a write (on PostgreSQL each statement sees what is
 * committed when it runs); a match changed or deleted while a later step waits is
 * answered as that step finds it (or left out), in the place the list's first read gave
 * it. One long list is read at a time, so that many clients asking at once hold the
 * memory of one such list, not of one each.
 */
function readInSteps(db: DB, matches: readonly Picked[]): Promise<MatchDto[]> {
  const read = longListRead.then(() => answers(db, matches, null, true));
  longListRead = read.catch(() => undefined);
  return read;
}

/**
 * Matches for list endpoints, in the filter's order. Outside a transaction a list's ids
 * and revisions come first, in one index read, and remembered answers serve the matches
 * whose revision has not moved (MatchMemo); a list too long to remember is read in steps.
 */
export async function listMatches(db: DB, filter: MatchFilter): Promise<MatchDto[]> {
  if (db.isTransaction) return answers(db, await rows(db, picked(db, filter).select('m.id')), null, false);
  const selected = await rows(
    db,
    picked(db, filter).leftJoin('match_revision as r', 'r.match_id', 'm.id').select(['m.id', 'r.revision']),
  );
  if (selected.length > MATCH_MEMO_LIMIT / 2) return readInSteps(db, selected);
  return answers(db, selected, memoOf(db), false);
}

/**
 * A page of every match in kick-off order (then id): `limit` matches after `after`, and
 * the key to go on from. The key is that of the last match the page picked, so a match
 * left out of the answer (its team gone) does not end the walk early.
 */
export async function matchPage(
  db: DB,
  page: { limit: number; after?: KickoffKey | undefined },
): Promise<Page<MatchDto, KickoffKey>> {
  const filter: MatchFilter = {
    order: 'asc',
    limit: rowsToRead(page.limit),
    ...(page.after !== undefined && { from: page.after }),
  };
  const selected = await rows(
    db,
    picked(db, filter)
      .leftJoin('match_revision as r', 'r.match_id', 'm.id')
      .select(['m.id', 'm.match_date', 'r.revision']),
  );
  const picks = pageOf(selected, page.limit, (match) => ({ date: match.match_date, id: match.id }));
  return {
    rows: await answers(db, picks.rows, db.isTransaction ? null : memoOf(db), false),
    next: picks.next,
  };
}

/** One match (null: no such match), read afresh: also what a write answers with, inside its transaction. */
export async function getMatch(db: DB, id: number): Promise<MatchDto | null> {
  return (await answers(db, [{ id }], null, false))[0] ?? null;
}

/** A match's saved squads, one entry per team that has one, each in selection order. */
export async function savedSquads(
  db: DB,
  matchId: number,
): Promise<{ team_id: string; players: string[] }[]> {
  const found = await MATCH_SQUADS.all(db, { ids: listArgument([matchId]) });
  return found.map((squad) => ({ team_id: squad.team_id, players: JSON.parse(squad.players) as string[] }));
}

/**
 * The match row with its teams' names and crests (an inner join: a match whose team is
 * gone is left out, as from every answer). What the write rules look at, read in every
 * write: one statement by primary key.
 */
function withTeams(q: ReturnType<typeof picked>) {
  return q
    .innerJoin('teams as h', 'h.team_id', 'm.home_team')
    .innerJoin('teams as a', 'a.team_id', 'm.away_team')
    .select([
      ...MATCH_COLUMNS,
      'h.team_name as home_team_name',
      'a.team_name as away_team_name',
      'h.logo as home_team_logo',
      'a.logo as away_team_logo',
    ]);
}

const MATCH_ROW = statement((db: DB, a: { id: number }) =>
  withTeams(db.selectFrom('matches as m')).where('m.id', '=', a.id),
);

/** The rows a filter picks, in its order, with their teams' names and crests, without events or squads. */
export async function findMatchRows(db: DB, filter: MatchFilter): Promise<MatchRow[]> {
  return rows(db, withTeams(picked(db, filter)));
}

/** One match row with its teams' names and crests. */
export async function findMatchRow(db: DB, id: number): Promise<MatchRow | undefined> {
  return MATCH_ROW.first(db, { id });
}

/** A match's result and its review, without the squads: what audit entries and report comparisons read. */
export type MatchResult = Pick<
  MatchDto,
  | 'home_score'
  | 'away_score'
  | 'approved'
  | 'reported_by_team'
  | 'reviewed_at'
  | 'goalscorers'
  | 'own_goals'
  | 'assisters'
  | 'goalkeepers'
  | 'yellow_cards'
  | 'red_cards'
>;

/** The result part of a match: what an audit entry of a report or a review records. */
export function matchResultOf(match: MatchResult): MatchResult {
  return {
    home_score: match.home_score,
    away_score: match.away_score,
    approved: match.approved,
    reported_by_team: match.reported_by_team,
    reviewed_at: match.reviewed_at,
    goalscorers: match.goalscorers,
    own_goals: match.own_goals,
    assisters: match.assisters,
    goalkeepers: match.goalkeepers,
    yellow_cards: match.yellow_cards,
    red_cards: match.red_cards,
  };
}

/** The result of a match whose row is already read: its events and cards added. */
export async function resultOfRow(db: DB, row: MatchRow): Promise<MatchResult> {
  const parts = partsOf(row);
  await readResults(db, listArgument([row.id]), new Map([[row.id, parts]]));
  return matchResultOf({ ...row, ...parts });
}
