/**
 * Builds the app (vite build, then the server-rendering build into dist-server/) when
 * either is missing or older than the sources: used by `npm start` and by tools that
 * serve the built app (the UI audit).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** The server-rendering build, beside dist/. */
export const SERVER_ENTRY = path.join('dist-server', 'entry-server.js');

export function buildIsStale(distDir: string): boolean {
  const built = Math.min(
    newestMtime(path.join(distDir, 'index.html')),
    newestMtime(path.join(distDir, '..', SERVER_ENTRY)),
  );
  if (built === 0) return true;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** Builds when stale; throws when the build fails (its output went to the terminal). */
export function buildWhenStale(distDir: string): void {
  if (!buildIsStale(distDir)) return;
  console.log('Building the app (dist/ is missing or older than the sources)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The build failed; see the output above.');
  }
}
