/**
 * Where a match stands for the team filing a report: the picker's status text, and
 * why a report may not be (re)submitted (api/domain/approval decides; this words it
 * for the tab).
 */
import type { Match } from '@/lib/api-types';
import type { ReportAnswerDto } from '../../../../api/schemas';
import { REPORT_REFUSAL_TEXT, reportRefusal as refusalOf } from '../../../../api/domain/approval';
import { matchTitle, scoreText } from '../shared/match-labels';
import { possessive } from '../../../../db/rules/words';

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
  return REPORT_REFUSAL_TEXT[refusal];
}

function opponentName(match: Match, teamId: string): string {
  return match.home_team === teamId ? match.away_team_name : match.home_team_name;
}

/**
 * Said above the form when the opponent's report waits: this team may still
 * send its own; the two are compared, never one written over the other.
 */
export function opponentReportNote(match: Match, teamId: string): string | null {
  if (reportStatus(match, teamId) !== 'to-review') return null;
  const score =
    match.home_score !== null && match.away_score !== null
      ? `: ${scoreText(match, teamId, match.home_score, match.away_score)}`
      : '';
  return (
    `${opponentName(match, teamId)} reported${score}. Send your own report: if it matches theirs, ` +
    'the result is approved at once; if not, both go to review side by side (Pending Results tab).'
  );
}

/**
 * What happens next to a report sent now, after the specification's success text: a
 * first report waits for the opponent's review, one that matches the opponent's
 * confirms the result, one that differs goes to the league beside theirs.
 */
export function reportOutcomeText(
  answer: Pick<ReportAnswerDto, 'outcome'> & Match,
  teamId: string,
  forLeague = false,
): string {
  const opponent = opponentName(answer, teamId);
  switch (answer.outcome) {
    case 'confirmed':
      return `It matches ${possessive(opponent)} report: the result is approved.`;
    case 'differs':
      return `It differs from ${possessive(opponent)} report: both go to the league to decide.`;
    default:
      return forLeague
        ? `Sent. ${answer.home_team_name} and ${answer.away_team_name} will be asked to confirm it.`
        : `Sent. ${opponent} will be asked to confirm it; you'll be told when it's approved.`;
  }
}
