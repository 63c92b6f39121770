/**
 * HTTP measurement helpers for the benchmarks: autocannon as the load generator (the
 * in-process generator tops out below the server and flatters a ratio), a raw node:http
 * server answering fixed bytes as the baseline, and the server process's CPU time and
 * memory from /proc.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface CannonResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** answers that were neither 2xx nor 304 */
  failures: number;
}

export interface CannonRequest {
  method?: 'GET' | 'PUT' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** called before each send, e.g. for a fresh Idempotency-Key */
  setupRequest?: (request: autocannon.Request) => autocannon.Request;
}

export async function cannon(options: {
  url: string;
  connections: number;
  seconds: number;
  requests?: CannonRequest[];
  headers?: Record<string, string>;
  /** a fixed offered rate over all connections instead of as fast as the server answers */
  overallRate?: number;
}): Promise<CannonResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.headers && { headers: options.headers }),
    ...(options.requests && { requests: options.requests as autocannon.Request[] }),
    ...(options.overallRate !== undefined && { overallRate: options.overallRate }),
  });
  const failures = result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0);
  return {
    requests: result.requests.total,
    perSecond: result.requests.total / Math.max(0.001, result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    failures,
  };
}

/**
 * A raw node:http server in its own process answering `body` with `headers` to every
 * request: the same bytes on the wire as the server it stands beside.
 */
export async function rawServer(
  body: Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<{ url: string; pid: number; stop: () => void }> {
  // The body goes through a file: an environment variable holds 128 KB at most.
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-raw-')), 'body');
  fs.writeFileSync(bodyFile, body);
  const code = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BODY_FILE);
    const headers = { ...JSON.parse(process.env.HEADERS_JSON), 'content-length': body.length };
    const server = http.createServer((req, res) => {
      res.writeHead(200, headers);
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BODY_FILE: bodyFile, HEADERS_JSON: JSON.stringify(headers) },
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error('raw server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () => {
      child.kill();
      fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
    },
  };
}

const TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process so far, in microseconds. */
export function cpuMicros(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) / TICKS_PER_SECOND) * 1e6;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Fixed-width columns for a printed table. */
export function row(cells: (string | number)[], widths: number[]): string {
  return cells
    .map((cell, i) => {
      const text = String(cell);
      return i === 0 ? text.padEnd(widths[i] ?? 10) : text.padStart(widths[i] ?? 10);
    })
    .join(' ');
}

/**
 * Open-loop load at a fixed rate: one request every 1000/rate ms whatever the answers,
 * spread evenly (autocannon's rate limit sends each second's quota in a burst), over at
 * most `connections` keep-alive sockets. Latency counts from the moment a request was
 * due, so a server that falls behind shows it.
 */
export async function paced(options: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  requests: CannonRequest[];
}): Promise<CannonResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let failures = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const template = options.requests[i % options.requests.length] as CannonRequest;
    const request = template.setupRequest
      ? (template.setupRequest({ ...template } as autocannon.Request) as CannonRequest)
      : template;
    inFlight.push(
      new Promise<void>((resolve) => {
        const sent = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: request.path,
            method: request.method ?? 'GET',
            headers: request.headers,
            agent,
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - due);
              if (!(res.statusCode !== undefined && (res.statusCode < 300 || res.statusCode === 304)))
                failures += 1;
              resolve();
            });
          },
        );
        sent.on('error', () => {
          errors += 1;
          resolve();
        });
        sent.end(request.body);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: at(50),
    p99: at(99),
    errors,
    failures,
  };
}
