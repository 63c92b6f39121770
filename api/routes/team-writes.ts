/**
 * Team and roster writes: super admins create and delete teams; a team's coach or
 * owner (or a super admin) adds, edits and removes its players. Who may act comes
 * from the bearer token only, never from the body.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { POSITION_GENERALS, POSITIONS, type Position, type PositionGeneral } from '../../db/schema';
import type { AppEnv } from '../env';
import { assertTeamStaff, currentUser, requireRoles, requireUser } from '../auth/middleware';
import { revokeUserSessions } from '../data/sessions';
import { uniqueId, uniqueTeamId } from '../data/ids';
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
  updatePlayerPlacement,
} from '../data/roster-writes';
import { findPlayer, getTeam, teamExists } from '../data/teams';
import { fail } from '../errors';
import { idParam, leagueIdFrom, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import type { RosterPlayerDto, TeamDto } from '../schemas';

/** A missing field says so; a present but wrong one gets the rule. */
function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

function text(max: number) {
  return z
    .string({ error: requiredOr('must be text') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters');
}

const POSITION_MESSAGE = 'must be one of Goalkeeper, Defender, Midfielder, Forward or Coach';
const GENERAL_MESSAGE = 'must be one of GK, DEF, MID, FW (or FWD), COACH or Other';
const NUMBER_MESSAGE = 'must be a whole number from 0 to 99';

const position = z.enum(POSITIONS, { error: requiredOr(POSITION_MESSAGE) });
// The roster form sends FWD; the stored value is FW.
const positionGeneral = z
  .enum([...POSITION_GENERALS, 'FWD'], { error: requiredOr(GENERAL_MESSAGE) })
  .transform((value): PositionGeneral => (value === 'FWD' ? 'FW' : value));
// Forms send the number as typed text, so a string of digits counts too.
const shirtNumber = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^\d{1,3}$/)
        .transform(Number),
    ],
    { error: requiredOr(NUMBER_MESSAGE) },
  )
  .pipe(z.number().int(NUMBER_MESSAGE).min(0, NUMBER_MESSAGE).max(99, NUMBER_MESSAGE));
// Photo ids become file names under /api/images/players/: no separators, no leading dot.
const photoId = z
  .string({ error: 'must be text' })
  .max(200, 'must be at most 200 characters')
  .regex(/^(?:[\w-][\w.-]*)?$/, 'may contain only letters, digits, _, - and . (not first)');
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
  .refine((value) => Object.keys(value).length <= 50, 'must have at most 50 keys');

const GENERAL_OF: Record<Position, PositionGeneral> = {
  Goalkeeper: 'GK',
  Defender: 'DEF',
  Midfielder: 'MID',
  Forward: 'FW',
  Coach: 'COACH',
};

function positionsAgree(pos: Position, general: PositionGeneral): boolean {
  return general === 'Other' || GENERAL_OF[pos] === general;
}

function expectedGeneral(pos: Position): string {
  return `must be ${GENERAL_OF[pos]} (or Other) for a ${pos}`;
}

const teamBody = z.strictObject({
  name: text(100),
  location: text(100),
  description: z
    .string({ error: 'must be text' })
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .optional(),
  league_id: z.string({ error: 'must be text' }).transform(leagueIdFrom).pipe(idParam).nullable().optional(),
});

const playerBody = z
  .strictObject({
    name: text(100),
    position,
    position_general: positionGeneral,
    number: shirtNumber,
    photo_id: photoId.nullable().optional(),
    metrics: metrics.optional(),
  })
  .superRefine((body, ctx) => {
    if (!positionsAgree(body.position, body.position_general)) {
      ctx.addIssue({ code: 'custom', path: ['position_general'], message: expectedGeneral(body.position) });
    }
  });

const placementBody = z.strictObject({
  position: position.optional(),
  position_general: positionGeneral.optional(),
  number: shirtNumber.optional(),
});

const teamParam = z.object({ team_id: idParam });
const rosterParam = z.object({ team_id: idParam, player_id: idParam });
const userParam = z.object({ user_id: idParam });

