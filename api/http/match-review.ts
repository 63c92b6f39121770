/**
 * A match's result loop, as the routes under /matches/:id run it: a team's report of the
 * result, the other side's review of it, and the two reports side by side when they
 * differ. Who may act is decided from the session alone; the approval transitions
 * themselves live in domain/approval. Every step tells the people who must act next.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser } from '../auth/middleware';
import { adminsLeague, coachesTeam } from '../../db/rules/rights';
import type { SessionUser } from '../data/sessions';
import {
  deleteCounterReport,
  findCounterReport,
  matchReport,
  storeCounterReport,
} from '../data/counter-reports';
import { namesOf, teamSeasonBans } from '../data/discipline';
import {
  findMatchState,
  findRejection,
  findTeamName,
  matchOrThrow,
  playerTeams,
  squadRows,
  storeReport,
  storeReview,
} from '../data/match-writes';
import { matchResultOf, resultOfRow, teamNameIn, type MatchResult, type MatchRow } from '../data/matches';
import {
  answersOpponent,
  canReview,
  nextApproval,
  REPORT_REFUSAL_TEXT,
  reportRefusal,
  type ReviewAction,
} from '../domain/approval';
import { activeBans, type Ban } from '../domain/discipline';
import { isPostponed, isReportable } from '../domain/match-time';
import {
  matchTask,
  playerSuspended,
  reportReviewed,
  reportsDiffer,
  reportToReview,
  resultConfirmed,
  resultFinal,
  type MatchNames,
  type MatchTask,
} from '../domain/notification-text';
import { resolveTasks } from '../data/notifications';
import { reportDifferences, type ReportField, type ReportVersion } from '../domain/report-compare';
import { reportEvents } from '../domain/report-rules';
import { fail } from '../errors';
import type { MatchDto, ReportAnswerDto } from '../schemas';
import { tell, tellFollowers } from './notify';
import { idParam } from './validate';
import { audit } from './write';

type Ctx = Context<AppEnv>;

const matchNames = (match: MatchRow): MatchNames => ({
  id: match.id,
  homeName: match.home_team_name,
  awayName: match.away_team_name,
});

/**
 * Whom the user acts for in this match: one of its two teams (as its coach or owner),
 * the league (null: an admin of the match's league, or a super admin), or neither
 * (undefined). A coach who also runs the league acts for their team.
 */
function sideOf(user: SessionUser, match: MatchRow): string | null | undefined {
  if (coachesTeam(user, match.home_team)) return match.home_team;
  if (coachesTeam(user, match.away_team)) return match.away_team;
  return adminsLeague(user, match.league_id) ? null : undefined;
}

/** This work of the match is done: its notifications read as done in every bell. */
async function resolve(c: Ctx, matchId: number, tasks: readonly MatchTask[]): Promise<void> {
  await resolveTasks(
    c.get('db'),
    tasks.map((task) => matchTask(task, matchId)),
    c.get('options').now().toISOString(),
  );
}

/** Those who follow either team hear that the result is final (its staff were told already). */
async function tellResultFinal(c: Ctx, match: MatchRow, after: MatchDto): Promise<void> {
  await tellFollowers(
    c,
    [match.home_team, match.away_team],
    resultFinal(matchNames(match), { home: after.home_score ?? 0, away: after.away_score ?? 0 }),
    currentUser(c).id,
  );
}

/** Who did it, as a notification names them: "Jane Coach (East United)" or "Sam (league admin)". */
function actorName(c: Ctx, match: MatchRow): string {
  const user = currentUser(c);
  const side = sideOf(user, match);
  if (side === null) return `${user.name} (league admin)`;
  const team = side === undefined ? undefined : teamNameIn(match, side);
  return team ? `${user.name} (${team})` : user.name;
}

/** The bans of both teams' players in the match's season (to tell who a result newly suspends). */
async function seasonBansOf(c: Ctx, match: MatchRow): Promise<Ban[][]> {
  const now = c.get('options').now();
  return [
    await teamSeasonBans(c.get('db'), match.league_id, match.season, match.home_team, now),
    await teamSeasonBans(c.get('db'), match.league_id, match.season, match.away_team, now),
  ];
}

