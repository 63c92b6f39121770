/**
 * GET /api/search?term=: the tiny league plus a few players chosen to exercise the
 * ranking, Unicode folding, LIKE metacharacters and a player who left his team.
 */
import { sqliteOf, TEST_ENGINE } from '../fixtures/engine';
import fc from 'fast-check';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchRank, searchByName, SEARCH_RESULT_LIMIT } from '../../api/data/search';
import { CACHE } from '../../api/http/cache';
import { SearchResultSchema } from '../../api/schemas';
import { openAndMigrate, type DB } from '../../db/connection';
import type { Database } from '../../db/schema';
import { referenceSearch } from '../bench/search-scale';
import { makeTestApp } from '../fixtures/app';
import { buildTinyLeague, insertPlayer, insertTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';
import { searchName, searchWorld } from '../fixtures/search-alphabet';

const SearchResponse = z.strictObject({ results: z.array(SearchResultSchema) });

/** Extra names on North Town's roster (shirt numbers from 10) and one more team. */
async function addExtras(db: DB) {
  const extras: [string, string, string | null][] = [
    ['jose', 'José Álvarez', 'north.town'],
    ['zoe', 'Zoë Ng', 'north.town'],
    ['hans', 'Hans Straße', 'north.town'],
    ['percent', '100% Effort', 'north.town'],
    ['under', 'Under_Score Smith', 'north.town'],
    ['slash', 'Back\\Slash', 'north.town'],
    ['ken', 'Ken', 'north.town'],
    ['ken.dodd', 'Ken Dodd', 'north.town'],
    ['kenny', 'Kenny Dalglish', 'north.town'],
    ['bo.kent', 'Bo Kent', 'north.town'],
    ['al.kenz', 'Al Kenz', 'north.town'],
    ['kennedy', 'Mark Kennedy', 'north.town'],
    ['hakken', 'Hakken', 'north.town'],
    ['left', 'Left Town Leaver', null],
    ['left.ken', 'Ken Gone', null],
  ];
  let number = 10;
  for (const [id, name, team] of extras) {
    await insertPlayer(db, { id, name, team_id: team, number: number++, position: 'Midfielder' });
  }
  await insertTeam(db, { team_id: 'kensington', team_name: 'Kensington', league_id: 'tl-26' });
}

const t = withFixture(
  async () => {
    const app = await makeTestApp();
    await buildTinyLeague(app.connection.db);
    await addExtras(app.connection.db);
    return app;
  },
  { perTest: true },
);

async function search(term: string) {
  const response = await t.app.request(`/api/search?term=${encodeURIComponent(term)}`);
  expect(response.status, term).toBe(200);
  return SearchResponse.parse(await response.json()).results;
}

const names = (results: { name: string }[]) => results.map((r) => r.name);

describe('GET /api/search', () => {
  it('ranks exact, prefix, word-start then substring matches; shorter then alphabetical within a rank', async () => {
    expect(await search('ken')).toEqual([
      { type: 'player', id: 'ken', name: 'Ken' },
      { type: 'player', id: 'ken.dodd', name: 'Ken Dodd' },
      { type: 'team', id: 'kensington', name: 'Kensington' },
      { type: 'player', id: 'kenny', name: 'Kenny Dalglish' },
      { type: 'player', id: 'al.kenz', name: 'Al Kenz' },
      { type: 'player', id: 'bo.kent', name: 'Bo Kent' },
      { type: 'player', id: 'kennedy', name: 'Mark Kennedy' },
      { type: 'player', id: 'hakken', name: 'Hakken' },
    ]);
  });

  it('matches case-insensitively, with the same order for any spelling of the term', async () => {
    const expected = await search('ken');
    expect(await search('KEN')).toEqual(expected);
    expect(await search('kEn')).toEqual(expected);
    // Fullwidth letters decompose to plain ones.
    expect(await search('ＫＥＮ')).toEqual(expected);
  });

  it('finds teams and their players, a team before its longer-named players', async () => {
    expect(await search('north')).toEqual([
      { type: 'team', id: 'north.town', name: 'North Town' },
      { type: 'player', id: 'nt.gk', name: 'North Town Keeper' },
      { type: 'player', id: 'nt.fwd', name: 'North Town Forward' },
      { type: 'player', id: 'nt.def', name: 'North Town Defender' },
      { type: 'player', id: 'nt.mid', name: 'North Town Midfielder' },
    ]);
    expect(names(await search('  north   town  '))).toEqual([
      'North Town',
      'North Town Keeper',
      'North Town Forward',
      'North Town Defender',
      'North Town Midfielder',
    ]);
  });

  it('leaves out players who left their team', async () => {
    // 'Left Town Leaver' and 'Ken Gone' have no team.
    expect(names(await search('town'))).toEqual([
      'North Town',
      'North Town Keeper',
      'North Town Forward',
      'North Town Defender',
      'North Town Midfielder',
    ]);
    expect(await search('leaver')).toEqual([]);
    expect(names(await search('gone'))).toEqual([]);
  });

  it('names a league "<league_name> <season>", once per league id', async () => {
    expect(await search('league')).toEqual([
      { type: 'league', id: 'tl-25', name: 'Tiny League 2025' },
      { type: 'league', id: 'tl-26', name: 'Tiny League 2026' },
    ]);
    expect(await search('tiny league 2026')).toEqual([
      { type: 'league', id: 'tl-26', name: 'Tiny League 2026' },
    ]);
    expect(await search('2025')).toEqual([{ type: 'league', id: 'tl-25', name: 'Tiny League 2025' }]);
  });

  it('ignores diacritics and folds case the Unicode way', async () => {
    const jose = [{ type: 'player', id: 'jose', name: 'José Álvarez' }];
    expect(await search('jose')).toEqual(jose);
    expect(await search('JOSÉ')).toEqual(jose);
    expect(await search('alvarez')).toEqual(jose);
    expect(await search('Jose\u0301')).toEqual(jose);
    expect(names(await search('zoe'))).toEqual(['Zoë Ng']);
    expect(names(await search('STRASSE'))).toEqual(['Hans Straße']);
    expect(names(await search('straße'))).toEqual(['Hans Straße']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(names(await search('0%'))).toEqual(['100% Effort']);
    expect(names(await search('%'.repeat(2)))).toEqual([]);
    expect(names(await search('_s'))).toEqual(['Under_Score Smith']);
    expect(names(await search('__'))).toEqual([]);
    expect(names(await search('k\\s'))).toEqual(['Back\\Slash']);
    expect(names(await search('\\\\'))).toEqual([]);
    expect(names(await search("' OR 1=1 --"))).toEqual([]);
  });

  it('answers at most 20 results, the best ones', async () => {
    for (let i = 1; i <= 25; i++) {
      await insertPlayer(t.connection.db, {
        id: `cap.${i}`,
        name: `Cap Player ${String(i).padStart(2, '0')}`,
        team_id: 'south.city',
        number: 100 + i,
        position: 'Defender',
      });
    }
    const results = await search('cap player');
    expect(results).toHaveLength(20);
    expect(results.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => `cap.${i + 1}`));
    // A term matching nearly every name is capped too.
    expect(await search('er')).toHaveLength(20);
  });

  it('answers no results for a term that matches nothing', async () => {
    expect(await search('zzz')).toEqual([]);
    expect(await search('⚽⚽')).toEqual([]);
    expect(await search('x'.repeat(100))).toEqual([]);
  });

  it('is revalidated with an ETag', async () => {
    const response = await t.app.request('/api/search?term=north');
    expect(response.headers.get('cache-control')).toBe(CACHE.revalidate);
    const tag = response.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await t.app.request('/api/search?term=north', { headers: { 'If-None-Match': tag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('refuses a term shorter than 2 or longer than 100 characters, counted in code points', async () => {
    const cases: [string, string][] = [
      ['term=', 'Search term must be at least 2 characters'],
      ['term=a', 'Search term must be at least 2 characters'],
      ['term=%20%20a%20%20', 'Search term must be at least 2 characters'],
      [`term=${encodeURIComponent('é')}`, 'Search term must be at least 2 characters'],
      // One code point, two UTF-16 units.
      [`term=${encodeURIComponent('⚽')}`, 'Search term must be at least 2 characters'],
      [`term=${'x'.repeat(101)}`, 'Search term must be at most 100 characters'],
      [`term=${encodeURIComponent('é'.repeat(101))}`, 'Search term must be at most 100 characters'],
      ['', "Invalid query parameter 'term': is required"],
      ['q=north', "Invalid query parameter 'term': is required"],
      ['term=north&term=south', "Invalid query parameter 'term': must be given once"],
    ];
    for (const [query, detail] of cases) {
      const response = await t.app.request(`/api/search?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toEqual({ detail });
    }
  });
});

describe('search folding and ranking rules', () => {
  it('folds case, width and diacritics', () => {
    expect(foldForSearch('José Álvarez')).toBe('jose alvarez');
    expect(foldForSearch('Straße')).toBe('strasse');
    expect(foldForSearch('ＡＢＣ')).toBe('abc');
    expect(foldForSearch('  a \u00a0 b ')).toBe('a b');
  });

  it('ranks a match by where it starts', () => {
    expect(matchRank('ken', 'ken')).toBe(0);
    expect(matchRank('kenny', 'ken')).toBe(1);
    expect(matchRank('mark kennedy', 'ken')).toBe(2);
    expect(matchRank("o'kenny", 'ken')).toBe(2);
    expect(matchRank('hakken ken', 'ken')).toBe(2);
    expect(matchRank('hakken', 'ken')).toBe(3);
    expect(matchRank('ben', 'ken')).toBeNull();
    expect(matchRank('anything', '')).toBeNull();
  });
});

/**
 * The index only narrows: every answer must equal the O(n) algorithm search had before
 * it (referenceSearch, in tests/bench/search-scale.ts), on the same data.
 */
describe('search over the index answers as the scan of every name did', () => {
  /** Also with few: 0, i.e. rank after rank even where one read of every match would do. */
  const expectAsReference = async (db: DB, terms: string[]) => {
    for (const term of terms) {
      const expected = await referenceSearch(db, term);
      expect(await searchByName(db, term), JSON.stringify(term)).toEqual(expected);
      expect(await searchByName(db, term, { few: 0 }), JSON.stringify(term)).toEqual(expected);
    }
  };

  it('cuts a tie of equal lengths at the limit by name, then type, then id', async () => {
    const { db } = t.connection;
    // 60 players' names of one length starting with 'zed': 30 that sort last, added
    // first (so that they fill the first page of candidates, ahead in rowid order),
    // then 15 in every case and accent, each twice; one is also a team's. A league
    // 'Zed 2026' is longer.
    let number = 200;
    for (let i = 0; i < 30; i++) {
      await insertPlayer(db, {
        id: `zed.filler.${i}`,
        name: `Zed ${'mnp'[i % 3] ?? ''}${i % 10}`,
        team_id: 'east.united',
        number: number++,
        position: 'Forward',
      });
    }
    const tails = ['Aa', 'aA', 'ÁA', 'ab', 'AB', 'áb', 'ba', 'Bá', 'zz', 'Zz', 'Ø1', 'o2', 'Ö2', "'x", '-x'];
    for (const [i, tail] of tails.entries()) {
      for (const team of ['north.town', 'south.city']) {
        await insertPlayer(db, {
          id: `zed.${i}.${team}`,
          name: `Zed ${tail}`,
          team_id: team,
          number: number++,
          position: 'Forward',
        });
      }
    }
    await insertTeam(db, { team_id: 'zed.team', team_name: 'Zed ab', league_id: 'tl-26' });
    await db
      .insertInto('leagues')
      .values({ league_id: 'zed.league', league_name: 'Zed', season: '2026', status: 'active' })
      .execute();
    const results = await search('zed');
    expect(await searchByName(db, 'zed', { few: 0 })).toEqual(results);
    expect(results).toHaveLength(SEARCH_RESULT_LIMIT);
    // Punctuation sorts before letters, then case and accents break ties; the limit
    // falls between two players of the same name.
    expect(results.map((result) => `${result.name}|${result.type}|${result.id}`)).toEqual([
      'Zed -x|player|zed.14.north.town',
      'Zed -x|player|zed.14.south.city',
      "Zed 'x|player|zed.13.north.town",
      "Zed 'x|player|zed.13.south.city",
      'Zed aA|player|zed.1.north.town',
      'Zed aA|player|zed.1.south.city',
      'Zed Aa|player|zed.0.north.town',
      'Zed Aa|player|zed.0.south.city',
      'Zed ÁA|player|zed.2.north.town',
      'Zed ÁA|player|zed.2.south.city',
      'Zed ab|player|zed.3.north.town',
      'Zed ab|player|zed.3.south.city',
      'Zed ab|team|zed.team',
      'Zed AB|player|zed.4.north.town',
      'Zed AB|player|zed.4.south.city',
      'Zed áb|player|zed.5.north.town',
      'Zed áb|player|zed.5.south.city',
      'Zed ba|player|zed.6.north.town',
      'Zed ba|player|zed.6.south.city',
      'Zed Bá|player|zed.7.north.town',
    ]);
    await expectAsReference(db, ['zed', 'ZED', 'zed a', 'zed ab', 'ed', 'd a', 'zed 2026', 'a', 'x']);
  });

  it('looks past a page of exact matches for the one prefix match left', async () => {
    const { db } = t.connection;
    // With 'Ken' there are 19 exact matches for 'ken'; a page of candidates for
    // "starts with" (12 at that point) holds only exact ones.
    for (let i = 0; i < 18; i++) {
      await insertPlayer(db, {
        id: `ken.${i}`,
        name: ['KEN', 'Kén', 'ken', 'Ｋen'][i % 4] ?? '',
        team_id: 'south.city',
        number: 300 + i,
        position: 'Defender',
      });
    }
    const results = await searchByName(db, 'ken', { few: 0 });
    expect(await search('ken')).toEqual(results);
    expect(results.filter((result) => foldForSearch(result.name) === 'ken')).toHaveLength(19);
    expect(results[19]).toEqual({ type: 'player', id: 'ken.dodd', name: 'Ken Dodd' });
    await expectAsReference(db, ['ken', 'KEN', 'en', 'e', 'n']);
  });

  it('finds substrings of one or two letters, quotes and NUL', async () => {
    const { db } = t.connection;
    // PostgreSQL text cannot hold NUL: there the name is stored without it.
    const nul = TEST_ENGINE === 'postgres' ? 'Nul' : 'Nul\u0000';
    const odd = ['Ana Martínez', 'Søren Sørensen', 'The "Wall" Smith', `${nul}Char`, 'Mc"Quote', 'x'];
    for (const [i, name] of odd.entries()) {
      await insertPlayer(db, {
        id: `odd.${i}`,
        name,
        team_id: 'west.rangers',
        number: 400 + i,
        position: 'Forward',
      });
    }
    expect(names(await search('ez'))).toEqual(['Ana Martínez', 'José Álvarez']);
    expect(await searchByName(db, 'ø')).toEqual([{ type: 'player', id: 'odd.1', name: 'Søren Sørensen' }]);
    expect(names(await search('"wall"'))).toEqual(['The "Wall" Smith']);
    expect(names(await search('c"q'))).toEqual(['Mc"Quote']);
    expect(names(await searchByName(db, 'l\u0000c'))).toEqual(
      TEST_ENGINE === 'postgres' ? [] : ['Nul\u0000Char'],
    );
    await expectAsReference(db, [
      'ez',
      'z',
      'ø',
      'o',
      'e',
      '"',
      '""',
      'l\u0000',
      '\u0000',
      'x',
      'X',
      'th',
      'h',
      'ü',
      // A lone surrogate (no URL can carry one) is matched as JavaScript does.
      '\ud83d',
      'a\udc00',
    ]);
  });

  it.runIf(TEST_ENGINE === 'sqlite')(
    'reads no table but the index, and that only through its indexes',
    async () => {
      const sqlite = sqliteOf(t.connection);
      const queries: CompiledQuery[] = [];
      // The same database through a Kysely that logs what it runs (not destroyed: that
      // would close the fixture's handle).
      const logged = new Kysely<Database>({
        dialect: new SqliteDialect({ database: sqlite }),
        log: (event) => {
          if (event.level === 'query') queries.push(event.query);
        },
      });
      for (const term of [
        'ken',
        'town',
        'north town keeper',
        'zzz',
        'e',
        'ez',
        '_s',
        '"',
        'tiny league 2025',
      ]) {
        await searchByName(logged, term);
      }
      expect(queries.length).toBeGreaterThan(9);
      for (const query of queries) {
        expect(query.sql).not.toMatch(/\b(players|teams|leagues)\b/);
        const plan = sqlite
          .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
          .all(...query.parameters)
          .map((row) => (row as { detail: string }).detail);
        for (const step of plan) {
          // search_text: a MATCH; search_text_vocab: a range of terms; search_names: by key.
          if (step.startsWith('SCAN')) expect(step, query.sql).toMatch(/VIRTUAL TABLE INDEX [1-9]\d*:/);
          expect(step, query.sql).not.toMatch(/TEMP B-TREE/);
        }
      }
    },
  );
});

describe('search over the index, property-based', () => {
  const name = searchName;
  const world = fc.record({
    ...searchWorld({ players: 70, leagues: 4, terms: 6 }),
    changes: fc.array(fc.record({ player: fc.nat(), name, team: fc.nat(3) }), { maxLength: 6 }),
  });

  it('answers as the scan of every name, before and after names change', async () => {
    await fc.assert(
      fc.asyncProperty(world, async ({ players, teams, leagues, terms, changes }) => {
        const connection = await openAndMigrate(':memory:');
        try {
          const { db, sqlite } = connection;
          leagues.forEach((league, i) =>
            sqlite
              .prepare(
                `INSERT INTO leagues (league_id, league_name, season, status) VALUES (?, ?, ?, 'active')`,
              )
              .run(`l${i}`, league.name, league.season),
          );
          teams.forEach((team, i) =>
            sqlite.prepare(`INSERT INTO teams (team_id, team_name) VALUES (?, ?)`).run(`t${i}`, team),
          );
          const teamOf = (team: number) => (team < teams.length ? `t${team}` : null);
          players.forEach((player, i) =>
            sqlite
              .prepare(
                `INSERT INTO players (id, team_id, name, number, position) VALUES (?, ?, ?, ?, 'Forward')`,
              )
              .run(`p${i}`, teamOf(player.team), player.name, i),
          );
          const check = async () => {
            for (const term of terms) {
              const expected = await referenceSearch(db, term);
              expect(await searchByName(db, term), JSON.stringify(term)).toEqual(expected);
              expect(await searchByName(db, term, { few: 0 }), JSON.stringify(term)).toEqual(expected);
            }
          };
          await check();
          if (players.length === 0) return;
          for (const change of changes) {
            sqlite
              .prepare('UPDATE players SET name = ?, team_id = ? WHERE id = ?')
              .run(change.name, teamOf(change.team), `p${change.player % players.length}`);
          }
          sqlite.prepare(`DELETE FROM teams WHERE team_id = 't0'`).run();
          await check();
        } finally {
          await connection.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
