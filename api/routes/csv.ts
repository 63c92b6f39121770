/**
 * Spreadsheets (issue #21). Downloads, anonymous like every public read, with an ETag:
 *   GET /api/leagues/{leagueId}/table.csv, /matches.csv, /stats.csv?kind=…  (?season= as the JSON reads)
 *   GET /api/teams/{teamId}/roster.csv
 * Imports, a text/csv body of at most 1 MB (app.ts lets exactly these two through):
 *   POST /api/leagues/{leagueId}/matches.csv  fixtures into the league's season (super admin)
 *   POST /api/teams/{teamId}/roster.csv       players into the team (super admin, its coach or owner)
 * `?dry_run=true` checks every row and writes nothing (200, problems listed); otherwise
 * every row is written in one transaction (201) or none is (400 with the same list).
 * The file rules (writer, parser, per-row checks) are api/domain/csv.ts's.
 */
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { assertTeamStaff, currentUser, requireRoles, requireUser } from '../auth/middleware';
import { insertImportedFixtures, seasonKickoffs, shirtNumbers } from '../data/csv-imports';
import { uniqueId } from '../data/ids';
import { leagueStandings } from '../data/league-table';
import { registeredTeams } from '../data/league-season';
import { listMatches } from '../data/matches';
import { insertRosterPlayer } from '../data/roster-writes';
import { leaderboards } from '../data/stats';
import { getRoster, teamExists } from '../data/teams';
import {
  CSV_MEDIA_TYPE,
  FIXTURE_COLUMNS,
  ROSTER_COLUMNS,
  csvFileName,
  decodeCsv,
  planFixtureImport,
  planRosterImport,
  readCsvTable,
  refusalDetail,
  toCsv,
  type ColumnSpec,
  type CsvTable,
  type CsvValue,
  type FixtureImportAnswer,
  type ImportError,
  type RosterImportAnswer,
} from '../domain/csv';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { readResponse } from '../http/read';
import { booleanParam, idParam, seasonParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import type { MatchDto } from '../schemas';
import { leagueParam, requireLeague, requireLeagueSeason } from '../http/params';

const IMPORT_PATHS = [/^\/api\/leagues\/[^/]+\/matches\.csv$/, /^\/api\/teams\/[^/]+\/roster\.csv$/];

/** The two imports, which take bodies up to CSV_MAX_BYTES (every other write: 256 KiB). */
export function isCsvImport(method: string, path: string): boolean {
  return method === 'POST' && IMPORT_PATHS.some((pattern) => pattern.test(path));
}

// ---------------------------------------------------------------------------------
// Downloads

function csvDownload(
  c: Context<AppEnv>,
  fileName: string,
  header: string[],
  rows: CsvValue[][],
): Response | Promise<Response> {
  return readResponse(c, new TextEncoder().encode(toCsv(header, rows)), {
    'Content-Type': CSV_MEDIA_TYPE,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': CACHE.revalidate,
  });
}

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

const seasonQuery = z.object({ season: seasonParam.optional() });
const statsQuery = seasonQuery.extend({
  kind: z
    .string({ error: 'must be one of scorers, assists, clean_sheets or points' })
    .pipe(z.enum(STAT_KINDS, { error: 'must be one of scorers, assists, clean_sheets or points' })),
});
const teamParam = z.object({ teamId: idParam });
const importQuery = z.object({ dry_run: booleanParam.optional() });

// ---------------------------------------------------------------------------------
// Imports

const CSV_TYPES: ReadonlySet<string> = new Set([
  'text/csv',
  'application/csv',
  'text/plain',
  // What Windows names a .csv file when Excel is installed.
  'application/vnd.ms-excel',
]);
const UTF8_NAMES: ReadonlySet<string> = new Set(['utf-8', 'utf8', 'us-ascii']);

/**
 * A CSV body: its media type and charset checked, its bytes read before writeTransaction
 * reads the body as text (Hono keeps the first reading; a text reading would have
 * replaced bytes that are not UTF-8 already).
 */
const csvBody = createMiddleware<AppEnv>(async (c, next) => {
  const [essence = '', ...parameters] = (c.req.header('Content-Type') ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  if (!CSV_TYPES.has(essence)) {
    fail(400, 'Send the CSV file as the request body, with Content-Type: text/csv');
  }
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  // "charset=" (or charset="") names nothing: the message below would read "not :".
  if (charset === '') {
    fail(400, 'The Content-Type names an empty charset: send the file with Content-Type: text/csv');
  }
  if (charset !== undefined && !UTF8_NAMES.has(charset)) {
    fail(
      400,
      `The file must be UTF-8 text, not ${charset.slice(0, 40)}: save it as "CSV UTF-8" and upload it again`,
    );
  }
  await c.req.arrayBuffer();
  await next();
});

/** A whole-file problem named by its line: 400 `{ detail, errors }`. */
function refuseFile(error: ImportError): never {
  throw new HTTPException(400, {
    res: Response.json({ detail: `Line ${error.line}: ${error.message}`, errors: [error] }, { status: 400 }),
  });
}

/** The body as a checked table of rows, or a 400 that says what is wrong with the file. */
async function readImport(c: Context<AppEnv>, columns: ColumnSpec): Promise<CsvTable> {
  const decoded = decodeCsv(new Uint8Array(await c.req.arrayBuffer()));
  if (!decoded.ok) fail(400, decoded.message);
  const read = readCsvTable(decoded.text, columns);
  if (!read.ok) refuseFile(read.error);
  return read.table;
}

/**
 * The answer of an import: a dry run's preview (200), a refusal listing every problem
 * (400, nothing written), or what was written (201) by `write`.
 */
async function importAnswer<Row extends { outcome: string }>(
  c: Context<AppEnv>,
  dryRun: boolean,
  table: CsvTable,
  plan: { rows: Row[]; errors: ImportError[] },
  write: (rows: Row[]) => Promise<Row[]>,
): Promise<Response> {
  const answer = {
    dry_run: dryRun,
    rows: plan.rows,
    errors: plan.errors,
    ignored_columns: table.ignored_columns,
  };
  if (dryRun) return c.json({ ...answer, created: 0 }, 200);
  if (plan.errors.length > 0)
    return c.json({ detail: refusalDetail(plan.errors), ...answer, created: 0 }, 400);
  const rows = await write(plan.rows);
  return c.json({ ...answer, rows, created: rows.length }, 201);
}

export const csvRoutes = new Hono<AppEnv>()
  .get(
    '/leagues/:leagueId/table.csv',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
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
    },
  )
  .get(
    '/leagues/:leagueId/matches.csv',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
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
    },
  )
  .get(
    '/leagues/:leagueId/stats.csv',
    validate('param', leagueParam),
    validate('query', statsQuery),
    async (c) => {
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
    },
  )
  .get('/teams/:teamId/roster.csv', validate('param', teamParam), async (c) => {
    const { teamId } = c.req.valid('param');
    if (!(await teamExists(c.get('db'), teamId))) fail(404, 'Team not found');
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
  })
  .post(
    '/leagues/:leagueId/matches.csv',
    requireUser,
    requireRoles('super_admin'),
    csvBody,
    writeTransaction,
    validate('param', leagueParam),
    validate('query', importQuery),
    async (c) => {
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
    },
  )
  .post(
    '/teams/:teamId/roster.csv',
    requireUser,
    requireRoles('coach', 'owner', 'super_admin'),
    csvBody,
    writeTransaction,
    validate('param', teamParam),
    validate('query', importQuery),
    async (c) => {
      const db = c.get('db');
      const { teamId } = c.req.valid('param');
      if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
      assertTeamStaff(currentUser(c), teamId);
      const dryRun = c.req.valid('query').dry_run ?? false;
      const table = await readImport(c, ROSTER_COLUMNS);
      const plan = planRosterImport(table, { taken: await shirtNumbers(db, teamId) });
      return importAnswer<RosterImportAnswer['rows'][number]>(c, dryRun, table, plan, async (rows) => {
        const now = c.get('options').now();
        const written: RosterImportAnswer['rows'] = [];
        for (const row of rows) {
          if (row.outcome !== 'create') continue;
          // One at a time: each new id must see the ones before it (two "Sam Lee"s).
          const player = { ...row.player, id: await uniqueId(db, row.player.name) };
          const stored = { ...player, team_id: teamId, photo_id: null, metrics: {} };
          await insertRosterPlayer(db, stored, now);
          await audit(c, { action: 'create', entity: 'player', entityId: player.id, after: stored });
          written.push({ ...row, player });
        }
        return written;
      });
    },
  );
