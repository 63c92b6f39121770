import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Selectable } from 'kysely';
import { openAndMigrate, type SqliteConnection } from '../../db/connection';
import { verifyPassword, type HashCost } from '../../db/password';
import type { MatchesTable } from '../../db/schema';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  ensureFirstAdmin,
  isDatabaseEmpty,
  seedDemoLeague,
  type DemoSummary,
} from '../../db/seed/demo-league';
import { createPrng } from '../../db/seed/prng';
import { doubleRoundRobin } from '../../db/seed/schedule';

type Sqlite = SqliteConnection['sqlite'];

const REFERENCE = new Date('2026-11-22T12:00:00Z');
const CHEAP: HashCost = { log2N: 10, r: 8, p: 1 };
const HOUR = 3_600_000;

const tempDirs: string[] = [];
const connections: SqliteConnection[] = [];

afterAll(async () => {
  for (const connection of connections) await connection.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Seeded {
  connection: SqliteConnection;
  sqlite: Sqlite;
  summary: DemoSummary;
  imagesDir: string;
}

async function seeded(referenceDate: Date, seed?: number): Promise<Seeded> {
  const connection = await openAndMigrate(':memory:');
  connections.push(connection);
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-seed-'));
  tempDirs.push(imagesDir);
  const summary = await seedDemoLeague(connection.db, {
    referenceDate,
    imagesDir,
    passwordCost: CHEAP,
    ...(seed === undefined ? {} : { seed }),
  });
  return { connection, sqlite: connection.sqlite, summary, imagesDir };
}

function all<T>(sqlite: Sqlite, query: string, ...params: unknown[]): T[] {
  return sqlite.prepare<unknown[], T>(query).all(...params);
}

function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}`);
  return value;
}

function count(sqlite: Sqlite, query: string, ...params: unknown[]): number {
  const row = sqlite.prepare<unknown[], { n: number }>(query).get(...params);
  return row?.n ?? Number.NaN;
}

/** Every table the app owns, each row in primary-key order: what "identical databases" means here. */
function dump(sqlite: Sqlite): Record<string, unknown[]> {
  const tables = all<{ name: string }>(
    sqlite,
    // schema_migrations records when the migration ran, which is the real clock by design.
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
       AND name <> 'schema_migrations' ORDER BY name`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const pk = all<{ name: string; pk: number }>(sqlite, `PRAGMA table_info(${name})`).find(
      (c) => c.pk === 1,
    );
    out[name] = all(sqlite, `SELECT * FROM ${name} ORDER BY ${pk?.name ?? 'rowid'}`);
  }
  return out;
}

type MatchRow = Selectable<MatchesTable>;

