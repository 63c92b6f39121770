import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, verifyAccessToken } from '../../api/auth/tokens';
import { makeTinyLeagueApp, TEST_SECRET } from '../fixtures/app';
import { NIA, PASSWORD, tokenFor, withSignInApp } from '../fixtures/auth';
import { changedTables, tableChecksums } from '../fixtures/checksum';
import { NOW } from '../fixtures/factory';

let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
const t = withSignInApp(() => clock);

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}
const me = (token: string) =>
  t.app.request('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });

function b64(value: unknown) {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
function forge(header: object, payload: object, secret = TEST_SECRET) {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password', async () => {
    const { status, body } = await post('/api/auth/login', { email: 'Coach@NT.test', password: PASSWORD });
    expect(status).toBe(200);
    expect(body.user).toEqual(NIA);
    expect(body.access_token).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toContain('scrypt');
    const response = await me(body.access_token as string);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: body.user });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await post('/api/auth/login', { email: 'coach@nt.test', password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@nt.test', password: 'not the password' });
    expect(wrong).toMatchObject({ status: 401, body: { detail: 'Incorrect email or password' } });
    expect(unknown).toMatchObject({ status: 401, body: wrong.body });
  });

  it('needs both fields', async () => {
    expect(await post('/api/auth/login', { email: 'coach@nt.test' })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'password': is required" },
    });
    expect(await post('/api/auth/login', { password: PASSWORD })).toMatchObject({ status: 400 });
    expect(await post('/api/auth/login', '{"email": ')).toMatchObject({ status: 400 });
  });

  it('rate-limits per account and per client address with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { email: 'coach@nt.test', password: 'guess' })).status).toBe(401);
    }
    const limited = await post('/api/auth/login', { email: 'coach@nt.test', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/Too many sign-in attempts/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window passes: the right password works again.
    clock = new Date(NOW.getTime() + 16 * 60 * 1000);
    expect((await post('/api/auth/login', { email: 'coach@nt.test', password: PASSWORD })).status).toBe(200);
  });

  it('does not take the client address from a spoofable header unless a proxy is trusted', async () => {
    for (let i = 0; i < 5; i += 1) {
      await post(
        '/api/auth/login',
        { email: `x${i}@nt.test`, password: 'guess' },
        { 'X-Forwarded-For': `10.0.0.${i}` },
      );
    }
    // All five came from the same connection: the sixth account is refused too.
    expect(
      (
        await post(
          '/api/auth/login',
          { email: 'x9@nt.test', password: 'guess' },
          { 'X-Forwarded-For': '10.9.9.9' },
        )
      ).status,
    ).toBe(429);

    const proxied = await makeTinyLeagueApp({
      now: () => clock,
      trustProxy: 1,
      loginLimit: { max: 2, windowMs: 60_000 },
    });
    try {
      const attempt = (ip: string, email: string) =>
        proxied.app.request('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ email, password: 'guess' }),
        });
      expect((await attempt('198.51.100.1', 'a@x.test')).status).toBe(401);
      expect((await attempt('198.51.100.1', 'b@x.test')).status).toBe(401);
      expect((await attempt('198.51.100.1', 'c@x.test')).status).toBe(429);
      expect((await attempt('198.51.100.2', 'd@x.test')).status).toBe(401);
      // A blocked address counts nothing against accounts: from elsewhere c@x.test is
      // still tried (401, not 429), and new emails cannot grow the limiter's memory.
      for (let i = 0; i < 5; i += 1) expect((await attempt('198.51.100.1', 'c@x.test')).status).toBe(429);
      expect((await attempt('198.51.100.3', 'c@x.test')).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /api/auth/register', () => {
  it('creates a fan whatever the body claims, and signs them in', async () => {
    const { status, body } = await post('/api/auth/register', {
      name: 'Jo Supporter',
      email: 'jo@fans.test',
      password: 'up the rovers',
    });
    expect(status).toBe(201);
    expect(body.user).toEqual({
      id: 'jo.supporter',
      name: 'Jo Supporter',
      email: 'jo@fans.test',
      user_type: 'fan',
      team_id: null,
      memberships: [],
    });
    expect((await me(body.access_token as string)).status).toBe(200);
    const again = await post('/api/auth/register', {
      name: 'Jo Supporter',
      email: 'jo2@fans.test',
      password: 'up the rovers',
    });
    expect((again.body.user as { id: string }).id).toBe('jo.supporter2');
  });

  it('refuses a role or team in the body, duplicates and weak passwords, adding no one', async () => {
    const before = await tableChecksums(t.connection);
    expect(
      await post('/api/auth/register', {
        name: 'Sly',
        email: 'sly@x.test',
        password: 'long enough',
        user_type: 'super_admin',
      }),
    ).toMatchObject({ status: 400, body: { detail: "Unknown field: 'user_type'" } });
    expect(
      await post('/api/auth/register', {
        name: 'Sly',
        email: 'sly@x.test',
        password: 'long enough',
        team_id: 'north.town',
      }),
    ).toMatchObject({ status: 400 });
    expect(
      await post('/api/auth/register', { name: 'Dup', email: 'COACH@nt.test', password: 'long enough' }),
    ).toMatchObject({
      status: 409,
      body: { detail: 'An account with this email already exists' },
    });
    expect(
      await post('/api/auth/register', { name: 'Short', email: 's@x.test', password: 'short' }),
    ).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'password': must be at least 8 characters" },
    });
    for (const body of [
      { name: 'Long', email: 'l@x.test', password: 'x'.repeat(129) },
      { name: 'Bad', email: 'not-an-email', password: 'long enough' },
      { name: '   ', email: 'b@x.test', password: 'long enough' },
    ]) {
      expect((await post('/api/auth/register', body)).status, body.name).toBe(400);
    }
    // No fan, nor anything else: a refused registration leaves no trace.
    expect(changedTables(before, await tableChecksums(t.connection))).toEqual([]);
  });
});

