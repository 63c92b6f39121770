/**
 * Filters and keyset pages of GET /api/teams and GET /api/leagues: pages
 * concatenate to the unpaged list, bad parameters are 400s that name them, and every
 * statement a filtered or paged list runs reads an index range in list order (no
 * temporary B-tree, no table scan), checked with EXPLAIN QUERY PLAN.
 */
import { sqliteOf } from '../fixtures/engine';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DB } from '../../db/connection';
import type { Database } from '../../db/schema';
import { listLeagues, type LeagueListRequest } from '../../api/data/leagues';
import { LEAGUES_PER_STATEMENT, listTeams, type TeamListRequest } from '../../api/data/teams';
import { decodeCursor, encodeCursor } from '../../api/http/list-query';
import { LeagueListSchema, TeamListSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTinyLeagueApp());

/**
 * Beside the tiny league (tl-26, tl-25): three more leagues in 2026 and one in 2024,
 * names that tie (ordered by id), and names whose order differs between UTF-16 and
 * SQLite's UTF-8 byte order ('ｚ' U+FF5A sorts before '𝕿' U+1D57F in SQLite); and a
 * 2030 season of more leagues than one statement merges, with one team each.
 */
const EXTRA_LEAGUES = [
  { league_id: 'alpha-26', league_name: 'Alpha League', season: '2026' },
  { league_id: 'beta-26', league_name: 'Beta League', season: '2026' },
  { league_id: 'beta-26b', league_name: 'Beta League', season: '2026' },
  { league_id: 'old-24', league_name: 'Old League', season: '2024' },
];
const WIDE_SEASON = '2030';
const WIDE_LEAGUES = LEAGUES_PER_STATEMENT + 7;
const TRICKY_NAMES = ['ｚ Town', '𝕿 Rovers', 'Élan FC', 'east united', 'Zebra FC', 'A FC', 'A FC', 'A FC'];

beforeAll(() => {
  const sqlite = sqliteOf(t.connection);
  const league = sqlite.prepare(
    "INSERT INTO leagues (league_id, league_name, season, status, location) VALUES (?, ?, ?, 'active', 'Here')",
  );
  const team = sqlite.prepare(
    "INSERT INTO teams (team_id, team_name, league_id, location, description) VALUES (?, ?, ?, 'Here', '')",
  );
  sqlite.transaction(() => {
    for (const l of EXTRA_LEAGUES) league.run(l.league_id, l.league_name, l.season);
    let n = 0;
    for (const l of EXTRA_LEAGUES) {
      for (const name of TRICKY_NAMES)
        team.run(`t${String(n++).padStart(3, '0')}.${l.league_id}`, name, l.league_id);
    }
    team.run('free.agents', 'Free Agents', null);
    for (let i = 0; i < WIDE_LEAGUES; i++) {
      const id = `wide-${String(i).padStart(3, '0')}`;
      league.run(id, `Wide ${i % 9}`, WIDE_SEASON);
      team.run(`w${i}.fc`, TRICKY_NAMES[i % TRICKY_NAMES.length] ?? 'X', id);
    }
  })();
});

interface Listing {
  status: number;
  body: unknown;
}
const get = (path: string): Promise<Listing> => t.get(path);

const TeamPage = TeamListSchema.required({ next_cursor: true });
const LeaguePage = LeagueListSchema.required({ next_cursor: true });

