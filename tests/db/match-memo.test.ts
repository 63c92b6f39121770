/**
 * Match lists remember each match's row, events and squads by match revision
 * (migration 0006). Whatever path changes a match, the remembered answer must equal a
 * fresh read (inside a transaction nothing is remembered, so that is the reference), and
 * a rebuild after a change to one match reads that match's events and squads alone.
 */
import { Kysely, sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openAndMigrate, withStatementCache, type Connection } from '../../db/connection';
import type { Database } from '../../db/schema';
import { FairSqliteDialect } from '../../db/sqlite-dialect';
import { listMatches, type MatchFilter } from '../../api/data/matches';
import { jsonListBytes } from '../../api/http/read';

const jsonListText = (items: readonly object[]) => jsonListBytes(items).toString();
import { buildTinyLeague, updateMatch } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

const LEAGUE: MatchFilter = { leagueId: 'tl-26', season: '2026' };

async function tinyLeague() {
  const connection: Connection = await openAndMigrate(':memory:');
  const { matchIds: ids } = await buildTinyLeague(connection.db);
  return { connection, ids, close: () => connection.close() };
}

const s = withFixture(tinyLeague);

/** The list as remembered, and as read afresh inside a transaction. */
async function bothWays() {
  const { db } = s.connection;
  const remembered = await listMatches(db, LEAGUE);
  const fresh = await db.transaction().execute((trx) => listMatches(trx, LEAGUE));
  return { remembered, fresh };
}

async function expectFresh() {
  const { remembered, fresh } = await bothWays();
  expect(remembered).toEqual(fresh);
  return remembered;
}

