/**
 * The data version of migration 0002, read synchronously for the server's read cache.
 * Inside an open transaction on this connection the row may hold a version that is
 * rolled back later (and then reused by another write), so it is not trusted there.
 */
import type SQLite from 'better-sqlite3';

export function dataVersionReader(sqlite: SQLite.Database): () => number | null {
  const statement = sqlite.prepare('SELECT version FROM data_version WHERE id = 1').pluck();
  return () => (sqlite.inTransaction ? null : (statement.get() as number));
}
