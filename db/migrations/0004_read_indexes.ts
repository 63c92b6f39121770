/**
 * Indexes so that no statement of the API reads a table that grows with the whole
 * database (tests/db/query-plans.test.ts checks every statement's plan on
 * the statistics of a 500-league database).
 *
 * - `matches_date`: the next matches of the whole competition (GET /api/matches?future=true
 *   &limit=n) are a range of it in list order (match_date, then id, the rowid every
 *   index ends with). Without it SQLite walked every team's home matches.
 * - `matches_reported_by_team`: deleting a team checks the matches reporting for it
 *   (the foreign key); partial, as most matches have no report yet.
 * - `match_events_team`: the matches a team's events name (a team with any cannot be
 *   deleted), and the foreign key check when a team is deleted.
 * - `match_squads_player`: a player's appearances (player profile metrics), whether a
 *   player has history, and the foreign key check when a player is deleted. The unique
 *   (match_id, player_id) index only offered a skip-scan over every match.
 * - `match_squads_team`: the matches a team's squads name, and the foreign key check when
 *   a team is deleted. 0001's (match_id, team_id) stays: match lists read squads grouped
 *   by match and team from it (api/data/matches.ts).
 * - `league_news_league`: a league's news, newest first (GET /api/mwpl_news?league_id=),
 *   read in order from it instead of walking every league's news by date.
 */
import { sql, type Kysely } from 'kysely';

export const statements = [
  sql`CREATE INDEX matches_date ON matches (match_date)`,
  sql`CREATE INDEX matches_reported_by_team ON matches (reported_by_team) WHERE reported_by_team IS NOT NULL`,
  sql`CREATE INDEX match_events_team ON match_events (team_id, match_id)`,
  sql`CREATE INDEX match_squads_player ON match_squads (player_id)`,
  sql`CREATE INDEX match_squads_team ON match_squads (team_id, match_id)`,
  sql`CREATE INDEX league_news_league ON league_news (league_id, published_at)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
