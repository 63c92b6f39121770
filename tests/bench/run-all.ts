/**
 * `npm run bench`: runs every benchmark in this folder one after another. Each prints
 * its own figures; none fails on timing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run-all.ts' && !file.endsWith('.d.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
