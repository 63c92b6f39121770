/**
 * /api/matches: the public reads (the list, one match, the head-to-head history), moving
 * or postponing a match, and its result loop (a report, its review, the reports side by
 * side), which api/http/match-review.ts runs.
 */
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../../db/rules/text';
import { type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { MATCH_STATUSES } from '../../db/schema';
import { assertLeagueAdmin, currentUser, requireStaff } from '../auth/middleware';
import { namesOf } from '../data/discipline';
import { findCounterReport } from '../data/counter-reports';
import { deleteUnplayed, savedSquads } from '../data/fixture-removal';
import { leagueRules } from '../data/league-rules';
import { matchSchedule, updateMatchSchedule } from '../data/league-season';
import { getMatch, listMatches, matchPage } from '../data/matches';
import { lastReminder, REMIND_ACTION } from '../data/reminders';
import { teamExists } from '../data/teams';
import { isReported, parseMatchDate } from '../domain/match-time';
import { answerToConfirm, matchMoved, matchTask, resultReminder } from '../domain/notification-text';
import { answeredPlayerUsers } from '../data/availability';
import { restartReminders } from '../data/availability-reminders';
import { resolveTasks } from '../data/notifications';
import { overdueState } from '../domain/overdue';
import { SCORE_MAX } from '../domain/report-rules';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { cursorParam, kickoffKey, nextKickoffCursor } from '../http/list-query';
import { matchReports, reportResult, review, reviewBody } from '../http/match-review';
import { nextKickoff } from '../http/next-kickoff';
import { mailNotified, tell, tellFollowers, tellOthers } from '../http/notify';
import { holdUntil, jsonBytesRead, jsonListBytes, jsonListBytesInSteps, jsonRead } from '../http/read';
import { booleanParam, idParam, limitParam, matchIdParam } from '../http/validate';
import { audit } from '../http/write';
import {
  MatchDetailsSchema,
  MatchPageSchema,
  MatchReportsSchema,
  MatchSchema,
  ReportAnswerSchema,
  type MatchDetailsDto,
  type MatchDto,
  type MatchPageDto,
} from '../schemas';
import { plural } from '../../db/rules/words';

const matchId = matchIdParam.meta({ description: 'match id' });

// ---------------------------------------------------------------------------------
// Reads

/**
 * Matches in a page of the list without a filter: every match of the database in one
 * answer would let any anonymous request hold the server's memory and time for as long
 * as the history is long.
 */
export const MATCH_PAGE_MAX = 500;

const listMatchesRoute = read({
  path: '/matches',
  operationId: 'listMatches',
  tags: ['matches'],
  summary: 'Matches',
  description:
    'Oldest first; future=true gives upcoming matches, soonest first. With future or team_id: an ' +
    `array of the matches. Without either: a page of at most ${MATCH_PAGE_MAX} matches and ` +
    'next_cursor, to pass as cursor for the next page',
  caching: { offline: true, tables: 'matches' },
  request: {
    query: z.object({
      future: booleanParam.optional().meta({ description: 'true: upcoming only; false: kicked off only' }),
      team_id: idParam.optional().meta({ description: 'only this team' }),
      limit: limitParam.optional().meta({
        description: `positive whole number, at most 1000; without future and team_id the page size (at most ${MATCH_PAGE_MAX})`,
      }),
      cursor: cursorParam('matches', kickoffKey)
        .optional()
        .meta({
          description:
            'without future and team_id only: next_cursor of the page before (opaque; refused with 400 ' +
            'if altered or from another list)',
        }),
    }),
  },
  responses: {
    200: readAnswer(
      z.union([z.array(MatchSchema), MatchPageSchema]),
      'With future or team_id, the matches; without either, a page',
    ),
    ...errors(400, { 404: 'Unknown team_id' }),
  },
});

const getHeadToHead = read({
  path: '/matches/between/{home}/{away}',
  operationId: 'getHeadToHead',
  tags: ['matches'],
  summary: 'Approved results between two teams',
  description: 'In either order, newest first',
  caching: { offline: true, tables: 'matches' },
  request: {
    params: z.object({
      home: idParam.meta({ description: 'a team id' }),
      away: idParam.meta({ description: 'the other team id' }),
    }),
  },
  responses: {
    200: readAnswer(z.array(MatchSchema)),
    ...errors(400, { 404: 'Unknown team' }),
  },
});

const getMatchRoute = read({
  path: '/matches/{matchId}',
  operationId: 'getMatch',
  tags: ['matches'],
  summary: 'One match',
  description:
    'home_players/away_players are the saved squads, else the rosters; player_names names every player it lists',
  caching: { offline: true, tables: 'matches' },
  request: { params: z.object({ matchId }) },
  responses: {
    200: readAnswer(MatchDetailsSchema),
    ...errors(400, { 404: 'Unknown match' }),
  },
});

// Behind a session: neither the offline store nor the read cache keeps it.
const getMatchReports = read({
  path: '/matches/{id}/reports',
  operationId: 'getMatchReports',
  tags: ['matches'],
  summary: "The match's reports side by side",
  description: 'With their differences (staff of either team, super_admin); no-store',
  signedIn: true,
  request: { params: z.object({ id: matchId }) },
  responses: {
    200: readAnswer(MatchReportsSchema),
    ...errors(400, 401, { 403: 'Not staff of either team', 404: 'Unknown match' }),
  },
});

// ---------------------------------------------------------------------------------
// Moving or postponing a match

const scheduleBody = z.strictObject({
  date: z
    .string({ error: 'must be a date and time with its offset, such as 2027-03-06T15:00:00Z' })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i,
      'must be a date and time with its offset, such as 2027-03-06T15:00:00Z',
    )
    .refine((value) => parseMatchDate(value) !== null, 'is not a real date and time')
    .meta({ description: 'ISO 8601 instant with offset' }),
  location: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE),
  status: z.enum(MATCH_STATUSES, { error: 'must be scheduled or postponed' }),
});

