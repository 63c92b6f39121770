/**
 * Staff writes on matches (spec sections 2, 4 and 7): the match-day squad, result
 * reports, and their review by the other side. Who may act is decided from the
 * session alone; the approval transitions themselves live in domain/approval.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { assertTeamStaff, currentUser, isTeamStaff, requireUser } from '../auth/middleware';
import {
  findMatchState,
  findTeamName,
  matchOrThrow,
  playerTeams,
  replaceSquad,
  squadRows,
  storeReport,
  storeReview,
} from '../data/match-writes';
import {
  answersOpponent,
  canReview,
  nextApproval,
  REPORT_REFUSAL_TEXT,
  reportRefusal,
  type ReviewAction,
} from '../domain/approval';
import {
  deleteCounterReport,
  findCounterReport,
  matchReport,
  storeCounterReport,
} from '../data/counter-reports';
import { reportDifferences, type ReportVersion } from '../domain/report-compare';
import {
  playerSuspended,
  reportReviewed,
  reportsDiffer,
  reportToReview,
  resultConfirmed,
  type MatchNames,
} from '../domain/notification-text';
import { activeBans, type Ban } from '../domain/discipline';
import { tell } from '../http/notify';
import { matchResultOf, resultOfRow, type MatchResult, type MatchRow } from '../data/matches';
import { involvesTeam, isPostponed, isReportable } from '../domain/match-time';
import { banFor } from '../domain/discipline';
import { namesOf, teamSeasonBans } from '../data/discipline';
import {
  isSquadLocked,
  reportEvents,
  SCORE_MAX,
  SQUAD_LOCKED,
  squadListProblem,
  squadMembersRefusal,
} from '../domain/report-rules';
import { fail } from '../errors';
import { idParam, matchIdParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import type { MatchDto } from '../schemas';

const MAX_LISTED = 100;

// Counts are left to the handler so a wrong count gets the sentence the manager screen shows.
const squadBody = z.strictObject({
  players: z.array(idParam, { error: 'must be a list of player ids' }),
});

const scoreMessage = `must be a whole number from 0 to ${SCORE_MAX}`;
const score = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : scoreMessage) })
  .int(scoreMessage)
  .min(0, scoreMessage)
  .max(SCORE_MAX, scoreMessage);
const playerList = z
  .array(idParam, { error: 'must be a list of player ids' })
  .max(MAX_LISTED, `must list at most ${MAX_LISTED} entries`)
  .default([]);
const reportBody = z.strictObject({
  home_score: score,
  away_score: score,
  goalscorers: playerList,
  assisters: playerList,
  goalkeepers: playerList,
  // Issue #19; optional, so reports queued offline by an older app are still accepted.
  yellow_cards: playerList,
  red_cards: playerList,
  // The client sends the state it displays; the server alone decides it (always PENDING).
  approved: z.unknown().optional(),
});

const matchParam = z.object({ id: matchIdParam });

const matchNames = (match: MatchRow): MatchNames => ({
  id: match.id,
  homeName: match.home_team_name,
  awayName: match.away_team_name,
});

/** Who did it, as a notification names them: "Jane Coach (East United)" or "Sam (league admin)". */
async function actorName(c: Context<AppEnv>, match: MatchRow): Promise<string> {
  const user = currentUser(c);
  if (user.user_type === 'super_admin') return `${user.name} (league admin)`;
  const team =
    user.team_id === match.home_team
      ? match.home_team_name
      : user.team_id === match.away_team
        ? match.away_team_name
        : ((user.team_id && (await findTeamName(c.get('db'), user.team_id))) ?? '');
  return team ? `${user.name} (${team})` : user.name;
}

/** The bans of both teams' players in the match's season (to tell who a result newly suspends). */
async function seasonBansOf(c: Context<AppEnv>, match: MatchRow): Promise<Ban[][]> {
  const now = c.get('options').now();
  return [
    await teamSeasonBans(c.get('db'), match.league_id, match.season, match.home_team, now),
    await teamSeasonBans(c.get('db'), match.league_id, match.season, match.away_team, now),
  ];
}

