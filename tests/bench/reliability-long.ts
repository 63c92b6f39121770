/**
 * The long reliability run: 20,000 bad inputs, 100 SIGKILLs under write
 * load, 60 s of mixed load at 50 connections, the security checks and the backup.
 * `npm test` runs the short variant of the same suite.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'reliability'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY: 'long' },
});
process.exit(result.status ?? 1);
