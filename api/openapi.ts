/**
 * The OpenAPI 3.0 document of the read API, served at /api/openapi.json.
 * Component schemas are generated from the zod schemas the handlers and tests use.
 */
import { z } from 'zod';
import './schemas'; // registers the component schemas (meta ids) in zod's global registry

type Param = { name: string; in: 'path' | 'query' | 'header'; description?: string; schema?: object };
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const arrayOf = (id: string) => ({ type: 'array', items: ref(id) });
const json = (schema: object, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
const path = (name: string, description?: string): Param => ({
  name,
  in: 'path',
  ...(description && { description }),
  schema: { type: 'string' },
});
const query = (name: string, description: string, schema: object = { type: 'string' }): Param => ({
  name,
  in: 'query',
  description,
  schema,
});
const season = query('season', 'four-digit year; defaults to the league season (or the team latest season)', {
  type: 'string',
  pattern: '^\\d{4}$',
});
const errors = {
  '304': { description: 'Not modified (If-None-Match matched the ETag)' },
  '400': json(ref('Error'), 'Invalid parameter; the detail names it'),
  '404': json(ref('Error'), 'Unknown id'),
};
/** Feed errors carry { detail: { message } }, which the client shows as is. */
const feedErrors = {
  '400': json(
    ref('FeedError'),
    'Missing or refused URL (private, loopback and link-local targets are refused)',
  ),
  '404': json(ref('FeedError'), 'No video found'),
  '502': json(ref('FeedError'), 'The feed answered badly, too much, or not at all'),
  '504': json(ref('FeedError'), 'The feed did not answer within 5 s'),
};
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
const leagueId = path('leagueId', 'league id; a colon prefix ("region:mwpl-26") is ignored');
const teamId = path('teamId', 'dotted team id, e.g. riverside.rovers');

function get(summary: string, parameters: Param[], ok: object, extra: Record<string, object> = {}) {
  return { get: { summary, parameters, responses: { '200': ok, ...errors, ...extra } } };
}

const bearer = [{ bearer: [] }];
const writeErrors = {
  '400': json(ref('Error'), 'Invalid body or parameter; the detail names the field'),
  '401': json(ref('Error'), 'No authentication token found, or an invalid or expired token'),
  '403': json(ref('Error'), 'Wrong role, or another team'),
  '404': json(ref('Error'), 'Unknown id'),
  '409': json(ref('Error'), 'Conflicts with the current state; the detail says why'),
  '413': json(ref('Error'), 'Body over 256 KiB'),
  '422': json(ref('Error'), 'Idempotency-Key reused with a different request'),
};
const idempotencyKey: Param = {
  name: 'Idempotency-Key',
  in: 'header',
  description: 'a repeat with the same key answers the first response and changes nothing',
  schema: { type: 'string', maxLength: 200 },
};

function write(
  method: 'post' | 'put' | 'delete',
  summary: string,
  parameters: Param[],
  body: object | null,
  ok: Record<string, object> = { '200': { description: 'Done' } },
) {
  return {
    [method]: {
      summary,
      security: bearer,
      parameters: [...parameters, idempotencyKey],
      ...(body && { requestBody: { required: true, content: { 'application/json': { schema: body } } } }),
      responses: { ...ok, ...writeErrors },
    },
  };
}
const obj = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
/** A write whose JSON body may be left out. */
function withOptionalBody(operation: Record<string, object>, body: object) {
  const [method, spec] = Object.entries(operation)[0] as [string, object];
  return {
    [method]: {
      ...spec,
      requestBody: { required: false, content: { 'application/json': { schema: body } } },
    },
  };
}
const reviewChoice = obj({
  team_id: {
    type: 'string',
    description: "whose report to decide on when two differ (default: the first report's team)",
  },
});
const str = { type: 'string' };
const int = { type: 'integer' };
const ids = { type: 'array', items: str };
const playerBody = obj(
  {
    name: str,
    position: { type: 'string', enum: ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Coach'] },
    position_general: { type: 'string', enum: ['GK', 'DEF', 'MID', 'FW', 'FWD', 'COACH', 'Other'] },
    number: { type: 'integer', minimum: 0, maximum: 99 },
    photo_id: str,
    metrics: { type: 'object' },
  },
  ['name', 'position', 'position_general', 'number'],
);
const table = path('table', 'a table of GET /api/tables');
/** An iCalendar feed (issue #21): folded CRLF lines, times in UTC, an ETag like every read. */
const calendar = {
  description: 'The calendar (Content-Type: text/calendar; charset=utf-8)',
  content: { 'text/calendar': { schema: { type: 'string' } } },
};
const session = json(obj({ access_token: str, token_type: str, user: { type: 'object' } }));
/** Spreadsheets (issue #21): CSV downloads with an ETag like every read, and two imports. */
const csvFile = (what: string) => ({
  description:
    `${what}: RFC 4180, UTF-8 with a BOM, a header row, CRLF line ends; text cells starting with = + - @ ` +
    "tab or CR get a leading ' (numbers never do). Content-Type: text/csv; charset=utf-8, " +
    'Content-Disposition: attachment',
  content: { 'text/csv': { schema: { type: 'string' } } },
});
const importError = obj(
  {
    line: { type: 'integer', description: 'line of the file, 1 being the header' },
    column: { type: 'string', nullable: true, description: 'null: the whole line or file' },
    message: str,
  },
  ['line', 'column', 'message'],
);
function importAnswer(item: string, itemSchema: object, columns: string[]) {
  return obj(
    {
      dry_run: { type: 'boolean' },
      rows: {
        type: 'array',
        items: obj(
          {
            line: int,
            outcome: { type: 'string', enum: ['create', 'error'] },
            [item]: {
              ...itemSchema,
              description: 'outcome create: what is (or would be) written; id null in a dry run',
            },
            values: obj(Object.fromEntries(columns.map((column) => [column, str]))),
          },
          ['line', 'outcome'],
        ),
      },
      errors: { type: 'array', items: importError },
      ignored_columns: { ...ids, description: 'header names that are not columns of the import' },
      created: { type: 'integer', description: 'rows written: 0 in a dry run' },
    },
    ['dry_run', 'rows', 'errors', 'ignored_columns', 'created'],
  );
}
function csvImport(summary: string, parameters: Param[], answer: { properties: object }) {
  return {
    post: {
      summary,
      security: bearer,
      parameters: [
        ...parameters,
        query('dry_run', 'true: check every row and write nothing (200)', { type: 'boolean' }),
        idempotencyKey,
      ],
      requestBody: {
        required: true,
        description: 'the CSV file, at most 1 MB, UTF-8 (a BOM is fine), CRLF or LF line ends',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      responses: {
        '200': json(answer, "The dry run: every row's outcome and every problem; nothing written"),
        '201': json(answer, 'Every row written, in one transaction'),
        ...writeErrors,
        '400': json(
          obj({ ...answer.properties, detail: str }, ['detail']),
          'Nothing written. A row with errors: the whole answer with every problem by line and column; ' +
            'malformed quoting or a bad header: { detail, errors } naming the line; not UTF-8, or not text/csv: { detail }',
        ),
        '413': json(ref('Error'), 'File over 1 MB'),
      },
    },
  };
}
const fixtureColumns = ['date', 'home_team', 'away_team', 'location'];
const rosterColumns = ['name', 'number', 'position', 'position_general'];

const paths = {
  '/api/health': get('Liveness and database check', [], json({ type: 'object' })),
  '/api/leagues': get(
    'Leagues, newest season first, then by name (Cache-Control: public, max-age=300). ' +
      'With limit or cursor: one page and next_cursor',
    [query('season', 'only this season', { type: 'string', pattern: '^\\d{4}$' }), pageLimit, pageCursor],
    json(ref('LeagueList')),
  ),
  '/api/leagues/{leagueId}': get('One league', [leagueId], json(ref('League'))),
  '/api/leagues/{leagueId}/table': get(
    "League table from approved results, ordered by the league's rules (tie-breakers; teams level on all of them " +
      'share a position) with points deductions taken off',
    [leagueId, season],
    json(ref('LeagueTable')),
  ),
  '/api/leagues/{leagueId}/matches': get(
    "A league season's matches, oldest first",
    [leagueId, season],
    json({ type: 'object', properties: { matches: arrayOf('Match') } }),
  ),
  '/api/leagues/{leagueId}/stats': get(
    'League leaderboards (goal 2 points, assist 1)',
    [leagueId, season],
    json(ref('LeagueStats')),
  ),
  '/api/leagues#write': write(
    'post',
    'Create a league season (super_admin); 409 when the id exists. A "-YY" id suffix must be the season',
    [],
    obj(
      {
        league_id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$', maxLength: 64 },
        league_name: str,
        season: { type: 'string', pattern: '^\\d{4}$' },
        status: { type: 'string', enum: ['active', 'upcoming', 'completed'] },
        location: str,
      },
      ['league_id', 'league_name', 'season', 'status', 'location'],
    ),
    { '201': json(ref('League')) },
  ),
  '/api/leagues/{leagueId}#write': write(
    'put',
    "Edit a league's name, status and location (super_admin)",
    [leagueId],
    obj(
      {
        league_name: str,
        status: { type: 'string', enum: ['active', 'upcoming', 'completed'] },
        location: str,
      },
      ['league_name', 'status', 'location'],
    ),
    { '200': json(ref('League')) },
  ),
  '/api/leagues/{leagueId}/rules': get(
    "The league's rules: points per result, tie-breakers in order, report deadline, suspension thresholds " +
      '(the defaults until a super admin changes them)',
    [leagueId],
    json(ref('LeagueRules')),
  ),
  '/api/leagues/{leagueId}/rules#write': write(
    'put',
    "Replace the league's rules (super_admin); an unknown tie-breaker is refused with 400 naming it",
    [leagueId],
    ref('LeagueRules'),
    { '200': json(ref('LeagueRules')) },
  ),
  '/api/leagues/{leagueId}/deductions': get(
    'Points deductions with their reasons, oldest first',
    [leagueId],
    json({
      type: 'object',
      properties: { deductions: arrayOf('Deduction') },
    }),
  ),
  '/api/leagues/{leagueId}/deductions#write': write(
    'post',
    'Deduct points from a team of the league, with a reason (super_admin)',
    [leagueId],
    obj({ team_id: str, points: { type: 'integer', minimum: 1, maximum: 100 }, reason: str }, [
      'team_id',
      'points',
      'reason',
    ]),
    { '201': json(ref('Deduction')) },
  ),
  '/api/leagues/{leagueId}/deductions/{id}': write(
    'delete',
    'Remove a deduction (super_admin)',
    [leagueId, path('id')],
    null,
  ),
  '/api/leagues/{leagueId}/teams': write(
    'post',
    'Register a team for the league (super_admin). A team plays in one league at a time: 409 while it is ' +
      'registered for another league that is not completed',
    [leagueId],
    obj({ team_id: str }, ['team_id']),
    { '201': json(ref('Team')) },
  ),
  '/api/leagues/{leagueId}/teams/{teamId}': write(
    'delete',
    'Remove a team from the league (super_admin); 409 while it has matches in it',
    [leagueId, teamId],
    null,
    { '200': json(ref('Team')) },
  ),
  '/api/leagues/{leagueId}/fixtures': write(
    'post',
    "Generate the season's fixtures (super_admin): a round robin by the circle method over the registered teams, " +
      'every pair meeting `rounds` times, home and away alternating, at the home team ground. dry_run previews ' +
      'and writes nothing (200); otherwise all matches are created in one transaction (201). 409 when the season ' +
      'has matches, unless replace_unplayed, which replaces only those without a report',
    [leagueId],
    obj(
      {
        start_date: { type: 'string', format: 'date', description: 'the first match day, YYYY-MM-DD' },
        kickoff_time: { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'HH:MM in time_zone' },
        interval_days: { type: 'integer', minimum: 1, maximum: 60 },
        rounds: { type: 'integer', enum: [1, 2] },
        dry_run: { type: 'boolean' },
        replace_unplayed: { type: 'boolean' },
        time_zone: {
          type: 'string',
          description: 'IANA time zone of start_date and kickoff_time; UTC if omitted',
        },
      },
      ['start_date', 'kickoff_time', 'interval_days', 'rounds', 'dry_run'],
    ),
    {
      '200': json(ref('FixturePlan'), 'The preview (dry_run)'),
      '201': json(ref('FixturePlan'), 'Created'),
    },
  ),
  '/api/matches/{matchId}/schedule': write(
    'put',
    'Move or postpone a match (super_admin); 409 once it has a report',
    [path('matchId')],
    obj(
      {
        date: { type: 'string', description: 'ISO 8601 instant with offset' },
        location: str,
        status: { type: 'string', enum: ['scheduled', 'postponed'] },
      },
      ['date', 'location', 'status'],
    ),
    { '200': json(ref('Match')) },
  ),
  '/api/leagues/{leagueId}/discipline': get(
    "A league season's yellow and red cards per player (approved results), reds first, then yellows",
    [leagueId, season],
    json(ref('DisciplineTable')),
  ),
  '/api/teams': get(
    'Teams by name, then id; all of them unless filtered. With limit or cursor: one page and next_cursor',
    [
      query('league_id', 'only the teams of this league; a colon prefix ("region:mwpl-26") is ignored'),
      query('season', 'only the teams of a league of this season', { type: 'string', pattern: '^\\d{4}$' }),
      pageLimit,
      pageCursor,
    ],
    json(ref('TeamList')),
  ),
  '/api/teams/{teamId}': get('One team', [teamId], json(ref('Team'))),
  '/api/teams/{teamId}/roster': get(
    'Players (GK, DEF, MID, FW, others; then shirt number) and coaches',
    [teamId],
    json({ type: 'object', properties: { players: arrayOf('RosterPlayer'), coaches: arrayOf('Coach') } }),
  ),
  '/api/teams/{teamId}/roster.csv': get(
    'The players as a spreadsheet: name, number, position, position_general (what the import reads) and player_id',
    [teamId],
    csvFile('The roster'),
  ),
  '/api/teams/{teamId}/roster.csv#write': csvImport(
    'Import players into the team (super_admin, or coach/owner of the team): columns name, number, position and ' +
      'optionally position_general (empty: follows the position), in any order, other columns ignored. The rules of ' +
      'POST /api/teams/{teamId}/players; each shirt number free in the team and once in the file',
    [teamId],
    importAnswer(
      'player',
      obj({
        id: { type: 'string', nullable: true },
        name: str,
        number: int,
        position: str,
        position_general: str,
      }),
      rosterColumns,
    ),
  ),
  '/api/leagues/{leagueId}/table.csv': get(
    'The league table as a spreadsheet, ordered as GET …/table',
    [leagueId, season],
    csvFile('The table'),
  ),
  '/api/leagues/{leagueId}/matches.csv': get(
    "A league season's matches as a spreadsheet, oldest first: date, home_team, away_team, location (what the " +
      'import reads), then match_id, the team names, status, the scores and result (approved, pending, rejected or empty)',
    [leagueId, season],
    csvFile('The matches'),
  ),
  '/api/leagues/{leagueId}/matches.csv#write': csvImport(
    "Import fixtures into the league's season (super_admin): columns date (ISO 8601 date and time with Z or an " +
      'offset), home_team and away_team (registered teams, by id or exact name) and optionally location (empty: the ' +
      'home ground), in any order, other columns ignored. A team plays one match at a kick-off',
    [leagueId],
    importAnswer(
      'match',
      obj({
        id: { type: 'integer', nullable: true },
        date: str,
        home_team: str,
        home_team_name: str,
        away_team: str,
        away_team_name: str,
        location: str,
      }),
      fixtureColumns,
    ),
  ),
  '/api/leagues/{leagueId}/stats.csv': get(
    'One league leaderboard as a spreadsheet: player_id, name, team, position and the count',
    [
      leagueId,
      season,
      query('kind', 'required: scorers, assists, clean_sheets or points', {
        type: 'string',
        enum: ['scorers', 'assists', 'clean_sheets', 'points'],
      }),
    ],
    csvFile('The leaderboard'),
  ),
  '/api/teams/{teamId}/suspensions': get(
    "Bans still to serve in the team's league season (cards of approved results, by the league's rules)",
    [teamId],
    json(ref('SuspensionList')),
  ),
  '/api/teams/{teamId}/stats': get('Team leaderboards', [teamId, season], json(ref('TeamStats'))),
  '/api/teams/{teamId}/seasons': get(
    'Seasons in which the team has matches, newest first',
    [teamId],
    json({ type: 'object', properties: { seasons: { type: 'array', items: { type: 'string' } } } }),
  ),
  '/api/teams/{teamId}/matches': get(
    "A team's matches",
    [
      teamId,
      season,
      query('approved', 'PENDING, TRUE, FALSE or empty (case-insensitive)'),
      query('past', 'true: kicked off and approved (the latest result); false: not yet played'),
      query('limit', 'positive whole number, at most 1000', { type: 'integer', minimum: 1, maximum: 1000 }),
      query('sort', 'asc (default) or desc by date'),
    ],
    json({ type: 'object', properties: { matches: arrayOf('Match') } }),
  ),
  '/api/teams/{teamId}/calendar.ics': get(
    "The team's matches of its league's season as an iCalendar feed (RFC 5545): one event per match, " +
      'two hours from kick-off, the score once approved, SEQUENCE growing when moved, CANCELLED while postponed',
    [teamId],
    calendar,
  ),
  '/api/leagues/{leagueId}/calendar.ics': get(
    "The league's matches of its current season as an iCalendar feed (RFC 5545), as the team feed",
    [leagueId],
    calendar,
  ),
  '/api/matches': get(
    'Matches; future=true gives upcoming matches, soonest first',
    [
      query('future', 'true: upcoming only; false: kicked off only'),
      query('team_id', 'only this team'),
      query('limit', 'positive whole number, at most 1000', { type: 'integer', minimum: 1, maximum: 1000 }),
    ],
    json(arrayOf('Match')),
  ),
  '/api/matches/{matchId}': get(
    'One match; home_players/away_players are the saved squads, else the rosters; player_names names every player it lists',
    [path('matchId')],
    json(ref('MatchDetails')),
  ),
  '/api/matches/between/{home}/{away}': get(
    'Approved results between two teams in either order, newest first',
    [path('home'), path('away')],
    json(arrayOf('Match')),
  ),
  '/api/player/{playerId}': get(
    'Player profile with metrics per season (alias: /api/players/{playerId})',
    [path('playerId', 'player id or the linked account id')],
    json(ref('PlayerProfile')),
  ),
  '/api/coaches/{userId}': get(
    'Coaches matching the id (hyphens read as dots)',
    [path('userId')],
    json(arrayOf('Coach')),
  ),
  '/api/search': get(
    'Players, teams and leagues whose name contains the term; exact and prefix matches first; at most 20',
    [query('term', 'at least 2 characters')],
    json({ type: 'object', properties: { results: arrayOf('SearchResult') } }),
  ),
  '/api/mwpl_news': get(
    'League news, newest first',
    [query('league_id', 'only this league')],
    json(arrayOf('NewsItem')),
  ),
  '/api/team_news': get(
    "Items of a team's RSS/Atom feed (or of the feed its page links to); cached 10 minutes",
    [query('url', 'http(s) URL of the website or feed')],
    json(arrayOf('NewsItem')),
    feedErrors,
  ),
  '/api/team_video': get(
    "Latest video of a team's YouTube channel; cached 10 minutes",
    [query('channel_url', 'channel, handle or feed URL')],
    json(ref('Video')),
    feedErrors,
  ),
  '/api/images/{kind}/{file}': get(
    'Team, player or coach image (kind: teams, players, coaches); default.jpg when missing',
    [path('kind'), path('file')],
    { description: 'The image', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
  ),
  '/api/auth/login': {
    post: {
      summary:
        'Sign in; 10 attempts per 15 minutes per client address and per account (429 with Retry-After)',
      requestBody: {
        content: {
          'application/json': { schema: obj({ email: str, password: str }, ['email', 'password']) },
        },
      },
      responses: {
        '200': session,
        '400': json(ref('Error')),
        '401': json(ref('Error')),
        '429': json(ref('Error')),
      },
    },
  },
  '/api/auth/register': {
    post: {
      summary: 'Create a fan account (no staff rights) and sign in',
      requestBody: {
        content: {
          'application/json': {
            schema: obj({ name: str, email: str, password: str }, ['name', 'email', 'password']),
          },
        },
      },
      responses: { '201': session, '400': json(ref('Error')), '409': json(ref('Error')) },
    },
  },
  '/api/auth/refresh-token': {
    post: {
      summary: 'Exchange an access token (even expired, up to 30 days old) of a live session for a new one',
      requestBody: { content: { 'application/json': { schema: obj({ token: str }, ['token']) } } },
      responses: { '200': session, '401': json(ref('Error')) },
    },
  },
  '/api/auth/logout': {
    post: {
      summary: 'End the session',
      security: bearer,
      responses: { '200': { description: 'Signed out' } },
    },
  },
  '/api/auth/change-password': {
    post: {
      summary:
        "Change the signed-in user's password; ends every other session (this one stays). " +
        'Checks of the current password count against the per-account sign-in limit (429 with Retry-After)',
      security: bearer,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: obj(
              { current_password: str, new_password: { type: 'string', minLength: 8, maxLength: 128 } },
              ['current_password', 'new_password'],
            ),
          },
        },
      },
      responses: {
        '200': json(obj({ detail: str }, ['detail']), 'Password changed'),
        '400': json(ref('Error'), 'Invalid body, or the new password equals the current one'),
        '401': json(ref('Error'), 'No authentication token found, or an invalid or expired token'),
        '403': json(ref('Error'), 'Current password is incorrect'),
        '409': json(ref('Error'), 'The password was changed meanwhile'),
        '429': json(ref('Error')),
      },
    },
  },
  '/api/auth/logout-all': {
    post: {
      summary: 'End every session of the signed-in user, this one included',
      security: bearer,
      responses: {
        '200': json(obj({ detail: str }, ['detail']), 'Signed out of all devices'),
        '401': json(ref('Error'), 'No authentication token found, or an invalid or expired token'),
      },
    },
  },
  '/api/auth/me': {
    get: {
      summary: 'The signed-in user',
      security: bearer,
      responses: { '200': json(obj({ user: { type: 'object' } })) },
    },
  },
  '/api/teams#write': write(
    'post',
    'Create a team (super_admin)',
    [],
    obj({ name: str, location: str, description: str, league_id: str }, ['name', 'location']),
    {
      '201': json(ref('Team')),
    },
  ),
  '/api/teams/{teamId}#write': write('delete', 'Delete a team without matches (super_admin)', [teamId], null),
  '/api/teams/{teamId}/players': write(
    'post',
    'Add a player (super_admin, or coach/owner of the team)',
    [teamId],
    playerBody,
    {
      '201': json(ref('RosterPlayer')),
    },
  ),
  '/api/teams/{teamId}/players/{playerId}': write(
    'delete',
    'Remove a player; one with match history leaves the roster but is kept',
    [teamId, path('playerId')],
    null,
  ),
  '/api/player/update/{userId}': write(
    'put',
    'Change position, position_general or shirt number (super_admin, or staff of the team)',
    [path('userId')],
    obj({ position: str, position_general: str, number: int }),
    { '200': json(ref('RosterPlayer')) },
  ),
  '/api/teams/{teamId}/matches/{matchId}/roster': write(
    'put',
    'Save the match-day squad: 7 to 18 players of the roster (staff of the team)',
    [teamId, path('matchId')],
    obj({ players: ids }, ['players']),
  ),
  '/api/matches/{matchId}/report': write(
    'post',
    "Report a played match's result (staff of either team); it becomes PENDING whatever the body says. " +
      "A team answering the opponent's pending report confirms it when both agree (approved at once) " +
      'or is kept beside it for review when they differ',
    [path('matchId')],
    obj(
      {
        home_score: int,
        away_score: int,
        goalscorers: ids,
        assisters: ids,
        goalkeepers: ids,
        yellow_cards: ids,
        red_cards: ids,
        approved: str,
      },
      ['home_score', 'away_score'],
    ),
    { '200': json(ref('ReportAnswer')) },
  ),
  '/api/matches/{matchId}/approve': withOptionalBody(
    write(
      'post',
      'Approve a pending result (the other team, or super_admin); with two differing reports, the one named',
      [path('matchId')],
      null,
      {
        '200': json(ref('Match')),
      },
    ),
    reviewChoice,
  ),
  '/api/matches/{matchId}/reject': withOptionalBody(
    write(
      'post',
      'Reject a pending result (the other team, or super_admin); with two differing reports, the one named ' +
        '(rejecting the first leaves the second pending)',
      [path('matchId')],
      null,
      {
        '200': json(ref('Match')),
      },
    ),
    reviewChoice,
  ),
  '/api/matches/{matchId}/reports': {
    get: {
      summary: "The match's reports side by side with their differences (staff of either team, super_admin)",
      security: bearer,
      parameters: [path('matchId')],
      responses: { '200': json(ref('MatchReports')), ...writeErrors },
    },
  },
  '/api/reports/overdue': {
    get: {
      summary:
        "Played matches past their league's report deadline without a report or a review (super_admin)",
      security: bearer,
      responses: { '200': json(ref('OverdueList')), ...writeErrors },
    },
  },
  '/api/notifications': {
    get: {
      summary: "The signed-in user's notifications, newest first, and the unread count",
      security: bearer,
      parameters: [
        query('limit', 'per page, 1 to 100 (default 20)', { type: 'integer', minimum: 1, maximum: 100 }),
        query('cursor', 'next_cursor of the page before'),
      ],
      responses: { '200': json(ref('NotificationPage')), ...writeErrors },
    },
  },
  '/api/notifications/{notificationId}/read': write(
    'post',
    'Mark one of your notifications read (someone else’s is 404)',
    [path('notificationId')],
    null,
    { '200': json(obj({ unread: int })) },
  ),
  '/api/notifications/read-all': write('post', 'Mark all your notifications read', [], null, {
    '200': json(obj({ unread: int })),
  }),
  '/api/notifications/settings': {
    get: {
      summary: 'The notification kinds you muted',
      security: bearer,
      responses: { '200': json(ref('NotificationSettings')), ...writeErrors },
    },
    ...write(
      'put',
      'Mute notification kinds (the list replaces the previous one)',
      [],
      ref('NotificationSettings'),
      {
        '200': json(ref('NotificationSettings')),
      },
    ),
  },
  '/api/push/key': {
    get: {
      summary: 'The VAPID public key a browser subscribes to Web Push with (applicationServerKey); no-store',
      responses: {
        '200': json(
          obj({ public_key: { type: 'string', description: 'base64url P-256 public key' } }, ['public_key']),
        ),
        '404': json(ref('Error'), 'Web Push is not configured'),
      },
    },
  },
  '/api/push/subscriptions': {
    ...write(
      'post',
      "Subscribe this browser to the signed-in user's notifications: the body is PushSubscription.toJSON(). " +
        'An endpoint another user had moves to this one',
      [],
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
              p256dh: { type: 'string', description: "the browser's P-256 public key, base64url" },
              auth: { type: 'string', description: 'the 16-byte auth secret, base64url' },
            },
            ['p256dh', 'auth'],
          ),
        },
        ['endpoint', 'keys'],
      ),
      { '201': json(obj({ endpoint: str }, ['endpoint']), 'Subscribed') },
    ),
    ...write(
      'delete',
      "Unsubscribe a browser: only the caller's own subscription is removed; an unknown endpoint answers 204 too",
      [],
      obj({ endpoint: str }, ['endpoint']),
      { '204': { description: 'Unsubscribed' } },
    ),
  },
  '/api/tables': {
    get: {
      summary: 'Tables the editor may show (super_admin)',
      security: bearer,
      responses: { '200': json(obj({ tables: ids })) },
    },
  },
  '/api/tables/{table}/schema': {
    get: {
      summary: 'Columns and primary key',
      security: bearer,
      parameters: [table],
      responses: { '200': json({ type: 'object' }) },
    },
  },
  '/api/tables/{table}/relations': {
    get: {
      summary: 'Foreign keys',
      security: bearer,
      parameters: [table],
      responses: { '200': json({ type: 'array' }) },
    },
  },
  '/api/tables/{table}/data': {
    get: {
      summary: '25 rows a page, pages from 1',
      security: bearer,
      parameters: [table, query('page', 'page number', { type: 'integer', minimum: 1 })],
      responses: { '200': json(obj({ columns: ids, rows: { type: 'array' }, total_pages: int })) },
    },
  },
  '/api/tables/{table}/rows': write(
    'post',
    'Insert a row (super_admin)',
    [table],
    { type: 'object' },
    { '201': json({ type: 'object' }) },
  ),
  '/api/tables/{table}/rows/{id}': {
    ...write('put', 'Update a row: every field but the key (super_admin)', [table, path('id')], {
      type: 'object',
    }),
    ...write('delete', 'Delete a row (super_admin)', [table, path('id')], null),
  },
};

/** Paths written twice (reads and writes of one URL) are keyed "path#write" above; merge them. */
function mergeWritePaths(all: Record<string, object>): Record<string, object> {
  const merged: Record<string, object> = {};
  for (const [key, operations] of Object.entries(all)) {
    const url = key.replace(/#write$/, '');
    merged[url] = { ...merged[url], ...operations };
  }
  return merged;
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
        'Reads are anonymous. Every JSON read has an ETag and answers 304 to a matching If-None-Match. ' +
        'Errors are JSON { "detail": "…" } (feeds: { "detail": { "message": "…" } }). ' +
        'Only approved (TRUE) results count in tables, leaderboards and player metrics.',
    },
    paths: mergeWritePaths(paths),
    components: {
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
