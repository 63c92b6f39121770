/**
 * Invitations and password recovery by e-mail, end to end over the API: the app queues
 * the mail in the write, the sender (started as the server starts it) delivers it to a
 * real local SMTP server, and the link read from the message that arrived is the one that
 * works, once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMailSender, type MailSender } from '../../api/mail/sender';
import { makeTinyLeagueApp, TEST_SECRET, type TestApp } from '../fixtures/app';
import { addUser, PASSWORD, tokenFor } from '../fixtures/auth';
import { M7_WIN, NOW } from '../fixtures/factory';
import { sendRequest } from '../fixtures/request';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../fixtures/smtp-server';

const PUBLIC_URL = 'https://league.example';
let smtp: TestSmtpServer;
let mailer: MailSender;
let t: TestApp & { matchIds: Record<string, number> };

beforeEach(async () => {
  smtp = await startSmtpServer({ auth: { user: 'league', pass: 's3cret pass' } });
  t = await makeTinyLeagueApp({
    now: () => NOW,
    publicUrl: PUBLIC_URL,
    mailEnabled: true,
    onMailQueued: () => mailer.kick(),
  });
  mailer = startMailSender(t.connection.db, {
    smtpUrl: smtp.url({ user: 'league', pass: 's3cret pass' }),
    from: 'Tiny League <no-reply@league.example>',
    secret: TEST_SECRET,
    log: () => {},
  });
  await addUser(t.connection.db, { id: 'root', user_type: 'super_admin', email: 'root@example.test' });
  await addUser(t.connection.db, {
    id: 'coach.nt',
    user_type: 'coach',
    team_id: 'north.town',
    email: 'coach@nt.test',
  });
});
afterEach(async () => {
  await mailer.stop();
  await t.close();
  await smtp.close();
});

const call = (method: string, path: string, token: string | undefined, json?: unknown) =>
  sendRequest(t.app, method, path, { token, ...(json !== undefined && { json }) });

/** The one link to this site in the message, as the reader would click it. */
function linkIn(mail: ReceivedMail): URL {
  const text = mail.parsed.text ?? '';
  const found = text.match(new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/\\S+`));
  expect(found, text).not.toBeNull();
  const link = new URL((found as RegExpMatchArray)[0]);
  expect(mail.parsed.html).toContain(link.href.replace(/&/g, '&amp;'));
  return link;
}

describe('an invitation by e-mail', () => {
  it('arrives, sets a password, and the coach reports for that team and gets 403 for another', async () => {
    const root = await tokenFor(t.connection.db, 'root');
    const invited = await call('POST', '/api/invitations', root, {
      email: 'wendy@rangers.test',
      role: 'coach',
      team_id: 'west.rangers',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email_status: 'queued' });
    const [mail] = await smtp.waitFor(1, 10_000);
    expect(mail?.to).toEqual(['wendy@rangers.test']);
    expect(mail?.user).toBe('league');
    expect(mail?.parsed.subject).toMatch(/Tiny League/);
    expect(mail?.parsed.text).toMatch(/coach of West Rangers/);
    const link = linkIn(mail as ReceivedMail);
    expect(link.pathname).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(link.href).toBe((invited.body as { link: string }).link);

    await mailer.idle();
    const listed = await call('GET', '/api/invitations?team_id=west.rangers', root);
    expect(listed.body).toMatchObject({
      invitations: [{ email: 'wendy@rangers.test', email_status: 'sent' }],
    });

    const token = link.pathname.split('/').pop() as string;
    const accepted = await call('POST', `/api/invitations/by-token/${token}/accept`, undefined, {
      name: 'Wendy Coach',
      password: 'rangers forever 1',
    });
    expect(accepted.status).toBe(201);
    const coach = (accepted.body as { access_token: string }).access_token;
    const report = M7_WIN;
    expect((await call('POST', `/api/matches/${t.matchIds.m7}/report`, coach, report)).status).toBe(200);
    expect((await call('POST', `/api/matches/${t.matchIds.m1}/report`, coach, report)).status).toBe(403);
    const signIn = await call('POST', '/api/auth/login', undefined, {
      email: 'wendy@rangers.test',
      password: 'rangers forever 1',
    });
    expect(signIn.status).toBe(200);
  });
});

describe('forgot password', () => {
  it('answers alike, mails a known address a link that works once and signs out other sessions', async () => {
    const other = await call('POST', '/api/auth/login', undefined, {
      email: 'coach@nt.test',
      password: PASSWORD,
    });
    const otherToken = (other.body as { access_token: string }).access_token;
    const known = await call('POST', '/api/auth/forgot-password', undefined, { email: 'Coach@NT.test' });
    const unknown = await call('POST', '/api/auth/forgot-password', undefined, { email: 'nobody@nt.test' });
    expect(known.status).toBe(202);
    expect(unknown).toMatchObject({ status: 202, body: known.body });
    const [mail] = await smtp.waitFor(1, 10_000);
    await mailer.idle();
    expect(smtp.received).toHaveLength(1);
    expect(mail?.to).toEqual(['coach@nt.test']);
    const link = linkIn(mail as ReceivedMail);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') as string;
    const stored = await t.connection.db.selectFrom('password_resets').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    const outbox = await t.connection.db.selectFrom('mail_outbox').select(['sealed', 'sent_at']).execute();
    expect(outbox).toEqual([{ sealed: null, sent_at: expect.any(String) }]);

    const reset = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'a fresh long one',
    });
    expect(reset.status).toBe(200);
    expect((await call('GET', '/api/auth/me', otherToken)).status).toBe(401);
    const again = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'another fresh one',
    });
    expect(again.status).toBe(400);
    const common = await call('POST', '/api/auth/forgot-password', undefined, { email: 'coach@nt.test' });
    expect(common.status).toBe(202);
    const [, second] = await smtp.waitFor(2, 10_000);
    const secondToken = linkIn(second as ReceivedMail).searchParams.get('token') as string;
    const weak = await call('POST', '/api/auth/reset-password', undefined, {
      token: secondToken,
      password: 'password',
    });
    expect(weak.status).toBe(400);
    expect((weak.body as { detail: string }).detail).toMatch(/at least 8|too common/);
    expect(
      (
        await call('POST', '/api/auth/login', undefined, {
          email: 'coach@nt.test',
          password: 'a fresh long one',
        })
      ).status,
    ).toBe(200);
  });
});