/** The invariants that hold for any seed and any reference date. */
function expectBelievableWorld(sqlite: Sqlite, referenceDate: Date): void {
  const year = referenceDate.getUTCFullYear();
  const yy = String(year % 100).padStart(2, '0');
  const previousYy = String((year - 1) % 100).padStart(2, '0');
  const now = referenceDate.toISOString();

  // Leagues: the same three for this season and the last.
  const leagues = all<{ league_id: string; season: string; status: string; location: string }>(
    sqlite,
    'SELECT league_id, season, status, location FROM leagues ORDER BY league_id',
  );
  const current = leagues.filter((l) => l.league_id.endsWith(`-${yy}`));
  const previous = leagues.filter((l) => l.league_id.endsWith(`-${previousYy}`));
  expect(leagues).toHaveLength(6);
  expect(current).toHaveLength(3);
  expect(previous).toHaveLength(3);
  expect(current.map((l) => l.league_id)).toContain(`mwpl-${yy}`);
  for (const league of current) {
    expect(league).toMatchObject({ season: String(year), status: 'active' });
    expect(league.location).not.toBe('');
  }
  for (const league of previous) {
    expect(league).toMatchObject({ season: String(year - 1), status: 'completed' });
    expect(league.location).not.toBe('');
  }
  expect(previous.map((l) => l.league_id.slice(0, -3))).toEqual(current.map((l) => l.league_id.slice(0, -3)));

  // Teams and rosters.
  const perLeague = all<{ league_id: string; n: number }>(
    sqlite,
    'SELECT league_id, count(*) AS n FROM teams GROUP BY league_id ORDER BY league_id',
  );
  expect(perLeague.map((r) => r.league_id)).toEqual(current.map((l) => l.league_id));
  for (const { n } of perLeague) {
    expect(n).toBeGreaterThanOrEqual(8);
    expect(n).toBeLessThanOrEqual(12);
    expect(n % 2).toBe(0);
  }
  expect(new Set(perLeague.map((r) => r.n)).size).toBeGreaterThan(1);

  const rosters = all<{
    team_id: string;
    logo: string | null;
    n: number;
    numbers: number;
    gk: number;
    def: number;
    mid: number;
    fw: number;
  }>(
    sqlite,
    `SELECT t.team_id, t.logo, count(p.id) AS n, count(DISTINCT p.number) AS numbers,
            sum(p.position_general = 'GK' AND p.position = 'Goalkeeper') AS gk,
            sum(p.position_general = 'DEF' AND p.position = 'Defender') AS def,
            sum(p.position_general = 'MID' AND p.position = 'Midfielder') AS mid,
            sum(p.position_general = 'FW' AND p.position = 'Forward') AS fw
       FROM teams t LEFT JOIN players p ON p.team_id = t.team_id
      GROUP BY t.team_id`,
  );
  for (const team of rosters) {
    expect(team.team_id).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)+$/);
    expect(team.logo).toBe(`${team.team_id}.svg`);
    expect(team.n).toBeGreaterThanOrEqual(16);
    expect(team.n).toBeLessThanOrEqual(22);
    expect(team.numbers).toBe(team.n);
    expect(team.gk).toBeGreaterThanOrEqual(2);
    expect(team.gk).toBeLessThanOrEqual(3);
    expect(team.def).toBeGreaterThanOrEqual(5);
    expect(team.def).toBeLessThanOrEqual(7);
    expect(team.mid).toBeGreaterThanOrEqual(5);
    expect(team.mid).toBeLessThanOrEqual(7);
    expect(team.fw).toBeGreaterThanOrEqual(3);
    expect(team.fw).toBeLessThanOrEqual(5);
    expect(team.gk + team.def + team.mid + team.fw).toBe(team.n);
  }
  expect(
    count(
      sqlite,
      `SELECT count(*) AS n FROM players WHERE number NOT BETWEEN 1 AND 30 OR photo_id <> id || '.svg'`,
    ),
  ).toBe(0);
  expect(count(sqlite, `SELECT count(*) AS n FROM players WHERE metrics <> '{}' OR bio = ''`)).toBe(0);
  expect(
    count(
      sqlite,
      `SELECT count(*) AS n FROM (SELECT team_id, name FROM players GROUP BY 1, 2 HAVING count(*) > 1)`,
    ),
  ).toBe(0);

  const staff = all<{ team_id: string; n: number; heads: number }>(
    sqlite,
    `SELECT t.team_id, count(c.id) AS n, sum(c.role = 'Head Coach') AS heads
       FROM teams t LEFT JOIN coaches c ON c.team_id = t.team_id GROUP BY t.team_id`,
  );
  for (const team of staff) {
    expect(team.n).toBeGreaterThanOrEqual(1);
    expect(team.n).toBeLessThanOrEqual(2);
    expect(team.heads).toBe(1);
  }
  // One namespace for people: a player and a coach never share an id.
  expect(
    count(sqlite, 'SELECT count(*) AS n FROM (SELECT id FROM players INTERSECT SELECT id FROM coaches)'),
  ).toBe(0);
  expect(
    count(
      sqlite,
      `SELECT count(*) AS n FROM players WHERE id NOT GLOB '[a-z0-9]*.[a-z0-9]*' OR id GLOB '*[^a-z0-9.]*'`,
    ),
  ).toBe(0);

  // Fixtures: a full double round-robin per league and season.
  const matches = all<MatchRow>(sqlite, 'SELECT * FROM matches ORDER BY id');
  const teamsOf = new Map(
    all<{ team_id: string; league_id: string }>(sqlite, 'SELECT team_id, league_id FROM teams').map((t) => [
      t.team_id,
      t.league_id,
    ]),
  );
  for (const league of leagues) {
    const code = league.league_id.slice(0, -3);
    const teamCount = perLeague.find((r) => r.league_id === `${code}-${yy}`)?.n ?? 0;
    const own = matches.filter((m) => m.league_id === league.league_id);
    expect(own).toHaveLength(teamCount * (teamCount - 1));
    expect(new Set(own.map((m) => `${m.home_team}>${m.away_team}`)).size).toBe(own.length);
    for (const m of own) {
      expect(m.season).toBe(league.season);
      expect(teamsOf.get(m.home_team)).toBe(`${code}-${yy}`);
      expect(teamsOf.get(m.away_team)).toBe(`${code}-${yy}`);
      expect(m.location).not.toBe('');
      expect(new Date(m.match_date).toISOString()).toBe(m.match_date);
    }
    // Every team plays once per matchday.
    const days = new Map<string, string[]>();
    for (const m of own) {
      const day = m.match_date.slice(0, 10);
      days.set(day, [...(days.get(day) ?? []), m.home_team, m.away_team]);
    }
    expect(days.size).toBe(2 * (teamCount - 1));
    for (const playing of days.values()) expect(new Set(playing).size).toBe(teamCount);
    if (league.status === 'active') {
      const upcomingDays = [...days.keys()].filter((day) =>
        own.some((m) => m.match_date.startsWith(day) && m.match_date > now),
      );
      expect(upcomingDays).toHaveLength(3);
      expect(own.filter((m) => m.match_date > now)).toHaveLength((3 * teamCount) / 2);
    } else {
      expect(own.every((m) => m.match_date < now && m.approved === 'TRUE')).toBe(true);
    }
  }

  // Anything dated before "now" has finished; anything after carries no result.
  for (const m of matches) {
    if (m.match_date > now) {
      expect(m).toMatchObject({ approved: '', home_score: null, away_score: null, reported_by_team: null });
    } else {
      expect(new Date(m.match_date).getTime() + 2 * HOUR).toBeLessThanOrEqual(referenceDate.getTime());
    }
    expect(m.approved === '').toBe(m.home_score === null);
    expect(m.home_score === null).toBe(m.away_score === null);
    expect(m.reported_by_user).toBeNull();
    expect(m.reviewed_by_user).toBeNull();
    if (m.approved === 'TRUE') {
      expect(m.reported_by_team).toBe(m.home_team);
      // '' sorts before any date, so a missing timestamp fails these comparisons.
      const reported = m.reported_at ?? '';
      const reviewed = m.reviewed_at ?? '';
      expect(reported > m.match_date).toBe(true);
      expect(reviewed > reported).toBe(true);
      expect(reviewed <= now).toBe(true);
    }
    if (m.approved === 'PENDING') {
      expect([m.home_team, m.away_team]).toContain(m.reported_by_team);
      const reported = m.reported_at ?? '';
      expect(reported > m.match_date && reported <= now).toBe(true);
      expect(m.reviewed_at).toBeNull();
    }
    if (m.approved === '')
      expect([m.reported_by_team, m.reported_at, m.reviewed_at]).toEqual([null, null, null]);
  }
  expect(matches.filter((m) => m.approved === 'PENDING').length).toBeGreaterThanOrEqual(3);
  expect(matches.filter((m) => m.approved === '' && m.match_date < now).length).toBeGreaterThanOrEqual(2);
  const scores = matches
    .filter((m) => m.home_score !== null)
    .flatMap((m) => [m.home_score ?? 0, m.away_score ?? 0]);
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  expect(mean).toBeGreaterThan(0.8);
  expect(mean).toBeLessThan(2.2);
  expect(scores.filter((s) => s <= 4).length / scores.length).toBeGreaterThan(0.9);

  // Upcoming fixtures for every team; none left over from last season.
  const upcoming = all<{ team_id: string; n: number }>(
    sqlite,
    `SELECT t.team_id, count(m.id) AS n FROM teams t
       LEFT JOIN matches m ON t.team_id IN (m.home_team, m.away_team) AND m.season = ? AND m.match_date > ?
      GROUP BY t.team_id`,
    String(year),
    now,
  );
  for (const team of upcoming) expect(team.n).toBeGreaterThanOrEqual(2);
  expect(
    count(
      sqlite,
      'SELECT count(*) AS n FROM matches WHERE season = ? AND match_date > ?',
      String(year - 1),
      now,
    ),
  ).toBe(0);

  // Results add up: goals = score, assists <= goals, one keeper per side.
  const tallies = all<{
    id: number;
    hs: number;
    as: number;
    hg: number;
    ag: number;
    ha: number;
    aa: number;
    hk: number;
    ak: number;
  }>(
    sqlite,
    `SELECT m.id, m.home_score AS hs, m.away_score AS "as",
            sum(e.kind = 'goal' AND e.team_id = m.home_team) AS hg,
            sum(e.kind = 'goal' AND e.team_id = m.away_team) AS ag,
            sum(e.kind = 'assist' AND e.team_id = m.home_team) AS ha,
            sum(e.kind = 'assist' AND e.team_id = m.away_team) AS aa,
            sum(e.kind = 'goalkeeper' AND e.team_id = m.home_team) AS hk,
            sum(e.kind = 'goalkeeper' AND e.team_id = m.away_team) AS ak
       FROM matches m LEFT JOIN match_events e ON e.match_id = m.id
      WHERE m.approved <> '' GROUP BY m.id`,
  );
  expect(tallies.length).toBe(matches.filter((m) => m.approved !== '').length);
  for (const t of tallies) {
    expect([t.hg, t.ag]).toEqual([t.hs, t.as]);
    expect(t.ha).toBeLessThanOrEqual(t.hg);
    expect(t.aa).toBeLessThanOrEqual(t.ag);
    expect([t.hk, t.ak]).toEqual([1, 1]);
  }
  const squads = all<{ match_id: number; team_id: string; n: number; gk: number }>(
    sqlite,
    `SELECT s.match_id, s.team_id, count(*) AS n, sum(p.position_general = 'GK') AS gk
       FROM match_squads s JOIN players p ON p.id = s.player_id GROUP BY s.match_id, s.team_id`,
  );
  expect(squads).toHaveLength(2 * tallies.length);
  for (const squad of squads) {
    expect(squad.n).toBeGreaterThanOrEqual(14);
    expect(squad.n).toBeLessThanOrEqual(16);
    expect(squad.gk).toBeGreaterThanOrEqual(1);
  }
  const misplaced = [
    // an event or squad entry for a side that is not in the match
    `SELECT count(*) AS n FROM match_events e JOIN matches m ON m.id = e.match_id WHERE e.team_id NOT IN (m.home_team, m.away_team)`,
    `SELECT count(*) AS n FROM match_squads s JOIN matches m ON m.id = s.match_id WHERE s.team_id NOT IN (m.home_team, m.away_team)`,
    // a player credited to a team he does not play for
    `SELECT count(*) AS n FROM match_events e JOIN players p ON p.id = e.player_id WHERE p.team_id IS NOT e.team_id`,
    `SELECT count(*) AS n FROM match_squads s JOIN players p ON p.id = s.player_id WHERE p.team_id IS NOT s.team_id`,
    // an event by a player who was not in the squad
    `SELECT count(*) AS n FROM match_events e WHERE NOT EXISTS (SELECT 1 FROM match_squads s
       WHERE s.match_id = e.match_id AND s.team_id = e.team_id AND s.player_id = e.player_id)`,
    // keepers keep goal and do not score
    `SELECT count(*) AS n FROM match_events e JOIN players p ON p.id = e.player_id
      WHERE (e.kind = 'goalkeeper') <> (p.position_general = 'GK') AND e.kind <> 'assist'`,
    // nothing recorded for a match without a report
    `SELECT count(*) AS n FROM match_events e JOIN matches m ON m.id = e.match_id WHERE m.approved = ''`,
    `SELECT count(*) AS n FROM match_squads s JOIN matches m ON m.id = s.match_id WHERE m.approved = ''`,
  ];
  for (const query of misplaced) expect(count(sqlite, query), query).toBe(0);

  // News: recent, linked inside the app, pictured with a real crest.
  const news = all<{
    league_id: string | null;
    title: string;
    link: string;
    image: string;
    description: string;
    published_at: string;
  }>(sqlite, 'SELECT * FROM league_news ORDER BY id');
  expect(news.length).toBeGreaterThanOrEqual(6);
  expect(news.length).toBeLessThanOrEqual(10);
  expect(news.filter((n) => n.league_id === `mwpl-${yy}`).length).toBeGreaterThan(news.length / 2);
  for (const item of news) {
    expect(item.link).toMatch(/^\/(leagues|match|player|team)\//);
    const team = /^\/api\/images\/teams\/(.+)\.svg$/.exec(item.image)?.[1];
    expect(team && teamsOf.has(team)).toBe(true);
    expect(item.title).not.toMatch(/[{}]/);
    expect(item.description).not.toMatch(/[{}]/);
    expect(item.published_at <= now).toBe(true);
    expect(new Date(item.published_at).getTime()).toBeGreaterThan(referenceDate.getTime() - 42 * 24 * HOUR);
  }

  expect(sqlite.pragma('foreign_key_check')).toEqual([]);
  expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
}