const scheduleMatch = write({
  method: 'put',
  path: '/matches/{matchId}/schedule',
  operationId: 'scheduleMatch',
  tags: ['matches'],
  summary: 'Move or postpone a match',
  description:
    'An admin of its league, or a super admin; 409 once it has a report. Both teams’ staff are notified',
  guard: [requireStaff],
  request: {
    params: z.object({ matchId }),
    body: jsonBody(scheduleBody),
  },
  responses: {
    200: json(MatchSchema, 'The match as it is now'),
    ...errors({ 403: 'Not an admin of its league', 404: 'Unknown match', 409: 'The match has a report' }),
  },
});

// ---------------------------------------------------------------------------------
// Deleting a fixture, and reminding its teams of its result

const deleteMatchRoute = write({
  method: 'delete',
  path: '/matches/{matchId}',
  operationId: 'deleteMatch',
  tags: ['matches'],
  summary: 'Delete an unplayed fixture',
  description:
    'An admin of its league, or a super admin. Only a match without any report: its saved squads go with ' +
    'it, and the notifications that would open it. 409 once it has a report (a result stays on record)',
  guard: [requireStaff],
  request: { params: z.object({ matchId }) },
  responses: {
    200: json(
      z.strictObject({
        detail: z.string(),
        match: MatchSchema.describe('the match as it was'),
        squads: z
          .array(z.strictObject({ team_id: z.string() }))
          .describe('the teams whose saved squad went with it'),
        notifications: z.number().int().describe('notifications removed that opened it'),
      }),
      'Deleted: what went',
    ),
    ...errors({ 403: 'Not an admin of its league', 404: 'Unknown match', 409: 'The match has a report' }),
  },
});

/** A secretary reminds a match's teams at most this often. */
const REMIND_INTERVAL_MS = 3_600_000;

const remindMatchRoute = write({
  method: 'post',
  path: '/matches/{id}/remind',
  operationId: 'remindMatch',
  tags: ['matches'],
  summary: 'Remind the teams of a result they owe',
  description:
    'An admin of its league, or a super admin. Tells the staff who owe it that the report (both teams, ' +
    'none sent) or the review (the team that did not report; both when two reports differ) is awaited, ' +
    'or overdue past the league deadline. At most once an hour per match: 409 sooner. 409 also for an ' +
    'approved, postponed or not yet played match',
  guard: [requireStaff],
  request: { params: z.object({ id: matchId }) },
  responses: {
    200: json(
      z.strictObject({
        detail: z.string(),
        waiting_for: z.enum(['report', 'review']),
        overdue: z.boolean(),
        notified: z.number().int().describe('people told'),
        next_at: z.string().describe('the earliest time of the next reminder'),
      }),
      'Reminded',
    ),
    ...errors({
      403: 'Not an admin of its league',
      404: 'Unknown match',
      409: 'Nothing to remind of, or reminded less than an hour ago',
    }),
  },
});

