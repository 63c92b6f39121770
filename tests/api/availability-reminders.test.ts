/**
 * Reminders to say whether one can play and the squad announced, over the API and on
 * both engines: "Remind those who have not answered" (once every 12 hours per player and
 * match, staff only, the reminder done once the player answers), the automatic reminders
 * before kick-off (each once, however often and wherever the sweep runs), and saving a
 * selection telling the players whose place changed. Every refusal changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { dueReminder, sweepAvailabilityReminders } from '../../api/data/availability-reminders';
import { addUser, withRoleApp } from '../fixtures/auth';
import { insertPlayer, updateMatch, updateTeam } from '../fixtures/factory';

const { t, call } = withRoleApp();

/** North Town's next match (20 June, 14:00 UTC), against West Rangers; the clock reads 15 June, 12:00. */
const next = () => t.matchIds.m8;
const db = () => t.connection.db;
const remind = (role: Parameters<typeof call>[2] = 'coach', team = 'north.town', key?: string) =>
  call('POST', `/api/matches/${next()}/availability/remind`, role, { team_id: team }, key);

/** Gives these North Town players accounts (ids `u.<player>`), as accepted invitations do. */
async function withAccounts(...players: string[]) {
  for (const player of players) {
    await addUser(db(), { id: `u.${player}`, user_type: 'player', team_id: 'north.town' });
    await db()
      .updateTable('players')
      .set({ user_id: `u.${player}` })
      .where('id', '=', player)
      .execute();
  }
}

const noticesOf = (kind: string) =>
  db()
    .selectFrom('notifications')
    .select(['user_id', 'title', 'body', 'link', 'task', 'resolved_at'])
    .where('kind', '=', kind as never)
    .orderBy('user_id')
    .orderBy('id')
    .execute();

describe('POST /api/matches/{id}/availability/remind', () => {
  it('tells each player who has not answered and has an account, once every 12 hours', async () => {
    await withAccounts('nt.gk', 'nt.fwd', 'nt.mid');
    // nt.mid has answered: not reminded.
    await call('PUT', `/api/matches/${next()}/availability/nt.mid`, 'coach', { answer: 'available' });
    const roster = await db()
      .selectFrom('players')
      .select('id')
      .where('team_id', '=', 'north.town')
      .execute();

    const { status, body } = await remind('coach', 'north.town', 'remind-1');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ reminded: 2, reminded_lately: 0, without_account: roster.length - 3 });
    const sent = await noticesOf('availability_reminder');
    expect(sent.map((notice) => notice.user_id)).toEqual(['u.nt.fwd', 'u.nt.gk']);
    expect(sent[0]).toMatchObject({
      title: 'Can you play?',
      body: 'Sat 20 Jun, 14:00 v West Rangers: tell your coach whether you can play by Fri 19 Jun, 14:00.',
      link: '/main',
      task: `answer:${next()}:nt.fwd`,
      resolved_at: null,
    });

    // A replay of the same request answers the same and sends nothing.
    expect((await remind('coach', 'north.town', 'remind-1')).body).toEqual(body);
    // Asked again within 12 hours: nobody is told twice.
    expect((await remind('coach')).body).toEqual({
      reminded: 0,
      reminded_lately: 2,
      without_account: roster.length - 3,
    });
    expect(await noticesOf('availability_reminder')).toHaveLength(2);
  });

  it('reads as done once the player answers', async () => {
    await withAccounts('nt.fwd');
    await remind();
    await call('PUT', `/api/matches/${next()}/availability/nt.fwd`, 'coach', { answer: 'maybe' });
    const [notice] = await noticesOf('availability_reminder');
    expect(notice?.resolved_at).toBe('2026-06-15T12:00:00.000Z');
  });

  it('is for the team’s staff, before answers close, and changes nothing when refused', async () => {
    await withAccounts('nt.fwd');
    for (const role of ['player', 'fan', 'otherCoach', 'opponentOwner'] as const) {
      const { status, body } = await remind(role);
      expect(status, role).toBe(403);
      expect(body.detail, role).toMatch(/coach or owner/);
    }
    expect((await remind('anonymous')).status).toBe(401);
    expect((await remind('coach', 'south.city')).status).toBe(403);
    expect((await remind('superAdmin', 'south.city')).status).toBe(404);
    const bad = await call('POST', `/api/matches/${next()}/availability/remind`, 'coach', { team: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/team_id/);
    expect(
      (await call('POST', '/api/matches/999999/availability/remind', 'coach', { team_id: 'north.town' }))
        .status,
    ).toBe(404);

    await updateTeam(db(), 'north.town', { availability_deadline_hours: 144 });
    const closed = await remind();
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('Answers for this match have closed: set the answers yourself');
    await updateTeam(db(), 'north.town', { availability_deadline_hours: 24 });
    await updateMatch(db(), next(), { status: 'postponed' });
    expect((await remind()).status).toBe(409);
    expect(await noticesOf('availability_reminder')).toEqual([]);
    expect(await db().selectFrom('availability_reminders').selectAll().execute()).toEqual([]);
  });

  it('leaves out players who muted reminders', async () => {
    await withAccounts('nt.fwd', 'nt.gk');
    await db()
      .insertInto('notification_mutes')
      .values({ user_id: 'u.nt.gk', kind: 'availability_reminder' })
      .execute();
    expect((await remind()).body).toMatchObject({ reminded: 1, reminded_lately: 1 });
    expect((await noticesOf('availability_reminder')).map((notice) => notice.user_id)).toEqual(['u.nt.fwd']);
  });
});

