/**
 * Group commit. With synchronous=FULL every COMMIT waits for the disk, and SQLite's one
 * connection runs one write transaction at a time, so writes arriving together queue
 * behind each other's fsync. Writes queued in the same turn of the event loop run here
 * in one transaction instead, each inside its own savepoint: one that fails is rolled
 * back alone, the others keep their changes, and all of them are answered only after the
 * single COMMIT has reached the disk. A write queued alone runs in a transaction of its
 * own, without a savepoint. An acknowledged write is as durable as before; a batch whose
 * COMMIT fails fails as a whole.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { execute } from './direct-sqlite';

const SAVEPOINT = CompiledQuery.raw('SAVEPOINT group_commit_job');
const RELEASE = CompiledQuery.raw('RELEASE group_commit_job');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO group_commit_job');

/**
 * Batches this large on average (a moving average over the last ten or so) mean writes
 * arrive faster than one at a time: the server is saturated (api/http/read-cache.ts then
 * answers cached reads after the writes queued before them). Under a saturated mixed load
 * batches run several writes; at a steady rate the server keeps up with, one or two.
 */
const BUSY_BATCH_AVERAGE = 3.5;
/** Weight of the latest batch in the moving average. */
const AVERAGE_WEIGHT = 0.1;

interface Job<DB> {
  work(trx: Transaction<DB>): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class GroupCommit<DB> {
  readonly #db: Kysely<DB>;
  readonly #maxJobs: number;
  readonly #queue: Job<DB>[] = [];
  #draining = false;
  #batchAverage = 0;

  constructor(db: Kysely<DB>, maxJobs = 32) {
    this.#db = db;
    this.#maxJobs = maxJobs;
  }

  /** Whether a write is queued for a batch that has not begun. */
  get waiting(): boolean {
    return this.#queue.length > 0;
  }

  /** Whether batches have lately held several writes each (BUSY_BATCH_AVERAGE). */
  get busy(): boolean {
    return this.#batchAverage >= BUSY_BATCH_AVERAGE;
  }

  /**
   * Runs `callback` after the batch that takes the writes queued so far has answered
   * them: in an immediate queued after the one that starts the batch. On SQLite every
   * statement completes synchronously, so a batch runs to its COMMIT within its
   * immediate and its writes' answers go out in the microtasks after it, before this
   * callback. A write that awaits other I/O (or PostgreSQL) lets the callback run sooner.
   */
  whenAnswered(callback: () => void): void {
    setImmediate(callback);
  }

  /** Runs `work` in a transaction shared with the writes queued beside it; settles after COMMIT. */
  run<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        // After this turn's I/O callbacks, so the writes arriving with this one join it.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxJobs);
      this.#batchAverage += (batch.length - this.#batchAverage) * AVERAGE_WEIGHT;
      if (batch.length === 1) {
        await this.#alone(batch[0] as Job<DB>);
        continue;
      }
      const settled: (() => void)[] = [];
      try {
        await this.#db.transaction().execute(async (trx) => {
          for (const job of batch) {
            await execute(trx, SAVEPOINT);
            try {
              const value = await job.work(trx);
              await execute(trx, RELEASE);
              settled.push(() => job.resolve(value));
            } catch (error) {
              await execute(trx, ROLLBACK_TO);
              await execute(trx, RELEASE);
              settled.push(() => job.reject(error));
            }
          }
        });
        for (const settle of settled) settle();
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    this.#draining = false;
  }

  /**
   * A write with nobody beside it: the transaction is its own, so it needs no savepoint
   * (two statements fewer: two round trips on PostgreSQL). One that fails rolls it back.
   */
  async #alone(job: Job<DB>): Promise<void> {
    try {
      job.resolve(await this.#db.transaction().execute((trx) => job.work(trx)));
    } catch (error) {
      job.reject(error); // the write's own error (after the rollback), or the COMMIT's
    }
  }
}
