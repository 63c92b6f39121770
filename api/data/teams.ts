/** Team, roster and coach reads. */
import type { DB } from '../../db/connection';
import type { CoachDto, RosterPlayerDto, TeamDto, TeamSummaryDto } from '../schemas';

/** Every team, by name. */
export async function listTeams(db: DB): Promise<TeamSummaryDto[]> {
  return db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'league_id', 'location', 'description', 'logo'])
    .orderBy('team_name')
    .orderBy('team_id')
    .execute();
}

export async function getTeam(db: DB, teamId: string): Promise<TeamDto | undefined> {
  return db
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
    .where('t.team_id', '=', teamId)
    .executeTakeFirst();
}

export async function teamExists(db: DB, teamId: string): Promise<boolean> {
  const row = await db.selectFrom('teams').select('team_id').where('team_id', '=', teamId).executeTakeFirst();
  return row !== undefined;
}

/** Seasons the team has matches in, newest first. */
export async function teamSeasons(db: DB, teamId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('matches')
    .select('season')
    .distinct()
    .where((eb) => eb.or([eb('home_team', '=', teamId), eb('away_team', '=', teamId)]))
    .orderBy('season', 'desc')
    .execute();
  return rows.map((row) => row.season);
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
  const players = (await playerQuery(db).where('p.team_id', '=', teamId).execute()).map(toRosterPlayer);
  const group = (general: string) => {
    const index = GROUP_ORDER.indexOf(general);
    return index === -1 ? GROUP_ORDER.length : index;
  };
  players.sort(
    (a, b) =>
      group(a.position_general) - group(b.position_general) || a.number - b.number || (a.id < b.id ? -1 : 1),
  );
  const coaches = await coachQuery(db).where('c.team_id', '=', teamId).orderBy('c.name').execute();
  return { players, coaches: coaches.map(toCoach) };
}

/** A player by id, or by the id of the account linked to it. */
export async function findPlayer(db: DB, id: string): Promise<RosterPlayerDto | undefined> {
  const row = await playerQuery(db)
    .where((eb) => eb.or([eb('p.id', '=', id), eb('p.user_id', '=', id)]))
    .orderBy((eb) => eb.case().when('p.id', '=', id).then(0).else(1).end())
    .executeTakeFirst();
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
  const rows = await coachQuery(db)
    .where((eb) => eb.or([eb('c.id', '=', id), eb('c.user_id', '=', id)]))
    .orderBy('c.name')
    .execute();
  return rows.map(toCoach);
}
