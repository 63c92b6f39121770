/**
 * Path parameters and lookups that routers of several resources share: a league or team
 * named in the path, found or answered with 404.
 */
import { z } from 'zod';
import type { DB } from '../../db/connection';
import { findLeague } from '../data/leagues';
import { fail } from '../errors';
import type { LeagueDto } from '../schemas';
import { idParam, leagueIdFrom } from './validate';

export const leagueParam = z.object({ leagueId: idParam.transform(leagueIdFrom).pipe(idParam) });
export const teamParam = z.object({ teamId: idParam });

export async function requireLeague(db: DB, leagueId: string): Promise<LeagueDto> {
  const league = await findLeague(db, leagueId);
  if (!league) fail(404, 'League not found');
  return league;
}

/** The league of the path and the season asked for: the league's own when none is (404 for no league). */
export async function requireLeagueSeason(
  db: DB,
  leagueId: string,
  season: string | undefined,
): Promise<{ league: LeagueDto; season: string }> {
  const league = await requireLeague(db, leagueId);
  return { league, season: season ?? league.season };
}
