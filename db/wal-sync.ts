/**
 * Durable commits off the event loop (issue #15, decision 0018). With synchronous=FULL,
 * SQLite waits for the write-ahead log to reach the disk inside COMMIT: about a
 * millisecond here in which the whole process, reads included, stood still. The store
 * now runs with synchronous=NORMAL, where COMMIT only hands its pages to the operating
 * system, and this flushes the log with fdatasync on libuv's thread pool. A write is
 * still acknowledged only after a flush that began after its COMMIT has finished, so it
 * is exactly as durable as before: one flush of the file covers every page written to it
 * before the flush began, whichever connection or descriptor wrote them.
 *
 * Flushes are shared: a commit made while one is running waits for the next, and every
 * commit made meanwhile waits for that same next one.
 */
import fs from 'node:fs';

/** A flush of the log failed: the change is in the database but not known to be on disk. */
export class DurabilityError extends Error {
  constructor(cause: unknown) {
    super('The write-ahead log could not be flushed to disk', { cause });
  }
}

export interface WalSyncOptions {
  /** Flushes one descriptor's data (fdatasync by default; tests count or fail it). */
  datasync?: (fd: number) => Promise<void>;
}

const datasync = (fd: number) =>
  new Promise<void>((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));

const openForSync = (file: string) =>
  new Promise<number>((resolve, reject) =>
    fs.open(file, 'r', (error, fd) => (error ? reject(error) : resolve(fd))),
  );

const closeFd = (fd: number) => new Promise<void>((resolve) => fs.close(fd, () => resolve()));

export class WalSync {
  readonly #path: string;
  readonly #datasync: (fd: number) => Promise<void>;
  #fd: Promise<number> | undefined;
  #closed = false;
  /** The flush under way: it covers the commits made before it began. */
  #current: Promise<void> | undefined;
  /** The flush that begins when the current one ends, shared by the commits made meanwhile. */
  #next: Promise<void> | undefined;

  /** `databaseFile`: the SQLite file in WAL mode; its log is `<file>-wal`. */
  constructor(databaseFile: string, options: WalSyncOptions = {}) {
    this.#path = `${databaseFile}-wal`;
    this.#datasync = options.datasync ?? datasync;
  }

  /** Settles once everything committed before this call is on disk. */
  flush(): Promise<void> {
    const current = this.#current;
    if (current === undefined) return this.#begin();
    this.#next ??= current
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#begin();
      });
    return this.#next;
  }

  /** Waits for the flushes under way, then closes the log's descriptor. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([this.#current, this.#next]);
    await this.#release();
  }

  async #release(): Promise<void> {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd !== undefined) await fd.then(closeFd, () => undefined);
  }

  #begin(): Promise<void> {
    const flush = this.#flushNow().finally(() => {
      if (this.#current === flush) this.#current = undefined;
    });
    this.#current = flush;
    return flush;
  }

  async #flushNow(): Promise<void> {
    if (this.#closed) throw new DurabilityError(new Error('The store is closed'));
    try {
      // The log exists from the first commit on, and lives as long as the connection:
      // SQLite resets it in place after a checkpoint and deletes it only on the last close.
      this.#fd ??= openForSync(this.#path);
      await this.#datasync(await this.#fd);
    } catch (error) {
      // The next flush opens the log afresh.
      await this.#release();
      throw new DurabilityError(error);
    }
  }
}
