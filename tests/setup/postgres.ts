/**
 * Global setup of the PostgreSQL projects (unit-pg, reliability-pg): starts one real
 * PostgreSQL server for the run (tests/fixtures/postgres-server.ts), migrates a template
 * database once, and hands its URL to the test files (`inject('postgres')`); each test
 * app then gets a fresh database copied from the template (tests/fixtures/app.ts). The
 * server is stopped and its folder deleted after the run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../db/connection';
import { startPostgres, type PostgresServer } from '../fixtures/postgres-server';

export const TEMPLATE_DATABASE = 'touchline_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; template: string } | null;
  }
}

let server: PostgresServer | null = null;

export default async function setup(project: TestProject) {
  server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const connection = await openStore({ databaseUrl: server.urlOf(TEMPLATE_DATABASE), file: '' });
  await connection.close();
  project.provide('postgres', { url: server.url, template: TEMPLATE_DATABASE });
  return () => {
    server?.stop();
    server = null;
  };
}