describe('the automatic reminders', () => {
  const at = (iso: string) => new Date(iso);

  it('fall 72 and 24 hours before kick-off, never later than 12 hours before answers close', () => {
    const kickOff = '2026-06-20T14:00:00.000Z';
    // Answers close at kick-off: exactly 72 and 24 hours before.
    expect(dueReminder(kickOff, 0, at('2026-06-17T13:59:00Z'))).toBe(0);
    expect(dueReminder(kickOff, 0, at('2026-06-17T14:00:00Z'))).toBe(1);
    expect(dueReminder(kickOff, 0, at('2026-06-19T14:00:00Z'))).toBe(2);
    // The default deadline (24 hours before): the last one 36 hours before kick-off.
    expect(dueReminder(kickOff, 24, at('2026-06-19T01:59:00Z'))).toBe(1);
    expect(dueReminder(kickOff, 24, at('2026-06-19T02:00:00Z'))).toBe(2);
    // Once answers have closed, none.
    expect(dueReminder(kickOff, 24, at('2026-06-19T14:00:00Z'))).toBe(0);
    // A deadline a week before: one reminder, 12 hours before it.
    expect(dueReminder(kickOff, 168, at('2026-06-13T01:59:00Z'))).toBe(0);
    expect(dueReminder(kickOff, 168, at('2026-06-13T02:00:00Z'))).toBe(2);
  });

  it('go once each, however often the sweep runs, and again from a new date', async () => {
    await withAccounts('nt.fwd', 'nt.gk');
    await call('PUT', `/api/matches/${next()}/availability/nt.gk`, 'coach', { answer: 'available' });
    const sweep = async (iso: string) => (await sweepAvailabilityReminders(db(), at(iso))).sent;

    expect(await sweep('2026-06-17T13:00:00Z')).toEqual([]);
    // Two instances sweeping at the same moment: one of them tells.
    const [one, other] = await Promise.all([sweep('2026-06-17T14:30:00Z'), sweep('2026-06-17T14:30:00Z')]);
    expect(one.length * other.length).toBe(0);
    const first = [...one, ...other];
    // Only North Town's unanswered player with an account (West Rangers has no accounts).
    expect(first.map((notice) => notice.user_id)).toEqual(['u.nt.fwd']);
    expect(await sweep('2026-06-17T14:31:00Z')).toEqual([]);
    expect(await sweep('2026-06-18T10:00:00Z')).toEqual([]);
    expect((await sweep('2026-06-19T02:30:00Z')).map((notice) => notice.user_id)).toEqual(['u.nt.fwd']);
    expect(await sweep('2026-06-19T03:00:00Z')).toEqual([]);
    expect(
      await db()
        .selectFrom('availability_reminder_stages')
        .select(['team_id', 'stage'])
        .orderBy('team_id')
        .execute(),
    ).toEqual([
      { team_id: 'north.town', stage: 2 },
      { team_id: 'west.rangers', stage: 2 },
    ]);

    // Moved a week later: the reminders count from the new date.
    const moved = await call('PUT', `/api/matches/${next()}/schedule`, 'superAdmin', {
      date: '2026-06-27T14:00:00Z',
      location: 'North Town Park',
      status: 'scheduled',
    });
    expect(moved.status).toBe(200);
    expect(await db().selectFrom('availability_reminder_stages').selectAll().execute()).toEqual([]);
    // nt.gk's answer is stale now: they are reminded to confirm, with nt.fwd.
    const again = await sweep('2026-06-24T15:00:00Z');
    expect(again.map((notice) => notice.user_id)).toEqual(['u.nt.fwd', 'u.nt.gk']);
  });

  it('leave a player reminded by the coach within 12 hours alone', async () => {
    await withAccounts('nt.fwd');
    await remind();
    const sent = await sweepAvailabilityReminders(db(), at('2026-06-17T14:30:00Z'));
    // The coach reminded them on the 15th: more than 12 hours ago, so the sweep tells them.
    expect(sent.sent.map((notice) => notice.user_id)).toEqual(['u.nt.fwd']);
    await db().updateTable('availability_reminders').set({ sent_at: '2026-06-19T01:00:00.000Z' }).execute();
    expect((await sweepAvailabilityReminders(db(), at('2026-06-19T02:30:00Z'))).sent).toEqual([]);
  });
});

