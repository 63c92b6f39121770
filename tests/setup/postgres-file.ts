/**
 * Setup of every file of the PostgreSQL projects: after the file's tests, the databases
 * still being dropped are waited for and the copies made ahead for tests that never
 * came are dropped (tests/fixtures/engine.ts), so no file leaves a database behind.
 */
import { afterAll } from 'vitest';
import { settlePostgres } from '../fixtures/engine';

afterAll(async () => {
  await settlePostgres();
});
