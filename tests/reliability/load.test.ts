/**
 * Load: mixed public reads and staff writes from 50 concurrent connections against
 * the real server (a child process over the seeded demo league) on 127.0.0.1,
 * bounded in time and in count. Every answer must be a success (2xx, or 304 for a
 * conditional read): no 5xx, no refused write, no dropped connection. Prints the
 * requests served, the rate, p50 and p99. RELIABILITY=long runs 60 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../bench/load';
import { serverNodeFlags, startServer, type TestServer } from '../e2e/harness';
import { seeded } from '../e2e/fixtures';
import { demoToken } from '../e2e/pages';
import { figure, SETTINGS } from './settings';

const TEAM = 'riverside.rovers';

let server: TestServer;

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}${path}`, init);
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

interface MatchRow {
  id: number;
  home_team: string;
  away_team: string;
  date: string;
  approved: string;
  home_players: string[];
  away_players: string[];
}

beforeAll(async () => {
  server = await startServer(seeded());
});
afterAll(async () => {
  await server?.dispose();
});

describe('load', () => {
  it('runs the server with the Node flags of `npm start` (a larger young generation, no pretenuring)', () => {
    expect(serverNodeFlags()).toEqual(
      expect.arrayContaining(['--max-semi-space-size=32', '--no-allocation-site-pretenuring']),
    );
    const commandLine = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(expect.arrayContaining(serverNodeFlags()));
  });

  it(`serves ${SETTINGS.loadConnections} connections of mixed reads and writes with no error`, async () => {
    const coach = await demoToken(server.url, 'coach@touchline.demo');
    const admin = await demoToken(server.url, 'superadmin@touchline.demo');
    const team = await json<{ league_id: string }>(`/api/teams/${TEAM}`);
    const league = team.league_id.split(':').pop() ?? '';
    const { players } = await json<{ players: { id: string }[] }>(`/api/teams/${TEAM}/roster`);
    const { matches } = await json<{ matches: MatchRow[] }>(`/api/teams/${TEAM}/matches`);
    const now = Date.now();
    const upcoming = matches.filter((match) => Date.parse(match.date) > now);
    // Played matches without an approved result: the super admin may (re)report them.
    const open = matches.filter((match) => Date.parse(match.date) < now && match.approved !== 'TRUE');
    expect(upcoming.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    const details = await Promise.all(open.map((match) => json<MatchRow>(`/api/matches/${match.id}`)));

    const reads = [
      `/api/leagues/${league}/table`,
      `/api/leagues/${league}/matches`,
      `/api/leagues/${league}/stats`,
      `/api/leagues`,
      `/api/teams`,
      `/api/teams/${TEAM}`,
      `/api/teams/${TEAM}/roster`,
      `/api/teams/${TEAM}/matches?season=${new Date().getFullYear()}`,
      `/api/teams/${TEAM}/stats`,
      `/api/matches/${upcoming[0]?.id}`,
      `/api/matches?future=true&team_id=${TEAM}&limit=1`,
      `/api/players/${players[0]?.id}`,
      `/api/search?term=riv`,
    ];
    const counts = { reads: 0, selections: 0, reports: 0 };
    let n = 0;
    const next = () => {
      n += 1;
      const kind = n % 10; // 8 reads, 1 selection, 1 report in every 10 requests
      if (kind === 8) {
        counts.selections += 1;
        const match = upcoming[n % upcoming.length] as MatchRow;
        const squad = players.slice(0, 7 + (n % 12)).map((player) => player.id);
        return {
          kind: 'team selection',
          method: 'PUT',
          path: `/api/teams/${TEAM}/matches/${match.id}/roster`,
          headers: { Authorization: `Bearer ${coach}`, 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({ players: squad }),
        };
      }
      if (kind === 9) {
        counts.reports += 1;
        const match = details[n % details.length] as MatchRow;
        const home = match.home_players.slice(0, n % 3);
        const away = match.away_players.slice(0, (n >> 2) % 2);
        return {
          kind: 'match report',
          method: 'POST',
          path: `/api/matches/${match.id}/report`,
          headers: { Authorization: `Bearer ${admin}`, 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({
            home_score: home.length,
            away_score: away.length,
            goalscorers: [...home, ...away],
            assisters: [],
            goalkeepers: [],
          }),
        };
      }
      counts.reads += 1;
      return { kind: 'read', method: 'GET', path: reads[n % reads.length] as string };
    };

    const result = await runLoad({
      url: server.url,
      connections: SETTINGS.loadConnections,
      seconds: SETTINGS.loadSeconds,
      maxRequests: SETTINGS.loadSeconds * 5000,
      next,
    });
    figure(
      'load',
      `${result.requests} requests in ${result.seconds.toFixed(1)} s at ${SETTINGS.loadConnections} connections ` +
        `(${counts.reads} reads, ${counts.selections} team selections, ${counts.reports} match reports): ` +
        `${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
        `${result.errors} errors, statuses ${JSON.stringify(result.statuses)}; p50/p99 by kind: ` +
        Object.entries(result.byKind)
          .map(([kind, figures]) => `${kind} ${figures.p50.toFixed(1)}/${figures.p99.toFixed(1)} ms`)
          .join(', '),
    );
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThan(SETTINGS.loadSeconds * 50);

    // The server is still healthy and its database whole.
    expect(await json<{ status: string }>('/api/health')).toEqual({ status: 'ok' });
  });
});
