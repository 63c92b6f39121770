/**
 * The date and report rules the Match Report and Team Selection tabs apply before the
 * server does (spec sections 4 and 5): the date rules are api/domain/match-time.ts's, the
 * report checks mirror api/routes/match-writes.ts; the server still decides, these only let the
 * screen explain a refusal before it happens.
 */
import type { Match } from '@/lib/api-types';
import { involvesTeam, isReportable, isSelectableForTeamSelection } from '../../../api/domain/match-time';

/** Spec section 9: a match-day squad has 7 to 18 players. */
export const SQUAD_MIN = 7;
export const SQUAD_MAX = 18;
/** The API accepts scores from 0 to 99 and at most two goalkeepers per side. */
export const SCORE_MAX = 99;
export const KEEPERS_MAX = 2;

function parse(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The date rules of spec sections 4 and 5 are the shared pure module's (api/domain). */
export { involvesTeam, isReportable, isSelectableForTeamSelection as isSelectable };

/** 'Sat, May 2', with the year when it is not this year's. */
export function shortMatchDate(value: string, now: Date): string {
  const date = parse(value);
  if (!date) return 'Invalid Date';
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  });
}

/** 'Sat, May 2 — vs South City (home)' from the team's point of view. */
export function matchTitle(match: Match, teamId: string, now: Date): string {
  const home = match.home_team === teamId;
  const opponent = home ? match.away_team_name : match.home_team_name;
  return `${shortMatchDate(match.date, now)} — vs ${opponent} (${home ? 'home' : 'away'})`;
}

/** Where a match stands for the team filing a report. */
export type ReportStatus = 'unreported' | 'pending' | 'to-review' | 'approved' | 'rejected';

export function reportStatus(match: Match, teamId: string): ReportStatus {
  switch (match.approved) {
    case 'TRUE':
      return 'approved';
    case 'FALSE':
      return 'rejected';
    case 'PENDING':
      // The opponent's report waits for this team's review; its own waits for the opponent.
      return match.reported_by_team !== null && match.reported_by_team !== teamId ? 'to-review' : 'pending';
    default:
      return 'unreported';
  }
}

const STATUS_TEXT: Record<ReportStatus, string> = {
  unreported: 'not reported',
  pending: 'reported, pending approval',
  'to-review': 'reported by the opponent, pending your review',
  approved: 'approved',
  rejected: 'rejected',
};

/** The Match Report option: date, opponent, side, and the reported score and status. */
export function reportOptionLabel(match: Match, teamId: string, now: Date): string {
  const status = reportStatus(match, teamId);
  const score =
    status !== 'unreported' && match.home_score !== null && match.away_score !== null
      ? `${match.home_score}-${match.away_score} `
      : '';
  return `${matchTitle(match, teamId, now)} · ${score}${STATUS_TEXT[status]}`;
}

/** The Team Selection option: a match without an approved result is '(Pending)'. */
export function selectionOptionLabel(match: Match, teamId: string, now: Date): string {
  return `${matchTitle(match, teamId, now)}${match.approved === 'TRUE' ? '' : ' (Pending)'}`;
}

/** A score field's text as the whole number it stands for: non-numeric is 0, never negative. */
export function toScore(text: string): number {
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.trunc(value));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export interface SideTally {
  name: string;
  score: number;
  goals: number;
  assists: number;
  keepers: number;
}

/**
 * The problems the server would refuse a report for, in the server's words, so
 * the form can show them and hold Submit back. Goals may fall short of the score
 * (own goals and unknown scorers), never exceed it.
 */
export function reportProblems(sides: SideTally[]): string[] {
  const problems: string[] = [];
  if (sides.some((side) => side.score > SCORE_MAX)) {
    problems.push(`Scores must be whole numbers from 0 to ${SCORE_MAX}`);
  }
  for (const side of sides) {
    if (side.goals > side.score) {
      problems.push(`${side.name} is credited with ${plural(side.goals, 'goal')} but scored ${side.score}`);
    }
    if (side.assists > side.goals) {
      problems.push(
        `${side.name} is credited with ${plural(side.assists, 'assist')} but only ${plural(side.goals, 'goal')} by its players`,
      );
    }
    if (side.keepers > KEEPERS_MAX) {
      problems.push(
        `${side.name} lists ${plural(side.keepers, 'goalkeeper')}; at most ${KEEPERS_MAX} per team`,
      );
    }
  }
  return problems;
}

/** Why this user may not (re)submit a report for the match at all, or null. */
export function reportRefusal(match: Match, teamId: string, isSuperAdmin: boolean): string | null {
  if (isSuperAdmin) return null;
  const status = reportStatus(match, teamId);
  if (status === 'approved') return 'This match already has an approved result';
  if (status === 'to-review') {
    return "The opponent's report is waiting for your review: approve or reject it first (Pending Results tab)";
  }
  return null;
}
