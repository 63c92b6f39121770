/**
 * Who can play: players answer Available, Maybe or Unavailable (with a short note) for
 * their team's upcoming matches, until the team's answer deadline; staff see every answer
 * per match and may answer for a player at any time before kick-off. Personal to a team's
 * people: answered no-store, never kept by the read cache.
 */
import { z } from 'zod';
import { AVAILABILITY_ANSWERS, type AvailabilityAnswer } from '../../db/schema';
import { createMiddleware } from 'hono/factory';
import { currentUser, isTeamStaff, requireUser } from '../auth/middleware';
import { linkPlayer, revokeLink, teamLinks } from '../data/availability-links';
import { remindTeam, REMIND_EVERY_HOURS } from '../data/availability-reminders';
import { mailNotified, noteNotified } from '../http/notify';
import { resolveTasks } from '../data/notifications';
import { answerTask } from '../domain/notification-text';
import {
  answerDeadline,
  deadlineHours,
  playerTeam,
  playerOfUser,
  playerUpcomingMatches,
  setAnswer,
  setDeadlineHours,
  teamAnswers,
  type AvailabilityLine,
} from '../data/availability';
import type { SessionUser } from '../data/sessions';
import { findMatchRow, type MatchRow } from '../data/matches';
import { teamExists } from '../data/teams';
import { teamSeasonBans } from '../data/discipline';
import { banFor } from '../domain/discipline';
import { involvesTeam } from '../domain/match-time';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { jsonRead } from '../http/read';
import { audit } from '../http/write';
import type { AppEnv } from '../env';
import { idParam, matchIdParam } from '../http/validate';
import type { DB } from '../../db/connection';

/** The longest note a player may leave with an answer. */
export const NOTE_MAX = 200;

const AnswerSchema = z.enum(AVAILABILITY_ANSWERS).nullable();

const AvailabilityRowSchema = z
  .strictObject({
    player_id: z.string(),
    name: z.string(),
    number: z.number().int(),
    answer: AnswerSchema.describe('null: not answered'),
    note: z.string(),
    answered_at: z.string().nullable().describe('ISO instant of the last answer'),
    stale: z.boolean().describe('answered before the match was moved or postponed: to be confirmed'),
    suspended: z.boolean().describe('banned from this match: cannot be selected'),
  })
  .meta({ id: 'AvailabilityRow' });

const TeamAvailabilitySchema = z
  .strictObject({
    match_id: z.number().int(),
    team_id: z.string(),
    deadline: z.string().describe('ISO instant when players can no longer answer (staff still can)'),
    deadline_hours: z
      .number()
      .int()
      .describe('the team’s setting: answers close this many hours before kick-off'),
    counts: z.strictObject({
      available: z.number().int(),
      maybe: z.number().int(),
      unavailable: z.number().int(),
      no_answer: z.number().int(),
    }),
    players: z.array(AvailabilityRowSchema).describe('the roster by shirt number'),
  })
  .meta({ id: 'TeamAvailability' });

const MyMatchSchema = z
  .strictObject({
    match_id: z.number().int(),
    match_date: z.string(),
    location: z.string(),
    status: z.string().describe("'scheduled' or 'postponed'"),
    home_team: z.string(),
    away_team: z.string(),
    home_team_name: z.string(),
    away_team_name: z.string(),
    team_id: z.string().describe('the team the player plays for'),
    deadline: z.string(),
    answer: AnswerSchema,
    note: z.string(),
    answered_at: z.string().nullable(),
    stale: z.boolean(),
  })
  .meta({ id: 'MyMatch' });

const MyMatchesSchema = z
  .strictObject({
    player_id: z.string().nullable().describe('the signed-in user’s roster record; null: not a player'),
    matches: z.array(MyMatchSchema).describe('upcoming matches of their team, soonest first'),
  })
  .meta({ id: 'MyMatches' });

const matchParam = z.object({ matchId: matchIdParam.meta({ description: 'match id' }) });
const answerParams = z.object({
  matchId: matchIdParam.meta({ description: 'match id' }),
  playerId: idParam.meta({ description: 'dotted player id' }),
});
const teamQuery = z.object({ team_id: idParam.meta({ description: 'the team whose answers to show' }) });
const answerBody = z.strictObject({
  answer: z.enum(AVAILABILITY_ANSWERS, { error: `must be one of ${AVAILABILITY_ANSWERS.join(', ')}` }),
  note: z
    .string({ error: 'must be text' })
    .max(NOTE_MAX, `must be at most ${NOTE_MAX} characters`)
    .optional()
    .meta({
      description: `a short note, up to ${NOTE_MAX} characters; without it the previous note stays, "" clears it`,
    }),
});

