/**
 * Kysely's SQLite dialect with a fair connection lock. SQLite here is one connection
 * shared by every request, so Kysely's driver guards it with a mutex; its mutex wakes
 * every waiter on each release and lets them race for it again. With 50 requests in
 * flight that is 50 wake-ups for each of a request's ten or so statements, and the
 * unlucky ones lose the race again and again: seconds of tail latency under write load.
 * This lock hands the connection to the longest waiter, and wakes only that one.
 * Optionally, a change is made durable after it commits, off the event loop
 * (db/wal-sync.ts). Everything else is Kysely's own driver, unchanged.
 */
import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
} from 'kysely';

/** How a committed change reaches the disk (db/wal-sync.ts). */
export interface Durability {
  /** Whether a transaction is open on the connection (a change in it is not committed yet). */
  inTransaction(): boolean;
  /** Settles once everything committed so far is on disk. */
  flush(): Promise<void>;
}

export interface FairSqliteDialectConfig extends SqliteDialectConfig {
  /** Told right after BEGIN (before any statement of the transaction) and after COMMIT or ROLLBACK. */
  onTransaction?: (phase: 'begin' | 'end') => void;
  /**
   * Given, a statement that may have changed the database and left no transaction open
   * (COMMIT, or a change outside a transaction) answers only once it is on disk. The
   * connection stays held meanwhile, and `onTransaction('end')` waits too, so nothing
   * in this process reads a change before it is durable.
   */
  durable?: Durability;
}

export class FairLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Passes the lock straight to the next waiter, or frees it. */
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Raw SQL that only reads (the query builder's selects are known by their node). */
const READS = /^\s*select\b/i;

function mayChange(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return false;
  return !(RawNode.is(query.query) && READS.test(query.sql));
}

class DurableConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #durable: Durability;

  constructor(inner: DatabaseConnection, durable: Durability) {
    this.#inner = inner;
    this.#durable = durable;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#inner.executeQuery<R>(query);
    if (mayChange(query) && !this.#durable.inTransaction()) await this.#durable.flush();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

class FairSqliteDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #lock = new FairLock();
  readonly #onTransaction: FairSqliteDialectConfig['onTransaction'];
  readonly #durable: Durability | undefined;
  #connection: DatabaseConnection | undefined;

  constructor(config: FairSqliteDialectConfig) {
    this.#inner = new SqliteDriver(config);
    this.#onTransaction = config.onTransaction;
    this.#durable = config.durable;
  }

  async init(): Promise<void> {
    await this.#inner.init();
    // Kysely's driver hands out its one connection once its own (free) lock is taken;
    // take it once and keep it, so that lock is never contended.
    const connection = await this.#inner.acquireConnection();
    this.#connection = this.#durable ? new DurableConnection(connection, this.#durable) : connection;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.lock();
    if (this.#connection === undefined) throw new Error('The database is not open');
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#lock.unlock();
  }

  // IMMEDIATE: the write lock is taken at BEGIN, so no other process commits while the
  // transaction is open (and it never fails to upgrade a read lock half-way through).
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#onTransaction?.('begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      this.#onTransaction?.('end');
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      // Nothing to roll back when COMMIT itself went through and its flush failed.
      if (this.#durable?.inTransaction() === false) return;
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#onTransaction?.('end');
    }
  }

  savepoint = (...args: Parameters<NonNullable<Driver['savepoint']>>) => this.#inner.savepoint(...args);
  rollbackToSavepoint = (...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) =>
    this.#inner.rollbackToSavepoint(...args);
  releaseSavepoint = (...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) =>
    this.#inner.releaseSavepoint(...args);

  async destroy(): Promise<void> {
    await this.#inner.releaseConnection();
    await this.#inner.destroy();
  }
}

export class FairSqliteDialect extends SqliteDialect {
  readonly #config: FairSqliteDialectConfig;

  constructor(config: FairSqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}
