/**
 * When "upcoming" and "past" answers change by themselves: at the next kickoff (of one
 * team, or of any match). The read cache holds such an answer until then.
 */
import type { Context } from 'hono';
import { findMatchRows } from '../data/matches';
import type { AppEnv } from '../env';

export async function nextKickoff(c: Context<AppEnv>, teamId?: string): Promise<string | null> {
  // The row is enough: its events and squads are not needed for its date.
  const [next] = await findMatchRows(c.get('db'), {
    after: c.get('options').now().toISOString(),
    ...(teamId !== undefined && { teamId }),
    limit: 1,
    order: 'asc',
  });
  return next?.match_date ?? null;
}
