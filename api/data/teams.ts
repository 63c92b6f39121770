/** Team, roster and coach reads. */
import { inChunks } from './chunks';
import type { CompiledQuery } from 'kysely';
import { rawQuery } from '../../db/dialect-sql';
import type { DB } from '../../db/connection';
import { first, rows } from '../../db/store';
import type { CoachDto, RosterPlayerDto, TeamDto, TeamSummaryDto } from '../schemas';
import { compareBinary, mergeSorted, pageOf, rowsToRead, type Page, type PageRequest } from './keyset';
import { playsIn } from './team-plays';

/** The order of the teams list: by name, then id (unique, so the order is total). */
export type TeamKey = readonly [teamName: string, teamId: string];

export interface TeamListRequest extends PageRequest<TeamKey> {
  /** Only the teams of this league. */
  leagueId?: string | undefined;
  /** Only the teams of a league of this season (teams.league_id → leagues.season). */
  season?: string | undefined;
}

/**
 * Leagues whose teams one statement merges: a UNION ALL arm per league, each an index
 * range in list order, which SQLite merges without sorting. Its merge is a chain (a row
 * of the first arm passes every later one), so arms are kept few; a season with more
 * leagues runs several statements, merged here.
 */
export const LEAGUES_PER_STATEMENT = 64;

const TEAM_SUMMARY = ['team_id', 'team_name', 'league_id', 'location', 'description', 'logo'] as const;

/** All teams after `after`, in list order: a range of 0005's teams_name index. */
function allTeams(db: DB, after: TeamKey | undefined, take: number | undefined) {
  let query = db.selectFrom('teams').select([...TEAM_SUMMARY]);
  if (after !== undefined) {
    query = query.where((eb) => eb(eb.refTuple('team_name', 'team_id'), '>', eb.tuple(after[0], after[1])));
  }
  query = query.orderBy('team_name').orderBy('team_id');
  return take === undefined ? query : query.limit(take);
}

/**
 * The teams of some leagues after `after`, in list order, in one statement: a range of
 * 0005's teams_league_name index per league, merged (EXPLAIN QUERY PLAN: MERGE (UNION ALL)).
 * Written as SQL text: Kysely took longer to build a many-arm query than SQLite to run it.
 */
function teamsOfLeagues(
  db: DB,
  leagueIds: readonly string[],
  after: TeamKey | undefined,
  take: number | undefined,
): CompiledQuery<TeamSummaryDto> {
  const arm =
    `SELECT ${TEAM_SUMMARY.join(', ')} FROM teams WHERE league_id = ?` +
    (after === undefined ? '' : ' AND (team_name, team_id) > (?, ?)');
  const parameters: unknown[] = leagueIds.flatMap((leagueId) =>
    after === undefined ? [leagueId] : [leagueId, after[0], after[1]],
  );
  let text = `${leagueIds.map(() => arm).join(' UNION ALL ')} ORDER BY team_name, team_id`;
  if (take !== undefined) {
    text += ' LIMIT ?';
    parameters.push(take);
  }
  return rawQuery<TeamSummaryDto>(db, text, parameters);
}

/** The leagues a filter keeps teams of; null when it keeps every team. */
async function filteredLeagues(db: DB, { leagueId, season }: TeamListRequest): Promise<string[] | null> {
  if (season === undefined) return leagueId === undefined ? null : [leagueId];
  let query = db.selectFrom('leagues').select('league_id').where('season', '=', season);
  if (leagueId !== undefined) query = query.where('league_id', '=', leagueId);
  return (await rows(db, query)).map((row) => row.league_id);
}

function compareTeams(a: TeamSummaryDto, b: TeamSummaryDto): number {
  return compareBinary(a.team_name, b.team_name) || compareBinary(a.team_id, b.team_id);
}

/**
 * Teams by name (then id), optionally of one league or of the leagues of one season, a
 * page at a time. Every statement reads index ranges in list order: no sort, no OFFSET.
 */
export async function listTeams(
  db: DB,
  request: TeamListRequest = {},
): Promise<Page<TeamSummaryDto, TeamKey>> {
  const { limit, after } = request;
  const take = rowsToRead(limit);
  const leagueIds = await filteredLeagues(db, request);
  let teams: TeamSummaryDto[];
  if (leagueIds === null) {
    teams = await rows(db, allTeams(db, after, take));
  } else {
    const lists: TeamSummaryDto[][] = [];
    for (const chunk of inChunks(leagueIds, LEAGUES_PER_STATEMENT)) {
      lists.push(await rows(db, teamsOfLeagues(db, chunk, after, take)));
    }
    teams = mergeSorted(lists, compareTeams, take);
  }
  return pageOf(teams, limit, (team) => [team.team_name, team.team_id] as const);
}

