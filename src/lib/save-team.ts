/**
 * 'Save for offline': stores everything the pitch-side screens of one team read —
 * the team, its squad and suspensions, the season's matches, the league table and
 * leaderboards, and the details (with both squads) of its upcoming and not yet
 * approved matches — so they open with no network. The paths are the ones the
 * screens ask for; a browser test opens each screen offline after a save.
 */
import { apiFetch } from '@/lib/api-client';
import { leagueIdOf } from '../../api/domain/league-id';
import type { CachedRead, OfflineDb, SavedTeam } from '@/offline/db';
import { offlineDb } from '@/offline/db';
import { CACHED_AT_HEADER, readKey, trimReads } from '@/offline/read-cache';

interface TeamAnswer {
  team_id: string;
  team_name: string;
  league_id?: string | null;
}
interface MatchAnswer {
  match_id: string | number;
  home_team: string;
  away_team: string;
  match_date?: string | null;
  approved?: string | null;
}

const enc = encodeURIComponent;

/** The server answered, but not with the data (a team without a league table, say). */
class Refused extends Error {}

async function fetchAndStore(db: OfflineDb, path: string): Promise<unknown> {
  const response = await apiFetch(path, { fresh: true });
  if (!response.ok) throw new Refused(`${path}: ${response.status}`);
  const body = await response.text();
  // An answer the worker took from its store (no network) is not news: keep the stored one.
  if (response.headers.has(CACHED_AT_HEADER)) return JSON.parse(body) as unknown;
  const now = Date.now();
  const entry: CachedRead = {
    key: readKey(path),
    body,
    contentType: response.headers.get('Content-Type') ?? 'application/json',
    etag: response.headers.get('ETag'),
    storedAt: now,
    validatedAt: now,
  };
  await db.put('reads', entry);
  return JSON.parse(body) as unknown;
}

function matchesOf(answer: unknown): MatchAnswer[] {
  if (Array.isArray(answer)) return answer as MatchAnswer[];
  const matches = (answer as { matches?: unknown } | null)?.matches;
  return Array.isArray(matches) ? (matches as MatchAnswer[]) : [];
}

/** Saves the team's screens for offline use and asks the browser to keep them. */
export async function saveTeamForOffline(teamId: string, now = new Date()): Promise<SavedTeam> {
  const db = await offlineDb();
  const paths: string[] = [];
  const get = async (path: string) => {
    paths.push(readKey(path));
    return fetchAndStore(db, path);
  };
  // A refusal leaves one screen without data; a lost connection (or a page closed
  // mid-save) fails the save, so it is not recorded as saved and runs again.
  const optional = (path: string) =>
    get(path).catch((error: unknown) => {
      if (error instanceof Refused) return null;
      throw error;
    });
  const team = `/api/teams/${enc(teamId)}`;

  const record = (await get(team)) as TeamAnswer;
  const seasonsAnswer = (await optional(`${team}/seasons`)) as { seasons?: string[] } | null;
  const year = String(now.getFullYear());
  const season = seasonsAnswer?.seasons?.[0] ?? year;
  const leagueId = leagueIdOf(record.league_id);

  const [, seasonMatches] = await Promise.all([
    get(`${team}/roster`),
    get(`${team}/matches?season=${enc(season)}`),
    // Team Selection greys the players banned from a match; without the
    // answer it still works (the server refuses a banned player), so it is not required.
    optional(`${team}/suspensions`),
    optional(`${team}/matches`),
    optional(`${team}/stats?season=${enc(season)}`),
    optional(`${team}/matches?approved=PENDING`),
    optional(`${team}/matches?past=true&limit=1&sort=desc`),
    optional(`/api/matches?team_id=${teamId}&future=true`),
    optional(`/api/matches?future=true&team_id=${enc(teamId)}&limit=1`),
    optional('/api/teams'),
    // All Teams: this year's leagues and their teams.
    optional(`/api/leagues?season=${year}`),
    optional(`/api/teams?season=${year}`),
    ...(leagueId
      ? [
          optional(`/api/leagues/${enc(leagueId)}`),
          get(`/api/leagues/${enc(leagueId)}/table?season=${enc(season)}`),
          optional(`/api/leagues/${enc(leagueId)}/matches?season=${enc(season)}`),
          optional(`/api/leagues/${enc(leagueId)}/stats?season=${enc(season)}`),
        ]
      : []),
  ]);

  // This season's upcoming matches, and its past ones without an approved result (the
  // match report and the review need them): their details, history and both squads.
  const today = now.toISOString().slice(0, 10);
  const pitchSide = matchesOf(seasonMatches).filter(
    (match) => (match.match_date ?? '').slice(0, 10) >= today || match.approved !== 'APPROVED',
  );
  const opponents = new Set<string>();
  await Promise.all(
    pitchSide.map(async (match) => {
      opponents.add(match.home_team === teamId ? match.away_team : match.home_team);
      await optional(`/api/matches/${enc(String(match.match_id))}`);
      await optional(`/api/matches/between/${enc(match.home_team)}/${enc(match.away_team)}`);
    }),
  );
  await Promise.all([...opponents].map((opponent) => optional(`/api/teams/${enc(opponent)}/roster`)));

  const saved: SavedTeam = { teamId, teamName: record.team_name, savedAt: Date.now(), paths };
  await db.put('saved', saved);
  await trimReads(db).catch(() => 0);
  // Ask the browser not to evict what was saved when space runs low.
  await navigator.storage?.persist?.().catch(() => false);
  return saved;
}

export async function savedTeam(teamId: string): Promise<SavedTeam | undefined> {
  return (await offlineDb()).get('saved', teamId);
}