describe('the squad announced', () => {
  async function fullRoster() {
    for (let number = 20; number < 24; number += 1) {
      await insertPlayer(db(), {
        id: `nt.p${number}`,
        name: `North Player ${number}`,
        team_id: 'north.town',
        number,
        position: 'Midfielder',
      });
    }
  }
  const save = (players: string[], extra: object = {}) =>
    call('PUT', `/api/teams/north.town/matches/${next()}/roster`, 'coach', { players, ...extra });

  it('tells the picked players they are in, once, and one left out afterwards', async () => {
    await fullRoster();
    await withAccounts('nt.fwd', 'nt.gk', 'nt.p20', 'nt.p21');
    const squad = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.p20', 'nt.p22', 'nt.p23'];
    const first = await save(squad);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.told).toBe(3);
    const told = await noticesOf('squad_announced');
    expect(told.map((notice) => [notice.user_id, notice.title])).toEqual([
      ['u.nt.fwd', 'You are in the squad'],
      ['u.nt.gk', 'You are in the squad'],
      ['u.nt.p20', 'You are in the squad'],
    ]);
    expect(told[0]?.body).toBe(
      'You are in the squad for Sat 20 Jun, 14:00 v West Rangers, at north.town ground.',
    );
    expect(told[0]?.link).toBe(`/match/${next()}`);

    // Saved again as it is: nobody hears twice.
    expect((await save(squad)).body.told).toBe(0);
    // nt.p20 out, nt.p21 in: both hear; the rest do not.
    const changed = await save([...squad.filter((id) => id !== 'nt.p20'), 'nt.p21']);
    expect(changed.body.told).toBe(2);
    const latest = (await noticesOf('squad_announced')).slice(-4);
    expect(latest.filter((notice) => notice.user_id === 'u.nt.p20').at(-1)?.body).toBe(
      'The squad for Sat 20 Jun, 14:00 v West Rangers is picked: you are not in it this time.',
    );
    expect(latest.filter((notice) => notice.user_id === 'u.nt.p21').at(-1)?.title).toBe(
      'You are in the squad',
    );
  });

  it('tells the others too when the coach chooses', async () => {
    await fullRoster();
    await withAccounts('nt.fwd', 'nt.p21');
    const squad = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.p20', 'nt.p22', 'nt.p23'];
    expect((await save(squad, { tell_others: true })).body.told).toBe(2);
    expect((await noticesOf('squad_announced')).map((notice) => [notice.user_id, notice.title])).toEqual([
      ['u.nt.fwd', 'You are in the squad'],
      ['u.nt.p21', 'Squad announced'],
    ]);
    const bad = await save(squad, { tell_others: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/tell_others/);
  });

  it('says nothing for a match already played', async () => {
    await fullRoster();
    await withAccounts('nt.fwd');
    await updateMatch(db(), next(), { match_date: '2026-06-14T14:00:00.000Z' });
    const saved = await save(['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.p20', 'nt.p22', 'nt.p23']);
    expect(saved.status).toBe(200);
    expect(saved.body.told).toBe(0);
    expect(await noticesOf('squad_announced')).toEqual([]);
  });
});
