/**
 * `npm start`: builds the app when dist/ is missing or older than its sources,
 * then starts the server (migrate, seed an empty database, serve).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, main } from './server';

const root = fileURLToPath(new URL('..', import.meta.url));
// build/ holds the Vite plugins, such as the one that draws the icons.
const SOURCES = ['src', 'sw', 'public', 'build', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsStale(): boolean {
  const built = newestMtime(path.join(DIST_DIR, 'index.html'));
  if (built === 0) return true;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  console.log('Building the app (dist/ is missing or older than the sources)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}
await main();
