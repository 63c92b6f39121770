/**
 * Where a match stands for the team filing a report: the picker's status text, and
 * why a report may not be (re)submitted (api/domain/approval decides; this words it
 * for the tab).
 */
import type { Match } from '@/lib/api-types';
import { REPORT_REFUSAL_TEXT, reportRefusal as refusalOf } from '../../../../api/domain/approval';
import { matchTitle } from '../shared/match-labels';

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

/** Why this user may not (re)submit a report for the match at all, or null. */
export function reportRefusal(match: Match, teamId: string, isSuperAdmin: boolean): string | null {
  const refusal = refusalOf(match.approved, {
    reportedByTeam: match.reported_by_team,
    reporterTeamId: teamId,
    isSuperAdmin,
  });
  if (refusal === null) return null;
  // The server's words, and where the review waits.
  const text = REPORT_REFUSAL_TEXT[refusal];
  return refusal === 'awaiting-review' ? `${text} (Pending Results tab)` : text;
}
