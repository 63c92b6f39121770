/**
 * /api/auth: accounts and sessions. Login, registration (fans), token refresh with
 * rotation, logout (of this device or of all), password change, and who-am-I. Login is
 * rate-limited per client address and per account; a password change's check of the
 * current password counts against the same per-account limit.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { DEFAULT_COST, hashPassword, verifyPassword } from '../../db/password';
import type { AppEnv } from '../env';
import { bearerToken, currentUser, requireUser } from '../auth/middleware';
import { signAccessToken, TokenError, verifyAccessToken } from '../auth/tokens';
import { uniqueId } from '../data/ids';
import {
  createSession,
  liveSessionUser,
  revokeSession,
  revokeUserSessions,
  type SessionUser,
} from '../data/sessions';
import { emailTaken, findUserForLogin, insertUser, passwordHashOf, replacePasswordHash } from '../data/users';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { clientAddress } from '../http/client-address';
import {
  BEARER,
  endpoint,
  errors,
  json,
  jsonBody,
  PUBLIC,
  read,
  readAnswer,
  resourceRouter,
  TAG,
} from '../http/contract';
import { jsonRead } from '../http/read';
import { audit } from '../http/write';
import { deleteUserSubscriptions } from '../push/subscriptions';
import { DetailSchema, SessionSchema, UserSchema } from '../schemas';

const INVALID_LOGIN = 'Incorrect email or password';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'is too long')
  .pipe(z.email('must be an email address'))
  .meta({ format: 'email' });
/** A password to check against the stored hash: bounded so hashing stays cheap. */
const givenPassword = z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long');
/** The rule for a password being set, at registration and at a change. */
const newPassword = z
  .string({ error: 'is required' })
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters');
const loginBody = z.object({
  email: z.string({ error: 'is required' }).min(1, 'is required').max(320, 'is too long'),
  password: givenPassword,
});
const registerBody = z.strictObject({
  name: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters'),
  email,
  password: newPassword,
});
const changePasswordBody = z.strictObject({ current_password: givenPassword, new_password: newPassword });
const refreshBody = z.object({ token: z.string({ error: 'is required' }).min(1, 'is required').max(4096) });

