/**
 * /api/player and /api/players: a player's profile, at either path (clients use both);
 * a roster player's name, position or shirt number changed by the team's staff, a move to
 * another team of the same league by an admin of that league (or a super admin), and a
 * photo uploaded by the team's staff. Who may act comes from the bearer token only.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { expectedGeneral, GENERAL_OF, positionsAgree } from '../../db/rules/positions';
import { adminsLeague } from '../../db/rules/rights';
import { assertTeamStaff, currentUser, requireStaff } from '../auth/middleware';
import { playerCards, playerSuspension } from '../data/discipline';
import {
  leaveUnplayedSquads,
  movePlayerMemberships,
  shirtNumberHolder,
  updatePlayerFields,
  updatePlayerPlacement,
} from '../data/roster-writes';
import { playerMetrics } from '../data/stats';
import { findPlayer, getTeam } from '../data/teams';
import { fail } from '../errors';
import { imageUpload, replacedPicture, uploadBody, uploadedName } from '../images/upload';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { nextKickoff } from '../http/next-kickoff';
import { holdUntil, jsonRead } from '../http/read';
import { placement, placementBody, shirtTaken, STAFF_ONLY, text, written } from '../http/teams';
import type { AppEnv } from '../env';
import { idParam } from '../http/validate';
import { audit } from '../http/write';
import {
  PlayerProfileSchema,
  RosterPlayerSchema,
  type PlayerProfileDto,
  type RosterPlayerDto,
} from '../schemas';

const playerId = idParam.meta({ description: 'player id or the linked account id' });

const profileParam = z.object({ playerId });

/** The name follows the rules of adding a player; team_id moves the player within the league. */
const playerUpdateBody = placementBody
  .extend({
    name: text(100).optional(),
    team_id: idParam.optional().meta({ description: 'another team of the same league (league admins)' }),
  })
  .meta({ minProperties: 1 });

/** Both paths of the profile: one answer, each path its own operation. */
const PROFILE = {
  tags: ['players'] as const,
  summary: 'Player profile',
  caching: { offline: true, tables: 'player' } as const,
  request: { params: profileParam },
  responses: {
    200: readAnswer(PlayerProfileSchema),
    ...errors(400, { 404: 'Unknown player' }),
  },
};

const getPlayerRoute = read({
  ...PROFILE,
  path: '/player/{playerId}',
  operationId: 'getPlayer',
  description: 'With metrics per season, cards and any suspension. Also at /api/players/{playerId}',
});

const getPlayerPluralRoute = read({
  ...PROFILE,
  path: '/players/{playerId}',
  operationId: 'getPlayerPlural',
  description: 'The profile of GET /api/player/{playerId}, at the plural path some clients use',
});

const updatePlayerRoute = write({
  method: 'put',
  path: '/player/update/{userId}',
  operationId: 'updatePlayer',
  tags: ['players', 'teams'],
  summary: "Change a player's name, position or shirt number, or move them to another team",
  description:
    'At least one field. Name, position and number: staff of the team. team_id: an admin of the league ' +
    'both teams are in, or a super admin; the player keeps past appearances and statistics with the old ' +
    "team and leaves the old team's squads of matches not yet reported",
  guard: [requireStaff],
  request: {
    params: z.object({ userId: playerId }),
    body: jsonBody(playerUpdateBody),
  },
  responses: {
    200: json(RosterPlayerSchema, 'The player as they are now'),
    ...errors({
      403: `${STAFF_ONLY}; a move: not an admin of the league`,
      404: 'Unknown player',
      409: 'The player is not on a roster, the shirt number is taken, or the team is in another league',
    }),
  },
});

const uploadPhotoRoute = write({
  method: 'post',
  path: '/players/{playerId}/photo',
  operationId: 'uploadPlayerPhoto',
  tags: ['players', 'images'],
  summary: "Upload a player's photo",
  description:
    "Staff of the player's team. PNG, JPEG or WebP (recognised by content) up to 5 MB, stored at most " +
    '512 px on the longer side without metadata (no EXIF or GPS), under a new name',
  guard: [requireStaff, imageUpload('players', photoOwner)],
  request: { params: profileParam, body: uploadBody('photo') },
  responses: {
    200: json(RosterPlayerSchema, 'The player with the new photo_id'),
    ...errors({
      400: 'Not a PNG, JPEG or WebP image, or not multipart/form-data with the field "file"',
      403: STAFF_ONLY,
      404: 'Unknown player',
      413: 'The picture is over 5 MB',
    }),
  },
});

