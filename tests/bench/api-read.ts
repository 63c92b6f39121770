/**
 * Read API throughput, printed as ratios measured side by side in one run:
 * the real server (a child process) against a raw node:http server answering the same
 * bytes (body and headers), alternating, with autocannon at 50 connections. Then the mixed load (reads,
 * team selections, match reports) with its p50 and p99, and the server's memory idle
 * and after each of three repeated runs.
 *
 * BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (default 4) rounds per endpoint (the
 * server and raw node:http each go first in half of them, against the machine's drift),
 * BENCH_CONNECTIONS (default 50), BENCH_RATE (default 1000 req/s) for the fixed-rate
 * mixed run. BENCH_PARTS (default `reads,mixed,postgres,big`) picks the parts
 * (`postgres`: the read table, and the mixed load when `mixed` is on, again on a real
 * PostgreSQL server, then both engines side by side);
 * BENCH_SEED_DATE (default 2026-11-22T12:00:00Z) is the demo league's reference date;
 * SERVER_NODE_OPTIONS is handed to the server (e.g. `--import ./profile.mjs`). On the
 * large database, the league table is also timed one request at a time alone and while
 * another client downloads every match (a very large answer).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type TestServer } from '../e2e/harness';
import { postgresAvailable, startPostgres } from '../fixtures/postgres-server';
import { percentile } from './load';
import { cannon, cpuMicros, paced, rawServer, row, rssMiB, type CannonResult } from './lib/http';
import { MIXED_TEAM, mixedRequests } from './lib/mixed';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The offered rate of the fixed-rate mixed run (requests per second, all connections). */
const rate = Number(process.env.BENCH_RATE ?? 1000);
/** The demo league's "today": fixed, so runs on different days compare the same data. */
const seedDate = process.env.BENCH_SEED_DATE ?? '2026-11-22T12:00:00Z';
const parts = new Set((process.env.BENCH_PARTS ?? 'reads,mixed,postgres,big').split(','));
const serverEnv: Record<string, string> = process.env.SERVER_NODE_OPTIONS
  ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS }
  : {};

const WIDTHS = [22, 9, 11, 9, 7, 8, 8, 10];

async function bytesOf(url: string): Promise<Buffer> {
  return (await answerOf(url)).body;
}

/** Headers the raw server must not copy: per connection or per moment. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The answer as autocannon gets it: autocannon asks for no encoding, so neither does this. */
async function answerOf(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_COPIED.has(name)) headers[name] = value;
  });
  return { body: Buffer.from(await response.arrayBuffer()), headers };
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

interface ReadFigures {
  perSecond: number;
  rawPerSecond: number;
  p99: number;
}

/** Each endpoint warm, Touchline and raw node:http alternating; one printed row each. */
export async function compareReads(
  server: TestServer,
  endpoints: readonly (readonly [string, string])[],
): Promise<Map<string, ReadFigures>> {
  const figures = new Map<string, ReadFigures>();
  console.log(
    row(['endpoint', 'body', 'touchline/s', 'raw/s', 'ratio', 'p50 ms', 'p99 ms', 'CPU µs/req'], WIDTHS),
  );
  for (const [name, urlPath] of endpoints) {
    const url = server.url + urlPath;
    const { body, headers } = await answerOf(url); // warms the entry
    const raw = await rawServer(body, headers);
    const ours: { perSecond: number; p50: number; p99: number }[] = [];
    const theirs: number[] = [];
    let cpu = 0;
    let served = 0;
    let failures = 0;
    try {
      for (let round = 0; round < rounds; round++) {
        const touchline = async () => {
          const before = cpuMicros(server.pid);
          const result = await cannon({ url, connections, seconds });
          cpu += cpuMicros(server.pid) - before;
          served += result.requests;
          failures += result.errors + result.failures;
          ours.push(result);
        };
        const baseline = async () => {
          theirs.push((await cannon({ url: raw.url, connections, seconds })).perSecond);
        };
        // Each goes first in every other round, so neither gains from the machine's drift.
        if (round % 2 === 0) {
          await touchline();
          await baseline();
        } else {
          await baseline();
          await touchline();
        }
      }
    } finally {
      raw.stop();
    }
    const perSecond = mean(ours.map((result) => result.perSecond));
    const rawPerSecond = mean(theirs);
    figures.set(name, { perSecond, rawPerSecond, p99: Math.max(...ours.map((result) => result.p99)) });
    console.log(
      row(
        [
          name,
          `${(body.length / 1024).toFixed(1)} KB`,
          perSecond.toFixed(0),
          rawPerSecond.toFixed(0),
          (perSecond / rawPerSecond).toFixed(2),
          mean(ours.map((result) => result.p50)).toFixed(1),
          Math.max(...ours.map((result) => result.p99)).toFixed(1),
          (cpu / Math.max(1, served)).toFixed(0),
        ],
        WIDTHS,
      ) + (failures > 0 ? `  (${failures} failed)` : ''),
    );
  }
  return figures;
}

