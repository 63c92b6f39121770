/**
 * WAL checkpoints on a thread of their own. SQLite copies the write-ahead log back into
 * the database file (a checkpoint) from inside the COMMIT that takes the log past 1,000
 * pages: that COMMIT then writes those pages into the file and waits for its `fsync`
 * too. The server's one connection commits on the event loop, so under a saturated mix
 * of reads and writes now and then a batch stood the loop still several times longer
 * than usual, and every request of that turn waited for it.
 *
 * Here a worker thread with its own connection to the file runs a PASSIVE checkpoint
 * whenever another connection has committed since its last complete one. PASSIVE never
 * waits for a lock and never blocks a reader or the writer: it copies what no reader
 * still needs. Durability does not change: a commit is durable once its log frames are
 * synced, as before.
 *
 * The writer starts the log over from its beginning only when, as a transaction begins,
 * everything in it has been copied. Under writes without a pause the thread's copy is
 * always a commit or two behind, so the log would grow for as long as they last (steadily,
 * under the saturated mix). The server's connection therefore still
 * checkpoints itself once the log reaches BACKSTOP_PAGES: by then the thread has copied
 * all but its last 100 ms, so that COMMIT copies little, and the log starts over.
 *
 * Should the thread fail (it cannot open the file, it dies), the connection checkpoints
 * itself again, at SQLite's default of 1,000 pages, so the log can never grow unchecked.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's default `wal_autocheckpoint`, restored when the thread is gone. */
export const DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * The log's length in pages (16 MiB at SQLite's 4 KiB) at which the connection copies
 * what the thread has not yet, so that the log can start over.
 */
export const BACKSTOP_PAGES = 4000;

/** How often the thread looks for new commits. */
const INTERVAL_MS = 100;

/**
 * The worker's code: CommonJS evaluated as is, so it runs the same under tsx, Vitest or
 * plain Node. It asks `PRAGMA data_version` (which moves when another connection commits)
 * and checkpoints only then, or again when the last checkpoint could not copy everything
 * (a reader still needed older pages).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let seen = null;
const tick = () => {
  const version = db.pragma('data_version', { simple: true });
  if (version === seen) return;
  const [result] = db.pragma('wal_checkpoint(PASSIVE)');
  const complete = result.busy === 0 && result.checkpointed === result.log;
  seen = complete ? version : null;
  parentPort.postMessage({ checkpointed: true });
};
const timer = setInterval(() => {
  try {
    tick();
  } catch (error) {
    // SQLITE_BUSY: the file is locked for now (a backup, a migration); try at the next tick.
    if (error && error.code !== 'SQLITE_BUSY') throw error;
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ ready: true });
`;

export interface Checkpointer {
  /** Resolves once the thread has its connection open (or has failed and given the work back). */
  readonly ready: Promise<void>;
  /** Checkpoints the thread has run so far. */
  runs(): number;
  /** Stops the thread; the connection checkpoints itself again. */
  stop(): Promise<void>;
}

/**
 * Hands the checkpoints of `sqlite` (a WAL database in `file`) to a worker thread.
 * `log` hears of a failure, after which the connection checkpoints itself again.
 */
export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  log: (message: string) => void = console.error,
  { backstopPages = BACKSTOP_PAGES }: { backstopPages?: number } = {},
): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${backstopPages}`);
  let runs = 0;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const giveBack = () => {
    markReady();
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: INTERVAL_MS,
    },
  });
  // The thread alone never keeps the process alive.
  worker.unref();
  worker.on('message', (message: { ready?: true; checkpointed?: true }) => {
    if (message.ready) markReady();
    if (message.checkpointed) runs += 1;
  });
  worker.on('error', (error) => {
    log(
      `WAL checkpoints are back on the server's connection: the checkpoint thread failed (${error.message})`,
    );
  });
  worker.on('exit', giveBack);
  return {
    ready,
    runs: () => runs,
    stop() {
      // Harmless when repeated, or once the thread is gone (nobody receives it then).
      worker.postMessage('stop');
      return new Promise<void>((resolve) => {
        if (worker.threadId === -1) resolve();
        else worker.once('exit', () => resolve());
      });
    },
  };
}
