/**
 * PostgreSQL through Kysely's PostgreSQL dialect and a `pg` pool.
 *
 * Writes are serialised across every instance: each transaction takes one advisory
 * lock right after BEGIN, held until COMMIT or ROLLBACK. That is the guarantee SQLite's
 * single writer gave the write paths (read, check, then write, as one step), so no
 * write needs a retry loop for serialisation failures, and two instances can never
 * both pass a check that only one of them may pass. Reads take no lock and see the last
 * committed state (READ COMMITTED).
 *
 * Column types come back as the SQLite driver gives them: BIGINT (count(*), sum())
 * and NUMERIC as numbers, not strings.
 */
import pg from 'pg';
import type { PostgresDriver, PostgresPool, PostgresPoolClient } from 'kysely';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import { statementName } from './named-statements';
import type { Database } from './schema';
import type { PostgresConnection } from './types';

/** The advisory lock every write transaction holds (pg_advisory_xact_lock). */
export const WRITE_LOCK = 7_405_300;

const WRITE_LOCK_QUERY = `SELECT pg_advisory_xact_lock(${WRITE_LOCK})`;
const LOCK_WRITE = CompiledQuery.raw(WRITE_LOCK_QUERY);
/**
 * BEGIN and the lock in one round trip: a query without parameters goes over the simple
 * protocol, which takes several statements.
 */
const BEGIN_WRITE = CompiledQuery.raw(`BEGIN; ${WRITE_LOCK_QUERY}`);

/** A start-up failure worth one readable line (bad URL, server unreachable): no stack trace. */
export class StoreError extends Error {}

export interface PostgresOptions {
  url: string;
  poolMax: number;
}

const INT8 = 20;
const NUMERIC = 1700;

/** Type parsers of this pool only: the process-wide defaults stay as `pg` ships them. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

class SerialWriteDriver implements Driver {
  readonly #inner: PostgresDriver;

  constructor(inner: PostgresDriver) {
    this.#inner = inner;
  }

  init = () => this.#inner.init();
  acquireConnection = () => this.#inner.acquireConnection();
  releaseConnection = (connection: DatabaseConnection) =>
    this.#inner.releaseConnection(connection as Parameters<PostgresDriver['releaseConnection']>[0]);
  destroy = () => this.#inner.destroy();
  commitTransaction = (connection: DatabaseConnection) => this.#inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.#inner.rollbackTransaction(connection);
  savepoint = (...args: Parameters<NonNullable<Driver['savepoint']>>) => this.#inner.savepoint(...args);
  rollbackToSavepoint = (...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) =>
    this.#inner.rollbackToSavepoint(...args);
  releaseSavepoint = (...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) =>
    this.#inner.releaseSavepoint(...args);

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel === undefined && settings.accessMode === undefined) {
      await connection.executeQuery(BEGIN_WRITE);
      return;
    }
    await this.#inner.beginTransaction(connection, settings);
    await connection.executeQuery(LOCK_WRITE);
  }
}

/**
 * The pool as Kysely sees it: a fixed statement's text goes to the server as a named
 * statement (named-statements.ts), which each connection parses and plans once.
 */
function namingPool(pool: pg.Pool): PostgresPool {
  const naming = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((text: unknown, values?: readonly unknown[]) => {
      // A cursor (a streamed query) goes through as it came.
      if (typeof text !== 'string') return client.query(text as never);
      const name = statementName(text);
      const parameters = values === undefined ? undefined : [...values];
      return name === undefined
        ? client.query(text, parameters)
        : client.query({ name, text, values: parameters });
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => naming(await pool.connect()),
    end: () => pool.end(),
  };
}

class SerialWritePostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new SerialWriteDriver(super.createDriver() as PostgresDriver);
  }
}

/** Where the URL points, without its password: for messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** Checks DATABASE_URL's form; the message is the one line start-up prints. */
export function checkDatabaseUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'DATABASE_URL is not a valid URL: expected postgres://user:password@host:5432/database';
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    return `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//)`;
  }
  if (parsed.pathname.length <= 1)
    return 'DATABASE_URL names no database: postgres://user@host:5432/database';
  return null;
}

export async function openPostgres(options: PostgresOptions): Promise<PostgresConnection> {
  const problem = checkDatabaseUrl(options.url);
  if (problem) throw new StoreError(problem);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    types,
    // A server that does not answer must not hang start-up (nor a request) forever.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client whose server went away emits 'error' on the pool: without a
  // listener that would end the process; the next query gets a fresh client.
  pool.on('error', (error) =>
    console.error(`PostgreSQL connection to ${describeUrl(options.url)} lost:`, error.message),
  );
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError(`Cannot connect to PostgreSQL at ${describeUrl(options.url)}: ${reason}`);
  }
  const db = new Kysely<Database>({ dialect: new SerialWritePostgresDialect({ pool: namingPool(pool) }) });
  let closed = false;
  return {
    engine: 'postgres',
    db,
    poolMax: options.poolMax,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // ends the pool
    },
  };
}

/**
 * Text PostgreSQL cannot store or compare (a NUL character, SQLSTATE 22021), which
 * SQLite takes as it is: the caller's input, so a 400, never a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.code === '22021';
}
