/**
 * What the invitation and People routers share: a membership as a request gives it, and
 * whether the caller may grant it or act on someone's account.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { MEMBERSHIP_ROLES } from '../../db/schema';
import { currentUser } from '../auth/middleware';
import {
  administeredLeagues,
  adminsLeague,
  coachesTeam,
  isSuperAdmin,
  type Membership,
} from '../../db/rules/rights';
import { leagueExists } from '../data/roster-writes';
import { leagueOfTeam } from '../data/lookups';
import { findPlayer } from '../data/teams';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { idParam } from './validate';

const scopeId = idParam.optional();

/** A membership in a request: the role, and the scope it needs (and no other). */
export const membershipInput = z
  .strictObject({
    role: z.enum(MEMBERSHIP_ROLES, { error: 'must be super_admin, league_admin, coach, owner or player' }),
    league_id: scopeId.meta({ description: 'league_admin: the league' }),
    team_id: scopeId.meta({ description: 'coach, owner, player: the team' }),
    player_id: scopeId.meta({ description: "player: the team's roster record to link the account to" }),
  })
  .superRefine((m, context) => {
    const needs = {
      league_id: m.role === 'league_admin',
      team_id: ['coach', 'owner', 'player'].includes(m.role),
    };
    for (const field of ['league_id', 'team_id'] as const) {
      if (needs[field] && m[field] === undefined) {
        context.addIssue({ code: 'custom', path: [field], message: `is required for the role ${m.role}` });
      } else if (!needs[field] && m[field] !== undefined) {
        context.addIssue({ code: 'custom', path: [field], message: `is not taken for the role ${m.role}` });
      }
    }
    if (m.player_id !== undefined && m.role !== 'player') {
      context.addIssue({ code: 'custom', path: ['player_id'], message: 'is only taken for the role player' });
    }
  });
export type MembershipInput = z.infer<typeof membershipInput>;

export function asMembership(input: MembershipInput): Membership {
  return {
    role: input.role,
    league_id: input.league_id ?? null,
    team_id: input.team_id ?? null,
    player_id: input.player_id ?? null,
  };
}

type Ctx = Context<AppEnv>;

/**
 * Checks that the scope exists (400 naming it) and that the caller may grant it (403): a
 * super admin anything; an admin of a league its admins and its teams' staff and players;
 * a team's coach or owner that team's staff and players.
 */
export async function assertMayGrant(c: Ctx, m: Membership): Promise<void> {
  const db = c.get('db');
  const actor = currentUser(c);
  if (m.league_id !== null && !(await leagueExists(db, m.league_id))) {
    fail(400, `Invalid field 'league_id': there is no league '${m.league_id}'`);
  }
  const teamLeague = m.team_id === null ? null : await leagueOfTeam(db, m.team_id);
  if (m.team_id !== null && teamLeague === undefined) {
    fail(400, `Invalid field 'team_id': there is no team '${m.team_id}'`);
  }
  if (m.player_id !== null) {
    const player = await findPlayer(db, m.player_id);
    if (!player || player.id !== m.player_id || player.team_id !== m.team_id) {
      fail(400, `Invalid field 'player_id': there is no player '${m.player_id}' on this team's roster`);
    }
  }
  if (!mayGrant(actor, m, teamLeague ?? null)) {
    fail(403, 'You cannot give this role: it is outside the leagues and teams you run');
  }
}

function mayGrant(
  actor: Parameters<typeof isSuperAdmin>[0],
  m: Membership,
  teamLeague: string | null,
): boolean {
  if (isSuperAdmin(actor)) return true;
  if (m.role === 'super_admin') return false;
  if (m.role === 'league_admin') return adminsLeague(actor, m.league_id);
  return adminsLeague(actor, teamLeague) || coachesTeam(actor, m.team_id);
}

/** Whether a membership lies within the leagues the caller runs (teams by their league). */
export async function withinReach(c: Ctx, m: Membership): Promise<boolean> {
  const actor = currentUser(c);
  if (isSuperAdmin(actor)) return true;
  if (m.role === 'super_admin') return false;
  if (m.role === 'league_admin') return adminsLeague(actor, m.league_id);
  return m.team_id !== null && adminsLeague(actor, (await leagueOfTeam(c.get('db'), m.team_id)) ?? null);
}

/**
 * The caller may act on the whole account (a reset link, a lock, signing it out): a super
 * admin on anyone else; a league admin on someone whose every right lies in their
 * leagues, so that no league admin can take over an account that holds more.
 */
export async function assertMayManageAccount(
  c: Ctx,
  person: { id: string; memberships: readonly Membership[] },
): Promise<void> {
  const actor = currentUser(c);
  if (isSuperAdmin(actor)) return;
  const leagues = administeredLeagues(actor);
  let inReach = person.memberships.length > 0 && leagues !== 'all' && leagues.length > 0;
  for (const m of person.memberships) if (inReach) inReach = await withinReach(c, m);
  if (!inReach) fail(403, 'You cannot change this account: it holds rights outside the leagues you run');
}
