/**
 * PostgreSQL twin of db/migrations/0005_list_indexes.ts: the same indexes for the
 * keyset-paged lists, same names, and 0001's teams_league dropped (teams_league_name
 * starts with league_id and serves its lookups).
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE INDEX teams_name ON teams (team_name, team_id)`,
  sql`CREATE INDEX teams_league_name ON teams (league_id, team_name, team_id)`,
  sql`DROP INDEX teams_league`,
  sql`CREATE INDEX leagues_season_name ON leagues (season DESC, league_name, league_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