describe('tokens', () => {
  it('expire after 15 minutes and refresh within 30 days, rotating the session', async () => {
    const token = await tokenFor(t.connection.db, 'coach.nt');
    clock = new Date(NOW.getTime() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    const expired = await me(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ detail: 'Token expired' });

    const refreshed = await post('/api/auth/refresh-token', { token });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body.access_token as string;
    expect((await me(fresh)).status).toBe(200);
    // The old token's session ended: it cannot be refreshed twice.
    expect((await post('/api/auth/refresh-token', { token })).status).toBe(401);
  });

  it('cannot be refreshed after 30 days or after logout', async () => {
    const old = await tokenFor(t.connection.db, 'coach.nt');
    clock = new Date(NOW.getTime() + 31 * 24 * 3600 * 1000);
    expect(await post('/api/auth/refresh-token', { token: old })).toMatchObject({ status: 401 });

    clock = NOW;
    const token = await tokenFor(t.connection.db, 'coach.nt');
    expect((await post('/api/auth/logout', {}, { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await post('/api/auth/refresh-token', { token })).status).toBe(401);
    expect((await post('/api/auth/logout', {})).body).toEqual({ detail: 'No authentication token found' });
  });

  it('are refused when forged: alg none, another key, wrong type, tampered', async () => {
    const token = await tokenFor(t.connection.db, 'coach.nt');
    const [, payloadPart] = token.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const attempts = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}`,
      forge({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-another-secret-another'),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, typ: 'refresh' }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'someone.else' }),
      forge({ alg: 'HS512', typ: 'JWT' }, claims),
      token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'),
      'garbage',
    ];
    for (const forged of attempts) {
      const response = await me(forged);
      expect(response.status, forged).toBe(401);
      expect(await response.json(), forged).toEqual({ detail: expect.any(String) });
    }
    expect((await me(forge({ alg: 'HS256', typ: 'JWT' }, claims))).status).toBe(200);
  });

  it('are checked against the clock on every call once verified, and against their own key', async () => {
    const token = await tokenFor(t.connection.db, 'coach.nt');
    expect((await me(token)).status).toBe(200);
    expect((await me(token)).status).toBe(200);
    // Remembered as verified, yet not past its expiry.
    clock = new Date(NOW.getTime() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    const expired = await me(token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ detail: 'Token expired' });
    clock = NOW;
    // Nor under another key: a server with another secret does not take it.
    const now = new Date(NOW.getTime() + 1000);
    const claims = await verifyAccessToken(TEST_SECRET, token, now);
    expect(Object.isFrozen(claims)).toBe(true);
    await expect(verifyAccessToken(`${TEST_SECRET}-rotated`, token, now)).rejects.toThrow('Invalid token');
    expect(await verifyAccessToken(TEST_SECRET, token, now)).toEqual(claims);
  });

  it('need a bearer header in the right form', async () => {
    const missing = await t.app.request('/api/auth/me');
    expect(await missing.json()).toEqual({ detail: 'No authentication token found' });
    const wrongScheme = await t.app.request('/api/auth/me', { headers: { Authorization: 'Basic abc' } });
    expect(wrongScheme.status).toBe(401);
  });
});
