/**
 * Compiled queries run on the SQLite connection directly, past Kysely's executor.
 * better-sqlite3 is synchronous, yet each query through Kysely took a chain of promises
 * (the executor, the connection provider, the driver's lock, the result transform):
 * several times the cost of the statement itself, for each of the twenty or so
 * statements of a write, and more under load.
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

type RowBuilder = (values: unknown[]) => unknown;

/** Per statement: how many columns its rows had, and the function that makes them objects. */
const rowBuilders = new WeakMap<SQLite.Statement, { columns: number; build: RowBuilder }>();

/**
 * A function that makes a row object of the statement's columns from its values, as one
 * object literal. better-sqlite3 builds each row object through V8's API a property at a
 * time; reading the row as an array and building the object here costs much less.
 * The objects are the same: a later column of the same name wins, and a
 * column named `__proto__` sets the prototype in a literal as better-sqlite3's property
 * assignment does. The source is only the column names, written as JSON strings.
 */
function rowBuilderOf(statement: SQLite.Statement): { columns: number; build: RowBuilder } {
  const names = statement.columns().map((column) => column.name);
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  const build = new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
  return { columns: names.length, build };
}

/** Every row of a statement that returns data, as better-sqlite3's objects. */
export function allRows(statement: SQLite.Statement, parameters: readonly unknown[]): unknown[] {
  let builder = rowBuilders.get(statement);
  if (builder === undefined) {
    builder = rowBuilderOf(statement);
    rowBuilders.set(statement, builder);
  }
  // The statement is shared (the connection's cache, Kysely's driver): array rows only here.
  statement.raw(true);
  let values: unknown[][];
  try {
    values = statement.all(parameters) as unknown[][];
  } finally {
    statement.raw(false);
  }
  const first = values[0];
  if (first !== undefined && first.length !== builder.columns) {
    // The schema changed under a `SELECT *` since the builder was made.
    builder = rowBuilderOf(statement);
    rowBuilders.set(statement, builder);
  }
  return values.map(builder.build);
}

/** Runs a compiled query: directly when that is safe (above), else through Kysely. */
export function execute<Row>(db: Executor, query: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  const handle = handles.get(db.getExecutor().adapter);
  if (handle === undefined || !(db.isTransaction || handle.free())) {
    return db.executeQuery(query);
  }
  try {
    const statement = handle.prepare(query.sql);
    if (statement.reader) {
      return Promise.resolve({ rows: allRows(statement, query.parameters) as Row[] });
    }
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  } catch (error) {
    return Promise.reject(error);
  }
}
