/**
 * Every state-changing call runs through `writeTransaction`: the handler's queries,
 * its audit entry and its Idempotency-Key record commit together in one SQLite
 * transaction, or not at all. A replay of a key answers the stored response and
 * changes nothing, even after a crash between the write and the answer.
 */
import { createHash } from 'node:crypto';
import type { DB } from '../../db/connection';
import { GroupCommit } from '../../db/group-commit';
import type { Database } from '../../db/schema';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { currentUser } from '../auth/middleware';
import { insertAuditEntry, type AuditEntry } from '../data/audit';
import { findIdempotencyRecord, insertIdempotencyRecord } from '../data/idempotency';
import { fail } from '../errors';
import { deliverNotified, dropNotified } from './notify';

const MAX_KEY_LENGTH = 200;

class Rollback extends Error {}

/** One group commit per database (db/group-commit.ts). */
const groupCommits = new WeakMap<DB, GroupCommit<Database>>();
export function groupCommitFor(db: DB): GroupCommit<Database> {
  let group = groupCommits.get(db);
  if (group === undefined) {
    group = new GroupCommit(db);
    groupCommits.set(db, group);
  }
  return group;
}

type JsonAnswer = (object: unknown, ...rest: unknown[]) => Response;

/**
 * Notes the object the handler answers with `c.json`, so the Idempotency-Key record
 * stores its JSON without cloning and re-reading the response stream (a noticeable
 * share of a write's CPU). `text()` is null when the answer was not made that way (then
 * the caller reads the response itself).
 */
function noteJsonAnswer(c: Context<AppEnv>): { text(): string | null; stop(): void } {
  const context = c as unknown as { json: JsonAnswer };
  const json = context.json;
  let answered: { object: unknown; response: Response } | null = null;
  context.json = (object, ...rest) => {
    const response = json(object, ...rest);
    answered = { object, response };
    return response;
  };
  return {
    // The same object gives the same JSON: these are the bytes that were sent.
    text: () => (answered !== null && answered.response === c.res ? JSON.stringify(answered.object) : null),
    stop: () => {
      context.json = json;
    },
  };
}

export const writeTransaction = createMiddleware<AppEnv>(async (c, next) => {
  // Keys are kept per account. A write made with a personal link has no account: it is
  // a PUT whose repeat leaves the same state, so its key is checked but not kept.
  const userId = c.get('user')?.id;
  const header = c.req.header('Idempotency-Key');
  if (
    header !== undefined &&
    (header.length === 0 || header.length > MAX_KEY_LENGTH || /[^\x21-\x7e]/.test(header))
  ) {
    fail(400, `Invalid Idempotency-Key header: 1 to ${MAX_KEY_LENGTH} printable characters`);
  }
  const kept = userId !== undefined && header !== undefined ? { userId, key: header } : null;
  // Hono caches the body text, so validators later read the same bytes.
  const body = await c.req.text();
  const url = new URL(c.req.url);
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${url.pathname}${url.search}\n${body}`)
    .digest('hex');

  const outer = c.get('db');
  let replay: Response | null = null;
  try {
    await groupCommitFor(outer).run(async (trx) => {
      if (kept !== null) {
        const stored = await findIdempotencyRecord(trx, kept.userId, kept.key);
        if (stored) {
          replay =
            stored.request_hash === requestHash
              ? // A 204 has no body (Response refuses one, even empty).
                new Response(stored.status === 204 ? null : stored.response_body, {
                  status: stored.status,
                  headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
                })
              : Response.json(
                  { detail: 'This Idempotency-Key was already used for a different request' },
                  { status: 422 },
                );
          return;
        }
      }
      c.set('db', trx);
      const answer = kept === null ? null : noteJsonAnswer(c);
      try {
        await next();
      } finally {
        c.set('db', outer);
        answer?.stop();
      }
      // Hono turns a thrown error into c.res via onError; a failed write must leave no trace.
      if (c.error || c.res.status >= 400) throw new Rollback();
      if (kept !== null) {
        await insertIdempotencyRecord(trx, {
          user_id: kept.userId,
          key: kept.key,
          method: c.req.method,
          path: url.pathname,
          request_hash: requestHash,
          status: c.res.status,
          response_body: answer?.text() ?? (await c.res.clone().text()),
          created_at: c.get('options').now().toISOString(),
        });
      }
    });
  } catch (error) {
    dropNotified(c);
    if (!(error instanceof Rollback)) throw error;
    return;
  }
  if (replay) return replay;
  deliverNotified(c);
  if (c.get('mailQueued')) c.get('options').onMailQueued();
});

/**
 * Runs `work` in one transaction with c.get('db') on it, so audit() and queued mail go
 * with it. For writes outside writeTransaction: its Idempotency-Key record keeps a SHA-256
 * of the body and the answer itself, and some bodies hold passwords and some answers a
 * sign-in link (neither may be stored).
 */
export async function inTransaction(c: Context<AppEnv>, work: () => Promise<void>): Promise<void> {
  const outer = c.get('db');
  await outer.transaction().execute(async (trx) => {
    c.set('db', trx);
    try {
      await work();
    } finally {
      c.set('db', outer);
    }
  });
  if (c.get('mailQueued')) c.get('options').onMailQueued();
}

/** Appends to the audit log inside the write's transaction: by the signed-in user, or by `userId`. */
export async function audit(
  c: Context<AppEnv>,
  entry: Omit<AuditEntry, 'at' | 'userId'>,
  userId: string = currentUser(c).id,
): Promise<void> {
  await insertAuditEntry(c.get('db'), { ...entry, at: c.get('options').now().toISOString(), userId });
}
