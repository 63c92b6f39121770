/**
 * The mixed load of the reliability suite as the benches send it over the seeded demo
 * league (api-read.ts's mixed section, availability-scale.ts): 8 reads, 1 team selection
 * and 1 match report in every 10 requests, each selection and report different. Shared
 * so that a bench measuring something beside the mix sends exactly the mix api-read.ts
 * measures alone.
 */
import { randomUUID } from 'node:crypto';
import { demoToken } from '../../e2e/pages';
import type { CannonRequest } from './http';

/** The demo team whose roster, matches and coach the mix uses. */
export const MIXED_TEAM = 'riverside.rovers';

interface MatchRow {
  id: number;
  date: string;
  approved: string;
  home_players: string[];
  away_players: string[];
}

/** A JSON answer as autocannon gets it (no encoding asked for); throws unless 2xx. */
async function json<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return JSON.parse(Buffer.from(await response.arrayBuffer()).toString()) as T;
}

/** 8 reads, 1 team selection and 1 match report in every 10 requests, per connection. */
export async function mixedRequests(
  server: { url: string },
  team: string,
  league: string,
): Promise<CannonRequest[]> {
  const coach = await demoToken(server.url, 'coach@touchline.demo');
  const admin = await demoToken(server.url, 'superadmin@touchline.demo');
  const { players } = await json<{ players: { id: string }[] }>(`${server.url}/api/teams/${team}/roster`);
  const { matches } = await json<{ matches: MatchRow[] }>(`${server.url}/api/teams/${team}/matches`);
  const now = Date.now();
  const upcoming = matches.filter((match) => Date.parse(match.date) > now);
  const open = matches.filter((match) => Date.parse(match.date) < now && match.approved !== 'TRUE');
  const report = await json<MatchRow>(`${server.url}/api/matches/${open[0]?.id}`);
  // The squad goes to the next fixture; on a league seeded weeks ago whose last round has
  // been played, to its latest match without a result (squads stay open until approval).
  const squadMatch = upcoming[0] ?? open.filter((match) => match.id !== report.id).at(-1);
  if (squadMatch === undefined) throw new Error(`${team} has no match left to pick a squad for`);
  /** Each send gets a fresh Idempotency-Key and a body of its own. */
  const varied = (request: CannonRequest, body: () => unknown): CannonRequest => ({
    ...request,
    setupRequest: (sent) => ({
      ...sent,
      headers: { ...sent.headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(body()),
    }),
  });
  const pick = <T>(list: readonly T[], count: number): T[] =>
    [...list].sort(() => Math.random() - 0.5).slice(0, count);
  const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));
  const reads = [
    `/api/leagues/${league}/table`,
    `/api/leagues/${league}/matches`,
    `/api/leagues/${league}/stats`,
    `/api/leagues`,
    `/api/teams/${team}`,
    `/api/teams/${team}/roster`,
    `/api/matches/${squadMatch.id}`,
    `/api/search?term=riv`,
  ];
  return [
    ...reads.map((urlPath) => ({ path: urlPath })),
    // A coach changes the match-day squad: 7 to 18 of the roster.
    varied(
      {
        method: 'PUT',
        path: `/api/teams/${team}/matches/${squadMatch.id}/roster`,
        headers: { Authorization: `Bearer ${coach}`, 'Content-Type': 'application/json' },
      },
      () => ({ players: pick(players, between(7, Math.min(18, players.length))).map((player) => player.id) }),
    ),
    // The league corrects a result: a new score with scorers from both squads.
    varied(
      {
        method: 'POST',
        path: `/api/matches/${report.id}/report`,
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      },
      () => {
        const home = pick(report.home_players, between(0, Math.min(3, report.home_players.length)));
        const away = pick(report.away_players, between(0, Math.min(2, report.away_players.length)));
        return {
          home_score: home.length,
          away_score: away.length,
          goalscorers: [...home, ...away],
          assisters: [],
          goalkeepers: [],
        };
      },
    ),
  ];
}
