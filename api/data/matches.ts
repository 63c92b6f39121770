/**
 * Match reads: rows joined with team names and logos, with their events and squads,
 * turned into the one match shape every endpoint answers with.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DB } from '../../db/connection';
import { inList, jsonArrayOf, listArgument } from '../../db/dialect-sql';
import { prepared } from '../../db/prepared';
import type { Approval } from '../../db/schema';
import type { MatchDto } from '../schemas';
import { inChunks } from './chunks';

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

function fromMatches(db: DB) {
  return db.selectFrom('matches as m');
}

type FromMatches = ReturnType<typeof fromMatches>;

/** Match rows with their teams' names and crests. */
function withTeams(query: FromMatches) {
  return query
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

export type MatchRow = Awaited<ReturnType<ReturnType<typeof withTeams>['executeTakeFirstOrThrow']>>;
type TeamLabels = 'home_team_name' | 'away_team_name' | 'home_team_logo' | 'away_team_logo';
/** A match row without its teams' names and crests. */
type MatchCore = Omit<MatchRow, TeamLabels>;

function applyFilter(query: FromMatches, filter: MatchFilter): FromMatches {
  let q = query;
  if (filter.ids) q = q.where('m.id', 'in', filter.ids.length > 0 ? [...filter.ids] : [-1]);
  if (filter.leagueId !== undefined) q = q.where('m.league_id', '=', filter.leagueId);
  if (filter.season !== undefined) q = q.where('m.season', '=', filter.season);
  if (filter.teamId !== undefined) {
    const teamId = filter.teamId;
    q = q.where((eb) => eb.or([eb('m.home_team', '=', teamId), eb('m.away_team', '=', teamId)]));
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
  const order = filter.order ?? 'asc';
  q = q.orderBy('m.match_date', order).orderBy('m.id', order);
  if (filter.limit !== undefined) q = q.limit(filter.limit);
  return q;
}

export function findMatchRows(db: DB, filter: MatchFilter): Promise<MatchRow[]> {
  return withTeams(applyFilter(fromMatches(db), filter)).execute();
}

// One match with its events, squads and both rosters: what every match page and every
// squad or report reads, built and compiled once (db/prepared.ts).
const MATCH_ROW = prepared((db: DB, a: { id: number }) =>
  withTeams(fromMatches(db)).where('m.id', '=', a.id),
);
const MATCH_EVENTS = prepared((db: DB, a: { id: number }) =>
  db
    .selectFrom('match_events')
    .select(['match_id', 'player_id', 'kind'])
    .where('match_id', '=', a.id)
    .orderBy('id'),
);
const MATCH_CARDS = prepared((db: DB, a: { id: number }) =>
  db.selectFrom('match_cards').select(['player_id', 'card']).where('match_id', '=', a.id).orderBy('id'),
);
const MATCH_SQUADS = prepared((db: DB, a: { id: number }) => squadsOf(db).where('match_id', '=', a.id));
/** A roster's ids by shirt number: one range of players_team_number, no sort (numbers are unique per team). */
const ROSTER_IDS = prepared((db: DB, a: { team: string }) =>
  db.selectFrom('players').select('id').where('team_id', '=', a.team).orderBy('number'),
);

/** One match row with its teams' names and crests. */
export function findMatchRow(db: DB, id: number): Promise<MatchRow | undefined> {
  return MATCH_ROW.first(db, { id });
}

interface MatchExtras {
  goalscorers: string[];
  assisters: string[];
  goalkeepers: string[];
  yellow_cards: string[];
  red_cards: string[];
  squads: Map<string, string[]>;
}

function noExtras(): MatchExtras {
  return {
    goalscorers: [],
    assisters: [],
    goalkeepers: [],
    yellow_cards: [],
    red_cards: [],
    squads: new Map(),
  };
}

function addCard(entry: MatchExtras, card: { player_id: string; card: string }): void {
  (card.card === 'red' ? entry.red_cards : entry.yellow_cards).push(card.player_id);
}

function addSquad(entry: MatchExtras, row: { team_id: string; players: string }): void {
  entry.squads.set(row.team_id, JSON.parse(row.players) as string[]);
}

function addEvent(entry: MatchExtras, event: { player_id: string; kind: string }): void {
  if (event.kind === 'goal') entry.goalscorers.push(event.player_id);
  else if (event.kind === 'assist') entry.assisters.push(event.player_id);
  else entry.goalkeepers.push(event.player_id);
}

/**
 * Saved squads, in selection order (row id): a join to sort by shirt number doubled the
 * cost of big lists. One row per match and side with its ids as a JSON array, read
 * along the (match_id, team_id) index: a league's 10,000 squad rows cost more to hand
 * over one by one than to read.
 */
function squadsOf(db: DB) {
  return db
    .selectFrom('match_squads')
    .select(['match_id', 'team_id', jsonArrayOf(db, 'player_id', 'id').as('players')])
    .groupBy(['match_id', 'team_id']);
}

// The lists' statements, built and compiled once (db/prepared.ts): each takes its
// matches as one JSON list (`listArgument`), where Kysely built and compiled an IN list
// of up to 500 ids on every call.
const EVENTS_OF = prepared((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_events')
    .select(['match_id', 'player_id', 'kind'])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .orderBy('id'),
);
const CARDS_OF = prepared((db: DB, a: { ids: string }) =>
  db
    .selectFrom('match_cards')
    .select(['match_id', 'player_id', 'card'])
    .where(inList(db, 'match_id', a.ids, 'bigint'))
    .orderBy('id'),
);
const SQUADS_OF = prepared((db: DB, a: { ids: string }) =>
  squadsOf(db).where(inList(db, 'match_id', a.ids, 'bigint')),
);
/** Match rows without their teams' names and crests. */
const CORES_OF = prepared((db: DB, a: { ids: string }) =>
  fromMatches(db)
    .select(MATCH_COLUMNS)
    .where(inList(db, 'm.id', a.ids, 'bigint')),
);
/** Match rows with their teams' names and crests. */
const ROWS_OF = prepared((db: DB, a: { ids: string }) =>
  withTeams(fromMatches(db)).where(inList(db, 'm.id', a.ids, 'bigint')),
);
/** Teams' names and crests, given their ids as one JSON list (`listArgument`). */
export const TEAM_LABELS = prepared((db: DB, a: { ids: string }) =>
  db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'logo'])
    .where(inList(db, 'team_id', a.ids)),
);

/** Events, cards and saved squads of many matches, a slice of them at a time. */
async function readExtras(db: DB, matchIds: readonly number[]): Promise<Map<number, MatchExtras>> {
  const extras = new Map<number, MatchExtras>();
  for (const id of matchIds) extras.set(id, noExtras());
  for (const chunk of inChunks(matchIds)) {
    const ids = listArgument(chunk);
    for (const event of await EVENTS_OF.all(db, { ids })) {
      const entry = extras.get(event.match_id);
      if (entry) addEvent(entry, event);
    }
    for (const card of await CARDS_OF.all(db, { ids })) {
      const entry = extras.get(card.match_id);
      if (entry) addCard(entry, card);
    }
    for (const row of await SQUADS_OF.all(db, { ids })) {
      const entry = extras.get(row.match_id);
      if (entry) addSquad(entry, row);
    }
  }
  return extras;
}

/** Matches whose row, events and squads are remembered, per database handle. */
export const MATCH_MEMO_LIMIT = 40_000;

interface Remembered {
  revision: number;
  row: MatchCore;
  extras: MatchExtras;
  /** The match as last answered, while its teams' names and crests stay the same. */
  answer?: MatchDto;
}

const memos = new WeakMap<DB, Map<number, Remembered>>();

/** Shared by every answer built from it: frozen, so code that sorts or edits it in place fails loudly. */
function frozen(extras: MatchExtras): MatchExtras {
  Object.freeze(extras.goalscorers);
  Object.freeze(extras.assisters);
  Object.freeze(extras.goalkeepers);
  Object.freeze(extras.yellow_cards);
  Object.freeze(extras.red_cards);
  for (const players of extras.squads.values()) Object.freeze(players);
  Object.freeze(extras);
  return extras;
}

/** Rows, events and squads of these matches, read afresh (a match deleted meanwhile is left out). */
async function readMatchesById(
  db: DB,
  ids: readonly number[],
): Promise<Map<number, Omit<Remembered, 'revision'>>> {
  const read = new Map<number, Omit<Remembered, 'revision'>>();
  const extras = await readExtras(db, ids);
  for (const chunk of inChunks(ids)) {
    for (const row of await CORES_OF.all(db, { ids: listArgument(chunk) })) {
      const entry = extras.get(row.id);
      if (entry) read.set(row.id, { row, extras: entry });
    }
  }
  return read;
}

/** Names and crests of these teams, by id. */
async function teamLabels(db: DB, teamIds: readonly string[]) {
  const labels = new Map<string, { team_name: string; logo: string | null }>();
  for (const chunk of inChunks([...new Set(teamIds)])) {
    for (const row of await TEAM_LABELS.all(db, { ids: listArgument(chunk) })) labels.set(row.team_id, row);
  }
  return labels;
}

/** The list read afresh, remembering nothing: inside a transaction. */
async function readMatches(db: DB, filter: MatchFilter): Promise<MatchDto[]> {
  const rows = await findMatchRows(db, filter);
  const extras = await readExtras(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const entry = extras.get(row.id);
    if (!entry) throw new Error(`extras missing for match ${row.id}`);
    return toMatchDto(row, entry);
  });
}

