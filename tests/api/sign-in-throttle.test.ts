/**
 * How guessing is slowed (api/auth/sign-in-throttle.ts): failed sign-ins and
 * registrations are limited per client address; one address failing on one account
 * waits a few seconds more each time, up to a minute, and stops no one else; an account
 * failed from many addresses makes everyone wait a little; and every counter holds
 * across instances on one database. Failures and refusals are logged with the address,
 * never the password.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import { ACCOUNT_ADDRESSES_FREE, ACCOUNT_ADDRESS_FREE, MAX_DELAY_MS } from '../../api/auth/sign-in-throttle';
import type { AppOptions } from '../../api/env';
import { securityLog } from '../../api/log';
import { makeTinyLeagueApp, TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { addUser, PASSWORD, tokenFor } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { sendRequest, type AppLike } from '../fixtures/request';

const COACH = 'coach@nt.test';
const QUARTER_HOUR = 15 * 60 * 1000;

let clock = NOW;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
beforeEach(() => {
  clock = NOW;
});

/** The tiny league behind one proxy, with North Town's coach and the clock the test moves. */
async function signInApp(options: Partial<AppOptions> = {}) {
  const t = await makeTinyLeagueApp({ now: () => clock, trustProxy: 1, ...options });
  await addUser(t.connection.db, {
    id: 'coach.nt',
    user_type: 'coach',
    team_id: 'north.town',
    email: COACH,
    name: 'Nia Coach',
  });
  return t;
}

async function login(app: AppLike, from: string, email: string, password: string) {
  const answer = await sendRequest(app, 'POST', '/api/auth/login', {
    json: { email, password },
    headers: { 'X-Forwarded-For': from },
  });
  const retryAfter = answer.headers.get('retry-after');
  return {
    status: answer.status,
    retryAfter: retryAfter === null ? null : Number(retryAfter),
    detail: (answer.body as { detail?: string } | null)?.detail,
  };
}

/** What the security log was given, one object per line. */
function logged(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
  return spy.mock.calls.map((call) => call[0] as Record<string, unknown>);
}

describe('one address guessing one account', () => {
  const t = withFixture(() => signInApp({ loginLimit: { max: 30, windowMs: QUARTER_HOUR } }), {
    perTest: true,
  });

  it('leaves the right password working from another address after eleven bad ones', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await login(t.app, '203.0.113.1', COACH, `guess ${i}`)).status);
    expect(statuses.slice(0, ACCOUNT_ADDRESS_FREE)).toEqual(Array(ACCOUNT_ADDRESS_FREE).fill(401));
    expect(statuses.slice(ACCOUNT_ADDRESS_FREE)).toEqual(Array(11 - ACCOUNT_ADDRESS_FREE).fill(429));
    expect((await login(t.app, '198.51.100.2', COACH, PASSWORD)).status).toBe(200);
  });

  it('waits a few seconds more after each further failure, up to a minute, the right password too', async () => {
    for (let i = 0; i < ACCOUNT_ADDRESS_FREE; i += 1) {
      expect((await login(t.app, '203.0.113.1', COACH, 'guess')).status).toBe(401);
    }
    const first = await login(t.app, '203.0.113.1', COACH, PASSWORD);
    expect(first).toMatchObject({ status: 429, retryAfter: 2 });
    expect(first.detail).toBe('Too many sign-in attempts. Try again in 2 seconds.');
    // While it waits, the right password is answered as a wrong one is.
    expect(await login(t.app, '203.0.113.1', COACH, 'guess')).toEqual(first);

    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const refused = await login(t.app, '203.0.113.1', COACH, 'guess');
      expect(refused.status).toBe(429);
      waits.push(refused.retryAfter ?? 0);
      advance((refused.retryAfter ?? 0) * 1000);
      expect((await login(t.app, '203.0.113.1', COACH, 'guess')).status).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_MS / 1000);

    // Past the wait the right password works, and the count starts again.
    advance(MAX_DELAY_MS);
    expect((await login(t.app, '203.0.113.1', COACH, PASSWORD)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_ADDRESS_FREE; i += 1) {
      expect((await login(t.app, '203.0.113.1', COACH, 'guess')).status).toBe(401);
    }
  });

  it('is forgotten after a quarter hour without attempts', async () => {
    for (let i = 0; i < ACCOUNT_ADDRESS_FREE; i += 1) await login(t.app, '203.0.113.1', COACH, 'guess');
    expect((await login(t.app, '203.0.113.1', COACH, 'guess')).status).toBe(429);
    advance(QUARTER_HOUR);
    for (let i = 0; i < ACCOUNT_ADDRESS_FREE; i += 1) {
      expect((await login(t.app, '203.0.113.1', COACH, 'guess')).status).toBe(401);
    }
  });

  it('counts every one of many attempts sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login(t.app, '203.0.113.1', COACH, `guess ${i}`)),
    );
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_ADDRESS_FREE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(16 - checked);
  });
});

