/**
 * Match reads: rows joined with team names and logos, with their events and squads,
 * turned into the one match shape every endpoint answers with.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/connection';
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

function baseQuery(db: DB) {
  return db
    .selectFrom('matches as m')
    .innerJoin('teams as h', 'h.team_id', 'm.home_team')
    .innerJoin('teams as a', 'a.team_id', 'm.away_team')
    .select([
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
      'h.team_name as home_team_name',
      'a.team_name as away_team_name',
      'h.logo as home_team_logo',
      'a.logo as away_team_logo',
    ]);
}

type MatchQuery = ReturnType<typeof baseQuery>;
export type MatchRow = Awaited<ReturnType<MatchQuery['executeTakeFirstOrThrow']>>;

function applyFilter(query: MatchQuery, filter: MatchFilter): MatchQuery {
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
  return applyFilter(baseQuery(db), filter).execute();
}

interface MatchExtras {
  goalscorers: string[];
  assisters: string[];
  goalkeepers: string[];
  squads: Map<string, string[]>;
}

/** Events and saved squads of many matches in two queries. */
async function readExtras(db: DB, matchIds: readonly number[]): Promise<Map<number, MatchExtras>> {
  const extras = new Map<number, MatchExtras>();
  for (const id of matchIds)
    extras.set(id, { goalscorers: [], assisters: [], goalkeepers: [], squads: new Map() });
  if (matchIds.length === 0) return extras;
  for (const chunk of inChunks(matchIds)) {
    const events = await db
      .selectFrom('match_events')
      .select(['match_id', 'player_id', 'kind'])
      .where('match_id', 'in', chunk)
      .orderBy('id')
      .execute();
    for (const event of events) {
      const entry = extras.get(event.match_id);
      if (!entry) continue;
      if (event.kind === 'goal') entry.goalscorers.push(event.player_id);
      else if (event.kind === 'assist') entry.assisters.push(event.player_id);
      else entry.goalkeepers.push(event.player_id);
    }
    // In selection order (row id): a join to sort by shirt number doubled the cost of big lists.
    // One row per match and side with its ids as a JSON array, read along the (match_id,
    // team_id) index: a league's 10,000 squad rows cost more to hand over one by one than to read.
    const squads = await db
      .selectFrom('match_squads')
      .select([
        'match_id',
        'team_id',
        sql<string>`json_group_array(${sql.ref('player_id')} ORDER BY ${sql.ref('id')})`.as('players'),
      ])
      .where('match_id', 'in', chunk)
      .groupBy(['match_id', 'team_id'])
      .execute();
    for (const row of squads) {
      const entry = extras.get(row.match_id);
      if (!entry) continue;
      entry.squads.set(row.team_id, JSON.parse(row.players) as string[]);
    }
  }
  return extras;
}

/** Matches whose events and squads are remembered, per database handle. */
export const EXTRAS_MEMO_LIMIT = 50_000;

interface Remembered {
  revision: number;
  extras: MatchExtras;
}

const memos = new WeakMap<DB, Map<number, Remembered>>();

/** The revision of each match (migration 0006); a match without a row is at 0. */
async function revisionsOf(db: DB, matchIds: readonly number[]): Promise<Map<number, number>> {
  const revisions = new Map<number, number>();
  for (const chunk of inChunks(matchIds)) {
    const rows = await db
      .selectFrom('match_revision')
      .select(['match_id', 'revision'])
      .where('match_id', 'in', chunk)
      .execute();
    for (const row of rows) revisions.set(row.match_id, row.revision);
  }
  return revisions;
}

/** Shared by every answer built from it: frozen, so code that sorts or edits it in place fails loudly. */
function frozen(extras: MatchExtras): MatchExtras {
  Object.freeze(extras.goalscorers);
  Object.freeze(extras.assisters);
  Object.freeze(extras.goalkeepers);
  for (const players of extras.squads.values()) Object.freeze(players);
  Object.freeze(extras);
  return extras;
}

/**
 * Events and saved squads of many matches. Outside a transaction they are remembered by
 * match revision, so a league list rebuilt after a write to one match reads that match
 * alone again. The revisions are read first: contents read later can only be newer than
 * the revision they are kept under, and then the next read finds the revision moved on
 * and reads them again. Inside a transaction nothing is remembered (a rolled-back
 * savepoint takes its revision back, and another write could reach the same number).
 */
async function loadExtras(db: DB, matchIds: readonly number[]): Promise<Map<number, MatchExtras>> {
  if (db.isTransaction || matchIds.length === 0) return readExtras(db, matchIds);
  let memo = memos.get(db);
  if (memo === undefined) {
    memo = new Map();
    memos.set(db, memo);
  }
  const revisions = await revisionsOf(db, matchIds);
  const extras = new Map<number, MatchExtras>();
  const missing: number[] = [];
  for (const id of matchIds) {
    const remembered = memo.get(id);
    if (remembered !== undefined && remembered.revision === (revisions.get(id) ?? 0)) {
      memo.delete(id); // most recently used last
      memo.set(id, remembered);
      extras.set(id, remembered.extras);
    } else missing.push(id);
  }
  for (const [id, read] of await readExtras(db, missing)) {
    const entry = frozen(read);
    memo.delete(id);
    memo.set(id, { revision: revisions.get(id) ?? 0, extras: entry });
    extras.set(id, entry);
  }
  for (const id of memo.keys()) {
    if (memo.size <= EXTRAS_MEMO_LIMIT) break;
    memo.delete(id);
  }
  return extras;
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
    goalscorers: extras.goalscorers,
    assisters: extras.assisters,
    goalkeepers: extras.goalkeepers,
    home_players: squadOf(row.home_team),
    away_players: squadOf(row.away_team),
  };
}

/** Matches for list endpoints: home_players/away_players are the saved squads, or []. */
export async function listMatches(db: DB, filter: MatchFilter): Promise<MatchDto[]> {
  const rows = await findMatchRows(db, filter);
  const extras = await loadExtras(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const entry = extras.get(row.id);
    if (!entry) throw new Error(`extras missing for match ${row.id}`);
    return toMatchDto(row, entry);
  });
}

/** One match; without a saved squad a team's list is its current roster. */
export async function getMatch(db: DB, id: number): Promise<MatchDto | null> {
  const [row] = await findMatchRows(db, { ids: [id] });
  if (!row) return null;
  const extras = (await loadExtras(db, [id])).get(id);
  if (!extras) return null;
  const rosters = await db
    .selectFrom('players')
    .select(['id', 'team_id'])
    .where('team_id', 'in', [row.home_team, row.away_team])
    .orderBy('number')
    .orderBy('id')
    .execute();
  const fallback = new Map<string, string[]>();
  for (const player of rosters) {
    if (!player.team_id) continue;
    fallback.set(player.team_id, [...(fallback.get(player.team_id) ?? []), player.id]);
  }
  return toMatchDto(row, extras, fallback);
}

/** The names of these players by id, for answers that list players by id (unknown ids left out). */
export async function playerNames(db: DB, ids: readonly string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  const names: Record<string, string> = {};
  for (const chunk of inChunks(unique)) {
    const rows = await db.selectFrom('players').select(['id', 'name']).where('id', 'in', chunk).execute();
    for (const row of rows) names[row.id] = row.name;
  }
  return names;
}
