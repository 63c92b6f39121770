/**
 * Nothing private is kept by a cache: every signed-in read, every write and every
 * action answers `Cache-Control: no-store` (tokens, accounts, people, memberships,
 * notifications, push subscriptions), set once by the route contract. Public reads keep
 * their own caching.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/router';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addLeagueAdmin, addUser, PASSWORD, tokenFor } from '../fixtures/auth';
import { withFixture } from '../fixtures/hooks';
import { sendRequest } from '../fixtures/request';

const VAPID_PUBLIC_KEY = createECDH('prime256v1').generateKeys().toString('base64url');

const t = withFixture(
  async () => {
    const app = await makeTinyLeagueApp({
      publicUrl: 'https://league.example',
      vapidPublicKey: VAPID_PUBLIC_KEY,
    });
    const { db } = app.connection;
    await addUser(db, { id: 'root', user_type: 'super_admin', email: 'root@example.test' });
    await addLeagueAdmin(db, { id: 'sec', email: 'sec@example.test', name: 'Sam Secretary' }, 'tl-26');
    await addUser(db, { id: 'coach.nt', user_type: 'coach', team_id: 'north.town', email: 'coach@nt.test' });
    return app;
  },
  { perTest: true },
);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
interface Operation {
  operationId?: string;
  security?: Record<string, unknown>[];
}

/** Every documented route whose answers are private: a read that needs a token, and every write and action. */
const privateRoutes = Object.entries(
  openApiDocument().paths as Record<string, Partial<Record<string, Operation>>>,
).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const operation = item[method];
    if (!operation) return [];
    const signedIn = (operation.security ?? []).some((scheme) => 'bearer' in scheme);
    return method === 'get' && !signedIn
      ? []
      : [{ method: method.toUpperCase(), path, id: operation.operationId }];
  }),
);

describe('Cache-Control: no-store', () => {
  it('is on every answer of every signed-in read, write and action, whatever it answers', async () => {
    expect(privateRoutes.length).toBeGreaterThan(40);
    const stored: string[] = [];
    for (const { method, path, id } of privateRoutes) {
      const url = path.replace(/\{\w+\}/g, 'none');
      // As nobody (mostly 401), and as the super admin with an empty body (mostly 400 or 404).
      for (const token of [null, await tokenFor(t.connection.db, 'root')]) {
        const answer = await sendRequest(t.app, method, url, {
          token,
          ...(method !== 'GET' && { json: {} }),
        });
        const cacheControl = answer.headers.get('cache-control');
        if (cacheControl !== 'no-store')
          stored.push(`${id} ${method} ${url} ${answer.status}: ${cacheControl}`);
      }
    }
    expect(stored).toEqual([]);
  });

  it('is on the successful answers of signing in and out, accounts, people, notifications and push', async () => {
    const answers: { call: string; status: number; cacheControl: string | null }[] = [];
    const call = async (method: string, path: string, token: string | null, json?: unknown) => {
      const answer = await sendRequest(t.app, method, path, { token, ...(json !== undefined && { json }) });
      answers.push({
        call: `${method} ${path}`,
        status: answer.status,
        cacheControl: answer.headers.get('cache-control'),
      });
      return answer.body as Record<string, unknown>;
    };
    const db = t.connection.db;
    const root = await tokenFor(db, 'root');
    const sec = await tokenFor(db, 'sec');

    // Sessions and the account
    const signedIn = await call('POST', '/api/auth/login', null, {
      email: 'coach@nt.test',
      password: PASSWORD,
    });
    const coach = String(signedIn.access_token);
    const registered = await call('POST', '/api/auth/register', null, {
      name: 'Fran Fan',
      email: 'fran@example.test',
      password: 'a long password',
    });
    const refreshed = await call('POST', '/api/auth/refresh-token', null, { token: registered.access_token });
    const fan = String(refreshed.access_token);
    await call('GET', '/api/auth/me', fan);
    await call('POST', '/api/auth/change-password', fan, {
      current_password: 'a long password',
      new_password: 'another long password',
    });
    await call('POST', '/api/auth/forgot-password', null, { email: 'fran@example.test' });
    const link = await call('POST', '/api/users/coach.nt/reset-link', sec);
    const resetToken = new URL(String(link.link)).searchParams.get('token');
    await call('POST', '/api/auth/reset-password', null, {
      token: resetToken,
      password: 'a brand new secret',
    });

    // Invitations
    const invitation = await call('POST', '/api/invitations', sec, {
      email: 'new.coach@example.test',
      role: 'coach',
      team_id: 'west.rangers',
    });
    const invitationToken = String(invitation.link).split('/invite/')[1] ?? '';
    await call('GET', '/api/invitations?league_id=tl-26', sec);
    await call('GET', `/api/invitations/by-token/${invitationToken}`, null);
    await call('POST', `/api/invitations/by-token/${invitationToken}/accept`, null, {
      name: 'Wendy Coach',
      password: 'a long new password',
    });

    // People
    await call('GET', '/api/users', root);
    await call('PUT', '/api/users/coach.nt/memberships', sec, {
      memberships: [{ role: 'owner', team_id: 'south.city' }],
    });
    await call('PUT', '/api/users/coach.nt/lock', sec, { locked: true });
    await call('PUT', '/api/users/coach.nt/lock', sec, { locked: false });
    await call('POST', '/api/users/coach.nt/sign-out', sec);

    // Notifications and Web Push
    const me = await call('POST', '/api/auth/login', null, { email: 'sec@example.test', password: PASSWORD });
    const secNow = String(me.access_token);
    await call('GET', '/api/notifications', secNow);
    await call('GET', '/api/notifications/settings', secNow);
    await call('PUT', '/api/notifications/settings', secNow, { muted: ['report_approved'] });
    await call('POST', '/api/notifications/read-all', secNow);
    await call('GET', '/api/push/key', null);
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const endpoint = 'https://push.example.test/send/no-store';
    await call('POST', '/api/push/subscriptions', secNow, {
      endpoint,
      keys: {
        p256dh: browser.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    });
    await call('DELETE', '/api/push/subscriptions', secNow, { endpoint });

    // Signing out
    await call('POST', '/api/auth/logout', coach);
    await call('POST', '/api/auth/logout-all', secNow);

    expect(answers.filter((answer) => answer.status < 200 || answer.status > 299)).toEqual([]);
    expect(answers.filter((answer) => answer.cacheControl !== 'no-store')).toEqual([]);
    expect(answers).toHaveLength(27);
  });

  it('leaves public reads their own caching', async () => {
    const leagues = await sendRequest(t.app, 'GET', '/api/leagues');
    expect(leagues.headers.get('cache-control')).toBe('public, max-age=300');
    const teams = await sendRequest(t.app, 'GET', '/api/teams');
    expect(teams.headers.get('cache-control')).toBe('no-cache');
  });
});