async function json<T>(url: string): Promise<T> {
  return JSON.parse((await bytesOf(url)).toString()) as T;
}

const MIXED_WIDTHS = [26, 9, 8, 8, 8, 11, 9];

function mixedRow(label: string, result: CannonResult, cpu: number | null, rss: number): string {
  return row(
    [
      label,
      result.perSecond.toFixed(0),
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      result.errors + result.failures,
      cpu === null ? '' : cpu.toFixed(0),
      rss.toFixed(0),
    ],
    MIXED_WIDTHS,
  );
}

/**
 * The mixed load of the reliability suite (8 reads, 1 team selection, 1 match report in
 * every 10 requests, each selection and report different): each kind alone at saturation,
 * then the mix three times over (memory must not grow from run to run), then the mix at a
 * fixed offered rate, where latency is the server's and not the queue of a saturated one.
 */
async function mixedLoad(server: TestServer): Promise<void> {
  const team = MIXED_TEAM;
  const { league_id } = await json<{ league_id: string }>(`${server.url}/api/teams/${team}`);
  const requests = await mixedRequests(server, team, league_id);
  console.log(
    `\nmixed load: 8 reads, 1 team selection, 1 match report per 10 requests, ${connections} connections`,
  );
  console.log(row(['run', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'CPU µs/req', 'RSS MiB'], MIXED_WIDTHS));
  console.log(row(['idle', '', '', '', '', '', rssMiB(server.pid).toFixed(0)], MIXED_WIDTHS));
  const measured = async (label: string, options: Parameters<typeof cannon>[0]) => {
    const before = cpuMicros(server.pid);
    const result =
      options.overallRate === undefined
        ? await cannon(options)
        : await paced({ ...options, rate: options.overallRate, requests: options.requests ?? [] });
    const cpu = (cpuMicros(server.pid) - before) / Math.max(1, result.requests);
    console.log(mixedRow(label, result, cpu, rssMiB(server.pid)));
  };
  for (const [label, only] of [
    ['reads alone', requests.slice(0, 8)],
    ['team selections alone', requests.slice(8, 9)],
    ['match reports alone', requests.slice(9, 10)],
  ] as const) {
    await measured(label, { url: server.url, connections, seconds, requests: [...only] });
  }
  for (let run = 1; run <= 3; run++) {
    await measured(`mix, saturated #${run}`, {
      url: server.url,
      connections,
      seconds: seconds * 2,
      requests,
    });
  }
  for (const offered of [rate, rate * 2]) {
    await measured(`mix at ${offered} req/s offered`, {
      url: server.url,
      connections,
      seconds: seconds * 2,
      requests,
      overallRate: offered,
    });
  }
}

const DEMO_ENDPOINTS = [
  ['/api/leagues', '/api/leagues'],
  ['league table', '/api/leagues/mwpl-26/table'],
  ['league stats', '/api/leagues/mwpl-26/stats'],
  ['team roster', '/api/teams/riverside.rovers/roster'],
  ['team matches', '/api/teams/riverside.rovers/matches'],
  ['match details', '/api/matches/53'],
  ['search ?term=ri', '/api/search?term=ri'],
] as const;