/** Tells each team's staff of the players an approval has just suspended. */
async function tellNewBans(c: Ctx, match: MatchRow, before: Ban[][]): Promise<void> {
  const after = await seasonBansOf(c, match);
  const teams = [match.home_team, match.away_team];
  for (const [index, teamId] of teams.entries()) {
    const known = new Set(before[index]?.map((ban) => `${ban.player_id}:${ban.card_match_id}:${ban.reason}`));
    const fresh = activeBans(after[index] ?? []).filter(
      (ban) => !known.has(`${ban.player_id}:${ban.card_match_id}:${ban.reason}`),
    );
    if (fresh.length === 0) continue;
    const names = await namesOf(
      c.get('db'),
      fresh.map((ban) => ban.player_id),
    );
    for (const ban of fresh) {
      await tell(
        c,
        { teams: [teamId] },
        playerSuspended(names.get(ban.player_id) ?? ban.player_id, teamId, ban.reason, ban.matches_remaining),
      );
    }
  }
}

/** The teams that should hear of a report's fate: its team, or both when a super admin sent it. */
function reporterTeams(match: MatchRow, reportedByTeam: string | null): (string | null)[] {
  return reportedByTeam === null ? [match.home_team, match.away_team] : [reportedByTeam];
}

/**
 * The match and whom the user acts for in it (sideOf), for staff of one of its two teams
 * or an admin of its league: 404 if none, else 403 saying `forbidden`.
 */
async function staffMatch(
  c: Ctx,
  id: number,
  forbidden: string,
): Promise<{ match: MatchRow; side: string | null }> {
  const match = await findMatchState(c.get('db'), id);
  if (!match) fail(404, 'Match not found');
  const side = sideOf(currentUser(c), match);
  if (side === undefined) fail(403, forbidden);
  return { match, side };
}

async function teamLabel(c: Ctx, match: MatchRow, teamId: string | null): Promise<string> {
  if (teamId === null) return 'The league admin';
  return teamNameIn(match, teamId) ?? (await findTeamName(c.get('db'), teamId)) ?? teamId;
}

/** A report's lists as events and cards, after every check a report gets (a 400 naming the first problem). */
async function creditedEvents(c: Ctx, match: MatchRow, report: ReportVersion) {
  const db = c.get('db');
  const credited = reportEvents(
    match,
    report,
    await squadRows(db, match.id),
    await playerTeams(db, [
      ...report.goalscorers,
      ...report.own_goals,
      ...report.assisters,
      ...report.goalkeepers,
      ...report.yellow_cards,
      ...report.red_cards,
    ]),
  );
  if ('problem' in credited) fail(400, credited.problem);
  return credited;
}

/**
 * Writes a report as the match's result, PENDING: its events and cards replaced after
 * the same checks a report gets (a 400 naming the problem if a list no longer fits).
 */
async function applyReport(
  c: Ctx,
  match: MatchRow,
  report: ReportVersion,
  reportedByTeam: string | null,
  userId: string | null,
  at: string,
): Promise<void> {
  const credited = await creditedEvents(c, match, report);
  await storeReport(c.get('db'), {
    matchId: match.id,
    homeScore: report.home_score,
    awayScore: report.away_score,
    events: credited.events,
    cards: credited.cards,
    ownGoals: credited.ownGoals,
    reportedByTeam,
    userId: userId ?? currentUser(c).id,
    at,
  });
}

/** Confirms a PENDING result because a second, matching report arrived. */
async function confirm(c: Ctx, match: MatchRow, before: MatchResult, confirmingTeam: string | null) {
  const db = c.get('db');
  const user = currentUser(c);
  const at = c.get('options').now().toISOString();
  const bansBefore = await seasonBansOf(c, match);
  await storeReview(db, { matchId: match.id, approved: 'TRUE', userId: user.id, at });
  await deleteCounterReport(db, match.id);
  const after = await matchOrThrow(db, match.id);
  await audit(c, {
    action: 'match.confirm',
    entity: 'match',
    entityId: match.id,
    before: matchResultOf(before),
    after: { ...matchResultOf(after), confirmed_by_matching_report: true, confirming_team: confirmingTeam },
  });
  await resolve(c, match.id, ['report', 'review', 'decide']);
  await tell(
    c,
    { teams: [match.home_team, match.away_team], except: user.id },
    resultConfirmed(matchNames(match), { home: after.home_score ?? 0, away: after.away_score ?? 0 }),
  );
  await tellResultFinal(c, match, after);
  await tellNewBans(c, match, bansBefore);
  return after;
}

