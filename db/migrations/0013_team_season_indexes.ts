/**
 * A team's matches of one league season: every squad and report checks the
 * team's suspensions, which reads them (api/data/discipline.ts). Without these, SQLite
 * found them through `matches_league_season`, every match of the league (many times
 * as many); with them, each half (home, away) is one index range.
 */
import { sql, type Kysely } from 'kysely';

export const statements = [
  sql`CREATE INDEX matches_home_season ON matches (home_team, league_id, season)`,
  sql`CREATE INDEX matches_away_season ON matches (away_team, league_id, season)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
