/**
 * Leagues: every route under /api/leagues. Anyone reads a league season: the list, a
 * league, its table, matches and leaderboards, its rules, deductions and cards per player,
 * the same as spreadsheets, and its calendar feed. A read's season defaults to the league
 * record's own. The super admin runs a season without the table editor: creates and edits
 * leagues, sets their rules and deductions, registers teams, generates or imports the
 * fixtures; every such write is audited and idempotent (writeTransaction).
 */
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../db/rules/text';
import type { Context } from 'hono';
import { z } from 'zod';
import { LEAGUE_STATUSES } from '../../db/schema';
import { currentUser, requireLeagueAdmin, requireSuperAdmin } from '../auth/middleware';
import { deleteUnplayed, unplayedFixtures } from '../data/fixture-removal';
import { leagueDecisions } from '../data/league-decisions';
import { filteredLeagueMatches, MATCH_STATES } from '../data/league-match-filter';
import { calendarMatches } from '../data/calendar';
import { insertImportedFixtures, seasonKickoffs } from '../data/csv-imports';
import { leagueDiscipline, leagueSeasonBans, suspensionList } from '../data/discipline';
import {
  deleteDeduction,
  findDeduction,
  insertDeduction,
  insertLeague,
  leagueDeductions,
  leagueRules,
  storeLeagueRules,
  updateLeague,
} from '../data/league-rules';
import {
  deleteMatches,
  insertFixtures,
  registeredTeams,
  seasonMatches,
  setTeamLeague,
  teamRegistration,
} from '../data/league-season';
import { leagueStandings } from '../data/league-table';
import { leagueTeams, listLeagues } from '../data/leagues';
import { listMatches } from '../data/matches';
import { leaderboards } from '../data/stats';
import { getTeam } from '../data/teams';
import { FIXTURE_COLUMNS, csvFileName, planFixtureImport, type FixtureImportAnswer } from '../domain/csv';
import { isTimeZone, planFixtures } from '../domain/fixture-plan';
import { seasonFromLeagueId } from '../domain/league-id';
import type { LeagueRules } from '../domain/league-rules';
import { parseMatchDate } from '../domain/match-time';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { calendarRead } from '../http/calendar';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { csvBody, csvDownload, importAnswer, readImport } from '../http/csv';
import {
  cursorParam,
  isPaged,
  kickoffKey,
  nextCursor,
  nextKickoffCursor,
  pageLimitParam,
} from '../http/list-query';
import { leagueParam, requireLeague, requireLeagueSeason } from '../http/params';
import { jsonBytesRead, jsonListBytes, jsonRead } from '../http/read';
import { holdUntil } from '../http/read';
import { nextKickoff } from '../http/next-kickoff';
import { booleanParam, idParam, rowIdParam, seasonParam } from '../http/validate';
import { unreportedCounts, unreportedWords } from '../domain/unreported';
import { plural } from '../../db/rules/words';
import { audit } from '../http/write';
import {
  DecisionItemSchema,
  DeductionSchema,
  DisciplineTableSchema,
  FixturePlanSchema,
  importAnswerSchema,
  importRefusalSchema,
  LeagueListSchema,
  LeagueRulesSchema,
  LeagueSchema,
  LeagueStatsSchema,
  LeagueTableSchema,
  MatchSchema,
  TeamSchema,
  type FixturePlanDto,
  type LeagueListDto,
  type LeagueTableDto,
  type MatchDto,
} from '../schemas';

// ---------------------------------------------------------------------------------
// Parameters

const leaguePath = z.object({
  leagueId: leagueParam.shape.leagueId.meta({
    description: 'league id; a colon prefix ("region:mwpl-26") is ignored',
  }),
});
const deductionPath = leaguePath.extend({
  id: rowIdParam.meta({ description: 'deduction id' }),
});
const teamPath = leaguePath.extend({
  teamId: idParam.meta({ description: 'dotted team id, e.g. riverside.rovers' }),
});

const season = seasonParam.meta({ description: 'four-digit year; defaults to the league season' });
const seasonQuery = z.object({ season: season.optional() });

/** A day of the calendar in a query, YYYY-MM-DD. */
const dayParam = z
  .string({ error: 'must be given once' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2027-03-06')
  .refine((value) => {
    const date = parseMatchDate(value);
    return date !== null && date.toISOString().startsWith(value);
  }, 'is not a day of the calendar');

/** GET /api/leagues/{leagueId}/matches: the season, the secretary's filters and a page. */
const leagueMatchesQuery = seasonQuery.extend({
  team_id: idParam.meta({ description: 'only the matches this team plays, home or away' }).optional(),
  from: dayParam.meta({ description: 'first day, YYYY-MM-DD (UTC day of match_date), inclusive' }).optional(),
  to: dayParam.meta({ description: 'last day, YYYY-MM-DD (UTC day of match_date), inclusive' }).optional(),
  state: z
    .enum(MATCH_STATES, { error: `must be one of ${MATCH_STATES.join(', ')}` })
    .meta({
      description:
        'upcoming: scheduled, not kicked off; awaiting: scheduled, kicked off, no report; pending: reported, ' +
        'not reviewed; approved; rejected; postponed',
    })
    .optional(),
  limit: pageLimitParam
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      description: 'matches per page, 1 to 200: the answer is then { matches, next_cursor }',
    })
    .optional(),
  cursor: cursorParam('matches', kickoffKey)
    .meta({
      description:
        'next_cursor of the page before (opaque; refused with 400 if altered or from another list); ' +
        'without limit, every match after it, still as a page',
    })
    .optional(),
});

