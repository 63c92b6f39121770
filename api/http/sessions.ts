/** Answers that sign someone in, and how a user and a role read in them. */
import type { Context } from 'hono';
import { signAccessToken } from '../auth/tokens';
import type { Membership } from '../../db/rules/rights';
import { createSession, liveSessionUser, type SessionUser } from '../data/sessions';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { publicMembership, type SessionDto, type UserDto } from '../schemas';

export function publicUser(user: SessionUser): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    user_type: user.user_type,
    team_id: user.team_id,
    memberships: user.memberships.map(publicMembership),
  };
}

/**
 * Signs the user in: a new session (the first of its family) and its access token. Given
 * the user as just read (sign-in), it is answered as it is; given an id (after a write that
 * changed the account), the user is read back with the session.
 */
export async function issueSession(c: Context<AppEnv>, who: string | SessionUser): Promise<SessionDto> {
  const options = c.get('options');
  const now = options.now();
  const userId = typeof who === 'string' ? who : who.id;
  const sessionId = await createSession(c.get('db'), userId, now);
  const user = typeof who === 'string' ? await liveSessionUser(c.get('db'), sessionId, userId, now) : who;
  if (!user) fail(401, 'Session has ended; please sign in again');
  const access_token = await signAccessToken(options.jwtSecret, { userId, sessionId }, now);
  return { access_token, token_type: 'bearer', user: publicUser(user) };
}

const ROLE_NAMES: Record<Membership['role'], string> = {
  super_admin: 'super admin',
  league_admin: 'league admin',
  coach: 'coach',
  owner: 'owner',
  player: 'player',
};

/** "coach of East United", "league admin of Sunday League 2026", "super admin". */
export function roleLabel(m: {
  role: Membership['role'];
  team_name?: string | null;
  league_name?: string | null;
}): string {
  const scope = m.team_name ?? m.league_name;
  return scope ? `${ROLE_NAMES[m.role]} of ${scope}` : ROLE_NAMES[m.role];
}
