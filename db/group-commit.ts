/**
 * Group commit. With synchronous=FULL every COMMIT waits for the disk (about half a
 * millisecond here), and SQLite's one connection runs one write transaction at a time,
 * so writes arriving together queue behind each other's fsync. Writes queued in the same
 * turn of the event loop run here in one transaction instead, each inside its own
 * savepoint: one that fails is rolled back alone, the others keep their changes, and all
 * of them are answered only after the single COMMIT has reached the disk. An
 * acknowledged write is as durable as before; a batch whose COMMIT fails fails as a whole.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { execute } from './direct-sqlite';

const SAVEPOINT = CompiledQuery.raw('SAVEPOINT group_commit_job');
const RELEASE = CompiledQuery.raw('RELEASE group_commit_job');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO group_commit_job');

/**
 * Answers held for the writes of this turn (see afterTheTurnsWrites), and how many
 * group commits have a batch due in it.
 */
let batchesDue = 0;
let held: (() => void)[] = [];

function answerHeld(): void {
  const answers = held;
  held = [];
  for (const answer of answers) {
    try {
      answer();
    } catch (error) {
      console.error('A held answer failed', error);
    }
  }
}

/** Unless another batch was queued meanwhile, which then answers them once it is done. */
function answerHeldIfDone(): void {
  if (batchesDue === 0) answerHeld();
}

/**
 * Sends an answer that needs no database work (a read answered from memory) in the order
 * the requests were read: at once, unless a write read earlier in this turn of the event
 * loop is waiting for its batch; then just after that batch's writes have been answered.
 *
 * A write is answered only after its batch's COMMIT at the end of the turn, while a read
 * answered from memory used to go out at once. Under load that made the writes the
 * slowest answers, and the request after a write arrived too late for the next turn's
 * reads from the sockets and waited a turn more. Held this way, a read waits for the
 * writes ahead of it, as it would in a queue served in order, and the writes and the
 * requests after them stop being the tail (decision 0018).
 *
 * Only where batches run on the event loop (SQLite), which they hold anyway.
 */
export function afterTheTurnsWrites(answer: () => void): void {
  if (batchesDue === 0) answer();
  else held.push(answer);
}

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

  constructor(db: Kysely<DB>, maxJobs = 32) {
    this.#db = db;
    this.#maxJobs = maxJobs;
  }

  /** Runs `work` in a transaction shared with the writes queued beside it; settles after COMMIT. */
  run<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        batchesDue += 1;
        // After this turn's I/O callbacks, so the writes arriving with this one join it.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#runBatch(this.#queue.splice(0, this.#maxJobs));
    } finally {
      this.#draining = false;
      batchesDue -= 1;
      // After the answers' promise chains: a tick runs once the microtasks have run out.
      if (batchesDue === 0 && held.length > 0) process.nextTick(answerHeldIfDone);
    }
  }

  async #runBatch(batch: Job<DB>[]): Promise<void> {
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
}
