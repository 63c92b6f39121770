/**
 * The result loop over the tiny league: matching reports confirm themselves, differing ones
 * wait side by side for a reviewer who approves one, overdue results, and the
 * notifications each step stores for the people who must act (and only for them).
 *
 * m7 (2026-06-14) West Rangers v East United has kicked off with no report; West Rangers'
 * coach is `otherCoach`, East United's owner `opponentOwner`. m5 North Town v East United
 * is PENDING, reported by East United.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sweepOverdue } from '../../api/data/overdue';
import {
  MatchReportsSchema,
  NotificationPageSchema,
  OverdueListSchema,
  type OverdueMatchDto as OverdueMatch,
} from '../../api/schemas';
import type { SentNotification } from '../../api/data/notifications';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, addUser, callerAs, tokenFor, type Role } from '../fixtures/auth';
import { insertLeague, insertMatch, NOW } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { M7_REPORT } from './tiny-league';

let clock = NOW;
const pushed: SentNotification[] = [];
const t = withFixture(
  async () => {
    const app = await makeTinyLeagueApp({ now: () => clock, onNotified: (sent) => pushed.push(...sent) });
    const tokens = await addRoleUsers(app.connection.db);
    // A second West Rangers coach: staff of a team hear of it, all of them.
    await addUser(app.connection.db, {
      id: 'u.wrowner',
      user_type: 'owner',
      team_id: 'west.rangers',
      name: 'Wes Owner',
    });
    return { ...app, tokens: { ...tokens, wrOwner: await tokenFor(app.connection.db, 'u.wrowner') } };
  },
  { perTest: true },
);
type Caller = Role | 'wrOwner';
const call = callerAs(() => t as never) as (
  method: string,
  path: string,
  role?: Caller,
  body?: unknown,
  key?: string,
) => Promise<{ status: number; body: Record<string, unknown> }>;

beforeEach(() => {
  clock = NOW;
  pushed.length = 0;
});

/** The same report, every list of more than one in another order. */
const M7_SAME = {
  ...M7_REPORT,
  goalscorers: ['wr.fwd', 'wr.fwd', 'eu.fwd'],
  assisters: ['eu.mid', 'wr.mid'],
  goalkeepers: ['eu.gk', 'wr.gk'],
  yellow_cards: ['wr.mid', 'eu.def', 'eu.def'],
};
/** East United's version: 2-2, their forward scored twice, no cards. */
const M7_OTHER = {
  home_score: 2,
  away_score: 2,
  goalscorers: ['wr.fwd', 'wr.fwd', 'eu.fwd', 'eu.fwd'],
  assisters: ['wr.mid', 'eu.mid'],
  goalkeepers: ['wr.gk', 'eu.gk'],
};

const m7 = () => t.matchIds.m7;
const report = (role: Caller, body: unknown, match = m7()) =>
  call('POST', `/api/matches/${match}/report`, role, body);

/** Moves the clock, with tokens signed then (an access token is short-lived). */
async function setClock(at: string | Date) {
  clock = new Date(at);
  const tokens = t.tokens as Record<string, string | null>;
  for (const role of Object.keys(tokens)) {
    if (tokens[role] === null) continue;
    const id = role === 'wrOwner' ? 'u.wrowner' : `u.${role.toLowerCase()}`;
    tokens[role] = await tokenFor(t.connection.db, id, clock);
  }
}

