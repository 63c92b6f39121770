/**
 * Opens the SQLite database with the pragmas the product relies on and applies
 * pending migrations, all of them in one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { FairSqliteDialect } from './sqlite-dialect';
import type { Database } from './schema';
import { migrations } from './migrations';
import { registerSqlFunctions } from './search-fold';
import { noteTransaction } from './data-version';

export type DB = Kysely<Database>;

export interface Connection {
  db: DB;
  /** The raw handle, for what Kysely does not cover (backup, pragmas). */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

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
  return {
    prepare(source: string) {
      const cached = cache.get(source);
      if (cached !== undefined) {
        if (cached.busy) return sqlite.prepare(source);
        cache.delete(source);
        cache.set(source, cached);
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

export function openDatabase(file: string): Connection {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; synchronous=FULL makes an acknowledged
  // write survive a power cut (NORMAL in WAL mode may lose the last commits).
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  registerSqlFunctions(sqlite);
  const db = new Kysely<Database>({
    dialect: new FairSqliteDialect({
      database: withStatementCache(sqlite),
      onTransaction: (phase) => noteTransaction(sqlite, phase),
    }),
  });
  let closed = false;
  return {
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy(); // closes the better-sqlite3 handle too
    },
  };
}

/** Applies every migration not yet recorded; returns the names applied. */
export async function migrate(db: DB): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATIONS_TABLE)} (
    version    INTEGER PRIMARY KEY NOT NULL,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`.execute(db);
  return db.transaction().execute(async (trx) => {
    const done = await sql<{ version: number }>`SELECT version FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(
      trx,
    );
    const applied = new Set(done.rows.map((row) => row.version));
    const names: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await migration.up(trx);
      await sql`INSERT INTO ${sql.table(MIGRATIONS_TABLE)} (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
      names.push(migration.name);
    }
    return names;
  });
}

/** Opens and migrates in one step: what the server and the tests use. */
export async function openAndMigrate(file: string): Promise<Connection> {
  const connection = openDatabase(file);
  try {
    await migrate(connection.db);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}