/** Matches a long list reads in one turn of the event loop (`readInSteps`). */
export const LIST_STEP = 1_000;

/** The long list being read, if any: the next one waits for it (`readInSteps`). */
let longListRead: Promise<unknown> = Promise.resolve();

/**
 * A list too long to remember (every match of a large database: 100,000 of them, 180
 * MB of JSON), read afresh a step of LIST_STEP matches at a time, with a turn of the
 * event loop between steps: read whole it held SQLite's synchronous connection, and so
 * every other request, for seven seconds. On SQLite a step's statements run within one
 * turn, where no write commits, so a match is never half before and half after a write
 * (on PostgreSQL, as before, each statement sees what is committed when it runs); a
 * match changed or deleted while a later step waits is answered as that step finds it
 * (or left out), in the place the list's first read gave it. One long list is read at a
 * time, so that many clients asking at once hold the memory of one such list as
 * before, not of one each.
 */
function readInSteps(db: DB, ids: readonly number[]): Promise<MatchDto[]> {
  const read = longListRead.then(async () => {
    const matches: MatchDto[] = [];
    for (const [index, chunk] of inChunks(ids, LIST_STEP).entries()) {
      if (index > 0) await nextTurn();
      const rows = new Map<number, MatchRow>();
      for (const row of await ROWS_OF.all(db, { ids: listArgument(chunk) })) rows.set(row.id, row);
      const extras = await readExtras(db, chunk);
      for (const id of chunk) {
        const row = rows.get(id);
        const entry = extras.get(id);
        if (row && entry) matches.push(toMatchDto(row, entry));
      }
    }
    return matches;
  });
  longListRead = read.catch(() => undefined);
  return read;
}

