/**
 * Opens the store: SQLite in a file (the embedded default) or PostgreSQL (DATABASE_URL),
 * and applies pending migrations, all of them in one transaction. Both engines have the
 * same tables, keys and constraints (db/migrations and db/migrations/pg).
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { FairLock, FairSqliteDialect } from './sqlite-dialect';
import { runDirectly } from './direct-sqlite';
import type { Database } from './schema';
import { migrations, postgresMigrations, type Migration } from './migrations';
import { registerSqlFunctions } from './search-fold';
import { checkpointInBackground } from './checkpointer';
import { noteTransaction } from './data-version';
import { engineOf, type Engine } from './engine';
import { openPostgres, type PostgresOptions } from './postgres';
import { createPrivateFile, keepPrivate, makePrivateFolder, SQLITE_SIDE_FILES } from './private-files';
import type { Connection, DB, SqliteConnection } from './types';

export type { Connection, DB, PostgresConnection, SqliteConnection } from './types';
export type { Engine };

export const MIGRATIONS_TABLE = 'schema_migrations';

/** Distinct SQL texts kept prepared per connection (IN lists of varying length make more). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement on every execution, which was a sixth
 * of a read's CPU. This hands it the database with `prepare` memoised by SQL text,
 * least recently used dropped first. A statement still iterating (a stream) is busy and
 * cannot be shared, so a second one is prepared for that call.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): Pick<SQLite.Database, 'prepare' | 'close'> {
  const cache = new Map<string, SQLite.Statement>();
  // The map's first entry is dropped first. Recency matters only once it is nearly full:
  // moving an entry to the end on every use was a measurable share of a write's CPU.
  const nearlyFull = Math.floor((size * 3) / 4);
  return {
    prepare(source: string) {
      const cached = cache.get(source);
      if (cached !== undefined) {
        if (cached.busy) return sqlite.prepare(source);
        if (cache.size >= nearlyFull) {
          cache.delete(source);
          cache.set(source, cached);
        }
        return cached;
      }
      const statement = sqlite.prepare(source);
      cache.set(source, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  } as Pick<SQLite.Database, 'prepare' | 'close'>;
}

export interface SqliteOptions {
  /**
   * WAL checkpoints on a worker thread instead of inside a COMMIT on this connection
   * (db/checkpointer.ts): what the server does. Ignored for ':memory:'.
   */
  backgroundCheckpoints?: boolean;
}

/** The most of the database file read through a memory map. */
export const MMAP_BYTES = 256 * 1024 * 1024;

export function openDatabase(file: string, options: SqliteOptions = {}): SqliteConnection {
  if (file !== ':memory:') {
    makePrivateFolder(path.dirname(file));
    // Owner-only before SQLite opens it: its -wal and -shm then take the same mode. Files
    // left readable to all by an earlier version are made owner-only too.
    createPrivateFile(file);
    for (const suffix of SQLITE_SIDE_FILES) keepPrivate(`${file}${suffix}`);
  }
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes an acknowledged
  // write survive a power cut (NORMAL in WAL mode may lose the last commits).
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  // A statement whose triggers write to other tables (every versioned table's: the data
  // version and the match revision) keeps a statement journal, and sorts keep temporary
  // B-trees. In temporary files (the default) they made a squad's delete and insert
  // cost much more; in memory they are bounded by the statement's size.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Pages of the database file are read through a memory map instead of a read() into
  // SQLite's page cache each (pages still in the WAL are read as before). Under a mixed
  // read and write load that costs less CPU per request and serves more requests. A
  // database larger than the map reads its remainder the usual way.
  if (file !== ':memory:') sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  registerSqlFunctions(sqlite);
  const checkpointer =
    options.backgroundCheckpoints && file !== ':memory:' ? checkpointInBackground(sqlite, file) : null;
  const statements = withStatementCache(sqlite);
  const lock = new FairLock();
  const db = new Kysely<Database>({
    dialect: new FairSqliteDialect({
      database: statements,
      lock,
      onTransaction: (phase) => noteTransaction(sqlite, phase),
    }),
  });
  runDirectly(db, {
    free: () => !lock.held && !sqlite.inTransaction,
    prepare: (source) => statements.prepare(source),
  });
  let closed = false;
  return {
    engine: 'sqlite',
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await checkpointer?.stop();
      await db.destroy(); // closes the better-sqlite3 handle too
    },
  };
}

/**
 * Two instances starting together must migrate once: on PostgreSQL the migrating
 * transaction holds this advisory lock (the second waits, then finds nothing to do);
 * SQLite's BEGIN IMMEDIATE does the same for processes sharing a file.
 */
export const MIGRATION_LOCK = 7_405_301;

/** Applies every migration not yet recorded; returns the names applied. */
export async function migrate(db: DB): Promise<string[]> {
  const engine = engineOf(db);
  const list: readonly Migration[] = engine === 'postgres' ? postgresMigrations : migrations;
  return db.transaction().execute(async (trx) => {
    // Under the lock, so two instances never race to create the table either.
    if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await (
      engine === 'postgres'
        ? sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATIONS_TABLE)} (
            version    INTEGER PRIMARY KEY NOT NULL,
            name       TEXT COLLATE "C" NOT NULL,
            applied_at TEXT COLLATE "C" NOT NULL
          )`
        : sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATIONS_TABLE)} (
            version    INTEGER PRIMARY KEY NOT NULL,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL
          ) STRICT`
    ).execute(trx);
    const done = await sql<{ version: number }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(
      trx,
    );
    const applied = new Set(done.rows.map((row) => row.version));
    const names: string[] = [];
    for (const migration of list) {
      if (applied.has(migration.version)) continue;
      await migration.up(trx);
      await sql`INSERT INTO ${sql.table(MIGRATIONS_TABLE)} (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
      names.push(migration.name);
    }
    return names;
  });
}

/** Migrates an open store; closes it when migrating fails. */
async function migrated<C extends Connection>(connection: C): Promise<C> {
  try {
    await migrate(connection.db);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

/** Opens and migrates a SQLite file in one step: what the tests of SQLite itself use. */
export function openAndMigrate(file: string, options: SqliteOptions = {}): Promise<SqliteConnection> {
  return migrated(openDatabase(file, options));
}

export interface StoreOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite in `file`. */
  databaseUrl?: string | undefined;
  /** The SQLite file (or ':memory:'). */
  file: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number | undefined;
  /** SQLite: WAL checkpoints on a worker thread (see SqliteOptions). */
  backgroundCheckpoints?: boolean;
}

/** Opens the configured store and migrates it: what the server uses. */
export async function openStore(options: StoreOptions): Promise<Connection> {
  if (!options.databaseUrl) {
    return openAndMigrate(options.file, { backgroundCheckpoints: options.backgroundCheckpoints ?? false });
  }
  const postgres: PostgresOptions = { url: options.databaseUrl, poolMax: options.poolMax ?? 10 };
  return migrated(await openPostgres(postgres));
}
