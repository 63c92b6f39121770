/**
 * What a player hears by e-mail about whether they can play, end to end: the app queues
 * the mail in the write, the sender delivers it to a real local SMTP server. A reminder
 * from the coach, the match moved under their answer, and the squad announced each
 * arrive once, at the player's account address, with the page to open.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMailSender, type MailSender } from '../../api/mail/sender';
import { makeTinyLeagueApp, TEST_SECRET, type TestApp } from '../fixtures/app';
import { addUser, tokenFor } from '../fixtures/auth';
import { insertPlayer, NOW } from '../fixtures/factory';
import { sendRequest } from '../fixtures/request';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server';

const PUBLIC_URL = 'https://league.example';
let smtp: TestSmtpServer;
let mailer: MailSender;
let t: TestApp & { matchIds: Record<string, number> };

beforeEach(async () => {
  smtp = await startSmtpServer();
  t = await makeTinyLeagueApp({
    now: () => NOW,
    publicUrl: PUBLIC_URL,
    mailEnabled: true,
    onMailQueued: () => mailer.kick(),
  });
  mailer = startMailSender(t.connection.db, {
    smtpUrl: smtp.url(),
    from: 'Tiny League <no-reply@league.example>',
    secret: TEST_SECRET,
    log: () => {},
  });
  const db = t.connection.db;
  await addUser(db, { id: 'root', user_type: 'super_admin' });
  await addUser(db, { id: 'coach.nt', user_type: 'coach', team_id: 'north.town' });
  await addUser(db, {
    id: 'nat',
    name: 'Nat',
    user_type: 'player',
    team_id: 'north.town',
    email: 'nat@nt.test',
  });
  await db.updateTable('players').set({ user_id: 'nat' }).where('id', '=', 'nt.fwd').execute();
});
afterEach(async () => {
  await mailer.stop();
  await t.close();
  await smtp.close();
});

const call = async (method: string, path: string, userId: string, json?: unknown) =>
  sendRequest(t.app, method, path, { token: await tokenFor(t.connection.db, userId), json });

describe('e-mail about playing', () => {
  it('reminds, asks to confirm after a move, and announces the squad', async () => {
    const match = t.matchIds.m8;
    const reminded = await call('POST', `/api/matches/${match}/availability/remind`, 'coach.nt', {
      team_id: 'north.town',
    });
    expect(reminded.body).toMatchObject({ reminded: 1 });
    const [reminder] = await smtp.waitFor(1, 10_000);
    expect(reminder?.to).toEqual(['nat@nt.test']);
    expect(reminder?.parsed.subject).toBe('Tiny League: Can you play?');
    expect(reminder?.parsed.text).toContain('Hello Nat,');
    expect(reminder?.parsed.text).toContain('Sat 20 Jun, 14:00 v West Rangers: tell your coach');
    expect(reminder?.parsed.text).toContain(`${PUBLIC_URL}/main`);

    await call('PUT', `/api/matches/${match}/availability/nt.fwd`, 'nat', { answer: 'available' });
    const moved = await call('PUT', `/api/matches/${match}/schedule`, 'root', {
      date: '2026-06-21T10:00:00Z',
      location: 'North Town Park',
      status: 'scheduled',
    });
    expect(moved.status).toBe(200);
    const [, confirm] = await smtp.waitFor(2, 10_000);
    expect(confirm?.parsed.subject).toBe('Tiny League: Match moved: confirm you can play');
    expect(confirm?.parsed.text).toContain('Date changed — please confirm');

    for (let number = 20; number < 24; number += 1) {
      await insertPlayer(t.connection.db, {
        id: `nt.p${number}`,
        name: `North Player ${number}`,
        team_id: 'north.town',
        number,
        position: 'Defender',
      });
    }
    const squad = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.p20', 'nt.p21', 'nt.p22'];
    const saved = await call('PUT', `/api/teams/north.town/matches/${match}/roster`, 'coach.nt', {
      players: squad,
    });
    expect(saved.body).toMatchObject({ told: 1 });
    const [, , announced] = await smtp.waitFor(3, 10_000);
    expect(announced?.parsed.subject).toBe('Tiny League: You are in the squad');
    expect(announced?.parsed.text).toContain(
      'You are in the squad for Sun 21 Jun, 10:00 v West Rangers, at North Town Park.',
    );
    expect(announced?.parsed.text).toContain(`${PUBLIC_URL}/match/${match}`);
    await mailer.idle();
    expect(smtp.received).toHaveLength(3);
  });
});
