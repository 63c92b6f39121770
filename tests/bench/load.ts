/**
 * A bounded HTTP load generator for benchmarks: N keep-alive connections issuing
 * requests back to back against 127.0.0.1 for a fixed time (and at most a fixed
 * count), recording every latency.
 */
import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
  /** Latency per kind of request, for requests that named theirs. */
  byKind: Record<string, { requests: number; p50: number; p99: number }>;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  maxRequests?: number;
  /** Picks the request for each iteration; defaults to GET url. */
  next?: () => {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    kind?: string;
  };
  /** A status that counts as success; defaults to 2xx and 304. */
  ok?: (status: number) => boolean;
}

/** The value at percentile `p` of sorted values (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const kinds: Record<string, number[]> = {};
  let errors = 0;
  let issued = 0;
  const maxRequests = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const ok = options.ok ?? ((status: number) => (status >= 200 && status < 300) || status === 304);
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();

  const one = () =>
    new Promise<void>((resolve) => {
      const spec = options.next?.() ?? { method: 'GET', path: target.pathname + target.search };
      const begin = performance.now();
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: spec.path,
          headers: { ...(spec.body ? { 'content-type': 'application/json' } : {}), ...spec.headers },
          timeout: 30_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const latency = performance.now() - begin;
            latencies.push(latency);
            if (spec.kind !== undefined) (kinds[spec.kind] ??= []).push(latency);
            const status = response.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (!ok(status)) errors += 1;
            resolve();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(spec.body);
    });

  const worker = async () => {
    while (performance.now() < deadline && issued < maxRequests) {
      issued += 1;
      await one();
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    statuses,
    byKind: Object.fromEntries(
      Object.entries(kinds).map(([kind, list]) => {
        list.sort((a, b) => a - b);
        return [kind, { requests: list.length, p50: percentile(list, 50), p99: percentile(list, 99) }];
      }),
    ),
  };
}
