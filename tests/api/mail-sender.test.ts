/**
 * E-mail end to end: a mail queued in a transaction is sealed in mail_outbox, the sender
 * delivers it with nodemailer to a real SMTP server on 127.0.0.1 (tests/fixtures/smtp-server.ts),
 * and what arrived is read with mailparser: both parts, subject, sender, recipient, link.
 * A server that is down is retried with back-off and given up in the end; a recipient
 * refused for good is given up at once; two senders on one database send each mail once.
 * The clock is injected, so back-off is stepped through rather than waited out. Runs on
 * both engines (two senders on PostgreSQL use two pools, as two instances would).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type DB } from '../../db/connection';
import { invitationMail, passwordResetMail } from '../../api/mail/messages';
import {
  cancelQueuedMail,
  claimMail,
  mailStates,
  queueMail,
  type MailKind,
  type MailToQueue,
} from '../../api/mail/outbox';
import { unsealMessage } from '../../api/mail/seal';
import {
  CLAIM_MS,
  GIVE_UP_AFTER_MS,
  MAX_ATTEMPTS,
  RETRY_FIRST_MS,
  RETRY_MAX_MS,
  retryDelayMs,
  shortError,
  startMailSender,
  type MailSender,
  type MailSenderOptions,
} from '../../api/mail/sender';
import { freshPostgresDatabase, freshStore, TEST_ENGINE } from '../fixtures/engine';
import { NOW } from '../fixtures/factory';
import { freePort, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server';

/** The token secret the messages are sealed with (the app's own fixture would load every router). */
const TEST_SECRET = 'mail-test-secret-mail-test-secret-0123';
const FROM = 'Riverside League <no-reply@touchline.test>';
const LINK = 'https://touchline.test/invitations/accept#token=SECRET-TOKEN-0123456789abcdef';

/** What each test opened, closed after it (senders first, then servers, then stores). */
const open: { senders: MailSender[]; servers: TestSmtpServer[]; stores: { close(): Promise<void> }[] } = {
  senders: [],
  servers: [],
  stores: [],
};
afterEach(async () => {
  await Promise.all(open.senders.splice(0).map((sender) => sender.stop()));
  await Promise.all(open.servers.splice(0).map((server) => server.close()));
  await Promise.all(open.stores.splice(0).map((store) => store.close()));
});

async function store(): Promise<DB> {
  const connection = await freshStore();
  open.stores.push(connection);
  return connection.db;
}

async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  open.servers.push(server);
  return server;
}

/** A clock the test moves. */
function clock(start = NOW) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

function sender(db: DB, options: Partial<MailSenderOptions> & { smtpUrl: string }) {
  const logs: string[] = [];
  const started = startMailSender(db, {
    from: FROM,
    secret: TEST_SECRET,
    log: (line) => logs.push(line),
    now: () => NOW,
    // Runs come from kick() unless a test shortens this.
    intervalMs: 60_000,
    ...options,
  });
  open.senders.push(started);
  return { ...started, logs };
}

function invitation(refId: string, to = 'new.coach@example.test'): MailToQueue {
  return {
    kind: 'invitation',
    refId,
    to,
    ...invitationMail({
      leagueName: 'Riverside Sunday League',
      inviterName: 'Ann Admin',
      roleLabel: 'coach',
      scopeName: 'Riverside Rovers',
      link: LINK,
      expiresAt: new Date(NOW.getTime() + 7 * 24 * 60 * 60_000),
    }),
  };
}

/** Queues in a transaction of its own, as a write does. */
async function queue(db: DB, mail: MailToQueue, now = NOW, secret = TEST_SECRET): Promise<void> {
  await db.transaction().execute((trx) => queueMail(trx, secret, mail, now));
}

