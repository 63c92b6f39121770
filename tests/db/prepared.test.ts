/**
 * Prepared statements (db/prepared.ts): built and compiled once per dialect adapter,
 * each call binding its own arguments, and refused at the first run when an argument
 * would not be exactly one bound parameter.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openAndMigrate, type DB } from '../../db/connection';
import { prepared } from '../../db/prepared';
import { buildTinyLeague } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

async function two() {
  const first = await openAndMigrate(':memory:');
  const second = await openAndMigrate(':memory:');
  await buildTinyLeague(first.db);
  await buildTinyLeague(second.db);
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
    },
  };
}

const s = withFixture(two);

describe('a prepared statement', () => {
  it('builds once per database and binds each call its own arguments', async () => {
    let builds = 0;
    const team = prepared((db: DB, a: { teamId: string; min: number }) => {
      builds += 1;
      return db
        .selectFrom('players')
        .select('id')
        .where('team_id', '=', a.teamId)
        .where('number', '>=', a.min)
        .where('position', '!=', 'Coach')
        .orderBy('number');
    });
    const { db } = s.first;
    expect(await team.all(db, { teamId: 'north.town', min: 5 })).toEqual([
      { id: 'nt.mid' },
      { id: 'nt.fwd' },
    ]);
    expect(await team.all(db, { teamId: 'south.city', min: 9 })).toEqual([{ id: 'sc.fwd' }]);
    expect(await team.first(db, { teamId: 'nobody', min: 0 })).toBeUndefined();
    // Inside a transaction of the same database: no new build.
    await db.transaction().execute((trx) => team.all(trx, { teamId: 'north.town', min: 1 }));
    expect(builds).toBe(1);
    expect(await team.all(s.second.db, { teamId: 'east.united', min: 9 })).toEqual([{ id: 'eu.fwd' }]);
    expect(builds).toBe(2);
  });

  it('answers what a write changed', async () => {
    const rename = prepared((db: DB, a: { name: string; id: string }) =>
      db.updateTable('teams').set({ team_name: a.name }).where('team_id', '=', a.id),
    );
    const result = await rename.run(s.first.db, { name: 'North Town FC', id: 'north.town' });
    expect(result.numAffectedRows).toBe(1n);
    expect(
      await s.first.db
        .selectFrom('teams')
        .select('team_name')
        .where('team_id', '=', 'north.town')
        .executeTakeFirst(),
    ).toEqual({ team_name: 'North Town FC' });
  });

  it('refuses an argument that is not a bound parameter or that the builder asks about, and binds one used twice', async () => {
    const { db } = s.first;
    const list = prepared((db: DB, a: { ids: string[] }) =>
      db.selectFrom('players').select('id').where('id', 'in', a.ids),
    );
    await expect(list.all(db, { ids: ['nt.gk'] })).rejects.toThrow('Prepared argument "ids" is a list');
    const inlined = prepared((db: DB, a: { column: string }) =>
      db.selectFrom('players').select(sql.raw<string>(a.column).as('x')),
    );
    await expect(inlined.all(db, { column: 'name' })).rejects.toThrow('inlines an argument');
    const branching = prepared((db: DB, a: { id: string; byNumber: boolean }) =>
      db
        .selectFrom('players')
        .select('id')
        .where('id', '=', a.id)
        .orderBy(a.byNumber ? 'number' : 'name'),
    );
    await expect(branching.all(db, { id: 'nt.gk', byNumber: true })).rejects.toThrow(
      'Prepared argument "byNumber" is not a bound parameter',
    );
    // A builder that asks which arguments it was given would fix the answer at the first call.
    const asking = prepared((db: DB, a: { id: string } | { name: string }) =>
      db
        .selectFrom('players')
        .select('id')
        .where('id' in a ? 'id' : 'name', '=', 'id' in a ? a.id : a.name),
    );
    await expect(asking.all(db, { name: 'North Town Keeper' })).rejects.toThrow('asks whether it has "id"');
    const listing = prepared((db: DB, a: { id: string }) =>
      db.selectFrom('players').select('id').where('id', '=', Object.keys(a).join()),
    );
    await expect(listing.all(db, { id: 'nt.gk' })).rejects.toThrow('lists its arguments');
    const twice = prepared((db: DB, a: { id: string }) =>
      db.selectFrom('players').select('id').where('id', '=', a.id).where('id', '>=', a.id),
    );
    expect(await twice.all(db, { id: 'nt.gk' })).toEqual([{ id: 'nt.gk' }]);
  });
});
