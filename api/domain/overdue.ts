/**
 * When a result is overdue: a league's `report_deadline_hours` after
 * kick-off, a played match still without a report (or with its report rejected and
 * not sent again) waits for a report; the same hours after a report arrived, a report
 * nobody reviewed waits for a review (a report sent late gives its reviewer the same time
 * as one sent at once). Approved and postponed matches are never overdue.
 */
import type { Approval, MatchStatus } from '../../db/schema';

export type WaitingFor = 'report' | 'review';

export interface DeadlineMatch {
  match_date: string;
  approved: Approval;
  status: MatchStatus;
  /** When the report under review arrived. */
  reported_at: string | null;
}

const HOUR = 3_600_000;

/** What the match waits for once its deadline has passed, or null when it is not overdue. */
export function overdueState(
  match: DeadlineMatch,
  deadlineHours: number,
  now: Date,
): { waitingFor: WaitingFor; dueAt: Date; hoursLate: number } | null {
  if (match.status === 'postponed' || match.approved === 'TRUE') return null;
  const review = match.approved === 'PENDING';
  const from = review && match.reported_at !== null ? match.reported_at : match.match_date;
  const dueAt = new Date(Date.parse(from) + deadlineHours * HOUR);
  if (!(dueAt.getTime() <= now.getTime())) return null;
  return {
    waitingFor: review ? 'review' : 'report',
    dueAt,
    hoursLate: Math.floor((now.getTime() - dueAt.getTime()) / HOUR),
  };
}

/** "3 hours late", "2 days late": how the Overdue list says it. */
export function lateness(hoursLate: number): string {
  if (hoursLate < 1) return 'due just now';
  if (hoursLate < 48) return `${hoursLate} ${hoursLate === 1 ? 'hour' : 'hours'} late`;
  const days = Math.floor(hoursLate / 24);
  return `${days} days late`;
}
