/**
 * Delivers the e-mail outbox (outbox.ts) over SMTP with nodemailer, in each instance of
 * the server: every `intervalMs` (unref'd: it keeps no process alive) and at once on
 * `kick()`, which AppOptions.onMailQueued calls after a write that queued mail commits.
 *
 * A failed delivery is tried again with exponential back-off (RETRY_FIRST_MS doubling,
 * at most RETRY_MAX_MS apart) and given up after MAX_ATTEMPTS attempts or GIVE_UP_AFTER_MS
 * after it was queued, or at once when the server refuses the recipient or sender for
 * good (a 5xx answer to the envelope). An SMTP server that is down, or unreachable when
 * the app starts, is only a failed attempt: the mail waits for the next. What went wrong
 * is stored with the mail (last_error, without the SMTP credentials) for the inviter to see.
 *
 * At least once, not exactly once: each mail is claimed before it is sent, so two
 * instances never both send it, but an instance that stops between the SMTP server's
 * acceptance and marking the mail sent (a crash, the database unreachable at that moment)
 * leaves it to be sent again once its claim lapses. The other way round would lose mail.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { DB } from '../../db/connection';
import { claimMail, dueMail, markFailed, markRetry, markSent, type ClaimedMail } from './outbox';
import { unsealMessage, type SealedMessage } from './seal';

export const SEND_INTERVAL_MS = 30_000;
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 12;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * How long a claimed mail is held: well past the SMTP timeouts below, so that a slow
 * delivery is not taken over by another instance while it is still under way.
 */
export const CLAIM_MS = 5 * 60_000;
/** Batches of due mail one run goes through at most, so a run always ends; the next run goes on. */
const MAX_BATCHES_PER_RUN = 50;
/** What of an error is stored and shown. */
const ERROR_LENGTH = 200;

export interface MailSenderOptions {
  /** smtp:// or smtps://, with credentials if the server wants them (config.smtpUrl). */
  smtpUrl: string;
  /** The From header (config.mailFrom). */
  from: string;
  /** The token secret the messages were sealed with (queueMail). */
  secret: string;
  log: (line: string) => void;
  /** Injectable clock (tests). */
  now?: () => Date;
  intervalMs?: number;
}

export interface MailSender {
  /** Sends what is due now, without waiting for the next interval. */
  kick(): void;
  /** Resolves once no run is under way (tests). */
  idle(): Promise<void>;
  /** No run starts any more; resolves once the run under way has ended and the transport is closed. */
  stop(): Promise<void>;
}

/** The delay before the next attempt, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export function startMailSender(db: DB, options: MailSenderOptions): MailSender {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? SEND_INTERVAL_MS;
  const transportOptions: SMTPTransport.Options = {
    // nodemailer reads host, port, TLS (smtps:) and credentials from the URL.
    url: options.smtpUrl,
    // An unreachable or stalled server fails the attempt soon; the mail is tried again later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // No connection kept open between the occasional mails.
    pool: false,
  };
  const transport = nodemailer.createTransport(transportOptions);
  const hidden = credentialsOf(options.smtpUrl);
  const describe = (error: unknown) => shortError(error, hidden);

  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;

  async function deliver(mail: ClaimedMail, message: SealedMessage): Promise<void> {
    await transport.sendMail({
      from: options.from,
      to: mail.to_address,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // Tells mail servers and out-of-office replies that no person sent it (RFC 3834).
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }

  async function sendOne(id: number): Promise<void> {
    const claimedAt = now();
    const mail = await claimMail(db, id, claimedAt, new Date(claimedAt.getTime() + CLAIM_MS));
    if (mail === null) return;
    let message: SealedMessage;
    try {
      if (mail.sealed === null) throw new Error('no message');
      message = unsealMessage(
        options.secret,
        { kind: mail.kind, refId: mail.ref_id, to: mail.to_address },
        mail.sealed,
      );
    } catch {
      // Sealed under another token secret (it changed since), or damaged: it can never be sent.
      const reason = 'the stored message could not be opened (was the token secret changed?)';
      await markFailed(db, mail, now(), reason);
      options.log(`Mail ${mail.id} (${mail.kind}) given up: ${reason}`);
      return;
    }
    try {
      await deliver(mail, message);
    } catch (error) {
      const attempts = mail.attempts + 1;
      const failedAt = now();
      const reason = describe(error);
      const expired = failedAt.getTime() - Date.parse(mail.created_at) >= GIVE_UP_AFTER_MS;
      if (refusedForGood(error) || attempts >= MAX_ATTEMPTS || expired) {
        await markFailed(db, mail, failedAt, reason);
        options.log(
          `Mail ${mail.id} (${mail.kind}) given up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`,
        );
      } else {
        const delay = retryDelayMs(attempts);
        await markRetry(db, mail, new Date(failedAt.getTime() + delay), reason);
        options.log(
          `Mail ${mail.id} (${mail.kind}) not sent, trying again in ${Math.round(delay / 1000)} s: ${reason}`,
        );
      }
      return;
    }
    await markSent(db, mail, now());
  }

  async function sendDue(): Promise<void> {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !stopped; batch++) {
      const { ids, more } = await dueMail(db, now());
      for (const id of ids) {
        if (stopped) return;
        await sendOne(id);
      }
      if (!more) return;
    }
  }

  async function run(): Promise<void> {
    do {
      again = false;
      try {
        await sendDue();
      } catch (error) {
        // The database unreachable, most likely: the next run tries again.
        if (!stopped) options.log(`Mail sending failed: ${describe(error)}`);
      }
    } while (again && !stopped);
  }

  function start(): void {
    if (stopped) return;
    if (running !== null) {
      // Mail queued while a run is under way may have been missed by its reads.
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  }

  const timer = setInterval(start, intervalMs);
  timer.unref();
  // Mail left from before a restart, or queued while this instance was down.
  start();

  return {
    kick: start,
    async idle() {
      while (running !== null) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running !== null) await running;
      transport.close();
    },
  };
}

/** The user name and password of the SMTP URL, as written and decoded: never stored or logged. */
function credentialsOf(smtpUrl: string): string[] {
  try {
    const url = new URL(smtpUrl);
    const parts = [url.username, url.password];
    return [...parts, ...parts.map((part) => safeDecode(part))].filter((part) => part.length >= 3);
  } catch {
    return [];
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * An error in one short line, fit to store and show: nodemailer's message (which names the
 * failing step and the server's answer), without the SMTP credentials or anything
 * resembling a URL's user part.
 */
export function shortError(error: unknown, hidden: readonly string[] = []): string {
  let text = error instanceof Error ? error.message : String(error);
  text = text.replace(/\/\/[^\s/@]*@/g, '//');
  for (const secret of hidden) text = text.split(secret).join('***');
  text = text.replace(/\s+/g, ' ').trim() || 'unknown error';
  return text.length > ERROR_LENGTH ? `${text.slice(0, ERROR_LENGTH - 1)}…` : text;
}

/** The server refused the envelope (sender or recipient) with a permanent (5xx) answer. */
function refusedForGood(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  return (
    code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600
  );
}
