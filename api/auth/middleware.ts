/**
 * Who is calling, decided by the server from the bearer token alone, and the
 * role and team checks every write makes.
 */
import { createMiddleware } from 'hono/factory';
import type { UserType } from '../../db/schema';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { liveSessionUser, type SessionUser } from '../data/sessions';
import { TokenError, verifyAccessToken } from './tokens';

/** The token of an `Authorization: Bearer …` header, or null when there is no header. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.=]+)\s*$/i.exec(header);
  if (!match?.[1]) fail(401, 'Invalid Authorization header: expected "Bearer <token>"');
  return match[1];
}

/** Requires a valid access token of a live session; sets c.get('user') and c.get('sessionId'). */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (token === null) fail(401, 'No authentication token found');
  const now = c.get('options').now();
  let claims;
  try {
    claims = await verifyAccessToken(c.get('options').jwtSecret, token, now);
  } catch (error) {
    fail(401, error instanceof TokenError ? error.message : 'Invalid token');
  }
  const user = await liveSessionUser(c.get('db'), claims.sid, claims.sub, now);
  if (!user) fail(401, 'Session has ended; please sign in again');
  c.set('user', user);
  c.set('sessionId', claims.sid);
  await next();
});

/** The signed-in user (`c.get`: Hono's `c.var` copies every variable into a new object on each read). */
export function currentUser(c: { get(key: 'user'): SessionUser | undefined }): SessionUser {
  const user = c.get('user');
  if (!user) fail(401, 'No authentication token found');
  return user;
}

export function requireRoles(...roles: UserType[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(currentUser(c).user_type)) fail(403, 'You do not have permission to do this');
    await next();
  });
}

/** Staff of a team: its coach or owner, or any super admin. */
export function isTeamStaff(user: SessionUser, teamId: string | null): boolean {
  if (user.user_type === 'super_admin') return true;
  return (
    (user.user_type === 'coach' || user.user_type === 'owner') && teamId !== null && user.team_id === teamId
  );
}

export function assertTeamStaff(user: SessionUser, teamId: string | null): void {
  if (!isTeamStaff(user, teamId)) fail(403, "Only this team's coach or owner, or a super admin, may do this");
}
