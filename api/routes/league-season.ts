/**
 * Running a league season without the table editor (issue #18): registering teams,
 * generating the fixtures, moving or postponing a match. Super admin only, every write
 * audited and idempotent (writeTransaction).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { currentUser, requireRoles, requireUser } from '../auth/middleware';
import {
  deleteMatches,
  insertFixtures,
  leagueMatchCount,
  matchSchedule,
  registeredTeams,
  seasonMatches,
  setTeamLeague,
  teamRegistration,
  updateMatchSchedule,
} from '../data/league-season';
import { getMatch } from '../data/matches';
import { getTeam } from '../data/teams';
import { MATCH_STATUSES } from '../../db/schema';
import { isTimeZone, planFixtures } from '../domain/fixture-plan';
import { isReported, parseMatchDate } from '../domain/match-time';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { idParam, matchIdParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import { tell } from '../http/notify';
import { matchMoved } from '../domain/notification-text';
import type { FixturePlanDto } from '../schemas';
import { leagueParam, requireLeague } from '../http/params';

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters');

/** A calendar date that exists: 2027-02-29 is refused, not rolled into March. */
const calendarDate = z
  .string({ error: 'must be a date such as 2027-03-06' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2027-03-06')
  .refine((value) => {
    const date = parseMatchDate(value);
    return date !== null && date.toISOString().startsWith(value);
  }, 'is not a day of the calendar');

const fixturesBody = z.strictObject({
  start_date: calendarDate,
  kickoff_time: z
    .string({ error: 'must be a time such as 15:00' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time from 00:00 to 23:59, such as 15:00'),
  interval_days: z
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(60, 'must be at most 60'),
  rounds: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
  dry_run: z.boolean({ error: 'must be true or false' }),
  replace_unplayed: z.boolean({ error: 'must be true or false' }).optional(),
  time_zone: z
    .string({ error: 'must be a time zone name such as Europe/London' })
    .max(64, 'must be at most 64 characters')
    .refine(isTimeZone, 'must be a time zone name such as Europe/London')
    .optional(),
});

const scheduleBody = z.strictObject({
  date: z
    .string({ error: 'must be a date and time with its offset, such as 2027-03-06T15:00:00Z' })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i,
      'must be a date and time with its offset, such as 2027-03-06T15:00:00Z',
    )
    .refine((value) => parseMatchDate(value) !== null, 'is not a real date and time'),
  location: text(200),
  status: z.enum(MATCH_STATUSES, { error: 'must be scheduled or postponed' }),
});

/** Registers the team for a league (or none), audited; the team as it is now. */
async function moveTeam(c: Context<AppEnv>, teamId: string, leagueId: string | null) {
  const db = c.get('db');
  const before = await getTeam(db, teamId);
  await setTeamLeague(db, teamId, leagueId);
  const after = await getTeam(db, teamId);
  const action = leagueId === null ? 'league.team_removed' : 'league.team_registered';
  await audit(c, { action, entity: 'team', entityId: teamId, before, after });
  return after;
}

const teamBody = z.strictObject({ team_id: idParam });
const teamPath = leagueParam.extend({ teamId: idParam });

export const leagueSeasonRoutes = new Hono<AppEnv>()
  .post(
    '/leagues/:leagueId/teams',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', teamBody),
    async (c) => {
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
    },
  )
  .delete(
    '/leagues/:leagueId/teams/:teamId',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', teamPath),
    async (c) => {
      const db = c.get('db');
      const { leagueId, teamId } = c.req.valid('param');
      const league = await requireLeague(db, leagueId);
      const team = await teamRegistration(db, teamId);
      if (!team || team.league_id !== league.league_id) {
        fail(404, `No team '${teamId}' is registered for ${league.league_name} ${league.season}`);
      }
      const played = await leagueMatchCount(db, league.league_id, teamId);
      if (played > 0) {
        fail(
          409,
          `${team.team_name} has ${played} ${played === 1 ? 'match' : 'matches'} in ${league.league_name} ` +
            `${league.season}: remove them before removing the team`,
        );
      }
      return c.json(await moveTeam(c, teamId, null), 200);
    },
  )
  .post(
    '/leagues/:leagueId/fixtures',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', fixturesBody),
    async (c) => {
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
        fail(
          409,
          `The ${league.season} season of ${league.league_name} already has ${existing.length} ` +
            `${existing.length === 1 ? 'match' : 'matches'}: keep them, or replace the ${unplayed.length} ` +
            'without a report (replace_unplayed)',
        );
      }
      const kept = existing.filter((match) => match.reported);
      const planned = planFixtures(teams, body, kept, league.location);
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
    },
  )
  .put(
    '/matches/:matchId/schedule',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', z.object({ matchId: matchIdParam })),
    validate('json', scheduleBody),
    async (c) => {
      const db = c.get('db');
      const { matchId } = c.req.valid('param');
      const body = c.req.valid('json');
      const before = await matchSchedule(db, matchId);
      if (!before) fail(404, 'Match not found');
      if (isReported(before)) {
        fail(409, 'This match has a report: a reported or approved match cannot be moved or postponed');
      }
      const date = (parseMatchDate(body.date) as Date).toISOString();
      const changed =
        date !== before.match_date || body.location !== before.location || body.status !== before.status;
      if (changed) {
        const schedule = {
          match_date: date,
          location: body.location,
          status: body.status,
          schedule_sequence: before.schedule_sequence + 1,
        };
        await updateMatchSchedule(db, matchId, schedule, c.get('options').now().toISOString());
        await audit(c, {
          action:
            body.status === 'postponed' && before.status !== 'postponed'
              ? 'match.postpone'
              : 'match.schedule',
          entity: 'match',
          entityId: String(matchId),
          before,
          after: { ...before, ...schedule },
        });
      }
      const after = await getMatch(db, matchId);
      if (changed && after) {
        // Issue #20: both teams' staff hear of it (the super admin who moved it saw it).
        await tell(
          c,
          { teams: [after.home_team, after.away_team], except: currentUser(c).id },
          matchMoved(
            { id: matchId, homeName: after.home_team_name, awayName: after.away_team_name },
            body.status === 'postponed',
            body.location,
          ),
        );
      }
      return c.json(after, 200);
    },
  );
