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
  canReview,
  nextApproval,
  REPORT_REFUSAL_TEXT,
  reportRefusal,
  type ReviewAction,
} from '../domain/approval';
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

/** The part of a match a report or a review changes, for the audit log. */
function resultOf(match: MatchDto) {
  return {
    home_score: match.home_score,
    away_score: match.away_score,
    approved: match.approved,
    reported_by_team: match.reported_by_team,
    reviewed_at: match.reviewed_at,
    goalscorers: match.goalscorers,
    assisters: match.assisters,
    goalkeepers: match.goalkeepers,
    yellow_cards: match.yellow_cards,
    red_cards: match.red_cards,
  };
}

/** Approve or reject a PENDING result: the opposing team's staff, or a super admin. */
async function review(c: Context<AppEnv>, id: number, action: ReviewAction): Promise<MatchDto> {
  const db = c.var.db;
  const user = currentUser(c);
  const match = await findMatchState(db, id);
  if (!match) fail(404, 'Match not found');
  // canReview looks at teams only; a player or fan of the opposing team must not review.
  if (!isTeamStaff(user, match.home_team) && !isTeamStaff(user, match.away_team)) {
    fail(403, "Only the opposing team's coach or owner, or a super admin, may review this result");
  }
  const next = nextApproval(match.approved, action);
  const refused = `Only a pending result can be ${action === 'approve' ? 'approved' : 'rejected'}`;
  if (next === null) fail(409, refused);
  const allowed = canReview({
    homeTeam: match.home_team,
    awayTeam: match.away_team,
    reportedByTeam: match.reported_by_team,
    reviewerTeamId: user.team_id,
    isSuperAdmin: user.user_type === 'super_admin',
  });
  // Staff of one of the two teams who may not review can only be the reporting side.
  if (!allowed) fail(403, 'A team cannot review its own report');

  const before = await matchOrThrow(db, id);
  const at = c.var.options.now().toISOString();
  if (!(await storeReview(db, { matchId: id, approved: next, userId: user.id, at }))) fail(409, refused);
  const after = await matchOrThrow(db, id);
  await audit(c, {
    action: `match.${action}`,
    entity: 'match',
    entityId: id,
    before: resultOf(before),
    after: resultOf(after),
  });
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
      const db = c.var.db;
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
      const bans = await teamSeasonBans(db, match.league_id, match.season, teamId, c.var.options.now());
      for (const playerId of players) {
        const ban = banFor(bans, playerId, matchId);
        if (ban === undefined) continue;
        const name = (await namesOf(db, [playerId])).get(playerId) ?? playerId;
        fail(409, `${name} is suspended for this match: ${ban.reason}`);
      }
      const previous = saved.filter((row) => row.team_id === teamId).map((row) => row.player_id);
      await replaceSquad(db, matchId, teamId, players);
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
      const db = c.var.db;
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
      if (!isReportable(match, reportingTeam ?? match.home_team, c.var.options.now())) {
        fail(409, 'This match has not been played yet');
      }
      const refusal = reportRefusal(match.approved, {
        reportedByTeam: match.reported_by_team,
        reporterTeamId: reportingTeam,
        isSuperAdmin,
      });
      if (refusal !== null) fail(409, REPORT_REFUSAL_TEXT[refusal]);
      const credited = reportEvents(
        match,
        body,
        await squadRows(db, match.id),
        await playerTeams(db, [
          ...body.goalscorers,
          ...body.assisters,
          ...body.goalkeepers,
          ...body.yellow_cards,
          ...body.red_cards,
        ]),
      );
      if ('problem' in credited) fail(400, credited.problem);

      const before = await matchOrThrow(db, id);
      const at = c.var.options.now().toISOString();
      await storeReport(db, {
        matchId: id,
        homeScore: body.home_score,
        awayScore: body.away_score,
        events: credited.events,
        cards: credited.cards,
        reportedByTeam: reportingTeam,
        userId: user.id,
        at,
      });
      const after = await matchOrThrow(db, id);
      await audit(c, {
        action: 'match.report',
        entity: 'match',
        entityId: id,
        before: resultOf(before),
        after: resultOf(after),
      });
      return c.json(after, 200);
    },
  )
  // No body: the client posts with a JSON content type and nothing (or {}) in it.
  .post('/matches/:id/approve', requireUser, writeTransaction, validate('param', matchParam), async (c) =>
    c.json(await review(c, c.req.valid('param').id, 'approve'), 200),
  )
  .post('/matches/:id/reject', requireUser, writeTransaction, validate('param', matchParam), async (c) =>
    c.json(await review(c, c.req.valid('param').id, 'reject'), 200),
  );
