/**
 * A league's people over the API: scoped rights (a league admin's reach, a coach's team),
 * invitations from link to account, the People screen's changes, reset links, and
 * session families on refresh.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addLeagueAdmin, addUser, PASSWORD, tokenFor } from '../fixtures/auth';
import { insertLeague, insertTeam, M7_WIN, NOW } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { sendRequest } from '../fixtures/request';

let clock = NOW;
const t = withFixture(
  async () => {
    const app = await makeTinyLeagueApp({ now: () => clock, publicUrl: 'https://league.example' });
    const { db } = app.connection;
    // A second league with a team of its own: outside the tiny league's admin's reach.
    await insertLeague(db, {
      league_id: 'ol-26',
      league_name: 'Other League',
      season: '2026',
      status: 'active',
      location: 'Elsewhere',
    });
    await insertTeam(db, {
      team_id: 'far.away',
      team_name: 'Far Away',
      league_id: 'ol-26',
      location: 'Far Park',
    });
    await addUser(db, { id: 'root', user_type: 'super_admin', email: 'root@example.test' });
    await addLeagueAdmin(db, { id: 'sec', email: 'sec@example.test', name: 'Sam Secretary' }, 'tl-26');
    await addUser(db, { id: 'coach.nt', user_type: 'coach', team_id: 'north.town', email: 'coach@nt.test' });
    return {
      ...app,
      tokens: {
        root: await tokenFor(db, 'root'),
        sec: await tokenFor(db, 'sec'),
        coach: await tokenFor(db, 'coach.nt'),
      },
    };
  },
  { perTest: true },
);
beforeEach(() => {
  clock = NOW;
});

type Who = 'root' | 'sec' | 'coach' | null;
const call = (method: string, path: string, who: Who, json?: unknown, token?: string) =>
  sendRequest(t.app, method, path, {
    token: token ?? (who === null ? undefined : t.tokens[who]),
    ...(json !== undefined && { json }),
  });
const detail = (body: unknown) => (body as { detail: string }).detail;

async function invite(who: Who, body: Record<string, unknown>) {
  const answer = await call('POST', '/api/invitations', who, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const created = answer.body as { id: string; link: string; expires_at: string; email_status: string };
  return { ...created, token: created.link.split('/invite/')[1] as string };
}

describe('memberships in answers', () => {
  it('signs in with the primary membership and the list of them', async () => {
    const answer = await call('POST', '/api/auth/login', null, {
      email: 'sec@example.test',
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect((answer.body as { user: unknown }).user).toEqual({
      id: 'sec',
      name: 'Sam Secretary',
      email: 'sec@example.test',
      user_type: 'admin',
      team_id: null,
      memberships: [{ role: 'league_admin', league_id: 'tl-26' }],
    });
  });
});

describe('a league admin runs their league and nothing else', () => {
  it('creates a team in their league and gets 403 in another', async () => {
    const mine = await call('POST', '/api/teams', 'sec', {
      name: 'New Rovers',
      location: 'Rover Park',
      league_id: 'tl-26',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const other = await call('POST', '/api/teams', 'sec', {
      name: 'Far Rovers',
      location: 'Far Park',
      league_id: 'ol-26',
    });
    expect(other.status).toBe(403);
    expect(detail(other.body)).toMatch(/admin of this league/);
    const none = await call('GET', '/api/teams?league_id=ol-26', null);
    expect(JSON.stringify(none.body)).not.toContain('Far Rovers');
  });

  it("edits its league's rules, not another's, and never creates a league", async () => {
    const rules = await call('GET', '/api/leagues/tl-26/rules', null);
    expect((await call('PUT', '/api/leagues/tl-26/rules', 'sec', rules.body)).status).toBe(200);
    expect((await call('PUT', '/api/leagues/ol-26/rules', 'sec', rules.body)).status).toBe(403);
    const league = {
      league_id: 'nl-26',
      league_name: 'New League',
      season: '2026',
      status: 'active',
      location: 'X',
    };
    expect((await call('POST', '/api/leagues', 'sec', league)).status).toBe(403);
  });

  it('moves a fixture of its league only', async () => {
    const m7 = t.matchIds.m7;
    const moved = await call('PUT', `/api/matches/${m7}/schedule`, 'sec', {
      date: '2026-06-20T14:00:00.000Z',
      location: 'West Park',
      status: 'scheduled',
    });
    expect(moved.status === 200 || moved.status === 409, JSON.stringify(moved.body)).toBe(true);
    expect(
      (
        await call('PUT', `/api/matches/${m7}/schedule`, 'coach', {
          date: '2026-06-20T14:00:00.000Z',
          location: 'X',
          status: 'scheduled',
        })
      ).status,
    ).toBe(403);
  });

  it('sees the overdue list of its leagues only, and reviews like the league', async () => {
    const overdue = await call('GET', '/api/reports/overdue', 'sec');
    expect(overdue.status).toBe(200);
    for (const match of (overdue.body as { matches: { league_id: string }[] }).matches) {
      expect(match.league_id).toBe('tl-26');
    }
    expect((await call('GET', '/api/reports/overdue', 'coach')).status).toBe(403);
    // m5: East United's pending report; the league's admin may approve it.
    expect((await call('POST', `/api/matches/${t.matchIds.m5}/approve`, 'sec')).status).toBe(200);
  });
});

describe('invitations', () => {
  it('brings a coach in: the link shows the offer, creates the account, and the coach reports for that team only', async () => {
    const created = await invite('sec', {
      email: 'New.Coach@Example.test',
      role: 'coach',
      team_id: 'west.rangers',
    });
    expect(created.link).toMatch(/^https:\/\/league\.example\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(created.email_status).toBe('not_configured');
    const stored = await t.connection.db.selectFrom('invitations').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const view = await call('GET', `/api/invitations/by-token/${created.token}`, null);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      email: 'new.coach@example.test',
      role: 'coach',
      role_label: 'coach of West Rangers',
      team_name: 'West Rangers',
      league_name: 'Tiny League',
      invited_by: 'Sam Secretary',
      account_exists: false,
    });

    const accepted = await call('POST', `/api/invitations/by-token/${created.token}/accept`, null, {
      name: 'Wendy Coach',
      password: 'a long new password',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const session = accepted.body as { access_token: string; user: Record<string, unknown> };
    expect(session.user).toMatchObject({
      email: 'new.coach@example.test',
      user_type: 'coach',
      team_id: 'west.rangers',
      memberships: [{ role: 'coach', team_id: 'west.rangers' }],
    });
    const token = session.access_token;
    expect((await call('POST', `/api/matches/${t.matchIds.m7}/report`, null, M7_WIN, token)).status).toBe(
      200,
    );
    const other = await call('POST', `/api/matches/${t.matchIds.m1}/report`, null, M7_WIN, token);
    expect(other.status).toBe(403);

    // Single use: a second accept, and the view, say it is gone.
    const again = await call('POST', `/api/invitations/by-token/${created.token}/accept`, null, {
      name: 'X',
      password: 'another long password',
    });
    expect(again.status).toBe(410);
    expect((await call('GET', `/api/invitations/by-token/${created.token}`, null)).status).toBe(410);
  });

  it('adds the membership to a signed-in account, and links a rostered player', async () => {
    const created = await invite('coach', {
      email: 'coach@nt.test',
      role: 'player',
      team_id: 'north.town',
      player_id: 'nt.fwd',
    });
    const view = await call('GET', `/api/invitations/by-token/${created.token}`, null);
    expect(view.body).toMatchObject({ account_exists: true, player_name: 'North Town Forward' });
    const refused = await call('POST', `/api/invitations/by-token/${created.token}/accept`, null, {
      name: 'Someone',
      password: 'a long new password',
    });
    expect(refused.status).toBe(409);
    const accepted = await call('POST', `/api/invitations/by-token/${created.token}/accept`, 'coach', {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((accepted.body as { user: { memberships: unknown[] } }).user.memberships).toEqual([
      { role: 'coach', team_id: 'north.town' },
      { role: 'player', team_id: 'north.town', player_id: 'nt.fwd' },
    ]);
    const player = await t.connection.db
      .selectFrom('players')
      .select('user_id')
      .where('id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(player.user_id).toBe('coach.nt');
  });

  it('lets each inviter give only what they run', async () => {
    const cases: [Who, Record<string, unknown>, number][] = [
      ['coach', { email: 'a@x.test', role: 'coach', team_id: 'north.town' }, 201],
      ['coach', { email: 'a@x.test', role: 'coach', team_id: 'south.city' }, 403],
      ['coach', { email: 'a@x.test', role: 'league_admin', league_id: 'tl-26' }, 403],
      ['sec', { email: 'a@x.test', role: 'league_admin', league_id: 'tl-26' }, 201],
      ['sec', { email: 'a@x.test', role: 'owner', team_id: 'far.away' }, 403],
      ['sec', { email: 'a@x.test', role: 'super_admin' }, 403],
      ['root', { email: 'a@x.test', role: 'super_admin' }, 201],
      ['root', { email: 'a@x.test', role: 'coach' }, 400],
      ['root', { email: 'a@x.test', role: 'coach', team_id: 'nowhere' }, 400],
      ['root', { email: 'not an address', role: 'super_admin' }, 400],
      ['root', { email: 'a@x.test', role: 'player', team_id: 'north.town', player_id: 'sc.gk' }, 400],
      [null, { email: 'a@x.test', role: 'super_admin' }, 401],
    ];
    for (const [who, body, status] of cases) {
      const answer = await call('POST', '/api/invitations', who, body);
      expect(answer.status, `${who} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(status);
      if (status !== 201) expect(detail(answer.body)).toEqual(expect.any(String));
    }
  });

  it('lists open invitations to those who may see them, and withdraws them', async () => {
    const created = await invite('coach', { email: 'b@x.test', role: 'owner', team_id: 'north.town' });
    const list = await call('GET', '/api/invitations?team_id=north.town', 'sec');
    expect(list.status).toBe(200);
    expect((list.body as { invitations: { id: string }[] }).invitations.map((i) => i.id)).toEqual([
      created.id,
    ]);
    expect((await call('GET', '/api/invitations?league_id=tl-26', 'sec')).body).toEqual(list.body);
    expect((await call('GET', '/api/invitations?team_id=south.city', 'coach')).status).toBe(403);
    expect((await call('GET', '/api/invitations', 'coach')).status).toBe(400);
    expect((await call('DELETE', `/api/invitations/${created.id}`, 'coach')).status).toBe(200);
    expect((await call('DELETE', `/api/invitations/${created.id}`, 'coach')).status).toBe(409);
    expect((await call('GET', `/api/invitations/by-token/${created.token}`, null)).status).toBe(410);
  });

  it('expires after seven days', async () => {
    const created = await invite('root', { email: 'c@x.test', role: 'super_admin' });
    clock = new Date(NOW.getTime() + 7 * 24 * 3600 * 1000 + 1000);
    const late = await call('POST', `/api/invitations/by-token/${created.token}/accept`, null, {
      name: 'Late',
      password: 'a long new password',
    });
    expect(late.status).toBe(410);
    expect(
      await t.connection.db.selectFrom('users').select('id').where('email', '=', 'c@x.test').execute(),
    ).toEqual([]);
  });
});

describe('the People screen', () => {
  it('lists everyone to a super admin, and the league’s people to its admin', async () => {
    const all = await call('GET', '/api/users?q=', 'root');
    const names = (body: unknown) => (body as { users: { id: string }[] }).users.map((u) => u.id);
    expect(names(all.body)).toEqual(expect.arrayContaining(['root', 'sec', 'coach.nt']));
    const league = await call('GET', '/api/users', 'sec');
    expect(names(league.body)).toEqual(expect.arrayContaining(['sec', 'coach.nt']));
    expect(names(league.body)).not.toContain('root');
    const found = await call('GET', '/api/users?q=NT.TEST', 'sec');
    expect(names(found.body)).toEqual(['coach.nt']);
    expect((await call('GET', '/api/users', 'coach')).status).toBe(403);
    expect((await call('GET', '/api/users?page=0', 'root')).status).toBe(400);
  });

  it('changes memberships within reach, ends the sessions of a right taken away, and keeps the rest', async () => {
    const changed = await call('PUT', '/api/users/coach.nt/memberships', 'sec', {
      memberships: [{ role: 'owner', team_id: 'south.city' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ memberships: [{ role: 'owner', team_id: 'south.city' }] });
    expect((await call('GET', '/api/auth/me', 'coach')).status).toBe(401);
    const outside = await call('PUT', '/api/users/coach.nt/memberships', 'sec', {
      memberships: [{ role: 'owner', team_id: 'far.away' }],
    });
    expect(outside.status).toBe(403);
    expect((await call('PUT', '/api/users/root/memberships', 'sec', { memberships: [] })).status).toBe(404);
    const self = await call('PUT', '/api/users/root/memberships', 'root', { memberships: [] });
    expect(self.status).toBe(409);
    const audit = await t.connection.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'people.%')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['people.memberships']);
  });

  it('locks an account (sign-in refused, sessions ended) and unlocks it', async () => {
    expect((await call('PUT', '/api/users/coach.nt/lock', 'sec', { locked: true })).status).toBe(200);
    expect((await call('GET', '/api/auth/me', 'coach')).status).toBe(401);
    const refused = await call('POST', '/api/auth/login', null, {
      email: 'coach@nt.test',
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(detail(refused.body)).toMatch(/locked/);
    expect((await call('PUT', '/api/users/coach.nt/lock', 'sec', { locked: false })).status).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', null, { email: 'coach@nt.test', password: PASSWORD })).status,
    ).toBe(200);
    expect((await call('PUT', '/api/users/sec/lock', 'sec', { locked: true })).status).toBe(409);
    expect((await call('PUT', '/api/users/root/lock', 'sec', { locked: true })).status).toBe(404);
  });

  it('makes a reset link that works once and signs out every other session', async () => {
    const link = await call('POST', '/api/users/coach.nt/reset-link', 'sec');
    expect(link.status).toBe(200);
    const url = new URL((link.body as { link: string }).link);
    expect(url.origin + url.pathname).toBe('https://league.example/reset-password');
    const token = url.searchParams.get('token') as string;
    const reset = await call('POST', '/api/auth/reset-password', null, {
      token,
      password: 'a brand new secret',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await call('GET', '/api/auth/me', 'coach')).status).toBe(401);
    const again = await call('POST', '/api/auth/reset-password', null, {
      token,
      password: 'yet another secret',
    });
    expect(again.status).toBe(400);
    expect(
      (
        await call('POST', '/api/auth/login', null, {
          email: 'coach@nt.test',
          password: 'a brand new secret',
        })
      ).status,
    ).toBe(200);
    // A league admin cannot take over an account that holds more than their league.
    expect((await call('POST', '/api/users/root/reset-link', 'sec')).status).toBe(404);
  });
});

describe('forgot password', () => {
  it('answers alike for a known and an unknown address', async () => {
    const known = await call('POST', '/api/auth/forgot-password', null, { email: 'coach@nt.test' });
    const unknown = await call('POST', '/api/auth/forgot-password', null, { email: 'nobody@nt.test' });
    expect(known.status).toBe(202);
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    expect((await call('POST', '/api/auth/forgot-password', null, { email: 'not an address' })).status).toBe(
      400,
    );
  });
});

describe('session families', () => {
  it('a reused refresh token signs both holders out', async () => {
    const login = await call('POST', '/api/auth/login', null, { email: 'coach@nt.test', password: PASSWORD });
    const first = (login.body as { access_token: string }).access_token;
    const refreshed = await call('POST', '/api/auth/refresh-token', null, { token: first });
    expect(refreshed.status).toBe(200);
    const second = (refreshed.body as { access_token: string }).access_token;
    expect((await call('GET', '/api/auth/me', null, undefined, second)).status).toBe(200);
    const reused = await call('POST', '/api/auth/refresh-token', null, { token: first });
    expect(reused.status).toBe(401);
    expect(detail(reused.body)).toMatch(/already exchanged/);
    expect((await call('GET', '/api/auth/me', null, undefined, second)).status).toBe(401);
    expect((await call('POST', '/api/auth/refresh-token', null, { token: second })).status).toBe(401);
  });

  it('ends 30 days after sign-in however often it is refreshed', async () => {
    const login = await call('POST', '/api/auth/login', null, { email: 'coach@nt.test', password: PASSWORD });
    let token = (login.body as { access_token: string }).access_token;
    for (const day of [10, 20, 29]) {
      clock = new Date(NOW.getTime() + day * 24 * 3600 * 1000);
      const refreshed = await call('POST', '/api/auth/refresh-token', null, { token });
      expect(refreshed.status, `day ${day}`).toBe(200);
      token = (refreshed.body as { access_token: string }).access_token;
    }
    clock = new Date(NOW.getTime() + 30 * 24 * 3600 * 1000 + 60_000);
    expect((await call('POST', '/api/auth/refresh-token', null, { token })).status).toBe(401);
  });
});
