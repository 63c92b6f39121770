/**
 * PostgreSQL twin of db/migrations/0004_read_indexes.ts: the same indexes, same names
 * (see there for what each one serves).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
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
