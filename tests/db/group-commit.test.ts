/**
 * The write path's two pieces under the database layer: the fair connection lock (first
 * come, first served, one wake-up per release) and group commit (writes queued together
 * share one COMMIT, each in its own savepoint).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openAndMigrate, type Connection } from '../../db/connection';
import { GroupCommit } from '../../db/group-commit';
import type { Database } from '../../db/schema';
import { FairLock } from '../../db/sqlite-dialect';

describe('the fair lock', () => {
  it('hands the lock to waiters in the order they asked', async () => {
    const lock = new FairLock();
    const order: number[] = [];
    await lock.lock();
    const waiting = [1, 2, 3, 4].map((n) =>
      lock.lock().then(() => {
        order.push(n);
        lock.unlock();
      }),
    );
    lock.unlock();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3, 4]);
    // Free again: taken at once.
    await lock.lock();
    lock.unlock();
  });
});

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function leagueNames(db: Connection['db']): Promise<string[]> {
  return (await db.selectFrom('leagues').select('league_id').orderBy('league_id').execute()).map(
    (row) => row.league_id,
  );
}

function insertLeague(id: string) {
  return (trx: Parameters<Parameters<GroupCommit<Database>['run']>[0]>[0]) =>
    trx
      .insertInto('leagues')
      .values({ league_id: id, league_name: id, season: '2026', status: 'active' })
      .execute()
      .then(() => id);
}

/** Group commit over a fresh in-memory database, closed after the test. */
async function freshGroup() {
  connection = await openAndMigrate(':memory:');
  return { db: connection.db, group: new GroupCommit(connection.db) };
}

describe('group commit', () => {
  it('commits the writes queued together once, and answers each after the commit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-group-commit-'));
    try {
      connection = await openAndMigrate(path.join(dir, 'test.db'));
      const reader = new SQLite(path.join(dir, 'test.db'), { readonly: true });
      const group = new GroupCommit(connection.db);
      // What another connection sees when each write is answered: all four, at once.
      const seen = await Promise.all(
        ['a', 'b', 'c', 'd'].map((id) =>
          group
            .run(insertLeague(id))
            .then(() => reader.prepare('SELECT count(*) FROM leagues').pluck().get()),
        ),
      );
      reader.close();
      expect(seen).toEqual([4, 4, 4, 4]);
    } finally {
      await connection?.close();
      connection = undefined;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failed write alone and keeps the others of its batch', async () => {
    const { db, group } = await freshGroup();
    const results = await Promise.allSettled([
      group.run(insertLeague('kept-1')),
      group.run(async (trx) => {
        await insertLeague('undone')(trx);
        throw new Error('refused');
      }),
      group.run(insertLeague('kept-1')), // a duplicate key: fails on its own
      group.run(insertLeague('kept-2')),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(await leagueNames(db)).toEqual(['kept-1', 'kept-2']);
  });

  it('fails every write of a batch whose commit fails, and keeps none of them', async () => {
    const { db, group } = await freshGroup();
    // A deferred foreign key violated at COMMIT time makes the whole COMMIT fail.
    const results = await Promise.allSettled([
      group.run(insertLeague('first')),
      group.run(async (trx) => {
        await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
        await trx
          .insertInto('teams')
          .values({ team_id: 'orphan', team_name: 'Orphan', league_id: 'no-such-league' })
          .execute();
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await leagueNames(db)).toEqual([]);
  });

  it('runs a write queued alone in a transaction of its own, with no savepoint', async () => {
    const { db, group } = await freshGroup();
    // RELEASE of a savepoint that does not exist fails: inside a lone write there is none.
    const inside = await group.run(async (trx) => {
      await insertLeague('alone')(trx);
      return sql`RELEASE group_commit_job`.execute(trx).then(
        () => 'a savepoint',
        (error: unknown) => String(error),
      );
    });
    expect(inside).toMatch(/no such savepoint/);
    expect(await leagueNames(db)).toEqual(['alone']);
  });

  it('rejects a lone write with its own error and keeps nothing of it', async () => {
    const { db, group } = await freshGroup();
    const refused = group.run(async (trx) => {
      await insertLeague('undone')(trx);
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(await leagueNames(db)).toEqual([]);
    // The connection is free again: the next write commits.
    expect(await group.run(insertLeague('next'))).toBe('next');
    expect(await leagueNames(db)).toEqual(['next']);
  });

  it('rejects a lone write whose commit fails, and keeps nothing of it', async () => {
    const { db, group } = await freshGroup();
    const orphan = group.run(async (trx) => {
      await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
      await trx
        .insertInto('teams')
        .values({ team_id: 'orphan', team_name: 'Orphan', league_id: 'no-such-league' })
        .execute();
    });
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(await db.selectFrom('teams').select('team_id').execute()).toEqual([]);
  });

  it('runs writes that arrive while a batch is running in a later batch', async () => {
    const { db, group } = await freshGroup();
    let late: Promise<string> | undefined;
    const first = group.run(async (trx) => {
      late = group.run(insertLeague('late'));
      return insertLeague('early')(trx);
    });
    expect(await first).toBe('early');
    expect(await late).toBe('late');
    expect(await leagueNames(db)).toEqual(['early', 'late']);
  });

  it('counts as busy once its batches have lately held several writes each, and not after single ones', async () => {
    const { group } = await freshGroup();
    let n = 0;
    const batch = (size: number) =>
      Promise.all(Array.from({ length: size }, () => group.run(insertLeague(`l${(n += 1)}`))));
    for (let i = 0; i < 30; i++) await batch(1);
    expect(group.busy).toBe(false);
    for (let i = 0; i < 30; i++) await batch(2);
    expect(group.busy).toBe(false); // two writes at a time is not yet saturation
    for (let i = 0; i < 30; i++) await batch(8);
    expect(group.busy).toBe(true);
    for (let i = 0; i < 30; i++) await batch(1);
    expect(group.busy).toBe(false);
  });

  it('says a write is waiting from its queueing until its batch begins', async () => {
    const { group } = await freshGroup();
    expect(group.waiting).toBe(false);
    let inside: boolean | undefined;
    const write = group.run(async (trx) => {
      inside = group.waiting;
      return insertLeague('one')(trx);
    });
    expect(group.waiting).toBe(true);
    await write;
    expect(inside).toBe(false);
    expect(group.waiting).toBe(false);
  });

  it('runs a callback given while writes wait only after their answers (SQLite)', async () => {
    const { group } = await freshGroup();
    const order: string[] = [];
    const writes = ['a', 'b', 'c'].map((id) =>
      group.run(insertLeague(id)).then(async (value) => {
        // An answer is a few continuations away from the write's own settling.
        await Promise.resolve();
        await Promise.resolve();
        order.push(`answered ${value}`);
      }),
    );
    const after = new Promise<void>((resolve) =>
      group.whenAnswered(() => {
        order.push('callback');
        resolve();
      }),
    );
    await Promise.all([...writes, after]);
    expect(order).toEqual(['answered a', 'answered b', 'answered c', 'callback']);
  });
});