/** Follows next_cursor from the first page of `path` with `limit`; every page's rows, in order. */
async function allPages(path: string, limit: number, list: 'teams' | 'leagues'): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  const join = path.includes('?') ? '&' : '?';
  do {
    const url: string = `${path}${join}limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const { status, body } = await get(url);
    expect(status, url).toBe(200);
    if (list === 'teams') {
      const page = TeamPage.parse(body);
      pages.push(page.teams.map((team) => team.team_id));
      cursor = page.next_cursor;
    } else {
      const page = LeaguePage.parse(body);
      pages.push(page.leagues.map((league) => league.league_id));
      cursor = page.next_cursor;
    }
    expect(pages.length, 'pages never end').toBeLessThan(1000);
  } while (cursor !== null);
  return pages;
}

async function fullTeams(query = ''): Promise<string[]> {
  const { status, body } = await get(`/api/teams${query}`);
  expect(status).toBe(200);
  // The unpaged answer keeps its shape: no next_cursor.
  return z
    .strictObject({ teams: TeamListSchema.shape.teams })
    .parse(body)
    .teams.map((team) => team.team_id);
}

async function fullLeagues(query = ''): Promise<string[]> {
  const { body } = await get(`/api/leagues${query}`);
  return z
    .strictObject({ leagues: LeagueListSchema.shape.leagues })
    .parse(body)
    .leagues.map((league) => league.league_id);
}

describe('GET /api/teams filters', () => {
  it('keeps the teams of one league, or of the leagues of one season, in list order', async () => {
    const all = await fullTeams();
    const rows = sqliteOf(t.connection)
      .prepare('SELECT t.team_id, l.season FROM teams t LEFT JOIN leagues l ON l.league_id = t.league_id')
      .all() as { team_id: string; season: string | null }[];
    const seasonOf = new Map(rows.map((row) => [row.team_id, row.season]));
    expect(all).toHaveLength(rows.length);
    expect(await fullTeams('?league_id=tl-26')).toEqual([
      'east.united',
      'north.town',
      'south.city',
      'west.rangers',
    ]);
    // A colon prefix is ignored, as for the league routes.
    expect(await fullTeams('?league_id=region:beta-26')).toEqual(all.filter((id) => id.endsWith('.beta-26')));
    for (const season of ['2026', '2024', WIDE_SEASON]) {
      expect(await fullTeams(`?season=${season}`), season).toEqual(
        all.filter((id) => seasonOf.get(id) === season),
      );
    }
    expect(await fullTeams('?season=2026&league_id=alpha-26')).toEqual(
      all.filter((id) => id.endsWith('.alpha-26')),
    );
    // Nothing matches: an empty list, not an error.
    expect(await fullTeams('?season=2026&league_id=old-24')).toEqual([]);
    expect(await fullTeams('?league_id=no-such-league')).toEqual([]);
    expect(await fullTeams('?season=1999')).toEqual([]);
    // tl-25 has no registered teams (its teams moved up to tl-26).
    expect(await fullTeams('?season=2025')).toEqual([]);
  });

  it('orders names as SQLite does (UTF-8 bytes), also across statements of a wide season', async () => {
    const names = (await listTeams(t.connection.db, { season: WIDE_SEASON })).rows.map(
      (team) => team.team_name,
    );
    const sqliteOrder = sqliteOf(t.connection)
      .prepare(
        `SELECT t.team_name FROM teams t JOIN leagues l ON l.league_id = t.league_id
           WHERE l.season = ? ORDER BY t.team_name, t.team_id`,
      )
      .pluck()
      .all(WIDE_SEASON) as string[];
    expect(names).toEqual(sqliteOrder);
    expect(names.indexOf('ｚ Town')).toBeLessThan(names.indexOf('𝕿 Rovers'));
  });
});

describe('GET /api/teams and /api/leagues pages', () => {
  it.each([
    ['/api/teams', 'teams'],
    ['/api/teams?season=2026', 'teams'],
    ['/api/teams?league_id=beta-26', 'teams'],
    [`/api/teams?season=${WIDE_SEASON}`, 'teams'],
    ['/api/leagues', 'leagues'],
    ['/api/leagues?season=2026', 'leagues'],
    [`/api/leagues?season=${WIDE_SEASON}`, 'leagues'],
  ] as const)('%s: pages of every size concatenate to the unpaged list', async (path, list) => {
    const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
    const full = list === 'teams' ? await fullTeams(query) : await fullLeagues(query);
    expect(full.length).toBeGreaterThan(1);
    for (const limit of [1, 2, 3, 7, full.length - 1, full.length, full.length + 1, 200]) {
      if (limit < 1 || limit > 200) continue;
      const pages = await allPages(path, limit, list);
      expect(pages.flat(), `limit ${limit}`).toEqual(full);
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      expect(pages.at(-1)?.length).toBeGreaterThan(0);
    }
  });

  it('answers next_cursor null on the last page, and an empty page for an empty list', async () => {
    expect((await get('/api/teams?league_id=tl-26&limit=4')).body).toMatchObject({ next_cursor: null });
    expect((await get('/api/teams?league_id=tl-26&limit=5')).body).toMatchObject({ next_cursor: null });
    expect((await get('/api/teams?league_id=nothing&limit=5')).body).toEqual({
      teams: [],
      next_cursor: null,
    });
    const first = TeamPage.parse((await get('/api/teams?league_id=tl-26&limit=3')).body);
    expect(first.teams.map((team) => team.team_id)).toEqual(['east.united', 'north.town', 'south.city']);
    expect(first.next_cursor).toEqual(expect.any(String));
    // The cursor is opaque but carries the last row's sort key.
    expect(decodeCursor('teams', first.next_cursor ?? '')).toEqual(['South City', 'south.city']);
  });

  it('answers the rest of the list to a cursor without limit', async () => {
    const cursor = encodeCursor('teams', ['North Town', 'north.town']);
    expect((await get(`/api/teams?league_id=tl-26&cursor=${cursor}`)).body).toMatchObject({
      teams: [{ team_id: 'south.city' }, { team_id: 'west.rangers' }],
      next_cursor: null,
    });
    const leagues = encodeCursor('leagues', ['2026', 'Beta League', 'beta-26b']);
    const { body } = await get(`/api/leagues?cursor=${leagues}`);
    expect(
      LeaguePage.parse(body)
        .leagues.map((l) => l.league_id)
        .slice(0, 3),
    ).toEqual(['tl-26', 'tl-25', 'old-24']);
  });

  it('places a cursor of another season before or after the season asked for', async () => {
    const ids = async (cursor: readonly string[]) =>
      LeaguePage.parse(
        (await get(`/api/leagues?season=2026&cursor=${encodeCursor('leagues', cursor)}`)).body,
      ).leagues.map((league) => league.league_id);
    const season2026 = await fullLeagues('?season=2026');
    expect(season2026).toEqual(['alpha-26', 'beta-26', 'beta-26b', 'tl-26']);
    expect(await ids(['2027', 'Zed', 'zed'])).toEqual(season2026);
    expect(await ids(['2025', 'A', 'a'])).toEqual([]);
    expect(await ids(['2026', 'Beta League', 'beta-26'])).toEqual(['beta-26b', 'tl-26']);
  });

  it('keeps its place when rows are added or removed between pages', async () => {
    const first = TeamPage.parse((await get('/api/teams?league_id=tl-26&limit=2')).body);
    expect(first.teams.map((team) => team.team_id)).toEqual(['east.united', 'north.town']);
    const sqlite = sqliteOf(t.connection);
    sqlite.exec(
      "INSERT INTO teams (team_id, team_name, league_id) VALUES ('aaa.fc', 'AAA FC', 'tl-26'), ('pp.fc', 'P FC', 'tl-26')",
    );
    try {
      const next = TeamPage.parse(
        (await get(`/api/teams?league_id=tl-26&limit=2&cursor=${first.next_cursor ?? ''}`)).body,
      );
      // AAA FC sorts before the cursor: not repeated, not shifting the page.
      expect(next.teams.map((team) => team.team_id)).toEqual(['pp.fc', 'south.city']);
    } finally {
      sqlite.exec("DELETE FROM teams WHERE team_id IN ('aaa.fc', 'pp.fc')");
    }
  });

  it('keeps Cache-Control and ETag answers on paged lists', async () => {
    const leagues = await t.get('/api/leagues?limit=1');
    expect(leagues.headers.get('cache-control')).toBe('public, max-age=300');
    const teams = await t.get('/api/teams?limit=1');
    expect(teams.headers.get('cache-control')).toBe('no-cache');
    const again = await t.app.request('/api/teams?limit=1', {
      headers: { 'If-None-Match': teams.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('bad list parameters', () => {
  const teamsCursor = encodeCursor('teams', ['North Town', 'north.town']);
  const leaguesCursor = encodeCursor('leagues', ['2026', 'Tiny League', 'tl-26']);
  const [body, check] = teamsCursor.split('.') as [string, string];
  const edited = Buffer.from(
    Buffer.from(body, 'base64url').toString('utf8').replace('North', 'South'),
  ).toString('base64url');
  const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;

  it.each([
    ['/api/teams?limit=0', 'limit', 'must be a positive whole number'],
    ['/api/teams?limit=201', 'limit', 'must be at most 200'],
    ['/api/teams?limit=abc', 'limit', 'must be a positive whole number'],
    ['/api/teams?limit=1.5', 'limit', 'must be a positive whole number'],
    ['/api/teams?limit=-3', 'limit', 'must be a positive whole number'],
    ['/api/teams?limit=', 'limit', 'must be a positive whole number'],
    ['/api/teams?limit=1&limit=2', 'limit', 'must be given once'],
    ['/api/leagues?limit=0', 'limit', 'must be a positive whole number'],
    ['/api/leagues?limit=201', 'limit', 'must be at most 200'],
    ['/api/leagues?limit=ten', 'limit', 'must be a positive whole number'],
    ['/api/teams?cursor=', 'cursor', 'is not a cursor of this list'],
    ['/api/teams?cursor=abc', 'cursor', 'is not a cursor of this list'],
    ['/api/teams?cursor=%00%FF', 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${'A'.repeat(5000)}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${edited}.${check}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${body}.${flip(check)}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${flip(body)}.${check}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${body}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${leaguesCursor}`, 'cursor', 'is not a cursor of this list'],
    [`/api/leagues?cursor=${teamsCursor}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${teamsCursor}&cursor=${teamsCursor}`, 'cursor', 'must be given once'],
    // Written by the API's own encoder, but not a sort key of the list.
    [`/api/teams?cursor=${encodeCursor('teams', ['only one'])}`, 'cursor', 'is not a cursor of this list'],
    [`/api/teams?cursor=${encodeCursor('teams', ['a', 'b', 'c'])}`, 'cursor', 'is not a cursor'],
    [`/api/leagues?cursor=${encodeCursor('leagues', ['26', 'x', 'y'])}`, 'cursor', 'is not a cursor'],
    ['/api/teams?season=26', 'season', 'must be a four-digit year'],
    ['/api/teams?season=2026&season=2025', 'season', 'must be given once'],
    ['/api/teams?league_id=', 'league_id', 'is required'],
    ['/api/teams?league_id=region:', 'league_id', 'is required'],
    ['/api/teams?league_id=%01x', 'league_id', 'contains control characters'],
    [`/api/teams?league_id=${'x'.repeat(201)}`, 'league_id', 'is too long'],
    ['/api/teams?league_id=a&league_id=b', 'league_id', 'must be given once'],
  ])('%s → 400 naming %s', async (path, name, message) => {
    const { status, body: answer } = await get(path);
    expect(status, path).toBe(400);
    expect(answer, path).toEqual({
      detail: expect.stringContaining(`Invalid query parameter '${name}': ${message}`),
    });
  });

  it('still ignores query keys it does not know, as before', async () => {
    expect((await get('/api/teams?page=2')).body).toEqual(await get('/api/teams').then((r) => r.body));
  });
});

