/**
 * Read API throughput: the real server over the demo database against a raw
 * node:http server answering a fixed JSON body of the same size, for the league
 * table, a team roster and a team's matches. Prints req/s, p50, p99 and the ratio.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the run.
 */
import { spawn } from 'node:child_process';
import { startServer } from '../e2e/harness';
import { runLoad } from './load';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function rawServer(body: string): Promise<{ url: string; stop: () => void }> {
  const code = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY);
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { env: { ...process.env, BODY: body } });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('raw server exited')));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const server = await startServer({ env: { SEED_REFERENCE_DATE: '2026-11-22T12:00:00Z' } });
try {
  const endpoints = [
    ['league table', '/api/leagues/mwpl-26/table'],
    ['team roster', '/api/teams/riverside.rovers/roster'],
    ['team matches', '/api/teams/riverside.rovers/matches'],
  ] as const;
  console.log(`${seconds} s per run, ${connections} connections, 127.0.0.1`);
  console.log('endpoint        body     touchline req/s  p50 ms  p99 ms | raw req/s  p50 ms  p99 ms | ratio');
  for (const [name, path] of endpoints) {
    const body = await (await fetch(server.url + path)).text();
    const api = await runLoad({ url: server.url + path, connections, seconds });
    const raw = await rawServer(body);
    const baseline = await runLoad({ url: raw.url, connections, seconds });
    raw.stop();
    console.log(
      [
        name.padEnd(15),
        `${(body.length / 1024).toFixed(1)}KB`.padStart(7),
        api.perSecond.toFixed(0).padStart(16),
        api.p50.toFixed(2).padStart(7),
        api.p99.toFixed(2).padStart(7),
        '|',
        baseline.perSecond.toFixed(0).padStart(9),
        baseline.p50.toFixed(2).padStart(7),
        baseline.p99.toFixed(2).padStart(7),
        '|',
        `${((api.perSecond / baseline.perSecond) * 100).toFixed(0)}%`.padStart(5),
        api.errors > 0 ? `  (${api.errors} errors)` : '',
      ].join(' '),
    );
  }
} finally {
  await server.dispose();
}