describe('remembered matches', () => {
  it('stay equal to a fresh read whatever path changes a match', async () => {
    const { db, sqlite } = s.connection;
    const m1 = s.ids.m1;
    await expectFresh();
    // The API's way, through Kysely.
    await db.deleteFrom('match_events').where('match_id', '=', m1).where('kind', '=', 'assist').execute();
    expect((await expectFresh()).find((m) => m.id === m1)?.assisters).toEqual([]);
    // The table editor's way: the raw handle, an UPDATE moving an event to another match.
    const goal = sqlite
      .prepare(`SELECT id FROM match_events WHERE match_id = ? AND kind = 'goal' LIMIT 1`)
      .pluck()
      .get(m1) as number;
    sqlite.prepare('UPDATE match_events SET match_id = ? WHERE id = ?').run(s.ids.m2, goal);
    const moved = await expectFresh();
    expect(moved.find((m) => m.id === m1)?.goalscorers).toHaveLength(2);
    expect(moved.find((m) => m.id === s.ids.m2)?.goalscorers).toHaveLength(1);
    // A saved squad, replacing the one saved before.
    await db.deleteFrom('match_squads').where('match_id', '=', s.ids.m8).execute();
    await db
      .insertInto('match_squads')
      .values([
        { match_id: s.ids.m8, team_id: 'north.town', player_id: 'nt.gk' },
        { match_id: s.ids.m8, team_id: 'north.town', player_id: 'nt.fwd' },
      ])
      .execute();
    expect((await expectFresh()).find((m) => m.id === s.ids.m8)?.home_players).toEqual(['nt.gk', 'nt.fwd']);
  });

  it('follow a changed result and a renamed team', async () => {
    const { db, sqlite } = s.connection;
    await expectFresh();
    await updateMatch(db, s.ids.m2, { home_score: 7 });
    sqlite
      .prepare(
        `UPDATE teams SET team_name = 'North Town Reborn', logo = 'reborn.svg' WHERE team_id = 'north.town'`,
      )
      .run();
    const after = await expectFresh();
    expect(after.find((m) => m.id === s.ids.m2)?.home_score).toBe(7);
    const m1 = after.find((m) => m.id === s.ids.m1);
    expect([m1?.home_team_name, m1?.home_team_logo]).toEqual(['North Town Reborn', 'reborn.svg']);
  });

  it('follow the roster of a team without a saved squad, and only there', async () => {
    const { db } = s.connection;
    const { m1, m8 } = s.ids;
    const before = await expectFresh();
    expect(before.find((m) => m.id === m1)?.home_players).toEqual(['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd']);
    await db
      .insertInto('players')
      .values({
        id: 'nt.new',
        team_id: 'north.town',
        name: 'North Town Signing',
        number: 99,
        position: 'Forward',
      })
      .execute();
    const signed = await expectFresh();
    expect(signed.find((m) => m.id === m1)?.home_players).toEqual([
      'nt.gk',
      'nt.def',
      'nt.mid',
      'nt.fwd',
      'nt.new',
    ]);
    // m8's home squad is saved: a signing is not in it.
    expect(signed.find((m) => m.id === m8)?.home_players).toEqual(
      before.find((m) => m.id === m8)?.home_players,
    );
    await db.deleteFrom('players').where('id', '=', 'nt.new').execute();
    expect((await expectFresh()).find((m) => m.id === m1)?.home_players).toEqual([
      'nt.gk',
      'nt.def',
      'nt.mid',
      'nt.fwd',
    ]);
  });

  it('are not taken from a savepoint that was rolled back', async () => {
    const { db } = s.connection;
    const m3 = s.ids.m3;
    await expectFresh();
    await db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT undone`.execute(trx);
      await trx
        .deleteFrom('match_events')
        .where('match_id', '=', m3)
        .where('kind', '=', 'goalkeeper')
        .execute();
      expect((await listMatches(trx, LEAGUE)).find((m) => m.id === m3)?.goalkeepers).toEqual([]);
      await sql`ROLLBACK TO undone`.execute(trx);
      // Two other deletions reach the same revision again, with other contents.
      await trx.deleteFrom('match_events').where('match_id', '=', m3).where('kind', '=', 'assist').execute();
      const again = (await listMatches(trx, LEAGUE)).find((m) => m.id === m3);
      expect(again?.goalkeepers).toHaveLength(2);
      expect(again?.assisters).toEqual([]);
    });
    const after = (await expectFresh()).find((m) => m.id === m3);
    expect(after?.goalkeepers).toHaveLength(2);
    expect(after?.assisters).toEqual([]);
  });

  it('are not taken for a new match that reuses a deleted match id', async () => {
    const { db } = s.connection;
    const last = s.ids.m10; // the highest id: SQLite hands it out again once it is deleted
    const [remembered] = await listMatches(db, { ids: [last] });
    expect(remembered?.goalscorers).toEqual(['sc.fwd']);
    await db.deleteFrom('matches').where('id', '=', last).execute();
    const reused = await db
      .insertInto('matches')
      .values({
        league_id: 'tl-26',
        season: '2026',
        match_date: '2026-06-28T14:00:00.000Z',
        home_team: 'south.city',
        away_team: 'east.united',
        location: 'Somewhere',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(reused.id).toBe(last);
    expect((await expectFresh()).find((m) => m.id === last)?.goalscorers).toEqual([]);
  });

  it('are shared by answers and cannot be edited through one of them', async () => {
    const [first] = await listMatches(s.connection.db, LEAGUE);
    expect(() => first?.goalscorers.push('someone')).toThrow(TypeError);
    expect(() => first?.home_players.push('someone')).toThrow(TypeError);
    expect(() => Object.assign(first ?? {}, { home_score: 9 })).toThrow(TypeError);
  });

  it('answer an unchanged match with the same object, written as JSON once', async () => {
    const { db, sqlite } = s.connection;
    const before = await listMatches(db, LEAGUE);
    const text = jsonListText(before);
    expect(text).toBe(JSON.stringify(before));
    await updateMatch(db, s.ids.m2, { home_score: 5 });
    const after = await listMatches(db, LEAGUE);
    for (const [index, match] of after.entries()) {
      if (match.id === s.ids.m2) expect(match).not.toBe(before[index]);
      else expect(match).toBe(before[index]);
    }
    expect(jsonListText(after)).toBe(JSON.stringify(after));
    // A crest changed alone is a new answer for that team's matches.
    sqlite.prepare(`UPDATE teams SET logo = 'new-crest.svg' WHERE team_id = 'west.rangers'`).run();
    const crest = await expectFresh();
    const theirs = crest.filter((m) => m.home_team === 'west.rangers' || m.away_team === 'west.rangers');
    expect(theirs.length).toBeGreaterThan(0);
    for (const match of theirs) {
      expect(match.home_team === 'west.rangers' ? match.home_team_logo : match.away_team_logo).toBe(
        'new-crest.svg',
      );
    }
    expect(jsonListText(crest)).toBe(JSON.stringify(crest));
  });

  it('keep JSON only for frozen objects (an object that can change is written afresh)', () => {
    const open = { a: 1 };
    expect(jsonListText([open])).toBe('[{"a":1}]');
    open.a = 2;
    expect(jsonListText([open])).toBe('[{"a":2}]');
    expect(jsonListText([])).toBe(JSON.stringify([]));
    const named = [Object.freeze({ name: 'Atlético Dorf' }), { name: 'Ümit ✓' }];
    expect(jsonListBytes(named, 'matches').equals(Buffer.from(JSON.stringify({ matches: named })))).toBe(
      true,
    );
  });

  it('make a rebuild after a change to one match read that match alone', async () => {
    const queries: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: new FairSqliteDialect({ database: withStatementCache(s.connection.sqlite) }),
      log: (event) => {
        queries.push(event.query);
      },
    });
    await listMatches(db, LEAGUE);
    const eventReads = () =>
      queries.filter((query) => /from "match_(events|squads)"|"m"\."id" in/i.test(query.sql));
    expect(eventReads().length).toBeGreaterThan(0);
    queries.length = 0;
    await listMatches(db, LEAGUE);
    expect(eventReads()).toEqual([]);
    await s.connection.db.deleteFrom('match_events').where('match_id', '=', s.ids.m4).execute();
    queries.length = 0;
    const rebuilt = await listMatches(db, LEAGUE);
    // Each statement takes its matches as one JSON list (db/dialect-sql.ts, `inList`).
    const m4 = JSON.stringify([s.ids.m4]);
    expect(eventReads().map((query) => query.parameters)).toEqual([[m4], [m4], [m4]]);
    expect(rebuilt).toEqual(await s.connection.db.transaction().execute((trx) => listMatches(trx, LEAGUE)));
  });
});