/** The statements `run` sends, with their parameters, through a logging Kysely on the same database. */
async function statementsOf(run: (db: DB) => Promise<unknown>): Promise<CompiledQuery[]> {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqliteOf(t.connection) }),
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  await run(db);
  return queries;
}

/** EXPLAIN QUERY PLAN of each statement, one detail line per step. */
async function plansOf(run: (db: DB) => Promise<unknown>): Promise<string[][]> {
  const statements = await statementsOf(run);
  expect(statements.length).toBeGreaterThan(0);
  return statements.map((query) =>
    (
      sqliteOf(t.connection)
        .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
        .all(...query.parameters) as {
        detail: string;
      }[]
    ).map((row) => row.detail),
  );
}

/** A plan that sorts nothing and reads every table through an index range (SEARCH). */
function expectIndexRangesOnly(plans: string[][], label: string): void {
  for (const plan of plans) {
    expect(plan.join('\n'), label).not.toMatch(/TEMP B-TREE/);
    for (const step of plan.filter((line) => /^(SCAN|SEARCH) /.test(line))) {
      expect(step, `${label}: ${plan.join(' | ')}`).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \(/);
    }
  }
}

const TEAM_RANGE_IN_LEAGUE = /teams_league_name \(league_id=\? AND \(team_name,team_id\)>\(\?,\?\)\)/;