async function outboxRows(db: DB) {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

async function stateOf(db: DB, refId: string, kind: MailKind = 'invitation') {
  return (await mailStates(db, kind, [refId])).get(refId);
}

describe('delivery', () => {
  it('delivers a queued mail over SMTP with credentials: both parts, subject, sender, recipient and link', async () => {
    const db = await store();
    const credentials = { user: 'league-mailer', pass: 'p@ss:w/rd 1' };
    const server = await smtp({ auth: credentials });
    const mail = invitation('inv-1');
    await queue(db, mail);

    // Sealed: neither the link nor any of the message is in the row.
    const [row] = await outboxRows(db);
    expect(row).toMatchObject({ kind: 'invitation', ref_id: 'inv-1', to_address: 'new.coach@example.test' });
    expect(row?.sealed).toMatch(/^v1\./);
    for (const plain of ['SECRET-TOKEN', 'Riverside', 'Ann Admin', 'coach'])
      expect(row?.sealed).not.toContain(plain);
    expect(
      unsealMessage(TEST_SECRET, { kind: 'invitation', refId: 'inv-1', to: mail.to }, row?.sealed ?? ''),
    ).toEqual({ subject: mail.subject, text: mail.text, html: mail.html });
    expect(await stateOf(db, 'inv-1')).toEqual({
      state: 'queued',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });

    const mailer = sender(db, { smtpUrl: server.url(credentials) });
    mailer.kick();
    const [arrived] = await server.waitFor(1);
    await mailer.idle();

    expect(arrived?.user).toBe('league-mailer');
    expect(arrived?.from).toBe('no-reply@touchline.test');
    expect(arrived?.to).toEqual(['new.coach@example.test']);
    const parsed = arrived?.parsed;
    expect(parsed?.subject).toBe(
      'Riverside Sunday League: Ann Admin invited you to join as coach of Riverside Rovers',
    );
    expect(parsed?.from?.value).toEqual([{ address: 'no-reply@touchline.test', name: 'Riverside League' }]);
    expect(parsed?.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed?.text).toContain(LINK);
    expect(parsed?.text).toContain('Riverside Sunday League');
    expect(typeof parsed?.html).toBe('string');
    const html = String(parsed?.html);
    expect(html).toContain('Riverside Sunday League');
    // The link written out in full and linked as is: no redirect, nothing loaded from elsewhere.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]?.replace(/&amp;/g, '&'))).toEqual([
      LINK,
    ]);
    expect(html).not.toMatch(/<img|src=|url\(/i);

    expect(await stateOf(db, 'inv-1')).toEqual({
      state: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: NOW.toISOString(),
    });
    const [after] = await outboxRows(db);
    expect(after?.sealed).toBeNull();
    expect(after?.claimed_until).toBeNull();
    // Nothing is sent twice, however often it is kicked.
    mailer.kick();
    await mailer.idle();
    expect(server.received).toHaveLength(1);
    expect(mailer.logs).toEqual([]);
  });

  it('sends a password reset too, and takes mail left from before it started without a kick', async () => {
    const db = await store();
    const server = await smtp();
    const reset = passwordResetMail({
      name: 'Pat Player',
      leagueName: 'Riverside Sunday League',
      link: 'https://touchline.test/reset#token=RESET-TOKEN',
      expiresAt: NOW,
    });
    await queue(db, { kind: 'password_reset', refId: 'user-7', to: 'pat@example.test', ...reset });

    sender(db, { smtpUrl: server.url() });
    const [arrived] = await server.waitFor(1);
    expect(arrived?.parsed.subject).toBe('Riverside Sunday League: reset your password');
    expect(arrived?.parsed.text).toContain('https://touchline.test/reset#token=RESET-TOKEN');
    expect(arrived?.to).toEqual(['pat@example.test']);
  });

  it('never sends a mail whose write rolled back', async () => {
    const db = await store();
    await expect(
      db.transaction().execute(async (trx) => {
        await queueMail(trx, TEST_SECRET, invitation('inv-rolled-back'), NOW);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await outboxRows(db)).toEqual([]);
    expect(await mailStates(db, 'invitation', ['inv-rolled-back'])).toEqual(new Map());
  });
});

describe('failures', () => {
  it('retries a server that is down at first with back-off, on its own timer, and delivers once it is up', async () => {
    const db = await store();
    const port = await freePort();
    const time = clock();
    await queue(db, invitation('inv-down'));

    const mailer = sender(db, { smtpUrl: `smtp://127.0.0.1:${port}`, now: time.now, intervalMs: 20 });
    mailer.kick();
    await mailer.idle();
    const first = await stateOf(db, 'inv-down');
    expect(first).toMatchObject({ state: 'retrying', attempts: 1, sent_at: null });
    expect(first?.last_error).toMatch(/ECONNREFUSED/);
    const [row] = await outboxRows(db);
    expect(row?.next_attempt_at).toBe(new Date(NOW.getTime() + RETRY_FIRST_MS).toISOString());
    expect(row?.sealed).not.toBeNull();
    expect(mailer.logs).toEqual([
      expect.stringMatching(/^Mail \d+ \(invitation\) not sent, trying again in 30 s: /),
    ]);

    const server = await smtp({ port });
    // Up now, but the mail is not due before its back-off has passed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.received).toEqual([]);

    time.advance(RETRY_FIRST_MS);
    // No kick: the sender's own timer finds it due.
    await server.waitFor(1);
    await mailer.idle();
    expect(await stateOf(db, 'inv-down')).toEqual({
      state: 'sent',
      attempts: 2,
      last_error: null,
      sent_at: new Date(NOW.getTime() + RETRY_FIRST_MS).toISOString(),
    });
    expect(server.received).toHaveLength(1);
  });

  it('doubles the delay up to an hour and gives up after the last attempt, clearing the message', async () => {
    expect([1, 2, 3, 4, 7, 8, 11].map(retryDelayMs)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      1_920_000,
      RETRY_MAX_MS,
      RETRY_MAX_MS,
    ]);
    const db = await store();
    const port = await freePort();
    const time = clock();
    await queue(db, invitation('inv-never'));
    const mailer = sender(db, { smtpUrl: `smtp://127.0.0.1:${port}`, now: time.now });

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      mailer.kick();
      await mailer.idle();
      expect(await stateOf(db, 'inv-never')).toMatchObject({ state: 'retrying', attempts: attempt });
      // Not due a moment before its time.
      time.advance(retryDelayMs(attempt) - 1);
      mailer.kick();
      await mailer.idle();
      expect(await stateOf(db, 'inv-never')).toMatchObject({ attempts: attempt });
      time.advance(1);
    }
    mailer.kick();
    await mailer.idle();
    const state = await stateOf(db, 'inv-never');
    expect(state).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, sent_at: null });
    expect(state?.last_error).toMatch(/ECONNREFUSED/);
    const [row] = await outboxRows(db);
    expect(row?.sealed).toBeNull();
    expect(row?.failed_at).toBe(time.now().toISOString());
    expect(mailer.logs.at(-1)).toMatch(/given up after 12 attempts/);
  });

  it('gives up a mail a day after it was queued, whatever its attempts', async () => {
    const db = await store();
    const port = await freePort();
    const time = clock();
    await queue(db, invitation('inv-old'));
    // The app was down (or the sender off) for a day.
    time.advance(GIVE_UP_AFTER_MS);
    const mailer = sender(db, { smtpUrl: `smtp://127.0.0.1:${port}`, now: time.now });
    mailer.kick();
    await mailer.idle();
    expect(await stateOf(db, 'inv-old')).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('gives up at once on a recipient the server refuses for good', async () => {
    const db = await store();
    const server = await smtp({ refuseRecipients: ['nobody@example.test'] });
    await queue(db, invitation('inv-refused', 'nobody@example.test'));
    const mailer = sender(db, { smtpUrl: server.url() });
    mailer.kick();
    await mailer.idle();
    const state = await stateOf(db, 'inv-refused');
    expect(state).toMatchObject({ state: 'failed', attempts: 1, sent_at: null });
    expect(state?.last_error).toMatch(/550/);
    expect((await outboxRows(db))[0]?.sealed).toBeNull();
    expect(server.received).toEqual([]);
  });

  it('retries wrong credentials, and never stores or logs them', async () => {
    const db = await store();
    const server = await smtp({ auth: { user: 'league-mailer', pass: 'right-password' } });
    await queue(db, invitation('inv-auth'));
    const wrong = { user: 'league-mailer', pass: 'wrong-password-42' };
    const mailer = sender(db, { smtpUrl: server.url(wrong) });
    mailer.kick();
    await mailer.idle();
    const state = await stateOf(db, 'inv-auth');
    expect(state).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(state?.last_error).toMatch(/535|Invalid/);
    for (const text of [state?.last_error ?? '', ...mailer.logs])
      expect(text).not.toContain('wrong-password-42');
    expect(server.received).toEqual([]);
  });

  it('keeps errors short and without credentials', () => {
    expect(shortError(new Error('connect to smtp://mailer:hunter22@mail.example.test failed'))).toBe(
      'connect to smtp://mail.example.test failed',
    );
    expect(shortError(new Error('AUTH hunter22 refused'), ['hunter22'])).toBe('AUTH *** refused');
    expect(shortError(new Error(`line one\nline two ${'x'.repeat(500)}`))).toHaveLength(200);
  });

  it('gives up a message sealed under another secret (the token secret changed)', async () => {
    const db = await store();
    const server = await smtp();
    await queue(db, invitation('inv-old-secret'), NOW, 'an-earlier-secret-an-earlier-secret-0000');
    const mailer = sender(db, { smtpUrl: server.url() });
    mailer.kick();
    await mailer.idle();
    expect(await stateOf(db, 'inv-old-secret')).toMatchObject({
      state: 'failed',
      last_error: expect.stringMatching(/could not be opened/),
    });
    expect(server.received).toEqual([]);
  });
});