async function notificationsOf(userId: string) {
  return t.connection.db
    .selectFrom('notifications')
    .select(['kind', 'title', 'body', 'link'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function matchState(id = m7()) {
  return t.connection.db
    .selectFrom('matches')
    .select(['home_score', 'away_score', 'approved', 'reported_by_team', 'reviewed_by_user'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function counterRows() {
  return t.connection.db.selectFrom('match_counter_reports').select(['match_id', 'team_id']).execute();
}

async function lastAudit() {
  const row = await t.connection.db
    .selectFrom('audit_log')
    .select(['action', 'user_id', 'after'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { ...row, after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>) };
}

describe('a first report', () => {
  it("asks the opponent's staff to review it, and pushes after the commit", async () => {
    expect(await report('otherCoach', M7_REPORT)).toMatchObject({
      status: 200,
      body: { outcome: 'pending' },
    });
    const toReview = {
      kind: 'report_to_review',
      title: 'Result to review',
      body: 'West Rangers reported West Rangers 2–1 East United. Approve or reject it.',
      // The review of this match, not the list to search it in.
      link: `/manager/pending-results?match=${m7()}`,
    };
    expect(await notificationsOf('u.opponentowner')).toEqual([toReview]);
    // The reporter's own team and other teams hear nothing.
    expect(await notificationsOf('u.othercoach')).toEqual([]);
    expect(await notificationsOf('u.wrowner')).toEqual([]);
    expect(await notificationsOf('u.coach')).toEqual([]);
    expect(pushed).toEqual([expect.objectContaining({ user_id: 'u.opponentowner', ...toReview })]);
  });

  it('tells the reporting team who approved it, or who rejected it', async () => {
    await report('otherCoach', M7_REPORT);
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner')).status).toBe(200);
    const approved = {
      kind: 'report_approved',
      title: 'Result approved',
      body: 'u.opponentowner (East United) approved West Rangers 2–1 East United.',
      link: `/match/${m7()}`,
    };
    // (and of the red card's suspension, further down)
    expect((await notificationsOf('u.othercoach')).filter((n) => n.kind === 'report_approved')).toEqual([
      approved,
    ]);
    expect((await notificationsOf('u.wrowner')).filter((n) => n.kind === 'report_approved')).toEqual([
      approved,
    ]);

    // m5 was reported by East United; North Town's coach rejects it.
    expect((await call('POST', `/api/matches/${t.matchIds.m5}/reject`, 'coach')).status).toBe(200);
    expect((await notificationsOf('u.opponentowner')).at(-1)).toEqual({
      kind: 'report_rejected',
      title: 'Report rejected',
      body: 'u.coach (North Town) rejected your report of North Town 4–0 East United. Send a corrected report.',
      // The report form, this match chosen: the notification asks for a corrected report.
      link: `/manager/match-report?match=${t.matchIds.m5}`,
    });
  });

  it('stores nothing and pushes nothing when the write fails', async () => {
    const bad = await report('otherCoach', { ...M7_REPORT, goalscorers: ['nobody'] });
    expect(bad.status).toBe(400);
    expect(await t.connection.db.selectFrom('notifications').selectAll().execute()).toEqual([]);
    expect(pushed).toEqual([]);
  });
});

describe('a second report that agrees', () => {
  it('approves the result at once, as if its team had approved it, and says so in the audit log', async () => {
    await report('otherCoach', M7_REPORT);
    const answer = await report('opponentOwner', M7_SAME);
    expect(answer).toMatchObject({
      status: 200,
      body: { outcome: 'confirmed', approved: 'TRUE', home_score: 2, away_score: 1 },
    });
    expect(await matchState()).toEqual({
      home_score: 2,
      away_score: 1,
      approved: 'TRUE',
      reported_by_team: 'west.rangers',
      reviewed_by_user: 'u.opponentowner',
    });
    expect(await lastAudit()).toMatchObject({
      action: 'match.confirm',
      user_id: 'u.opponentowner',
      after: { approved: 'TRUE', confirmed_by_matching_report: true, confirming_team: 'east.united' },
    });
    const confirmed = {
      kind: 'result_confirmed',
      title: 'Result confirmed',
      body: 'Both teams reported West Rangers 2–1 East United: the result is approved.',
      link: `/match/${m7()}`,
    };
    expect(await notificationsOf('u.othercoach')).toContainEqual(confirmed);
    // The one who sent the matching report saw it happen.
    expect((await notificationsOf('u.opponentowner')).map((n) => n.kind)).toEqual([
      'report_to_review',
      // East United's defender, booked twice
      'player_suspended',
    ]);
    // It counts: West Rangers' table row has the win.
    const table = (await t.get('/api/leagues/tl-26/table')).body as {
      standings: { team_id: string; wins: number }[];
    };
    expect(table.standings.find((row) => row.team_id === 'west.rangers')).toMatchObject({ wins: 1 });
    // The red card now suspends West Rangers' defender: their staff are told.
    expect(await notificationsOf('u.wrowner')).toContainEqual({
      kind: 'player_suspended',
      title: 'Player suspended',
      body: 'West Rangers Defender is suspended for 1 match: Red card.',
      link: '/team/west.rangers',
    });
  });

  it('also confirms when the first team corrects its report to agree with a differing second one', async () => {
    await report('otherCoach', M7_REPORT);
    expect((await report('opponentOwner', M7_OTHER)).body).toMatchObject({ outcome: 'differs' });
    const corrected = await report('otherCoach', {
      ...M7_OTHER,
      goalscorers: [...M7_OTHER.goalscorers].reverse(),
    });
    expect(corrected.body).toMatchObject({ outcome: 'confirmed', approved: 'TRUE', away_score: 2 });
    expect(await counterRows()).toEqual([]);
  });
});

describe('a second report that differs', () => {
  beforeEach(async () => {
    await report('otherCoach', M7_REPORT);
  });

  it('is kept beside the first, which stays as it was, PENDING', async () => {
    const answer = await report('opponentOwner', M7_OTHER);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        outcome: 'differs',
        differences: ['away_score', 'goalscorers', 'yellow_cards', 'red_cards'],
        approved: 'PENDING',
        away_score: 1,
      },
    });
    expect(await matchState()).toMatchObject({
      approved: 'PENDING',
      away_score: 1,
      reported_by_team: 'west.rangers',
    });
    expect(await counterRows()).toEqual([{ match_id: m7(), team_id: 'east.united' }]);
    expect(await lastAudit()).toMatchObject({
      action: 'match.counter_report',
      after: { team_id: 'east.united', away_score: 2 },
    });
    const differ = {
      kind: 'reports_differ',
      title: 'Reports differ',
      body: 'East United reported West Rangers vs East United differently from the first report. Compare them and approve one.',
      link: `/manager/pending-results?match=${m7()}`,
    };
    expect(await notificationsOf('u.othercoach')).toEqual([differ]);
    // Admins open the result's row of their inbox, not a team's review.
    expect(await notificationsOf('u.superadmin')).toEqual([
      { ...differ, link: `/manager/decisions?league=tl-26&match=${m7()}` },
    ]);
    expect((await notificationsOf('u.opponentowner')).map((n) => n.kind)).toEqual(['report_to_review']);
    // Sending it again tells of it again, in place of the first time: one per person.
    expect((await report('opponentOwner', { ...M7_OTHER, away_score: 3 })).status).toBe(200);
    expect((await notificationsOf('u.othercoach')).map((n) => n.title)).toEqual(['Reports differ']);
    expect((await notificationsOf('u.superadmin')).map((n) => n.title)).toEqual(['Reports differ']);
  });

  it('is listed with the first by GET /api/matches/{id}/reports, for the two teams and the super admin only', async () => {
    await report('opponentOwner', M7_OTHER);
    for (const role of ['otherCoach', 'opponentOwner', 'superAdmin'] as const) {
      const answer = await call('GET', `/api/matches/${m7()}/reports`, role);
      expect(answer.status).toBe(200);
      expect(MatchReportsSchema.parse(answer.body)).toEqual({
        match_id: m7(),
        approved: 'PENDING',
        reports: [
          {
            team_id: 'west.rangers',
            reported_at: NOW.toISOString(),
            first: true,
            ...M7_REPORT,
            own_goals: [],
          },
          {
            team_id: 'east.united',
            reported_at: NOW.toISOString(),
            first: false,
            ...M7_OTHER,
            own_goals: [],
            yellow_cards: [],
            red_cards: [],
          },
        ],
        differences: ['away_score', 'goalscorers', 'yellow_cards', 'red_cards'],
        rejection: null,
      });
    }
    for (const [role, status] of [
      ['coach', 403],
      ['fan', 403],
      ['player', 403],
      ['anonymous', 401],
    ] as const) {
      expect((await call('GET', `/api/matches/${m7()}/reports`, role)).status).toBe(status);
    }
    expect((await call('GET', '/api/matches/99999/reports')).status).toBe(404);
    expect((await call('GET', '/api/matches/abc/reports')).status).toBe(400);
  });

  it('approving the second report makes it the result; its own team may not approve it', async () => {
    await report('opponentOwner', M7_OTHER);
    const own = await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner', {
      team_id: 'east.united',
    });
    expect(own).toMatchObject({ status: 403, body: { detail: 'A team cannot review its own report' } });
    const answer = await call('POST', `/api/matches/${m7()}/approve`, 'otherCoach', {
      team_id: 'east.united',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        approved: 'TRUE',
        home_score: 2,
        away_score: 2,
        reported_by_team: 'east.united',
        red_cards: [],
      },
    });
    expect(await counterRows()).toEqual([]);
    expect((await notificationsOf('u.opponentowner')).at(-1)).toMatchObject({
      kind: 'report_approved',
      body: 'u.othercoach (West Rangers) approved West Rangers 2–2 East United.',
    });
  });

  it('approving the first report (no body, or naming its team) drops the second', async () => {
    await report('opponentOwner', M7_OTHER);
    const answer = await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner', {
      team_id: 'west.rangers',
    });
    expect(answer).toMatchObject({ status: 200, body: { approved: 'TRUE', away_score: 1 } });
    expect(await counterRows()).toEqual([]);
  });

  it('rejecting the first report leaves the second pending, for the first team to review', async () => {
    await report('opponentOwner', M7_OTHER);
    const answer = await call('POST', `/api/matches/${m7()}/reject`, 'opponentOwner');
    expect(answer).toMatchObject({
      status: 200,
      body: { approved: 'PENDING', away_score: 2, reported_by_team: 'east.united' },
    });
    expect(await counterRows()).toEqual([]);
    expect((await notificationsOf('u.othercoach')).map((n) => n.kind)).toEqual([
      'reports_differ',
      'report_rejected',
      'report_to_review',
    ]);
    // West Rangers may now approve East United's version.
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'otherCoach')).body).toMatchObject({
      approved: 'TRUE',
      away_score: 2,
    });
  });

  it('rejecting the second report keeps the first pending', async () => {
    await report('opponentOwner', M7_OTHER);
    const answer = await call('POST', `/api/matches/${m7()}/reject`, 'otherCoach', {
      team_id: 'east.united',
    });
    expect(answer).toMatchObject({ status: 200, body: { approved: 'PENDING', away_score: 1 } });
    expect(await counterRows()).toEqual([]);
    expect((await notificationsOf('u.opponentowner')).at(-1)).toMatchObject({ kind: 'report_rejected' });
  });

  it("is replaced by its team's next report, and dropped by a super admin's", async () => {
    await report('opponentOwner', M7_OTHER);
    await report('opponentOwner', {
      ...M7_OTHER,
      home_score: 3,
      goalscorers: [...M7_OTHER.goalscorers, 'wr.mid'],
    });
    const answer = await call('GET', `/api/matches/${m7()}/reports`, 'superAdmin');
    expect((answer.body.reports as { home_score: number }[]).map((r) => r.home_score)).toEqual([2, 3]);
    await report('superAdmin', M7_REPORT);
    expect(await counterRows()).toEqual([]);
  });

  it('refuses bad review bodies with a 400 and changes nothing', async () => {
    await report('opponentOwner', M7_OTHER);
    for (const body of [{ team_id: 5 }, { team: 'east.united' }, 'not json']) {
      const response = await t.app.request(`/api/matches/${m7()}/approve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.tokens.otherCoach}` },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toEqual(expect.any(String));
    }
    expect(
      (await call('POST', `/api/matches/${m7()}/approve`, 'otherCoach', { team_id: 'north.town' })).status,
    ).toBe(404);
    expect(await matchState()).toMatchObject({ approved: 'PENDING' });
    expect(await counterRows()).toHaveLength(1);
  });
});