// ---------------------------------------------------------------------------------
// Reporting a result

/**
 * A result reported by staff of either team, or a super admin (who reports for neither
 * side). It becomes PENDING whatever the client said. A team answering the opponent's
 * pending report confirms it when both agree, or is kept beside it for review when
 * they differ.
 */
export async function reportResult(c: Ctx, id: number, body: ReportVersion): Promise<ReportAnswerDto> {
  const db = c.get('db');
  const user = currentUser(c);
  const { match, side: reportingTeam } = await staffMatch(
    c,
    id,
    'Only the coach or owner of one of the two teams, or an admin of the league, may report this result',
  );
  // The league reports for neither side: either team may then review it.
  const forLeague = reportingTeam === null;
  if (isPostponed(match)) {
    fail(409, 'This match is postponed: it can be reported once it has a new date');
  }
  // isReportable wants a team of the match; a super admin acts for both, so either will do.
  if (!isReportable(match, reportingTeam ?? match.home_team, c.get('options').now())) {
    fail(409, 'This match has not been played yet');
  }
  const context = {
    reportedByTeam: match.reported_by_team,
    reporterTeamId: reportingTeam,
    isSuperAdmin: forLeague,
  };
  const refusal = reportRefusal(match.approved, context);
  if (refusal !== null) fail(409, REPORT_REFUSAL_TEXT[refusal]);
  // Only the report's own fields: anything else the client sent (its `approved`) is not kept.
  const version: ReportVersion = {
    home_score: body.home_score,
    away_score: body.away_score,
    goalscorers: body.goalscorers,
    own_goals: body.own_goals,
    assisters: body.assisters,
    goalkeepers: body.goalkeepers,
    yellow_cards: body.yellow_cards,
    red_cards: body.red_cards,
  };
  const before = await resultOfRow(db, match); // the row read above, before any change
  const at = c.get('options').now().toISOString();
  const names = matchNames(match);

  if (answersOpponent(match.approved, context) && reportingTeam !== null) {
    // The second team's report never replaces the first. Checked like any report,
    // it confirms the first when they agree, or waits beside it for a reviewer.
    await creditedEvents(c, match, version);
    const differences = reportDifferences(matchReport(before), version);
    if (differences.length === 0) {
      return { ...(await confirm(c, match, before, reportingTeam)), outcome: 'confirmed' };
    }
    const previous = await findCounterReport(db, id);
    await storeCounterReport(db, {
      match_id: id,
      team_id: reportingTeam,
      ...version,
      reported_by_user: user.id,
      reported_at: at,
    });
    await audit(c, {
      action: 'match.counter_report',
      entity: 'match',
      entityId: id,
      before: previous ?? null,
      after: { team_id: reportingTeam, ...version, differences },
    });
    // Its team has answered the report it was asked to review: what is left is choosing one.
    await resolve(c, id, ['report', 'review']);
    await tell(
      c,
      { teams: [match.home_team, match.away_team], leagueAdminsOf: match.league_id, except: user.id },
      reportsDiffer(names, await teamLabel(c, match, reportingTeam)),
    );
    // The counter report is kept apart: the match reads as it did before it.
    return { ...(await matchOrThrow(db, id)), outcome: 'differs', differences };
  }

  await applyReport(c, match, version, reportingTeam, user.id, at);
  const after = await matchOrThrow(db, id);
  await audit(c, {
    action: 'match.report',
    entity: 'match',
    entityId: id,
    before: matchResultOf(before),
    after: matchResultOf(after),
  });
  // A team correcting its own report while the opponent's differing one waits beside it:
  // the two may now agree. A super admin's report stands alone. A second report only ever
  // waits beside a pending one, so the common first report asks nothing more.
  const counter = match.approved === 'PENDING' ? await findCounterReport(db, id) : undefined;
  if (counter !== undefined) {
    if (forLeague) await deleteCounterReport(db, id);
    else if (reportDifferences(counter, version).length === 0) {
      return { ...(await confirm(c, match, after, reportingTeam)), outcome: 'confirmed' };
    }
  }
  // A report is in, and any review asked of an earlier one is moot: this one is asked for now.
  await resolve(
    c,
    id,
    counter !== undefined && forLeague ? ['report', 'review', 'decide'] : ['report', 'review'],
  );
  await tell(
    c,
    {
      teams: [match.home_team, match.away_team].filter((team) => team !== reportingTeam),
      except: user.id,
    },
    reportToReview(names, await teamLabel(c, match, reportingTeam), {
      home: version.home_score,
      away: version.away_score,
    }),
  );
  return { ...after, outcome: 'pending' };
}

