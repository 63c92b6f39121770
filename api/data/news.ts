/** League news stored in the database (team news and video come from feeds, not here). */
import type { DB } from '../../db/connection';
import { rows } from '../../db/store';
import type { NewsItemDto } from '../schemas';

/** Newest first; of one league when `leagueId` is given. */
export async function listLeagueNews(
  db: DB,
  { leagueId, limit }: { leagueId?: string; limit: number },
): Promise<NewsItemDto[]> {
  let query = db
    .selectFrom('league_news')
    .select(['title', 'link', 'image', 'description', 'published_at as date'])
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (leagueId !== undefined) query = query.where('league_id', '=', leagueId);
  return rows(db, query);
}
