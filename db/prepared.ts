/**
 * Statements built and compiled once (the data modules reach them through db/store.ts). Kysely builds a query's operation tree and
 * compiles it to SQL on every call: for the dozen fixed statements every write runs
 * (the session check, the idempotency record, the audit entry, the match's state) that
 * was a large share of a write's CPU. A prepared statement is written with the
 * query builder as usual, against named arguments; it is compiled the first time it
 * runs on a database (per dialect adapter, so each engine compiles its own SQL) with a
 * marker in place of each argument, and every call after that only puts the arguments
 * in the markers' places.
 *
 * Only for statements whose shape never depends on the arguments: an argument must
 * reach the SQL as bound parameters (not an IN list, not a value Kysely inlines, not
 * something the builder branches on). Compiling checks that each argument became a
 * parameter and none leaked into the SQL text, and a call refuses a list; both fail loudly.
 * On SQLite a call runs the statement directly where that is safe (direct-sqlite.ts);
 * on PostgreSQL it runs as a named statement, planned once per connection
 * (named-statements.ts).
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { execute } from './direct-sqlite';
import { engineOf } from './engine';
import { nameStatement } from './named-statements';

const MARK = '\u0000prepared-argument:';

interface Template {
  compiled: CompiledQuery;
  /** per parameter: the argument's name, or the constant the builder bound */
  slots: readonly ({ argument: string } | { constant: unknown })[];
}

export interface Prepared<DB, Args, Row> {
  /** Runs it: the rows, and what an insert, update or delete changed. */
  run(db: Kysely<DB>, args: Args): Promise<QueryResult<Row>>;
  /** The first row, if any. */
  first(db: Kysely<DB>, args: Args): Promise<Row | undefined>;
  /** Every row. */
  all(db: Kysely<DB>, args: Args): Promise<Row[]>;
}

export function prepared<DB, Args extends object, Row>(
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
): Prepared<DB, Args, Row> {
  const templates = new WeakMap<object, Template>();

  const templateFor = (db: Kysely<DB>): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (template !== undefined) return template;
    const named = new Set<string>();
    const markers = new Proxy({} as Args, {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        named.add(name);
        return `${MARK}${name}`;
      },
      // Which arguments there are would be fixed at the first call: a builder may not ask.
      has(_target, name) {
        throw new Error(`A prepared statement's builder asks whether it has "${String(name)}"`);
      },
      ownKeys() {
        throw new Error("A prepared statement's builder lists its arguments");
      },
    });
    const compiled = build(db, markers).compile();
    if (compiled.sql.includes(MARK)) {
      throw new Error(`A prepared statement inlines an argument into its SQL: ${compiled.sql}`);
    }
    const bound = new Set<string>();
    const slots = compiled.parameters.map((value) => {
      if (typeof value === 'string' && value.startsWith(MARK)) {
        const argument = value.slice(MARK.length);
        bound.add(argument);
        return { argument };
      }
      return { constant: value };
    });
    for (const name of named) {
      if (!bound.has(name)) throw new Error(`Prepared argument "${name}" is not a bound parameter`);
    }
    template = { compiled, slots };
    templates.set(adapter, template);
    if (engineOf(db) === 'postgres') nameStatement(compiled.sql);
    return template;
  };

  const run = (db: Kysely<DB>, args: Args): Promise<QueryResult<Row>> => {
    const { compiled, slots } = templateFor(db);
    const values = args as Record<string, unknown>;
    const parameters = slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const value = values[slot.argument];
      // A list would have been compiled as an IN list of its own length.
      if (Array.isArray(value)) throw new Error(`Prepared argument "${slot.argument}" is a list`);
      return value;
    });
    return execute(db, { ...compiled, parameters } as CompiledQuery<Row>);
  };

  return {
    run,
    first: async (db, args) => (await run(db, args)).rows[0],
    all: async (db, args) => (await run(db, args)).rows,
  };
}
