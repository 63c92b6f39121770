/**
 * Compiled queries run on the SQLite connection directly, past Kysely's executor.
 * better-sqlite3 is synchronous, yet each query through Kysely took a chain of promises
 * (the executor, the connection provider, the driver's lock, the result transform):
 * about 2 µs against 0.5 µs for the statement itself, for each of the twenty or so
 * statements of a write, and more under load (issue #15).
 *
 * Only where Kysely's lock would hand the connection over at once anyway:
 * - inside a transaction, which holds the connection until its COMMIT, and whose
 *   statements follow one another;
 * - outside any transaction while nobody has the connection (its lock is free and no
 *   transaction is open on it): the statement then runs in autocommit and sees only
 *   what is committed, as it would after taking the lock.
 * A query arriving while somebody else has the connection (a group commit's transaction
 * between two statements) waits on the lock as before, so it never sees uncommitted
 * rows. PostgreSQL, and SQLite connections not registered here, go through
 * Kysely unchanged.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';

export interface DirectHandle {
  /** Whether nobody has the connection: its lock is free and no transaction is open. */
  free(): boolean;
  /** Statements by SQL text (the connection's statement cache). */
  prepare(source: string): SQLite.Statement;
}

/** Per Kysely adapter: one per store, shared by its transactions. */
const handles = new WeakMap<object, DirectHandle>();

export function runDirectly<DB>(db: Kysely<DB>, handle: DirectHandle): void {
  handles.set(db.getExecutor().adapter, handle);
}

/** What running a query needs of a Kysely instance or transaction. */
type Executor = Pick<Kysely<unknown>, 'getExecutor' | 'isTransaction' | 'executeQuery'>;

/** Runs a compiled query: directly when that is safe (above), else through Kysely. */
export function execute<Row>(db: Executor, query: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  const handle = handles.get(db.getExecutor().adapter);
  if (handle === undefined || !(db.isTransaction || handle.free())) {
    return db.executeQuery(query);
  }
  try {
    const statement = handle.prepare(query.sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(query.parameters) as Row[] });
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  } catch (error) {
    return Promise.reject(error);
  }
}
