/**
 * Search at size: 500 leagues, 10,000 teams and 200,000 players (a few
 * percent of them without a team) with first and last names from mixed pools, accents
 * included, in a temporary database migrated as the server would. Prints p50 and p99
 * of searchByName per term (one, two and three or more characters, accented, rare and
 * common ones) against the target of 10 ms, and checks every answer against
 * referenceSearch, the O(n) algorithm search had before the index, which it also times.
 *
 *   npx tsx tests/bench/search-scale.ts     (SEARCH_BENCH_RUNS, default 200, per term)
 *
 * Also prints what the index costs a write (a player renamed, added, moved off a
 * roster) and, with SEARCH_BENCH_BACKFILL=1, how long migration 0003 takes on a
 * database of that size that had no index yet.
 *
 * A timing script, not a test: figures depend on the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import {
  foldForSearch,
  matchRank,
  searchByName,
  SEARCH_RESULT_LIMIT,
  type SearchResult,
} from '../../api/data/search';
import { openAndMigrate, openDatabase, type DB } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { FIRST_NAMES, SURNAMES, TEAM_PREFIXES, TEAM_SUFFIXES } from '../../db/seed/names';
import { createPrng } from '../../db/seed/prng';

const TYPE_ORDER: Record<SearchResult['type'], number> = { player: 0, team: 1, league: 2 };

/**
 * Search as it was before the index (an O(n) scan of every name, folded in
 * JavaScript), kept verbatim as the oracle of tests/api/search.test.ts and of this bench.
 */
export async function referenceSearch(db: DB, term: string): Promise<SearchResult[]> {
  const folded = foldForSearch(term);
  if (folded === '') return [];

  const [players, teams, leagues] = await Promise.all([
    db.selectFrom('players').select(['id', 'name']).where('team_id', 'is not', null).execute(),
    db.selectFrom('teams').select(['team_id', 'team_name']).execute(),
    db.selectFrom('leagues').select(['league_id', 'league_name', 'season']).execute(),
  ]);
  const named: SearchResult[] = [
    ...players.map((p): SearchResult => ({ type: 'player', id: p.id, name: p.name })),
    ...teams.map((t): SearchResult => ({ type: 'team', id: t.team_id, name: t.team_name })),
    ...leagues.map((l): SearchResult => ({
      type: 'league',
      id: l.league_id,
      name: `${l.league_name} ${l.season}`,
    })),
  ];

  const candidates: (SearchResult & { rank: number; length: number })[] = [];
  for (const result of named) {
    const rank = matchRank(foldForSearch(result.name), folded);
    if (rank !== null) candidates.push({ ...result, rank, length: [...result.name].length });
  }
  candidates.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.length - b.length ||
      a.name.localeCompare(b.name, 'en') ||
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return candidates.slice(0, SEARCH_RESULT_LIMIT).map(({ type, id, name }) => ({ type, id, name }));
}

// prettier-ignore
const MORE_FIRST_NAMES = [
  'José', 'María', 'Jesús', 'Álvaro', 'Iñaki', 'Raúl', 'Sebastián', 'Martín', 'Julián', 'Óscar',
  'Zoë', 'Chloé', 'Loïc', 'Anaïs', 'Björn', 'Søren', 'Åsa', 'Jürgen', 'Jörg', 'Łukasz',
  'Paweł', 'Wojciech', 'Grzegorz', 'Miloš', 'Dušan', 'Stjepan', 'Ştefan', 'Ömer', 'Çağlar', 'İbrahim',
  'Þór', 'Ðorđe', 'Nuño', 'Joël', 'François', 'Hélène', 'Gonçalo', 'Conceição', 'Zsófia', 'Ádám',
] as const;
// prettier-ignore
const MORE_SURNAMES = [
  'García', 'Martínez', 'Rodríguez', 'González', 'Hernández', 'López', 'Pérez', 'Sánchez', 'Gómez', 'Núñez',
  'Jiménez', 'Muñoz', 'Álvarez', 'Ibáñez', 'Peña', 'Müller', 'Schröder', 'Straße', 'Weiß', 'Groß',
  'Kowalski', 'Wiśniewski', 'Wójcik', 'Łukaszewicz', 'Dvořák', 'Novák', 'Černý', 'Horváth', 'Szabó', 'Kovačević',
  'Jovanović', 'Nielsen', 'Sørensen', 'Åberg', 'Öztürk', 'Yılmaz', 'Çelik', 'Şahin', 'Lefèvre', 'Gonçalves',
  "O'Brien", "D'Angelo", 'Mac Giolla', 'van der Berg', 'de la Cruz', 'Dos Santos', 'Le Bœuf', 'Ní Bhriain',
] as const;

