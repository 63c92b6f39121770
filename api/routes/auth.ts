/**
 * /api/auth: accounts and sessions. Login, registration (fans), token refresh with
 * rotation, logout (of this device or of all), password change, and who-am-I. Login is
 * rate-limited per client address and per account; a password change's check of the
 * current password counts against the same per-account limit.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { DEFAULT_COST, hashPassword, verifyPassword } from '../../db/password';
import type { AppEnv } from '../env';
import { bearerToken, currentUser } from '../auth/middleware';
import { newPassword } from '../auth/passwords';
import { limitByAddress, throttlePasswordCheck } from '../auth/sign-in-throttle';
import { signAccessToken, TokenError, verifyAccessToken } from '../auth/tokens';
import { uniqueId } from '../data/ids';
import { exchangeSession, revokeSession, revokeUserSessions, type Exchange } from '../data/sessions';
import { emailTaken, findUserForLogin, insertUser, passwordHashOf, replacePasswordHash } from '../data/users';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { action, endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter } from '../http/contract';
import { FORGOT_PASSWORD_ANSWER, requestPasswordReset, resetPassword } from '../http/password-reset';
import { jsonRead } from '../http/read';
import { issueSession, publicUser } from '../http/sessions';
import { emailField } from '../http/validate';
import { audit, inTransaction } from '../http/write';
import { securityEvent } from '../log';
import { deleteUserSubscriptions } from '../push/subscriptions';
import { DetailSchema, SessionSchema, UserSchema } from '../schemas';

const INVALID_LOGIN = 'Incorrect email or password';
const ACCOUNT_LOCKED = 'This account is locked. Ask your league secretary to unlock it.';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, 'is too long')
  .pipe(z.email('must be an email address'))
  .meta({ format: 'email' });
/** A password to check against the stored hash: bounded so hashing stays cheap. */
const givenPassword = z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long');
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

const login = action({
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  tags: ['auth'],
  summary: 'Sign in',
  description:
    'Failed attempts are limited per client address (10 per 15 minutes; a successful one does not ' +
    'count), and repeated ones on one account wait a few seconds more each time, up to a minute: ' +
    'past either, 429 with Retry-After',
  request: { body: jsonBody(loginBody) },
  responses: {
    200: json(SessionSchema, 'Signed in: the access token (15 minutes) and the user'),
    ...errors(400, { 401: INVALID_LOGIN }, 413, 429),
  },
});

const register = action({
  method: 'post',
  path: '/auth/register',
  operationId: 'register',
  tags: ['auth'],
  summary: 'Create a fan account and sign in',
  description:
    'A fan has no staff rights. A commonly used password is refused (400). Attempts are limited per ' +
    'client address (10 per 15 minutes; past that, 429 with Retry-After)',
  request: { body: jsonBody(registerBody) },
  responses: {
    201: json(SessionSchema, 'Registered and signed in'),
    ...errors(400, 413, { 409: 'An account with this email already exists' }, 429),
  },
});

const refreshToken = action({
  method: 'post',
  path: '/auth/refresh-token',
  operationId: 'refreshToken',
  tags: ['auth'],
  summary: 'Exchange an access token for a new one',
  description:
    'Takes a token (even expired) of a live session; that session ends and the next of its sign-in ' +
    'starts, ending 30 days after the sign-in however often it is refreshed. A token whose session ' +
    'was already exchanged ends every session of that sign-in (401)',
  request: { body: jsonBody(refreshBody) },
  responses: {
    200: json(SessionSchema, 'A new token of the next session'),
    ...errors(400, { 401: 'Invalid token, its session has ended, or it was already exchanged' }, 413),
  },
});

const logout = action({
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  tags: ['auth'],
  summary: 'End the session',
  description: 'The bearer token may have expired',
  signedIn: 'expired-too',
  responses: { 200: json(DetailSchema, 'Signed out'), ...errors(401, 413) },
});

