/**
 * `npm start`: builds the app when dist/ is missing or older than its sources,
 * then starts the server (migrate, seed an empty database, serve).
 */
import { buildWhenStale } from './build-when-stale';
import { DIST_DIR, main } from './server';

try {
  buildWhenStale(DIST_DIR);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await main();
