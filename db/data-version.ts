/**
 * The per-table data versions of migration 0002, read synchronously in one statement for
 * the server's read cache. Inside an open transaction on this connection the rows may
 * hold versions that are rolled back later (and then reused by another write), so they
 * are not read there. A transaction begun through the connection's Kysely driver takes
 * the write lock at BEGIN (IMMEDIATE) and notes the versions right after it, before any
 * of its writes: nothing can commit while it is open, so those are exactly the committed
 * versions, and the cache keeps answering from them while the transaction runs (its
 * writes are acknowledged only after COMMIT). A transaction begun any other way has no
 * such note, and then nothing is trusted.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Connection } from './types';
import { prepared } from './prepared';
import type { Database } from './schema';

const SELECT_VERSIONS = 'SELECT version FROM data_version ORDER BY table_name';

/** The committed versions noted at the BEGIN of the transaction open on each connection. */
const atBegin = new WeakMap<SQLite.Database, readonly number[]>();
const statements = new WeakMap<SQLite.Database, SQLite.Statement>();

function versionStatement(sqlite: SQLite.Database): SQLite.Statement {
  let statement = statements.get(sqlite);
  if (statement === undefined) {
    statement = sqlite.prepare(SELECT_VERSIONS).pluck();
    statements.set(sqlite, statement);
  }
  return statement;
}

/**
 * Called by the driver right after BEGIN IMMEDIATE (before any write) and at COMMIT or
 * ROLLBACK. Connections without migration 0002 (tests of older schemas) note nothing.
 */
export function noteTransaction(sqlite: SQLite.Database, phase: 'begin' | 'end'): void {
  if (phase === 'end') {
    atBegin.delete(sqlite);
    return;
  }
  try {
    atBegin.set(sqlite, versionStatement(sqlite).all() as number[]);
  } catch {
    atBegin.delete(sqlite);
  }
}

/** Tables filled from others by triggers (search index, match revisions): reading them reads their sources. */
export const DERIVED_FROM: Readonly<Record<string, readonly string[]>> = {
  match_revision: ['matches', 'match_events', 'match_squads'],
  search_names: ['players', 'teams', 'leagues'],
  search_text: ['players', 'teams', 'leagues'],
  search_text_vocab: ['players', 'teams', 'leagues'],
};

/**
 * Versions that stand for a part of some tables (migration 0007): a read that declares
 * one may read those tables, within that part only. tests/db/approved-results.test.ts
 * holds the part to its definition.
 */
export const PART_OF: Readonly<Record<string, readonly string[]>> = {
  approved_results: ['matches', 'match_events'],
};

export interface DataVersions {
  /**
   * The version of every versioned table, in a fixed order: the committed ones, also
   * while a driver transaction is open; null when not to be trusted. Synchronous on
   * SQLite; on PostgreSQL a query, which sees exactly what is committed (MVCC).
   */
  read(): readonly number[] | null | Promise<readonly number[] | null>;
  /** Positions in `read()` of these tables (unknown names: every position, to be safe). */
  positionsOf(tables: readonly string[]): readonly number[];
}

function positions(names: readonly string[]): DataVersions['positionsOf'] {
  const position = new Map(names.map((name, index) => [name, index]));
  return (tables) => {
    const result = new Set<number>();
    for (const table of tables) {
      const at = position.get(table);
      if (at === undefined) return names.map((_, index) => index);
      result.add(at);
    }
    return [...result].sort((a, b) => a - b);
  };
}

/**
 * The committed versions on SQLite, read again only when something may have changed
 * them: a row changed through this connection (`total_changes()`, which counts the
 * triggers' bumps, and rolled-back changes too) or a commit by any other connection or
 * process (`PRAGMA data_version`). Both cost a fraction of reading the versions' rows,
 * which every cached read asked for.
 *
 * This connection's changes are asked for on every read, so the server's own writes are
 * seen at once. Other connections' commits are asked for at the first read of each turn
 * of the event loop, and that answer serves the rest of the turn (it is forgotten in the
 * turn's check phase): `PRAGMA data_version` opens and closes a read transaction, two
 * `fcntl` calls on the shared-memory file, a large share of a cached read's CPU.
 * Requests are read from their sockets in the turn's poll phase, so a request that
 * had reached the server when the turn's first read asked sees every commit made before
 * it was sent. Only one arriving within that same turn, after the check, could miss
 * another process's commit of those few milliseconds; Touchline's own writes all go
 * through this connection, and `npm run backup` only reads.
 */
