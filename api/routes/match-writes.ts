/**
 * Staff writes on matches (spec sections 2, 4 and 7): the match-day squad, result
 * reports, and their review by the other side. Who may act is decided from the
 * session alone; the approval transitions themselves live in domain/approval.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { DB } from '../../db/connection';
import type { AppEnv } from '../app';
import { assertTeamStaff, currentUser, isTeamStaff, requireUser } from '../auth/middleware';
import {
  findMatchState,
  findTeamName,
  playerTeams,
  replaceSquad,
  squadRows,
  storeReport,
  storeReview,
  type MatchState,
  type ReportEvent,
} from '../data/match-writes';
import { getMatch } from '../data/matches';
import { canReview, nextApproval, reportRefusal, type ReviewAction } from '../domain/approval';
import { involvesTeam, isReportable } from '../domain/match-time';
import { fail } from '../errors';
import { idParam, matchIdParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import type { MatchDto } from '../schemas';

/** Spec section 9: a match-day squad has 7 to 18 players. */
const SQUAD_MIN = 7;
const SQUAD_MAX = 18;
const MAX_LISTED = 100;
const MAX_KEEPERS_PER_TEAM = 2;

// Counts are left to the handler so a wrong count gets the sentence the manager screen shows.
const squadBody = z.strictObject({
  players: z.array(idParam, { error: 'must be a list of player ids' }),
});

const scoreMessage = 'must be a whole number from 0 to 99';
const score = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : scoreMessage) })
  .int(scoreMessage)
  .min(0, scoreMessage)
  .max(99, scoreMessage);
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
  // The client sends the state it displays; the server alone decides it (always PENDING).
  approved: z.unknown().optional(),
});
type ReportBody = z.output<typeof reportBody>;

const matchParam = z.object({ id: matchIdParam });

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

async function matchOrThrow(db: DB, id: number): Promise<MatchDto> {
  const match = await getMatch(db, id);
  // The row was read earlier in this same transaction: a miss here is a bug, not bad input.
  if (!match) throw new Error(`match ${id} vanished inside its write transaction`);
  return match;
}

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
  };
}

/**
 * Turns a report's id lists into event rows, each on its player's side, and checks
 * that they fit the score. Throws 400 on the first problem.
 */
async function reportEvents(db: DB, match: MatchState, report: ReportBody): Promise<ReportEvent[]> {
  // The saved squad says whom a player played for, even if they changed clubs since.
  const squads = new Map<string, string>();
  for (const row of await squadRows(db, match.id)) {
    if (involvesTeam(match, row.team_id)) squads.set(row.player_id, row.team_id);
  }
  const rosters = await playerTeams(db, [...report.goalscorers, ...report.assisters, ...report.goalkeepers]);
  const sideOf = (playerId: string): string => {
    const side = squads.get(playerId) ?? rosters.get(playerId);
    if (side === undefined || side === null || !involvesTeam(match, side)) {
      fail(400, `Unknown player for this match: ${playerId}`);
    }
    return side;
  };

  const events: ReportEvent[] = [];
  const lists = [
    ['goal', report.goalscorers],
    ['assist', report.assisters],
    ['goalkeeper', report.goalkeepers],
  ] as const;
  // Rows go in as listed: reads return the lists in row order, so the client gets back what it sent.
  for (const [kind, ids] of lists) {
    for (const player_id of ids) events.push({ team_id: sideOf(player_id), player_id, kind });
  }

  const keepers = new Set<string>();
  for (const id of report.goalkeepers) {
    if (keepers.has(id)) fail(400, `Goalkeeper listed more than once: ${id}`);
    keepers.add(id);
  }

  const count = (team: string, kind: ReportEvent['kind']) =>
    events.filter((event) => event.team_id === team && event.kind === kind).length;
  const sides = [
    { team: match.home_team, name: match.home_team_name, score: report.home_score },
    { team: match.away_team, name: match.away_team_name, score: report.away_score },
  ];
  for (const side of sides) {
    // At most, not exactly: own goals and unknown scorers leave goals uncredited.
    const goals = count(side.team, 'goal');
    if (goals > side.score) {
      fail(400, `${side.name} is credited with ${plural(goals, 'goal')} but scored ${side.score}`);
    }
    const assists = count(side.team, 'assist');
    if (assists > goals) {
      fail(
        400,
        `${side.name} is credited with ${plural(assists, 'assist')} but only ${plural(goals, 'goal')} by its players`,
      );
    }
    const keeperCount = count(side.team, 'goalkeeper');
    if (keeperCount > MAX_KEEPERS_PER_TEAM) {
      fail(
        400,
        `${side.name} lists ${plural(keeperCount, 'goalkeeper')}; at most ${MAX_KEEPERS_PER_TEAM} per team`,
      );
    }
  }
  return events;
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

      const repeated = [...new Set(players.filter((id, index) => players.indexOf(id) !== index))];
      if (repeated.length > 0)
        fail(400, `Each player may be selected once (repeated: ${repeated.join(', ')})`);
      if (players.length < SQUAD_MIN || players.length > SQUAD_MAX) {
        fail(400, `Select between ${SQUAD_MIN} and ${SQUAD_MAX} players (you selected ${players.length})`);
      }
      // An approved result is the record of who played; the squad is part of it.
      if (match.approved === 'TRUE') {
        fail(409, 'This match already has an approved result; its squad can no longer change');
      }
      const teams = await playerTeams(db, players);
      const strangers = players.filter((id) => teams.get(id) !== teamId);
      if (strangers.length > 0) fail(400, `Not on the ${teamName} roster: ${strangers.join(', ')}`);

      const saved = await squadRows(db, matchId);
      // A player who moved clubs may already be in the opponent's squad; one match, one side.
      const taken = saved.filter((row) => row.team_id !== teamId && players.includes(row.player_id));
      if (taken.length > 0) {
        fail(
          409,
          `Already selected by the opponent for this match: ${taken.map((row) => row.player_id).join(', ')}`,
        );
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
      // isReportable wants a team of the match; a super admin acts for both, so either will do.
      if (!isReportable(match, reportingTeam ?? match.home_team, c.var.options.now())) {
        fail(409, 'This match has not been played yet');
      }
      const refusal = reportRefusal(match.approved, {
        reportedByTeam: match.reported_by_team,
        reporterTeamId: reportingTeam,
        isSuperAdmin,
      });
      if (refusal === 'approved') fail(409, 'This match already has an approved result');
      if (refusal === 'awaiting-review') {
        fail(409, "The opponent's report is waiting for your review: approve or reject it first");
      }
      const events = await reportEvents(db, match, body);

      const before = await matchOrThrow(db, id);
      const at = c.var.options.now().toISOString();
      await storeReport(db, {
        matchId: id,
        homeScore: body.home_score,
        awayScore: body.away_score,
        events,
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
