/**
 * Match-result approval rules (spec section 4, "Match approval").
 * A submitted report makes a result PENDING; the other team approves (TRUE)
 * or rejects (FALSE) it. Only TRUE results count in tables and leaderboards.
 */
import type { Approval } from '../../db/schema';

export type ReviewAction = 'approve' | 'reject';

/**
 * The state a review action leads to, or null when the action is not allowed.
 * Reviews only act on PENDING: re-reviewing a decided result would silently
 * rewrite tables, so a changed result has to go through a new report instead.
 */
export function nextApproval(current: Approval, action: ReviewAction): Approval | null {
  if (current !== 'PENDING') return null;
  return action === 'approve' ? 'TRUE' : 'FALSE';
}

/** Why a report may not be (re)submitted, or null when it may. */
export type ReportRefusal = 'approved';

/** The server's answer to each refusal (409); the Match Report tab shows the same words. */
export const REPORT_REFUSAL_TEXT: Record<ReportRefusal, string> = {
  approved: 'This match already has an approved result',
};

export interface ReportContext {
  /** The team whose report is pending; null when none is known (a super_admin reported). */
  reportedByTeam: string | null;
  /** The reporter's own team; null for a super_admin acting for neither side. */
  reporterTeamId: string | null;
  isSuperAdmin: boolean;
}

/**
 * Teams may correct their own result until it is approved; after that the table
 * depends on it, so only a super_admin may overwrite it. A team may also report while
 * the opponent's report is pending: that report never replaces the
 * opponent's; it confirms it when the two agree, or waits beside it for review.
 */
export function reportRefusal(current: Approval, ctx: ReportContext): ReportRefusal | null {
  if (ctx.isSuperAdmin) return null;
  if (current === 'TRUE') return 'approved';
  return null;
}

/** Whether a team's report answers the opponent's pending one rather than replacing its own. */
export function answersOpponent(current: Approval, ctx: ReportContext): boolean {
  return (
    !ctx.isSuperAdmin &&
    current === 'PENDING' &&
    ctx.reportedByTeam !== null &&
    ctx.reporterTeamId !== null &&
    ctx.reportedByTeam !== ctx.reporterTeamId
  );
}

export interface ReviewContext {
  homeTeam: string;
  awayTeam: string;
  /** The team that submitted the report; null when unknown (e.g. a super_admin with no team). */
  reportedByTeam: string | null;
  /** The reviewer's own team; null for users without a team. */
  reviewerTeamId: string | null;
  isSuperAdmin: boolean;
}

/**
 * Whether a user may approve or reject a match's pending result: a super_admin
 * always; otherwise only the opposing team, so nobody approves their own report.
 * This is the team rule only: that the user is staff (coach or owner) of that team
 * is the route's check (isTeamStaff), as it is for every write.
 */
export function canReview(ctx: ReviewContext): boolean {
  if (ctx.isSuperAdmin) return true;
  const reviewer = ctx.reviewerTeamId;
  if (reviewer === null || reviewer === '') return false;
  if (reviewer !== ctx.homeTeam && reviewer !== ctx.awayTeam) return false;
  // With no known reporting team there is no "own report" to guard against.
  return reviewer !== ctx.reportedByTeam;
}

/** Only approved results feed tables and leaderboards; '', PENDING and FALSE do not. */
export function countsInTables(approved: string): boolean {
  return approved === 'TRUE';
}
