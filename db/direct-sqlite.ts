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
 * - outside any transaction while none is open on the connection: the statement then
 *   runs in autocommit and sees only what is committed, as it would after the lock.
 * A query outside the transaction that is open (a read arriving while a group commit's
 * transaction is between statements) waits on the lock as before, so it never sees
 * uncommitted rows. PostgreSQL, and SQLite connections not registered here, go through
 * Kysely unchanged.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';

export interface DirectHandle {
  /** The raw connection, to know whether a transaction is open on it. */
  sqlite: Pick<SQLite.Database, 'inTransaction'>;
  /** Statements by SQL text (the connection's statement cache). */
  prepare(source: string): SQLite.Statement;
}

/** Per Kysely adapter: one per store, shared by its transactions. */
const handles = new WeakMap<object, DirectHandle>();

export function runDirectly<DB>(db: Kysely<DB>, handle: DirectHandle): void {
  handles.set(db.getExecutor().adapter, handle);
}

/** Runs a compiled query: directly when that is safe (above), else through Kysely. */
/** What running a query needs of a Kysely instance or transaction. */
type Executor = Pick<Kysely<unknown>, 'getExecutor' | 'isTransaction' | 'executeQuery'>;

export function execute<Row>(db: Executor, query: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  const handle = handles.get(db.getExecutor().adapter);
  if (handle === undefined || !(db.isTransaction || !handle.sqlite.inTransaction)) {
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
