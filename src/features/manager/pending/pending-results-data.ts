/**
 * Pending Results data (spec sections 2, 4 and 5): the selected team's results that
 * wait for a review, the rosters that name their players, each result's reports (two
 * when the teams' reports differ), and the rules that place the selected team in a
 * result.
 */
import { useCallback, useState } from 'react';
import type { ApiState } from '@/hooks/use-api';
import { apiJson, isAbort } from '@/lib/api-client';
import type { Match, RosterPlayer } from '@/lib/api-types';
import { isPendingForTeam } from '../../../../api/domain/match-time';
import type { ReportField } from '../../../../api/domain/report-compare';
import type { MatchReportsDto } from '../../../../api/schemas';
import { countIds, idList } from '../../../../db/rules/id-lists';
import { usePausedLoad } from '../shared/staff-loads';
import { possessive } from '../../../../db/rules/words';

/** Which side the selected team is, and its opponent (a score still reads home–away). */
export interface Viewpoint {
  side: 'home' | 'away';
  ownName: string;
  opponentId: string;
  opponentName: string;
  opponentLogo: string | null;
}

export function viewpoint(match: Match, teamId: string): Viewpoint {
  const home = match.home_team === teamId;
  return home
    ? {
        side: 'home',
        ownName: match.home_team_name,
        opponentId: match.away_team,
        opponentName: match.away_team_name,
        opponentLogo: match.away_team_logo,
      }
    : {
        side: 'away',
        ownName: match.away_team_name,
        opponentId: match.home_team,
        opponentName: match.home_team_name,
        opponentLogo: match.home_team_logo,
      };
}

/**
 * The club a player of the match plays for in it: the squads say, else the roster the
 * player is on now; null for a player in neither.
 */
export function clubOf(match: Match, players: Players, id: string): string | null {
  if (idList(match.home_players).includes(id)) return match.home_team_name;
  if (idList(match.away_players).includes(id)) return match.away_team_name;
  const team = players.get(id)?.team_id;
  if (team === match.home_team) return match.home_team_name;
  if (team === match.away_team) return match.away_team_name;
  return null;
}

/** The name of the team that sent the report, or null when no team did (a super admin). */
export function reporterName(match: Match): string | null {
  if (match.reported_by_team === match.home_team) return match.home_team_name;
  if (match.reported_by_team === match.away_team) return match.away_team_name;
  return null;
}

/** Ids repeated once per goal or assist, counted in first-seen order; blank ids are ignored. */
export function tally(ids: readonly string[]): { id: string; count: number }[] {
  return countIds(idList(ids));
}

export type Players = ReadonlyMap<string, RosterPlayer>;

export function unknownPlayer(id: string): string {
  return `Unknown Player (ID: ${id})`;
}

export function playerName(players: Players, id: string): string {
  return players.get(id)?.name ?? unknownPlayer(id);
}

/** "#9 North Town Forward", or the unknown-player text. */
export function numberedName(players: Players, id: string): string {
  const player = players.get(id);
  return player ? `#${player.number} ${player.name}` : unknownPlayer(id);
}

/** GET /api/matches/{id}/reports: the first report, then the differing second one if any. */
export type MatchReports = MatchReportsDto;
export type TeamReport = MatchReports['reports'][number];
export type { ReportField };

export function reportsPath(matchId: number): string {
  return `/api/matches/${matchId}/reports`;
}

/** The reports of a match (staff of either team or a super admin): a keyed load of its path. */
export function loadReports(path: string, signal: AbortSignal): Promise<MatchReports> {
  return apiJson<MatchReports>(path, { signal, auth: true });
}

/** Two reports on file: they differ (a second report that agrees approves the result at once). */
export function hasTwoReports(reports: MatchReports | null | undefined): reports is MatchReports {
  return (reports?.reports.length ?? 0) >= 2;
}