// ---------------------------------------------------------------------------------
// The result loop

const scoreMessage = `must be a whole number from 0 to ${SCORE_MAX}`;
const score = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : scoreMessage) })
  .int(scoreMessage)
  .min(0, scoreMessage)
  .max(SCORE_MAX, scoreMessage);
const MAX_LISTED = 100;
const playerList = z
  .array(idParam, { error: 'must be a list of player ids' })
  .max(MAX_LISTED, `must list at most ${MAX_LISTED} entries`)
  .default([])
  .meta({ description: 'player ids' });
const reportBody = z.strictObject({
  home_score: score,
  away_score: score,
  goalscorers: playerList,
  // Once per own goal, counted for the player's opponent; optional like the cards.
  own_goals: playerList,
  assisters: playerList,
  goalkeepers: playerList,
  // Optional, so reports queued offline by an older app, which sent no cards, are still accepted.
  yellow_cards: playerList,
  red_cards: playerList,
  // The client sends the state it displays; the server alone decides it (always PENDING).
  approved: z.unknown().optional().meta({ description: 'ignored: the server decides' }),
});

const reportResultRoute = write({
  method: 'post',
  path: '/matches/{id}/report',
  operationId: 'reportResult',
  tags: ['matches'],
  summary: "Report a played match's result",
  description:
    'Staff of either team, or super_admin; it becomes PENDING whatever the body says. A team answering ' +
    "the opponent's pending report confirms it when both agree (approved at once) or is kept beside it " +
    'for review when they differ',
  request: {
    params: z.object({ id: matchId }),
    body: jsonBody(reportBody),
  },
  responses: {
    200: json(ReportAnswerSchema, 'Reported: the match, and what the report did'),
    ...errors({
      403: 'Not staff of either team',
      404: 'Unknown match',
      409: 'Not played yet, postponed, or no longer open to a report',
    }),
  },
});

/**
 * Approve and reject take an optional body that match-review reads itself (an empty one
 * is fine whatever its content type), so it is declared for the document only: a plain
 * schema the route's validator leaves alone.
 */
type BodyMedia = NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string];
type PlainSchema = Exclude<Extract<BodyMedia, { schema?: unknown }>['schema'], z.ZodType | undefined>;
const reviewChoice = {
  content: {
    'application/json': { schema: z.toJSONSchema(reviewBody, { target: 'openapi-3.0' }) as PlainSchema },
  },
  required: false,
};

const approveResult = write({
  method: 'post',
  path: '/matches/{id}/approve',
  operationId: 'approveResult',
  tags: ['matches'],
  summary: 'Approve a pending result',
  description: 'The other team, or super_admin; with two differing reports, the one named',
  request: { params: z.object({ id: matchId }), body: reviewChoice },
  responses: {
    200: json(MatchSchema, 'Approved'),
    ...errors({
      403: 'Not staff of the other team',
      404: 'Unknown match, or no report from the team named',
      409: 'Only a pending result can be approved',
    }),
  },
});

const rejectResult = write({
  method: 'post',
  path: '/matches/{id}/reject',
  operationId: 'rejectResult',
  tags: ['matches'],
  summary: 'Reject a pending result',
  description:
    'The other team, or super_admin; with two differing reports, the one named (rejecting the first ' +
    'leaves the second pending)',
  request: { params: z.object({ id: matchId }), body: reviewChoice },
  responses: {
    200: json(MatchSchema, 'Rejected'),
    ...errors({
      403: 'Not staff of the other team',
      404: 'Unknown match, or no report from the team named',
      409: 'Only a pending result can be rejected',
    }),
  },
});

