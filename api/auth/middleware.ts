/**
 * Who is calling, decided by the server from the bearer token alone, and the checks of
 * rights (api/auth/permissions.ts) that routes and writes make.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { DB } from '../../db/connection';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { liveSessionUser, type SessionUser } from '../data/sessions';
import { leagueOfTeam } from '../data/lookups';
import { TokenError, verifyAccessToken } from './tokens';
import {
  administeredLeagues,
  adminsLeague,
  coachesTeam,
  hasStaffRights,
  isSuperAdmin,
} from '../../db/rules/rights';

/** The token of an `Authorization: Bearer …` header, or null when there is no header. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.=]+)\s*$/i.exec(header);
  if (!match?.[1]) fail(401, 'Invalid Authorization header: expected "Bearer <token>"');
  return match[1];
}

/**
 * The user of the request's bearer token and its session: null without an Authorization
 * header, 401 for a token that is invalid, expired or of an ended session.
 */
export async function bearerUser(
  c: Context<AppEnv>,
): Promise<{ user: SessionUser; sessionId: string } | null> {
  const token = bearerToken(c.req.header('Authorization'));
  if (token === null) return null;
  const now = c.get('options').now();
  let claims;
  try {
    claims = await verifyAccessToken(c.get('options').jwtSecret, token, now);
  } catch (error) {
    fail(401, error instanceof TokenError ? error.message : 'Invalid token');
  }
  const user = await liveSessionUser(c.get('db'), claims.sid, claims.sub, now);
  if (!user) fail(401, 'Session has ended; please sign in again');
  return { user, sessionId: claims.sid };
}

/** Requires a valid access token of a live session; sets c.get('user') and c.get('sessionId'). */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const signedIn = await bearerUser(c);
  if (signedIn === null) fail(401, 'No authentication token found');
  c.set('user', signedIn.user);
  c.set('sessionId', signedIn.sessionId);
  await next();
});

/** The signed-in user (`c.get`: Hono's `c.var` copies every variable into a new object on each read). */
export function currentUser(c: { get(key: 'user'): SessionUser | undefined }): SessionUser {
  const user = c.get('user');
  if (!user) fail(401, 'No authentication token found');
  return user;
}

const FORBIDDEN = 'You do not have permission to do this';

/** The site's administrators only. */
export const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSuperAdmin(currentUser(c))) fail(403, FORBIDDEN);
  await next();
});

/** Anyone with a staff or admin right somewhere; each write then checks the team or league it touches. */
export const requireStaff = createMiddleware<AppEnv>(async (c, next) => {
  if (!hasStaffRights(currentUser(c))) fail(403, FORBIDDEN);
  await next();
});

/** An admin of some league, or a super admin: the answer then covers the leagues they run. */
export const requireLeagueAdminAnywhere = createMiddleware<AppEnv>(async (c, next) => {
  const leagues = administeredLeagues(currentUser(c));
  if (leagues !== 'all' && leagues.length === 0) fail(403, FORBIDDEN);
  await next();
});

/** An admin of the league the path names (`{leagueId}`), or a super admin. */
export const requireLeagueAdmin = createMiddleware<AppEnv>(async (c, next) => {
  assertLeagueAdmin(currentUser(c), c.req.param('leagueId'));
  await next();
});

export function assertLeagueAdmin(user: SessionUser, leagueId: string | null | undefined): void {
  if (!adminsLeague(user, leagueId)) {
    fail(403, 'Only an admin of this league, or a super admin, may do this');
  }
}

/** Staff of a team: its coach or owner, an admin of its league, or any super admin. */
export async function isTeamStaff(db: DB, user: SessionUser, teamId: string | null): Promise<boolean> {
  if (teamId === null) return isSuperAdmin(user);
  if (coachesTeam(user, teamId) || isSuperAdmin(user)) return true;
  if (administeredLeagues(user).length === 0) return false;
  return adminsLeague(user, await leagueOfTeam(db, teamId));
}

export async function assertTeamStaff(db: DB, user: SessionUser, teamId: string | null): Promise<void> {
  if (!(await isTeamStaff(db, user, teamId))) {
    fail(403, "Only this team's coach or owner, or an admin of its league, may do this");
  }
}