describe('the notifications API', () => {
  it('lists the owner’s notifications newest first, paged, with the unread count; marks read', async () => {
    // Three for East United's owner: a report to review (sent, then corrected: the
    // correction replaces the first request, one per person), a postponement and a new date.
    await report('otherCoach', M7_REPORT);
    await report('otherCoach', {
      ...M7_REPORT,
      home_score: 3,
      goalscorers: [...M7_REPORT.goalscorers, 'wr.mid'],
    });
    const moved = await call('PUT', `/api/matches/${t.matchIds.m9}/schedule`, 'superAdmin', {
      date: '2026-07-04T14:00:00.000Z',
      location: 'East United Park',
      status: 'postponed',
    });
    expect(moved.status).toBe(200);
    const newDate = await call('PUT', `/api/matches/${t.matchIds.m9}/schedule`, 'superAdmin', {
      date: '2026-07-11T14:00:00.000Z',
      location: 'East United Park',
      status: 'scheduled',
    });
    expect(newDate.status).toBe(200);

    const toReview = (await notificationsOf('u.opponentowner')).filter((n) => n.kind === 'report_to_review');
    expect(toReview.map((n) => n.body)).toEqual([
      'West Rangers reported West Rangers 3–1 East United. Approve or reject it.',
    ]);
    const first = await call('GET', '/api/notifications?limit=2', 'opponentOwner');
    const page = NotificationPageSchema.parse(first.body);
    expect(page.unread).toBe(3);
    expect(page.notifications.map((n) => [n.kind, n.title, n.read])).toEqual([
      ['match_moved', 'Match moved', false],
      ['match_moved', 'Match postponed', false],
    ]);
    expect(page.notifications[1]).toMatchObject({
      body: 'East United vs South City is postponed until a new date is set.',
      link: `/match/${t.matchIds.m9}`,
    });
    expect(page.next_cursor).not.toBeNull();
    const second = NotificationPageSchema.parse(
      (await call('GET', `/api/notifications?limit=2&cursor=${page.next_cursor}`, 'opponentOwner')).body,
    );
    expect(second.notifications).toHaveLength(1);
    expect(second.next_cursor).toBeNull();

    const id = page.notifications[0]?.id ?? 0;
    // Someone else's notification is not found.
    expect(await call('POST', `/api/notifications/${id}/read`, 'otherCoach')).toMatchObject({
      status: 404,
      body: { detail: 'Notification not found' },
    });
    expect(await call('POST', `/api/notifications/${id}/read`, 'opponentOwner')).toMatchObject({
      status: 200,
      body: { unread: 2 },
    });
    expect(await call('POST', '/api/notifications/read-all', 'opponentOwner')).toMatchObject({
      status: 200,
      body: { unread: 0 },
    });
    const after = NotificationPageSchema.parse(
      (await call('GET', '/api/notifications', 'opponentOwner')).body,
    );
    expect(after.notifications.every((n) => n.read)).toBe(true);
    // The other team's staff heard of the move too (South City has no staff user here; North Town none).
    expect((await call('GET', '/api/notifications', 'coach')).body).toMatchObject({ unread: 0 });
  });

  it("tells both teams' staff of a moved match, not the super admin who moved it", async () => {
    const moved = await call('PUT', `/api/matches/${t.matchIds.m8}/schedule`, 'superAdmin', {
      date: '2026-06-21T18:30:00.000Z',
      location: 'Riverside Stadium',
      status: 'scheduled',
    });
    expect(moved.status).toBe(200);
    const message = {
      kind: 'match_moved',
      title: 'Match moved',
      body: 'North Town vs West Rangers has a new date or place (Riverside Stadium). Check the fixture.',
      link: `/match/${t.matchIds.m8}`,
    };
    expect(await notificationsOf('u.coach')).toEqual([message]);
    expect(await notificationsOf('u.othercoach')).toEqual([message]);
    expect(await notificationsOf('u.superadmin')).toEqual([]);
    // Saving the same schedule again changes nothing and tells nobody.
    await call('PUT', `/api/matches/${t.matchIds.m8}/schedule`, 'superAdmin', {
      date: '2026-06-21T18:30:00.000Z',
      location: 'Riverside Stadium',
      status: 'scheduled',
    });
    expect(await notificationsOf('u.coach')).toHaveLength(1);
  });

  it('needs a session, and refuses bad paging', async () => {
    expect((await call('GET', '/api/notifications', 'anonymous')).status).toBe(401);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=-1', 'page=2']) {
      const response = await call('GET', `/api/notifications?${query}`, 'coach');
      expect(response.status, query).toBe(400);
    }
    expect((await call('POST', '/api/notifications/abc/read', 'coach')).status).toBe(400);
    expect((await call('POST', '/api/notifications/12345/read', 'coach')).status).toBe(404);
  });

  it('sends nothing of a muted kind; the settings list what is muted', async () => {
    expect((await call('GET', '/api/notifications/settings', 'opponentOwner')).body).toEqual({ muted: [] });
    const saved = await call('PUT', '/api/notifications/settings', 'opponentOwner', {
      muted: ['report_to_review', 'match_moved'],
    });
    expect(saved).toMatchObject({ status: 200, body: { muted: ['match_moved', 'report_to_review'] } });
    await report('otherCoach', M7_REPORT);
    expect(await notificationsOf('u.opponentowner')).toEqual([]);
    expect(pushed).toEqual([]);
    for (const body of [
      { muted: ['everything'] },
      { muted: 'report_to_review' },
      {},
      { muted: [], extra: 1 },
    ]) {
      expect((await call('PUT', '/api/notifications/settings', 'opponentOwner', body)).status).toBe(400);
    }
    expect((await call('GET', '/api/notifications/settings', 'opponentOwner')).body).toEqual({
      muted: ['match_moved', 'report_to_review'],
    });
  });
});