/** Tells each team's staff of the players an approval has just suspended. */
async function tellNewBans(c: Context<AppEnv>, match: MatchRow, before: Ban[][]): Promise<void> {
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

const reviewBody = z.strictObject({
  team_id: idParam
    .optional()
    .describe("whose report to decide on when two differ (default: the first report's team)"),
});

/** The body of approve and reject is optional: nothing, `{}`, or `{ "team_id": … }`. */
async function reviewChoice(c: Context<AppEnv>): Promise<string | undefined> {
  const text = (await c.req.text()).trim();
  if (text === '') return undefined;
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
  return parsed.data.team_id;
}

/**
 * Approve or reject a PENDING result: the opposing team's staff, or a super admin.
 * With two differing reports on file (issue #20) the reviewer decides on one of them,
 * named by its team: approving one makes it the result; rejecting one leaves the other
 * pending for review.
 */
async function review(c: Context<AppEnv>, id: number, action: ReviewAction): Promise<MatchDto> {
  const db = c.get('db');
  const user = currentUser(c);
  const chosenTeam = await reviewChoice(c);
  const match = await findMatchState(db, id);
  if (!match) fail(404, 'Match not found');
  // canReview looks at teams only; a player or fan of the opposing team must not review.
  if (!isTeamStaff(user, match.home_team) && !isTeamStaff(user, match.away_team)) {
    fail(403, "Only the opposing team's coach or owner, or a super admin, may review this result");
  }
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
    reviewerTeamId: user.team_id,
    isSuperAdmin: user.user_type === 'super_admin',
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
    if (!(await storeReview(db, { matchId: id, approved: next, userId: user.id, at }))) fail(409, refused);
    if (action === 'approve') await deleteCounterReport(db, id);
  }
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
    reportReviewed(matchNames(match), action === 'approve', await actorName(c, match), score),
  );
  if (action === 'approve') await tellNewBans(c, match, bansBefore);
  else if (counter !== undefined && !onCounter) {
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

async function teamLabel(c: Context<AppEnv>, match: MatchRow, teamId: string | null): Promise<string> {
  if (teamId === null) return 'The league admin';
  if (teamId === match.home_team) return match.home_team_name;
  if (teamId === match.away_team) return match.away_team_name;
  return (await findTeamName(c.get('db'), teamId)) ?? teamId;
}

/** A report's lists as events and cards, after every check a report gets (a 400 naming the first problem). */
async function creditedEvents(c: Context<AppEnv>, match: MatchRow, report: ReportVersion) {
  const db = c.get('db');
  const credited = reportEvents(
    match,
    report,
    await squadRows(db, match.id),
    await playerTeams(db, [
      ...report.goalscorers,
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
  c: Context<AppEnv>,
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
    reportedByTeam,
    userId: userId ?? currentUser(c).id,
    at,
  });
}

/** Confirms a PENDING result because a second, matching report arrived (issue #20). */
async function confirm(
  c: Context<AppEnv>,
  match: MatchRow,
  before: MatchResult,
  confirmingTeam: string | null,
) {
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
  await tell(
    c,
    { teams: [match.home_team, match.away_team], except: user.id },
    resultConfirmed(matchNames(match), { home: after.home_score ?? 0, away: after.away_score ?? 0 }),
  );
  await tellNewBans(c, match, bansBefore);
  return after;
}

export const matchWriteRoutes = new Hono<AppEnv>()
  .put(
    '/teams/:team_id/matches/:match_id/roster',
    requireUser,
    writeTransaction,
    validate('param', z.object({ team_id: idParam, match_id: matchIdParam })),
    validate('json', squadBody),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const { team_id: teamId, match_id: matchId } = c.req.valid('param');
      const { players } = c.req.valid('json');

      const teamName = await findTeamName(db, teamId);
      if (teamName === undefined) fail(404, 'Team not found');
      assertTeamStaff(user, teamId);
      const match = await findMatchState(db, matchId);
      if (!match || !involvesTeam(match, teamId)) fail(404, 'Match not found for this team');

      // The list is checked before any lookup, so an oversized one costs no query.
      const listProblem = squadListProblem(players);
      if (listProblem !== null) fail(400, listProblem);
      if (isSquadLocked(match.approved)) fail(409, SQUAD_LOCKED);
      const saved = await squadRows(db, matchId);
      const refusal = squadMembersRefusal({
        teamId,
        teamName,
        players,
        currentTeams: await playerTeams(db, players),
        saved,
      });
      if (refusal !== null) fail(refusal.kind === 'invalid' ? 400 : 409, refusal.message);
      // Issue #19: a player banned from this match cannot be in its squad.
      const bans = await teamSeasonBans(db, match.league_id, match.season, teamId, c.get('options').now());
      for (const playerId of players) {
        const ban = banFor(bans, playerId, matchId);
        if (ban === undefined) continue;
        const name = (await namesOf(db, [playerId])).get(playerId) ?? playerId;
        fail(409, `${name} is suspended for this match: ${ban.reason}`);
      }
      const previous = saved.filter((row) => row.team_id === teamId).map((row) => row.player_id);
      await replaceSquad(db, matchId, teamId, saved, players);
      await audit(c, {
        action: 'match.squad',
        entity: 'match',
        entityId: matchId,
        before: { team_id: teamId, players: previous },
        after: { team_id: teamId, players },
      });
      return c.json({ match_id: matchId, team_id: teamId, players }, 200);
    },
  )
  .post(
    '/matches/:id/report',
    requireUser,
    writeTransaction,
    validate('param', matchParam),
    validate('json', reportBody),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');

      const match = await findMatchState(db, id);
      if (!match) fail(404, 'Match not found');
      if (!isTeamStaff(user, match.home_team) && !isTeamStaff(user, match.away_team)) {
        fail(
          403,
          'Only the coach or owner of one of the two teams, or a super admin, may report this result',
        );
      }
      const isSuperAdmin = user.user_type === 'super_admin';
      // A super admin reports for neither side: either team may then review it.
      const reportingTeam = isSuperAdmin ? null : user.team_id;
      if (isPostponed(match)) {
        fail(409, 'This match is postponed: it can be reported once it has a new date');
      }
      // isReportable wants a team of the match; a super admin acts for both, so either will do.
      if (!isReportable(match, reportingTeam ?? match.home_team, c.get('options').now())) {
        fail(409, 'This match has not been played yet');
      }
      const context = { reportedByTeam: match.reported_by_team, reporterTeamId: reportingTeam, isSuperAdmin };
      const refusal = reportRefusal(match.approved, context);
      if (refusal !== null) fail(409, REPORT_REFUSAL_TEXT[refusal]);
      const version: ReportVersion = {
        home_score: body.home_score,
        away_score: body.away_score,
        goalscorers: body.goalscorers,
        assisters: body.assisters,
        goalkeepers: body.goalkeepers,
        yellow_cards: body.yellow_cards,
        red_cards: body.red_cards,
      };
      const before = await resultOfRow(db, match); // the row read above, before any change
      const at = c.get('options').now().toISOString();
      const names = matchNames(match);

      if (answersOpponent(match.approved, context) && reportingTeam !== null) {
        // Issue #20: the second team's report never replaces the first. Checked like any report,
        // it confirms the first when they agree, or waits beside it for a reviewer.
        await creditedEvents(c, match, version);
        const differences = reportDifferences(matchReport(before), version);
        if (differences.length === 0) {
          return c.json({ ...(await confirm(c, match, before, reportingTeam)), outcome: 'confirmed' }, 200);
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
        await tell(
          c,
          { teams: [match.home_team, match.away_team], superAdmins: true, except: user.id },
          reportsDiffer(names, await teamLabel(c, match, reportingTeam)),
        );
        // The counter report is kept apart: the match reads as it did before it.
        return c.json({ ...(await matchOrThrow(db, id)), outcome: 'differs', differences }, 200);
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
        if (isSuperAdmin) await deleteCounterReport(db, id);
        else if (reportDifferences(counter, version).length === 0) {
          return c.json({ ...(await confirm(c, match, after, reportingTeam)), outcome: 'confirmed' }, 200);
        }
      }
      await tell(
        c,
        {
          teams: [match.home_team, match.away_team].filter((team) => team !== reportingTeam),
          except: user.id,
        },
        reportToReview(names, await teamLabel(c, match, reportingTeam), {
          home: body.home_score,
          away: body.away_score,
        }),
      );
      return c.json({ ...after, outcome: 'pending' }, 200);
    },
  )
  // No body: the client posts with a JSON content type and nothing (or {}) in it.
  .post('/matches/:id/approve', requireUser, writeTransaction, validate('param', matchParam), async (c) =>
    c.json(await review(c, c.req.valid('param').id, 'approve'), 200),
  )
  .post('/matches/:id/reject', requireUser, writeTransaction, validate('param', matchParam), async (c) =>
    c.json(await review(c, c.req.valid('param').id, 'reject'), 200),
  );
