/**
 * The one door the data modules (api/data) run their SQL through. A statement is written
 * with Kysely's query builder, typed by the schema, and handed to the store, which decides
 * how it runs; no caller chooses between Kysely and the SQLite driver.
 *
 * - `statement(build)`: a statement whose shape never depends on its arguments (a list
 *   goes in as one JSON argument: `inList`, `listRows`). It is compiled once per engine
 *   and afterwards only rebound (prepared.ts).
 * - `rows`, `first` and `changed`, given a query built for this call: a statement whose
 *   shape depends on its arguments (optional filters, keyset pages, a many-armed union).
 *
 * Either way a statement runs on SQLite's connection directly where that is safe, where
 * each SQL text is prepared once per connection (direct-sqlite.ts), and otherwise through
 * Kysely's executor: on PostgreSQL, while another transaction holds the SQLite connection,
 * or on a connection that was not opened by `openDatabase` (tests that log statements).
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import { execute } from './direct-sqlite';

export { prepared as statement, type Prepared as Statement } from './prepared';

/** What running a query needs of a Kysely instance or transaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
type Store = Kysely<any>;

/** A query as data modules hand it over: built (Kysely's builder, or `sql` text), or already compiled. */
export type Query<Row> = Compilable<Row> | RawBuilder<Row> | CompiledQuery<Row>;

function compiled<Row>(db: Store, query: Query<Row>): CompiledQuery<Row> {
  if (!('compile' in query)) return query;
  return 'isRawBuilder' in query ? query.compile(db) : query.compile();
}

/** Runs a query built for this call: its rows, and what an insert, update or delete changed. */
export function run<Row>(db: Store, query: Query<Row>): Promise<QueryResult<Row>> {
  return execute(db, compiled(db, query));
}

/** Every row of a query built for this call. */
export async function rows<Row>(db: Store, query: Query<Row>): Promise<Row[]> {
  return (await run(db, query)).rows;
}

/** The first row of a query built for this call, if any. */
export async function first<Row>(db: Store, query: Query<Row>): Promise<Row | undefined> {
  return (await run(db, query)).rows[0];
}

/** The row a query built for this call always answers (a count, an insert's RETURNING). */
export async function only<Row>(db: Store, query: Query<Row>): Promise<Row> {
  const [row] = (await run(db, query)).rows;
  if (row === undefined) throw new Error('A query that always answers a row answered none');
  return row;
}

/** How many rows an insert, update or delete built for this call changed. */
export async function changed(db: Store, query: Query<unknown>): Promise<number> {
  return Number((await run(db, query)).numAffectedRows ?? 0n);
}
