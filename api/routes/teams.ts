/**
 * Team reads: the list, a team's record, roster, leaderboards, seasons and matches.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import type { DB } from '../../db/connection';
import { listMatches } from '../data/matches';
import { leaderboards } from '../data/stats';
import { getRoster, getTeam, listTeams, teamExists, teamSeasons } from '../data/teams';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import {
  approvedParam,
  booleanParam,
  idParam,
  leagueIdFrom,
  limitParam,
  seasonParam,
  sortParam,
  validate,
} from '../http/validate';
import type { TeamListDto } from '../schemas';
import { holdUntil, jsonBytesRead, jsonListBytes, jsonRead } from '../http/read';
import { nextKickoff } from '../http/next-kickoff';
import { cursorParam, isPaged, nextCursor, pageLimitParam } from '../http/list-query';

const teamParam = z.object({ teamId: idParam });
const seasonQuery = z.object({ season: seasonParam.optional() });
/** GET /api/teams: filters and a page; an unknown league or a season without leagues lists nothing. */
const teamListQuery = z.object({
  league_id: z
    .string({ error: 'must be given once' })
    .pipe(idParam.transform(leagueIdFrom).pipe(idParam))
    .optional(),
  season: seasonParam.optional(),
  limit: pageLimitParam.optional(),
  cursor: cursorParam('teams', z.tuple([z.string(), z.string()])).optional(),
});
const teamMatchesQuery = z.object({
  season: seasonParam.optional(),
  approved: approvedParam.optional(),
  past: booleanParam.optional(),
  limit: limitParam.optional(),
  sort: sortParam.optional(),
});

async function requireTeam(db: DB, teamId: string): Promise<void> {
  if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
}

export const teamRoutes = new Hono<AppEnv>()
  .get('/teams', validate('query', teamListQuery), async (c) => {
    const query = c.req.valid('query');
    const page = await listTeams(c.get('db'), {
      leagueId: query.league_id,
      season: query.season,
      limit: query.limit,
      after: query.cursor,
    });
    // Without limit or cursor the answer is the whole list, shaped as it always was.
    const body: TeamListDto = isPaged(query)
      ? { teams: page.rows, next_cursor: nextCursor('teams', page.next) }
      : { teams: page.rows };
    return jsonRead(c, body, CACHE.revalidate);
  })
  .get('/teams/:teamId', validate('param', teamParam), async (c) => {
    const team = await getTeam(c.get('db'), c.req.valid('param').teamId);
    if (!team) fail(404, 'Team not found');
    return jsonRead(c, team, CACHE.revalidate);
  })
  .get('/teams/:teamId/roster', validate('param', teamParam), async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    return jsonRead(c, await getRoster(c.get('db'), teamId), CACHE.revalidate);
  })
  .get('/teams/:teamId/seasons', validate('param', teamParam), async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    return jsonRead(c, { seasons: await teamSeasons(c.get('db'), teamId) }, CACHE.revalidate);
  })
  .get('/teams/:teamId/stats', validate('param', teamParam), validate('query', seasonQuery), async (c) => {
    const { teamId } = c.req.valid('param');
    await requireTeam(c.get('db'), teamId);
    // Without a season: the team's latest season, else the current year.
    let season = c.req.valid('query').season ?? (await teamSeasons(c.get('db'), teamId))[0];
    if (season === undefined) {
      const year = c.get('options').now().getUTCFullYear();
      season = String(year);
      holdUntil(c, Date.UTC(year + 1, 0, 1));
    }
    const stats = await leaderboards(c.get('db'), { teamId, season });
    return jsonRead(
      c,
      {
        scorers: stats.scorers,
        assists: stats.assists,
        clean_sheets_players: stats.clean_sheets,
        points: stats.points,
      },
      CACHE.revalidate,
    );
  })
  .get(
    '/teams/:teamId/matches',
    validate('param', teamParam),
    validate('query', teamMatchesQuery),
    async (c) => {
      const { teamId } = c.req.valid('param');
      await requireTeam(c.get('db'), teamId);
      const query = c.req.valid('query');
      const matches = await listMatches(c.get('db'), {
        teamId,
        ...(query.season !== undefined && { season: query.season }),
        // ?past=true is the "latest result": kicked off already and approved, so an
        // unreviewed report never shows as a result.
        ...(query.past === true && {
          notAfter: c.get('options').now().toISOString(),
          approved: 'TRUE' as const,
        }),
        ...(query.past === false && { after: c.get('options').now().toISOString() }),
        ...(query.approved !== undefined && { approved: query.approved }),
        ...(query.limit !== undefined && { limit: query.limit }),
        order: query.sort ?? 'asc',
      });
      if (query.past !== undefined) holdUntil(c, await nextKickoff(c, teamId));
      return jsonBytesRead(c, jsonListBytes(matches, 'matches'), CACHE.revalidate);
    },
  );