// ---------------------------------------------------------------------------------
// Reviewing it

/** The longest reason a rejection may give. */
export const REJECTION_REASON_MAX = 500;

/**
 * The body of approve and reject, which may be left out: nothing, `{}`, or `{ "team_id": … }`;
 * a rejection may also say why (`reason`).
 */
export const reviewBody = z.strictObject({
  team_id: idParam
    .optional()
    .describe("whose report to decide on when two differ (default: the first report's team)"),
  reason: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(REJECTION_REASON_MAX, `must be at most ${REJECTION_REASON_MAX} characters`)
    .optional()
    .describe('reject only: why, as the reporter will read it'),
});

type ReviewChoice = z.infer<typeof reviewBody>;

/**
 * Read here rather than by the route's validator: an empty body is a review of the first
 * report, whatever its content type says.
 */
async function reviewChoice(c: Ctx, action: ReviewAction): Promise<ReviewChoice> {
  const text = (await c.req.text()).trim();
  if (text === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail(400, 'Request body must be JSON');
  }
  const parsed = reviewBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    fail(
      400,
      issue?.code === 'unrecognized_keys'
        ? `Unknown field: ${issue.keys.join(', ')}`
        : `${field}: ${issue?.message ?? 'is invalid'}`,
    );
  }
  if (action === 'approve' && parsed.data.reason !== undefined) {
    fail(400, 'reason: only a rejection gives a reason');
  }
  return parsed.data;
}

/**
 * Approve or reject a PENDING result: the opposing team's staff, or a super admin.
 * With two differing reports on file the reviewer decides on one of them, named by its
 * team: approving one makes it the result; rejecting one leaves the other pending for
 * review.
 */
