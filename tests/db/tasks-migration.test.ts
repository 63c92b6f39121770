/**
 * Migration 0016 on a database that already has notifications, on both engines: each one
 * about a result's work gets the task its link names, and those whose work is already
 * done (a report sent, a result decided) read as done and leave the unread count, so the
 * bell of an upgraded deployment is true from the start.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/connection';
import { migrations, postgresMigrations } from '../../db/migrations';
import { openPostgres } from '../../db/postgres';
import { postgresAvailable, startPostgres, type PostgresServer } from '../fixtures/postgres-server';
import { ownConnectionPerTest } from '../fixtures/temp-dir';

const own = ownConnectionPerTest();

/** Matches 1 (no report), 2 (pending), 3 (approved); a notification of each task about each. */
async function before0016(db: DB): Promise<void> {
  const values = (table: string, rows: object[]) =>
    db
      .insertInto(table as never)
      .values(rows as never)
      .execute();
  await values('leagues', [{ league_id: 'l-26', league_name: 'L', season: '2026', status: 'active' }]);
  await values('teams', [
    { team_id: 't1', team_name: 'T1', league_id: 'l-26' },
    { team_id: 't2', team_name: 'T2', league_id: 'l-26' },
  ]);
  await values('users', [
    { id: 'u1', name: 'U1', email: 'u1@example.test', password_hash: 'x', user_type: 'coach', team_id: 't1' },
  ]);
  const match = (id: number, approved: string) => ({
    id,
    league_id: 'l-26',
    season: '2026',
    match_date: '2026-06-14T14:00:00.000Z',
    home_team: 't1',
    away_team: 't2',
    approved,
    home_score: approved === '' ? null : 1,
    away_score: approved === '' ? null : 0,
  });
  await values('matches', [match(1, ''), match(2, 'PENDING'), match(3, 'TRUE')]);
  const note = (id: number, kind: string, link: string) => ({
    id,
    user_id: 'u1',
    kind,
    title: kind,
    body: kind,
    link,
    created_at: '2026-06-15T10:00:00.000Z',
    read_at: null,
  });
  await values('notifications', [
    note(1, 'report_overdue', '/manager/match-report?match=1'),
    note(2, 'report_to_review', '/manager/pending-results?match=2'),
    note(3, 'report_to_review', '/manager/decisions?league=l-26&match=3'),
    note(4, 'report_rejected', '/manager/match-report?match=2'),
    note(5, 'report_overdue', '/manager/pending-results?match=3'),
    note(6, 'match_moved', '/match/1'),
  ]);
}

async function afterwards(db: DB) {
  return db
    .selectFrom('notifications')
    .select(['id', 'task', 'resolved_at', 'read_at'])
    .orderBy('id')
    .execute();
}

const EXPECTED = [
  // Match 1 still has no report: its reminder stands.
  { id: 1, task: 'report:1', resolved_at: null, read_at: null },
  // Match 2 waits for its review: the request stands; the rejection before it was answered.
  { id: 2, task: 'review:2', resolved_at: null, read_at: null },
  // Match 3 is approved: nothing about it is asked any more.
  { id: 3, task: 'review:3', resolved_at: '2026-06-15T10:00:00.000Z', read_at: '2026-06-15T10:00:00.000Z' },
  { id: 4, task: 'report:2', resolved_at: '2026-06-15T10:00:00.000Z', read_at: '2026-06-15T10:00:00.000Z' },
  { id: 5, task: 'review:3', resolved_at: '2026-06-15T10:00:00.000Z', read_at: '2026-06-15T10:00:00.000Z' },
  // Not about work: no task.
  { id: 6, task: null, resolved_at: null, read_at: null },
];

describe('migration 0016_tasks_and_follows', () => {
  it('gives existing notifications their tasks on SQLite, done where the work is done', async () => {
    const { db } = own.keep(openDatabase(':memory:'));
    for (const migration of migrations.filter((m) => m.version < 16)) await migration.up(db);
    await before0016(db);
    await migrations.find((m) => m.version === 16)?.up(db);
    expect(await afterwards(db)).toEqual(EXPECTED);
  });

  describe.skipIf(!postgresAvailable())('on PostgreSQL', () => {
    let server: PostgresServer | undefined;
    beforeAll(async () => {
      server = await startPostgres();
    }, 120_000);
    afterAll(() => server?.stop());

    it('gives existing notifications their tasks, done where the work is done', async () => {
      if (!server) throw new Error('no server');
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE tasks_migration');
      await admin.end();
      const connection = await openPostgres({ url: server.urlOf('tasks_migration'), poolMax: 2 });
      try {
        const { db } = connection;
        for (const migration of postgresMigrations.filter((m) => m.version < 16)) await migration.up(db);
        await before0016(db);
        await postgresMigrations.find((m) => m.version === 16)?.up(db);
        expect(await afterwards(db)).toEqual(EXPECTED);
      } finally {
        await connection.close();
      }
    }, 60_000);
  });
});
