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
import { Hono } from 'hono';
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
  FIXTURE_COLUMNS,
  ROSTER_COLUMNS,
  csvFileName,
  planFixtureImport,
  planRosterImport,
  type FixtureImportAnswer,
  type RosterImportAnswer,
} from '../domain/csv';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { booleanParam, idParam, seasonParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import type { MatchDto } from '../schemas';
import { leagueParam, requireLeague, requireLeagueSeason } from '../http/params';

import { csvBody, csvDownload, importAnswer, readImport } from '../http/csv';

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