/** GET /api/leagues: a season and a page. */
const leagueListQuery = z.object({
  season: seasonParam.meta({ description: 'only this season' }).optional(),
  limit: pageLimitParam
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: 200,
      description:
        'rows per page, 1 to 200; the answer then carries next_cursor. Without limit and cursor the whole list',
    })
    .optional(),
  cursor: cursorParam('leagues', z.tuple([z.string().regex(/^\d{4}$/), z.string(), z.string()]))
    .meta({
      description:
        'next_cursor of the page before (opaque; refused with 400 if altered or from another list). ' +
        'Without limit: every row after it',
    })
    .optional(),
});

// ---------------------------------------------------------------------------------
// Bodies

const leagueFields = {
  league_name: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
  status: z.enum(LEAGUE_STATUSES, { error: 'must be one of active, upcoming or completed' }),
  location: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
};
const leagueBody = z.strictObject(leagueFields);

const newLeagueBody = z
  .strictObject({
    league_id: z
      .string({ error: 'must be text' })
      .max(64, 'must be at most 64 characters')
      .regex(/^[a-z0-9][a-z0-9.-]*$/, 'must be lower-case letters, digits, dots and hyphens, e.g. mwpl-27'),
    season: z.string({ error: 'must be text' }).regex(/^\d{4}$/, 'must be a four-digit year such as 2027'),
    ...leagueFields,
  })
  // A "-YY" suffix names the season (decision 0010): it must be this one.
  .refine((body) => (seasonFromLeagueId(body.league_id) ?? body.season) === body.season, {
    path: ['league_id'],
    error: (issue) => {
      const body = issue.input as { league_id: string; season: string };
      return `ends in the season ${seasonFromLeagueId(body.league_id) ?? ''}, not ${body.season}`;
    },
  });

const deductionBody = z.strictObject({
  team_id: idParam,
  points: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100'),
  reason: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(300, 'must be at most 300 characters')
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
});

const teamBody = z.strictObject({ team_id: idParam });

