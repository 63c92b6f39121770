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
import { execute } from '../../db/direct-sqlite';
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