console.log(`${seconds} s per run, ${rounds} rounds, ${connections} connections, 127.0.0.1`);
let sqliteReads: Map<string, ReadFigures> | null = null;
if (parts.has('reads') || parts.has('mixed')) {
  const demo = await startServer({ env: { SEED_REFERENCE_DATE: seedDate, ...serverEnv } });
  try {
    console.log('\ndemo league, warm:');
    if (parts.has('reads')) sqliteReads = await compareReads(demo, DEMO_ENDPOINTS);
    if (parts.has('mixed')) await mixedLoad(demo);
  } finally {
    await demo.dispose();
  }
}

// The same table on PostgreSQL: a real server started here from the
// machine's binaries, one instance of Touchline on it, then both engines side by side.
if (parts.has('postgres')) {
  if (!postgresAvailable()) console.log('\nPostgreSQL: skipped, no PostgreSQL binaries');
  else {
    const postgres = await startPostgres();
    try {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      await client.query('CREATE DATABASE touchline_bench');
      await client.end();
      const demo = await startServer({
        env: {
          SEED_REFERENCE_DATE: seedDate,
          DATABASE_URL: postgres.urlOf('touchline_bench'),
          ...serverEnv,
        },
      });
      try {
        console.log('\ndemo league on PostgreSQL, warm:');
        const postgresReads = await compareReads(demo, DEMO_ENDPOINTS);
        if (parts.has('mixed')) await mixedLoad(demo);
        if (sqliteReads !== null) {
          console.log('\nside by side (each engine against raw node:http in its own rounds):');
          console.log(
            row(
              ['endpoint', 'SQLite', 'PostgreSQL', 'PG/SQLite', 'SQLite p99', 'PG p99'],
              [22, 12, 12, 10, 11, 8],
            ),
          );
          for (const [name] of DEMO_ENDPOINTS) {
            const a = sqliteReads.get(name);
            const b = postgresReads.get(name);
            if (!a || !b) continue;
            console.log(
              row(
                [
                  name,
                  (a.perSecond / a.rawPerSecond).toFixed(2),
                  (b.perSecond / b.rawPerSecond).toFixed(2),
                  (b.perSecond / a.perSecond).toFixed(2),
                  a.p99.toFixed(1),
                  b.p99.toFixed(1),
                ],
                [22, 12, 12, 10, 11, 8],
              ),
            );
          }
        }
      } finally {
        await demo.dispose();
      }
    } finally {
      postgres.stop();
    }
  }
}

/**
 * Runs `code` in a Node process of its own with `env` added; what it printed, and its exit
 * code. `stop` sends it SIGTERM when aborted.
 */
function nodeChild(
  code: string,
  env: Record<string, string>,
  stop?: AbortSignal,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stop?.addEventListener('abort', () => child.kill('SIGTERM'));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (exit) => resolve({ code: exit, output })));
}

/** Requests per endpoint in the one-at-a-time table, after as many untimed. */
const SEQUENTIAL_REQUESTS = 200;
const SEQUENTIAL_WARM = 200;

/**
 * `count` requests to `url`, one after another over one keep-alive connection, timed by a
 * client in its own process: this one has just run minutes of autocannon, and measured
 * in-process the same server's p99s crept up over a run while a fresh
 * process measured none of that (decision 0017). Latencies in ms, sorted.
 */
async function sequentialClient(url: string, count: number): Promise<number[]> {
  const code = `
    const http = require('node:http');
    const { performance } = require('node:perf_hooks');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const count = Number(process.env.COUNT);
    // The first requests warm this process (its connection, its compiled code), untimed.
    let warm = Number(process.env.WARM);
    const times = [];
    const next = () => {
      if (times.length === count) { console.log(JSON.stringify(times)); agent.destroy(); return; }
      const start = performance.now();
      http.get(process.env.URL, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200 && res.statusCode !== 304) throw new Error('status ' + res.statusCode);
          if (warm > 0) warm -= 1;
          else times.push(performance.now() - start);
          next();
        });
      });
    };
    next();`;
  const { code: exit, output } = await nodeChild(code, {
    URL: url,
    COUNT: String(count),
    WARM: String(SEQUENTIAL_WARM),
  });
  if (exit !== 0) throw new Error(`the one-at-a-time client for ${url} exited with ${exit}`);
  return (JSON.parse(output) as number[]).sort((a, b) => a - b);
}