/** Roles that can be staff of some team; the handler then checks the team itself. */
const staffRoles = requireRoles('coach', 'owner', 'super_admin');

/** A row read back right after its own write inside the transaction. */
function written<T>(row: T | undefined): T {
  if (row === undefined) throw new Error('Row missing right after it was written');
  return row;
}

function shirtTaken(number: number): never {
  fail(409, `Shirt number ${number} is already taken in this team`);
}

function placement(player: RosterPlayerDto) {
  return { position: player.position, position_general: player.position_general, number: player.number };
}

export const teamWriteRoutes = new Hono<AppEnv>()
  .post(
    '/teams',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('json', teamBody),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      const leagueId = body.league_id ?? null;
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
    },
  )
  .delete(
    '/teams/:team_id',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', teamParam),
    async (c) => {
      const db = c.get('db');
      const { team_id } = c.req.valid('param');
      const team = await getTeam(db, team_id);
      if (!team) fail(404, 'Team not found');
      const matches = await teamMatchCount(db, team_id);
      if (matches > 0) {
        fail(
          409,
          `${team.team_name} has ${matches} ${matches === 1 ? 'match' : 'matches'} on record, so it cannot be deleted. Results and tables depend on them.`,
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
    },
  )
  .post(
    '/teams/:team_id/players',
    requireUser,
    staffRoles,
    writeTransaction,
    validate('param', teamParam),
    validate('json', playerBody),
    async (c) => {
      const db = c.get('db');
      const { team_id } = c.req.valid('param');
      const body = c.req.valid('json');
      if (!(await teamExists(db, team_id))) fail(404, 'Team not found');
      assertTeamStaff(currentUser(c), team_id);
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
    },
  )
  .delete(
    '/teams/:team_id/players/:player_id',
    requireUser,
    staffRoles,
    writeTransaction,
    validate('param', rosterParam),
    async (c) => {
      const db = c.get('db');
      const { team_id, player_id } = c.req.valid('param');
      if (!(await teamExists(db, team_id))) fail(404, 'Team not found');
      assertTeamStaff(currentUser(c), team_id);
      const player = await findPlayer(db, player_id);
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
      return c.json(
        { detail: 'Player removed', player_id: player.id, kept_for_history: keptForHistory },
        200,
      );
    },
  )
  .put(
    '/player/update/:user_id',
    requireUser,
    staffRoles,
    writeTransaction,
    validate('param', userParam),
    validate('json', placementBody),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      if (body.position === undefined && body.position_general === undefined && body.number === undefined) {
        fail(400, 'Nothing to update: send position, position_general or number');
      }
      const player = await findPlayer(db, c.req.valid('param').user_id);
      if (!player) fail(404, 'Player not found');
      if (player.team_id === null) fail(409, 'This player is not on a roster');
      assertTeamStaff(currentUser(c), player.team_id);

      const wanted = {
        position: body.position ?? player.position,
        position_general: body.position_general ?? player.position_general,
        number: body.number ?? player.number,
      };
      if (!positionsAgree(wanted.position, wanted.position_general)) {
        if (body.position_general !== undefined) {
          fail(400, `Invalid field 'position_general': ${expectedGeneral(wanted.position)}`);
        }
        fail(
          400,
          `Invalid field 'position': a ${wanted.position} needs position_general ${GENERAL_OF[wanted.position]} (or Other), but this player's is ${wanted.position_general}; send position_general too`,
        );
      }
      if (
        wanted.number !== player.number &&
        (await shirtNumberHolder(db, player.team_id, wanted.number, player.id))
      ) {
        shirtTaken(wanted.number);
      }
      await updatePlayerPlacement(db, player.id, wanted);
      await audit(c, {
        action: 'update',
        entity: 'player',
        entityId: player.id,
        before: placement(player),
        after: wanted,
      });
      const updated: RosterPlayerDto = written(await findPlayer(db, player.id));
      return c.json(updated, 200);
    },
  );
