/**
 * Global setup of the PostgreSQL projects (unit-pg, reliability-pg): starts one real
 * PostgreSQL server for the run (tests/fixtures/postgres-server.ts), migrates a template
 * database once, and hands its URL to the test files (`inject('postgres')`); each test
 * app then gets a fresh database copied from the template (tests/fixtures/engine.ts).
 * A second template holds the tiny league (tests/fixtures/factory.ts), built once here
 * rather than row by row for every test that starts from it. The server is stopped and
 * its folder deleted after the run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../db/connection';
import { buildTinyLeague, type TinyLeagueIds } from '../fixtures/factory';
import { startPostgres, type PostgresServer } from '../fixtures/postgres-server';

export const TEMPLATE_DATABASE = 'touchline_template';
export const TINY_LEAGUE_DATABASE = 'touchline_tiny_league';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: {
      url: string;
      template: string;
      tinyLeague: { template: string; matchIds: TinyLeagueIds };
    } | null;
  }
}

let server: PostgresServer | null = null;

async function onServer<T extends pg.QueryResultRow>(url: string, statement: string): Promise<T[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return (await admin.query<T>(statement)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * A pool's end() resolves before its backends have exited, and a database is a
 * template only with no session on it.
 */
async function whenUnused(url: string, database: string): Promise<void> {
  const sessions = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${database}'`;
  while ((await onServer<{ n: number }>(url, sessions))[0]?.n !== 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export default async function setup(project: TestProject) {
  server = await startPostgres();
  await onServer(server.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const migrated = await openStore({ databaseUrl: server.urlOf(TEMPLATE_DATABASE), file: '' });
  await migrated.close();
  await whenUnused(server.url, TEMPLATE_DATABASE);

  await onServer(server.url, `CREATE DATABASE ${TINY_LEAGUE_DATABASE} TEMPLATE ${TEMPLATE_DATABASE}`);
  const tiny = await openStore({ databaseUrl: server.urlOf(TINY_LEAGUE_DATABASE), file: '' });
  let matchIds: TinyLeagueIds;
  try {
    ({ matchIds } = await buildTinyLeague(tiny.db));
  } finally {
    await tiny.close();
  }
  await whenUnused(server.url, TINY_LEAGUE_DATABASE);

  project.provide('postgres', {
    url: server.url,
    template: TEMPLATE_DATABASE,
    tinyLeague: { template: TINY_LEAGUE_DATABASE, matchIds },
  });
  return () => {
    server?.stop();
    server = null;
  };
}