/** One request at a time over one keep-alive connection: p50 and p99 per endpoint. */
async function sequential(server: TestServer, endpoints: readonly (readonly [string, string])[]) {
  console.log(row(['endpoint, one at a time', 'body', 'p50 ms', 'p99 ms', 'max ms'], [26, 11, 8, 8, 8]));
  for (const [name, urlPath] of endpoints) {
    const { body } = await answerOf(server.url + urlPath);
    const times = await sequentialClient(server.url + urlPath, SEQUENTIAL_REQUESTS);
    console.log(
      row(
        [
          name,
          `${(body.length / 1024).toFixed(1)} KB`,
          percentile(times, 50).toFixed(2),
          percentile(times, 99).toFixed(2),
          (times.at(-1) ?? 0).toFixed(2),
        ],
        [26, 11, 8, 8, 8],
      ),
    );
  }
}

/**
 * The league table's throughput alone and while one client loops on search terms it has
 * never asked before (every one a miss): one anonymous user must not stall the server.
 */
/** A client in its own process asking one request after another for `ms`; how many, how many 429. */
async function loopingClient(
  base: string,
  ms: number,
  fresh: boolean,
): Promise<{ n: number; limited: number }> {
  const code = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const letters = 'abcdefghijklmnoprstuvwyz';
    const until = Date.now() + Number(process.env.LOOP_MS);
    const fresh = process.env.FRESH === '1';
    let n = 0, limited = 0;
    const next = () => {
      if (Date.now() > until) { console.log(JSON.stringify({ n, limited })); agent.destroy(); return; }
      const term = fresh ? letters[n % 24] + letters[Math.floor(n / 24) % 24] + (n % 3 === 0 ? '' : letters[(n * 7) % 24]) : 'ri';
      http.get(process.env.BASE + '/api/search?term=' + term + (fresh ? '&n=' + n : ''), { agent }, (res) => {
        if (res.statusCode === 429) limited += 1;
        res.resume();
        res.on('end', () => { n += 1; next(); });
      });
    };
    next();`;
  const { output } = await nodeChild(code, { BASE: base, LOOP_MS: String(ms), FRESH: fresh ? '1' : '0' });
  return JSON.parse(output || '{"n":0,"limited":0}') as { n: number; limited: number };
}

/**
 * The league table's throughput alone, beside a client looping on searches it has never
 * asked before (each one work for the database until its budget runs out), and, as the
 * control, beside the same client asking one search the cache holds: on a 2-core machine
 * any third busy process takes its share, and the control shows how much.
 */
async function searchInterference(server: TestServer, table: string): Promise<void> {
  const alone = await cannon({ url: server.url + table, connections, seconds });
  const results: string[] = [];
  for (const fresh of [false, true]) {
    const looping = loopingClient(server.url, (seconds + 1) * 1000, fresh);
    const beside = await cannon({ url: server.url + table, connections, seconds });
    const { n, limited } = await looping;
    results.push(
      `  beside a client looping on ${fresh ? 'new search terms' : 'one cached search (control)'}: ` +
        `${beside.perSecond.toFixed(0)} req/s, ratio ${(beside.perSecond / alone.perSecond).toFixed(2)} ` +
        `(${(n / (seconds + 1)).toFixed(0)} searches/s, ${limited} refused 429)`,
    );
  }
  console.log(`league table alone: ${alone.perSecond.toFixed(0)} req/s`);
  for (const line of results) console.log(line);
}

/**
 * A client in its own process asking `url` one request after another until it is sent
 * SIGTERM; then it prints its latencies (ms).
 */
function loopUntilStopped(url: string): { stop(): Promise<number[]> } {
  const code = `
    const http = require('node:http');
    const { performance } = require('node:perf_hooks');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = [];
    let stopped = false;
    process.on('SIGTERM', () => (stopped = true));
    const next = () => {
      if (stopped) { console.log(JSON.stringify(times)); agent.destroy(); return; }
      const start = performance.now();
      http.get(process.env.URL, { agent }, (res) => {
        res.resume();
        res.on('end', () => { times.push(performance.now() - start); next(); });
      });
    };
    next();`;
  const stopping = new AbortController();
  const done = nodeChild(code, { URL: url }, stopping.signal);
  return {
    async stop() {
      stopping.abort();
      const { output } = await done;
      return (JSON.parse(output || '[]') as number[]).sort((a, b) => a - b);
    },
  };
}

/** Downloads `url` whole in a process of its own; its size and how long it took. */
async function downloadWhole(url: string, encoding: string): Promise<{ bytes: number; ms: number }> {
  const code = `
    const http = require('node:http');
    const start = Date.now();
    http.get(process.env.URL, { headers: { 'Accept-Encoding': process.env.ENCODING } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => console.log(JSON.stringify({ bytes, ms: Date.now() - start })));
    });`;
  const { output } = await nodeChild(code, { URL: url, ENCODING: encoding });
  return JSON.parse(output) as { bytes: number; ms: number };
}

/**
 * The league table, one request at a time, alone and while another client downloads
 * nearly every match of the database (`GET /api/matches?future=false`, a very large
 * answer; without a filter the list is paged): built in one go, that list held every
 * other request for seconds (decision 0017).
 */
async function besideTheWholeList(server: TestServer, table: string): Promise<void> {
  const cells = [36, 10, 8, 8, 9, 16];
  console.log(
    row(['league table, one at a time', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'p99 / alone'], cells),
  );
  let aloneP99 = 0;
  const print = (label: string, times: number[]) =>
    console.log(
      row(
        [
          label,
          String(times.length),
          percentile(times, 50).toFixed(2),
          percentile(times, 99).toFixed(2),
          (times.at(-1) ?? 0).toFixed(2),
          (percentile(times, 99) / aloneP99).toFixed(1),
        ],
        cells,
      ),
    );
  const alone = loopUntilStopped(server.url + table);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const aloneTimes = await alone.stop();
  aloneP99 = percentile(aloneTimes, 99);
  print('alone (5 s)', aloneTimes);
  for (const encoding of ['identity', 'br']) {
    const beside = loopUntilStopped(server.url + table);
    const download = await downloadWhole(server.url + '/api/matches?future=false', encoding);
    const times = await beside.stop();
    print(`beside every match (${encoding}, ${(download.ms / 1000).toFixed(1)} s)`, times);
    console.log(`  (${(download.bytes / 2 ** 20).toFixed(0)} MiB sent)`);
  }
}

if (parts.has('big')) {
  const { bigReadEndpoints, ensureBigDatabase } = await import('./big-db');
  const file = await ensureBigDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-big-'));
  fs.symlinkSync(file, path.join(dataDir, 'touchline.db'));
  const big = await startServer({ dataDir, env: serverEnv });
  try {
    const endpoints = bigReadEndpoints();
    const named = (names: string[]) => endpoints.filter(([name]) => names.includes(name));
    console.log(`\nlarge database (${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB), warm:`);
    // `search-only` or `whole-list-only` beside `big` runs that table alone.
    const all = !parts.has('search-only') && !parts.has('whole-list-only');
    if (all) {
      await compareReads(
        big,
        named(['leagues', 'league table', 'league stats', 'team roster', 'team matches', 'match', 'search']),
      );
      console.log('');
      await sequential(big, endpoints);
      console.log('');
    }
    const table = named(['league table'])[0]?.[1] ?? '/api/leagues';
    if (all || parts.has('whole-list-only')) {
      await besideTheWholeList(big, table);
      console.log('');
    }
    if (all || parts.has('search-only')) await searchInterference(big, table);
  } finally {
    await big.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