/**
 * Matches for list endpoints: home_players/away_players are the saved squads, or [].
 *
 * Outside a transaction each match's row, events and squads are remembered by its
 * revision (migration 0006): the list's ids and revisions come first, in one index
 * read, and only matches whose revision moved are read again, so a league list rebuilt
 * after a write to one match reads that match alone. Contents read after their revision
 * can only be newer than it; the next read then finds the revision moved on and reads
 * them again. Team names and crests are read afresh every time (a rename moves no match
 * revision). Inside a transaction nothing is remembered: a savepoint rolled back takes
 * its revisions back, and another write could reach the same numbers with other contents.
 */
export async function listMatches(db: DB, filter: MatchFilter): Promise<MatchDto[]> {
  if (db.isTransaction) return readMatches(db, filter);
  const selected = await applyFilter(fromMatches(db), filter)
    .leftJoin('match_revision as r', 'r.match_id', 'm.id')
    .select(['m.id', 'r.revision'])
    .execute();
  if (selected.length > MATCH_MEMO_LIMIT / 2)
    return readInSteps(
      db,
      selected.map(({ id }) => id),
    );
  let memo = memos.get(db);
  if (memo === undefined) {
    memo = new Map();
    memos.set(db, memo);
  }
  const found = new Map<number, Remembered>();
  const missing: number[] = [];
  for (const { id, revision } of selected) {
    const remembered = memo.get(id);
    if (remembered !== undefined && remembered.revision === (revision ?? 0)) {
      memo.delete(id); // most recently used last
      memo.set(id, remembered);
      found.set(id, remembered);
    } else missing.push(id);
  }
  if (missing.length > 0) {
    const revisionOf = new Map(selected.map(({ id, revision }) => [id, revision ?? 0]));
    for (const [id, read] of await readMatchesById(db, missing)) {
      const entry = {
        revision: revisionOf.get(id) ?? 0,
        row: Object.freeze(read.row),
        extras: frozen(read.extras),
      };
      memo.delete(id);
      memo.set(id, entry);
      found.set(id, entry);
    }
    for (const id of memo.keys()) {
      if (memo.size <= MATCH_MEMO_LIMIT) break;
      memo.delete(id);
    }
  }
  const labels = await teamLabels(
    db,
    [...found.values()].flatMap(({ row }) => [row.home_team, row.away_team]),
  );
  const matches: MatchDto[] = [];
  for (const { id } of selected) {
    const entry = found.get(id);
    const home = entry && labels.get(entry.row.home_team);
    const away = entry && labels.get(entry.row.away_team);
    // Left out like the inner join leaves them: deleted meanwhile, or a team gone.
    if (!entry || !home || !away) continue;
    const answered = entry.answer;
    if (
      answered !== undefined &&
      answered.home_team_name === home.team_name &&
      answered.home_team_logo === home.logo &&
      answered.away_team_name === away.team_name &&
      answered.away_team_logo === away.logo
    ) {
      matches.push(answered);
      continue;
    }
    const row: MatchRow = {
      ...entry.row,
      home_team_name: home.team_name,
      away_team_name: away.team_name,
      home_team_logo: home.logo,
      away_team_logo: away.logo,
    };
    // Shared by later answers (and its JSON with them: api/http/read.ts jsonBytesOf), so frozen.
    const answer = toMatchDto(row, entry.extras);
    Object.freeze(answer.home_players);
    Object.freeze(answer.away_players);
    entry.answer = Object.freeze(answer);
    matches.push(answer);
  }
  return matches;
}