describe('the outbox', () => {
  it('answers the newest mail of each ref, and nothing for refs without mail; a cancelled one is given up', async () => {
    const db = await store();
    const time = clock();
    await queue(db, invitation('inv-a'));
    await queue(db, invitation('inv-b'));
    await db.transaction().execute((trx) => cancelQueuedMail(trx, 'invitation', 'inv-a', NOW));
    time.advance(1000);
    // Sent again: the new mail is the one the inviter sees.
    await queue(db, invitation('inv-a'), time.now());
    const states = await mailStates(db, 'invitation', ['inv-a', 'inv-b', 'inv-none']);
    expect([...states.keys()].sort()).toEqual(['inv-a', 'inv-b']);
    expect(states.get('inv-a')).toEqual({ state: 'queued', attempts: 0, last_error: null, sent_at: null });
    const rows = await outboxRows(db);
    expect(rows[0]).toMatchObject({ ref_id: 'inv-a', last_error: 'cancelled', sealed: null });
    expect(await mailStates(db, 'password_reset', ['inv-a'])).toEqual(new Map());
  });

  it('hands a due mail to one claim only; a claim that lapses (its instance died) is sent again later', async () => {
    const db = await store();
    const server = await smtp();
    await queue(db, invitation('inv-claimed'));
    const [row] = await outboxRows(db);
    const id = row?.id ?? 0;
    const until = new Date(NOW.getTime() + CLAIM_MS);
    expect(await claimMail(db, id, NOW, until)).toMatchObject({ id, attempts: 0 });
    expect(await claimMail(db, id, NOW, until)).toBeNull();

    // Another instance passes it over while the claim holds…
    const time = clock();
    const mailer = sender(db, { smtpUrl: server.url(), now: time.now });
    time.advance(CLAIM_MS - 1);
    mailer.kick();
    await mailer.idle();
    expect(server.received).toEqual([]);
    // …and sends it once the claim has lapsed: a crash between sending and marking sends twice.
    time.advance(1);
    mailer.kick();
    await server.waitFor(1);
    await mailer.idle();
    expect(await stateOf(db, 'inv-claimed')).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('of claims racing from two connections, one wins each mail', async () => {
    const [one, two] = await twoConnections();
    for (let index = 0; index < 10; index++) await queue(one, invitation(`inv-race-${index}`));
    const ids = (await outboxRows(one)).map((row) => row.id);
    const until = new Date(NOW.getTime() + CLAIM_MS);
    const claims = await Promise.all(
      ids.flatMap((id) => [claimMail(one, id, NOW, until), claimMail(two, id, NOW, until)]),
    );
    const won = claims.filter((claim) => claim !== null).map((claim) => claim?.id);
    expect(won.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(ids);
  });

  it('two senders on one database send each mail once', async () => {
    const [one, two] = await twoConnections();
    const server = await smtp();
    const mails = Array.from({ length: 8 }, (_, index) =>
      invitation(`inv-${index}`, `coach${index}@example.test`),
    );
    for (const mail of mails) await queue(one, mail);

    const senders = [sender(one, { smtpUrl: server.url() }), sender(two, { smtpUrl: server.url() })];
    for (const each of senders) each.kick();
    await server.waitFor(mails.length);
    await Promise.all(senders.map((each) => each.idle()));
    for (const each of senders) each.kick();
    await Promise.all(senders.map((each) => each.idle()));

    expect(server.received.map((mail) => mail.to[0]).sort()).toEqual(mails.map((mail) => mail.to).sort());
    const states = await mailStates(
      two,
      'invitation',
      mails.map((mail) => mail.refId),
    );
    expect([...states.values()].every((state) => state.state === 'sent' && state.attempts === 1)).toBe(true);
    expect(senders.flatMap((each) => each.logs)).toEqual([]);
  });
});

/**
 * Two handles on one database: two pools on PostgreSQL, as two instances would have;
 * SQLite serves one process, so its two senders share the connection.
 */
async function twoConnections(): Promise<[DB, DB]> {
  if (TEST_ENGINE === 'sqlite') {
    const db = await store();
    return [db, db];
  }
  const database = await freshPostgresDatabase();
  const one = await openStore({ databaseUrl: database.url, file: '', poolMax: 2 });
  const two = await openStore({ databaseUrl: database.url, file: '', poolMax: 2 });
  open.stores.push({
    async close() {
      await one.close();
      await two.close();
      void database.drop().catch(() => undefined);
    },
  });
  return [one.db, two.db];
}