const getTeamAvailability = read({
  path: '/matches/{matchId}/availability',
  operationId: 'getMatchAvailability',
  tags: ['availability'],
  summary: "A team's answers for a match",
  description: "That team's coach or owner, or an admin of its league; no-store",
  signedIn: true,
  request: { params: matchParam, query: teamQuery },
  responses: {
    200: readAnswer(TeamAvailabilitySchema),
    ...errors(400, 401, {
      403: "Not the team's coach or owner, nor an admin of its league",
      404: 'Unknown match, or the team does not play in it',
    }),
  },
});

const tokenQuery = z.object({
  token: z
    .string()
    .optional()
    .meta({ description: 'a personal link’s token, instead of signing in: answers for that player only' }),
});

/** Signed in, or a personal link's token in `?token=` (the handler checks which player it is). */
const signedInOrLink = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query('token') !== undefined) return next();
  return requireUser(c, next);
});

const putAnswer = write({
  method: 'put',
  path: '/matches/{matchId}/availability/{playerId}',
  operationId: 'setMatchAvailability',
  tags: ['availability'],
  summary: 'Answer whether a player can play',
  description:
    'The player (signed in, or with their personal link’s `token`), until their team’s deadline; their team’s staff, until kick-off. Answering again replaces the answer and confirms it after a date change; the same answer again keeps when it was given. With a token there is no account to keep an Idempotency-Key under: a repeat sets the same answer again',
  identify: signedInOrLink,
  request: { params: answerParams, query: tokenQuery, body: jsonBody(answerBody) },
  responses: {
    200: json(AvailabilityRowSchema, "The player's answer now"),
    ...errors({
      401: 'Neither signed in nor a standing personal link',
      403: 'Not the player nor their team’s staff, or the deadline has passed',
      404: 'Unknown match, or the player is in neither team',
      409: 'The match has kicked off, has a report, or is postponed',
    }),
  },
});

/** The longest a team may close answers before kick-off: two weeks. */
export const DEADLINE_HOURS_MAX = 336;

const SettingsSchema = z
  .strictObject({
    deadline_hours: z.number().int().describe('answers close this many hours before kick-off'),
  })
  .meta({ id: 'AvailabilitySettings' });

const putSettings = write({
  method: 'put',
  path: '/teams/{teamId}/availability-settings',
  operationId: 'setAvailabilitySettings',
  tags: ['availability'],
  summary: "When a team's answers close",
  description: `The team's coach or owner, or an admin of its league: 0 to ${DEADLINE_HOURS_MAX} hours before kick-off`,
  request: {
    params: z.object({ teamId: idParam.meta({ description: 'dotted team id' }) }),
    body: jsonBody(
      z.strictObject({
        deadline_hours: z
          .number({ error: `must be a whole number from 0 to ${DEADLINE_HOURS_MAX}` })
          .int(`must be a whole number from 0 to ${DEADLINE_HOURS_MAX}`)
          .min(0, `must be a whole number from 0 to ${DEADLINE_HOURS_MAX}`)
          .max(DEADLINE_HOURS_MAX, `must be a whole number from 0 to ${DEADLINE_HOURS_MAX}`),
      }),
    ),
  },
  responses: {
    200: json(SettingsSchema, 'The setting now'),
    ...errors({ 403: "Not the team's coach or owner, nor an admin of its league", 404: 'Team not found' }),
  },
});

const getMyMatches = read({
  path: '/me/matches',
  operationId: 'getMyMatches',
  tags: ['availability'],
  summary: 'Your upcoming matches and your answers',
  description: "The signed-in player's upcoming matches (their team's), each with their answer; no-store",
  signedIn: true,
  responses: { 200: readAnswer(MyMatchesSchema), ...errors(401) },
});

const LinkSchema = z
  .strictObject({
    player_id: z.string(),
    name: z.string(),
    number: z.number().int(),
    link: z.string().describe('the page where the player answers without an account'),
  })
  .meta({ id: 'AvailabilityLink' });

