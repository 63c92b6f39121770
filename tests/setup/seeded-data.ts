/**
 * Global setup of the projects whose tests start the real server (e2e, reliability):
 * seeds the demo league once, by starting the server over an empty data folder and
 * stopping it, and hands that folder to the test files (`inject('seededDataDir')`). A
 * server started on a copy of it (tests/e2e/harness.ts, `copyOf`) finds the database
 * seeded and skips the seed, which is most of a first start. The folder is removed
 * after the run.
 */
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { seededDataDir } from '../e2e/harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's data folder with the seeded demo league; copy it, never use it. */
    seededDataDir: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await seededDataDir();
  project.provide('seededDataDir', dir);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