describe('overdue results', () => {
  const HOUR = 3_600_000;

  it("lists played matches past the league's deadline for the super admin, the earliest kick-off first", async () => {
    // 2026-06-18 15:00: m7 (kick-off 06-14 14:00) is 25 hours past its 72; m6 (rejected, 06-13) 49.
    await setClock('2026-06-18T15:00:00.000Z');
    const answer = await call('GET', '/api/reports/overdue', 'superAdmin');
    const { matches } = OverdueListSchema.parse(answer.body);
    expect(matches.map((m) => [m.match_id, m.waiting_for, m.hours_late])).toEqual([
      [t.matchIds.m5, 'review', 217],
      [t.matchIds.m6, 'report', 49],
      [t.matchIds.m7, 'report', 25],
    ]);
    expect(matches[2]).toMatchObject({
      league_name: 'Tiny League',
      home_team_name: 'West Rangers',
      away_team_name: 'East United',
      due_at: '2026-06-17T14:00:00.000Z',
    });
    for (const role of ['coach', 'otherCoach', 'fan', 'anonymous'] as const) {
      expect((await call('GET', '/api/reports/overdue', role)).status).toBe(role === 'anonymous' ? 401 : 403);
    }
  });

  it('pages the list by kick-off, reading past matches whose longer deadline has not passed', async () => {
    // tl-26 at a 12-hour deadline; xl-26 keeps the default 72. At 06-18 15:00 the xl-26
    // match of 06-16 is not overdue yet, while tl-26's of 06-17 is: in kick-off order the
    // list skips a match between two it shows.
    const db = t.connection.db;
    const rules = (await call('GET', '/api/leagues/tl-26/rules')).body;
    await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', { ...rules, report_deadline_hours: 12 });
    await insertLeague(db, { league_id: 'xl-26', season: '2026', status: 'active' });
    const notYet = await insertMatch(db, {
      league_id: 'xl-26',
      date: '2026-06-16T10:00:00.000Z',
      home: 'north.town',
      away: 'south.city',
    });
    const late = await insertMatch(db, {
      league_id: 'tl-26',
      date: '2026-06-17T10:00:00.000Z',
      home: 'south.city',
      away: 'north.town',
    });
    await setClock('2026-06-18T15:00:00.000Z');
    const whole = OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body);
    expect(whole.next_cursor).toBeUndefined();
    const order = [t.matchIds.m5, t.matchIds.m6, t.matchIds.m7, late];
    expect(whole.matches.map((m) => m.match_id)).toEqual(order);
    expect(whole.matches.map((m) => m.match_id)).not.toContain(notYet);

    for (const limit of [1, 2, 3, 4, 200]) {
      const seen: OverdueMatch[] = [];
      let query = `?limit=${limit}`;
      for (let pages = 0; pages < 10; pages++) {
        const answer = await call('GET', `/api/reports/overdue${query}`, 'superAdmin');
        expect(answer.status).toBe(200);
        const page = OverdueListSchema.parse(answer.body);
        expect(page.matches.length).toBeLessThanOrEqual(limit);
        seen.push(...page.matches);
        if (page.next_cursor === null) break;
        expect(page.next_cursor).toEqual(expect.any(String));
        query = `?limit=${limit}&cursor=${encodeURIComponent(page.next_cursor ?? '')}`;
      }
      expect(seen, `limit ${limit}`).toEqual(whole.matches);
    }
    // A cursor alone: every match after it.
    const first = OverdueListSchema.parse(
      (await call('GET', '/api/reports/overdue?limit=2', 'superAdmin')).body,
    );
    const rest = await call(
      'GET',
      `/api/reports/overdue?cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
      'superAdmin',
    );
    expect(OverdueListSchema.parse(rest.body)).toEqual({
      matches: whole.matches.slice(2),
      next_cursor: null,
    });

    const teamsCursor = OverdueListSchema.parse(
      (await call('GET', '/api/reports/overdue?limit=1', 'superAdmin')).body,
    ).next_cursor;
    const otherList = (await call('GET', '/api/teams?limit=1')).body.next_cursor as string;
    for (const bad of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'limit=1&limit=2',
      `cursor=${encodeURIComponent(otherList)}`,
      `cursor=${encodeURIComponent(`${teamsCursor ?? ''}x`)}`,
      'cursor=abc',
      'league=tl-26',
    ]) {
      const answer = await call('GET', `/api/reports/overdue?${bad}`, 'superAdmin');
      expect(answer.status, bad).toBe(400);
      expect(answer.body.detail, bad).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/reports/overdue?limit=1', 'coach')).status).toBe(403);
  });

  it('follows the league’s own deadline, and never lists approved or postponed matches', async () => {
    const rules = (await call('GET', '/api/leagues/tl-26/rules')).body;
    await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', { ...rules, report_deadline_hours: 12 });
    await setClock('2026-06-15T02:30:00.000Z'); // m7 + 12.5 hours
    const before = OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body);
    expect(before.matches.map((m) => m.match_id)).toContain(t.matchIds.m7);
    await report('otherCoach', M7_REPORT);
    await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner');
    const after = OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body);
    expect(after.matches.map((m) => m.match_id)).not.toContain(t.matchIds.m7);
  });

  it('tells the teams once, at the deadline, whatever the number of sweeps', async () => {
    const aboutM7 = (sent: SentNotification[]) =>
      sent.filter((n) => n.body.includes('West Rangers vs East United'));
    // m6 (South City v West Rangers, rejected) passed its deadline a day earlier.
    await setClock(new Date(Date.parse('2026-06-17T14:00:00.000Z') - HOUR));
    const early = await sweepOverdue(t.connection.db, clock);
    expect(aboutM7(early)).toEqual([]);
    expect(early.filter((n) => n.user_id === 'u.othercoach').map((n) => n.body)).toEqual([
      'South City vs West Rangers has no report and its deadline has passed. Send the result now.',
    ]);
    await setClock('2026-06-17T14:00:00.000Z');
    const sent = await sweepOverdue(t.connection.db, clock);
    expect(sent.filter((n) => n.user_id === 'u.othercoach')).toEqual([
      expect.objectContaining({
        kind: 'report_overdue',
        title: 'Report overdue',
        body: 'West Rangers vs East United has no report and its deadline has passed. Send the result now.',
        link: `/manager/match-report?match=${m7()}`,
      }),
    ]);
    expect(
      aboutM7(sent)
        .filter((n) => n.user_id === 'u.opponentowner')
        .map((n) => n.title),
    ).toEqual(['Report overdue']);
    expect(await sweepOverdue(t.connection.db, new Date(clock.getTime() + HOUR))).toEqual([]);
    // A report now, late: the reminders to send it read as done, and its reviewer gets the
    // league's whole deadline from its arrival, not from the kick-off.
    await setClock(new Date(clock.getTime() + 2 * HOUR));
    await report('otherCoach', M7_REPORT);
    const reportedAt = clock.getTime();
    const reminders = await t.connection.db
      .selectFrom('notifications')
      .select(['user_id', 'resolved_at', 'read_at'])
      .where('title', '=', 'Report overdue')
      .where('link', '=', `/manager/match-report?match=${m7()}`)
      .execute();
    // West Rangers' coach and owner, East United's owner.
    expect(reminders.length).toBe(3);
    for (const reminder of reminders) {
      expect(reminder.resolved_at, reminder.user_id).toBe(clock.toISOString());
      expect(reminder.read_at, reminder.user_id).not.toBeNull();
    }
    expect(await sweepOverdue(t.connection.db, clock)).toEqual([]);
    await setClock(new Date(reportedAt + 72 * HOUR - 60_000));
    expect(await sweepOverdue(t.connection.db, clock)).toEqual([]);
    await setClock(new Date(reportedAt + 72 * HOUR));
    const review = await sweepOverdue(t.connection.db, clock);
    expect(review.map((n) => [n.user_id, n.title])).toEqual([['u.opponentowner', 'Review overdue']]);
    expect(await notificationsOf('u.opponentowner')).toContainEqual({
      kind: 'report_overdue',
      title: 'Review overdue',
      body: 'The result of West Rangers vs East United is still waiting for your review and its deadline has passed.',
      link: `/manager/pending-results?match=${m7()}`,
    });
    // Reviewed: the reminder and the request read as done, and leave the unread count.
    const before = (await call('GET', '/api/notifications', 'opponentOwner')).body as {
      unread: number;
      notifications: { title: string; link: string; resolved: boolean; read: boolean }[];
    };
    const open = before.notifications.filter((n) => n.link === `/manager/pending-results?match=${m7()}`);
    expect(open.map((n) => [n.title, n.resolved, n.read])).toEqual([
      ['Review overdue', false, false],
      ['Result to review', false, false],
    ]);
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner')).status).toBe(200);
    const after = (await call('GET', '/api/notifications', 'opponentOwner')).body as typeof before;
    const done = after.notifications.filter((n) => n.link === `/manager/pending-results?match=${m7()}`);
    expect(done.map((n) => [n.title, n.resolved, n.read])).toEqual([
      ['Review overdue', true, true],
      ['Result to review', true, true],
    ]);
    // (The approval's red card also suspends a player, which is news of its own.)
    const fresh = after.notifications.filter(
      (n) => !before.notifications.some((m) => m.link === n.link && m.title === n.title),
    );
    expect(fresh.map((n) => n.title)).toEqual(['Player suspended']);
    expect(after.unread).toBe(before.unread - 2 + fresh.length);
  });

  it('passes over a match already told for its state, until the state changes', async () => {
    await setClock('2026-06-17T14:00:00.000Z');
    const first = await sweepOverdue(t.connection.db, clock);
    expect(first.length).toBeGreaterThan(0);
    const told = await t.connection.db
      .selectFrom('overdue_notices')
      .select(['match_id', 'state'])
      .orderBy('match_id')
      .execute();
    expect(told).toContainEqual({ match_id: m7(), state: 'report' });
    // Without its notifications the match would be told again if the sweep asked who had
    // heard of it; it does not: the notice says this state was told.
    await t.connection.db.deleteFrom('notifications').execute();
    expect(await sweepOverdue(t.connection.db, new Date(clock.getTime() + HOUR))).toEqual([]);
    await setClock(new Date(clock.getTime() + 2 * HOUR));
    await report('otherCoach', M7_REPORT);
    await setClock(new Date(clock.getTime() + 72 * HOUR));
    const review = await sweepOverdue(t.connection.db, clock);
    expect(review.map((n) => [n.user_id, n.title])).toEqual([['u.opponentowner', 'Review overdue']]);
    const reportedAt = (await call('GET', `/api/matches/${m7()}`)).body.reported_at;
    expect(
      await t.connection.db
        .selectFrom('overdue_notices')
        .select('state')
        .where('match_id', '=', m7())
        .executeTakeFirst(),
    ).toEqual({ state: `review:${String(reportedAt)}` });
  });

  it('sweeps a chunk at a time and tells the same as in one go', async () => {
    await setClock('2026-06-17T14:00:00.000Z');
    const expected = OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body);
    expect(expected.matches.length).toBeGreaterThan(1);
    let chunks = 0;
    const sent = await sweepOverdue(t.connection.db, clock, {
      chunk: 1,
      tellChunk: 1,
      stopped: () => {
        chunks += 1;
        return false;
      },
    });
    expect(chunks).toBeGreaterThanOrEqual(expected.matches.length);
    const toldOf = (body: string) =>
      expected.matches.filter((m) => body.includes(`${m.home_team_name} vs ${m.away_team_name}`));
    // Every overdue match told, each to its staff once, and nothing else.
    expect(new Set(sent.flatMap((n) => toldOf(n.body).map((m) => m.match_id)))).toEqual(
      new Set(expected.matches.map((m) => m.match_id)),
    );
    expect(new Set(sent.map((n) => `${n.user_id} ${n.body}`)).size).toBe(sent.length);
    expect(await sweepOverdue(t.connection.db, clock, { chunk: 1, tellChunk: 1 })).toEqual([]);
  });

  it('stops between chunks once asked, and the next sweep tells the rest', async () => {
    await setClock('2026-06-17T14:00:00.000Z');
    const expected = OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body);
    const first = await sweepOverdue(t.connection.db, clock, { chunk: 1, tellChunk: 1, stopped: () => true });
    const matchesIn = (sent: SentNotification[]) =>
      new Set(
        sent.flatMap((n) =>
          expected.matches
            .filter((m) => n.body.includes(`${m.home_team_name} vs ${m.away_team_name}`))
            .map((m) => m.match_id),
        ),
      );
    expect(matchesIn(first).size).toBeLessThanOrEqual(1);
    const rest = await sweepOverdue(t.connection.db, clock);
    expect(new Set([...matchesIn(first), ...matchesIn(rest)])).toEqual(
      new Set(expected.matches.map((m) => m.match_id)),
    );
  });

  it('tells the side that owes a review, not the side that reported', async () => {
    // m5 (North Town v East United) was reported by East United on 6 June.
    const sent = await sweepOverdue(t.connection.db, new Date('2026-06-10T00:00:00.000Z'));
    expect(sent.map((n) => [n.user_id, n.title])).toEqual([['u.coach', 'Review overdue']]);
  });

  it('leaves completed seasons alone', async () => {
    await t.connection.db
      .updateTable('leagues')
      .set({ status: 'completed' })
      .where('league_id', '=', 'tl-26')
      .execute();
    await setClock('2026-07-30T00:00:00.000Z');
    expect(
      OverdueListSchema.parse((await call('GET', '/api/reports/overdue', 'superAdmin')).body).matches,
    ).toEqual([]);
    expect(await sweepOverdue(t.connection.db, clock)).toEqual([]);
  });
});

describe('a bell that stays true', () => {
  const REASON = 'The fourth goal was scored by our number 9, not theirs';

  it('rejects with a reason that reaches the reporter, refuses a bad one, and a new report ends the request', async () => {
    const m5 = t.matchIds.m5;
    for (const [body, detail] of [
      [{ reason: '   ' }, 'reason: must not be empty'],
      [{ reason: 'x'.repeat(501) }, 'reason: must be at most 500 characters'],
      [{ reason: 7 }, 'reason: Invalid input: expected string, received number'],
      [{ why: 'no' }, 'Unknown field: why'],
    ] as const) {
      expect(await call('POST', `/api/matches/${m5}/reject`, 'coach', body)).toMatchObject({
        status: 400,
        body: { detail },
      });
    }
    expect(await call('POST', `/api/matches/${m5}/approve`, 'coach', { reason: REASON })).toMatchObject({
      status: 400,
      body: { detail: 'reason: only a rejection gives a reason' },
    });
    expect((await matchState(m5)).approved).toBe('PENDING');

    expect((await call('POST', `/api/matches/${m5}/reject`, 'coach', { reason: ` ${REASON} ` })).status).toBe(
      200,
    );
    expect((await notificationsOf('u.opponentowner')).at(-1)).toEqual({
      kind: 'report_rejected',
      title: 'Report rejected',
      body: `u.coach (North Town) rejected your report of North Town 4–0 East United. Send a corrected report. Reason: “${REASON}”`,
      link: `/manager/match-report?match=${m5}`,
    });
    const reports = MatchReportsSchema.parse(
      (await call('GET', `/api/matches/${m5}/reports`, 'opponentOwner')).body,
    );
    expect(reports.rejection).toEqual({
      team_id: 'east.united',
      reason: REASON,
      rejected_by: 'u.coach',
      rejected_at: NOW.toISOString(),
    });

    // East United send a corrected report: the request to send one reads as done, the
    // rejection is history, and North Town are asked to review the new one.
    const corrected = {
      home_score: 3,
      away_score: 0,
      goalscorers: ['nt.fwd', 'nt.fwd', 'nt.fwd'],
      assisters: [],
      goalkeepers: ['nt.gk', 'eu.gk'],
    };
    expect((await report('opponentOwner', corrected, m5)).status).toBe(200);
    const bell = NotificationPageSchema.parse(
      (await call('GET', '/api/notifications', 'opponentOwner')).body,
    );
    expect(
      bell.notifications.filter((n) => n.kind === 'report_rejected').map((n) => [n.resolved, n.read]),
    ).toEqual([[true, true]]);
    expect(bell.unread).toBe(bell.notifications.filter((n) => !n.read).length);
    expect(
      MatchReportsSchema.parse((await call('GET', `/api/matches/${m5}/reports`, 'opponentOwner')).body)
        .rejection,
    ).toBeNull();
    expect((await notificationsOf('u.coach')).map((n) => n.title)).toEqual(['Result to review']);
  });

  it('tells the followers of a team when its match is postponed or its result confirmed, once each', async () => {
    expect(await call('GET', '/api/follows', 'fan')).toMatchObject({ status: 200, body: { team_ids: [] } });
    expect(await call('PUT', '/api/follows/east.united', 'fan')).toMatchObject({
      status: 200,
      body: { team_ids: ['east.united'] },
    });
    // Again: no change. An unknown team: 404, and nothing followed.
    expect((await call('PUT', '/api/follows/east.united', 'fan')).body).toEqual({
      team_ids: ['east.united'],
    });
    expect(await call('PUT', '/api/follows/nowhere.fc', 'fan')).toMatchObject({
      status: 404,
      body: { detail: 'Team not found' },
    });
    expect((await call('PUT', '/api/follows/east.united', 'anonymous')).status).toBe(401);
    // A coach following their own team hears of it once, as its staff.
    expect((await call('PUT', '/api/follows/west.rangers', 'wrOwner')).status).toBe(200);

    expect(
      (
        await call('PUT', `/api/matches/${t.matchIds.m9}/schedule`, 'superAdmin', {
          date: '2026-07-04T14:00:00.000Z',
          location: 'East United Park',
          status: 'postponed',
        })
      ).status,
    ).toBe(200);
    await report('otherCoach', M7_REPORT);
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner')).status).toBe(200);
    expect(await notificationsOf('u.fan')).toEqual([
      {
        kind: 'match_moved',
        title: 'Match postponed',
        body: 'East United vs South City is postponed until a new date is set.',
        link: `/match/${t.matchIds.m9}`,
      },
      {
        kind: 'result_confirmed',
        title: 'Result confirmed',
        body: 'West Rangers 2–1 East United is the confirmed result.',
        link: `/match/${m7()}`,
      },
    ]);
    expect((await notificationsOf('u.wrowner')).map((n) => n.kind)).toEqual([
      'report_approved',
      'player_suspended',
    ]);
    // The one who approved it saw it happen.
    expect((await notificationsOf('u.opponentowner')).map((n) => n.kind)).not.toContain('result_confirmed');

    expect(await call('DELETE', '/api/follows/east.united', 'fan')).toMatchObject({
      status: 200,
      body: { team_ids: [] },
    });
  });

  it("bans from a card reported late fall on the team's matches after the approval, not those played meanwhile", async () => {
    const later = await insertMatch(t.connection.db, {
      league_id: 'tl-26',
      date: '2026-07-04T14:00:00.000Z',
      home: 'west.rangers',
      away: 'south.city',
    });
    // A week late: West Rangers have played m8 (20 June) since the red card of m7.
    await setClock('2026-06-21T12:00:00.000Z');
    await report('otherCoach', M7_REPORT);
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner')).status).toBe(200);
    const bans = (await call('GET', '/api/teams/west.rangers/suspensions', 'anonymous')).body.suspensions as {
      player_id: string;
      matches_remaining: number;
      match_ids: number[];
      card_match: { match_id: number } | null;
    }[];
    expect(
      bans.map((ban) => [ban.player_id, ban.matches_remaining, ban.match_ids, ban.card_match?.match_id]),
    ).toEqual([['wr.def', 1, [later], m7()]]);
    // Its staff are told of it: a ban still to serve.
    expect((await notificationsOf('u.othercoach')).filter((n) => n.kind === 'player_suspended')).toHaveLength(
      1,
    );
  });
});
