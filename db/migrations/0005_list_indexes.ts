/**
 * Indexes for the keyset-paged lists: each one delivers its list in the
 * list's own order, so a page is an index range read with no sort.
 *
 * - GET /api/teams orders by (team_name, team_id): `teams_name`.
 * - GET /api/teams?league_id= (and ?season=, one range per league of the season, merged)
 *   orders by the same key within a league: `teams_league_name`. It starts with
 *   league_id, so it also serves every lookup 0001's `teams_league` did (the foreign key
 *   from leagues, the league table's registered teams); that index is dropped.
 * - GET /api/leagues orders by (season DESC, league_name, league_id): `leagues_season_name`,
 *   which also finds a season's leagues.
 */
import { sql, type Kysely } from 'kysely';

export const statements = [
  sql`CREATE INDEX teams_name ON teams (team_name, team_id)`,
  sql`CREATE INDEX teams_league_name ON teams (league_id, team_name, team_id)`,
  sql`DROP INDEX teams_league`,
  sql`CREATE INDEX leagues_season_name ON leagues (season DESC, league_name, league_id)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are typed against no schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
