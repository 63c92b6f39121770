/**
 * Discipline reads (issue #19): a team's suspensions still to serve, and a league
 * season's cards per player. Both count approved results only, by the league's rules.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { leagueDiscipline, namesOf, teamLeague, teamSeasonBans } from '../data/discipline';
import { activeBans } from '../domain/discipline';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { nextKickoff } from '../http/next-kickoff';
import { holdUntil, jsonRead } from '../http/read';
import { idParam, seasonParam, validate } from '../http/validate';
import { leagueParam, requireLeagueSeason } from '../http/params';

export const disciplineRoutes = new Hono<AppEnv>()
  .get('/teams/:teamId/suspensions', validate('param', z.object({ teamId: idParam })), async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    const team = await teamLeague(db, teamId);
    if (!team) fail(404, 'Team not found');
    // The team's league season: a team plays in one league at a time (decision 0022).
    const league = team.league;
    const bans =
      league === undefined
        ? []
        : activeBans(
            await teamSeasonBans(db, league.league_id, league.season, teamId, c.get('options').now()),
          );
    const names = await namesOf(
      db,
      bans.map((ban) => ban.player_id),
    );
    // A ban is served as a kick-off passes: the answer holds until the team's next one.
    holdUntil(c, await nextKickoff(c, teamId));
    return jsonRead(
      c,
      {
        suspensions: bans.map((ban) => ({
          player_id: ban.player_id,
          name: names.get(ban.player_id) ?? ban.player_id,
          reason: ban.reason,
          matches_remaining: ban.matches_remaining,
          match_ids: ban.match_ids.filter((id) => !ban.served_ids.includes(id)),
        })),
      },
      CACHE.revalidate,
    );
  })
  .get(
    '/leagues/:leagueId/discipline',
    validate('param', leagueParam),
    validate('query', z.object({ season: seasonParam.optional() })),
    async (c) => {
      const db = c.get('db');
      const { league, season } = await requireLeagueSeason(
        db,
        c.req.valid('param').leagueId,
        c.req.valid('query').season,
      );
      const rows = await leagueDiscipline(db, league.league_id, season);
      return jsonRead(c, { players: rows }, CACHE.revalidate);
    },
  );