const teamParam = z.object({ teamId: idParam.meta({ description: 'dotted team id' }) });

const getLinks = read({
  path: '/teams/{teamId}/availability-links',
  operationId: 'getAvailabilityLinks',
  tags: ['availability'],
  summary: "A team's personal availability links",
  description:
    "That team's coach or owner, or an admin of its league: each rostered player's link (made when first listed; the same link until revoked); no-store",
  signedIn: true,
  request: { params: teamParam },
  responses: {
    200: readAnswer(z.strictObject({ links: z.array(LinkSchema) }).meta({ id: 'AvailabilityLinks' })),
    ...errors(401, {
      403: "Not the team's coach or owner, nor an admin of its league",
      404: 'Team not found',
    }),
  },
});

const deleteLink = write({
  method: 'delete',
  path: '/teams/{teamId}/availability-links/{playerId}',
  operationId: 'revokeAvailabilityLink',
  tags: ['availability'],
  summary: "Revoke a player's personal link",
  description: 'The old link answers 401 from now on; listing the links again makes the player a new one',
  request: {
    params: z.object({
      teamId: idParam.meta({ description: 'dotted team id' }),
      playerId: idParam.meta({ description: 'dotted player id' }),
    }),
  },
  responses: {
    204: { description: 'Revoked' },
    ...errors({
      403: "Not the team's coach or owner, nor an admin of its league",
      404: 'Team not found, or the player is not in it',
    }),
  },
});

const LinkMatchesSchema = z
  .strictObject({
    player_id: z.string(),
    name: z.string(),
    team_id: z.string(),
    team_name: z.string(),
    matches: z.array(MyMatchSchema).describe('upcoming matches of their team, soonest first'),
  })
  .meta({ id: 'LinkMatches' });

const getLinkMatches = read({
  path: '/availability/{linkToken}',
  operationId: 'getLinkMatches',
  tags: ['availability'],
  summary: "A personal link's player and their upcoming matches",
  description: 'For the page a personal link opens, without an account; no-store',
  request: {
    params: z.object({ linkToken: z.string().meta({ description: 'the personal link’s token' }) }),
  },
  responses: {
    200: readAnswer(LinkMatchesSchema),
    ...errors({ 401: 'The link is not valid, or was revoked' }),
  },
});

const RemindedSchema = z
  .strictObject({
    reminded: z.number().int().describe('players reminded now (in the app, by Web Push, by e-mail)'),
    reminded_lately: z
      .number()
      .int()
      .describe(
        `players not answering who were reminded within ${REMIND_EVERY_HOURS} hours, or muted reminders`,
      ),
    without_account: z
      .number()
      .int()
      .describe('players not answering who have no account: send them their personal link'),
  })
  .meta({ id: 'AvailabilityReminded' });

const postRemind = write({
  method: 'post',
  path: '/matches/{matchId}/availability/remind',
  operationId: 'remindAvailability',
  tags: ['availability'],
  summary: 'Remind those who have not answered',
  description: `That team's coach or owner, or an admin of its league: each player of the team who has not answered (or must confirm after a date change) and has an account is told, at most once every ${REMIND_EVERY_HOURS} hours per match`,
  request: {
    params: matchParam,
    body: jsonBody(
      z.strictObject({ team_id: idParam.meta({ description: 'the team whose players to remind' }) }),
    ),
  },
  responses: {
    200: json(RemindedSchema, 'Who was reminded'),
    ...errors({
      403: "Not the team's coach or owner, nor an admin of its league",
      404: 'Unknown match, or the team does not play in it',
      409: 'Answers have closed, the match has kicked off, has a report or is postponed',
    }),
  },
});

const LINK_REFUSED = 'This link no longer works: ask your coach for a new one';

/** The roster player a signed-in user is, if any: their player membership, else the roster's link. */
async function playerOf(db: DB, user: SessionUser): Promise<string | null> {
  const membership = user.memberships.find((m) => m.role === 'player' && m.player_id !== null);
  if (membership?.player_id) return membership.player_id;
  return playerOfUser(db, user.id);
}

/** The match, or 404; and 404 too when `teamId` does not play in it. */
async function matchOfTeam(db: DB, matchId: number, teamId: string | null): Promise<MatchRow> {
  const match = await findMatchRow(db, matchId);
  if (match === undefined) fail(404, 'Match not found');
  if (teamId === null || !involvesTeam(match, teamId))
    fail(404, 'The player is in neither team of this match');
  return match;
}

