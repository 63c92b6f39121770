/**
 * GET /api/search?term=: the tiny league plus a few players chosen to exercise the
 * ranking, Unicode folding, LIKE metacharacters and a player who left his team.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchRank } from '../../api/data/search';
import { CACHE } from '../../api/http/cache';
import { SearchResultSchema } from '../../api/schemas';
import type { DB } from '../../db/connection';
import { makeTestApp } from '../fixtures/app';
import { buildTinyLeague, insertPlayer, insertTeam } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

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
