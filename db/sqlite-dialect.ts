/**
 * Kysely's SQLite dialect with a fair connection lock. SQLite here is one connection
 * shared by every request, so Kysely's driver guards it with a mutex; its mutex wakes
 * every waiter on each release and lets them race for it again. With 50 requests in
 * flight that is 50 wake-ups for each of a request's ten or so statements, and the
 * unlucky ones lose the race again and again: seconds of tail latency under write load.
 * This lock hands the connection to the longest waiter, and wakes only that one.
 * Everything else is Kysely's own driver, unchanged.
 */
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

export interface FairSqliteDialectConfig extends SqliteDialectConfig {
  /** Told right after BEGIN (before any statement of the transaction) and after COMMIT or ROLLBACK. */
  onTransaction?: (phase: 'begin' | 'end') => void;
  /** The connection's lock, when its owner needs to know whether it is held (direct-sqlite.ts). */
  lock?: FairLock;
}

export class FairLock {
  #held = false;
  readonly #waiters: (() => void)[] = [];

  /** Whether somebody has the connection (a query, a transaction) or waits for it. */
  get held(): boolean {
    return this.#held;
  }

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

class FairSqliteDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #lock: FairLock;
  readonly #onTransaction: FairSqliteDialectConfig['onTransaction'];
  #connection: DatabaseConnection | undefined;

  constructor(config: FairSqliteDialectConfig) {
    this.#inner = new SqliteDriver(config);
    this.#lock = config.lock ?? new FairLock();
    this.#onTransaction = config.onTransaction;
  }

  async init(): Promise<void> {
    await this.#inner.init();
    // Kysely's driver hands out its one connection once its own (free) lock is taken;
    // take it once and keep it, so that lock is never contended.
    this.#connection = await this.#inner.acquireConnection();
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
