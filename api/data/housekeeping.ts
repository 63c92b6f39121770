/**
 * Bookkeeping that would otherwise grow for as long as the league runs: sessions, one
 * per sign-in and one more at every token refresh (every quarter of an hour of use, the
 * old one revoked), and the Idempotency-Key records every write keeps with its answer.
 * Neither is league data (the audit log, which is, is never pruned). Decision 0027.
 */
import type { DB } from '../../db/connection';
import { changed } from '../../db/store';
import { transactionPerChunk } from './chunks';

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

/**
 * Rows deleted per statement. The first run over a deployment's years of sessions must
 * not hold the writer (and on SQLite the event loop) for seconds: between chunks, the
 * requests waiting meanwhile are answered.
 */
export const PRUNE_CHUNK = 1000;

export interface Pruned {
  sessions: number;
  idempotencyKeys: number;
}

/** Deletes what has outlived its use at `now`, `chunk` rows at a time. */
export async function pruneBookkeeping(db: DB, now: Date, chunk = PRUNE_CHUNK): Promise<Pruned> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const sessionsEnded = before(ENDED_SESSIONS_KEPT_DAYS);
  const keysCreated = before(IDEMPOTENCY_KEYS_KEPT_DAYS);
  const sessions = await inChunks(db, chunk, async (trx) => {
    return changed(
      trx,
      trx.deleteFrom('sessions').where('id', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('id')
          .where((ended) =>
            ended.or([ended('revoked_at', '<', sessionsEnded), ended('expires_at', '<', sessionsEnded)]),
          )
          .limit(chunk),
      ),
    );
  });
  // Records are numbered as they are made, so the old ones come first: each chunk reads
  // only the oldest `chunk` records, and the sweep stops at the first that is not due
  // (a table of a month's records is not read through every hour).
  const idempotencyKeys = await inChunks(db, chunk, async (trx) => {
    return changed(
      trx,
      trx
        .deleteFrom('idempotency_keys')
        .where('id', 'in', (eb) => eb.selectFrom('idempotency_keys').select('id').orderBy('id').limit(chunk))
        .where('created_at', '<', keysCreated),
    );
  });
  return { sessions, idempotencyKeys };
}

/** Runs `step` (one chunk's delete) a chunk at a time until it deletes fewer; the total deleted. */
async function inChunks(db: DB, chunk: number, step: (trx: DB) => Promise<number>): Promise<number> {
  let total = 0;
  await transactionPerChunk(db, async (trx) => {
    const deleted = await step(trx);
    total += deleted;
    return deleted === chunk;
  });
  return total;
}
