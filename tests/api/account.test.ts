import { beforeEach, describe, expect, it } from 'vitest';
import { addUser, PASSWORD, tokenFor, withSignInApp } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';

const NEW_PASSWORD = 'a brand new password';

let token: string;
let otherDevice: string;
let clock = NOW;
beforeEach(() => {
  clock = NOW;
});
const t = withSignInApp(() => clock);
beforeEach(async () => {
  await addUser(t.connection.db, { id: 'fan.x', user_type: 'fan', email: 'fan@x.test' });
  token = await tokenFor(t.connection.db, 'coach.nt');
  otherDevice = await tokenFor(t.connection.db, 'coach.nt');
});

async function post(path: string, body: unknown, auth: string | null = token) {
  const response = await t.app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth !== null && { Authorization: `Bearer ${auth}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}
const change = (body: unknown, auth: string | null = token) => post('/api/auth/change-password', body, auth);
const meStatus = async (auth: string) =>
  (await t.app.request('/api/auth/me', { headers: { Authorization: `Bearer ${auth}` } })).status;
const login = (email: string, password: string) => post('/api/auth/login', { email, password }, null);

async function passwordHash(id = 'coach.nt') {
  const row = await t.connection.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}
async function liveSessions(id = 'coach.nt') {
  const rows = await t.connection.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}
async function auditActions() {
  const rows = await t.connection.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  return rows;
}

describe('POST /api/auth/change-password', () => {
  it('stores the new password, ends the other sessions and keeps this one', async () => {
    const fanToken = await tokenFor(t.connection.db, 'fan.x');
    const before = await passwordHash();
    expect(await change({ current_password: PASSWORD, new_password: NEW_PASSWORD })).toMatchObject({
      status: 200,
      body: { detail: 'Password changed' },
    });
    const after = await passwordHash();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^scrypt\$/);
    expect(after).not.toContain(NEW_PASSWORD);

    expect(await meStatus(token)).toBe(200);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await liveSessions()).toBe(1);
    // Another user's sessions are not touched.
    expect(await meStatus(fanToken)).toBe(200);

    expect((await login('coach@nt.test', PASSWORD)).status).toBe(401);
    expect((await login('coach@nt.test', NEW_PASSWORD)).status).toBe(200);

    const audit = await auditActions();
    expect(audit).toMatchObject([{ action: 'auth.password', entity: 'user', entity_id: 'coach.nt' }]);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const before = await passwordHash();
    expect(await change({ current_password: 'not the password', new_password: NEW_PASSWORD })).toEqual({
      status: 403,
      headers: expect.anything(),
      body: { detail: 'Current password is incorrect' },
    });
    expect(await passwordHash()).toBe(before);
    expect(await liveSessions()).toBe(2);
    expect(await meStatus(otherDevice)).toBe(200);
    expect(await auditActions()).toEqual([]);
    expect((await login('coach@nt.test', PASSWORD)).status).toBe(200);
  });

  it('refuses a new password that is too short, too long, missing or equal to the current one', async () => {
    const before = await passwordHash();
    expect(await change({ current_password: PASSWORD, new_password: 'short' })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'new_password': must be at least 8 characters" },
    });
    expect(await change({ current_password: PASSWORD, new_password: 'x'.repeat(129) })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'new_password': must be at most 128 characters" },
    });
    expect(await change({ current_password: PASSWORD })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'new_password': is required" },
    });
    expect(await change({ new_password: NEW_PASSWORD })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'current_password': is required" },
    });
    expect(await change({ current_password: PASSWORD, new_password: PASSWORD })).toMatchObject({
      status: 400,
      body: { detail: 'The new password must be different from the current one' },
    });
    expect(
      await change({ current_password: PASSWORD, new_password: NEW_PASSWORD, user_id: 'fan.x' }),
    ).toMatchObject({ status: 400, body: { detail: "Unknown field: 'user_id'" } });
    expect(await passwordHash()).toBe(before);
    expect(await liveSessions()).toBe(2);
  });

  it('needs a token of a live session', async () => {
    expect(await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, null)).toMatchObject({
      status: 401,
      body: { detail: 'No authentication token found' },
    });
    await post('/api/auth/logout', undefined, otherDevice);
    expect(
      await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, otherDevice),
    ).toMatchObject({ status: 401 });
    expect(await meStatus(token)).toBe(200);
  });

  it('counts password checks against the per-account sign-in limit', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await change({ current_password: `guess ${i}`, new_password: NEW_PASSWORD })).status).toBe(403);
    }
    const limited = await change({ current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many password attempts/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account's sign-in is limited too.
    expect((await login('coach@nt.test', PASSWORD)).status).toBe(429);

    clock = new Date(NOW.getTime() + 16 * 60 * 1000);
    const fresh = await tokenFor(t.connection.db, 'coach.nt', clock);
    expect((await change({ current_password: PASSWORD, new_password: NEW_PASSWORD }, fresh)).status).toBe(
      200,
    );
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the user, this one included', async () => {
    const fanToken = await tokenFor(t.connection.db, 'fan.x');
    expect(await post('/api/auth/logout-all', undefined)).toMatchObject({
      status: 200,
      body: { detail: 'Signed out of all devices' },
    });
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await liveSessions()).toBe(0);
    expect(await meStatus(fanToken)).toBe(200);
    expect(await auditActions()).toMatchObject([{ action: 'auth.logout_all', entity_id: 'coach.nt' }]);
    // Refresh cannot bring an ended session back.
    expect((await post('/api/auth/refresh-token', { token }, null)).status).toBe(401);
    // The password still works for a new sign-in.
    expect((await login('coach@nt.test', PASSWORD)).status).toBe(200);
  });

  it('needs a token of a live session', async () => {
    expect(await post('/api/auth/logout-all', undefined, null)).toMatchObject({
      status: 401,
      body: { detail: 'No authentication token found' },
    });
    expect(await liveSessions()).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('documents both calls', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/auth/change-password'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/auth/logout-all'] ?? {})).toEqual(['post']);
  });
});
