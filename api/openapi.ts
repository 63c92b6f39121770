/**
 * The OpenAPI 3.0 document of the API, served at /api/openapi.json and shown at /api/docs.
 * Component schemas are generated from the zod schemas the handlers and tests use; the
 * rest (operations, parameters, bodies, answers) is written here, one entry per route.
 * tests/api/openapi-contract.test.ts keeps it honest: it validates (swagger-parser),
 * passes redocly's recommended rules (redocly.yaml), names every route of the app and no
 * other, and every documented read answers what its schema says on the demo league.
 */
import { z } from 'zod';
import {
  LEAGUE_STATUSES,
  MATCH_STATUSES,
  NOTIFICATION_KINDS,
  POSITION_GENERALS,
  POSITIONS,
  USER_TYPES,
} from '../db/schema';
import { SCORE_MAX } from './domain/report-rules';
import './schemas'; // registers the component schemas (meta ids) in zod's global registry

type Schema = Record<string, unknown>;
type Param = {
  name: string;
  in: 'path' | 'query' | 'header';
  description?: string;
  required?: boolean;
  schema: Schema;
};
type Response = { description: string; content?: Record<string, { schema: Schema }>; headers?: object };
type Responses = Record<string, Response>;
type Method = 'get' | 'post' | 'put' | 'delete';
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: { bearer: [] }[];
  parameters?: Param[];
  requestBody?: object;
  responses: Responses;
}

// ---------------------------------------------------------------------------------
// Building blocks

const ref = (id: string): Schema => ({ $ref: `#/components/schemas/${id}` });
const arrayOf = (items: Schema): Schema => ({ type: 'array', items });
const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const bool: Schema = { type: 'boolean' };
const nullableStr: Schema = { type: 'string', nullable: true };
const ids = arrayOf(str);
const yearPattern = { type: 'string', pattern: '^\\d{4}$' };
/** A closed object: every property listed, the required ones named. */
const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  ...(required.length > 0 && { required }),
  additionalProperties: false,
});
/** A closed object whose every property is required: the shape of an answer. */
const answer = (properties: Record<string, Schema>): Schema => obj(properties, Object.keys(properties));

const json = (schema: Schema, description = 'OK'): Response => ({
  description,
  content: { 'application/json': { schema } },
});
const media = (type: string, description: string, schema: Schema = str): Response => ({
  description,
  content: { [type]: { schema } },
});
const path = (name: string, description?: string, schema: Schema = str): Param => ({
  name,
  in: 'path',
  required: true,
  ...(description && { description }),
  schema,
});
const query = (name: string, description: string, schema: Schema = str, required = false): Param => ({
  name,
  in: 'query',
  description,
  ...(required && { required: true }),
  schema,
});

const bearer = [{ bearer: [] as [] }];
const PUBLIC: { bearer: [] }[] = [];

/** The 4xx answers, each JSON { detail } unless given as a response. */
const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid parameter; the detail names it',
  401: 'No authentication token found, or an invalid or expired token, or the session has ended',
  403: 'Signed in, but not allowed to do this (wrong role, or another team)',
  404: 'Unknown id',
  409: 'Conflicts with the current state; the detail says why',
  413: 'Body over 256 KiB',
  422: 'Idempotency-Key reused with a different request',
  429: 'Too many attempts; Retry-After says in how many seconds to try again',
};
type ErrorSpec = Partial<
  Record<400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 504, string | Response>
>;
function errors(spec: ErrorSpec): Responses {
  const out: Responses = {};
  for (const [code, value] of Object.entries(spec) as [string, string | Response][]) {
    const response =
      typeof value === 'string' ? json(ref('Error'), value || ERROR_TEXT[Number(code)]) : value;
    out[code] =
      code === '429'
        ? { ...response, headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }
        : response;
  }
  return out;
}
/** Shorthand: the standard text of these codes. */
const std = (...codes: (keyof ErrorSpec)[]): ErrorSpec => Object.fromEntries(codes.map((code) => [code, '']));

// ---------------------------------------------------------------------------------
// Reads

const etagHeaders = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
};
const notModified: Response = {
  description: 'Not modified: If-None-Match named the current ETag (no body)',
  headers: { ETag: { $ref: '#/components/headers/ETag' } },
};

/** A GET: every read answers with an ETag, and 304 to a matching If-None-Match. */
function read(
  operationId: string,
  tags: string[],
  summary: string,
  spec: {
    description?: string;
    parameters?: Param[];
    ok: Response;
    errors?: ErrorSpec;
    auth?: boolean;
  },
): Operation {
  return {
    operationId,
    summary,
    ...(spec.description && { description: spec.description }),
    tags,
    security: spec.auth ? bearer : PUBLIC,
    ...(spec.parameters && spec.parameters.length > 0 && { parameters: spec.parameters }),
    responses: {
      '200': { ...spec.ok, headers: etagHeaders },
      '304': notModified,
      ...errors({ ...(spec.auth && std(401)), ...spec.errors }),
    },
  };
}

// ---------------------------------------------------------------------------------
// Writes

const idempotencyKey: Param = {
  name: 'Idempotency-Key',
  in: 'header',
  description:
    '1 to 200 printable characters. A repeat with the same key answers the first response (with ' +
    'Idempotent-Replayed: true) and changes nothing; the same key with another request answers 422',
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};
const jsonBody = (schema: Schema, required = true, description?: string) => ({
  required,
  ...(description && { description }),
  content: { 'application/json': { schema } },
});

/**
 * A write through writeTransaction: signed in, idempotent, audited. It answers 400 (body,
 * parameter or Idempotency-Key), 401, 413 and 422 besides the codes given.
 */
function write(
  operationId: string,
  tags: string[],
  summary: string,
  spec: {
    description?: string;
    parameters?: Param[];
    body?: object;
    ok: Responses;
    errors?: ErrorSpec;
  },
): Operation {
  return {
    operationId,
    summary,
    ...(spec.description && { description: spec.description }),
    tags,
    security: bearer,
    parameters: [...(spec.parameters ?? []), idempotencyKey],
    ...(spec.body && { requestBody: spec.body }),
    responses: {
      ...spec.ok,
      ...errors({
        400: 'Invalid body, parameter or Idempotency-Key; the detail names the field',
        ...std(401, 413, 422),
        ...spec.errors,
      }),
    },
  };
}

// ---------------------------------------------------------------------------------
// Tags, parameters and shapes shared by several operations