/** Who may upload a player's photo: the staff of the player's team (checked before the picture is read). */
async function photoOwner(c: Context<AppEnv>): Promise<{ ownerId: string }> {
  const player = await findPlayer(c.get('db'), c.req.param('playerId') ?? '');
  if (!player) fail(404, 'Player not found');
  await assertTeamStaff(c.get('db'), currentUser(c), player.team_id);
  return { ownerId: player.id };
}

const MOVE_ADMIN_ONLY =
  "Only an admin of the player's league, or a super admin, may move a player to another team";

/** A player's profile with metrics, cards and any suspension. */
async function profileAnswer(c: Context<AppEnv>, playerId: string): Promise<Response> {
  const db = c.get('db');
  const player = await findPlayer(db, playerId);
  if (!player) fail(404, 'Player not found');
  const profile: PlayerProfileDto = {
    ...player,
    metrics: await playerMetrics(db, player.id),
    cards: await playerCards(db, player.id),
    suspension: await playerSuspension(db, player.id, player.team_id, c.get('options').now()),
  };
  // A ban is served as a kick-off passes: the answer holds until the team's next one.
  if (profile.suspension !== null && player.team_id !== null) {
    holdUntil(c, await nextKickoff(c, player.team_id));
  }
  return jsonRead(c, profile, CACHE.revalidate);
}

export const playerRoutes = resourceRouter(
  endpoint(getPlayerRoute, (c) => profileAnswer(c, c.req.valid('param').playerId)),
  endpoint(getPlayerPluralRoute, (c) => profileAnswer(c, c.req.valid('param').playerId)),

  endpoint(updatePlayerRoute, async (c) => {
    const db = c.get('db');
    const body = c.req.valid('json');
    if (Object.values(body).every((value) => value === undefined)) {
      fail(400, 'Nothing to update: send name, position, position_general, number or team_id');
    }
    const user = currentUser(c);
    const player = await findPlayer(db, c.req.valid('param').userId);
    if (!player) fail(404, 'Player not found');
    if (player.team_id === null) fail(409, 'This player is not on a roster');
    await assertTeamStaff(db, user, player.team_id);
    const from = player.team_id;
    const to = body.team_id ?? from;
    if (to !== from) {
      const [oldTeam, newTeam] = [await getTeam(db, from), await getTeam(db, to)];
      if (!adminsLeague(user, oldTeam?.league_id)) fail(403, MOVE_ADMIN_ONLY);
      if (!newTeam) fail(400, `Invalid field 'team_id': there is no team '${to}'`);
      if (newTeam.league_id === null || newTeam.league_id !== oldTeam?.league_id) {
        fail(
          409,
          `${newTeam.team_name} plays in another league: a player moves only between teams of the same league`,
        );
      }
    }

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
        `Invalid field 'position': a ${wanted.position}'s general position is ${GENERAL_OF[wanted.position]} (or Other), but this player's is ${wanted.position_general}; change the general position too`,
      );
    }
    if (
      (wanted.number !== player.number || to !== from) &&
      (await shirtNumberHolder(db, to, wanted.number, player.id))
    ) {
      if (to === from) shirtTaken(wanted.number);
      fail(
        409,
        `Shirt number ${wanted.number} is already taken in the team ${player.name} would join: send another number with the move`,
      );
    }
    await updatePlayerPlacement(db, player.id, wanted);
    const name = body.name ?? player.name;
    if (name !== player.name || to !== from) await updatePlayerFields(db, player.id, { name, team_id: to });
    // Saved squads of matches still to be reported belong to the team the player left.
    const squadsLeft = to === from ? [] : await leaveUnplayedSquads(db, player.id, from);
    // A linked account plays for the new team too.
    if (to !== from) await movePlayerMemberships(db, player.id, from, to);
    await audit(c, {
      action: to === from ? 'update' : 'transfer',
      entity: 'player',
      entityId: player.id,
      before: { name: player.name, team_id: from, ...placement(player) },
      after: { name, team_id: to, ...wanted, ...(to !== from && { left_squads_of_matches: squadsLeft }) },
    });
    const updated: RosterPlayerDto = written(await findPlayer(db, player.id));
    return c.json(updated, 200);
  }),

  endpoint(uploadPhotoRoute, async (c) => {
    const db = c.get('db');
    const player = await findPlayer(db, c.req.valid('param').playerId);
    if (!player) fail(404, 'Player not found');
    const photo_id = uploadedName(c);
    await updatePlayerFields(db, player.id, { photo_id });
    replacedPicture(c, player.photo_id);
    await audit(c, {
      action: 'update',
      entity: 'player',
      entityId: player.id,
      before: { photo_id: player.photo_id },
      after: { photo_id },
    });
    const updated: RosterPlayerDto = written(await findPlayer(db, player.id));
    return c.json(updated, 200);
  }),
);