export const FULL_LEAGUES = 500;
const TEAMS_PER_LEAGUE = 20;
const PLAYERS_PER_TEAM = 20;
/** Players who left their team: not searchable, but in the table. */
const LEFT_PLAYERS = 8_000;

/** Fills a freshly migrated database through its raw handle, search triggers firing. */
export function fillSearchDatabase(sqlite: SQLite.Database, leagues = FULL_LEAGUES) {
  const prng = createPrng(1515);
  const firstNames = [...FIRST_NAMES, ...MORE_FIRST_NAMES];
  const surnames = [...SURNAMES, ...MORE_SURNAMES];
  const playerName = () => {
    const first = prng.chance(0.1)
      ? `${prng.pick(firstNames)} ${prng.pick(firstNames)}`
      : prng.pick(firstNames);
    const last = prng.chance(0.15) ? `${prng.pick(surnames)}-${prng.pick(surnames)}` : prng.pick(surnames);
    return `${first} ${last}`;
  };
  const insertLeague = sqlite.prepare(
    `INSERT INTO leagues (league_id, league_name, season, status) VALUES (?, ?, ?, 'active')`,
  );
  const insertTeam = sqlite.prepare(`INSERT INTO teams (team_id, team_name, league_id) VALUES (?, ?, ?)`);
  const insertPlayer = sqlite.prepare(
    `INSERT INTO players (id, team_id, name, number, position) VALUES (?, ?, ?, ?, 'Midfielder')`,
  );
  const seasons = ['2024', '2025', '2026'];
  sqlite.transaction(() => {
    let player = 0;
    for (let l = 0; l < leagues; l++) {
      const leagueId = `league-${l}`;
      insertLeague.run(
        leagueId,
        `${prng.pick(TEAM_PREFIXES)} League ${Math.floor(l / 3) + 1}`,
        seasons[l % 3],
      );
      for (let t = 0; t < TEAMS_PER_LEAGUE; t++) {
        const teamId = `team-${l}-${t}`;
        insertTeam.run(teamId, `${prng.pick(TEAM_PREFIXES)} ${prng.pick(TEAM_SUFFIXES)}`, leagueId);
        for (let n = 1; n <= PLAYERS_PER_TEAM; n++) insertPlayer.run(`p${player++}`, teamId, playerName(), n);
      }
    }
    const left = Math.round((LEFT_PLAYERS * leagues) / FULL_LEAGUES);
    for (let i = 0; i < left; i++) insertPlayer.run(`p${player++}`, null, playerName(), 0);
  })();
}

