/**
 * /api/teams: the list and each team's record, roster, leaderboards, seasons, matches,
 * suspensions, spreadsheet and calendar feed; creating and deleting teams (super admins);
 * a roster's players added and removed, by spreadsheet too, and a match-day squad saved,
 * by the team's coach or owner (or a super admin). Who may act comes from the bearer
 * token only, never from the body.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/connection';
import { adminsLeague } from '../../db/rules/rights';
import { hasControlCharacter } from '../../db/rules/text';
import { expectedGeneral, POSITION_GENERALS, POSITIONS, positionsAgree } from '../../db/rules/positions';
import {
  assertLeagueAdmin,
  assertTeamStaff,
  currentUser,
  isTeamStaff,
  requireStaff,
} from '../auth/middleware';
import { calendarMatches } from '../data/calendar';
import { shirtNumbers } from '../data/csv-imports';
import {
  namesOf,
  suspensionList,
  teamLeague,
  teamSeasonBans,
  teamSeasonDiscipline,
} from '../data/discipline';
import { uniqueId, uniqueTeamId } from '../data/ids';
import { findLeague } from '../data/leagues';
import { findMatchState, findTeamName, playerTeams, replaceSquad, squadRows } from '../data/match-writes';
import { listMatches, teamNameIn } from '../data/matches';
import {
  deletePlayer,
  deleteTeamWithRoster,
  hasMatchHistory,
  insertRosterPlayer,
  insertTeam,
  leagueExists,
  releasePlayer,
  shirtNumberHolder,
  teamMatchCount,
  teamUserIds,
  updateTeamFields,
  type TeamChanges,
} from '../data/roster-writes';
import { revokeUserSessions } from '../data/sessions';
import { leaderboards } from '../data/stats';
import { findPlayer, getRoster, getTeam, listTeams, teamExists, teamSeasons } from '../data/teams';
import { csvFileName, planRosterImport, ROSTER_COLUMNS, type RosterImportAnswer } from '../domain/csv';
import { activeBans, banFor } from '../domain/discipline';
import { leagueIdOf } from '../domain/league-id';
import { involvesTeam } from '../domain/match-time';
import { isSquadLocked, SQUAD_LOCKED, squadListProblem, squadMembersRefusal } from '../domain/report-rules';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { announceSquad } from '../data/squad-announcements';
import { mailNotified, noteNotified } from '../http/notify';
import { imageUpload, replacedPicture, uploadBody, uploadedName } from '../images/upload';
import { CACHE } from '../http/cache';
import { calendarRead } from '../http/calendar';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { csvBody, csvDownload, importAnswer, readImport } from '../http/csv';
import { cursorParam, isPaged, nextCursor, pageLimitParam } from '../http/list-query';
import { nextKickoff } from '../http/next-kickoff';
import { holdUntil, jsonBytesRead, jsonListBytes, jsonRead } from '../http/read';
import {
  placement,
  position,
  positionGeneral,
  shirtNumber,
  shirtTaken,
  STAFF_ONLY,
  text,
  written,
} from '../http/teams';
import {
  approvedParam,
  booleanParam,
  idParam,
  leagueIdFrom,
  limitParam,
  matchIdParam,
  seasonParam,
  sortParam,
} from '../http/validate';
import { audit } from '../http/write';
import {
  CoachSchema,
  importAnswerSchema,
  importRefusalSchema,
  MatchSchema,
  RosterPlayerSchema,
  SuspensionListSchema,
  TeamListSchema,
  TeamSchema,
  TeamStatsSchema,
  type RosterPlayerDto,
  type TeamDto,
  type TeamListDto,
} from '../schemas';
import { plural } from '../../db/rules/words';

// ---------------------------------------------------------------------------------
// Parameters and bodies

const teamId = idParam.meta({ description: 'dotted team id, e.g. riverside.rovers' });
const teamParam = z.object({ teamId });
const yearSchema = { type: 'string', pattern: '^\\d{4}$' } as const;
const season = seasonParam.meta({
  ...yearSchema,
  description: 'four-digit year; defaults to the league season (or the team latest season)',
});

/** An unknown league or a season without leagues lists nothing. */
const teamListQuery = z.object({
  league_id: z
    .string({ error: 'must be given once' })
    .pipe(idParam.transform(leagueIdFrom).pipe(idParam))
    .optional()
    .meta({ description: 'only the teams of this league; a colon prefix ("region:mwpl-26") is ignored' }),
  season: seasonParam
    .optional()
    .meta({ ...yearSchema, description: 'only the teams of a league of this season' }),
  limit: pageLimitParam.optional().meta({
    type: 'integer',
    minimum: 1,
    maximum: 200,
    description:
      'rows per page, 1 to 200; the answer then carries next_cursor. Without limit and cursor the whole list',
  }),
  cursor: cursorParam('teams', z.tuple([z.string(), z.string()]))
    .optional()
    .meta({
      type: 'string',
      description:
        'next_cursor of the page before (opaque; refused with 400 if altered or from another list). ' +
        'Without limit: every row after it',
    }),
});
const seasonQuery = z.object({ season: season.optional() });
const teamMatchesQuery = z.object({
  season: season.optional(),
  approved: approvedParam
    .optional()
    .meta({ type: 'string', description: 'PENDING, TRUE, FALSE or empty (case-insensitive)' }),
  past: booleanParam.optional().meta({
    type: 'boolean',
    description: 'true: kicked off and approved (the latest result); false: not yet played',
  }),
  limit: limitParam
    .optional()
    .meta({ type: 'integer', minimum: 1, maximum: 1000, description: 'positive whole number, at most 1000' }),
  sort: sortParam.optional().meta({
    type: 'string',
    enum: ['asc', 'desc'],
    default: 'asc',
    description: 'by date (case-insensitive)',
  }),
});

