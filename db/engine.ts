/**
 * Which engine a Kysely instance (or a transaction of it) talks to. Engine-specific SQL
 * lives in db/ and in the few dialect-aware helpers that ask this.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
