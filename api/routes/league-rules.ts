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
  insertDeduction,
  leagueDeductions,
  leagueRules,
  storeLeagueRules,
} from '../data/league-rules';
import type { LeagueRules } from '../domain/league-rules';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';
import { idParam, rowIdParam, validate } from '../http/validate';
import { audit, writeTransaction } from '../http/write';
import { LeagueRulesSchema as rulesBody } from '../schemas';
import { leagueParam, requireLeague } from './leagues';

const deductionParam = leagueParam.extend({ id: rowIdParam });

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
  .get('/leagues/:leagueId/rules', validate('param', leagueParam), async (c) => {
    const league = await requireLeague(c.var.db, c.req.valid('param').leagueId);
    return jsonRead(c, await leagueRules(c.var.db, league.league_id), CACHE.revalidate);
  })
  .put(
    '/leagues/:leagueId/rules',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', rulesBody),
    async (c) => {
      const db = c.var.db;
      const league = await requireLeague(db, c.req.valid('param').leagueId);
      const before = await leagueRules(db, league.league_id);
      const rules: LeagueRules = c.req.valid('json');
      await storeLeagueRules(db, league.league_id, rules, c.var.options.now().toISOString());
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
    const league = await requireLeague(c.var.db, c.req.valid('param').leagueId);
    return jsonRead(c, { deductions: await leagueDeductions(c.var.db, league.league_id) }, CACHE.revalidate);
  })
  .post(
    '/leagues/:leagueId/deductions',
    requireUser,
    requireRoles('super_admin'),
    writeTransaction,
    validate('param', leagueParam),
    validate('json', deductionBody),
    async (c) => {
      const db = c.var.db;
      const league = await requireLeague(db, c.req.valid('param').leagueId);
      const body = c.req.valid('json');
      const teams = await leagueTeams(db, league.league_id, league.season);
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
        created_at: c.var.options.now().toISOString(),
        created_by: currentUser(c).id,
      };
      const id = await insertDeduction(db, row);
      const created = (await leagueDeductions(db, league.league_id)).find((deduction) => deduction.id === id);
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
      const db = c.var.db;
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
