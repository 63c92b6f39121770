/**
 * The read cache keeps a shared answer while the tables its route reads are unchanged,
 * and takes those tables from SHARED_READ_TABLES. This runs every shared route with real
 * ids and query variants, records each statement it runs, and fails when one reads a
 * table its route does not declare: a stale answer would follow.
 */
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { routePattern } from '../../api/domain/public-reads';
import { SHARED_READ_TABLES } from '../../api/router';
import { openAndMigrate, withStatementCache } from '../../db/connection';
import { PART_OF, tablesNamedIn } from '../../db/data-version';
import type { Database } from '../../db/schema';
import { TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { buildTinyLeague, NOW } from '../fixtures/factory';

const REQUESTS = [
  '/api/leagues',
  '/api/leagues?season=2026',
  '/api/leagues?limit=1',
  '/api/leagues/tl-26',
  '/api/leagues/tl-26/table',
  '/api/leagues/tl-26/table?season=2025',
  '/api/leagues/tl-26/matches',
  '/api/leagues/tl-26/stats',
  '/api/leagues/tl-26/rules',
  '/api/leagues/tl-26/deductions',
  '/api/leagues/tl-26/discipline',
  '/api/leagues/tl-26/table.csv',
  '/api/leagues/tl-26/table.csv?season=2025',
  '/api/leagues/tl-26/matches.csv',
  '/api/leagues/tl-26/stats.csv?kind=scorers',
  '/api/leagues/tl-26/stats.csv?kind=clean_sheets',
  '/api/teams/north.town/roster.csv',
  '/api/teams',
  '/api/teams?season=2026',
  '/api/teams?league_id=tl-26&limit=2',
  '/api/teams/north.town',
  '/api/teams/north.town/roster',
  '/api/teams/north.town/stats',
  '/api/teams/north.town/seasons',
  '/api/teams/north.town/suspensions',
  '/api/teams/north.town/matches',
  '/api/teams/north.town/matches?past=true&limit=1',
  '/api/teams/north.town/matches?past=false',
  '/api/matches',
  '/api/matches?future=true&team_id=north.town&limit=1',
  '/api/matches?future=false',
  '/api/matches/between/north.town/south.city',
  '/api/matches/:first',
  '/api/players/nt.gk',
  '/api/player/nt.gk',
  '/api/coaches/nt-coach',
  '/api/search?term=north',
  '/api/search?term=no',
  '/api/search?term=tiny%20league',
];

describe('the tables each shared read depends on', () => {
  it('cover every table its statements read', async () => {
    const connection = await openAndMigrate(':memory:');
    try {
      const { matchIds } = await buildTinyLeague(connection.db);
      const statements: string[] = [];
      const logged = new Kysely<Database>({
        dialect: new SqliteDialect({ database: withStatementCache(connection.sqlite) }),
        log: (event) => void statements.push(event.query.sql),
      });
      const app = createApp(logged, {
        jwtSecret: TEST_SECRET,
        imagesDir: '/nonexistent',
        passwordCost: TEST_PASSWORD_COST,
        now: () => NOW,
      });
      const known = new Set(
        connection.sqlite
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")
          .pluck()
          .all() as string[],
      );
      const routes = Object.keys(SHARED_READ_TABLES) as (keyof typeof SHARED_READ_TABLES)[];
      const exercised = new Set<string>();
      const first = Object.values(matchIds)[0];
      const undeclared: Record<string, string[]> = {};
      for (const request of REQUESTS) {
        const url = request.replace(':first', String(first));
        const pathname = url.split('?')[0] ?? url;
        const route = routes.find((candidate) => routePattern(candidate).test(pathname));
        expect(route, `${url} is a shared read`).toBeDefined();
        if (route === undefined) continue;
        exercised.add(route);
        statements.length = 0;
        const response = await app.request(url);
        expect(response.status, url).toBeLessThan(500);
        const read = new Set(statements.flatMap((source) => tablesNamedIn(source, known)));
        const declared = new Set<string>(
          (SHARED_READ_TABLES[route] ?? []).flatMap((table: string) => [table, ...(PART_OF[table] ?? [])]),
        );
        const missing = [...read].filter((table) => !declared.has(table)).sort();
        if (missing.length > 0) undeclared[`${route} (${url})`] = missing;
      }
      expect(undeclared, 'tables read but not declared in SHARED_READ_TABLES').toEqual({});
      expect([...exercised].sort()).toEqual([...routes].sort());
    } finally {
      await connection.close();
    }
  });
});