export async function getTeam(db: DB, teamId: string): Promise<TeamDto | undefined> {
  return first(
    db,
    db
      .selectFrom('teams as t')
      .leftJoin('leagues as l', 'l.league_id', 't.league_id')
      .select([
        't.team_id',
        't.team_name',
        't.league_id',
        'l.league_name',
        't.location',
        't.description',
        't.logo',
        't.youtube_channel',
        't.website',
        't.social_media',
        't.news_url',
      ])
      .where('t.team_id', '=', teamId),
  );
}

export async function teamExists(db: DB, teamId: string): Promise<boolean> {
  const row = await first(db, db.selectFrom('teams').select('team_id').where('team_id', '=', teamId));
  return row !== undefined;
}

/** Seasons the team has matches in, newest first. */
export async function teamSeasons(db: DB, teamId: string): Promise<string[]> {
  const seasons = await rows(
    db,
    db
      .selectFrom('matches')
      .select('season')
      .distinct()
      .where(playsIn(teamId, { table: 'matches' }))
      .orderBy('season', 'desc'),
  );
  return seasons.map((row) => row.season);
}

/** Roster order of the specification: GK, DEF, MID, FW, others last; then shirt number. */
const GROUP_ORDER = ['GK', 'DEF', 'MID', 'FW'];

function playerQuery(db: DB) {
  return db
    .selectFrom('players as p')
    .leftJoin('teams as t', 't.team_id', 'p.team_id')
    .select([
      'p.id',
      'p.user_id',
      'p.name',
      'p.number',
      'p.position',
      'p.position_general',
      'p.photo_id',
      'p.bio',
      'p.team_id',
      't.team_name',
    ]);
}

type PlayerRow = Awaited<ReturnType<ReturnType<typeof playerQuery>['executeTakeFirstOrThrow']>>;

export function toRosterPlayer(row: PlayerRow): RosterPlayerDto {
  return {
    id: row.id,
    player_id: row.id,
    user_id: row.user_id ?? row.id,
    name: row.name,
    number: row.number,
    position: row.position,
    position_general: row.position_general,
    photo_id: row.photo_id,
    bio: row.bio,
    team_id: row.team_id,
    team_name: row.team_name,
  };
}

export async function getRoster(
  db: DB,
  teamId: string,
): Promise<{ players: RosterPlayerDto[]; coaches: CoachDto[] }> {
  const players = (await rows(db, playerQuery(db).where('p.team_id', '=', teamId))).map(toRosterPlayer);
  const group = (general: string) => {
    const index = GROUP_ORDER.indexOf(general);
    return index === -1 ? GROUP_ORDER.length : index;
  };
  players.sort(
    (a, b) =>
      group(a.position_general) - group(b.position_general) || a.number - b.number || (a.id < b.id ? -1 : 1),
  );
  const coaches = await rows(db, coachQuery(db).where('c.team_id', '=', teamId).orderBy('c.name'));
  return { players, coaches: coaches.map(toCoach) };
}

/** A player by id, or by the id of the account linked to it. */
export async function findPlayer(db: DB, id: string): Promise<RosterPlayerDto | undefined> {
  const row = await first(
    db,
    playerQuery(db)
      .where((eb) => eb.or([eb('p.id', '=', id), eb('p.user_id', '=', id)]))
      .orderBy((eb) => eb.case().when('p.id', '=', id).then(0).else(1).end()),
  );
  return row && toRosterPlayer(row);
}

function coachQuery(db: DB) {
  return db
    .selectFrom('coaches as c')
    .leftJoin('teams as t', 't.team_id', 'c.team_id')
    .select(['c.id', 'c.user_id', 'c.name', 'c.role', 'c.bio', 'c.photo_id', 'c.team_id', 't.team_name']);
}

type CoachRow = Awaited<ReturnType<ReturnType<typeof coachQuery>['executeTakeFirstOrThrow']>>;

function toCoach(row: CoachRow): CoachDto {
  return { ...row, user_id: row.user_id ?? row.id };
}

/** Coaches whose id or linked account id is the given id. */
export async function findCoaches(db: DB, id: string): Promise<CoachDto[]> {
  const coaches = await rows(
    db,
    coachQuery(db)
      .where((eb) => eb.or([eb('c.id', '=', id), eb('c.user_id', '=', id)]))
      .orderBy('c.name'),
  );
  return coaches.map(toCoach);
}