export const matchRoutes = resourceRouter(
  // ?future=true: upcoming matches, soonest first (the next match uses limit=1).
  // Without a filter: every match, oldest first, a page at a time.
  endpoint(listMatchesRoute, async (c) => {
    const query = c.req.valid('query');
    if (query.future === undefined && query.team_id === undefined) {
      const page = await matchPage(c.get('db'), {
        limit: Math.min(query.limit ?? MATCH_PAGE_MAX, MATCH_PAGE_MAX),
        after: query.cursor,
      });
      const body: MatchPageDto = { matches: page.rows, next_cursor: nextKickoffCursor('matches', page.next) };
      return jsonRead(c, body, CACHE.revalidate);
    }
    if (query.cursor !== undefined) {
      fail(400, "Invalid query parameter 'cursor': only the list without future and team_id is paged");
    }
    if (query.team_id !== undefined && !(await teamExists(c.get('db'), query.team_id)))
      fail(404, 'Team not found');
    const matches = await listMatches(c.get('db'), {
      ...(query.future === true && { after: c.get('options').now().toISOString() }),
      ...(query.future === false && { notAfter: c.get('options').now().toISOString() }),
      ...(query.team_id !== undefined && { teamId: query.team_id }),
      ...(query.limit !== undefined && { limit: query.limit }),
      order: 'asc',
    });
    if (query.future !== undefined) holdUntil(c, await nextKickoff(c, query.team_id));
    // A filtered list may still be long (future=false is most of the history): read and written in steps.
    const list = await jsonListBytesInSteps(matches);
    return jsonBytesRead(c, list.bytes, CACHE.revalidate, list.etag);
  }),

  endpoint(getHeadToHead, async (c) => {
    const { home, away } = c.req.valid('param');
    for (const team of [home, away]) if (!(await teamExists(c.get('db'), team))) fail(404, 'Team not found');
    // Played means an approved result: an unreviewed report is not history yet.
    const matches = await listMatches(c.get('db'), {
      between: [home, away],
      approved: 'TRUE',
      order: 'desc',
    });
    return jsonBytesRead(c, jsonListBytes(matches), CACHE.revalidate);
  }),

  endpoint(getMatchRoute, async (c) => {
    const match = await getMatch(c.get('db'), c.req.valid('param').matchId);
    if (!match) fail(404, 'Match not found');
    const listed = [
      ...match.goalscorers,
      ...match.own_goals,
      ...match.assisters,
      ...match.goalkeepers,
      ...match.yellow_cards,
      ...match.red_cards,
      ...match.home_players,
      ...match.away_players,
    ];
    const details: MatchDetailsDto = {
      ...match,
      player_names: Object.fromEntries(await namesOf(c.get('db'), listed)),
    };
    return jsonRead(c, details, CACHE.revalidate);
  }),

  endpoint(getMatchReports, async (c) =>
    jsonRead(c, await matchReports(c, c.req.valid('param').id), CACHE.noStore),
  ),

  endpoint(scheduleMatch, async (c) => {
    const db = c.get('db');
    const { matchId } = c.req.valid('param');
    const body = c.req.valid('json');
    const before = await matchSchedule(db, matchId);
    if (!before) fail(404, 'Match not found');
    assertLeagueAdmin(currentUser(c), before.league_id);
    if (isReported(before)) {
      fail(409, 'This match has a report: a reported or approved match cannot be moved or postponed');
    }
    const date = (parseMatchDate(body.date) as Date).toISOString();
    const changed =
      date !== before.match_date || body.location !== before.location || body.status !== before.status;
    if (changed) {
      const schedule = {
        match_date: date,
        location: body.location,
        status: body.status,
        schedule_sequence: before.schedule_sequence + 1,
      };
      await updateMatchSchedule(db, matchId, schedule, c.get('options').now().toISOString());
      await audit(c, {
        action:
          body.status === 'postponed' && before.status !== 'postponed' ? 'match.postpone' : 'match.schedule',
        entity: 'match',
        entityId: String(matchId),
        before,
        after: { ...before, ...schedule },
      });
    }
    const after = await getMatch(db, matchId);
    if (changed && after) {
      // An unreported match only: a report it was overdue for is no longer asked for by that date.
      await resolveTasks(db, [matchTask('report', matchId)], c.get('options').now().toISOString());
      // Both teams' staff hear of it (the super admin who moved it saw it), then their followers.
      const names = { id: matchId, homeName: after.home_team_name, awayName: after.away_team_name };
      const moved = matchMoved(names, body.status === 'postponed', body.location);
      const actor = currentUser(c).id;
      // Players who said whether they can play are asked to confirm first: their answer is stale.
      const asked = await tellOthers(
        c,
        await answeredPlayerUsers(db, matchId, 'match_moved'),
        answerToConfirm(names, body.status === 'postponed'),
        actor,
      );
      await mailNotified(c, asked, after.league_id);
      // The automatic reminders count again from the new date.
      await restartReminders(db, matchId);
      await tell(c, { teams: [after.home_team, after.away_team], except: actor }, moved);
      await tellFollowers(c, [after.home_team, after.away_team], moved, actor);
    }
    return c.json(after, 200);
  }),

  endpoint(deleteMatchRoute, async (c) => {
    const db = c.get('db');
    const { matchId } = c.req.valid('param');
    const before = await matchSchedule(db, matchId);
    if (!before) fail(404, 'Match not found');
    assertLeagueAdmin(currentUser(c), before.league_id);
    if (isReported(before)) {
      fail(409, 'This match has a report: a reported result stays on record and cannot be deleted');
    }
    const match = (await getMatch(db, matchId)) as MatchDto;
    const squads = (await savedSquads(db, [matchId])).map((squad) => ({ team_id: squad.team_id }));
    const { notifications } = await deleteUnplayed(db, [matchId]);
    await audit(c, {
      action: 'match.delete',
      entity: 'match',
      entityId: String(matchId),
      before: { ...before, squads: squads.map((squad) => squad.team_id) },
    });
    return c.json(
      { detail: `${match.home_team_name} vs ${match.away_team_name} deleted`, match, squads, notifications },
      200,
    );
  }),

  endpoint(remindMatchRoute, async (c) => {
    const db = c.get('db');
    const { id } = c.req.valid('param');
    const match = await getMatch(db, id);
    if (!match) fail(404, 'Match not found');
    assertLeagueAdmin(currentUser(c), match.league_id);
    const now = c.get('options').now();
    if (match.approved === 'TRUE')
      fail(409, 'This result is approved: there is nothing to remind the teams of');
    if (match.status === 'postponed') fail(409, 'This match is postponed: there is no result to remind of');
    if (Date.parse(match.match_date) > now.getTime()) {
      fail(409, 'This match has not kicked off yet: there is no result to remind of');
    }
    const last = await lastReminder(db, id, new Date(now.getTime() - REMIND_INTERVAL_MS).toISOString());
    if (last !== null) {
      const next = new Date(Date.parse(last) + REMIND_INTERVAL_MS).toISOString();
      fail(
        409,
        `The teams were reminded of this match less than an hour ago: remind them again from ${next}`,
      );
    }
    const waitingFor = match.approved === 'PENDING' ? 'review' : 'report';
    const rules = await leagueRules(db, match.league_id);
    const overdue = overdueState(match, rules.report_deadline_hours, now) !== null;
    const disputed = waitingFor === 'review' && (await findCounterReport(db, id)) !== undefined;
    const teams =
      waitingFor === 'review' && !disputed && match.reported_by_team !== null
        ? [match.home_team, match.away_team].filter((team) => team !== match.reported_by_team)
        : [match.home_team, match.away_team];
    const before = (c.get('notified') ?? []).length;
    await tell(
      c,
      { teams, except: currentUser(c).id },
      resultReminder(
        { id, homeName: match.home_team_name, awayName: match.away_team_name },
        waitingFor,
        overdue,
      ),
    );
    const notified = (c.get('notified') ?? []).length - before;
    await audit(c, {
      action: REMIND_ACTION,
      entity: 'match',
      entityId: String(id),
      after: { teams, waiting_for: waitingFor, overdue, notified },
    });
    return c.json(
      {
        detail:
          notified === 0
            ? 'Nobody was reminded: the teams have no staff who take these notifications'
            : `Reminder sent to ${plural(notified, 'person', 'people')}`,
        waiting_for: waitingFor,
        overdue,
        notified,
        next_at: new Date(now.getTime() + REMIND_INTERVAL_MS).toISOString(),
      },
      200,
    );
  }),

  endpoint(reportResultRoute, async (c) =>
    c.json(await reportResult(c, c.req.valid('param').id, c.req.valid('json')), 200),
  ),
  // No body needed: the client posts with a JSON content type and nothing (or {}) in it.
  endpoint(approveResult, async (c) => c.json(await review(c, c.req.valid('param').id, 'approve'), 200)),
  endpoint(rejectResult, async (c) => c.json(await review(c, c.req.valid('param').id, 'reject'), 200)),
);
