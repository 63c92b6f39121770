/**
 * A league secretary's inbox over the tiny league, on both engines: what needs a decision
 * (pending, disputed, overdue, each match once, oldest first), who may read it, the
 * reminders the secretary sends (once an hour), and the link an admin's notification
 * about a result carries to its row.
 *
 * At NOW m5 (North Town v East United, reported by East United on 6 June) is past the
 * default 72-hour deadline; m7 (West Rangers v East United, 14 June) has no report yet.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, callerAs, tokenFor } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { M7_REPORT } from './tiny-league';

let clock = NOW;
const t = withFixture(
  async () => {
    const app = await makeTinyLeagueApp({ now: () => clock });
    const tokens = await addRoleUsers(app.connection.db);
    await app.connection.db
      .insertInto('memberships')
      .values({
        user_id: 'u.admin',
        role: 'league_admin',
        league_id: 'tl-26',
        team_id: null,
        player_id: null,
      })
      .execute();
    return { ...app, tokens };
  },
  { perTest: true },
);
const call = callerAs(() => t);

beforeEach(() => {
  clock = NOW;
});

/** Moves the clock, signing the callers in again then (a token lives 15 minutes from its issue). */
async function setClock(at: Date) {
  clock = at;
  for (const role of ['admin', 'superAdmin'] as const) {
    t.tokens[role] = await tokenFor(t.connection.db, `u.${role.toLowerCase()}`, at);
  }
}

/** m7 reported by West Rangers, then differently by East United: a dispute. */
async function disputeM7() {
  const first = await call('POST', `/api/matches/${t.matchIds.m7}/report`, 'otherCoach', M7_REPORT);
  expect(first.status).toBe(200);
  const second = await call('POST', `/api/matches/${t.matchIds.m7}/report`, 'opponentOwner', {
    ...M7_REPORT,
    home_score: 1,
    goalscorers: ['wr.fwd', 'eu.fwd'],
  });
  expect(second.body.outcome).toBe('differs');
}

describe('GET /api/leagues/{leagueId}/decisions', () => {
  it('lists each match once under its most pressing kind, oldest first, with the teams named', async () => {
    const { m5, m7 } = t.matchIds;
    await setClock(new Date('2026-06-08T00:00:00.000Z'));
    expect((await call('GET', '/api/leagues/tl-26/decisions', 'admin')).body).toEqual({
      items: [
        {
          match_id: m5,
          kind: 'pending',
          awaiting: 'review',
          home_team: 'north.town',
          home_team_name: 'North Town',
          away_team: 'east.united',
          away_team_name: 'East United',
          date: '2026-06-06T14:00:00.000Z',
          since: '2026-06-06T14:00:00.000Z',
          reported_by_team: 'east.united',
          counter_team: null,
        },
      ],
    });
    await setClock(NOW);
    await disputeM7();
    const inbox = await call('GET', '/api/leagues/tl-26/decisions', 'admin');
    expect(inbox.status).toBe(200);
    expect(inbox.body.items).toEqual([
      expect.objectContaining({ match_id: m5, kind: 'overdue', since: '2026-06-09T14:00:00.000Z' }),
      expect.objectContaining({
        match_id: m7,
        kind: 'disputed',
        since: NOW.toISOString(),
        reported_by_team: 'west.rangers',
        counter_team: 'east.united',
        home_team_name: 'West Rangers',
      }),
    ]);
    // A super admin reads any league's; a decided result leaves the list.
    expect((await call('GET', '/api/leagues/tl-26/decisions', 'superAdmin')).body).toEqual(inbox.body);
    expect(
      (await call('POST', `/api/matches/${m7}/approve`, 'admin', { team_id: 'east.united' })).status,
    ).toBe(200);
    const after = await call('GET', '/api/leagues/tl-26/decisions', 'admin');
    expect((after.body.items as { match_id: number }[]).map((item) => item.match_id)).toEqual([m5]);
  });

  it('answers 401, 403 to others (an admin of another league too) and 404 for an unknown league', async () => {
    expect((await call('GET', '/api/leagues/tl-26/decisions', 'anonymous')).status).toBe(401);
    for (const role of ['fan', 'coach', 'otherCoach', 'manager'] as const) {
      expect((await call('GET', '/api/leagues/tl-26/decisions', role)).status).toBe(403);
    }
    expect((await call('GET', '/api/leagues/tl-25/decisions', 'admin')).status).toBe(403);
    expect((await call('GET', '/api/leagues/nope-26/decisions', 'superAdmin')).status).toBe(404);
    const answer = await call('GET', '/api/leagues/tl-26/decisions', 'admin');
    expect(answer.status).toBe(200);
  });
});

