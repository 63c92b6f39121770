/**
 * League reads: the list, a league's table, matches and leaderboards.
 * A league's season defaults to the league record's own season.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { listLeagues } from '../data/leagues';
import { leagueStandings } from '../data/league-table';
import { listMatches } from '../data/matches';
import { leaderboards } from '../data/stats';
import { CACHE } from '../http/cache';
import { seasonParam, validate } from '../http/validate';
import type { LeagueListDto, LeagueTableDto } from '../schemas';
import { jsonBytesRead, jsonListBytes, jsonRead } from '../http/read';
import { cursorParam, isPaged, nextCursor, pageLimitParam } from '../http/list-query';
import { leagueParam, requireLeague, requireLeagueSeason } from '../http/params';

const seasonQuery = z.object({ season: seasonParam.optional() });
/** GET /api/leagues: a season and a page. */
const leagueListQuery = z.object({
  season: seasonParam.optional(),
  limit: pageLimitParam.optional(),
  cursor: cursorParam('leagues', z.tuple([z.string().regex(/^\d{4}$/), z.string(), z.string()])).optional(),
});

export const leagueRoutes = new Hono<AppEnv>()
  .get('/leagues', validate('query', leagueListQuery), async (c) => {
    const query = c.req.valid('query');
    const page = await listLeagues(c.get('db'), {
      season: query.season,
      limit: query.limit,
      after: query.cursor,
    });
    // Without limit or cursor the answer is the whole list, shaped as it always was.
    const body: LeagueListDto = isPaged(query)
      ? { leagues: page.rows, next_cursor: nextCursor('leagues', page.next) }
      : { leagues: page.rows };
    return jsonRead(c, body, CACHE.leagues);
  })
  .get('/leagues/:leagueId', validate('param', leagueParam), async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(c, league, CACHE.revalidate);
  })
  .get(
    '/leagues/:leagueId/table',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const { league, season } = await requireLeagueSeason(
        c.get('db'),
        c.req.valid('param').leagueId,
        c.req.valid('query').season,
      );
      const { rows, reasons, deductions } = await leagueStandings(c.get('db'), league, season);
      const body: LeagueTableDto = {
        standings: rows,
        deductions,
        reasons: reasons.map((reason) =>
          reason === null
            ? null
            : {
                criterion: reason.criterion,
                above: reason.above,
                below: reason.below,
                level_on_points: reason.levelOnPoints,
              },
        ),
      };
      return jsonRead(c, body, CACHE.revalidate);
    },
  )
  .get(
    '/leagues/:leagueId/matches',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const { league, season } = await requireLeagueSeason(
        c.get('db'),
        c.req.valid('param').leagueId,
        c.req.valid('query').season,
      );
      const matches = await listMatches(c.get('db'), { leagueId: league.league_id, season });
      return jsonBytesRead(c, jsonListBytes(matches, 'matches'), CACHE.revalidate);
    },
  )
  .get(
    '/leagues/:leagueId/stats',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const { league, season } = await requireLeagueSeason(
        c.get('db'),
        c.req.valid('param').leagueId,
        c.req.valid('query').season,
      );
      const stats = await leaderboards(c.get('db'), { leagueId: league.league_id, season });
      return jsonRead(c, stats, CACHE.revalidate);
    },
  );
