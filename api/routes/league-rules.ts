/**
 * A league's rules and points deductions (issue #18): read by anyone, changed by the
 * super admin only, every change audited and idempotent (writeTransaction).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireRoles, requireUser } from '../auth/middleware';
import { leagueTeams } from '../data/leagues';
import {
  deleteDeduction,
  findDeduction,
  insertDeduction,
  insertLeague,
  leagueDeductions,
  leagueRules,
  storeLeagueRules,
  updateLeague,
} from '../data/league-rules';
import { LEAGUE_STATUSES } from '../../db/schema';
import { seasonFromLeagueId } from '../domain/league-id';
import type { LeagueRules } from '../domain/league-rules';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';
import { idParam, rowIdParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import { LeagueRulesSchema as rulesBody } from '../schemas';
import { leagueParam, requireLeague } from '../http/params';

const deductionParam = leagueParam.extend({ id: rowIdParam });

const leagueFields = {
  league_name: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(200, 'must be at most 200 characters')
    .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters'),
  status: z.enum(LEAGUE_STATUSES, { error: 'must be one of active, upcoming or completed' }),
  location: z
    .string({ error: 'must be text' })
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters'),
};

const newLeagueBody = z
  .strictObject({
    league_id: z
      .string({ error: 'must be text' })
      .max(64, 'must be at most 64 characters')
      .regex(/^[a-z0-9][a-z0-9.-]*$/, 'must be lower-case letters, digits, dots and hyphens, e.g. mwpl-27'),
    season: z.string({ error: 'must be text' }).regex(/^\d{4}$/, 'must be a four-digit year such as 2027'),
    ...leagueFields,
  })
  // A "-YY" suffix names the season (decision 0010): it must be this one.
  .refine((body) => (seasonFromLeagueId(body.league_id) ?? body.season) === body.season, {
    path: ['league_id'],
    error: (issue) => {
      const body = issue.input as { league_id: string; season: string };
      return `ends in the season ${seasonFromLeagueId(body.league_id) ?? ''}, not ${body.season}`;
    },
  });

const deductionBody = z.strictObject({
  team_id: idParam,
  points: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100'),
  reason: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(300, 'must be at most 300 characters')
    .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters'),
});

export const leagueRuleRoutes = new Hono<AppEnv>()
  .post(
    '/leagues',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('json', newLeagueBody),
    async (c) => {
      const db = c.get('db');
      const body = c.req.valid('json');
      const created = await insertLeague(db, { ...body, created_at: c.get('options').now().toISOString() });
      if (!created) fail(409, `A league with the id '${body.league_id}' already exists`);
      const league = await requireLeague(db, body.league_id);
      await audit(c, { action: 'create', entity: 'league', entityId: league.league_id, after: league });
      return c.json(league, 201);
    },
  )
  .put(
    '/leagues/:leagueId',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', z.strictObject(leagueFields)),
    async (c) => {
      const db = c.get('db');
      const before = await requireLeague(db, c.req.valid('param').leagueId);
      await updateLeague(db, before.league_id, c.req.valid('json'));
      const after = await requireLeague(db, before.league_id);
      await audit(c, { action: 'update', entity: 'league', entityId: after.league_id, before, after });
      return c.json(after, 200);
    },
  )
  .get('/leagues/:leagueId/rules', validate('param', leagueParam), async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(c, await leagueRules(c.get('db'), league.league_id), CACHE.revalidate);
  })
  .put(
    '/leagues/:leagueId/rules',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', rulesBody),
    async (c) => {
      const db = c.get('db');
      const league = await requireLeague(db, c.req.valid('param').leagueId);
      const before = await leagueRules(db, league.league_id);
      const rules: LeagueRules = c.req.valid('json');
      await storeLeagueRules(db, league.league_id, rules, c.get('options').now().toISOString());
      await audit(c, {
        action: 'league.rules',
        entity: 'league',
        entityId: league.league_id,
        before,
        after: rules,
      });
      return c.json(await leagueRules(db, league.league_id), 200);
    },
  )
  .get('/leagues/:leagueId/deductions', validate('param', leagueParam), async (c) => {
    const league = await requireLeague(c.get('db'), c.req.valid('param').leagueId);
    return jsonRead(
      c,
      { deductions: await leagueDeductions(c.get('db'), league.league_id) },
      CACHE.revalidate,
    );
  })
  .post(
    '/leagues/:leagueId/deductions',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', deductionBody),
    async (c) => {
      const db = c.get('db');
      const league = await requireLeague(db, c.req.valid('param').leagueId);
      const body = c.req.valid('json');
      const teams = await leagueTeams(db, league.league_id, league.season, true);
      if (!teams.some((team) => team.team_id === body.team_id)) {
        fail(
          400,
          `Invalid field 'team_id': '${body.team_id}' does not play in ${league.league_name} ${league.season}`,
        );
      }
      const row = {
        league_id: league.league_id,
        team_id: body.team_id,
        points: body.points,
        reason: body.reason,
        created_at: c.get('options').now().toISOString(),
        created_by: currentUser(c).id,
      };
      const id = await insertDeduction(db, row);
      const created = await findDeduction(db, league.league_id, id);
      await audit(c, {
        action: 'league.deduction',
        entity: 'league',
        entityId: league.league_id,
        after: created,
      });
      return c.json(created, 201);
    },
  )
  .delete(
    '/leagues/:leagueId/deductions/:id',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', deductionParam),
    async (c) => {
      const db = c.get('db');
      const { leagueId, id } = c.req.valid('param');
      const league = await requireLeague(db, leagueId);
      const removed = await deleteDeduction(db, league.league_id, id);
      if (!removed) fail(404, 'Deduction not found');
      await audit(c, {
        action: 'league.deduction_removed',
        entity: 'league',
        entityId: league.league_id,
        before: removed,
      });
      return c.json({ detail: 'Deduction removed' }, 200);
    },
  );