const T = {
  service: 'Service',
  auth: 'Auth',
  leagues: 'Leagues',
  teams: 'Teams',
  matches: 'Matches',
  players: 'Players',
  search: 'Search',
  news: 'News',
  images: 'Images',
  spreadsheets: 'Spreadsheets',
  calendars: 'Calendars',
  notifications: 'Notifications',
  admin: 'Admin tables',
} as const;
const TAGS = [
  { name: T.service, description: 'Liveness, this document and its readable reference' },
  { name: T.auth, description: 'Accounts and sessions: sign in, register, refresh, sign out, password' },
  {
    name: T.leagues,
    description:
      'League seasons: table, matches, leaderboards, rules, deductions, discipline; running a season',
  },
  { name: T.teams, description: 'Teams, their rosters, leaderboards, matches and suspensions' },
  { name: T.matches, description: 'Matches: fixtures, results, reports and their review, squads' },
  { name: T.players, description: 'Player and coach profiles' },
  { name: T.search, description: 'Players, teams and leagues by name' },
  { name: T.news, description: 'League news, and a team’s own news and latest video from its feeds' },
  { name: T.images, description: 'Team crests and player and coach photos' },
  {
    name: T.spreadsheets,
    description: 'CSV downloads (RFC 4180, UTF-8 with a BOM) and the two imports that read them back',
  },
  { name: T.calendars, description: 'iCalendar feeds (RFC 5545) for calendar apps' },
  { name: T.notifications, description: 'The signed-in user’s notifications, muted kinds and Web Push' },
  { name: T.admin, description: 'The super admin’s raw table editor' },
];

const leagueId = path('leagueId', 'league id; a colon prefix ("region:mwpl-26") is ignored');
const teamId = path('teamId', 'dotted team id, e.g. riverside.rovers');
const matchId = path('matchId', 'match id', { type: 'integer', minimum: 1, maximum: 2147483647 });
const season = query('season', 'four-digit year; defaults to the league season (or the team latest season)', {
  ...yearPattern,
});
/** Keyset paging of the list reads (api/routes/list-query.ts). */
const pageLimit = query(
  'limit',
  'rows per page, 1 to 200; the answer then carries next_cursor. Without limit and cursor the whole list',
  { type: 'integer', minimum: 1, maximum: 200 },
);
const pageCursor = query(
  'cursor',
  'next_cursor of the page before (opaque; refused with 400 if altered or from another list). ' +
    'Without limit: every row after it',
);
const matchLimit = query('limit', 'positive whole number, at most 1000', {
  type: 'integer',
  minimum: 1,
  maximum: 1000,
});
const table = path('table', 'a table of GET /api/tables');
const rowId = path('id', 'the row’s primary key');

const detail = (description: string) => json(answer({ detail: str }), description);
const user: Schema = ref('User');
const session = (description: string) => json(ref('Session'), description);

/** An iCalendar feed (issue #21): folded CRLF lines, times in UTC, an ETag like every read. */
const calendar = media('text/calendar', 'The calendar (Content-Type: text/calendar; charset=utf-8)');
/** Spreadsheets (issue #21): CSV downloads with an ETag like every read, and two imports. */
const csvFile = (what: string) =>
  media(
    'text/csv',
    `${what}: RFC 4180, UTF-8 with a BOM, a header row, CRLF line ends; text cells starting with = + - @ ` +
      "tab or CR get a leading ' (numbers never do). Content-Type: text/csv; charset=utf-8, " +
      'Content-Disposition: attachment',
  );
const importError = obj(
  {
    line: { type: 'integer', description: 'line of the file, 1 being the header' },
    column: { type: 'string', nullable: true, description: 'null: the whole line or file' },
    message: str,
  },
  ['line', 'column', 'message'],
);
/** The answer of a CSV import: every row's outcome, and every problem by line and column. */
function importAnswer(item: string, itemSchema: Schema, columns: string[]): Schema {
  return obj(
    {
      dry_run: bool,
      rows: arrayOf({
        oneOf: [
          answer({
            line: int,
            outcome: { type: 'string', enum: ['create'] },
            [item]: { ...itemSchema, description: 'what is (or would be) written; id null in a dry run' },
          }),
          answer({
            line: int,
            outcome: { type: 'string', enum: ['error'] },
            values: {
              ...answer(Object.fromEntries(columns.map((column) => [column, str]))),
              description: 'the row as read (each value cut to 200 characters)',
            },
          }),
        ],
      }),
      errors: arrayOf(importError),
      ignored_columns: { ...ids, description: 'header names that are not columns of the import' },
      created: { type: 'integer', description: 'rows written: 0 in a dry run' },
    },
    ['dry_run', 'rows', 'errors', 'ignored_columns', 'created'],
  );
}
function csvImport(
  operationId: string,
  tags: string[],
  summary: string,
  description: string,
  parameters: Param[],
  result: Schema,
  forbidden: string,
): Operation {
  const properties = result.properties as Record<string, Schema>;
  return write(operationId, tags, summary, {
    description,
    parameters: [...parameters, query('dry_run', 'true: check every row and write nothing (200)', bool)],
    body: {
      required: true,
      description:
        'the CSV file, at most 1 MB, UTF-8 (a BOM is fine), CRLF or LF line ends. Also taken as ' +
        'application/csv, text/plain or application/vnd.ms-excel',
      content: { 'text/csv': { schema: str } },
    },
    ok: {
      '200': json(result, "The dry run: every row's outcome and every problem; nothing written"),
      '201': json(result, 'Every row written, in one transaction'),
    },
    errors: {
      400: json(
        obj({ ...properties, detail: str, errors: arrayOf(importError) }, ['detail']),
        'Nothing written. A row with errors: the whole answer and the detail, every problem by line and ' +
          'column; malformed quoting or a bad header: { detail, errors } naming the line; not UTF-8, not ' +
          'text/csv, a bad parameter or Idempotency-Key: { detail }',
      ),
      403: forbidden,
      404: 'Unknown league or team',
      413: 'File over 1 MB',
    },
  });
}

const positionEnum = { type: 'string', enum: [...POSITIONS] };
const generalEnum = {
  type: 'string',
  enum: [...POSITION_GENERALS, 'FWD'],
  description: 'FWD is stored as FW',
};
const shirtNumber = {
  oneOf: [
    { type: 'integer', minimum: 0, maximum: 99 },
    { type: 'string', pattern: '^\\d{1,3}$', description: 'digits as typed (at most 99)' },
  ],
};
const text = (maxLength: number, minLength = 1): Schema => ({ type: 'string', minLength, maxLength });
const score = { type: 'integer', minimum: 0, maximum: SCORE_MAX };
const playerList = { type: 'array', items: str, maxItems: 100, description: 'player ids' };
const reviewChoice = obj({
  team_id: {
    type: 'string',
    description: "whose report to decide on when two differ (default: the first report's team)",
  },
});
const unread = json(answer({ unread: { type: 'integer', description: 'notifications still unread' } }));
const columnValue: Schema = {
  anyOf: [
    { type: 'string', nullable: true },
    { type: 'number', nullable: true },
  ],
};
const row: Schema = {
  type: 'object',
  additionalProperties: columnValue,
  description: 'the row, by column (password hashes are never shown)',
};
const feedErrors = {
  400: json(
    ref('FeedError'),
    'Missing or refused URL (private, loopback and link-local targets are refused)',
  ),
  502: json(ref('FeedError'), 'The feed answered badly, too much, or not at all'),
  504: json(ref('FeedError'), 'The feed did not answer within 5 s'),
};
const staffOnly = "Not the team's coach or owner, nor a super admin";
const superAdminOnly = 'Not a super admin';

