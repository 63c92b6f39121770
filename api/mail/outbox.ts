/**
 * The e-mail outbox (mail_outbox): a mail is queued in the same transaction as the write
 * it belongs to (an invitation, a password reset), so it exists exactly when that write
 * committed, and the sender (sender.ts) delivers it afterwards, retrying while the SMTP
 * server fails. The message is stored sealed (seal.ts) until it is sent or given up, then
 * cleared; the row stays, so the inviter can see what became of it (`mailStates`).
 *
 * Several instances may share one database: a row is claimed with a conditional UPDATE
 * (claimed_until, a lease) before it is sent, and only the instance whose UPDATE changed
 * it sends it.
 */
import type { DB } from '../../db/connection';
import { inList, listArgument } from '../../db/dialect-sql';
import { statement } from '../../db/store';
import { sealMessage, type SealContext } from './seal';

/** What a mail is: an invitation, a password reset, or a notification sent by e-mail too. */
export type MailKind = 'invitation' | 'password_reset' | 'notice';

export interface MailToQueue {
  kind: MailKind;
  /** What the mail is about (the invitation's id, the reset's user): `mailStates` asks by it. */
  refId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailState {
  /** queued: not tried yet; retrying: tried and failed, to be tried again; failed: given up. */
  state: 'queued' | 'retrying' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
}

/** A row the sender holds (`claimDue`), with its sealed message. */
export interface ClaimedMail {
  id: number;
  kind: string;
  ref_id: string | null;
  to_address: string;
  sealed: string | null;
  attempts: number;
  created_at: string;
  /** The claim's lease, which also tells this claim from a later one. */
  claimed_until: string;
}

const QUEUE = statement(
  (db: DB, a: { kind: string; refId: string; to: string; sealed: string; at: string }) =>
    db.insertInto('mail_outbox').values({
      kind: a.kind,
      ref_id: a.refId,
      to_address: a.to,
      sealed: a.sealed,
      created_at: a.at,
      next_attempt_at: a.at,
    }),
);

/**
 * Queues a mail; `db` is the caller's transaction, so the mail is queued only if the write
 * it belongs to commits. Call AppOptions.onMailQueued after the commit so the sender tries
 * it at once. `secret` is the token secret, which seals the message.
 */
export async function queueMail(db: DB, secret: string, mail: MailToQueue, now: Date): Promise<void> {
  const context: SealContext = { kind: mail.kind, refId: mail.refId, to: mail.to };
  const sealed = sealMessage(secret, context, { subject: mail.subject, text: mail.text, html: mail.html });
  await QUEUE.run(db, { kind: mail.kind, refId: mail.refId, to: mail.to, sealed, at: now.toISOString() });
}

const STATES = statement((db: DB, a: { kind: string; refIds: string }) =>
  db
    .selectFrom('mail_outbox')
    .select(['id', 'ref_id', 'attempts', 'sent_at', 'failed_at', 'last_error'])
    .where('kind', '=', a.kind)
    .where(inList(db, 'ref_id', a.refIds))
    .orderBy('id', 'desc'),
);

/** What became of the newest mail of each ref (a resend queues a new one); refs without mail are absent. */
export async function mailStates(
  db: DB,
  kind: MailKind,
  refIds: readonly string[],
): Promise<Map<string, MailState>> {
  const states = new Map<string, MailState>();
  if (refIds.length === 0) return states;
  for (const row of await STATES.all(db, { kind, refIds: listArgument(new Set(refIds)) })) {
    if (row.ref_id === null || states.has(row.ref_id)) continue;
    states.set(row.ref_id, {
      state:
        row.sent_at !== null
          ? 'sent'
          : row.failed_at !== null
            ? 'failed'
            : row.attempts > 0
              ? 'retrying'
              : 'queued',
      attempts: row.attempts,
      last_error: row.last_error,
      sent_at: row.sent_at,
    });
  }
  return states;
}

const CANCEL = statement((db: DB, a: { kind: string; refId: string; at: string }) =>
  db
    .updateTable('mail_outbox')
    .set({ failed_at: a.at, sealed: null, last_error: 'cancelled' })
    .where('kind', '=', a.kind)
    .where('ref_id', '=', a.refId)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null),
);

