/**
 * The types of an open store, in a module of their own: connection.ts opens stores,
 * and the modules it builds them from (postgres.ts, data-version.ts) name these types
 * without importing connection.ts back.
 */
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export type DB = Kysely<Database>;

interface BaseConnection {
  db: DB;
  close(): Promise<void>;
}

export interface SqliteConnection extends BaseConnection {
  engine: 'sqlite';
  /** The raw handle, for what Kysely does not cover (backup, pragmas). */
  sqlite: SQLite.Database;
}

export interface PostgresConnection extends BaseConnection {
  engine: 'postgres';
  /** The pool's size (DATABASE_POOL_MAX). */
  poolMax: number;
}

export type Connection = SqliteConnection | PostgresConnection;