describe('Admin notifications about a result open its row of the inbox', () => {
  it('sends the league admins and super admins to the inbox, the team staff to their review', async () => {
    const { m7 } = t.matchIds;
    await disputeM7();
    const links = await t.connection.db
      .selectFrom('notifications')
      .select(['user_id', 'link'])
      .where('kind', '=', 'reports_differ')
      .orderBy('user_id')
      .execute();
    expect(links).toEqual([
      { user_id: 'u.admin', link: `/manager/decisions?league=tl-26&match=${m7}` },
      { user_id: 'u.othercoach', link: `/manager/pending-results?match=${m7}` },
      { user_id: 'u.superadmin', link: `/manager/decisions?league=tl-26&match=${m7}` },
    ]);
  });
});

describe('POST /api/matches/{id}/remind', () => {
  it("tells the teams' staff the report is awaited, at most once an hour per match", async () => {
    const { m7 } = t.matchIds;
    const sent = await call('POST', `/api/matches/${m7}/remind`, 'admin');
    expect(sent).toEqual({
      status: 200,
      body: {
        detail: 'Reminder sent to 2 people',
        waiting_for: 'report',
        overdue: false,
        notified: 2,
        next_at: new Date(NOW.getTime() + 3_600_000).toISOString(),
      },
    });
    const told = await t.connection.db
      .selectFrom('notifications')
      .select(['user_id', 'title', 'link'])
      .orderBy('user_id')
      .execute();
    expect(told).toEqual([
      { user_id: 'u.opponentowner', title: 'Report awaited', link: `/manager/match-report?match=${m7}` },
      { user_id: 'u.othercoach', title: 'Report awaited', link: `/manager/match-report?match=${m7}` },
    ]);
    await setClock(new Date(NOW.getTime() + 59 * 60_000));
    const soon = await call('POST', `/api/matches/${m7}/remind`, 'admin');
    expect(soon.status).toBe(409);
    expect(soon.body.detail).toBe(
      'The teams were reminded of this match less than an hour ago: remind them again from 2026-06-15T13:00:00.000Z',
    );
    await setClock(new Date(NOW.getTime() + 61 * 60_000));
    expect((await call('POST', `/api/matches/${m7}/remind`, 'admin')).status).toBe(200);
  });

  it('tells only the side that owes an overdue review, and refuses what has nothing to remind of', async () => {
    const { m1, m5, m9 } = t.matchIds;
    const review = await call('POST', `/api/matches/${m5}/remind`, 'superAdmin');
    expect(review.body).toMatchObject({ waiting_for: 'review', overdue: true, notified: 1 });
    const told = await t.connection.db.selectFrom('notifications').select(['user_id', 'title']).execute();
    expect(told).toEqual([{ user_id: 'u.coach', title: 'Review overdue' }]);
    expect((await call('POST', `/api/matches/${m1}/remind`, 'admin')).body).toEqual({
      detail: 'This result is approved: there is nothing to remind the teams of',
    });
    expect((await call('POST', `/api/matches/${m9}/remind`, 'admin')).status).toBe(409);
    expect((await call('POST', `/api/matches/${m5}/remind`, 'coach')).status).toBe(403);
    expect((await call('POST', `/api/matches/${m5}/remind`, 'anonymous')).status).toBe(401);
    expect((await call('POST', '/api/matches/999999/remind', 'admin')).status).toBe(404);
  });
});
