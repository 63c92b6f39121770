/**
 * Durable commits off the event loop (db/wal-sync.ts): the store runs with
 * synchronous=NORMAL and flushes the write-ahead log on the thread pool, and a change is
 * answered only after a flush that began after its COMMIT. The flush is replaced here by
 * one the test holds, counts or fails; the real one is fdatasync on `<file>-wal`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../api/app';
import { migrate, openDatabase, type SqliteConnection } from '../../db/connection';
import { DurabilityError, WalSync } from '../../db/wal-sync';
import { addRoleUsers } from '../fixtures/auth';
import { TEST_PASSWORD_COST, TEST_SECRET } from '../fixtures/app';
import { buildTinyLeague, NOW } from '../fixtures/factory';

/** A flush the test ends by hand: each call waits until `release` (or `fail`). */
function heldFlushes() {
  const calls: { fd: number; release(): void; fail(error: Error): void }[] = [];
  let waiters: (() => void)[] = [];
  return {
    calls,
    datasync: (fd: number) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ fd, release: resolve, fail: reject });
        for (const wake of waiters) wake();
        waiters = [];
      }),
    /** Settles once `count` flushes have begun. */
    begun: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (calls.length >= count ? resolve() : waiters.push(check));
        check();
      }),
  };
}

/** Lets pending promise callbacks and I/O run, so a promise that could settle has. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function tracked<T>(promise: Promise<T>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('WalSync', () => {
  it('flushes at once when none is running, and shares the next one among commits made meanwhile', async () => {
    const flushes = heldFlushes();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wal-'));
    fs.writeFileSync(path.join(dir, 'store.db-wal'), '');
    const wal = new WalSync(path.join(dir, 'store.db'), { datasync: flushes.datasync });

    const first = wal.flush();
    await flushes.begun(1);
    // Committed while the first flush runs: it may not have covered them.
    const second = wal.flush();
    const third = wal.flush();
    const secondState = tracked(second);
    await settle();
    expect(flushes.calls).toHaveLength(1);

    flushes.calls[0]?.release();
    await first;
    await flushes.begun(2);
    // The next flush began only after the first ended, and both waiters share it.
    expect(flushes.calls).toHaveLength(2);
    expect(secondState.settled).toBe(false);
    flushes.calls[1]?.release();
    await Promise.all([second, third]);
    expect(flushes.calls).toHaveLength(2);

    // Nothing running again: the next one begins at once.
    const fourth = wal.flush();
    await flushes.begun(3);
    flushes.calls[2]?.release();
    await fourth;
    await wal.close();
  });

  it('fails with a DurabilityError, and the next flush tries again', async () => {
    const flushes = heldFlushes();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wal-'));
    fs.writeFileSync(path.join(dir, 'store.db-wal'), '');
    const wal = new WalSync(path.join(dir, 'store.db'), { datasync: flushes.datasync });
    const failing = wal.flush();
    await flushes.begun(1);
    flushes.calls[0]?.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(failing).rejects.toBeInstanceOf(DurabilityError);
    const again = wal.flush();
    await flushes.begun(2);
    flushes.calls[1]?.release();
    await again;
    await wal.close();
  });

  it('flushes the log itself with fdatasync when not told otherwise', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wal-'));
    const connection = openDatabase(path.join(dir, 'store.db'));
    try {
      await migrate(connection.db);
      await sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES ('a', 'A', '2026', 'active')`.execute(
        connection.db,
      );
      // The log is open for flushing: one of this process's descriptors is `store.db-wal`.
      const logs = fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target === path.join(dir, 'store.db-wal'));
      expect(logs.length).toBeGreaterThanOrEqual(1);
    } finally {
      await connection.close();
    }
  });
});

describe('a store in WAL mode', () => {
  let connection: SqliteConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  async function openWith(flushes: ReturnType<typeof heldFlushes>): Promise<SqliteConnection> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wal-store-'));
    const file = path.join(dir, 'store.db');
    const opened = openDatabase(file, { walSync: { datasync: flushes.datasync } });
    connection = opened;
    const migrating = migrate(opened.db);
    // Migrating commits once: let it through.
    await flushes.begun(1);
    flushes.calls[0]?.release();
    await migrating;
    expect(opened.sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    return opened;
  }

  const insertLeague = (id: string) =>
    sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES (${id}, ${id}, '2026', 'active')`;

  it('answers a transaction only after the log is flushed, and flushes once for it', async () => {
    const flushes = heldFlushes();
    const store = await openWith(flushes);
    const file = store.sqlite.name;

    const writing = store.db.transaction().execute(async (trx) => {
      await insertLeague('a').execute(trx);
      await insertLeague('b').execute(trx);
      await trx.selectFrom('leagues').select('league_id').execute();
    });
    const state = tracked(writing);
    await flushes.begun(2);
    await settle();
    expect(state.settled).toBe(false);
    // The flush is of the log, begun after COMMIT: the rows are in it already.
    expect(fs.readlinkSync(`/proc/self/fd/${flushes.calls[1]?.fd}`)).toBe(`${file}-wal`);
    expect(store.sqlite.inTransaction).toBe(false);

    // Nothing else in this process reads the change before it is on disk: the
    // connection is held until the flush ends.
    const reading = store.db.selectFrom('leagues').select('league_id').orderBy('league_id').execute();
    const readState = tracked(reading);
    await settle();
    expect(readState.settled).toBe(false);

    flushes.calls[1]?.release();
    await writing;
    expect((await reading).map((row) => row.league_id)).toEqual(['a', 'b']);
    expect(flushes.calls).toHaveLength(2);
  });

  it('flushes after a change outside a transaction, and never for a read', async () => {
    const flushes = heldFlushes();
    const store = await openWith(flushes);

    const inserting = insertLeague('c').execute(store.db);
    await flushes.begun(2);
    const state = tracked(inserting);
    await settle();
    expect(state.settled).toBe(false);
    flushes.calls[1]?.release();
    await inserting;

    await store.db.selectFrom('leagues').selectAll().execute();
    await sql`SELECT count(*) AS n FROM leagues`.execute(store.db);
    await settle();
    expect(flushes.calls).toHaveLength(2);
  });

  it('fails a transaction whose flush fails, without rolling back what SQLite committed', async () => {
    const flushes = heldFlushes();
    const store = await openWith(flushes);
    const writing = store.db.transaction().execute((trx) => insertLeague('d').execute(trx));
    await flushes.begun(2);
    flushes.calls[1]?.fail(new Error('EIO'));
    await expect(writing).rejects.toBeInstanceOf(DurabilityError);
    expect(store.sqlite.inTransaction).toBe(false);
    // Committed, only not known to be on disk; the next write flushes again.
    const next = insertLeague('e').execute(store.db);
    await flushes.begun(3);
    flushes.calls[2]?.release();
    await next;
    const ids = await store.db.selectFrom('leagues').select('league_id').orderBy('league_id').execute();
    expect(ids.map((row) => row.league_id)).toEqual(['d', 'e']);
  });
});

describe('a write whose flush fails', () => {
  it('answers 503 with a detail, and the same Idempotency-Key replays it once the disk is back', async () => {
    let failing = true;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-wal-api-'));
    const connection = openDatabase(path.join(dir, 'store.db'), {
      walSync: {
        datasync: () =>
          failing ? Promise.reject(new Error('EIO: i/o error, fdatasync')) : Promise.resolve(),
      },
    });
    try {
      failing = false;
      await migrate(connection.db);
      await buildTinyLeague(connection.db);
      const tokens = await addRoleUsers(connection.db);
      const app = createApp(connection.db, {
        jwtSecret: TEST_SECRET,
        imagesDir: dir,
        passwordCost: TEST_PASSWORD_COST,
        now: () => NOW,
      });
      const create = () =>
        app.request('/api/teams', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${tokens.superAdmin}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': 'new-team-1',
          },
          body: JSON.stringify({ name: 'Harbour Athletic', location: 'Testshire' }),
        });

      failing = true;
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const refused = await create();
      expect(logged).toHaveBeenCalledWith(
        'Write not confirmed on disk',
        'POST',
        '/api/teams',
        expect.any(Error),
      );
      logged.mockRestore();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({
        detail: 'The change could not be confirmed as saved. Send it again.',
      });

      failing = false;
      const replayed = await create();
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      const teams = await connection.db
        .selectFrom('teams')
        .select('team_id')
        .where('team_name', '=', 'Harbour Athletic')
        .execute();
      expect(teams).toHaveLength(1);
    } finally {
      await connection.close();
    }
  });
});
