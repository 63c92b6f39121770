/**
 * /api/player and /api/players: a player's profile, at either path (clients use both),
 * and a roster player's position or shirt number changed by the team's coach or
 * owner (or a super admin). Who may act comes from the bearer token only.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { expectedGeneral, GENERAL_OF, positionsAgree } from '../../db/rules/positions';
import { assertTeamStaff, currentUser, requireStaff } from '../auth/middleware';
import { playerCards, playerSuspension } from '../data/discipline';
import { updatePlayerPlacement, shirtNumberHolder } from '../data/roster-writes';
import { playerMetrics } from '../data/stats';
import { findPlayer } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { nextKickoff } from '../http/next-kickoff';
import { holdUntil, jsonRead } from '../http/read';
import { placement, placementBody, shirtTaken, STAFF_ONLY, written } from '../http/teams';
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
  summary: "Change a player's position or shirt number",
  description: 'super_admin, or staff of the team; at least one field',
  guard: [requireStaff],
  request: {
    params: z.object({ userId: playerId }),
    body: jsonBody(placementBody),
  },
  responses: {
    200: json(RosterPlayerSchema, 'The player as they are now'),
    ...errors({
      403: STAFF_ONLY,
      404: 'Unknown player',
      409: 'The player is not on a roster, or the shirt number is taken',
    }),
  },
});

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
    if (body.position === undefined && body.position_general === undefined && body.number === undefined) {
      fail(400, 'Nothing to update: send position, position_general or number');
    }
    const player = await findPlayer(db, c.req.valid('param').userId);
    if (!player) fail(404, 'Player not found');
    if (player.team_id === null) fail(409, 'This player is not on a roster');
    await assertTeamStaff(db, currentUser(c), player.team_id);

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
  }),
);
