/**
 * Bookkeeping that would otherwise grow for as long as the league runs: sessions, one
 * per sign-in and one more at every token refresh (every quarter of an hour of use, the
 * old one revoked), and the Idempotency-Key records every write keeps with its answer.
 * Neither is league data (the audit log, which is, is never pruned). Decision 0027.
 */
import type { DB } from '../../db/connection';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session that has ended (revoked, or past its expiry) answers nothing any more; it is
 * kept a week after that, then deleted.
 */
export const ENDED_SESSIONS_KEPT_DAYS = 7;

/**
 * An Idempotency-Key record is what lets a write retried after its answer was lost (the
 * offline outbox, a dropped connection) answer the same instead of acting twice. The
 * outbox retries as soon as it is online again; a month covers a device left offline
 * for weeks. A retry after that is taken as a new request.
 */
export const IDEMPOTENCY_KEYS_KEPT_DAYS = 30;

export interface Pruned {
  sessions: number;
  idempotencyKeys: number;
}

/** Deletes what has outlived its use at `now`; in one write transaction, like any write. */
export async function pruneBookkeeping(db: DB, now: Date): Promise<Pruned> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const sessionsEnded = before(ENDED_SESSIONS_KEPT_DAYS);
  const keysCreated = before(IDEMPOTENCY_KEYS_KEPT_DAYS);
  return db.transaction().execute(async (trx) => {
    const sessions = await trx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('revoked_at', '<', sessionsEnded), eb('expires_at', '<', sessionsEnded)]))
      .executeTakeFirst();
    const keys = await trx
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', keysCreated)
      .executeTakeFirst();
    return {
      sessions: Number(sessions.numDeletedRows),
      idempotencyKeys: Number(keys.numDeletedRows),
    };
  });
}