function tooMany(retryAfterSeconds: number, what = 'sign-in'): never {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  fail(429, `Too many ${what} attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/**
 * Runs `work` in one transaction with c.get('db') on it, so audit() writes in it too.
 * Not writeTransaction: its Idempotency-Key record keeps a SHA-256 of the body, which
 * here holds passwords (a fast unsalted hash of a password must never be stored).
 */
async function inTransaction(c: Context<AppEnv>, work: () => Promise<void>): Promise<void> {
  const outer = c.get('db');
  await outer.transaction().execute(async (trx) => {
    c.set('db', trx);
    try {
      await work();
    } finally {
      c.set('db', outer);
    }
  });
}

/**
 * One dummy hash per app at the configured cost, checked when the email is unknown,
 * so a wrong email takes as long as a wrong password.
 */
const dummyHashes = new WeakMap<object, Promise<string>>();
function dummyHash(c: Context<AppEnv>): Promise<string> {
  const options = c.get('options');
  let hash = dummyHashes.get(options);
  if (!hash) {
    hash = hashPassword('touchline-no-such-user', options.passwordCost ?? DEFAULT_COST);
    dummyHashes.set(options, hash);
  }
  return hash;
}

async function issue(c: Context<AppEnv>, user: SessionUser): Promise<z.infer<typeof SessionSchema>> {
  const now = c.get('options').now();
  const sessionId = await createSession(c.get('db'), user.id, now);
  const access_token = await signAccessToken(c.get('options').jwtSecret, { userId: user.id, sessionId }, now);
  return { access_token, token_type: 'bearer', user: publicUser(user) };
}

function publicUser(user: SessionUser): z.infer<typeof UserSchema> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    user_type: user.user_type,
    team_id: user.team_id,
  };
}

const login = createRoute({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  tags: [TAG.auth],
  summary: 'Sign in',
  description:
    '10 attempts per 15 minutes per client address and per account; past that, 429 with Retry-After',
  security: PUBLIC,
  request: { body: jsonBody(loginBody) },
  responses: {
    200: json(SessionSchema, 'Signed in: the access token (15 minutes) and the user'),
    ...errors(400, { 401: INVALID_LOGIN }, 413, 429),
  },
});

const register = createRoute({
  method: 'post',
  path: '/auth/register',
  operationId: 'register',
  tags: [TAG.auth],
  summary: 'Create a fan account and sign in',
  description: 'A fan has no staff rights',
  security: PUBLIC,
  request: { body: jsonBody(registerBody) },
  responses: {
    201: json(SessionSchema, 'Registered and signed in'),
    ...errors(400, 413, { 409: 'An account with this email already exists' }),
  },
});

const refreshToken = createRoute({
  method: 'post',
  path: '/auth/refresh-token',
  operationId: 'refreshToken',
  tags: [TAG.auth],
  summary: 'Exchange an access token for a new one',
  description:
    'Takes a token (even expired, up to 30 days old) of a live session; that session ends and a new ' +
    'one starts',
  security: PUBLIC,
  request: { body: jsonBody(refreshBody) },
  responses: {
    200: json(SessionSchema, 'A new token of a new session'),
    ...errors(400, { 401: 'Invalid token, or its session has ended' }, 413),
  },
});

const logout = createRoute({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tags: [TAG.auth],
  summary: 'End the session',
  description: 'The bearer token may have expired',
  security: BEARER,
  responses: { 200: json(DetailSchema, 'Signed out'), ...errors(401, 413) },
});

const changePassword = createRoute({
  method: 'post',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags: [TAG.auth],
  summary: "Change the signed-in user's password",
  description:
    'Ends every other session (this one stays). Checks of the current password count against the ' +
    'per-account sign-in limit (429 with Retry-After)',
  security: BEARER,
  middleware: [requireUser] as const,
  request: { body: jsonBody(changePasswordBody) },
  responses: {
    200: json(DetailSchema, 'Password changed'),
    ...errors(
      {
        400: 'Invalid body, or the new password equals the current one',
        403: 'Current password is incorrect',
        409: 'The password was changed meanwhile',
      },
      401,
      413,
      429,
    ),
  },
});

const logoutAll = createRoute({
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutAll',
  tags: [TAG.auth],
  summary: 'End every session of the signed-in user, this one included',
  description: "Also removes the user's Web Push subscriptions",
  security: BEARER,
  middleware: [requireUser] as const,
  responses: { 200: json(DetailSchema, 'Signed out of all devices'), ...errors(401, 413) },
});

const getCurrentUser = read({
  path: '/auth/me',
  operationId: 'getCurrentUser',
  tags: [TAG.auth],
  summary: 'The signed-in user',
  signedIn: true,
  middleware: [requireUser] as const,
  responses: {
    200: readAnswer(z.strictObject({ user: UserSchema })),
    ...errors(401),
  },
});

export const authRoutes = resourceRouter(
  endpoint(login, async (c) => {
    const body = c.req.valid('json');
    const address = clientAddress(c);
    const limiter = c.get('loginLimiter');
    const now = c.get('options').now().getTime();
    const byAddress = await limiter.hit(`address:${address}`, now);
    // A blocked address adds no account counters: one client sending a new email each
    // time must not grow the limiter's memory.
    if (!byAddress.allowed) tooMany(byAddress.retryAfterSeconds);
    const account = body.email.trim().toLowerCase();
    const byAccount = await limiter.hit(`account:${account}`, now);
    if (!byAccount.allowed) tooMany(byAccount.retryAfterSeconds);

    const user = await findUserForLogin(c.get('db'), account);
    const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash(c)));
    if (!user || !valid) fail(401, INVALID_LOGIN);
    await limiter.reset(`account:${account}`);
    return c.json(await issue(c, user), 200);
  }),
  endpoint(register, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    if (await emailTaken(db, body.email)) fail(409, 'An account with this email already exists');
    const id = await uniqueId(db, body.name);
    const user: SessionUser = { id, name: body.name, email: body.email, user_type: 'fan', team_id: null };
    await insertUser(db, {
      ...user,
      password_hash: await hashPassword(body.password, c.get('options').passwordCost),
      created_at: c.get('options').now().toISOString(),
    });
    return c.json(await issue(c, user), 201);
  }),
  endpoint(refreshToken, async (c) => {
    const now = c.get('options').now();
    let claims;
    try {
      claims = await verifyAccessToken(c.get('options').jwtSecret, c.req.valid('json').token, now, {
        allowExpired: true,
      });
    } catch (error) {
      fail(401, error instanceof TokenError ? error.message : 'Invalid token');
    }
    const user = await liveSessionUser(c.get('db'), claims.sid, claims.sub, now);
    if (!user) fail(401, 'Session has ended; please sign in again');
    // Rotation: the old session (and every token of it) ends as the new one starts.
    await revokeSession(c.get('db'), claims.sid, now);
    return c.json(await issue(c, user), 200);
  }),
  endpoint(logout, async (c) => {
    const token = bearerToken(c.req.header('Authorization'));
    if (token === null) fail(401, 'No authentication token found');
    const now = c.get('options').now();
    let claims;
    try {
      // An expired token may still end its session.
      claims = await verifyAccessToken(c.get('options').jwtSecret, token, now, { allowExpired: true });
    } catch (error) {
      fail(401, error instanceof TokenError ? error.message : 'Invalid token');
    }
    await revokeSession(c.get('db'), claims.sid, now);
    return c.json({ detail: 'Signed out' }, 200);
  }),
  endpoint(changePassword, async (c) => {
    const user = currentUser(c);
    const sessionId = c.get('sessionId');
    if (sessionId === undefined) fail(401, 'No authentication token found');
    const body = c.req.valid('json');
    // Hashing normalises (NFKC), so compare the normalised forms.
    if (body.new_password.normalize('NFKC') === body.current_password.normalize('NFKC')) {
      fail(400, 'The new password must be different from the current one');
    }
    const now = c.get('options').now();
    // A stolen token must not become a way to guess the password past the login limit.
    const account = `account:${user.email.toLowerCase()}`;
    const limit = await c.get('loginLimiter').hit(account, now.getTime());
    if (!limit.allowed) tooMany(limit.retryAfterSeconds, 'password');
    const storedHash = await passwordHashOf(c.get('db'), user.id);
    if (storedHash === undefined || !(await verifyPassword(body.current_password, storedHash))) {
      fail(403, 'Current password is incorrect');
    }
    await c.get('loginLimiter').reset(account);
    const password_hash = await hashPassword(body.new_password, c.get('options').passwordCost);
    await inTransaction(c, async () => {
      const db = c.get('db');
      // Only over the hash just checked: a change made meanwhile is not overwritten.
      if (!(await replacePasswordHash(db, user.id, storedHash, password_hash))) {
        fail(409, 'The password was changed meanwhile; please try again');
      }
      // Every other device signs in again; this one stays signed in.
      await revokeUserSessions(db, user.id, now, { except: sessionId });
      await audit(c, { action: 'auth.password', entity: 'user', entityId: user.id });
    });
    return c.json({ detail: 'Password changed' }, 200);
  }),
  endpoint(logoutAll, async (c) => {
    const user = currentUser(c);
    await inTransaction(c, async () => {
      await revokeUserSessions(c.get('db'), user.id, c.get('options').now());
      await deleteUserSubscriptions(c.get('db'), user.id);
      await audit(c, { action: 'auth.logout_all', entity: 'user', entityId: user.id });
    });
    return c.json({ detail: 'Signed out of all devices' }, 200);
  }),
  endpoint(getCurrentUser, (c) => jsonRead(c, { user: publicUser(currentUser(c)) }, CACHE.noStore)),
);
