/**
 * "The team plays in the match", home or away: the one spelling of it in SQL, for every
 * statement that reads a team's matches. Each side has its indexes (matches_home and
 * matches_away by date, matches_home_season and matches_away_season by league and
 * season), so an engine reads the two sides as index ranges and joins them (SQLite:
 * MULTI-INDEX OR; PostgreSQL: a BitmapOr).
 *
 * A statement that also keeps one league or one season gives them here rather than beside
 * the predicate: each side then carries them, and is one range of its season index
 * whatever the planner knows of the data. Beside it, SQLite without statistics (a
 * database nobody ran ANALYZE on) read the whole league's season through
 * matches_league_season instead. tests/db/query-plans.test.ts plans every use.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

export interface PlaysIn {
  /** The name the statement gives the matches table: its alias, or the table's own. */
  table?: string;
  /** Only the matches of this league. */
  leagueId?: string;
  /** Only the matches of this season. */
  season?: string;
}

export function playsIn(
  teamId: string,
  { table = 'm', leagueId, season }: PlaysIn = {},
): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const side = (team: 'home_team' | 'away_team') => {
    const terms = [sql`${column(team)} = ${teamId}`];
    if (leagueId !== undefined) terms.push(sql`${column('league_id')} = ${leagueId}`);
    if (season !== undefined) terms.push(sql`${column('season')} = ${season}`);
    return terms.length === 1 ? terms[0] : sql`(${sql.join(terms, sql` and `)})`;
  };
  return sql<SqlBool>`(${side('home_team')} or ${side('away_team')})`;
}
