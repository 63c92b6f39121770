/**
 * Migration 0019 on a database that already has notifications and mutes, on both
 * engines: every row stays as it was, the indexes are back, the two new kinds are taken
 * and an unknown kind is still refused.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/connection';
import { migrations, postgresMigrations, type Migration } from '../../db/migrations';
import { openPostgres } from '../../db/postgres';
import { postgresAvailable, startPostgres, type PostgresServer } from '../fixtures/postgres-server';
import { ownConnectionPerTest } from '../fixtures/temp-dir';
import type { NotificationKind } from '../../db/schema';

const own = ownConnectionPerTest();

const NOTES = [1, 2].map((id) => ({
  id,
  user_id: 'u1',
  kind: (id === 1 ? 'report_overdue' : 'match_moved') as NotificationKind,
  title: `t${id}`,
  body: `b${id}`,
  link: '/main',
  dedupe_key: id === 1 ? 'overdue:1:report' : null,
  created_at: '2026-06-15T10:00:00.000Z',
  read_at: null,
  task: id === 1 ? 'report:1' : null,
  resolved_at: null,
}));

async function before0019(db: DB): Promise<void> {
  await db
    .insertInto('users')
    .values({ id: 'u1', name: 'U1', email: 'u1@example.test', password_hash: 'x', user_type: 'player' })
    .execute();
  await db.insertInto('notifications').values(NOTES).execute();
  await db
    .insertInto('notification_mutes')
    .values({ id: 7, user_id: 'u1', kind: 'player_suspended' })
    .execute();
}

async function check(db: DB): Promise<void> {
  expect(await db.selectFrom('notifications').selectAll().orderBy('id').execute()).toEqual(NOTES);
  expect(await db.selectFrom('notification_mutes').selectAll().execute()).toEqual([
    { id: 7, user_id: 'u1', kind: 'player_suspended' },
  ]);
  // The dedupe index stands: the same key cannot be stored twice.
  await expect(
    db
      .insertInto('notifications')
      .values({ ...NOTES[0], id: 3 } as never)
      .execute(),
  ).rejects.toThrow();
  await db
    .insertInto('notifications')
    .values({ ...NOTES[1], id: 4, kind: 'availability_reminder' } as never)
    .execute();
  await db.insertInto('notification_mutes').values({ user_id: 'u1', kind: 'squad_announced' }).execute();
  await expect(
    db
      .insertInto('notifications')
      .values({ ...NOTES[1], id: 5, kind: 'no_such_kind' } as never)
      .execute(),
  ).rejects.toThrow(/check/i);
}

async function upgrade(db: DB, list: readonly Migration[]): Promise<void> {
  for (const migration of list.filter((m) => m.version < 19)) await migration.up(db);
  await before0019(db);
  await list.find((m) => m.version === 19)?.up(db);
}

describe('migration 0019_availability_reminders', () => {
  it('keeps every notification and mute on SQLite, and takes the new kinds', async () => {
    const connection = own.keep(openDatabase(':memory:'));
    await upgrade(connection.db, migrations);
    await check(connection.db);
    const indexes = connection.sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notifications' ORDER BY name",
      )
      .all()
      .map((row) => (row as { name: string }).name);
    expect(indexes).toEqual([
      'notifications_once',
      'notifications_open_task',
      'notifications_unread',
      'notifications_user',
      'notifications_user_task',
    ]);
  });

  describe.skipIf(!postgresAvailable())('on PostgreSQL', () => {
    let server: PostgresServer | undefined;
    beforeAll(async () => {
      server = await startPostgres();
    }, 120_000);
    afterAll(() => server?.stop());

    it('keeps every notification and mute, and takes the new kinds', async () => {
      if (!server) throw new Error('no server');
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE kinds_migration');
      await admin.end();
      const connection = await openPostgres({ url: server.urlOf('kinds_migration'), poolMax: 2 });
      try {
        await upgrade(connection.db, postgresMigrations);
        await check(connection.db);
      } finally {
        await connection.close();
      }
    }, 60_000);
  });
});