/** A calendar date that exists: 2027-02-29 is refused, not rolled into March. */
const calendarDate = z
  .string({ error: 'must be a date such as 2027-03-06' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2027-03-06')
  .refine((value) => {
    const date = parseMatchDate(value);
    return date !== null && date.toISOString().startsWith(value);
  }, 'is not a day of the calendar');

/** More than any round robin of a league's teams needs (two rounds of 40 teams: 1,560). */
const MAX_FIXTURES = 2000;

const editedFixture = z.strictObject({
  round: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(999, 'must be at most 999'),
  match_date: z
    .string({ error: 'must be a date and time with its offset, such as 2027-03-06T15:00:00Z' })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i,
      'must be a date and time with its offset, such as 2027-03-06T15:00:00Z',
    )
    .refine((value) => parseMatchDate(value) !== null, 'is not a real date and time'),
  home_team: idParam,
  away_team: idParam,
  location: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
});

const fixturesBody = z.strictObject({
  start_date: calendarDate.meta({ description: 'the first match day, YYYY-MM-DD' }),
  kickoff_time: z
    .string({ error: 'must be a time such as 15:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time from 00:00 to 23:59, such as 15:00')
    .meta({ description: 'HH:MM in time_zone' }),
  interval_days: z
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60'),
  rounds: z
    .union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' })
    .meta({ type: 'integer', enum: [1, 2] }),
  dry_run: z.boolean({ error: 'must be true or false' }),
  replace_unplayed: z.boolean({ error: 'must be true or false' }).optional(),
  matches: z
    .array(editedFixture, { error: 'must be a list of fixtures' })
    .min(1, 'must list at least one fixture')
    .max(MAX_FIXTURES, `must list at most ${MAX_FIXTURES} fixtures`)
    .meta({
      description:
        'the previewed fixtures as edited (date, time, place): created instead of the plan. Checked like ' +
        'any fixture: teams registered for the league, never a team against itself or twice at one kick-off',
    })
    .optional(),
  time_zone: z
    .string({ error: 'must be a time zone name such as Europe/London' })
    .max(64, 'must be at most 64 characters')
    .refine(isTimeZone, 'must be a time zone name such as Europe/London')
    .meta({ description: 'IANA time zone of start_date and kickoff_time; UTC if omitted' })
    .optional(),
});

// ---------------------------------------------------------------------------------
// Spreadsheets

const RESULT: Record<MatchDto['approved'], string> = {
  '': '',
  PENDING: 'pending',
  TRUE: 'approved',
  FALSE: 'rejected',
};

const STAT_KINDS = ['scorers', 'assists', 'clean_sheets', 'points'] as const;
/** The count column of each leaderboard. */
const STAT_COUNT: Record<(typeof STAT_KINDS)[number], string> = {
  scorers: 'goals',
  assists: 'assists',
  clean_sheets: 'clean_sheets',
  points: 'points',
};
const statsQuery = seasonQuery.extend({
  kind: z
    .string({ error: 'must be one of scorers, assists, clean_sheets or points' })
    .pipe(z.enum(STAT_KINDS, { error: 'must be one of scorers, assists, clean_sheets or points' }))
    .meta({ description: 'the leaderboard', enum: [...STAT_KINDS] }),
});
const importQuery = z.object({
  dry_run: booleanParam.meta({ description: 'true: check every row and write nothing (200)' }).optional(),
});

/** A CSV download's answer, with its ETag like every read. */
const csvFile = (what: string) =>
  readAnswer(
    z.string(),
    `${what}: RFC 4180, UTF-8 with a BOM, a header row, CRLF line ends; text cells starting with = + - @ ` +
      "tab or CR get a leading ' (numbers never do). Content-Type: text/csv; charset=utf-8, " +
      'Content-Disposition: attachment',
    'text/csv',
  );

const fixtureImportAnswer = importAnswerSchema(
  'match',
  z.strictObject({
    id: z.number().int().nullable(),
    date: z.string(),
    home_team: z.string(),
    home_team_name: z.string(),
    away_team: z.string(),
    away_team_name: z.string(),
    location: z.string(),
  }),
  ['date', 'home_team', 'away_team', 'location'],
);

// ---------------------------------------------------------------------------------
// What every route here shares

const UNKNOWN_LEAGUE = { 404: 'Unknown league' };

/** A public read of a league season: its answer, and 400 or 404 for the path (read adds 304). */
const leagueRead = (schema: Parameters<typeof readAnswer>[0]) => ({
  200: readAnswer(schema),
  ...errors(400, UNKNOWN_LEAGUE),
});

/** A super admin's write answers 403 to anyone else (write adds what writeTransaction may answer). */
const SUPER_ADMIN_ERRORS = errors({ 403: 'Not a super admin' });
const LEAGUE_ADMIN_ERRORS = errors({ 403: 'Not an admin of this league, nor a super admin' });

// ---------------------------------------------------------------------------------
// Routes

const listLeaguesRoute = read({
  path: '/leagues',
  operationId: 'listLeagues',
  tags: ['leagues'],
  summary: 'Leagues',
  description:
    'Newest season first, then by name (Cache-Control: public, max-age=300). With limit or cursor: ' +
    'one page and next_cursor',
  caching: { offline: true, tables: 'leagues' },
  request: { query: leagueListQuery },
  responses: { 200: readAnswer(LeagueListSchema), ...errors(400) },
});

const createLeagueRoute = write({
  method: 'post',
  path: '/leagues',
  operationId: 'createLeague',
  tags: ['leagues'],
  summary: 'Create a league season',
  description: 'super_admin. A "-YY" id suffix must be the season',
  guard: [requireSuperAdmin],
  request: { body: jsonBody(newLeagueBody) },
  responses: {
    201: json(LeagueSchema, 'Created'),
    ...SUPER_ADMIN_ERRORS,
    ...errors({ 409: 'A league with this id exists' }),
  },
});

const getLeagueRoute = read({
  path: '/leagues/{leagueId}',
  operationId: 'getLeague',
  tags: ['leagues'],
  summary: 'One league',
  caching: { offline: true, tables: 'leagues' },
  request: { params: leaguePath },
  responses: leagueRead(LeagueSchema),
});

const updateLeagueRoute = write({
  method: 'put',
  path: '/leagues/{leagueId}',
  operationId: 'updateLeague',
  tags: ['leagues'],
  summary: 'Edit a league',
  description: "An admin of the league, or a super admin: the league's name, status and location",
  guard: [requireLeagueAdmin],
  request: { params: leaguePath, body: jsonBody(leagueBody) },
  responses: {
    200: json(LeagueSchema, 'The league as it is now'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors(UNKNOWN_LEAGUE),
  },
});

const getLeagueTableRoute = read({
  path: '/leagues/{leagueId}/table',
  operationId: 'getLeagueTable',
  tags: ['leagues'],
  summary: 'League table',
  description:
    "From approved results, ordered by the league's rules (tie-breakers; teams level on all of them " +
    'share a position), with points deductions taken off. An earlier season is shown as it stood, ' +
    'under the default rules',
  caching: { offline: true, tables: 'leagueTable' },
  request: { params: leaguePath, query: seasonQuery },
  responses: leagueRead(LeagueTableSchema),
});

const listLeagueMatchesRoute = read({
  path: '/leagues/{leagueId}/matches',
  operationId: 'listLeagueMatches',
  tags: ['leagues', 'matches'],
  summary: "A league season's matches",
  description:
    'Oldest first (kick-off, then id). Without limit and cursor: { matches } of every match the filters ' +
    '(team_id, from, to, state) pick; with either: a page { matches, next_cursor } (next_cursor null on ' +
    'the last page). 400 naming the parameter for a bad value (from after to, a team that does not exist)',
  caching: { offline: true, tables: 'leagueMatches' },
  request: { params: leaguePath, query: leagueMatchesQuery },
  responses: {
    200: readAnswer(
      z.strictObject({
        matches: z.array(MatchSchema),
        next_cursor: z.string().nullable().optional().describe('with limit or cursor only'),
      }),
    ),
    ...errors(400, UNKNOWN_LEAGUE),
  },
});

const listLeagueDecisionsRoute = read({
  path: '/leagues/{leagueId}/decisions',
  operationId: 'listLeagueDecisions',
  tags: ['leagues', 'matches'],
  summary: 'Results that need a decision of the league',
  description:
    'Admins of the league, super admins. Each match once: disputed (two reports differ; since the second), ' +
    "overdue (past the league's report deadline; since the deadline), else pending (reported, not " +
    'reviewed; since the report). Oldest first by since',
  signedIn: true,
  guard: [requireLeagueAdmin],
  request: { params: leaguePath },
  responses: {
    200: readAnswer(z.strictObject({ items: z.array(DecisionItemSchema) })),
    ...errors(400, 401, { 403: 'Not an admin of this league, nor a super admin', 404: 'Unknown league' }),
  },
});

const getLeagueStatsRoute = read({
  path: '/leagues/{leagueId}/stats',
  operationId: 'getLeagueStats',
  tags: ['leagues'],
  summary: 'League leaderboards',
  description: 'Scorers, assists, clean sheets and points (goal 2 points, assist 1), approved results only',
  caching: { offline: true, tables: 'leagueStats' },
  request: { params: leaguePath, query: seasonQuery },
  responses: leagueRead(LeagueStatsSchema),
});

const getLeagueRulesRoute = read({
  path: '/leagues/{leagueId}/rules',
  operationId: 'getLeagueRules',
  tags: ['leagues'],
  summary: "The league's rules",
  description:
    'Points per result, tie-breakers in order, report deadline, suspension thresholds (the defaults ' +
    'until a super admin changes them)',
  caching: { offline: true, tables: 'leagueRules' },
  request: { params: leaguePath },
  responses: leagueRead(LeagueRulesSchema),
});

const replaceLeagueRulesRoute = write({
  method: 'put',
  path: '/leagues/{leagueId}/rules',
  operationId: 'replaceLeagueRules',
  tags: ['leagues'],
  summary: "Replace the league's rules",
  description:
    'An admin of the league, or a super admin; an unknown tie-breaker is refused with 400 naming it',
  guard: [requireLeagueAdmin],
  request: { params: leaguePath, body: jsonBody(LeagueRulesSchema) },
  responses: {
    200: json(LeagueRulesSchema, 'The rules as they are now'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors(UNKNOWN_LEAGUE),
  },
});

const listDeductionsRoute = read({
  path: '/leagues/{leagueId}/deductions',
  operationId: 'listDeductions',
  tags: ['leagues'],
  summary: 'Points deductions',
  description: 'With their reasons, oldest first',
  caching: { offline: true, tables: 'deductions' },
  request: { params: leaguePath },
  responses: leagueRead(z.strictObject({ deductions: z.array(DeductionSchema) })),
});

const createDeductionRoute = write({
  method: 'post',
  path: '/leagues/{leagueId}/deductions',
  operationId: 'createDeduction',
  tags: ['leagues'],
  summary: 'Deduct points from a team',
  description: 'An admin of the league, or a super admin; the team must play in the league season (else 400)',
  guard: [requireLeagueAdmin],
  request: { params: leaguePath, body: jsonBody(deductionBody) },
  responses: {
    201: json(DeductionSchema, 'Deducted'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors(UNKNOWN_LEAGUE),
  },
});

const deleteDeductionRoute = write({
  method: 'delete',
  path: '/leagues/{leagueId}/deductions/{id}',
  operationId: 'deleteDeduction',
  tags: ['leagues'],
  summary: 'Remove a deduction',
  description: 'An admin of the league, or a super admin',
  guard: [requireLeagueAdmin],
  request: { params: deductionPath },
  responses: {
    200: json(z.strictObject({ detail: z.string() }), 'Removed'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors({ 404: 'Unknown league or deduction' }),
  },
});

const registerLeagueTeamRoute = write({
  method: 'post',
  path: '/leagues/{leagueId}/teams',
  operationId: 'registerLeagueTeam',
  tags: ['leagues', 'teams'],
  summary: 'Register a team for the league',
  description:
    'An admin of the league, or a super admin. A team plays in one league at a time: 409 while it is registered for another ' +
    'league that is not completed (or already for this one)',
  guard: [requireLeagueAdmin],
  request: { params: leaguePath, body: jsonBody(teamBody) },
  responses: {
    201: json(TeamSchema, 'The team, now registered'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors(UNKNOWN_LEAGUE, { 409: 'Registered for this or another league' }),
  },
});

/** The fixtures withdrawing a team deletes: those without a report. */
const WithdrawalPreview = z.strictObject({
  detail: z.string(),
  fixtures: z.array(
    z.strictObject({
      id: z.number().int(),
      match_date: z.string(),
      home_team: z.string(),
      home_team_name: z.string(),
      away_team: z.string(),
      away_team_name: z.string(),
      location: z.string(),
      status: z.string(),
    }),
  ),
});

const removeLeagueTeamRoute = write({
  method: 'delete',
  path: '/leagues/{leagueId}/teams/{teamId}',
  operationId: 'removeLeagueTeam',
  tags: ['leagues', 'teams'],
  summary: 'Withdraw a team from the league',
  description:
    'An admin of the league, or a super admin. While the team has fixtures without a report, 409 ' +
    '{ detail, fixtures } lists them and nothing changes; with confirm=true they are deleted (their squads ' +
    'and notifications with them) and the team leaves the league, in one transaction. Matches with a ' +
    'report stay on record and keep counting in the table (decision 0032)',
  guard: [requireLeagueAdmin],
  request: {
    params: teamPath,
    query: z.object({
      confirm: booleanParam
        .meta({ description: 'true: delete the unplayed fixtures the 409 listed, and withdraw' })
        .optional(),
      dry_run: booleanParam
        .meta({ description: 'true: answer 200 { detail, fixtures } with what would go, and change nothing' })
        .optional(),
    }),
  },
  responses: {
    200: json(
      z.union([
        TeamSchema.extend({
          removed_fixtures: z.array(z.number().int()).describe('ids of the unplayed fixtures deleted'),
        }),
        WithdrawalPreview,
      ]),
      'The team, now in no league; with dry_run, what would go',
    ),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors({
      404: 'Unknown league, or the team is not registered for it',
    }),
    409: json(WithdrawalPreview, 'Fixtures without a report would go: confirm=true to withdraw'),
  },
});

const generateFixturesRoute = write({
  method: 'post',
  path: '/leagues/{leagueId}/fixtures',
  operationId: 'generateFixtures',
  tags: ['leagues', 'matches'],
  summary: "Generate the season's fixtures",
  description:
    'An admin of the league, or a super admin. A round robin by the circle method over the registered teams, every pair meeting ' +
    '`rounds` times, home and away alternating, at the home team ground. dry_run previews and writes ' +
    'nothing (200); otherwise all matches are created in one transaction (201). 409 with fewer than two ' +
    'teams, or when the season has matches, unless replace_unplayed, which replaces only those without ' +
    'a report',
  guard: [requireLeagueAdmin],
  request: { params: leaguePath, body: jsonBody(fixturesBody) },
  responses: {
    200: json(FixturePlanSchema, 'The preview (dry_run)'),
    201: json(FixturePlanSchema, 'Created'),
    ...LEAGUE_ADMIN_ERRORS,
    ...errors(UNKNOWN_LEAGUE, { 409: 'Too few teams, or the season has matches' }),
  },
});

const getLeagueDisciplineRoute = read({
  path: '/leagues/{leagueId}/discipline',
  operationId: 'getLeagueDiscipline',
  tags: ['leagues'],
  summary: 'Cards per player',
  description:
    "A league season's yellow and red cards per player (approved results), reds first, then yellows",
  caching: { offline: true, tables: 'discipline' },
  request: { params: leaguePath, query: seasonQuery },
  responses: leagueRead(DisciplineTableSchema),
});

// The CSV downloads read what their JSON reads read: the same tables. They are for
// spreadsheets, not the app, so the app does not keep them offline.
const downloadLeagueTableRoute = read({
  path: '/leagues/{leagueId}/table.csv',
  operationId: 'downloadLeagueTable',
  tags: ['leagues', 'spreadsheets'],
  summary: 'The league table as a spreadsheet',
  description: 'Ordered as GET …/table',
  caching: { tables: 'leagueTable' },
  request: { params: leaguePath, query: seasonQuery },
  responses: { 200: csvFile('The table'), ...errors(400, UNKNOWN_LEAGUE) },
});

const downloadLeagueMatchesRoute = read({
  path: '/leagues/{leagueId}/matches.csv',
  operationId: 'downloadLeagueMatches',
  tags: ['leagues', 'spreadsheets'],
  summary: "A league season's matches as a spreadsheet",
  description:
    'Oldest first: date, home_team, away_team, location (what the import reads), then match_id, the team ' +
    'names, status, the scores and result (approved, pending, rejected or empty)',
  caching: { tables: 'leagueMatches' },
  request: { params: leaguePath, query: seasonQuery },
  responses: { 200: csvFile('The matches'), ...errors(400, UNKNOWN_LEAGUE) },
});

const importFixturesRoute = write({
  method: 'post',
  path: '/leagues/{leagueId}/matches.csv',
  operationId: 'importFixtures',
  tags: ['leagues', 'spreadsheets'],
  summary: "Import fixtures into the league's season",
  description:
    'An admin of the league, or a super admin. Columns date (ISO 8601 date and time with Z or an offset), home_team and away_team ' +
    '(registered teams, by id or exact name) and optionally location (empty: the home ground), in any ' +
    'order, other columns ignored. A team plays one match at a kick-off',
  // csvBody checks the media type and reads the body's bytes before writeTransaction reads it.
  guard: [requireLeagueAdmin, csvBody],
  request: {
    params: leaguePath,
    query: importQuery,
    body: {
      description:
        'the CSV file, at most 1 MB, UTF-8 (a BOM is fine), CRLF or LF line ends. Also taken as ' +
        'application/csv, text/plain or application/vnd.ms-excel',
      content: { 'text/csv': { schema: z.string() } },
      required: true,
    },
  },
  responses: {
    200: json(fixtureImportAnswer, "The dry run: every row's outcome and every problem; nothing written"),
    201: json(fixtureImportAnswer, 'Every row written, in one transaction'),
    ...LEAGUE_ADMIN_ERRORS,
    400: json(
      importRefusalSchema(fixtureImportAnswer),
      'Nothing written. A row with errors: the whole answer and the detail, every problem by line and ' +
        'column; malformed quoting or a bad header: { detail, errors } naming the line; not UTF-8, not ' +
        'text/csv, a bad parameter or Idempotency-Key: { detail }',
    ),
    ...errors({ 404: 'Unknown league', 413: 'File over 1 MB' }),
  },
});

const downloadLeaderboardRoute = read({
  path: '/leagues/{leagueId}/stats.csv',
  operationId: 'downloadLeaderboard',
  tags: ['leagues', 'spreadsheets'],
  summary: 'One league leaderboard as a spreadsheet',
  description: 'player_id, name, team, position and the count',
  caching: { tables: 'leagueStats' },
  request: { params: leaguePath, query: statsQuery },
  responses: { 200: csvFile('The leaderboard'), ...errors(400, UNKNOWN_LEAGUE) },
});

// Not kept by the server's read cache: the match links are absolute, built from the
// request's own origin, and that cache keys answers by path alone.
const getLeagueCalendarRoute = read({
  path: '/leagues/{leagueId}/calendar.ics',
  operationId: 'getLeagueCalendar',
  tags: ['leagues', 'calendars'],
  summary: "The league's matches as a calendar feed",
  description: 'The matches of its current season (RFC 5545), as the team feed',
  request: { params: leaguePath },
  responses: {
    200: readAnswer(z.string(), 'The calendar (Content-Type: text/calendar; charset=utf-8)', 'text/calendar'),
    ...errors(400, UNKNOWN_LEAGUE),
  },
});

// ---------------------------------------------------------------------------------
// Handlers

/** Registers the team for a league (or none), audited; the team as it is now. */
/**
 * The previewed fixtures as the secretary edited them, checked as any fixture is: both
 * teams registered, never a team against itself, and no team twice at one kick-off
 * (among these and the matches kept). The first problem is the 400.
 */
function editedFixtures(
  teams: readonly { team_id: string; team_name: string }[],
  edited: readonly z.infer<typeof editedFixture>[],
  kept: readonly { home_team: string; away_team: string; match_date: string }[],
) {
  const names = new Map(teams.map((team) => [team.team_id, team.team_name]));
  const busy = new Set(
    kept.flatMap((match) => [match.home_team, match.away_team].map((team) => `${team}@${match.match_date}`)),
  );
  return edited.map((fixture, index) => {
    // The secretary edits these in the preview: the fixture is named as the screen shows it.
    const name = (team: string) => names.get(team) ?? `'${team}'`;
    const which = `Fixture ${index + 1} (${name(fixture.home_team)} vs ${name(fixture.away_team)})`;
    for (const side of ['home_team', 'away_team'] as const) {
      if (!names.has(fixture[side]))
        fail(400, `${which}: '${fixture[side]}' is not registered for this league`);
    }
    if (fixture.home_team === fixture.away_team) fail(400, `${which}: a team cannot play itself`);
    const date = (parseMatchDate(fixture.match_date) as Date).toISOString();
    for (const side of ['home_team', 'away_team'] as const) {
      const key = `${fixture[side]}@${date}`;
      if (busy.has(key)) {
        fail(400, `${which}: ${name(fixture[side])} already plays at that kick-off; choose another time`);
      }
      busy.add(key);
    }
    return {
      round: fixture.round,
      match_date: date,
      home_team: fixture.home_team,
      away_team: fixture.away_team,
      home_team_name: names.get(fixture.home_team) ?? fixture.home_team,
      away_team_name: names.get(fixture.away_team) ?? fixture.away_team,
      location: fixture.location,
    };
  });
}

async function moveTeam(c: Context<AppEnv>, teamId: string, leagueId: string | null) {
  const db = c.get('db');
  const before = await getTeam(db, teamId);
  await setTeamLeague(db, teamId, leagueId);
  const after = await getTeam(db, teamId);
  const action = leagueId === null ? 'league.team_removed' : 'league.team_registered';
  await audit(c, { action, entity: 'team', entityId: teamId, before, after });
  return after;
}

export const leagueRoutes = resourceRouter(
  endpoint(listLeaguesRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listLeagues(c.get('db'), {
      season: query.season,
      limit: query.limit,
      after: query.cursor,
    });
    // Without limit or cursor the answer is the whole list, shaped as it always was.
    const body: LeagueListDto = isPaged(query)
      ? { leagues: page.rows, next_cursor: nextCursor('leagues', page.next) }
      : { leagues: page.rows };
    return jsonRead(c, body, CACHE.leagues);
  }),

  endpoint(createLeagueRoute, async (c) => {
    const db = c.get('db');
    const body = c.req.valid('json');
    const created = await insertLeague(db, { ...body, created_at: c.get('options').now().toISOString() });
    if (!created) fail(409, `A league with the id '${body.league_id}' already exists`);
    const league = await requireLeague(db, body.league_id);
    await audit(c, { action: 'create', entity: 'league', entityId: league.league_id, after: league });
    return c.json(league, 201);
  }),

  endpoint(getLeagueRoute, async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(c, league, CACHE.revalidate);
  }),

  endpoint(updateLeagueRoute, async (c) => {
    const db = c.get('db');
    const before = await requireLeague(db, c.req.valid('param').leagueId);
    await updateLeague(db, before.league_id, c.req.valid('json'));
    const after = await requireLeague(db, before.league_id);
    await audit(c, { action: 'update', entity: 'league', entityId: after.league_id, before, after });
    return c.json(after, 200);
  }),

  endpoint(getLeagueTableRoute, async (c) => {
    const { league, season } = await requireLeagueSeason(
      c.get('db'),
      c.req.valid('param').leagueId,
      c.req.valid('query').season,
    );
    const { rows, reasons, deductions } = await leagueStandings(c.get('db'), league, season);
    const body: LeagueTableDto = {
      standings: rows,
      deductions,
      reasons: reasons.map((reason) =>
        reason === null
          ? null
          : {
              criterion: reason.criterion,
              above: reason.above,
              below: reason.below,
              level_on_points: reason.levelOnPoints,
            },
      ),
    };
    return jsonRead(c, body, CACHE.revalidate);
  }),

  endpoint(listLeagueMatchesRoute, async (c) => {
    const db = c.get('db');
    const query = c.req.valid('query');
    const { league, season } = await requireLeagueSeason(db, c.req.valid('param').leagueId, query.season);
    const filtered =
      query.team_id !== undefined ||
      query.from !== undefined ||
      query.to !== undefined ||
      query.state !== undefined;
    if (!filtered && !isPaged(query)) {
      const matches = await listMatches(db, { leagueId: league.league_id, season });
      return jsonBytesRead(c, jsonListBytes(matches, 'matches'), CACHE.revalidate);
    }
    if (query.from !== undefined && query.to !== undefined && query.to < query.from) {
      fail(400, "Invalid query parameter 'to': must not be before from");
    }
    if (query.team_id !== undefined && (await getTeam(db, query.team_id)) === undefined) {
      fail(400, `Invalid query parameter 'team_id': no team has the id '${query.team_id}'`);
    }
    const now = c.get('options').now().toISOString();
    const page = await filteredLeagueMatches(
      db,
      {
        leagueId: league.league_id,
        season,
        teamId: query.team_id,
        from: query.from,
        to: query.to,
        state: query.state,
        now,
      },
      {
        ...(query.limit !== undefined && { limit: query.limit }),
        ...(query.cursor !== undefined && { after: query.cursor }),
      },
    );
    // Upcoming and awaiting change by themselves at a kick-off: a cached answer lasts until then.
    if (query.state === 'upcoming' || query.state === 'awaiting')
      holdUntil(c, await nextKickoff(c, query.team_id));
    const body = isPaged(query)
      ? { matches: page.rows, next_cursor: nextKickoffCursor('matches', page.next) }
      : { matches: page.rows };
    return jsonRead(c, body, CACHE.revalidate);
  }),

  endpoint(listLeagueDecisionsRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const items = await leagueDecisions(db, league.league_id, c.get('options').now());
    return jsonRead(c, { items }, CACHE.noStore);
  }),

  endpoint(getLeagueStatsRoute, async (c) => {
    const { league, season } = await requireLeagueSeason(
      c.get('db'),
      c.req.valid('param').leagueId,
      c.req.valid('query').season,
    );
    const stats = await leaderboards(c.get('db'), { leagueId: league.league_id, season });
    return jsonRead(c, stats, CACHE.revalidate);
  }),

  endpoint(getLeagueRulesRoute, async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(c, await leagueRules(c.get('db'), league.league_id), CACHE.revalidate);
  }),

  endpoint(replaceLeagueRulesRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const before = await leagueRules(db, league.league_id);
    const rules: LeagueRules = c.req.valid('json');
    await storeLeagueRules(db, league.league_id, rules, c.get('options').now().toISOString());
    await audit(c, {
      action: 'league.rules',
      entity: 'league',
      entityId: league.league_id,
      before,
      after: rules,
    });
    return c.json(await leagueRules(db, league.league_id), 200);
  }),

  endpoint(listDeductionsRoute, async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(
      c,
      { deductions: await leagueDeductions(c.get('db'), league.league_id) },
      CACHE.revalidate,
    );
  }),

  endpoint(createDeductionRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const body = c.req.valid('json');
    const teams = await leagueTeams(db, league.league_id, league.season, true);
    if (!teams.some((team) => team.team_id === body.team_id)) {
      fail(
        400,
        `Invalid field 'team_id': '${body.team_id}' does not play in ${league.league_name} ${league.season}`,
      );
    }
    const row = {
      league_id: league.league_id,
      team_id: body.team_id,
      points: body.points,
      reason: body.reason,
      created_at: c.get('options').now().toISOString(),
      created_by: currentUser(c).id,
    };
    const id = await insertDeduction(db, row);
    const created = await findDeduction(db, league.league_id, id);
    await audit(c, {
      action: 'league.deduction',
      entity: 'league',
      entityId: league.league_id,
      after: created,
    });
    return c.json(created, 201);
  }),

  endpoint(deleteDeductionRoute, async (c) => {
    const db = c.get('db');
    const { leagueId, id } = c.req.valid('param');
    const league = await requireLeague(db, leagueId);
    const removed = await deleteDeduction(db, league.league_id, id);
    if (!removed) fail(404, 'Deduction not found');
    await audit(c, {
      action: 'league.deduction_removed',
      entity: 'league',
      entityId: league.league_id,
      before: removed,
    });
    return c.json({ detail: 'Deduction removed' }, 200);
  }),

  endpoint(registerLeagueTeamRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const { team_id: teamId } = c.req.valid('json');
    const team = await teamRegistration(db, teamId);
    if (!team) fail(400, `Invalid field 'team_id': no team has the id '${teamId}'`);
    if (team.league_id === league.league_id) {
      fail(409, `${team.team_name} is already registered for ${league.league_name} ${league.season}`);
    }
    // A team plays in one league at a time: it leaves a completed one by joining the next.
    if (team.league_id !== null && team.status !== null && team.status !== 'completed') {
      fail(
        409,
        `${team.team_name} plays in ${team.league_name ?? team.league_id} ${team.season ?? ''}`.trimEnd() +
          ', which is not completed: complete that league or remove the team from it first',
      );
    }
    return c.json(await moveTeam(c, teamId, league.league_id), 201);
  }),

  endpoint(removeLeagueTeamRoute, async (c) => {
    const db = c.get('db');
    const { leagueId, teamId } = c.req.valid('param');
    const league = await requireLeague(db, leagueId);
    const team = await teamRegistration(db, teamId);
    if (!team || team.league_id !== league.league_id) {
      fail(404, `No team '${teamId}' is registered for ${league.league_name} ${league.season}`);
    }
    const fixtures = await unplayedFixtures(db, league.league_id, teamId);
    const query = c.req.valid('query');
    const deleted = unreportedWords(unreportedCounts(fixtures, c.get('options').now()));
    const what = `Withdrawing ${team.team_name} from ${league.league_name} ${league.season}`;
    if (query.dry_run === true) {
      const detail =
        fixtures.length === 0
          ? `${what} deletes no fixtures: it has no upcoming ones and none waiting for a report`
          : `${what} deletes its ${deleted}; played matches stay on record`;
      return c.json({ detail, fixtures }, 200);
    }
    if (fixtures.length > 0 && query.confirm !== true) {
      return c.json(
        {
          detail: `${what} deletes its ${deleted}; played matches stay on record. Confirm to withdraw`,
          fixtures,
        },
        409,
      );
    }
    const ids = fixtures.map((fixture) => fixture.id);
    await deleteUnplayed(db, ids);
    if (ids.length > 0) {
      await audit(c, {
        action: 'league.fixtures_removed',
        entity: 'league',
        entityId: league.league_id,
        before: { team_id: teamId, fixtures },
      });
    }
    return c.json({ ...(await moveTeam(c, teamId, null)), removed_fixtures: ids }, 200);
  }),

  endpoint(generateFixturesRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const body = c.req.valid('json');
    const teams = await registeredTeams(db, league.league_id);
    if (teams.length < 2) {
      fail(
        409,
        `Register at least two teams for ${league.league_name} ${league.season} to generate fixtures`,
      );
    }
    const existing = await seasonMatches(db, league.league_id, league.season);
    const unplayed = existing.filter((match) => !match.reported);
    if (existing.length > 0 && body.replace_unplayed !== true) {
      const replaceable = unreportedWords(unreportedCounts(unplayed, c.get('options').now()));
      fail(
        409,
        `The ${league.season} season of ${league.league_name} already has ${plural(existing.length, 'match', 'matches')}: ` +
          (unplayed.length === 0
            ? 'keep them, or choose to plan the fixtures still missing around them'
            : `keep them, or choose to replace its ${replaceable}`),
      );
    }
    const kept = existing.filter((match) => match.reported);
    const planned =
      body.matches === undefined
        ? planFixtures(teams, body, kept, league.location)
        : editedFixtures(teams, body.matches, kept);
    const plan: FixturePlanDto = {
      matches: planned.map((fixture) => ({ id: null, ...fixture })),
      removed: unplayed.length,
    };
    if (body.dry_run) return c.json(plan, 200);

    const at = c.get('options').now().toISOString();
    await deleteMatches(
      db,
      unplayed.map((match) => match.id),
    );
    const ids = await insertFixtures(
      db,
      planned.map((fixture) => ({
        league_id: league.league_id,
        season: league.season,
        match_date: fixture.match_date,
        home_team: fixture.home_team,
        away_team: fixture.away_team,
        location: fixture.location,
      })),
      at,
    );
    const created: FixturePlanDto = {
      matches: plan.matches.map((fixture, index) => ({ ...fixture, id: ids[index] ?? null })),
      removed: unplayed.length,
    };
    await audit(c, {
      action: 'league.fixtures',
      entity: 'league',
      entityId: league.league_id,
      before: { removed: unplayed.map((match) => match.id) },
      after: { ...body, created: ids },
    });
    return c.json(created, 201);
  }),

  endpoint(getLeagueDisciplineRoute, async (c) => {
    const db = c.get('db');
    const { league, season } = await requireLeagueSeason(
      db,
      c.req.valid('param').leagueId,
      c.req.valid('query').season,
    );
    const rows = await leagueDiscipline(db, league.league_id, season);
    // Who is banned now: a ban belongs to the season being played, not to one on record.
    const current = season === league.season && league.status !== 'completed';
    const { bans, matches } = current
      ? await leagueSeasonBans(db, league.league_id, season, c.get('options').now())
      : { bans: [], matches: [] };
    // A ban is served as a kick-off passes: the answer holds until the next one.
    if (bans.length > 0) holdUntil(c, await nextKickoff(c));
    return jsonRead(
      c,
      { players: rows, suspensions: await suspensionList(db, bans, matches) },
      CACHE.revalidate,
    );
  }),

  endpoint(downloadLeagueTableRoute, async (c) => {
    const { league, season } = await requireLeagueSeason(
      c.get('db'),
      c.req.valid('param').leagueId,
      c.req.valid('query').season,
    );
    const { rows } = await leagueStandings(c.get('db'), league, season);
    return csvDownload(
      c,
      csvFileName(league.league_id, season, 'table'),
      [
        'position',
        'team_id',
        'team',
        'played',
        'wins',
        'draws',
        'losses',
        'goals_for',
        'goals_against',
        'goal_difference',
        'points_deducted',
        'points',
      ],
      rows.map((row) => [
        row.position,
        row.team_id,
        row.team_name,
        row.played,
        row.wins,
        row.draws,
        row.losses,
        row.goals_for,
        row.goals_against,
        row.goal_difference,
        row.deducted,
        row.points,
      ]),
    );
  }),

  endpoint(downloadLeagueMatchesRoute, async (c) => {
    const { league, season } = await requireLeagueSeason(
      c.get('db'),
      c.req.valid('param').leagueId,
      c.req.valid('query').season,
    );
    const matches = await listMatches(c.get('db'), { leagueId: league.league_id, season });
    // The first four columns are what POST …/matches.csv reads back (the rest it ignores).
    return csvDownload(
      c,
      csvFileName(league.league_id, season, 'matches'),
      [
        'date',
        'home_team',
        'away_team',
        'location',
        'match_id',
        'home_team_name',
        'away_team_name',
        'status',
        'home_score',
        'away_score',
        'result',
      ],
      matches.map((match) => [
        match.date,
        match.home_team,
        match.away_team,
        match.location,
        match.id,
        match.home_team_name,
        match.away_team_name,
        match.status,
        match.home_score,
        match.away_score,
        RESULT[match.approved],
      ]),
    );
  }),

  endpoint(importFixturesRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const dryRun = c.req.valid('query').dry_run ?? false;
    const table = await readImport(c, FIXTURE_COLUMNS);
    const plan = planFixtureImport(table, {
      league_name: league.league_name,
      season: league.season,
      league_location: league.location,
      teams: await registeredTeams(db, league.league_id),
      existing: await seasonKickoffs(db, league.league_id, league.season),
    });
    return importAnswer<FixtureImportAnswer['rows'][number]>(c, dryRun, table, plan, async (rows) => {
      const creates = rows.flatMap((row) => (row.outcome === 'create' ? [row] : []));
      const ids = await insertImportedFixtures(
        db,
        creates.map(({ match }) => ({
          league_id: league.league_id,
          season: league.season,
          match_date: match.date,
          home_team: match.home_team,
          away_team: match.away_team,
          location: match.location,
        })),
        c.get('options').now().toISOString(),
      );
      await audit(c, {
        action: 'league.fixtures_import',
        entity: 'league',
        entityId: league.league_id,
        after: { season: league.season, created: ids },
      });
      return creates.map((row, index) => ({ ...row, match: { ...row.match, id: ids[index] ?? null } }));
    });
  }),

  endpoint(downloadLeaderboardRoute, async (c) => {
    const query = c.req.valid('query');
    const { league, season } = await requireLeagueSeason(
      c.get('db'),
      c.req.valid('param').leagueId,
      query.season,
    );
    const stats = await leaderboards(c.get('db'), { leagueId: league.league_id, season });
    return csvDownload(
      c,
      csvFileName(league.league_id, season, query.kind),
      ['player_id', 'name', 'team', 'position', STAT_COUNT[query.kind]],
      stats[query.kind].map((row) => [row.player_id, row.name, row.team, row.position, row.count]),
    );
  }),

  endpoint(getLeagueCalendarRoute, async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const matches = await calendarMatches(db, { leagueId: league.league_id, season: league.season });
    return calendarRead(c, `${league.league_name} ${league.season}`, matches);
  }),
);