export function dataVersions(sqlite: SQLite.Database): DataVersions {
  const statement = versionStatement(sqlite);
  const names = sqlite
    .prepare('SELECT table_name FROM data_version ORDER BY table_name')
    .pluck()
    .all() as string[];
  const ownChanges = sqlite.prepare('SELECT total_changes()').pluck();
  const othersCommits = sqlite.prepare('PRAGMA data_version').pluck();
  let known: { own: unknown; others: unknown; versions: readonly number[] } | null = null;
  // Other connections' commit count as read in this turn; forgotten in its check phase.
  let othersThisTurn: unknown = undefined;
  const forgetOthers = () => {
    othersThisTurn = undefined;
  };
  const committed = (): readonly number[] => {
    const own = ownChanges.get();
    if (othersThisTurn === undefined) {
      othersThisTurn = othersCommits.get();
      setImmediate(forgetOthers);
    }
    const others = othersThisTurn;
    if (known === null || known.own !== own || known.others !== others) {
      known = { own, others, versions: statement.all() as number[] };
    }
    return known.versions;
  };
  return {
    read: () => (sqlite.inTransaction ? (atBegin.get(sqlite) ?? null) : committed()),
    positionsOf: positions(names),
  };
}

/**
 * The same versions on PostgreSQL, where another instance may have written: each read
 * is one query (statement triggers of the PostgreSQL migration 0002 keep the rows).
 * Every instance reads the committed rows, so a write acknowledged by one instance is
 * seen by the next read on any other.
 */
export async function postgresDataVersions(db: Kysely<Database>): Promise<DataVersions> {
  const rows = await db.selectFrom('data_version').select('table_name').orderBy('table_name').execute();
  const names = rows.map((row) => row.table_name);
  const query = async (): Promise<readonly number[] | null> => {
    const versions = await SELECT_ALL.all(db, {});
    // A table added by a later migration while this instance runs: trust nothing.
    return versions.length === names.length ? versions.map((row) => row.version) : null;
  };
  return {
    read: sharedAfterArrival(query),
    positionsOf: positions(names),
  };
}

/**
 * Callers arriving together share one run of `query`, but only a run that began after
 * they arrived: a run already under way may have read the rows before a write the caller
 * has seen acknowledged (through any instance), so later arrivals wait for the next run,
 * which starts when the current one ends. Under load that is one round trip for every
 * request of a turn instead of one each, and never an answer older than the request.
 */
export function sharedAfterArrival<T>(query: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = () => {
    const current = query();
    running = current;
    const done = () => {
      if (running === current) running = null;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (running === null) return start();
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

const SELECT_ALL = prepared((db: Kysely<Database>, _args: Record<string, never>) =>
  db.selectFrom('data_version').select('version').orderBy('table_name'),
);

/** The data versions of an open store, whichever its engine. */
export async function versionsOf(connection: Connection): Promise<DataVersions> {
  return connection.engine === 'sqlite'
    ? dataVersions(connection.sqlite)
    : postgresDataVersions(connection.db);
}

const IDENTIFIER = /"((?:[^"]|"")+)"|\b([A-Za-z_][A-Za-z0-9_]*)\b/g;

/** The tables of `known` a statement names, derived tables replaced by their sources. */
export function tablesNamedIn(source: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(IDENTIFIER)) {
    const name = match[1]?.replaceAll('""', '"') ?? match[2] ?? '';
    const derived = DERIVED_FROM[name];
    if (derived) derived.forEach((table) => found.add(table));
    else if (known.has(name)) found.add(name);
  }
  return [...found];
}
