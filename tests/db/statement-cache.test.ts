/**
 * The statement cache under Kysely's SQLite driver (db/connection.ts withStatementCache):
 * a statement is prepared once per SQL text, at most `size` are kept, the least recently
 * used goes first once the cache is nearly full, and a statement still iterating is
 * never handed out twice.
 */
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../db/connection';

let sqlite: SQLite.Database | undefined;
afterEach(() => {
  sqlite?.close();
  sqlite = undefined;
});

const text = (n: number) => `SELECT ${n} AS n`;

describe('withStatementCache', () => {
  it('prepares a text once, keeps at most `size`, and drops the least recently used first', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 4);
    const first = [1, 2, 3].map((n) => cache.prepare(text(n)));
    // Nearly full (3 of 4): using 1 makes it the most recent.
    expect(cache.prepare(text(1))).toBe(first[0]);
    cache.prepare(text(4));
    cache.prepare(text(5)); // over 4: drops 2, the least recently used
    expect(cache.prepare(text(1))).toBe(first[0]);
    expect(cache.prepare(text(3))).toBe(first[2]);
    const again = cache.prepare(text(2));
    expect(again).not.toBe(first[1]);
    expect(again.get()).toEqual({ n: 2 });
  });

  it('keeps what it was given in order while there is room, without moving entries', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 100);
    const one = cache.prepare(text(1));
    for (let n = 2; n <= 60; n += 1) {
      cache.prepare(text(n));
      expect(cache.prepare(text(1))).toBe(one);
    }
  });

  it('hands out a fresh statement while the cached one is still iterating', () => {
    sqlite = new SQLite(':memory:');
    const cache = withStatementCache(sqlite, 4);
    const source = "SELECT value FROM json_each('[1,2,3]')";
    const iterating = cache.prepare(source).iterate();
    iterating.next();
    const other = cache.prepare(source);
    expect(other.all()).toEqual([{ value: 1 }, { value: 2 }, { value: 3 }]);
    iterating.return?.();
    expect(cache.prepare(source)).not.toBe(other);
  });
});