export async function review(c: Ctx, id: number, action: ReviewAction): Promise<MatchDto> {
  const db = c.get('db');
  const user = currentUser(c);
  const { team_id: chosenTeam, reason = '' } = await reviewChoice(c, action);
  // canReview looks at teams only; a player or fan of the opposing team must not review.
  const { match, side } = await staffMatch(
    c,
    id,
    "Only the opposing team's coach or owner, or an admin of the league, may review this result",
  );
  const next = nextApproval(match.approved, action);
  const refused = `Only a pending result can be ${action === 'approve' ? 'approved' : 'rejected'}`;
  if (next === null) fail(409, refused);
  const counter = await findCounterReport(db, id);
  // The report decided on: the first (in the match row) unless the counter report's team is named.
  const onCounter = counter !== undefined && chosenTeam !== undefined && chosenTeam === counter.team_id;
  if (chosenTeam !== undefined && !onCounter && chosenTeam !== (match.reported_by_team ?? chosenTeam)) {
    fail(404, 'No report from this team for this match');
  }
  const decidedTeam = onCounter ? counter.team_id : match.reported_by_team;
  const allowed = canReview({
    homeTeam: match.home_team,
    awayTeam: match.away_team,
    reportedByTeam: decidedTeam,
    reviewerTeamId: side,
    isSuperAdmin: side === null,
  });
  // Staff of one of the two teams who may not review can only be the reporting side.
  if (!allowed) fail(403, 'A team cannot review its own report');

  const before = await resultOfRow(db, match); // the row read above, before any change
  const at = c.get('options').now().toISOString();
  const bansBefore = action === 'approve' ? await seasonBansOf(c, match) : [];
  let decided: ReportVersion = matchReport(before);
  if (onCounter) {
    decided = counter;
    if (action === 'approve') {
      // The counter report becomes the result: checked again against today's squads and rosters.
      await applyReport(c, match, counter, counter.team_id, counter.reported_by_user, counter.reported_at);
      if (!(await storeReview(db, { matchId: id, approved: 'TRUE', userId: user.id, at })))
        fail(409, refused);
    }
    await deleteCounterReport(db, id);
  } else if (action === 'reject' && counter !== undefined) {
    // The first report is rejected; the counter report takes its place, pending review.
    await applyReport(c, match, counter, counter.team_id, counter.reported_by_user, counter.reported_at);
    await deleteCounterReport(db, id);
  } else {
    if (!(await storeReview(db, { matchId: id, approved: next, userId: user.id, at, reason })))
      fail(409, refused);
    if (action === 'approve') await deleteCounterReport(db, id);
  }
  // Approving ends every task of the result. Rejecting the counter report leaves the first
  // pending; rejecting the first leaves a report to send, or the counter report to review.
  await resolve(
    c,
    id,
    action === 'approve' || (counter !== undefined && !onCounter)
      ? ['report', 'review', 'decide']
      : onCounter
        ? ['decide']
        : ['review', 'decide'],
  );
  const after = await matchOrThrow(db, id);
  await audit(c, {
    action: `match.${action}`,
    entity: 'match',
    entityId: id,
    before: counter ? { ...matchResultOf(before), counter_report: counter } : matchResultOf(before),
    after: counter ? { ...matchResultOf(after), decided_report_team: decidedTeam } : matchResultOf(after),
  });
  const score = { home: decided.home_score, away: decided.away_score };
  await tell(
    c,
    { teams: reporterTeams(match, decidedTeam), except: user.id },
    reportReviewed(matchNames(match), action === 'approve', actorName(c, match), score, reason),
  );
  if (action === 'approve') {
    await tellResultFinal(c, match, after);
    await tellNewBans(c, match, bansBefore);
  } else if (counter !== undefined && !onCounter) {
    // The counter report now waits for the first reporter's review.
    await tell(
      c,
      {
        teams: [match.home_team, match.away_team].filter((team) => team !== counter.team_id),
        except: user.id,
      },
      reportToReview(matchNames(match), await teamLabel(c, match, counter.team_id), {
        home: counter.home_score,
        away: counter.away_score,
      }),
    );
  }
  return after;
}

// ---------------------------------------------------------------------------------
// The reports side by side

/** The match's reports (the first, then the counter report) and where they differ. */
export async function matchReports(c: Ctx, id: number) {
  const db = c.get('db');
  await staffMatch(
    c,
    id,
    "Only the two teams' coaches and owners, or an admin of the league, may see the reports",
  );
  const current = await matchOrThrow(db, id);
  const counter = await findCounterReport(db, id);
  const reports = [];
  if (current.approved !== '' && current.home_score !== null) {
    reports.push({
      team_id: current.reported_by_team,
      reported_at: current.reported_at,
      first: true,
      ...matchReport(current),
    });
  }
  if (counter) {
    reports.push({
      team_id: counter.team_id,
      reported_at: counter.reported_at,
      first: false,
      home_score: counter.home_score,
      away_score: counter.away_score,
      goalscorers: counter.goalscorers,
      own_goals: counter.own_goals,
      assisters: counter.assisters,
      goalkeepers: counter.goalkeepers,
      yellow_cards: counter.yellow_cards,
      red_cards: counter.red_cards,
    });
  }
  const differences: ReportField[] =
    counter && reports[0] ? reportDifferences(matchReport(current), counter) : [];
  // Only a rejected result has a rejection to read.
  const rejection = current.approved === 'FALSE' ? ((await findRejection(db, id)) ?? null) : null;
  return { match_id: id, approved: current.approved, reports, differences, rejection };
}
