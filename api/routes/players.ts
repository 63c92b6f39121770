/**
 * Player and coach profiles. Both /player/{id} and /players/{id} are used by clients.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { playerMetrics } from '../data/stats';
import { findCoaches, findPlayer } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { idParam, validate } from '../http/validate';
import type { PlayerProfileDto } from '../schemas';
import { holdUntil, jsonRead } from '../http/read';
import { nextKickoff } from '../http/next-kickoff';
import { playerCards, playerSuspension } from '../data/discipline';

const playerParam = validate('param', z.object({ playerId: idParam }));

export const playerRoutes = new Hono<AppEnv>()
  .get('/:kind{players?}/:playerId', playerParam, async (c) => {
    const player = await findPlayer(c.get('db'), c.req.valid('param').playerId);
    if (!player) fail(404, 'Player not found');
    const db = c.get('db');
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
  })
  // Coach routes address coaches by user id with dots written as hyphens.
  .get('/coaches/:userId', validate('param', z.object({ userId: idParam })), async (c) => {
    const raw = c.req.valid('param').userId;
    const coaches = await findCoaches(c.get('db'), raw.replaceAll('-', '.'));
    const exact = coaches.length > 0 ? coaches : await findCoaches(c.get('db'), raw);
    if (exact.length === 0) fail(404, 'Coach not found');
    return jsonRead(c, exact, CACHE.revalidate);
  });