describe('the limit per client address', () => {
  it('counts failed sign-ins only: people sharing an address may sign in as often as they like', async () => {
    const t = await signInApp({ loginLimit: { max: 3, windowMs: QUARTER_HOUR } });
    try {
      for (let i = 0; i < 12; i += 1)
        expect((await login(t.app, '203.0.113.1', COACH, PASSWORD)).status).toBe(200);
      for (let i = 0; i < 3; i += 1) {
        expect((await login(t.app, '203.0.113.1', `nobody${i}@nt.test`, 'guess')).status).toBe(401);
      }
      const limited = await login(t.app, '203.0.113.1', COACH, PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.detail).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes\.$/);
      expect(limited.retryAfter).toBeGreaterThan(14 * 60);
      expect(limited.retryAfter).toBeLessThanOrEqual(15 * 60);
      expect((await login(t.app, '198.51.100.2', COACH, PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 429 with Retry-After within 30 attempts by default', async () => {
    const t = await signInApp();
    try {
      let first429 = 0;
      for (let i = 1; i <= 30 && first429 === 0; i += 1) {
        const answer = await login(t.app, '203.0.113.1', `someone${i}@nt.test`, 'guess');
        if (answer.status === 429) {
          first429 = i;
          expect(answer.retryAfter).toBeGreaterThan(0);
        } else expect(answer.status).toBe(401);
      }
      expect(first429).toBeGreaterThan(1);
    } finally {
      await t.close();
    }
  });

  it('limits registration per address, each address apart', async () => {
    const t = await signInApp({ loginLimit: { max: 2, windowMs: QUARTER_HOUR } });
    try {
      const register = (from: string, n: number) =>
        sendRequest(t.app, 'POST', '/api/auth/register', {
          json: { name: `Fan ${n}`, email: `fan${n}@fans.test`, password: 'up the rovers' },
          headers: { 'X-Forwarded-For': from },
        });
      expect((await register('203.0.113.1', 1)).status).toBe(201);
      // A taken email counts too: the limit also slows finding out who has an account.
      expect((await register('203.0.113.1', 1)).status).toBe(409);
      const limited = await register('203.0.113.1', 3);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ detail: 'Too many registration attempts. Try again in 15 minutes.' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await register('198.51.100.2', 4)).status).toBe(201);
      const fans = await t.connection.db
        .selectFrom('users')
        .select('email')
        .where('user_type', '=', 'fan')
        .execute();
      expect(fans.map((fan) => fan.email).sort()).toEqual(['fan1@fans.test', 'fan4@fans.test']);
    } finally {
      await t.close();
    }
  });
});

describe('one account guessed from many addresses', () => {
  it('makes everyone wait a few seconds, never longer than a minute', async () => {
    const t = await signInApp({ loginLimit: { max: 30, windowMs: QUARTER_HOUR } });
    try {
      for (let i = 0; i < ACCOUNT_ADDRESSES_FREE; i += 1) {
        expect((await login(t.app, `198.51.100.${i}`, COACH, `guess ${i}`)).status).toBe(401);
      }
      const waiting = await login(t.app, '203.0.113.7', COACH, PASSWORD);
      expect(waiting.status).toBe(429);
      expect(waiting.retryAfter).toBeGreaterThan(0);
      expect(waiting.retryAfter).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
      // Another account from that address is not held up.
      expect((await login(t.app, '203.0.113.7', 'someone@nt.test', 'guess')).status).toBe(401);
      advance((waiting.retryAfter ?? 0) * 1000);
      expect((await login(t.app, '203.0.113.7', COACH, PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('two instances on one database', () => {
  it('share every counter', async () => {
    const loginLimit = { max: 8, windowMs: QUARTER_HOUR };
    const t = await signInApp({ loginLimit });
    const other = createApp(t.connection.db, {
      jwtSecret: TEST_SECRET,
      imagesDir: t.imagesDir,
      passwordCost: TEST_PASSWORD_COST,
      now: () => clock,
      trustProxy: 1,
      loginLimit,
    });
    try {
      // The address limit: failures on either count on both.
      for (let i = 0; i < 8; i += 1) {
        const app = i % 2 === 0 ? t.app : other;
        expect((await login(app, '203.0.113.1', `someone${i}@nt.test`, 'guess')).status).toBe(401);
      }
      expect((await login(t.app, '203.0.113.1', COACH, PASSWORD)).status).toBe(429);
      expect((await login(other, '203.0.113.1', COACH, PASSWORD)).status).toBe(429);
      // The account's delay: failures on one instance delay the next attempt on the other.
      for (let i = 0; i < ACCOUNT_ADDRESS_FREE; i += 1) {
        const app = i % 2 === 0 ? t.app : other;
        expect((await login(app, '198.51.100.9', COACH, 'guess')).status).toBe(401);
      }
      expect(await login(other, '198.51.100.9', COACH, PASSWORD)).toMatchObject({
        status: 429,
        retryAfter: 2,
      });
      expect(await login(t.app, '198.51.100.9', COACH, PASSWORD)).toMatchObject({
        status: 429,
        retryAfter: 2,
      });
      advance(2_000);
      expect((await login(other, '198.51.100.9', COACH, PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the security log', () => {
  const t = withFixture(() => signInApp({ loginLimit: { max: 30, windowMs: QUARTER_HOUR } }), {
    perTest: true,
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has each failed sign-in and refusal with the address and account, never the password', async () => {
    const warn = vi.spyOn(securityLog, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i <= ACCOUNT_ADDRESS_FREE; i += 1)
      await login(t.app, '203.0.113.1', COACH, 'secret guess');
    const lines = logged(warn);
    expect(lines.filter((line) => line.event === 'sign-in.failed')).toHaveLength(ACCOUNT_ADDRESS_FREE);
    expect(lines[0]).toMatchObject({
      event: 'sign-in.failed',
      address: '203.0.113.1',
      account: COACH,
      method: 'POST',
      path: '/api/auth/login',
    });
    expect(lines.at(-1)).toMatchObject({
      event: 'throttled',
      action: 'sign-in',
      scope: 'account-address',
      address: '203.0.113.1',
      retry_after: 2,
    });
    expect(JSON.stringify(lines)).not.toContain('secret guess');
  });

  it('has every 403, a registration and a password change', async () => {
    const warn = vi.spyOn(securityLog, 'warn').mockImplementation(() => undefined);
    const info = vi.spyOn(securityLog, 'info').mockImplementation(() => undefined);
    const token = await tokenFor(t.connection.db, 'coach.nt', clock);
    const change = (current: string) =>
      sendRequest(t.app, 'POST', '/api/auth/change-password', {
        token,
        json: { current_password: current, new_password: 'a much better secret' },
        headers: { 'X-Forwarded-For': '203.0.113.5' },
      });
    expect((await change('not it')).status).toBe(403);
    expect(logged(warn)).toContainEqual(
      expect.objectContaining({
        event: 'forbidden',
        address: '203.0.113.5',
        user: 'coach.nt',
        detail: 'Current password is incorrect',
      }),
    );
    expect((await change(PASSWORD)).status).toBe(200);
    const registered = await sendRequest(t.app, 'POST', '/api/auth/register', {
      json: { name: 'Jo Fan', email: 'jo@fans.test', password: 'up the rovers' },
      headers: { 'X-Forwarded-For': '198.51.100.4' },
    });
    expect(registered.status).toBe(201);
    expect(logged(info)).toEqual([
      expect.objectContaining({ event: 'password.changed', user: 'coach.nt', address: '203.0.113.5' }),
      expect.objectContaining({ event: 'account.registered', user: 'jo.fan', address: '198.51.100.4' }),
    ]);
    const everything = JSON.stringify([...logged(warn), ...logged(info)]);
    expect(everything).not.toContain('a much better secret');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(token);
  });
});