/**
 * Gives up the ref's mail not yet sent (an invitation revoked, a reset replaced), in the
 * caller's transaction. A sender already holding it may still send it: the link in it
 * must be refused by whatever it leads to, as it is once revoked.
 */
export async function cancelQueuedMail(db: DB, kind: MailKind, refId: string, now: Date): Promise<void> {
  await CANCEL.run(db, { kind, refId, at: now.toISOString() });
}

/** Rows looked at per claim round. */
const BATCH = 20;

const DUE = statement((db: DB, a: { now: string }) =>
  db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', a.now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', a.now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH),
);

/** The ids of mails due at `now` and held by nobody, oldest first; `more`: a full batch, so maybe more. */
export async function dueMail(db: DB, now: Date): Promise<{ ids: number[]; more: boolean }> {
  const due = await DUE.all(db, { now: now.toISOString() });
  return { ids: due.map((row) => row.id), more: due.length === BATCH };
}

const CLAIM = statement((db: DB, a: { id: number; now: string; until: string }) =>
  db
    .updateTable('mail_outbox')
    .set({ claimed_until: a.until })
    .where('id', '=', a.id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', a.now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', a.now)]))
    .returning(['id', 'kind', 'ref_id', 'to_address', 'sealed', 'attempts', 'created_at', 'claimed_until']),
);

/**
 * Claims a due mail until `until`, or answers null when it is no longer due or someone
 * else holds it. One conditional UPDATE: of two instances that read the same due row,
 * the UPDATE changes it for one only (on PostgreSQL the second waits for the first's row
 * lock, then finds it claimed). A mail is claimed just before it is sent, so the lease
 * need only outlast one delivery; an instance that dies holding it leaves it to be claimed
 * again once the lease lapses.
 */
export async function claimMail(db: DB, id: number, now: Date, until: Date): Promise<ClaimedMail | null> {
  const [row] = await CLAIM.all(db, { id, now: now.toISOString(), until: until.toISOString() });
  if (row === undefined || row.claimed_until === null) return null;
  return { ...row, claimed_until: row.claimed_until };
}

const MARK_SENT = statement((db: DB, a: { id: number; at: string }) =>
  db
    .updateTable('mail_outbox')
    .set((eb) => ({
      sent_at: a.at,
      sealed: null,
      claimed_until: null,
      last_error: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', a.id)
    .where('sent_at', 'is', null),
);

/** The mail went out: its message is cleared. */
export async function markSent(db: DB, mail: ClaimedMail, now: Date): Promise<void> {
  await MARK_SENT.run(db, { id: mail.id, at: now.toISOString() });
}

const MARK_RETRY = statement((db: DB, a: { id: number; claim: string; next: string; error: string }) =>
  db
    .updateTable('mail_outbox')
    .set((eb) => ({
      next_attempt_at: a.next,
      claimed_until: null,
      last_error: a.error,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', a.id)
    .where('claimed_until', '=', a.claim)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null),
);

/** A failed attempt, to be tried again at `next` (unless this claim has lapsed and another holds it). */
export async function markRetry(db: DB, mail: ClaimedMail, next: Date, error: string): Promise<void> {
  await MARK_RETRY.run(db, { id: mail.id, claim: mail.claimed_until, next: next.toISOString(), error });
}

const MARK_FAILED = statement((db: DB, a: { id: number; claim: string; at: string; error: string }) =>
  db
    .updateTable('mail_outbox')
    .set((eb) => ({
      failed_at: a.at,
      sealed: null,
      claimed_until: null,
      last_error: a.error,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', a.id)
    .where('claimed_until', '=', a.claim)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null),
);

/** Given up: its message is cleared, and `error` says why. */
export async function markFailed(db: DB, mail: ClaimedMail, now: Date, error: string): Promise<void> {
  await MARK_FAILED.run(db, { id: mail.id, claim: mail.claimed_until, at: now.toISOString(), error });
}
