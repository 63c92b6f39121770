/**
 * `npm run test:postgres`: the tests that read or write the database on a real
 * PostgreSQL server (vitest projects unit-pg and reliability-pg), when this machine
 * has PostgreSQL's binaries; otherwise it says so and passes (`.ci/run` installs them,
 * so CI always runs both engines). TOUCHLINE_REQUIRE_POSTGRES=1 makes their absence an error.
 */
import { spawnSync } from 'node:child_process';
import { postgresAvailable } from '../fixtures/postgres-server';

if (!postgresAvailable()) {
  const message = 'PostgreSQL suites skipped: no PostgreSQL binaries (apt-get install -y postgresql).';
  if (process.env.TOUCHLINE_REQUIRE_POSTGRES === '1') {
    console.error(message);
    process.exit(1);
  }
  console.log(message);
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit-pg', '--project', 'reliability-pg', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
