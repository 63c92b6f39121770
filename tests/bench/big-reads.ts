/**
 * Public reads over the big database (tests/bench/big-db.ts, generated on first use):
 * every read route, called in-process (app.request, no sockets) one request at a time,
 * rotating over 20 real ids of its kind so the figure is not one lucky row. The first
 * call for each id is timed apart (a first read: nothing of that id remembered yet),
 * then 200 calls are timed warm. Prints the warm p50 and p99, the first reads' median
 * and worst, and the body size per endpoint against the read target (p99 ≤ 10 ms).
 * It reports; it never fails on timing.
 * BIG_READS_ITERATIONS changes the count; a route filter as argument runs only matching rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { openAndMigrate } from '../../db/connection';
import { createPrng } from '../../db/seed/prng';
import { BIG_DB_NOW, bigDatabase } from './big-db';

const ITERATIONS = Number(process.env.BIG_READS_ITERATIONS ?? 200);
const POOL = 20;
const TARGET_P99_MS = 10;
const filters = process.argv.slice(2);

const { file, summary, reused } = await bigDatabase();
console.log(`${reused ? 'reusing' : 'generated'} ${file}`);
const connection = await openAndMigrate(file);
const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-big-reads-'));
const app = createApp(connection.db, {
  jwtSecret: 'big-reads-bench-secret-0123456789abcdef',
  imagesDir,
  now: () => BIG_DB_NOW,
});

/** `count` values of a column, spread over the whole table by a seeded shuffle. */
function sample(sql: string, count = POOL): string[] {
  const rows = connection.sqlite.prepare(sql).pluck().all() as (string | number)[];
  return createPrng(15)
    .shuffle(rows)
    .slice(0, count)
    .map((value) => encodeURIComponent(String(value)));
}

const { ids } = summary;
const leagues = [ids.leagueId, ids.activeLeagueId, ...sample('SELECT league_id FROM leagues', POOL - 2)];
const teams = [ids.completedTeamId, ids.teamId, ...sample('SELECT team_id FROM teams', POOL - 2)];
const matches = [String(ids.matchId), ...sample('SELECT id FROM matches', POOL - 1)];
const players = [ids.playerId, ...sample('SELECT id FROM players', POOL - 1)];
const coaches = [ids.coachUserId.replaceAll('.', '-'), ...sample('SELECT user_id FROM coaches', POOL - 1)];
const pairs = connection.sqlite
  .prepare("SELECT home_team, away_team FROM matches WHERE approved = 'TRUE' AND id % 9973 = 1")
  .all() as { home_team: string; away_team: string }[];
const terms = [
  'jo',
  'carter',
  'José',
  'ashford',
  'rovers',
  'wiśniewski',
  'north ash',
  'Ørn',
  'smith',
  'kelby',
];

const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** Name, the path for the i-th call, and how many calls (a whole-database list gets a few). */
const endpoints: [string, (i: number) => string, number?][] = [
  ['leagues (all)', () => '/api/leagues'],
  ['leagues ?season', () => '/api/leagues?season=2026'],
  ['league', (i) => `/api/leagues/${at(leagues, i)}`],
  ['league table', (i) => `/api/leagues/${at(leagues, i)}/table`],
  ['league matches', (i) => `/api/leagues/${at(leagues, i)}/matches`],
  ['league stats', (i) => `/api/leagues/${at(leagues, i)}/stats`],
  ['teams (all)', () => '/api/teams'],
  ['team', (i) => `/api/teams/${at(teams, i)}`],
  ['team roster', (i) => `/api/teams/${at(teams, i)}/roster`],
  ['team stats', (i) => `/api/teams/${at(teams, i)}/stats`],
  ['team seasons', (i) => `/api/teams/${at(teams, i)}/seasons`],
  ['team matches', (i) => `/api/teams/${at(teams, i)}/matches`],
  ['team last result', (i) => `/api/teams/${at(teams, i)}/matches?past=true&sort=desc&limit=1`],
  ['next match of team', (i) => `/api/matches?future=true&team_id=${at(teams, i)}&limit=1`],
  ['team upcoming', (i) => `/api/matches?team_id=${at(teams, i)}&future=true`],
  ['next matches (all)', () => '/api/matches?future=true&limit=5'],
  ['matches (a page)', () => '/api/matches'],
  // Paged without a filter; kicked off is nearly every match of the database, in one answer.
  ['matches kicked off (all)', () => '/api/matches?future=false', 3],
  ['head to head', (i) => `/api/matches/between/${at(pairs, i).home_team}/${at(pairs, i).away_team}`],
  ['match', (i) => `/api/matches/${at(matches, i)}`],
  ['player', (i) => `/api/players/${at(players, i)}`],
  ['coach', (i) => `/api/coaches/${at(coaches, i)}`],
  ['league news', () => '/api/mwpl_news'],
  ['league news ?league', (i) => `/api/mwpl_news?league_id=${at(leagues, i)}`],
  ['search', (i) => `/api/search?term=${encodeURIComponent(at(terms, i))}`],
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function call(url: string): Promise<number> {
  const response = await app.request(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return body.length;
}

console.log(
  `${ITERATIONS} sequential calls per endpoint (whole-database lists fewer), clock ${BIG_DB_NOW.toISOString()}`,
);
console.log('endpoint               calls   p50 ms   p99 ms   first reads: p50 ms  max ms     body');
const slow: string[] = [];
try {
  for (const [name, url, count = ITERATIONS] of endpoints) {
    if (filters.length > 0 && !filters.some((filter) => name.includes(filter))) continue;
    const firsts: number[] = [];
    let size = 0;
    for (let i = 0; i < Math.min(POOL, count); i++) {
      const started = performance.now();
      const length = await call(url(i));
      firsts.push(performance.now() - started);
      if (i === 0) size = length;
    }
    firsts.sort((a, b) => a - b);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await call(url(i));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    if (p99 > TARGET_P99_MS) slow.push(name);
    console.log(
      [
        name.padEnd(22),
        String(count).padStart(5),
        percentile(times, 50).toFixed(2).padStart(8),
        p99.toFixed(2).padStart(8),
        percentile(firsts, 50).toFixed(2).padStart(22),
        (firsts.at(-1) ?? 0).toFixed(2).padStart(7),
        `${(size / 1024).toFixed(1)}KB`.padStart(9),
        p99 > TARGET_P99_MS ? ' over target' : '',
      ].join(' '),
    );
  }
  console.log(
    slow.length === 0 ? 'every endpoint within target' : `over ${TARGET_P99_MS} ms p99: ${slow.join(', ')}`,
  );
} finally {
  await connection.close();
  fs.rmSync(imagesDir, { recursive: true, force: true });
}
