/**
 * Match reads: upcoming matches, one match, and the head-to-head history.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import type { MatchDetailsDto } from '../schemas';
import { namesOf } from '../data/discipline';
import { getMatch, listMatches } from '../data/matches';
import { teamExists } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { booleanParam, idParam, limitParam, matchIdParam, validate } from '../http/validate';
import { holdUntil, jsonBytesRead, jsonListBytes, jsonListBytesInSteps, jsonRead } from '../http/read';
import { nextKickoff } from '../http/next-kickoff';

const listQuery = z.object({
  future: booleanParam.optional(),
  team_id: idParam.optional(),
  limit: limitParam.optional(),
});

export const matchRoutes = new Hono<AppEnv>()
  // ?future=true: upcoming matches, soonest first (the next match uses limit=1).
  // Without it: every match, oldest first.
  .get('/matches', validate('query', listQuery), async (c) => {
    const query = c.req.valid('query');
    if (query.team_id !== undefined && !(await teamExists(c.get('db'), query.team_id)))
      fail(404, 'Team not found');
    const matches = await listMatches(c.get('db'), {
      ...(query.future === true && { after: c.get('options').now().toISOString() }),
      ...(query.future === false && { notAfter: c.get('options').now().toISOString() }),
      ...(query.team_id !== undefined && { teamId: query.team_id }),
      ...(query.limit !== undefined && { limit: query.limit }),
      order: 'asc',
    });
    if (query.future !== undefined) holdUntil(c, await nextKickoff(c, query.team_id));
    // Without a filter this is every match of the league's history.
    const list = await jsonListBytesInSteps(matches);
    return jsonBytesRead(c, list.bytes, CACHE.revalidate, list.etag);
  })
  .get(
    '/matches/between/:home/:away',
    validate('param', z.object({ home: idParam, away: idParam })),
    async (c) => {
      const { home, away } = c.req.valid('param');
      for (const team of [home, away])
        if (!(await teamExists(c.get('db'), team))) fail(404, 'Team not found');
      // Played means an approved result: an unreviewed report is not history yet.
      const matches = await listMatches(c.get('db'), {
        between: [home, away],
        approved: 'TRUE',
        order: 'desc',
      });
      return jsonBytesRead(c, jsonListBytes(matches), CACHE.revalidate);
    },
  )
  .get('/matches/:matchId', validate('param', z.object({ matchId: matchIdParam })), async (c) => {
    const match = await getMatch(c.get('db'), c.req.valid('param').matchId);
    if (!match) fail(404, 'Match not found');
    const listed = [
      ...match.goalscorers,
      ...match.assisters,
      ...match.goalkeepers,
      ...match.yellow_cards,
      ...match.red_cards,
      ...match.home_players,
      ...match.away_players,
    ];
    const details: MatchDetailsDto = {
      ...match,
      player_names: Object.fromEntries(await namesOf(c.get('db'), listed)),
    };
    return jsonRead(c, details, CACHE.revalidate);
  });
