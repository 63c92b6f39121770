/**
 * League reads: the list, a league's table, matches and leaderboards.
 * A league's season defaults to the league record's own season.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app';
import type { DB } from '../../db/connection';
import { listMatches } from '../data/matches';
import { leaderboards } from '../data/stats';
import { computeStandings } from '../domain/standings';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { idParam, leagueIdFrom, seasonParam, validate } from '../http/validate';
import type { LeagueDto } from '../schemas';

const leagueParam = z.object({ leagueId: idParam.transform(leagueIdFrom).pipe(idParam) });
const seasonQuery = z.object({ season: seasonParam.optional() });

async function findLeague(db: DB, leagueId: string): Promise<LeagueDto> {
  const league = await db
    .selectFrom('leagues')
    .select(['league_id', 'league_name', 'season', 'status', 'location'])
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  if (!league) fail(404, 'League not found');
  return league;
}

/** Teams of a league season: those with matches in it, else the teams registered to the league. */
async function leagueTeams(db: DB, leagueId: string, season: string) {
  const playing = await db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'logo'])
    .where((eb) =>
      eb.or([
        eb(
          'team_id',
          'in',
          eb
            .selectFrom('matches')
            .select('home_team')
            .where('league_id', '=', leagueId)
            .where('season', '=', season),
        ),
        eb(
          'team_id',
          'in',
          eb
            .selectFrom('matches')
            .select('away_team')
            .where('league_id', '=', leagueId)
            .where('season', '=', season),
        ),
      ]),
    )
    .execute();
  if (playing.length > 0) return playing;
  return db
    .selectFrom('teams')
    .select(['team_id', 'team_name', 'logo'])
    .where('league_id', '=', leagueId)
    .execute();
}

export const leagueRoutes = new Hono<AppEnv>()
  .get('/leagues', validate('query', seasonQuery), async (c) => {
    const { season } = c.req.valid('query');
    let query = c.var.db
      .selectFrom('leagues')
      .select(['league_id', 'league_name', 'season', 'status', 'location'])
      .orderBy('season', 'desc')
      .orderBy('league_name')
      .orderBy('league_id');
    if (season !== undefined) query = query.where('season', '=', season);
    const leagues: LeagueDto[] = await query.execute();
    return c.json({ leagues }, 200, { 'Cache-Control': CACHE.leagues });
  })
  .get('/leagues/:leagueId', validate('param', leagueParam), async (c) => {
    const league = await findLeague(c.var.db, c.req.valid('param').leagueId);
    return c.json(league, 200, { 'Cache-Control': CACHE.revalidate });
  })
  .get(
    '/leagues/:leagueId/table',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const league = await findLeague(c.var.db, c.req.valid('param').leagueId);
      const season = c.req.valid('query').season ?? league.season;
      const teams = await leagueTeams(c.var.db, league.league_id, season);
      const matches = await c.var.db
        .selectFrom('matches')
        .select(['home_team', 'away_team', 'home_score', 'away_score', 'approved'])
        .where('league_id', '=', league.league_id)
        .where('season', '=', season)
        .where('approved', '=', 'TRUE')
        .execute();
      return c.json({ standings: computeStandings(teams, matches) }, 200, {
        'Cache-Control': CACHE.revalidate,
      });
    },
  )
  .get(
    '/leagues/:leagueId/matches',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const league = await findLeague(c.var.db, c.req.valid('param').leagueId);
      const season = c.req.valid('query').season ?? league.season;
      const matches = await listMatches(c.var.db, { leagueId: league.league_id, season });
      return c.json({ matches }, 200, { 'Cache-Control': CACHE.revalidate });
    },
  )
  .get(
    '/leagues/:leagueId/stats',
    validate('param', leagueParam),
    validate('query', seasonQuery),
    async (c) => {
      const league = await findLeague(c.var.db, c.req.valid('param').leagueId);
      const season = c.req.valid('query').season ?? league.season;
      const stats = await leaderboards(c.var.db, { leagueId: league.league_id, season });
      return c.json(stats, 200, { 'Cache-Control': CACHE.revalidate });
    },
  );