export function toMatchDto(row: MatchRow, extras: MatchExtras, fallback?: Map<string, string[]>): MatchDto {
  const squadOf = (teamId: string) => extras.squads.get(teamId) ?? fallback?.get(teamId) ?? [];
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
    home_team_name: row.home_team_name,
    away_team_name: row.away_team_name,
    home_team_logo: row.home_team_logo,
    away_team_logo: row.away_team_logo,
    home_score: row.home_score,
    away_score: row.away_score,
    approved: row.approved,
    reported_by_team: row.reported_by_team,
    reported_at: row.reported_at,
    reviewed_at: row.reviewed_at,
    status: row.status,
    goalscorers: extras.goalscorers,
    assisters: extras.assisters,
    goalkeepers: extras.goalkeepers,
    yellow_cards: extras.yellow_cards,
    red_cards: extras.red_cards,
    home_players: squadOf(row.home_team),
    away_players: squadOf(row.away_team),
  };
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
    assisters: match.assisters,
    goalkeepers: match.goalkeepers,
    yellow_cards: match.yellow_cards,
    red_cards: match.red_cards,
  };
}

/** A match row's events and cards. */
async function resultExtras(db: DB, id: number): Promise<MatchExtras> {
  const extras = noExtras();
  for (const event of await MATCH_EVENTS.all(db, { id })) addEvent(extras, event);
  for (const card of await MATCH_CARDS.all(db, { id })) addCard(extras, card);
  return extras;
}

/** One match's row with its events and cards (null: no such match). */
async function matchWithResult(db: DB, id: number): Promise<{ row: MatchRow; extras: MatchExtras } | null> {
  const row = await findMatchRow(db, id);
  return row ? { row, extras: await resultExtras(db, id) } : null;
}

/** The result of a match whose row is already read: its events and cards added. */
export async function resultOfRow(db: DB, row: MatchRow): Promise<MatchResult> {
  return matchResultOf(toMatchDto(row, await resultExtras(db, row.id)));
}

/** One match; without a saved squad a team's list is its current roster. */
export async function getMatch(db: DB, id: number): Promise<MatchDto | null> {
  const found = await matchWithResult(db, id);
  if (!found) return null;
  const { row, extras } = found;
  for (const squad of await MATCH_SQUADS.all(db, { id })) addSquad(extras, squad);
  // A team without a saved squad is shown with its roster; most played matches have both squads.
  const fallback = new Map<string, string[]>();
  for (const team of [row.home_team, row.away_team]) {
    if (extras.squads.has(team) || fallback.has(team)) continue;
    fallback.set(
      team,
      (await ROSTER_IDS.all(db, { team })).map((player) => player.id),
    );
  }
  return toMatchDto(row, extras, fallback);
}