describe('query plans of the lists (EXPLAIN QUERY PLAN)', () => {
  const teamKey = ['North Town', 'north.town'] as const;
  const leagueKey = ['2026', 'Tiny League', 'tl-26'] as const;
  // Each call, and the index range its list statement must read (the last step of the plan).
  const teamCalls: [string, TeamListRequest, RegExp][] = [
    ['league', { leagueId: 'tl-26' }, /teams_league_name \(league_id=\?\)/],
    ['league, page', { leagueId: 'tl-26', limit: 2 }, /teams_league_name \(league_id=\?\)/],
    ['league, after', { leagueId: 'tl-26', limit: 2, after: teamKey }, TEAM_RANGE_IN_LEAGUE],
    ['season', { season: '2026' }, /teams_league_name \(league_id=\?\)/],
    ['season, page', { season: '2026', limit: 5 }, /teams_league_name \(league_id=\?\)/],
    ['season, after', { season: '2026', limit: 5, after: teamKey }, TEAM_RANGE_IN_LEAGUE],
    [
      'season and league, after',
      { season: '2026', leagueId: 'beta-26', limit: 5, after: teamKey },
      TEAM_RANGE_IN_LEAGUE,
    ],
    ['wide season, after', { season: WIDE_SEASON, limit: 5, after: teamKey }, TEAM_RANGE_IN_LEAGUE],
    ['all, after', { limit: 5, after: teamKey }, /teams_name \(\(team_name,team_id\)>\(\?,\?\)\)/],
    ['all, rest after', { after: teamKey }, /teams_name \(\(team_name,team_id\)>\(\?,\?\)\)/],
  ];
  const leagueCalls: [string, LeagueListRequest, RegExp][] = [
    ['season', { season: '2026' }, /leagues_season_name \(season=\?\)/],
    ['season, page', { season: '2026', limit: 2 }, /leagues_season_name \(season=\?\)/],
    [
      'season, after',
      { season: '2026', limit: 2, after: leagueKey },
      /leagues_season_name \(season=\? AND \(league_name,league_id\)>\(\?,\?\)\)/,
    ],
    [
      'season, after a newer season',
      { season: '2026', limit: 2, after: ['2027', 'A', 'a'] },
      /leagues_season_name \(season=\?\)/,
    ],
    ['all, after', { limit: 2, after: leagueKey }, /leagues_season_name \(season<\?\)/],
  ];

  for (const analyzed of [false, true]) {
    describe(analyzed ? 'with ANALYZE statistics' : 'without statistics', () => {
      beforeAll(() => {
        if (analyzed) sqliteOf(t.connection).exec('ANALYZE');
      });

      it.each(teamCalls)('teams (%s) read index ranges in list order', async (label, request, range) => {
        const plans = await plansOf((db) => listTeams(db, request));
        expectIndexRangesOnly(plans, label);
        expect(plans.at(-1)?.at(-1), label).toMatch(range);
      });

      it.each(leagueCalls)('leagues (%s) read index ranges in list order', async (label, request, range) => {
        const plans = await plansOf((db) => listLeagues(db, request));
        expectIndexRangesOnly(plans, label);
        expect(plans.at(-1)?.at(-1), label).toMatch(range);
      });

      it('merges the leagues of a season in one statement, one index range each', async () => {
        const plans = await plansOf((db) => listTeams(db, { season: '2026', limit: 5 }));
        expect(plans).toHaveLength(2); // the season's leagues, then their teams
        expect(plans[1]?.filter((step) => step.startsWith('MERGE'))).not.toHaveLength(0);
        expect(
          plans[1]?.filter((step) => step.startsWith('SEARCH teams USING INDEX teams_league_name')),
        ).toHaveLength(4);
      });

      it('walks the name index for the first page of all teams, no sort', async () => {
        const [statement] = await statementsOf((db) => listTeams(db, { limit: 5 }));
        expect(statement?.sql).toMatch(/ limit \?$/);
        const plans = await plansOf((db) => listTeams(db, { limit: 5 }));
        expect(plans).toEqual([['SCAN teams USING INDEX teams_name']]);
        // Unpaged lists keep index order too: the whole list is never sorted.
        expect(await plansOf((db) => listTeams(db))).toEqual([['SCAN teams USING INDEX teams_name']]);
        expect(await plansOf((db) => listLeagues(db))).toEqual([
          ['SCAN leagues USING INDEX leagues_season_name'],
        ]);
        expect(await plansOf((db) => listLeagues(db, { limit: 5 }))).toEqual([
          ['SCAN leagues USING INDEX leagues_season_name'],
        ]);
      });
    });
  }
});

describe('/api/openapi.json', () => {
  it('documents the filters, the page parameters and next_cursor', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const names = (path: string) => doc.paths[path]?.get.parameters.map((param) => param.name);
    expect(names('/api/teams')).toEqual(['league_id', 'season', 'limit', 'cursor']);
    expect(names('/api/leagues')).toEqual(['season', 'limit', 'cursor']);
    expect(doc.components.schemas.TeamList?.properties).toHaveProperty('next_cursor');
    expect(doc.components.schemas.LeagueList?.properties).toHaveProperty('next_cursor');
  });
});