const TERMS: [string, string][] = [
  ['1 char', 'a'],
  ['1 char, rare', 'ø'],
  ['2 chars', 'jo'],
  ['2 chars', 'ma'],
  ['2 chars, common', 'er'],
  ['2 chars, rare', 'zq'],
  ['2 chars, substring only', 'ez'],
  ['3 chars', 'mar'],
  ['3 chars, substring', 'nez'],
  ['word', 'garcia'],
  ['accented', 'José'],
  ['accented', 'Müller'],
  ['folded ß', 'STRASSE'],
  ['two words', 'jose garcia'],
  ['team', 'united'],
  ['league', 'league 12'],
  ['rare', 'xyzzy'],
  ['rare, long', 'quarrington athletic reserves'],
  ['punctuation', "o'brien"],
  ['LIKE metacharacters', '%_\\'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function main() {
  const runs = Number(process.env.SEARCH_BENCH_RUNS ?? 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-search-'));
  const connection = await openAndMigrate(path.join(dir, 'search.db'));
  try {
    const started = performance.now();
    fillSearchDatabase(connection.sqlite);
    const filled = performance.now() - started;
    const count = (table: string) =>
      connection.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    console.log(
      `${count('leagues')} leagues, ${count('teams')} teams, ${count('players')} players ` +
        `(${count('search_names')} searchable names) written in ${(filled / 1000).toFixed(1)} s; ` +
        `database ${(fs.statSync(path.join(dir, 'search.db')).size / 2 ** 20).toFixed(0)} MiB ` +
        `+ WAL ${(fs.statSync(path.join(dir, 'search.db-wal')).size / 2 ** 20).toFixed(0)} MiB`,
    );
    connection.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const pages = (name: string) =>
      connection.sqlite
        .prepare('SELECT sum(pgsize) FROM dbstat WHERE name LIKE ?')
        .pluck()
        .get(name) as number;
    console.log(
      `search_names ${(pages('search_names%') / 2 ** 20).toFixed(1)} MiB, ` +
        `search_text ${(pages('search_text%') / 2 ** 20).toFixed(1)} MiB, ` +
        `whole file ${(fs.statSync(path.join(dir, 'search.db')).size / 2 ** 20).toFixed(0)} MiB`,
    );

    const { db } = connection;
    console.log(`\n${'term'.padEnd(32)} ${'kind'.padEnd(24)} results   p50 ms   p99 ms   before (O(n)) ms`);
    let failed = 0;
    for (const [kind, term] of TERMS) {
      const expected = await referenceSearch(db, term);
      const reference = performance.now();
      await referenceSearch(db, term);
      const before = performance.now() - reference;
      const actual = await searchByName(db, term);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        failed++;
        console.log(`MISMATCH for ${JSON.stringify(term)}:`, { expected, actual });
      }
      for (let i = 0; i < 5; i++) await searchByName(db, term);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const at = performance.now();
        await searchByName(db, term);
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${JSON.stringify(term).padEnd(32)} ${kind.padEnd(24)} ${String(actual.length).padStart(7)} ` +
          `${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 99).toFixed(2).padStart(8)} ` +
          `${before.toFixed(0).padStart(18)}`,
      );
    }
    console.log(failed === 0 ? '\nEvery answer equals the O(n) reference.' : `\n${failed} answers differ!`);
    if (failed > 0) process.exitCode = 1;

    console.log('\nWrites (each its own transaction, synchronous=FULL):');
    writeCosts(connection.sqlite);
  } finally {
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.SEARCH_BENCH_BACKFILL === '1') await backfill();
}

/** Mean time of single-row writes that the search triggers follow. */
function writeCosts(sqlite: SQLite.Database) {
  const ids = sqlite.prepare(`SELECT id, name FROM players WHERE team_id IS NOT NULL LIMIT 500`).all() as {
    id: string;
    name: string;
  }[];
  const rename = sqlite.prepare('UPDATE players SET name = ? WHERE id = ?');
  const bio = sqlite.prepare(`UPDATE players SET bio = 'x' WHERE id = ?`);
  const leave = sqlite.prepare('UPDATE players SET team_id = NULL WHERE id = ?');
  const insert = sqlite.prepare(
    `INSERT INTO players (id, team_id, name, number, position) VALUES (?, NULL, ?, 0, 'Forward')`,
  );
  const time = (label: string, write: (row: { id: string; name: string }, i: number) => void) => {
    const started = performance.now();
    ids.forEach(write);
    console.log(
      `  ${label.padEnd(44)} ${((1000 * (performance.now() - started)) / ids.length).toFixed(0)} µs`,
    );
  };
  time('bio changed (no search trigger fires)', (row) => bio.run(row.id));
  time('player renamed', (row) => rename.run(`${row.name} Jr`, row.id));
  time('player leaves his team', (row) => leave.run(row.id));
  time('player added without a team (not indexed)', (row, i) => insert.run(`bench.${i}`, row.name));
}

/** Migration 0003 on a database filled before it. */
async function backfill() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-search-'));
  const connection = openDatabase(path.join(dir, 'legacy.db'));
  try {
    for (const migration of migrations) if (migration.version < 3) await migration.up(connection.db);
    fillSearchDatabase(connection.sqlite);
    const index = migrations.find((migration) => migration.version === 3);
    if (!index) throw new Error('no migration 3');
    const started = performance.now();
    await connection.db.transaction().execute((trx) => index.up(trx));
    const names = connection.sqlite.prepare('SELECT count(*) FROM search_names').pluck().get() as number;
    console.log(
      `\nMigration 0003 on an existing database: ${names} names indexed in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