/**
 * 409 unless the match still takes answers: not reported, not postponed (`postponed` says
 * what to do instead), not kicked off.
 */
function assertOpenForAnswers(match: MatchRow, now: Date, postponed: string): void {
  if (match.approved !== '') fail(409, 'This match already has a report');
  if (match.status === 'postponed') fail(409, `This match is postponed: ${postponed}`);
  if (Date.parse(match.match_date) <= now.getTime()) fail(409, 'This match has kicked off');
}

/** 403 unless the user is the team's coach or owner, or an admin of its league; `may` says what for. */
async function assertStaffOf(db: DB, user: SessionUser, teamId: string, may: string): Promise<void> {
  if (!(await isTeamStaff(db, user, teamId))) {
    fail(403, `Only this team's coach or owner, or an admin of its league, may ${may}`);
  }
}

/** The team's players banned from this match (as Team Selection refuses them). */
async function suspendedIn(db: DB, match: MatchRow, teamId: string, now: Date): Promise<Set<string>> {
  const bans = await teamSeasonBans(db, match.league_id, match.season, teamId, now);
  const players = new Set(bans.map((ban) => ban.player_id));
  return new Set([...players].filter((playerId) => banFor(bans, playerId, match.id) !== undefined));
}

const withSuspension = (line: AvailabilityLine, suspended: Set<string>) => ({
  ...line,
  suspended: suspended.has(line.player_id),
});