/**
 * What the selected team may do with a pending result:
 * - 'review': the opponent reported it (or the viewer is a super admin): approve or reject;
 * - 'own-report': the team's own report waits for the opponent: nothing to do;
 * - 'two-reports': the two teams' reports differ; either side may approve the other's
 *, so a team that reported first has something to do too.
 */
export type ReviewState = 'review' | 'own-report' | 'two-reports';

export function reviewState(
  match: Match,
  teamId: string,
  isSuperAdmin: boolean,
  reports: MatchReports | null | undefined,
): ReviewState {
  if (hasTwoReports(reports)) return 'two-reports';
  return !isSuperAdmin && match.reported_by_team === teamId ? 'own-report' : 'review';
}

/** "West Rangers' report", "East United's report". */
export function reportTitle(name: string): string {
  return `${possessive(name)} report`;
}

/** The name of the team that sent a report; a report of no team was the league admin's. */
export function reportTeamName(match: Match, teamId: string | null): string {
  if (teamId === null) return 'The league admin';
  if (teamId === match.home_team) return match.home_team_name;
  if (teamId === match.away_team) return match.away_team_name;
  return teamId;
}

interface Loaded {
  matches: Match[];
  players: Players;
  /**
   * Each listed match's reports, by match id. Missing when they could not be read (the
   * list still shows; the review dialog asks again when it opens).
   */
  reports: ReadonlyMap<number, MatchReports>;
}

type MatchesAnswer = Match[] | { matches?: Match[]; match?: Match };

function matchList(answer: MatchesAnswer): Match[] {
  if (Array.isArray(answer)) return answer;
  if (answer.matches) return answer.matches;
  return answer.match ? [answer.match] : [];
}

/** The key is `{round}#{teamId}`: a new round after each review loads afresh. */
async function loadPending(key: string, signal: AbortSignal): Promise<Loaded> {
  const teamId = key.slice(key.indexOf('#') + 1);
  const answer = await apiJson<MatchesAnswer>(
    `/api/teams/${encodeURIComponent(teamId)}/matches?approved=PENDING`,
    { signal },
  );
  const now = new Date();
  // The oldest report has waited longest: it comes first.
  const matches = matchList(answer)
    .filter((match) => isPendingForTeam(match, teamId, now)) // spec section 5
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  // Both sides' rosters name the players; a player no longer on either shows as unknown.
  const teams = new Set(matches.flatMap((match) => [match.home_team, match.away_team]));
  const [rosters, reportLists] = await Promise.all([
    Promise.all(
      [...teams].map((id) =>
        apiJson<{ players: RosterPlayer[] }>(`/api/teams/${encodeURIComponent(id)}/roster`, { signal }),
      ),
    ),
    // One read per listed result (a team has a handful pending at most), beside the rosters.
    Promise.all(matches.map((match) => reportsOrNothing(match.id, signal))),
  ]);
  const players = new Map<string, RosterPlayer>();
  for (const roster of rosters) for (const player of roster.players) players.set(player.id, player);
  const reports = new Map<number, MatchReports>();
  for (const [index, match] of matches.entries()) {
    const answer = reportLists[index];
    if (answer) reports.set(match.id, answer);
  }
  return { matches, players, reports };
}

/**
 * A match's reports, or null when they cannot be read (offline: the reports are never
 * stored): the list still shows every result; only the two-reports mark is missing.
 */
async function reportsOrNothing(matchId: number, signal: AbortSignal): Promise<MatchReports | null> {
  try {
    return await loadReports(reportsPath(matchId), signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    console.warn(error); // handled: the dialog asks again when it opens
    return null;
  }
}

export type PendingState = ApiState<Loaded>;

/**
 * Loads after the management screens' 300 ms pause (spec section 9). A team change
 * or leaving the screen aborts the load in flight; a reload shows the loading state
 * again (each is a new key), so a reviewed match never lingers in the list.
 */
export function usePendingMatches(teamId: string): PendingState {
  const [round, setRound] = useState(0);
  const pending = usePausedLoad(`${round}#${teamId}`, loadPending);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...pending, reload };
}