// ---------------------------------------------------------------------------------
// The paths

const paths: Record<string, Partial<Record<Method, Operation>>> = {
  // Service -------------------------------------------------------------------------
  '/api/health': {
    get: read('getHealth', [T.service], 'Liveness and database check', {
      description: '200 only when the database answers a query (no-store)',
      ok: json(answer({ status: { type: 'string', enum: ['ok'] } })),
    }),
  },
  '/api/openapi.json': {
    get: read('getOpenApiDocument', [T.service], 'This document', {
      description: 'OpenAPI 3.0, generated from the zod schemas the handlers use; readable at /api/docs',
      ok: json(
        {
          type: 'object',
          required: ['openapi', 'info', 'paths'],
          properties: { openapi: str, info: { type: 'object' }, paths: { type: 'object' } },
        },
        'The OpenAPI document',
      ),
    }),
  },
  '/api/docs': {
    get: read('getApiReference', [T.service], 'This document as a readable page', {
      description: 'Swagger UI, served from the app itself (no third-party host), reading /api/openapi.json',
      ok: media('text/html', 'The reference page'),
    }),
  },
  '/api/docs/{asset}': {
    get: read('getApiReferenceAsset', [T.service], 'A script or style sheet of the reference page', {
      parameters: [
        path('asset', 'a file the page loads', {
          type: 'string',
          enum: ['swagger-ui.css', 'swagger-ui-bundle.js', 'reference.js'],
        }),
      ],
      ok: {
        description: 'The file (text/css or text/javascript)',
        content: { 'text/javascript': { schema: str }, 'text/css': { schema: str } },
      },
      errors: { 404: 'No such file' },
    }),
  },

  // Auth ----------------------------------------------------------------------------
  '/api/auth/login': {
    post: {
      operationId: 'login',
      summary: 'Sign in',
      description:
        '10 attempts per 15 minutes per client address and per account; past that, 429 with Retry-After',
      tags: [T.auth],
      security: PUBLIC,
      requestBody: jsonBody({
        type: 'object',
        properties: { email: text(320), password: text(1024) },
        required: ['email', 'password'],
      }),
      responses: {
        '200': session('Signed in: the access token (15 minutes) and the user'),
        ...errors({ ...std(400, 413, 429), 401: 'Incorrect email or password' }),
      },
    },
  },
  '/api/auth/register': {
    post: {
      operationId: 'register',
      summary: 'Create a fan account and sign in',
      description: 'A fan has no staff rights',
      tags: [T.auth],
      security: PUBLIC,
      requestBody: jsonBody(
        obj(
          {
            name: text(100),
            email: { type: 'string', format: 'email', maxLength: 320 },
            password: text(128, 8),
          },
          ['name', 'email', 'password'],
        ),
      ),
      responses: {
        '201': session('Registered and signed in'),
        ...errors({ ...std(400, 413), 409: 'An account with this email already exists' }),
      },
    },
  },
  '/api/auth/refresh-token': {
    post: {
      operationId: 'refreshToken',
      summary: 'Exchange an access token for a new one',
      description:
        'Takes a token (even expired, up to 30 days old) of a live session; that session ends and a new ' +
        'one starts',
      tags: [T.auth],
      security: PUBLIC,
      requestBody: jsonBody({
        type: 'object',
        properties: { token: text(4096) },
        required: ['token'],
      }),
      responses: {
        '200': session('A new token of a new session'),
        ...errors({ ...std(400, 413), 401: 'Invalid token, or its session has ended' }),
      },
    },
  },
  '/api/auth/logout': {
    post: {
      operationId: 'logout',
      summary: 'End the session',
      description: 'The bearer token may have expired',
      tags: [T.auth],
      security: bearer,
      responses: { '200': detail('Signed out'), ...errors(std(401, 413)) },
    },
  },
  '/api/auth/change-password': {
    post: {
      operationId: 'changePassword',
      summary: "Change the signed-in user's password",
      description:
        'Ends every other session (this one stays). Checks of the current password count against the ' +
        'per-account sign-in limit (429 with Retry-After)',
      tags: [T.auth],
      security: bearer,
      requestBody: jsonBody(
        obj({ current_password: text(1024), new_password: text(128, 8) }, [
          'current_password',
          'new_password',
        ]),
      ),
      responses: {
        '200': detail('Password changed'),
        ...errors({
          400: 'Invalid body, or the new password equals the current one',
          403: 'Current password is incorrect',
          409: 'The password was changed meanwhile',
          ...std(401, 413, 429),
        }),
      },
    },
  },
  '/api/auth/logout-all': {
    post: {
      operationId: 'logoutAll',
      summary: 'End every session of the signed-in user, this one included',
      description: "Also removes the user's Web Push subscriptions",
      tags: [T.auth],
      security: bearer,
      responses: { '200': detail('Signed out of all devices'), ...errors(std(401, 413)) },
    },
  },
  '/api/auth/me': {
    get: read('getCurrentUser', [T.auth], 'The signed-in user', {
      auth: true,
      ok: json(answer({ user })),
    }),
  },

  // Leagues -------------------------------------------------------------------------
  '/api/leagues': {
    get: read('listLeagues', [T.leagues], 'Leagues', {
      description:
        'Newest season first, then by name (Cache-Control: public, max-age=300). With limit or cursor: ' +
        'one page and next_cursor',
      parameters: [query('season', 'only this season', yearPattern), pageLimit, pageCursor],
      ok: json(ref('LeagueList')),
      errors: std(400),
    }),
    post: write('createLeague', [T.leagues], 'Create a league season', {
      description: 'super_admin. A "-YY" id suffix must be the season',
      body: jsonBody(
        obj(
          {
            league_id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$', maxLength: 64 },
            league_name: text(200),
            season: yearPattern,
            status: { type: 'string', enum: [...LEAGUE_STATUSES] },
            location: text(200, 0),
          },
          ['league_id', 'league_name', 'season', 'status', 'location'],
        ),
      ),
      ok: { '201': json(ref('League'), 'Created') },
      errors: { 403: superAdminOnly, 409: 'A league with this id exists' },
    }),
  },
  '/api/leagues/{leagueId}': {
    get: read('getLeague', [T.leagues], 'One league', {
      parameters: [leagueId],
      ok: json(ref('League')),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
    put: write('updateLeague', [T.leagues], 'Edit a league', {
      description: "super_admin: the league's name, status and location",
      parameters: [leagueId],
      body: jsonBody(
        obj(
          {
            league_name: text(200),
            status: { type: 'string', enum: [...LEAGUE_STATUSES] },
            location: text(200, 0),
          },
          ['league_name', 'status', 'location'],
        ),
      ),
      ok: { '200': json(ref('League'), 'The league as it is now') },
      errors: { 403: superAdminOnly, 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/table': {
    get: read('getLeagueTable', [T.leagues], 'League table', {
      description:
        "From approved results, ordered by the league's rules (tie-breakers; teams level on all of them " +
        'share a position), with points deductions taken off. An earlier season is shown as it stood, ' +
        'under the default rules',
      parameters: [leagueId, season],
      ok: json(ref('LeagueTable')),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/matches': {
    get: read('listLeagueMatches', [T.leagues, T.matches], "A league season's matches", {
      description: 'Oldest first',
      parameters: [leagueId, season],
      ok: json(answer({ matches: arrayOf(ref('Match')) })),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/stats': {
    get: read('getLeagueStats', [T.leagues], 'League leaderboards', {
      description:
        'Scorers, assists, clean sheets and points (goal 2 points, assist 1), approved results only',
      parameters: [leagueId, season],
      ok: json(ref('LeagueStats')),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/rules': {
    get: read('getLeagueRules', [T.leagues], "The league's rules", {
      description:
        'Points per result, tie-breakers in order, report deadline, suspension thresholds (the defaults ' +
        'until a super admin changes them)',
      parameters: [leagueId],
      ok: json(ref('LeagueRules')),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
    put: write('replaceLeagueRules', [T.leagues], "Replace the league's rules", {
      description: 'super_admin; an unknown tie-breaker is refused with 400 naming it',
      parameters: [leagueId],
      body: jsonBody(ref('LeagueRules')),
      ok: { '200': json(ref('LeagueRules'), 'The rules as they are now') },
      errors: { 403: superAdminOnly, 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/deductions': {
    get: read('listDeductions', [T.leagues], 'Points deductions', {
      description: 'With their reasons, oldest first',
      parameters: [leagueId],
      ok: json(answer({ deductions: arrayOf(ref('Deduction')) })),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
    post: write('createDeduction', [T.leagues], 'Deduct points from a team', {
      description: 'super_admin; the team must play in the league season (else 400)',
      parameters: [leagueId],
      body: jsonBody(
        obj(
          { team_id: text(200), points: { type: 'integer', minimum: 1, maximum: 100 }, reason: text(300) },
          ['team_id', 'points', 'reason'],
        ),
      ),
      ok: { '201': json(ref('Deduction'), 'Deducted') },
      errors: { 403: superAdminOnly, 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/deductions/{id}': {
    delete: write('deleteDeduction', [T.leagues], 'Remove a deduction', {
      description: 'super_admin',
      parameters: [
        leagueId,
        path('id', 'deduction id', { type: 'integer', minimum: 1, maximum: 2147483647 }),
      ],
      ok: { '200': detail('Removed') },
      errors: { 403: superAdminOnly, 404: 'Unknown league or deduction' },
    }),
  },
  '/api/leagues/{leagueId}/teams': {
    post: write('registerLeagueTeam', [T.leagues, T.teams], 'Register a team for the league', {
      description:
        'super_admin. A team plays in one league at a time: 409 while it is registered for another ' +
        'league that is not completed (or already for this one)',
      parameters: [leagueId],
      body: jsonBody(obj({ team_id: text(200) }, ['team_id'])),
      ok: { '201': json(ref('Team'), 'The team, now registered') },
      errors: { 403: superAdminOnly, 404: 'Unknown league', 409: 'Registered for this or another league' },
    }),
  },
  '/api/leagues/{leagueId}/teams/{teamId}': {
    delete: write('removeLeagueTeam', [T.leagues, T.teams], 'Remove a team from the league', {
      description: 'super_admin; 409 while it has matches in it',
      parameters: [leagueId, teamId],
      ok: { '200': json(ref('Team'), 'The team, now in no league') },
      errors: {
        403: superAdminOnly,
        404: 'Unknown league, or the team is not registered for it',
        409: 'The team has matches in the league',
      },
    }),
  },
  '/api/leagues/{leagueId}/fixtures': {
    post: write('generateFixtures', [T.leagues, T.matches], "Generate the season's fixtures", {
      description:
        'super_admin. A round robin by the circle method over the registered teams, every pair meeting ' +
        '`rounds` times, home and away alternating, at the home team ground. dry_run previews and writes ' +
        'nothing (200); otherwise all matches are created in one transaction (201). 409 with fewer than two ' +
        'teams, or when the season has matches, unless replace_unplayed, which replaces only those without ' +
        'a report',
      parameters: [leagueId],
      body: jsonBody(
        obj(
          {
            start_date: { type: 'string', format: 'date', description: 'the first match day, YYYY-MM-DD' },
            kickoff_time: {
              type: 'string',
              pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
              description: 'HH:MM in time_zone',
            },
            interval_days: { type: 'integer', minimum: 1, maximum: 60 },
            rounds: { type: 'integer', enum: [1, 2] },
            dry_run: bool,
            replace_unplayed: bool,
            time_zone: {
              type: 'string',
              maxLength: 64,
              description: 'IANA time zone of start_date and kickoff_time; UTC if omitted',
            },
          },
          ['start_date', 'kickoff_time', 'interval_days', 'rounds', 'dry_run'],
        ),
      ),
      ok: {
        '200': json(ref('FixturePlan'), 'The preview (dry_run)'),
        '201': json(ref('FixturePlan'), 'Created'),
      },
      errors: { 403: superAdminOnly, 404: 'Unknown league', 409: 'Too few teams, or the season has matches' },
    }),
  },
  '/api/leagues/{leagueId}/discipline': {
    get: read('getLeagueDiscipline', [T.leagues], 'Cards per player', {
      description:
        "A league season's yellow and red cards per player (approved results), reds first, then yellows",
      parameters: [leagueId, season],
      ok: json(ref('DisciplineTable')),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/table.csv': {
    get: read('downloadLeagueTable', [T.leagues, T.spreadsheets], 'The league table as a spreadsheet', {
      description: 'Ordered as GET …/table',
      parameters: [leagueId, season],
      ok: csvFile('The table'),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/matches.csv': {
    get: read(
      'downloadLeagueMatches',
      [T.leagues, T.spreadsheets],
      "A league season's matches as a spreadsheet",
      {
        description:
          'Oldest first: date, home_team, away_team, location (what the import reads), then match_id, the team ' +
          'names, status, the scores and result (approved, pending, rejected or empty)',
        parameters: [leagueId, season],
        ok: csvFile('The matches'),
        errors: { ...std(400), 404: 'Unknown league' },
      },
    ),
    post: csvImport(
      'importFixtures',
      [T.leagues, T.spreadsheets],
      "Import fixtures into the league's season",
      'super_admin. Columns date (ISO 8601 date and time with Z or an offset), home_team and away_team ' +
        '(registered teams, by id or exact name) and optionally location (empty: the home ground), in any ' +
        'order, other columns ignored. A team plays one match at a kick-off',
      [leagueId],
      importAnswer(
        'match',
        answer({
          id: { type: 'integer', nullable: true },
          date: str,
          home_team: str,
          home_team_name: str,
          away_team: str,
          away_team_name: str,
          location: str,
        }),
        ['date', 'home_team', 'away_team', 'location'],
      ),
      superAdminOnly,
    ),
  },
  '/api/leagues/{leagueId}/stats.csv': {
    get: read('downloadLeaderboard', [T.leagues, T.spreadsheets], 'One league leaderboard as a spreadsheet', {
      description: 'player_id, name, team, position and the count',
      parameters: [
        leagueId,
        season,
        query(
          'kind',
          'the leaderboard',
          { type: 'string', enum: ['scorers', 'assists', 'clean_sheets', 'points'] },
          true,
        ),
      ],
      ok: csvFile('The leaderboard'),
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },
  '/api/leagues/{leagueId}/calendar.ics': {
    get: read('getLeagueCalendar', [T.leagues, T.calendars], "The league's matches as a calendar feed", {
      description: 'The matches of its current season (RFC 5545), as the team feed',
      parameters: [leagueId],
      ok: calendar,
      errors: { ...std(400), 404: 'Unknown league' },
    }),
  },

  // Teams ---------------------------------------------------------------------------
  '/api/teams': {
    get: read('listTeams', [T.teams], 'Teams', {
      description:
        'By name, then id; all of them unless filtered. With limit or cursor: one page and next_cursor',
      parameters: [
        query('league_id', 'only the teams of this league; a colon prefix ("region:mwpl-26") is ignored'),
        query('season', 'only the teams of a league of this season', yearPattern),
        pageLimit,
        pageCursor,
      ],
      ok: json(ref('TeamList')),
      errors: std(400),
    }),
    post: write('createTeam', [T.teams], 'Create a team', {
      description: 'super_admin; the id is made from the name',
      body: jsonBody(
        obj(
          {
            name: text(100),
            location: text(100),
            description: text(1000, 0),
            league_id: {
              type: 'string',
              nullable: true,
              description: 'an existing league (else 400), or null',
            },
          },
          ['name', 'location'],
        ),
      ),
      ok: { '201': json(ref('Team'), 'Created') },
      errors: { 403: superAdminOnly },
    }),
  },
  '/api/teams/{teamId}': {
    get: read('getTeam', [T.teams], 'One team', {
      parameters: [teamId],
      ok: json(ref('Team')),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
    delete: write('deleteTeam', [T.teams], 'Delete a team', {
      description: "super_admin; a team with matches is never deleted (409). Its users' sessions end",
      parameters: [teamId],
      ok: { '200': json(answer({ detail: str, team_id: str }), 'Deleted, with its roster') },
      errors: { 403: superAdminOnly, 404: 'Unknown team', 409: 'The team has matches on record' },
    }),
  },
  '/api/teams/{teamId}/roster': {
    get: read('getRoster', [T.teams], 'Players and coaches', {
      description: 'Players by position (GK, DEF, MID, FW, others), then shirt number; then the coaches',
      parameters: [teamId],
      ok: json(answer({ players: arrayOf(ref('RosterPlayer')), coaches: arrayOf(ref('Coach')) })),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/roster.csv': {
    get: read('downloadRoster', [T.teams, T.spreadsheets], 'The players as a spreadsheet', {
      description: 'name, number, position, position_general (what the import reads) and player_id',
      parameters: [teamId],
      ok: csvFile('The roster'),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
    post: csvImport(
      'importRoster',
      [T.teams, T.spreadsheets],
      'Import players into the team',
      'super_admin, or coach/owner of the team. Columns name, number, position and optionally ' +
        'position_general (empty: follows the position), in any order, other columns ignored. The rules of ' +
        'POST /api/teams/{teamId}/players; each shirt number free in the team and once in the file',
      [teamId],
      importAnswer(
        'player',
        answer({
          id: { type: 'string', nullable: true },
          name: str,
          number: int,
          position: positionEnum,
          position_general: { type: 'string', enum: [...POSITION_GENERALS] },
        }),
        ['name', 'number', 'position', 'position_general'],
      ),
      staffOnly,
    ),
  },
  '/api/teams/{teamId}/suspensions': {
    get: read('listSuspensions', [T.teams], 'Bans still to serve', {
      description: "In the team's league season (cards of approved results, by the league's rules)",
      parameters: [teamId],
      ok: json(ref('SuspensionList')),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/stats': {
    get: read('getTeamStats', [T.teams], 'Team leaderboards', {
      description:
        "The season's scorers, assists, clean sheets and points (default: the team's latest season)",
      parameters: [teamId, season],
      ok: json(ref('TeamStats')),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/seasons': {
    get: read('listTeamSeasons', [T.teams], 'Seasons in which the team has matches', {
      description: 'Newest first',
      parameters: [teamId],
      ok: json(answer({ seasons: arrayOf(yearPattern) })),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/matches': {
    get: read('listTeamMatches', [T.teams, T.matches], "A team's matches", {
      parameters: [
        teamId,
        season,
        query('approved', 'PENDING, TRUE, FALSE or empty (case-insensitive)'),
        query('past', 'true: kicked off and approved (the latest result); false: not yet played', bool),
        matchLimit,
        query('sort', 'by date (case-insensitive)', {
          type: 'string',
          enum: ['asc', 'desc'],
          default: 'asc',
        }),
      ],
      ok: json(answer({ matches: arrayOf(ref('Match')) })),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/calendar.ics': {
    get: read('getTeamCalendar', [T.teams, T.calendars], "The team's matches as a calendar feed", {
      description:
        "Its league's season as iCalendar (RFC 5545): one event per match, two hours from kick-off, the " +
        'score once approved, SEQUENCE growing when moved, CANCELLED while postponed',
      parameters: [teamId],
      ok: calendar,
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/teams/{teamId}/players': {
    post: write('addPlayer', [T.teams, T.players], 'Add a player to the roster', {
      description: 'super_admin, or coach/owner of the team; the shirt number must be free in the team (409)',
      parameters: [teamId],
      body: jsonBody(
        obj(
          {
            name: text(100),
            position: positionEnum,
            position_general: {
              ...generalEnum,
              description: 'must agree with position (or Other); FWD is FW',
            },
            number: shirtNumber,
            photo_id: {
              type: 'string',
              nullable: true,
              maxLength: 200,
              pattern: '^(?:[\\w-][\\w.-]*)?$',
              description: 'a file name under /api/images/players/',
            },
            metrics: {
              type: 'object',
              maxProperties: 50,
              additionalProperties: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }, bool] },
            },
          },
          ['name', 'position', 'position_general', 'number'],
        ),
      ),
      ok: { '201': json(ref('RosterPlayer'), 'Added') },
      errors: { 403: staffOnly, 404: 'Unknown team', 409: 'The shirt number is taken' },
    }),
  },
  '/api/teams/{teamId}/players/{playerId}': {
    delete: write('removePlayer', [T.teams, T.players], 'Remove a player from the roster', {
      description:
        'super_admin, or coach/owner of the team; a player with match history leaves the roster but is kept',
      parameters: [teamId, path('playerId')],
      ok: {
        '200': json(answer({ detail: str, player_id: str, kept_for_history: bool }), 'Removed'),
      },
      errors: { 403: staffOnly, 404: 'Unknown team, or the player is not in it' },
    }),
  },
  '/api/teams/{teamId}/matches/{matchId}/roster': {
    put: write('saveSquad', [T.teams, T.matches], 'Save the match-day squad', {
      description:
        '7 to 18 players of the roster (staff of the team). 409 once the result is approved, or for a ' +
        'player of another team or suspended for the match',
      parameters: [teamId, matchId],
      body: jsonBody(obj({ players: { ...ids, description: 'player ids' } }, ['players'])),
      ok: { '200': json(answer({ match_id: int, team_id: str, players: ids }), 'Saved') },
      errors: {
        403: staffOnly,
        404: 'Unknown team, or the match is not one of its',
        409: 'The squad is locked, or a player may not play',
      },
    }),
  },

  // Matches -------------------------------------------------------------------------
  '/api/matches': {
    get: read('listMatches', [T.matches], 'Matches', {
      description: 'Oldest first; future=true gives upcoming matches, soonest first',
      parameters: [
        query('future', 'true: upcoming only; false: kicked off only', bool),
        query('team_id', 'only this team'),
        matchLimit,
      ],
      ok: json(arrayOf(ref('Match'))),
      errors: { ...std(400), 404: 'Unknown team_id' },
    }),
  },
  '/api/matches/{matchId}': {
    get: read('getMatch', [T.matches], 'One match', {
      description:
        'home_players/away_players are the saved squads, else the rosters; player_names names every player it lists',
      parameters: [matchId],
      ok: json(ref('MatchDetails')),
      errors: { ...std(400), 404: 'Unknown match' },
    }),
  },
  '/api/matches/between/{home}/{away}': {
    get: read('getHeadToHead', [T.matches], 'Approved results between two teams', {
      description: 'In either order, newest first',
      parameters: [path('home', 'a team id'), path('away', 'the other team id')],
      ok: json(arrayOf(ref('Match'))),
      errors: { ...std(400), 404: 'Unknown team' },
    }),
  },
  '/api/matches/{matchId}/schedule': {
    put: write('scheduleMatch', [T.matches], 'Move or postpone a match', {
      description: 'super_admin; 409 once it has a report. Both teams’ staff are notified',
      parameters: [matchId],
      body: jsonBody(
        obj(
          {
            date: {
              type: 'string',
              pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}:\\d{2})$',
              description: 'ISO 8601 instant with offset',
            },
            location: text(200, 0),
            status: { type: 'string', enum: [...MATCH_STATUSES] },
          },
          ['date', 'location', 'status'],
        ),
      ),
      ok: { '200': json(ref('Match'), 'The match as it is now') },
      errors: { 403: superAdminOnly, 404: 'Unknown match', 409: 'The match has a report' },
    }),
  },
  '/api/matches/{matchId}/report': {
    post: write('reportResult', [T.matches], "Report a played match's result", {
      description:
        'Staff of either team, or super_admin; it becomes PENDING whatever the body says. A team answering ' +
        "the opponent's pending report confirms it when both agree (approved at once) or is kept beside it " +
        'for review when they differ',
      parameters: [matchId],
      body: jsonBody(
        obj(
          {
            home_score: score,
            away_score: score,
            goalscorers: playerList,
            assisters: playerList,
            goalkeepers: playerList,
            yellow_cards: playerList,
            red_cards: playerList,
            approved: { description: 'ignored: the server decides' },
          },
          ['home_score', 'away_score'],
        ),
      ),
      ok: { '200': json(ref('ReportAnswer'), 'Reported: the match, and what the report did') },
      errors: {
        403: 'Not staff of either team',
        404: 'Unknown match',
        409: 'Not played yet, postponed, or no longer open to a report',
      },
    }),
  },
  '/api/matches/{matchId}/approve': {
    post: write('approveResult', [T.matches], 'Approve a pending result', {
      description: 'The other team, or super_admin; with two differing reports, the one named',
      parameters: [matchId],
      body: jsonBody(reviewChoice, false),
      ok: { '200': json(ref('Match'), 'Approved') },
      errors: {
        403: 'Not staff of the other team',
        404: 'Unknown match, or no report from the team named',
        409: 'Only a pending result can be approved',
      },
    }),
  },
  '/api/matches/{matchId}/reject': {
    post: write('rejectResult', [T.matches], 'Reject a pending result', {
      description:
        'The other team, or super_admin; with two differing reports, the one named (rejecting the first ' +
        'leaves the second pending)',
      parameters: [matchId],
      body: jsonBody(reviewChoice, false),
      ok: { '200': json(ref('Match'), 'Rejected') },
      errors: {
        403: 'Not staff of the other team',
        404: 'Unknown match, or no report from the team named',
        409: 'Only a pending result can be rejected',
      },
    }),
  },
  '/api/matches/{matchId}/reports': {
    get: read('getMatchReports', [T.matches], "The match's reports side by side", {
      description: 'With their differences (staff of either team, super_admin); no-store',
      auth: true,
      parameters: [matchId],
      ok: json(ref('MatchReports')),
      errors: { ...std(400), 403: 'Not staff of either team', 404: 'Unknown match' },
    }),
  },
  '/api/reports/overdue': {
    get: read('listOverdueResults', [T.matches], 'Results overdue', {
      description:
        "Played matches past their league's report deadline without a report or a review (super_admin); " +
        'the earliest kick-off first, then by id; no-store. With limit or cursor: one page and next_cursor',
      auth: true,
      parameters: [pageLimit, pageCursor],
      ok: json(ref('OverdueList')),
      errors: { ...std(400), 403: superAdminOnly },
    }),
  },

  // Players -------------------------------------------------------------------------
  '/api/player/{playerId}': {
    get: read('getPlayer', [T.players], 'Player profile', {
      description: 'With metrics per season, cards and any suspension. Also at /api/players/{playerId}',
      parameters: [path('playerId', 'player id or the linked account id')],
      ok: json(ref('PlayerProfile')),
      errors: { ...std(400), 404: 'Unknown player' },
    }),
  },
  '/api/player/update/{userId}': {
    put: write('updatePlayer', [T.players, T.teams], "Change a player's position or shirt number", {
      description: 'super_admin, or staff of the team; at least one field',
      parameters: [path('userId', 'player id or the linked account id')],
      body: jsonBody({
        ...obj({ position: positionEnum, position_general: generalEnum, number: shirtNumber }),
        minProperties: 1,
      }),
      ok: { '200': json(ref('RosterPlayer'), 'The player as they are now') },
      errors: {
        403: staffOnly,
        404: 'Unknown player',
        409: 'The player is not on a roster, or the shirt number is taken',
      },
    }),
  },
  '/api/coaches/{userId}': {
    get: read('getCoaches', [T.players], 'Coaches by account id', {
      description: 'Coaches matching the id (hyphens read as dots)',
      parameters: [path('userId', 'account id; hyphens stand for dots')],
      ok: json(arrayOf(ref('Coach'))),
      errors: { ...std(400), 404: 'Unknown coach' },
    }),
  },

  // Search, news and images -----------------------------------------------------------
  '/api/search': {
    get: read('search', [T.search], 'Search by name', {
      description:
        'Players, teams and leagues whose name contains the term; exact and prefix matches first; at most 20. ' +
        'A client gets 30 new searches per 10 seconds (429 with Retry-After past that)',
      parameters: [
        query('term', '2 to 100 characters', { type: 'string', minLength: 2, maxLength: 100 }, true),
      ],
      ok: json(answer({ results: arrayOf(ref('SearchResult')) })),
      errors: { ...std(400), 429: 'Too many new searches' },
    }),
  },
  '/api/mwpl_news': {
    get: read('listLeagueNews', [T.news], 'League news', {
      description: 'Newest first, at most 50',
      parameters: [query('league_id', 'only this league')],
      ok: json(arrayOf(ref('NewsItem'))),
      errors: std(400),
    }),
  },
  '/api/team_news': {
    get: read('getTeamNews', [T.news], "A team's news", {
      description:
        "Items of a team's RSS/Atom feed (or of the feed its page links to); cached 10 minutes. Errors are " +
        '{ detail: { message } }',
      parameters: [
        query('url', 'http(s) URL of the website or feed', { type: 'string', maxLength: 2048 }, true),
      ],
      ok: json(arrayOf(ref('NewsItem'))),
      errors: feedErrors,
    }),
  },
  '/api/team_video': {
    get: read('getTeamVideo', [T.news], "A team's latest video", {
      description:
        "Latest video of a team's YouTube channel; cached 10 minutes. Errors are { detail: { message } }",
      parameters: [
        query('channel_url', 'channel, handle or feed URL', { type: 'string', maxLength: 2048 }, true),
      ],
      ok: json(ref('Video')),
      errors: { ...feedErrors, 404: json(ref('FeedError'), 'No video found') },
    }),
  },
  '/api/images/{kind}/{file}': {
    get: read('getImage', [T.images], 'A team crest, player or coach photo', {
      description: 'default.jpg (or the bundled default) when missing; SVG answers carry a sandboxing CSP',
      parameters: [
        path('kind', 'the folder', { type: 'string', enum: ['teams', 'players', 'coaches'] }),
        path('file', 'file name (.svg, .png, .jpg, .jpeg, .webp or .gif)'),
      ],
      ok: media('image/*', 'The image', { type: 'string', format: 'binary' }),
      errors: { 400: 'Not a possible file name' },
    }),
  },

  // Notifications and Web Push ---------------------------------------------------------
  '/api/notifications': {
    get: read('listNotifications', [T.notifications], 'Your notifications', {
      description: "The signed-in user's notifications, newest first, and the unread count; no-store",
      auth: true,
      parameters: [
        query('limit', 'per page, 1 to 100 (default 20)', { type: 'integer', minimum: 1, maximum: 100 }),
        query('cursor', 'next_cursor of the page before', { type: 'integer', minimum: 1 }),
      ],
      ok: json(ref('NotificationPage')),
      errors: std(400),
    }),
  },
  '/api/notifications/{notificationId}/read': {
    post: write('markNotificationRead', [T.notifications], 'Mark one of your notifications read', {
      description: 'Someone else’s is 404, like one that does not exist',
      parameters: [
        path('notificationId', 'notification id', { type: 'integer', minimum: 1, maximum: 2147483647 }),
      ],
      ok: { '200': unread },
      errors: { 404: 'Unknown notification' },
    }),
  },
  '/api/notifications/read-all': {
    post: write('markAllNotificationsRead', [T.notifications], 'Mark all your notifications read', {
      ok: { '200': unread },
    }),
  },
  '/api/notifications/settings': {
    get: read('getNotificationSettings', [T.notifications], 'The notification kinds you muted', {
      auth: true,
      ok: json(ref('NotificationSettings')),
    }),
    put: write('updateNotificationSettings', [T.notifications], 'Mute notification kinds', {
      description: 'The list replaces the previous one',
      body: jsonBody(
        obj(
          {
            muted: {
              type: 'array',
              items: { type: 'string', enum: [...NOTIFICATION_KINDS] },
              maxItems: NOTIFICATION_KINDS.length * 2,
            },
          },
          ['muted'],
        ),
      ),
      ok: { '200': json(ref('NotificationSettings'), 'The muted kinds now') },
    }),
  },
  '/api/push/key': {
    get: read('getPushKey', [T.notifications], 'The Web Push public key', {
      description: 'The VAPID public key a browser subscribes with (applicationServerKey); no-store',
      ok: json(answer({ public_key: { type: 'string', description: 'base64url P-256 public key' } })),
      errors: { 404: 'Web Push is not configured' },
    }),
  },
  '/api/push/subscriptions': {
    post: write('subscribePush', [T.notifications], 'Subscribe this browser to Web Push', {
      description: 'The body is PushSubscription.toJSON(). An endpoint another user had moves to this one',
      body: jsonBody(
        obj(
          {
            endpoint: {
              type: 'string',
              format: 'uri',
              maxLength: 1000,
              description: 'https URL of the push service',
            },
            expirationTime: { type: 'number', nullable: true },
            keys: obj(
              {
                p256dh: {
                  type: 'string',
                  maxLength: 200,
                  description: "the browser's P-256 public key, base64url",
                },
                auth: { type: 'string', maxLength: 200, description: 'the 16-byte auth secret, base64url' },
              },
              ['p256dh', 'auth'],
            ),
          },
          ['endpoint', 'keys'],
        ),
      ),
      ok: { '201': json(answer({ endpoint: str }), 'Subscribed') },
    }),
    delete: write('unsubscribePush', [T.notifications], 'Unsubscribe a browser', {
      description: "Only the caller's own subscription is removed; an unknown endpoint answers 204 too",
      body: jsonBody(obj({ endpoint: text(1000) }, ['endpoint'])),
      ok: { '204': { description: 'Unsubscribed' } },
    }),
  },

  // Admin tables ---------------------------------------------------------------------
  '/api/tables': {
    get: read('listAdminTables', [T.admin], 'Tables the editor may show', {
      description: 'super_admin; no-store',
      auth: true,
      ok: json(answer({ tables: ids })),
      errors: { 403: superAdminOnly },
    }),
  },
  '/api/tables/{table}/schema': {
    get: read('getAdminTableSchema', [T.admin], "A table's columns and primary key", {
      description: 'super_admin; no-store',
      auth: true,
      parameters: [table],
      ok: json(
        answer({
          table: str,
          read_only: bool,
          columns: arrayOf(
            answer({ name: str, type: str, nullable: bool, primary_key: bool, has_default: bool }),
          ),
          primary_key: answer({ constrained_columns: ids }),
        }),
      ),
      errors: { 403: superAdminOnly, 404: 'Unknown table' },
    }),
  },
  '/api/tables/{table}/relations': {
    get: read('getAdminTableRelations', [T.admin], "A table's foreign keys", {
      description: 'super_admin; no-store',
      auth: true,
      parameters: [table],
      ok: json(arrayOf(answer({ column_name: str, foreign_table: str, foreign_column: str }))),
      errors: { 403: superAdminOnly, 404: 'Unknown table' },
    }),
  },
  '/api/tables/{table}/data': {
    get: read('getAdminTableData', [T.admin], 'A page of rows', {
      description: 'super_admin; 25 rows a page, pages from 1, in key order; no-store',
      auth: true,
      parameters: [table, query('page', 'page number', { type: 'integer', minimum: 1, maximum: 1000000 })],
      ok: json(
        answer({
          columns: ids,
          rows: arrayOf(row),
          page: int,
          page_size: int,
          total_pages: int,
          total_rows: int,
        }),
      ),
      errors: { ...std(400), 403: superAdminOnly, 404: 'Unknown table' },
    }),
  },
  '/api/tables/{table}/rows': {
    post: write('insertAdminRow', [T.admin], 'Insert a row', {
      description: 'super_admin; an empty field leaves a column with a default to it',
      parameters: [table],
      body: jsonBody({ type: 'object', description: 'column values' }),
      ok: { '201': json(row, 'The row as stored') },
      errors: {
        403: 'Not a super admin, or the table is read-only',
        404: 'Unknown table',
        409: 'A constraint refused the row; the detail says which',
      },
    }),
  },
  '/api/tables/{table}/rows/{id}': {
    put: write('updateAdminRow', [T.admin], 'Update a row', {
      description:
        "super_admin: every field but the key. Changing a user's role or team ends their sessions; your own " +
        'user_type cannot be changed (409)',
      parameters: [table, rowId],
      body: jsonBody({ type: 'object', description: 'column values' }),
      ok: { '200': json(row, 'The row as stored') },
      errors: {
        403: 'Not a super admin, or the table is read-only',
        404: 'Unknown table or row',
        409: 'A constraint refused the change, or it is your own user_type',
      },
    }),
    delete: write('deleteAdminRow', [T.admin], 'Delete a row', {
      description: 'super_admin; your own account cannot be deleted (409)',
      parameters: [table, rowId],
      ok: { '200': detail('Deleted') },
      errors: {
        403: 'Not a super admin, or the table is read-only',
        404: 'Unknown table or row',
        409: 'A constraint refused it, or it is your own account',
      },
    }),
  },
};

/** Schemas written here rather than in api/schemas.ts: no handler types its answer with them. */
const LOCAL_SCHEMAS: Record<string, Schema> = {
  User: answer({
    id: str,
    name: str,
    email: str,
    user_type: { type: 'string', enum: [...USER_TYPES] },
    team_id: nullableStr,
  }),
  Session: answer({
    access_token: { type: 'string', description: 'send as Authorization: Bearer <token>; lasts 15 minutes' },
    token_type: { type: 'string', enum: ['bearer'] },
    user: ref('User'),
  }),
};

/**
 * zod writes integers with the safe-integer bounds and a nullable $ref as
 * `{ nullable, allOf: [$ref] }`; OpenAPI 3.0 wants a type beside nullable.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) out[key] = tidy(value);
  if (out.type === 'integer') {
    if (out.minimum === Number.MIN_SAFE_INTEGER) delete out.minimum;
    if (out.maximum === Number.MAX_SAFE_INTEGER) delete out.maximum;
  }
  if (out.nullable === true && out.type === undefined && Array.isArray(out.allOf)) out.type = 'object';
  return out;
}

export function openApiDocument() {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'openapi-3.0',
    uri: (id) => `#/components/schemas/${id}`,
  });
  for (const schema of Object.values(schemas)) delete (schema as { $id?: string }).$id;
  return {
    openapi: '3.0.3',
    info: {
      title: 'Touchline API',
      version: '1.0.0',
      description:
        'The API of Touchline, the app of amateur football leagues. Public reads need no token; writes ' +
        'and personal reads need `Authorization: Bearer <token>` (from `POST /api/auth/login`), and ' +
        'writes may send an `Idempotency-Key`. Every read has an `ETag` and answers 304 to a matching ' +
        '`If-None-Match`. Errors are JSON `{ "detail": "…" }` (news and video feeds: ' +
        '`{ "detail": { "message": "…" } }`). Only approved (`TRUE`) results count in tables, ' +
        'leaderboards and player metrics.',
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: TAGS,
    paths,
    components: {
      schemas: tidy({ ...schemas, ...LOCAL_SCHEMAS }) as Record<string, Schema>,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'the access_token of POST /api/auth/login, /register or /refresh-token',
        },
      },
      headers: {
        ETag: {
          description: 'weak validator of the answer: send it back as If-None-Match to get a 304',
          schema: str,
        },
        CacheControl: { description: 'no-cache (revalidate), public max-age, or no-store', schema: str },
        RetryAfter: { description: 'seconds to wait', schema: int },
      },
    },
  };
}
