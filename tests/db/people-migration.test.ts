/**
 * Migration 0015 on a database that already has staff: each account gets the membership
 * its user_type and team_id describe, a player's linked to their roster record, and a
 * fan or a teamless coach none.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { ownConnectionPerTest } from '../fixtures/temp-dir';

const own = ownConnectionPerTest();

describe('migration 0015_people', () => {
  it('gives existing staff their memberships', async () => {
    const { db } = own.keep(openDatabase(':memory:'));
    for (const migration of migrations.filter((m) => m.version < 15)) await migration.up(db);
    await db
      .insertInto('leagues')
      .values({ league_id: 'l-26', league_name: 'L', season: '2026', status: 'active' } as never)
      .execute();
    await db
      .insertInto('teams')
      .values({ team_id: 't1', team_name: 'T1', league_id: 'l-26' } as never)
      .execute();
    const user = (id: string, user_type: string, team_id: string | null) => ({
      id,
      name: id,
      email: `${id}@example.test`,
      password_hash: 'x',
      user_type,
      team_id,
    });
    await db
      .insertInto('users')
      .values([
        user('root', 'super_admin', null),
        user('coach', 'coach', 't1'),
        user('owner', 'owner', 't1'),
        user('player', 'player', 't1'),
        user('loose', 'coach', null),
        user('fan', 'fan', null),
        user('manager', 'manager', null),
      ] as never)
      .execute();
    await db
      .insertInto('players')
      .values({ id: 'p1', user_id: 'player', team_id: 't1', name: 'P One', number: 9, position: 'Forward' })
      .execute();
    const m0015 = migrations.find((m) => m.version === 15);
    await m0015?.up(db);
    const rows = await db
      .selectFrom('memberships')
      .select(['user_id', 'role', 'league_id', 'team_id', 'player_id'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: 'coach', role: 'coach', league_id: null, team_id: 't1', player_id: null },
      { user_id: 'owner', role: 'owner', league_id: null, team_id: 't1', player_id: null },
      { user_id: 'player', role: 'player', league_id: null, team_id: 't1', player_id: 'p1' },
      { user_id: 'root', role: 'super_admin', league_id: null, team_id: null, player_id: null },
    ]);
  });
});