export const availabilityRoutes = resourceRouter(
  endpoint(getTeamAvailability, async (c) => {
    const db = c.get('db');
    const { matchId } = c.req.valid('param');
    const { team_id: teamId } = c.req.valid('query');
    const match = await findMatchRow(db, matchId);
    if (match === undefined) fail(404, 'Match not found');
    await assertStaffOf(db, currentUser(c), teamId, 'see its answers');
    if (!involvesTeam(match, teamId)) fail(404, 'The team does not play in this match');
    const now = c.get('options').now();
    const suspended = await suspendedIn(db, match, teamId, now);
    const players = (await teamAnswers(db, matchId, teamId)).map((line) => withSuspension(line, suspended));
    const hours = await deadlineHours(db, teamId);
    const count = (answer: AvailabilityAnswer | null) =>
      players.filter((player) => player.answer === answer).length;
    return jsonRead(
      c,
      {
        match_id: matchId,
        team_id: teamId,
        deadline: answerDeadline(match.match_date, hours),
        deadline_hours: hours,
        counts: {
          available: count('available'),
          maybe: count('maybe'),
          unavailable: count('unavailable'),
          no_answer: count(null),
        },
        players,
      },
      CACHE.noStore,
    );
  }),

  endpoint(putAnswer, async (c) => {
    const db = c.get('db');
    const { matchId, playerId } = c.req.valid('param');
    const { token } = c.req.valid('query');
    const { answer, note } = c.req.valid('json');
    // With a link there is no account: the link's player answers for themselves.
    const user = token === undefined ? currentUser(c) : null;
    const linked = token === undefined ? null : await linkPlayer(db, token);
    if (token !== undefined && linked === null) fail(401, LINK_REFUSED);
    const player = await playerTeam(db, playerId);
    if (player === undefined) fail(404, 'Player not found');
    const match = await matchOfTeam(db, matchId, player.team_id);
    const teamId = player.team_id as string;
    const staff = user !== null && (await isTeamStaff(db, user, teamId));
    const self = user === null ? linked === playerId : (await playerOf(db, user)) === playerId;
    if (!staff && !self) fail(403, 'Only the player, or their team’s coach or owner, may answer for them');
    const now = c.get('options').now();
    assertOpenForAnswers(match, now, 'answer once it has a new date');
    const deadline = answerDeadline(match.match_date, await deadlineHours(db, teamId));
    if (!staff && Date.parse(deadline) <= now.getTime()) {
      fail(403, 'Answers for this match have closed: tell your coach');
    }
    await setAnswer(db, {
      matchId,
      playerId,
      answer,
      note: note?.trim(),
      at: now.toISOString(),
      by: user?.id ?? null,
    });
    // A reminder to answer reads as done.
    await resolveTasks(db, [answerTask(matchId, playerId)], now.toISOString());
    const [line] = await teamAnswers(db, matchId, teamId, playerId);
    if (line === undefined) fail(404, 'Player not found');
    return c.json(withSuspension(line, await suspendedIn(db, match, teamId, now)), 200);
  }),

  endpoint(postRemind, async (c) => {
    const db = c.get('db');
    const { matchId } = c.req.valid('param');
    const { team_id: teamId } = c.req.valid('json');
    const match = await findMatchRow(db, matchId);
    if (match === undefined) fail(404, 'Match not found');
    await assertStaffOf(db, currentUser(c), teamId, 'remind its players');
    if (!involvesTeam(match, teamId)) fail(404, 'The team does not play in this match');
    const now = c.get('options').now();
    assertOpenForAnswers(match, now, 'remind them once it has a new date');
    const deadline = answerDeadline(match.match_date, await deadlineHours(db, teamId));
    if (Date.parse(deadline) <= now.getTime()) {
      fail(409, 'Answers for this match have closed: set the answers yourself');
    }
    const result = await remindTeam(
      db,
      {
        matchId,
        date: match.match_date,
        location: match.location,
        opponentName: (teamId === match.home_team ? match.away_team_name : match.home_team_name) ?? '',
        teamId,
        deadline,
      },
      now,
    );
    noteNotified(c, result.sent);
    await mailNotified(c, result.sent, match.league_id);
    if (result.reminded > 0) {
      await audit(c, {
        action: 'availability.remind',
        entity: 'match',
        entityId: matchId,
        after: { team_id: teamId, reminded: result.reminded },
      });
    }
    return c.json(
      {
        reminded: result.reminded,
        reminded_lately: result.remindedLately,
        without_account: result.withoutAccount,
      },
      200,
    );
  }),

  endpoint(putSettings, async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    const { deadline_hours: hours } = c.req.valid('json');
    if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
    await assertStaffOf(db, currentUser(c), teamId, 'change this');
    await setDeadlineHours(db, teamId, hours);
    await audit(c, {
      action: 'team.availability',
      entity: 'team',
      entityId: teamId,
      after: { deadline_hours: hours },
    });
    return c.json({ deadline_hours: hours }, 200);
  }),

  endpoint(getLinks, async (c) => {
    const db = c.get('db');
    const { teamId } = c.req.valid('param');
    if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
    const user = currentUser(c);
    await assertStaffOf(db, user, teamId, 'see its links');
    const options = c.get('options');
    const links = await teamLinks(db, options.jwtSecret, teamId, user.id, options.now());
    return jsonRead(
      c,
      {
        links: links.map(({ token, ...player }) => ({
          ...player,
          link: `${options.publicUrl}/availability/${token}`,
        })),
      },
      CACHE.noStore,
    );
  }),

  endpoint(deleteLink, async (c) => {
    const db = c.get('db');
    const { teamId, playerId } = c.req.valid('param');
    if (!(await teamExists(db, teamId))) fail(404, 'Team not found');
    await assertStaffOf(db, currentUser(c), teamId, 'revoke its links');
    const player = await playerTeam(db, playerId);
    if (player === undefined || player.team_id !== teamId) fail(404, 'The player is not in this team');
    if (await revokeLink(db, playerId)) {
      await audit(c, { action: 'availability.link.revoke', entity: 'player', entityId: playerId });
    }
    return c.body(null, 204);
  }),

  endpoint(getLinkMatches, async (c) => {
    const db = c.get('db');
    const playerId = await linkPlayer(db, c.req.valid('param').linkToken);
    if (playerId === null) fail(401, LINK_REFUSED);
    const player = await playerTeam(db, playerId);
    if (!player?.team_id) fail(401, LINK_REFUSED);
    const matches = await playerUpcomingMatches(db, playerId, c.get('options').now());
    return jsonRead(
      c,
      {
        player_id: playerId,
        name: player.name,
        team_id: player.team_id,
        team_name: player.team_name ?? player.team_id,
        matches,
      },
      CACHE.noStore,
    );
  }),

  endpoint(getMyMatches, async (c) => {
    const db = c.get('db');
    const playerId = await playerOf(db, currentUser(c));
    const matches =
      playerId === null ? [] : await playerUpcomingMatches(db, playerId, c.get('options').now());
    return jsonRead(c, { player_id: playerId, matches }, CACHE.noStore);
  }),
);
