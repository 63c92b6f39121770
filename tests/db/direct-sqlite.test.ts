/**
 * Statements run on the SQLite connection directly (db/direct-sqlite.ts): the same
 * answers as through Kysely, taken past Kysely's executor only where its lock would hand
 * the connection over at once, and never showing a read another transaction's rows
 * before they are committed.
 */
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { openAndMigrate } from '../../db/connection';
import { allRows, execute } from '../../db/direct-sqlite';
import { GroupCommit } from '../../db/group-commit';
import { prepared } from '../../db/prepared';
import type { DB } from '../../db/connection';
import { buildTinyLeague } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

const s = withFixture(async () => {
  const connection = await openAndMigrate(':memory:');
  await buildTinyLeague(connection.db);
  return connection;
});

const TEAM_NAME = prepared((db: DB, a: { id: string }) =>
  db.selectFrom('teams').select('team_name').where('team_id', '=', a.id),
);
const RENAME = prepared((db: DB, a: { id: string; name: string }) =>
  db.updateTable('teams').set({ team_name: a.name }).where('team_id', '=', a.id),
);

describe('a statement run directly on SQLite', () => {
  it('answers as Kysely does: rows, rows changed and the inserted row id', async () => {
    const { db, sqlite } = s;
    sqlite.exec('CREATE TEMP TABLE scratch (id INTEGER PRIMARY KEY, value TEXT)');
    const insert = CompiledQuery.raw('INSERT INTO scratch (value) VALUES (?), (?)', ['a', 'b']);
    const direct = await db.transaction().execute((trx) => execute(trx, insert));
    const through = await db.transaction().execute((trx) => trx.executeQuery(insert));
    expect(direct).toEqual({ numAffectedRows: 2n, insertId: 2n, rows: [] });
    expect(through).toEqual({ numAffectedRows: 2n, insertId: 4n, rows: [] });
    const select = CompiledQuery.raw('SELECT team_id FROM teams ORDER BY team_id');
    expect(await execute(db, select)).toEqual(await db.executeQuery(select));
  });

  it('runs past Kysely inside a transaction and in autocommit, not while another transaction is open', async () => {
    const { db } = s;
    const executeQuery = vi.spyOn(db, 'executeQuery');
    expect(await TEAM_NAME.first(db, { id: 'north.town' })).toEqual({ team_name: 'North Town' });
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (trx) => {
      const inner = vi.spyOn(trx, 'executeQuery');
      await RENAME.run(trx, { id: 'north.town', name: 'North Town FC' });
      expect(inner).not.toHaveBeenCalled();
      // The transaction is open and this read is not part of it: Kysely's lock.
      outside = TEAM_NAME.first(db, { id: 'north.town' });
      expect(executeQuery).toHaveBeenCalledTimes(1);
      await RENAME.run(trx, { id: 'north.town', name: 'North Town' });
    });
    // It ran once the transaction had committed, and saw what it committed.
    expect(await outside).toEqual({ team_name: 'North Town' });
    expect(executeQuery).toHaveBeenCalledTimes(1);
  });

  it('never shows a read the rows of a transaction still open', async () => {
    const { db } = s;
    const group = new GroupCommit(db);
    let seenDuring: unknown = 'not read';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let read: Promise<unknown> = Promise.resolve();
    const write = group.run(async (trx) => {
      await RENAME.run(trx, { id: 'north.town', name: 'Renamed' });
      // Another request reads while this write's transaction waits between statements.
      read = TEAM_NAME.first(db, { id: 'north.town' }).then((row) => (seenDuring = row));
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seenDuring).toBe('not read'); // it waits for the COMMIT
    release();
    await write;
    await read;
    // Read after the COMMIT: the committed name.
    expect(seenDuring).toEqual({ team_name: 'Renamed' });
  });

  it('builds the same row objects as better-sqlite3, whatever the column names', async () => {
    const { db, sqlite } = s;
    const queries = [
      'SELECT * FROM teams ORDER BY team_id',
      // Names a literal must quote, and a later column of the same name winning.
      `SELECT 1 AS "a""b", 2 AS "c\\d", 3 AS "é x", 4 AS "line
break", 5 AS "constructor", 6 AS dup, 7 AS dup`,
      // Both set the prototype (a blob is the one value that is an object).
      `SELECT 1 AS "__proto__", 2 AS "x"`,
      `SELECT x'00ff' AS "__proto__", 2 AS "x"`,
      'SELECT team_id FROM teams WHERE 0',
      `SELECT NULL AS "n", x'00ff' AS "b", 9007199254740993 AS "big", 1.5 AS "f"`,
    ];
    for (const text of queries) {
      const expected = sqlite.prepare(text).all() as object[];
      const rows = (await execute(db, CompiledQuery.raw(text))).rows as object[];
      expect(rows.length, text).toBe(expected.length);
      for (const [index, row] of rows.entries()) {
        const twin = expected[index] as object;
        // Own properties, their order, and the prototype (compared apart: a blob's is a Buffer).
        expect(Object.entries(row), text).toEqual(Object.entries(twin));
        const [ours, theirs] = [Object.getPrototypeOf(row), Object.getPrototypeOf(twin)] as unknown[];
        if (Buffer.isBuffer(theirs)) expect(Buffer.isBuffer(ours) && ours.equals(theirs), text).toBe(true);
        else expect(ours, text).toBe(theirs);
      }
    }
  });

  it('leaves the shared statement giving objects, after a failure too and across a schema change', async () => {
    const { db, sqlite } = s;
    const statements = new Map<string, SQLite.Statement>();
    const cached = (text: string) => {
      const statement = statements.get(text) ?? sqlite.prepare(text);
      statements.set(text, statement);
      return statement;
    };
    const overflow = 'SELECT abs(?) AS v';
    expect(() => allRows(cached(overflow), [-9223372036854775808n])).toThrow(/integer overflow/);
    expect(cached(overflow).all([-2])).toEqual([{ v: 2 }]);

    sqlite.exec('CREATE TEMP TABLE widened (a INTEGER)');
    sqlite.exec('INSERT INTO widened (a) VALUES (1)');
    const every = 'SELECT * FROM widened';
    expect(allRows(cached(every), [])).toEqual([{ a: 1 }]);
    sqlite.exec("ALTER TABLE widened ADD COLUMN b TEXT DEFAULT 'x'");
    expect(allRows(cached(every), [])).toEqual([{ a: 1, b: 'x' }]);
    expect(cached(every).all()).toEqual([{ a: 1, b: 'x' }]);
    // The same SQL through Kysely's driver (the connection's statement cache) still gets objects.
    expect((await db.executeQuery(CompiledQuery.raw('SELECT team_id FROM teams LIMIT 1'))).rows).toEqual([
      { team_id: expect.any(String) },
    ]);
  });

  it('rejects a failing statement instead of throwing', () => {
    const failing = execute(s.db, CompiledQuery.raw('SELECT * FROM no_such_table'));
    expect(failing).toBeInstanceOf(Promise);
    return expect(failing).rejects.toThrow(/no such table/);
  });

  it('leaves a store it was not told about to Kysely', async () => {
    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      const executeQuery = vi.spyOn(db, 'executeQuery');
      const select = CompiledQuery.raw('SELECT 1 AS one');
      expect((await execute(db, select)).rows).toEqual([{ one: 1 }]);
      expect(executeQuery).toHaveBeenCalledTimes(1);
    } finally {
      await db.destroy();
    }
  });
});