describe('doubleRoundRobin', () => {
  it.each([2, 4, 8, 10, 12])('pairs %i teams twice, once each way, one game per team per round', (n) => {
    const rounds = doubleRoundRobin(n);
    expect(rounds).toHaveLength(2 * (n - 1));
    const pairs = new Set<string>();
    for (const round of rounds) {
      expect(round).toHaveLength(n / 2);
      const playing = round.flatMap((f) => [f.home, f.away]);
      expect(new Set(playing).size).toBe(n);
      for (const f of round) pairs.add(`${f.home}>${f.away}`);
    }
    expect(pairs.size).toBe(n * (n - 1));
    // The second half mirrors the first with venues swapped.
    for (let r = 0; r < n - 1; r++) {
      expect(rounds[r + n - 1]).toEqual(rounds[r]?.map((f) => ({ home: f.away, away: f.home })));
    }
  });

  it('refuses an odd or tiny league', () => {
    expect(() => doubleRoundRobin(7)).toThrow(RangeError);
    expect(() => doubleRoundRobin(0)).toThrow(RangeError);
  });
});

describe('createPrng', () => {
  it('repeats itself for a seed and stays in range', () => {
    const a = createPrng(99);
    const b = createPrng(99);
    const drawsA = Array.from({ length: 50 }, () => a.int(-3, 3));
    const drawsB = Array.from({ length: 50 }, () => b.int(-3, 3));
    expect(drawsA).toEqual(drawsB);
    expect(drawsA.every((n) => n >= -3 && n <= 3)).toBe(true);
    expect(new Set(drawsA).size).toBe(7);
    expect(createPrng(100).next()).not.toBe(createPrng(99).next());
    expect(a.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(a.fork('x').next()).toBe(b.fork('x').next());
    expect(a.weighted(['never', 'always'], (s) => (s === 'always' ? 1 : 0))).toBe('always');
    const goals = Array.from({ length: 2000 }, () => a.goals(1.4));
    const mean = goals.reduce((s, g) => s + g, 0) / goals.length;
    expect(mean).toBeGreaterThan(1.2);
    expect(mean).toBeLessThan(1.6);
  });
});

describe('seedDemoLeague', () => {
  let world: Seeded;
  beforeAll(async () => {
    world = await seeded(REFERENCE);
  });

  it('summarises what it wrote', () => {
    const { summary, sqlite } = world;
    expect(summary.referenceDate).toBe('2026-11-22T12:00:00.000Z');
    expect(summary.leagues).toBe(count(sqlite, 'SELECT count(*) AS n FROM leagues'));
    expect(summary.teams).toBe(count(sqlite, 'SELECT count(*) AS n FROM teams'));
    expect(summary.players).toBe(count(sqlite, 'SELECT count(*) AS n FROM players'));
    expect(summary.matches).toBe(count(sqlite, 'SELECT count(*) AS n FROM matches'));
    expect(summary.demoTeamId).toBe('riverside.rovers');
  });

  it('builds a believable, consistent world', () => {
    expectBelievableWorld(world.sqlite, REFERENCE);
  });

  it('sets up the demo accounts and the demo team scenario', async () => {
    const { sqlite, summary } = world;
    const now = REFERENCE.toISOString();
    const users = all<{
      id: string;
      name: string;
      email: string;
      password_hash: string;
      user_type: string;
      team_id: string | null;
    }>(sqlite, 'SELECT * FROM users ORDER BY email');
    expect(users.map((u) => [u.email, u.user_type]).sort()).toEqual(
      DEMO_ACCOUNTS.map((a) => [a.email, a.user_type]).sort(),
    );
    const byEmail = (email: string) =>
      defined(
        users.find((u) => u.email === email),
        email,
      );
    for (const email of [
      'superadmin@touchline.demo',
      'admin@touchline.demo',
      'manager@touchline.demo',
      'fan@touchline.demo',
    ]) {
      expect(byEmail(email).team_id).toBeNull();
    }
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(users.length);
    expect(await verifyPassword(DEMO_PASSWORD, byEmail('coach@touchline.demo').password_hash)).toBe(true);

    // The demo team is the first club of the current premier league.
    expect(all(sqlite, 'SELECT league_id FROM teams WHERE team_id = ?', summary.demoTeamId)).toEqual([
      { league_id: 'mwpl-26' },
    ]);

    const coach = byEmail('coach@touchline.demo');
    expect(coach).toMatchObject({ id: summary.coachUserId, team_id: summary.demoTeamId });
    expect(all(sqlite, 'SELECT name, team_id, role, user_id FROM coaches WHERE id = ?', coach.id)).toEqual([
      { name: coach.name, team_id: summary.demoTeamId, role: 'Head Coach', user_id: coach.id },
    ]);

    const player = byEmail('player@touchline.demo');
    expect(player).toMatchObject({ id: summary.playerUserId, team_id: summary.demoTeamId });
    expect(all(sqlite, 'SELECT name, team_id, user_id FROM players WHERE id = ?', player.id)).toEqual([
      { name: player.name, team_id: summary.demoTeamId, user_id: player.id },
    ]);

    const owner = byEmail('owner@touchline.demo');
    expect(owner).toMatchObject({ id: summary.ownerUserId, team_id: summary.opponentTeamId });
    expect(summary.opponentTeamId).not.toBe(summary.demoTeamId);

    const demoMatches = all<MatchRow>(
      sqlite,
      `SELECT * FROM matches WHERE season = '2026' AND ? IN (home_team, away_team) ORDER BY match_date`,
      summary.demoTeamId,
    );
    const past = demoMatches.filter((m) => m.match_date < now);
    const future = demoMatches.filter((m) => m.match_date > now);
    expect(future.length).toBeGreaterThanOrEqual(2);
    const next = defined(future[0], 'next match');
    expect([next.home_team, next.away_team]).toContain(summary.opponentTeamId);

    // (a) the earlier meeting with the next opponent was never reported
    const unreported = defined(
      demoMatches.find((m) => m.id === summary.unreportedMatchId),
      'unreported match',
    );
    expect(unreported).toMatchObject({
      league_id: 'mwpl-26',
      approved: '',
      home_score: null,
      away_score: null,
      reported_by_team: null,
      reported_at: null,
    });
    expect([unreported.home_team, unreported.away_team].sort()).toEqual(
      [summary.demoTeamId, summary.opponentTeamId].sort(),
    );
    expect(unreported.match_date < now).toBe(true);
    expect(count(sqlite, 'SELECT count(*) AS n FROM match_events WHERE match_id = ?', unreported.id)).toBe(0);
    expect(count(sqlite, 'SELECT count(*) AS n FROM match_squads WHERE match_id = ?', unreported.id)).toBe(0);

    // (b) the latest game is waiting for the demo team to approve the other side's report
    const latest = defined(past[past.length - 1], 'latest match');
    expect(latest.id).toBe(summary.pendingMatchId);
    expect(latest.id).not.toBe(summary.unreportedMatchId);
    const otherSide = latest.home_team === summary.demoTeamId ? latest.away_team : latest.home_team;
    expect(latest).toMatchObject({
      approved: 'PENDING',
      reported_by_team: otherSide,
      reported_by_user: null,
      reviewed_at: null,
    });
    expect(latest.home_score).not.toBeNull();
    expect(
      count(sqlite, 'SELECT count(*) AS n FROM match_squads WHERE match_id = ?', latest.id),
    ).toBeGreaterThan(0);
    expect(
      count(
        sqlite,
        `SELECT count(*) AS n FROM match_events WHERE match_id = ? AND kind = 'goalkeeper'`,
        latest.id,
      ),
    ).toBe(2);
  });

  it('writes a crest per team and a picture per player and coach', () => {
    const { sqlite, imagesDir } = world;
    const teams = all<{ team_id: string }>(sqlite, 'SELECT team_id FROM teams');
    for (const { team_id } of teams) {
      const svg = fs.readFileSync(path.join(imagesDir, 'teams', `${team_id}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('viewBox=');
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/href|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    const photos = all<{ photo_id: string }>(sqlite, 'SELECT photo_id FROM players');
    expect(fs.readdirSync(path.join(imagesDir, 'players')).sort()).toEqual(
      photos.map((p) => p.photo_id).sort(),
    );
    const coachPhotos = all<{ photo_id: string }>(sqlite, 'SELECT photo_id FROM coaches');
    expect(fs.readdirSync(path.join(imagesDir, 'coaches')).sort()).toEqual(
      coachPhotos.map((p) => p.photo_id).sort(),
    );
  });

  it('gives identical tables and pictures for the same seed and reference date', async () => {
    const again = await seeded(new Date(REFERENCE));
    expect(again.summary).toEqual(world.summary);
    expect(dump(again.sqlite)).toEqual(dump(world.sqlite));
    const digest = (dir: string) => {
      const hash = crypto.createHash('sha256');
      for (const sub of ['teams', 'players', 'coaches']) {
        for (const file of fs.readdirSync(path.join(dir, sub)).sort()) {
          hash.update(file).update(fs.readFileSync(path.join(dir, sub, file)));
        }
      }
      return hash.digest('hex');
    };
    expect(digest(again.imagesDir)).toBe(digest(world.imagesDir));
  });

  it('refuses a database that already holds data', async () => {
    expect(await isDatabaseEmpty(world.connection.db)).toBe(false);
    await expect(
      seedDemoLeague(world.connection.db, {
        referenceDate: REFERENCE,
        imagesDir: world.imagesDir,
        passwordCost: CHEAP,
      }),
    ).rejects.toThrow(/not empty/);
    expect(count(world.sqlite, 'SELECT count(*) AS n FROM users')).toBe(DEMO_ACCOUNTS.length);
  });

  it('does not add a first admin beside the demo accounts', async () => {
    const created = await ensureFirstAdmin(world.connection.db, {
      email: 'root@example.org',
      password: 'x',
      passwordCost: CHEAP,
    });
    expect(created).toBe(false);
    expect(count(world.sqlite, `SELECT count(*) AS n FROM users WHERE user_type = 'super_admin'`)).toBe(1);
  });

  it('moves with the reference date and the seed: 2027 gives -27 and -26 leagues', async () => {
    const reference = new Date('2027-03-01T09:30:00Z');
    const other = await seeded(reference, 42);
    expectBelievableWorld(other.sqlite, reference);
    const ids = (sqlite: Sqlite, pattern: string) =>
      all<{ league_id: string }>(
        sqlite,
        'SELECT league_id FROM leagues WHERE league_id LIKE ? ORDER BY 1',
        pattern,
      );
    expect(ids(other.sqlite, '%-27').map((l) => l.league_id)).toEqual(['mwpl-27', 'ncfl-27', 'rvsl-27']);
    expect(ids(other.sqlite, '%-26').map((l) => l.league_id)).toEqual(['mwpl-26', 'ncfl-26', 'rvsl-26']);
    // Another seed is another world around the same demo club.
    const teamIds = (sqlite: Sqlite) =>
      all<{ team_id: string }>(sqlite, 'SELECT team_id FROM teams ORDER BY 1');
    expect(other.summary.demoTeamId).toBe('riverside.rovers');
    expect(teamIds(other.sqlite)).not.toEqual(teamIds(world.sqlite));
  });

  it('keeps past and future apart when "now" falls while games are being played', async () => {
    const reference = new Date('2026-11-21T14:30:00Z'); // a Saturday, between the two kick-off times
    const during = await seeded(reference);
    expectBelievableWorld(during.sqlite, reference);
  });
});

describe('ensureFirstAdmin', () => {
  it('creates one super_admin in an empty database and nothing afterwards', async () => {
    const connection = await openAndMigrate(':memory:');
    connections.push(connection);
    const { db, sqlite } = connection;
    expect(
      await ensureFirstAdmin(db, {
        email: 'Jane.Doe@example.org',
        password: 's3cret-pass',
        passwordCost: CHEAP,
      }),
    ).toBe(true);
    const users = all<{
      id: string;
      name: string;
      email: string;
      user_type: string;
      team_id: string | null;
      password_hash: string;
    }>(sqlite, 'SELECT * FROM users');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      id: 'jane.doe',
      name: 'Jane Doe',
      user_type: 'super_admin',
      team_id: null,
    });
    expect(await verifyPassword('s3cret-pass', defined(users[0], 'admin').password_hash)).toBe(true);

    expect(
      await ensureFirstAdmin(db, { email: 'other@example.org', password: 'x', passwordCost: CHEAP }),
    ).toBe(false);
    expect(count(sqlite, 'SELECT count(*) AS n FROM users')).toBe(1);
  });
});
