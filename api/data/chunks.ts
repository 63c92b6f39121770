import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DB } from '../../db/connection';
import { inChunks as slices } from '../../db/rules/chunks';

/**
 * Lists of ids bound into `IN (…)` in slices: SQLite allows 32,766 bound parameters,
 * and a slice of 500 stays far below it for the largest league or request body.
 */
export const IN_LIST_SIZE = 500;

export function inChunks<T>(items: readonly T[], size = IN_LIST_SIZE): T[][] {
  return slices(items, size);
}

/**
 * Long background work (a first sweep or prune over years of rows) done a chunk at a
 * time: `step` runs in a write transaction of its own (on PostgreSQL under the write
 * lock, like any write) again and again while it answers true, with a turn of the event
 * loop between, so the requests that arrived meanwhile are answered. Stops early once
 * `stopped()` (the server is closing).
 */
export async function transactionPerChunk(
  db: DB,
  step: (trx: DB) => Promise<boolean>,
  stopped: () => boolean = () => false,
): Promise<void> {
  while (await db.transaction().execute(step)) {
    if (stopped()) return;
    await nextTurn();
  }
}