const teamBody = z.strictObject({
  name: text(100),
  location: text(100),
  description: z
    .string({ error: 'must be text' })
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .optional(),
  league_id: z
    .string({ error: 'must be text' })
    .transform(leagueIdFrom)
    .pipe(idParam)
    .nullable()
    .optional()
    .meta({ type: 'string', nullable: true, description: 'an existing league (else 400), or null' }),
});

/** A published address: http(s) only (a feed fetches it, a page links it); empty clears it. */
const link = z
  .string({ error: 'must be text or null' })
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((value) => value === '' || isHttpAddress(value), 'must be an http:// or https:// address')
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()
  .meta({ type: 'string', nullable: true, description: 'an http(s) address; empty or null clears it' });

function isHttpAddress(value: string): boolean {
  if (hasControlCharacter(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A club's details; the name, place and description follow the rules of teamBody. */
const teamEditBody = z
  .strictObject({
    team_name: teamBody.shape.name.optional(),
    location: teamBody.shape.location.optional(),
    description: teamBody.shape.description,
    website: link,
    news_url: link,
    youtube_channel: link,
  })
  .meta({ minProperties: 1 });

// Photo ids become file names under /api/images/players/: no separators, no leading dot.
const photoId = z
  .string({ error: 'must be text' })
  .max(200, 'must be at most 200 characters')
  .regex(/^(?:[\w-][\w.-]*)?$/, 'may contain only letters, digits, _, - and . (not first)')
  .describe('a file name under /api/images/players/');
const metrics = z
  .record(
    z.string().min(1).max(50),
    z.union([z.string().max(200, 'must be at most 200 characters'), z.number(), z.boolean()], {
      error: 'values must be text of at most 200 characters, numbers or true/false',
    }),
    // zod reports a bad key as one issue of the record itself.
    {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? 'keys must be 1 to 50 characters'
          : 'must be an object of simple values',
    },
  )
  .refine((value) => Object.keys(value).length <= 50, 'must have at most 50 keys')
  .meta({ maxProperties: 50 });

const playerBody = z
  .strictObject({
    name: text(100),
    position,
    position_general: positionGeneral.meta({ description: 'must agree with position (or Other); FWD is FW' }),
    number: shirtNumber,
    photo_id: photoId.nullable().optional(),
    metrics: metrics.optional(),
  })
  .superRefine((body, ctx) => {
    if (!positionsAgree(body.position, body.position_general)) {
      ctx.addIssue({ code: 'custom', path: ['position_general'], message: expectedGeneral(body.position) });
    }
  });

const rosterParam = z.object({ teamId, playerId: idParam });
// A 400 names the parameter at fault, and clients read these names in it.
const squadParam = z.object({
  team_id: teamId,
  match_id: matchIdParam.meta({ type: 'integer', minimum: 1, maximum: 2147483647, description: 'match id' }),
});
// Counts are left to the handler so a wrong count gets the sentence the manager screen shows.
const squadBody = z.strictObject({
  players: z.array(idParam, { error: 'must be a list of player ids' }).describe('player ids'),
  tell_others: z.boolean({ error: 'must be true or false' }).optional().meta({
    description:
      'before kick-off: tell the players not picked too (the picked are always told, and a player told they were in who is left out)',
  }),
});

const importQuery = z.object({
  dry_run: booleanParam
    .optional()
    .meta({ type: 'boolean', description: 'true: check every row and write nothing (200)' }),
});

// ---------------------------------------------------------------------------------
// Answers

const RosterSchema = z.strictObject({ players: z.array(RosterPlayerSchema), coaches: z.array(CoachSchema) });
const SeasonsSchema = z.strictObject({ seasons: z.array(z.string().regex(/^\d{4}$/)) });
const TeamMatchesSchema = z.strictObject({ matches: z.array(MatchSchema) });
const TeamDeletedSchema = z.strictObject({ detail: z.string(), team_id: z.string() });
const PlayerRemovedSchema = z.strictObject({
  detail: z.string(),
  player_id: z.string(),
  kept_for_history: z.boolean(),
});
const SquadSchema = z.strictObject({
  match_id: z.number().int(),
  team_id: z.string(),
  players: z.array(z.string()),
  told: z.number().int().describe('players told of their place now (a notification, Web Push, e-mail)'),
});
const RosterImportSchema = importAnswerSchema(
  'player',
  z.strictObject({
    id: z.string().nullable(),
    name: z.string(),
    number: z.number().int(),
    position: z.enum(POSITIONS),
    position_general: z.enum(POSITION_GENERALS),
  }),
  ['name', 'number', 'position', 'position_general'],
);

const UNKNOWN_TEAM = { 404: 'Unknown team' };
const LEAGUE_ADMIN_ONLY = 'Not an admin of the league, nor a super admin';
const CSV_FILE =
  'The roster: RFC 4180, UTF-8 with a BOM, a header row, CRLF line ends; text cells starting with = + - @ ' +
  "tab or CR get a leading ' (numbers never do). Content-Type: text/csv; charset=utf-8, " +
  'Content-Disposition: attachment';

// ---------------------------------------------------------------------------------
// Reads

const listTeamsRoute = read({
  path: '/teams',
  operationId: 'listTeams',
  tags: ['teams'],
  summary: 'Teams',
  description:
    'By name, then id; all of them unless filtered. With limit or cursor: one page and next_cursor',
  caching: { offline: true, tables: 'teams' },
  request: { query: teamListQuery },
  responses: { 200: readAnswer(TeamListSchema), ...errors(400) },
});

const getTeamRoute = read({
  path: '/teams/{teamId}',
  operationId: 'getTeam',
  tags: ['teams'],
  summary: 'One team',
  caching: { offline: true, tables: 'teams' },
  request: { params: teamParam },
  responses: { 200: readAnswer(TeamSchema), ...errors(400, UNKNOWN_TEAM) },
});

const getRosterRoute = read({
  path: '/teams/{teamId}/roster',
  operationId: 'getRoster',
  tags: ['teams'],
  summary: 'Players and coaches',
  description: 'Players by position (GK, DEF, MID, FW, others), then shirt number; then the coaches',
  caching: { offline: true, tables: 'roster' },
  request: { params: teamParam },
  responses: { 200: readAnswer(RosterSchema), ...errors(400, UNKNOWN_TEAM) },
});

const listTeamSeasonsRoute = read({
  path: '/teams/{teamId}/seasons',
  operationId: 'listTeamSeasons',
  tags: ['teams'],
  summary: 'Seasons in which the team has matches',
  description: 'Newest first',
  caching: { offline: true, tables: 'teamSeasons' },
  request: { params: teamParam },
  responses: { 200: readAnswer(SeasonsSchema), ...errors(400, UNKNOWN_TEAM) },
});

const getTeamStatsRoute = read({
  path: '/teams/{teamId}/stats',
  operationId: 'getTeamStats',
  tags: ['teams'],
  summary: 'Team leaderboards',
  description: "The season's scorers, assists, clean sheets and points (default: the team's latest season)",
  caching: { offline: true, tables: 'matches' },
  request: { params: teamParam, query: seasonQuery },
  responses: { 200: readAnswer(TeamStatsSchema), ...errors(400, UNKNOWN_TEAM) },
});

const listTeamMatchesRoute = read({
  path: '/teams/{teamId}/matches',
  operationId: 'listTeamMatches',
  tags: ['teams', 'matches'],
  summary: "A team's matches",
  caching: { offline: true, tables: 'matches' },
  request: { params: teamParam, query: teamMatchesQuery },
  responses: { 200: readAnswer(TeamMatchesSchema), ...errors(400, UNKNOWN_TEAM) },
});

const listSuspensionsRoute = read({
  path: '/teams/{teamId}/suspensions',
  operationId: 'listSuspensions',
  tags: ['teams'],
  summary: 'Bans still to serve',
  description: "In the team's league season (cards of approved results, by the league's rules)",
  caching: { offline: true, tables: 'suspensions' },
  request: { params: teamParam },
  responses: { 200: readAnswer(SuspensionListSchema), ...errors(400, UNKNOWN_TEAM) },
});

const downloadRosterRoute = read({
  path: '/teams/{teamId}/roster.csv',
  operationId: 'downloadRoster',
  tags: ['teams', 'spreadsheets'],
  summary: 'The players as a spreadsheet',
  description: 'name, number, position, position_general (what the import reads) and player_id',
  // The same for everyone, so the server keeps it; a download, not one of the app's offline reads.
  caching: { tables: 'roster' },
  request: { params: teamParam },
  responses: {
    200: readAnswer(z.string(), CSV_FILE, 'text/csv'),
    ...errors(400, UNKNOWN_TEAM),
  },
});

/**
 * Not kept by the server's read cache: the match links are absolute, built from the
 * request's own origin, and that cache keys answers by path alone.
 */
const getTeamCalendarRoute = read({
  path: '/teams/{teamId}/calendar.ics',
  operationId: 'getTeamCalendar',
  tags: ['teams', 'calendars'],
  summary: "The team's matches as a calendar feed",
  description:
    "Its league's season as iCalendar (RFC 5545): one event per match, two hours from kick-off, the " +
    'score once approved, SEQUENCE growing when moved, CANCELLED while postponed',
  request: { params: teamParam },
  responses: {
    200: readAnswer(z.string(), 'The calendar (Content-Type: text/calendar; charset=utf-8)', 'text/calendar'),
    ...errors(400, UNKNOWN_TEAM),
  },
});

// ---------------------------------------------------------------------------------
// Writes

const createTeamRoute = write({
  method: 'post',
  path: '/teams',
  operationId: 'createTeam',
  tags: ['teams'],
  summary: 'Create a team',
  description:
    'An admin of its league (league_id), or a super admin (any league, or none); the id is made from the name',
  guard: [requireStaff],
  request: {
    body: jsonBody(teamBody),
  },
  responses: { 201: json(TeamSchema, 'Created'), ...errors({ 403: LEAGUE_ADMIN_ONLY }) },
});

const deleteTeamRoute = write({
  method: 'delete',
  path: '/teams/{teamId}',
  operationId: 'deleteTeam',
  tags: ['teams'],
  summary: 'Delete a team',
  description:
    "An admin of its league, or a super admin; a team with matches is never deleted (409). Its users' sessions end",
  guard: [requireStaff],
  request: { params: teamParam },
  responses: {
    200: json(TeamDeletedSchema, 'Deleted, with its roster'),
    ...errors({ 403: LEAGUE_ADMIN_ONLY, ...UNKNOWN_TEAM, 409: 'The team has matches on record' }),
  },
});

const addPlayerRoute = write({
  method: 'post',
  path: '/teams/{teamId}/players',
  operationId: 'addPlayer',
  tags: ['teams', 'players'],
  summary: 'Add a player to the roster',
  description: 'super_admin, or coach/owner of the team; the shirt number must be free in the team (409)',
  guard: [requireStaff],
  request: {
    params: teamParam,
    body: jsonBody(playerBody),
  },
  responses: {
    201: json(RosterPlayerSchema, 'Added'),
    ...errors({ 403: STAFF_ONLY, ...UNKNOWN_TEAM, 409: 'The shirt number is taken' }),
  },
});

const removePlayerRoute = write({
  method: 'delete',
  path: '/teams/{teamId}/players/{playerId}',
  operationId: 'removePlayer',
  tags: ['teams', 'players'],
  summary: 'Remove a player from the roster',
  description:
    'super_admin, or coach/owner of the team; a player with match history leaves the roster but is kept',
  guard: [requireStaff],
  request: { params: rosterParam },
  responses: {
    200: json(PlayerRemovedSchema, 'Removed'),
    ...errors({ 403: STAFF_ONLY, 404: 'Unknown team, or the player is not in it' }),
  },
});

const importRosterRoute = write({
  method: 'post',
  path: '/teams/{teamId}/roster.csv',
  operationId: 'importRoster',
  tags: ['teams', 'spreadsheets'],
  summary: 'Import players into the team',
  description:
    'super_admin, or coach/owner of the team. Columns name, number, position and optionally ' +
    'position_general (empty: follows the position), in any order, other columns ignored. The rules of ' +
    'POST /api/teams/{teamId}/players; each shirt number free in the team and once in the file',
  // csvBody checks the media type and reads the bytes before writeTransaction reads the body.
  guard: [requireStaff, csvBody],
  request: {
    params: teamParam,
    query: importQuery,
    body: {
      required: true,
      description:
        'the CSV file, at most 1 MB, UTF-8 (a BOM is fine), CRLF or LF line ends. Also taken as ' +
        'application/csv, text/plain or application/vnd.ms-excel',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
  responses: {
    200: json(RosterImportSchema, "The dry run: every row's outcome and every problem; nothing written"),
    201: json(RosterImportSchema, 'Every row written, in one transaction'),
    ...errors({ 403: STAFF_ONLY, ...UNKNOWN_TEAM, 413: 'File over 1 MB' }),
    400: json(
      importRefusalSchema(RosterImportSchema),
      'Nothing written. A row with errors: the whole answer and the detail, every problem by line and ' +
        'column; malformed quoting or a bad header: { detail, errors } naming the line; not UTF-8, not ' +
        'text/csv, a bad parameter or Idempotency-Key: { detail }',
    ),
  },
});

const updateTeamRoute = write({
  method: 'put',
  path: '/teams/{teamId}',
  operationId: 'updateTeam',
  tags: ['teams'],
  summary: "Edit a club's details",
  description:
    'At least one field. The name and location: an admin of its league, or a super admin. The description ' +
    'and links: also the coach or owner of the team. The id stays the same after a rename',
  guard: [requireStaff],
  request: { params: teamParam, body: jsonBody(teamEditBody) },
  responses: {
    200: json(TeamSchema, 'The team as it is now'),
    ...errors({ 403: `${STAFF_ONLY}; the name and location: not an admin of its league`, ...UNKNOWN_TEAM }),
  },
});

const uploadCrestRoute = write({
  method: 'post',
  path: '/teams/{teamId}/crest',
  operationId: 'uploadCrest',
  tags: ['teams', 'images'],
  summary: "Upload the team's crest",
  description:
    'Staff of the team. PNG, JPEG or WebP (recognised by content) up to 5 MB, stored at most 512 px on ' +
    'the longer side without metadata, under a new name: the answer is the team with its new logo',
  guard: [requireStaff, imageUpload('teams', crestOwner)],
  request: { params: teamParam, body: uploadBody('crest') },
  responses: {
    200: json(TeamSchema, 'The team with its new logo'),
    ...errors({
      400: 'Not a PNG, JPEG or WebP image, or not multipart/form-data with the field "file"',
      403: STAFF_ONLY,
      ...UNKNOWN_TEAM,
      413: 'The picture is over 5 MB',
    }),
  },
});

const saveSquadRoute = write({
  method: 'put',
  path: '/teams/{team_id}/matches/{match_id}/roster',
  operationId: 'saveSquad',
  tags: ['teams', 'matches'],
  summary: 'Save the match-day squad',
  description:
    '7 to 18 players of the roster (staff of the team). 409 once the result is approved, or for a ' +
    'player of another team or suspended for the match',
  request: {
    params: squadParam,
    body: jsonBody(squadBody),
  },
  responses: {
    200: json(SquadSchema, 'Saved'),
    ...errors({
      403: STAFF_ONLY,
      404: 'Unknown team, or the match is not one of its',
      409: 'The squad is locked, or a player may not play',
    }),
  },
});

// ---------------------------------------------------------------------------------
// The router

async function requireTeam(db: DB, id: string): Promise<void> {
  if (!(await teamExists(db, id))) fail(404, 'Team not found');
}

/** Who may upload a team's crest: its staff (checked before the picture is read). */
async function crestOwner(c: Context<AppEnv>): Promise<{ ownerId: string }> {
  const teamId = c.req.param('teamId') ?? '';
  await requireTeam(c.get('db'), teamId);
  await assertTeamStaff(c.get('db'), currentUser(c), teamId);
  return { ownerId: teamId };
}

const CLUB_FIELDS_ADMIN_ONLY =
  "Only an admin of the team's league, or a super admin, may change the club's name or location; " +
  'its coach or owner may edit the description and links';

/** What a team edit records in the audit log. */
function clubDetails(team: TeamDto) {
  return {
    team_name: team.team_name,
    location: team.location,
    description: team.description,
    website: team.website,
    news_url: team.news_url,
    youtube_channel: team.youtube_channel,
  };
}

export const teamRoutes = resourceRouter(
  endpoint(listTeamsRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listTeams(c.get('db'), {
      leagueId: query.league_id,
      season: query.season,
      limit: query.limit,
      after: query.cursor,
    });
    // Without limit or cursor the answer is the whole list, shaped as it always was.
    const body: TeamListDto = isPaged(query)
      ? { teams: page.rows, next_cursor: nextCursor('teams', page.next) }
      : { teams: page.rows };
    return jsonRead(c, body, CACHE.revalidate);
  }),

  endpoint(getTeamRoute, async (c) => {
    const team = await getTeam(c.get('db'), c.req.valid('param').teamId);
    if (!team) fail(404, 'Team not found');
    return jsonRead(c, team, CACHE.revalidate);
  }),

  endpoint(getRosterRoute, async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    return jsonRead(c, await getRoster(c.get('db'), teamId), CACHE.revalidate);
  }),

  endpoint(listTeamSeasonsRoute, async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    return jsonRead(c, { seasons: await teamSeasons(c.get('db'), teamId) }, CACHE.revalidate);
  }),

  endpoint(getTeamStatsRoute, async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    // Without a season: the team's latest season, else the current year.
    let season = c.req.valid('query').season ?? (await teamSeasons(c.get('db'), teamId))[0];
    if (season === undefined) {
      const year = c.get('options').now().getUTCFullYear();
      season = String(year);
      holdUntil(c, Date.UTC(year + 1, 0, 1));
    }
    const stats = await leaderboards(c.get('db'), { teamId, season });
    return jsonRead(
      c,
      {
        scorers: stats.scorers,
        assists: stats.assists,
        clean_sheets_players: stats.clean_sheets,
        points: stats.points,
      },
      CACHE.revalidate,
    );
  }),

  endpoint(listTeamMatchesRoute, async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    const query = c.req.valid('query');
    const matches = await listMatches(c.get('db'), {
      teamId,
      ...(query.season !== undefined && { season: query.season }),
      // ?past=true is the "latest result": kicked off already and approved, so an
      // unreviewed report never shows as a result.
      ...(query.past === true && {
        notAfter: c.get('options').now().toISOString(),
        approved: 'TRUE' as const,
      }),
      ...(query.past === false && { after: c.get('options').now().toISOString() }),
      ...(query.approved !== undefined && { approved: query.approved }),
      ...(query.limit !== undefined && { limit: query.limit }),
      order: query.sort ?? 'asc',
    });
    if (query.past !== undefined) holdUntil(c, await nextKickoff(c, teamId));
    return jsonBytesRead(c, jsonListBytes(matches, 'matches'), CACHE.revalidate);
  }),

  endpoint(listSuspensionsRoute, async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    const team = await teamLeague(db, teamId);
    if (!team) fail(404, 'Team not found');
    // The team's league season: a team plays in one league at a time (decision 0022).
    const league = team.league;
    const { bans, matches } =
      league === undefined
        ? { bans: [], matches: [] }
        : await teamSeasonDiscipline(db, league.league_id, league.season, teamId, c.get('options').now());
    const active = activeBans(bans).map((ban) => ({ ...ban, team_id: teamId }));
    // A ban is served as a kick-off passes: the answer holds until the team's next one.
    holdUntil(c, await nextKickoff(c, teamId));
    return jsonRead(c, { suspensions: await suspensionList(db, active, matches) }, CACHE.revalidate);
  }),

  endpoint(downloadRosterRoute, async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    const { players } = await getRoster(c.get('db'), teamId);
    // The first four columns are what POST …/roster.csv reads back (player_id it ignores).
    return csvDownload(
      c,
      csvFileName(teamId, 'roster'),
      ['name', 'number', 'position', 'position_general', 'player_id'],
      players.map((player) => [
        player.name,
        player.number,
        player.position,
        player.position_general,
        player.id,
      ]),
    );
  }),

  endpoint(getTeamCalendarRoute, async (c) => {
    const db = c.get('db');
    const team = await getTeam(db, c.req.valid('param').teamId);
    if (!team) fail(404, 'Team not found');
    // The season of the team's league; a team in no league: its latest season with matches.
    const leagueId = leagueIdOf(team.league_id);
    const league = leagueId === null ? undefined : await findLeague(db, leagueId);
    const season = league?.season ?? (await teamSeasons(db, team.team_id))[0];
    const matches = season === undefined ? [] : await calendarMatches(db, { teamId: team.team_id, season });
    return calendarRead(c, team.team_name, matches);
  }),

  endpoint(createTeamRoute, async (c) => {
    const db = c.get('db');
    const body = c.req.valid('json');
    const leagueId = body.league_id ?? null;
    assertLeagueAdmin(currentUser(c), leagueId);
    if (leagueId !== null && !(await leagueExists(db, leagueId))) {
      fail(400, `Invalid field 'league_id': there is no league '${leagueId}'`);
    }
    const row = {
      team_id: await uniqueTeamId(db, body.name),
      team_name: body.name,
      location: body.location,
      description: body.description ?? '',
      league_id: leagueId,
    };
    await insertTeam(db, row, c.get('options').now());
    await audit(c, { action: 'create', entity: 'team', entityId: row.team_id, after: row });
    const team: TeamDto = written(await getTeam(db, row.team_id));
    return c.json(team, 201);
  }),

  endpoint(deleteTeamRoute, async (c) => {
    const db = c.get('db');
    const { teamId: team_id } = c.req.valid('param');
    const team = await getTeam(db, team_id);
    if (!team) fail(404, 'Team not found');
    assertLeagueAdmin(currentUser(c), team.league_id);
    const matches = await teamMatchCount(db, team_id);
    if (matches > 0) {
      fail(
        409,
        `${team.team_name} has ${plural(matches, 'match', 'matches')} on record, so it cannot be deleted. Results and tables depend on them.`,
      );
    }
    const userIds = await teamUserIds(db, team_id);
    const removed = await deleteTeamWithRoster(db, team_id);
    // A session carries the user's team; those users must sign in again to see the change.
    const now = c.get('options').now();
    for (const userId of userIds) await revokeUserSessions(db, userId, now);
    await audit(c, {
      action: 'delete',
      entity: 'team',
      entityId: team_id,
      before: {
        team_id,
        team_name: team.team_name,
        location: team.location,
        description: team.description,
        league_id: team.league_id,
      },
      after: { ...removed, users_signed_out: userIds },
    });
    return c.json({ detail: 'Team deleted', team_id }, 200);
  }),

  endpoint(addPlayerRoute, async (c) => {
    const db = c.get('db');
    const { teamId: team_id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (!(await teamExists(db, team_id))) fail(404, 'Team not found');
    await assertTeamStaff(c.get('db'), currentUser(c), team_id);
    if (await shirtNumberHolder(db, team_id, body.number)) shirtTaken(body.number);
    const row = {
      id: await uniqueId(db, body.name),
      team_id,
      name: body.name,
      number: body.number,
      position: body.position,
      position_general: body.position_general,
      photo_id: body.photo_id || null,
      metrics: body.metrics ?? {},
    };
    await insertRosterPlayer(db, row, c.get('options').now());
    await audit(c, { action: 'create', entity: 'player', entityId: row.id, after: row });
    const player: RosterPlayerDto = written(await findPlayer(db, row.id));
    return c.json(player, 201);
  }),

  endpoint(removePlayerRoute, async (c) => {
    const db = c.get('db');
    const { teamId: team_id, playerId } = c.req.valid('param');
    if (!(await teamExists(db, team_id))) fail(404, 'Team not found');
    await assertTeamStaff(c.get('db'), currentUser(c), team_id);
    const player = await findPlayer(db, playerId);
    if (!player || player.team_id !== team_id) fail(404, 'Player not found in this team');
    // Events and squads name the player: deleting would rewrite past results.
    const keptForHistory = await hasMatchHistory(db, player.id);
    if (keptForHistory) await releasePlayer(db, player.id);
    else await deletePlayer(db, player.id);
    await audit(c, {
      action: keptForHistory ? 'remove_from_roster' : 'delete',
      entity: 'player',
      entityId: player.id,
      before: { team_id, name: player.name, ...placement(player) },
      after: keptForHistory ? { team_id: null } : null,
    });
    return c.json({ detail: 'Player removed', player_id: player.id, kept_for_history: keptForHistory }, 200);
  }),

  endpoint(importRosterRoute, async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    await requireTeam(db, teamId);
    await assertTeamStaff(c.get('db'), currentUser(c), teamId);
    const dryRun = c.req.valid('query').dry_run ?? false;
    const table = await readImport(c, ROSTER_COLUMNS);
    const plan = planRosterImport(table, { taken: await shirtNumbers(db, teamId) });
    return importAnswer<RosterImportAnswer['rows'][number]>(c, dryRun, table, plan, async (rows) => {
      const now = c.get('options').now();
      const created: RosterImportAnswer['rows'] = [];
      for (const row of rows) {
        if (row.outcome !== 'create') continue;
        // One at a time: each new id must see the ones before it (two "Sam Lee"s).
        const player = { ...row.player, id: await uniqueId(db, row.player.name) };
        const stored = { ...player, team_id: teamId, photo_id: null, metrics: {} };
        await insertRosterPlayer(db, stored, now);
        await audit(c, { action: 'create', entity: 'player', entityId: player.id, after: stored });
        created.push({ ...row, player });
      }
      return created;
    });
  }),

  endpoint(updateTeamRoute, async (c) => {
    const db = c.get('db');
    const user = currentUser(c);
    const { teamId: team_id } = c.req.valid('param');
    const body = c.req.valid('json');
    const changes = Object.fromEntries(
      Object.entries(body).filter(([, value]) => value !== undefined),
    ) as TeamChanges;
    if (Object.keys(changes).length === 0) {
      fail(
        400,
        'Nothing to update: send team_name, location, description, website, news_url or youtube_channel',
      );
    }
    const team = await getTeam(db, team_id);
    if (!team) fail(404, 'Team not found');
    if (
      (changes.team_name !== undefined || changes.location !== undefined) &&
      !adminsLeague(user, team.league_id)
    ) {
      if (await isTeamStaff(db, user, team_id)) fail(403, CLUB_FIELDS_ADMIN_ONLY);
      assertLeagueAdmin(user, team.league_id);
    }
    await assertTeamStaff(db, user, team_id);
    await updateTeamFields(db, team_id, changes);
    const updated: TeamDto = written(await getTeam(db, team_id));
    await audit(c, {
      action: 'update',
      entity: 'team',
      entityId: team_id,
      before: clubDetails(team),
      after: clubDetails(updated),
    });
    return c.json(updated, 200);
  }),

  endpoint(uploadCrestRoute, async (c) => {
    const db = c.get('db');
    const { teamId: team_id } = c.req.valid('param');
    const team = await getTeam(db, team_id);
    if (!team) fail(404, 'Team not found');
    const logo = uploadedName(c);
    await updateTeamFields(db, team_id, { logo });
    replacedPicture(c, team.logo);
    await audit(c, {
      action: 'update',
      entity: 'team',
      entityId: team_id,
      before: { logo: team.logo },
      after: { logo },
    });
    const updated: TeamDto = written(await getTeam(db, team_id));
    return c.json(updated, 200);
  }),

  endpoint(saveSquadRoute, async (c) => {
    const db = c.get('db');
    const user = currentUser(c);
    const { team_id: teamId, match_id: matchId } = c.req.valid('param');
    const { players, tell_others: tellOthers = false } = c.req.valid('json');

    // The match row names both its teams, so a squad for one of them needs no team lookup.
    const match = await findMatchState(db, matchId);
    const ofMatch = match !== undefined && involvesTeam(match, teamId);
    const teamName = ofMatch ? teamNameIn(match, teamId) : await findTeamName(db, teamId);
    if (teamName === undefined) fail(404, 'Team not found');
    await assertTeamStaff(db, user, teamId);
    if (!ofMatch) fail(404, 'Match not found for this team');

    // The list is checked before any lookup, so an oversized one costs no query.
    const listProblem = squadListProblem(players);
    if (listProblem !== null) fail(400, listProblem);
    if (isSquadLocked(match.approved)) fail(409, SQUAD_LOCKED);
    const saved = await squadRows(db, matchId);
    const refusal = squadMembersRefusal({
      teamId,
      teamName,
      players,
      currentTeams: await playerTeams(db, players),
      saved,
    });
    if (refusal !== null) fail(refusal.kind === 'invalid' ? 400 : 409, refusal.message);
    // A player banned from this match cannot be in its squad.
    const bans = await teamSeasonBans(db, match.league_id, match.season, teamId, c.get('options').now());
    for (const playerId of players) {
      const ban = banFor(bans, playerId, matchId);
      if (ban === undefined) continue;
      const name = (await namesOf(db, [playerId])).get(playerId) ?? playerId;
      fail(409, `${name} is suspended for this match: ${ban.reason}`);
    }
    const previous = saved.filter((row) => row.team_id === teamId).map((row) => row.player_id);
    await replaceSquad(db, matchId, teamId, saved, players);
    await audit(c, {
      action: 'match.squad',
      entity: 'match',
      entityId: matchId,
      before: { team_id: teamId, players: previous },
      after: { team_id: teamId, players },
    });
    // Before kick-off, the players hear whether they are in it.
    const now = c.get('options').now();
    let told = 0;
    if (Date.parse(match.match_date) > now.getTime()) {
      const opponent = teamId === match.home_team ? match.away_team_name : match.home_team_name;
      const sent = await announceSquad(
        db,
        { matchId, date: match.match_date, location: match.location, opponentName: opponent, teamId },
        players,
        tellOthers,
        now.toISOString(),
      );
      noteNotified(c, sent);
      await mailNotified(c, sent, match.league_id);
      told = sent.length;
    }
    return c.json({ match_id: matchId, team_id: teamId, players, told }, 200);
  }),
);
