/**
 * When "upcoming" and "past" answers change by themselves: at the next kickoff (of one
 * team, or of any match). The read cache holds such an answer until then.
 */
import type { Context } from 'hono';
import { listMatches } from '../data/matches';
import type { AppEnv } from '../env';

export async function nextKickoff(c: Context<AppEnv>, teamId?: string): Promise<string | null> {
  const [next] = await listMatches(c.var.db, {
    after: c.var.options.now().toISOString(),
    ...(teamId !== undefined && { teamId }),
    limit: 1,
    order: 'asc',
  });
  return next?.match_date ?? null;
}
