/**
 * Calendar feeds (issue #21): a team's and a league's matches as iCalendar, for calendar
 * apps to subscribe to. The whole current season, past and future, so the answer does
 * not depend on the clock; an ETag and 304 like every read.
 *
 * Not kept by the server's read cache: the match links are absolute, built from the
 * request's own origin, and that cache keys answers by path alone.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { calendarMatches } from '../data/calendar';
import { findLeague } from '../data/leagues';
import { getTeam, teamSeasons } from '../data/teams';
import { leagueIdOf } from '../domain/league-id';
import { fail } from '../errors';
import { idParam, validate } from '../http/validate';
import { leagueParam, requireLeague } from '../http/params';

const teamParam = z.object({ teamId: idParam });

import { calendarRead } from '../http/calendar';

export const calendarRoutes = new Hono<AppEnv>()
  .get('/teams/:teamId/calendar.ics', validate('param', teamParam), async (c) => {
    const db = c.get('db');
    const team = await getTeam(db, c.req.valid('param').teamId);
    if (!team) fail(404, 'Team not found');
    // The season of the team's league; a team in no league: its latest season with matches.
    const leagueId = leagueIdOf(team.league_id);
    const league = leagueId === null ? undefined : await findLeague(db, leagueId);
    const season = league?.season ?? (await teamSeasons(db, team.team_id))[0];
    const matches = season === undefined ? [] : await calendarMatches(db, { teamId: team.team_id, season });
    return calendarRead(c, team.team_name, matches);
  })
  .get('/leagues/:leagueId/calendar.ics', validate('param', leagueParam), async (c) => {
    const db = c.get('db');
    const league = await requireLeague(db, c.req.valid('param').leagueId);
    const matches = await calendarMatches(db, { leagueId: league.league_id, season: league.season });
    return calendarRead(c, `${league.league_name} ${league.season}`, matches);
  });