const changePassword = action({
  method: 'post',
  path: '/auth/change-password',
  operationId: 'changePassword',
  tags: ['auth'],
  summary: "Change the signed-in user's password",
  description:
    'Ends every other session (this one stays). A commonly used new password is refused (400). ' +
    'Checks of the current password count as sign-in attempts (429 with Retry-After)',
  signedIn: true,
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

const logoutAll = action({
  method: 'post',
  path: '/auth/logout-all',
  operationId: 'logoutAll',
  tags: ['auth'],
  summary: 'End every session of the signed-in user, this one included',
  description: "Also removes the user's Web Push subscriptions",
  signedIn: true,
  responses: { 200: json(DetailSchema, 'Signed out of all devices'), ...errors(401, 413) },
});

const forgotPassword = action({
  method: 'post',
  path: '/auth/forgot-password',
  operationId: 'forgotPassword',
  tags: ['auth'],
  summary: 'E-mail a link to set a new password',
  description:
    'The same 202 whether or not the address has an account. The link works once, for one hour. ' +
    'Limited per client address (429 with Retry-After)',
  request: { body: jsonBody(z.strictObject({ email: emailField })) },
  responses: {
    202: json(DetailSchema, 'Sent, if the address has an account'),
    ...errors(400, 413, 429),
  },
});

const resetPasswordRoute = action({
  method: 'post',
  path: '/auth/reset-password',
  operationId: 'resetPassword',
  tags: ['auth'],
  summary: 'Set a new password with a reset link',
  description: 'Ends every session of the account and signs it in afresh',
  request: {
    body: jsonBody(
      z.strictObject({
        token: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is too long'),
        password: newPassword,
      }),
    ),
  },
  responses: {
    200: json(SessionSchema, 'Password set and signed in'),
    ...errors({ 400: 'Invalid body, or the link was used or has expired' }, 413),
  },
});

const getCurrentUser = read({
  path: '/auth/me',
  operationId: 'getCurrentUser',
  tags: ['auth'],
  summary: 'The signed-in user',
  signedIn: true,
  responses: {
    200: readAnswer(z.strictObject({ user: UserSchema })),
    ...errors(401),
  },
});

export const authRoutes = resourceRouter(
  endpoint(login, async (c) => {
    const body = c.req.valid('json');
    const account = body.email.trim().toLowerCase();
    const check = await throttlePasswordCheck(c, account);
    const user = await findUserForLogin(c.get('db'), account);
    const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash(c)));
    if (!user || !valid) {
      check.failed();
      fail(401, INVALID_LOGIN);
    }
    await check.passed();
    // Said only to whoever knows the password.
    if (user.locked_at !== null) fail(403, ACCOUNT_LOCKED);
    return c.json(await issueSession(c, user), 200);
  }),
  endpoint(register, async (c) => {
    const body = c.req.valid('json');
    // Before the email is looked up: a script must not list who has an account.
    await limitByAddress(c, 'register');
    const db = c.get('db');
    if (await emailTaken(db, body.email)) fail(409, 'An account with this email already exists');
    const id = await uniqueId(db, body.name);
    await insertUser(db, {
      id,
      name: body.name,
      email: body.email,
      user_type: 'fan',
      team_id: null,
      password_hash: await hashPassword(body.password, c.get('options').passwordCost),
      created_at: c.get('options').now().toISOString(),
    });
    securityEvent(c, 'account.registered', { user: id });
    return c.json(await issueSession(c, id), 201);
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
    // Rotation: the old session (and every token of it) ends as the next of its family starts.
    let exchange: Exchange | undefined;
    await inTransaction(c, async () => {
      exchange = await exchangeSession(c.get('db'), claims.sid, claims.sub, now);
    });
    if (exchange?.outcome === 'reused') {
      fail(401, 'This token was already exchanged; every session it led to has ended. Please sign in again');
    }
    if (exchange?.outcome !== 'rotated') fail(401, 'Session has ended; please sign in again');
    const access_token = await signAccessToken(
      c.get('options').jwtSecret,
      { userId: exchange.user.id, sessionId: exchange.sessionId },
      now,
    );
    return c.json({ access_token, token_type: 'bearer' as const, user: publicUser(exchange.user) }, 200);
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
    // A stolen token must not become a way to guess the password past the sign-in limits.
    const check = await throttlePasswordCheck(c, user.email.toLowerCase(), 'password-change');
    const storedHash = await passwordHashOf(c.get('db'), user.id);
    if (storedHash === undefined || !(await verifyPassword(body.current_password, storedHash))) {
      check.failed();
      fail(403, 'Current password is incorrect');
    }
    await check.passed();
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
    securityEvent(c, 'password.changed', { user: user.id });
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
  endpoint(forgotPassword, async (c) => {
    await limitByAddress(c, 'forgot-password');
    await requestPasswordReset(c, c.req.valid('json').email);
    return c.json({ detail: FORGOT_PASSWORD_ANSWER }, 202);
  }),
  endpoint(resetPasswordRoute, async (c) => {
    await limitByAddress(c, 'reset-password');
    const body = c.req.valid('json');
    return c.json(await resetPassword(c, body.token, body.password), 200);
  }),
  endpoint(getCurrentUser, (c) => jsonRead(c, { user: publicUser(currentUser(c)) }, CACHE.noStore)),
);
