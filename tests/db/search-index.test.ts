/**
 * The search index of migration 0003: search_names and its FTS5 table search_text stay
 * in step with players (on a roster), teams and leagues through every kind of write,
 * the admin table editor's raw ones and foreign key actions included, and the editor
 * can neither list nor reach them.
 */
import SQLite from 'better-sqlite3';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  adminTableNames,
  deleteRow,
  findAdminTable,
  insertRow,
  updateRow,
  type AdminTable,
} from '../../api/data/admin-tables';
import { MIGRATIONS_TABLE, migrate, openAndMigrate, openDatabase } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { codePointLength, foldForSearch, searchIndexText } from '../../db/search-fold';
import { ownConnectionPerTest } from '../fixtures/temp-dir';

const own = ownConnectionPerTest();

async function migrated() {
  return own.keep(await openAndMigrate(':memory:'));
}

interface IndexRow {
  id: number;
  kind: string;
  ref_id: string;
  name: string;
  folded: string;
  length: number;
}

const byKey = (a: { kind: string; ref_id: string }, b: { kind: string; ref_id: string }) =>
  a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.ref_id < b.ref_id ? -1 : a.ref_id > b.ref_id ? 1 : 0;

/** What search_names must hold, computed from the source tables in JavaScript. */
function expectedNames(raw: SQLite.Database) {
  const rows = [
    ...raw
      .prepare(`SELECT 'player' AS kind, id AS ref_id, name FROM players WHERE team_id IS NOT NULL`)
      .all(),
    ...raw.prepare(`SELECT 'team' AS kind, team_id AS ref_id, team_name AS name FROM teams`).all(),
    ...raw
      .prepare(`SELECT 'league' AS kind, league_id AS ref_id, league_name, season FROM leagues`)
      .all()
      .map((row) => {
        const { kind, ref_id, league_name, season } = row as Record<string, string>;
        return { kind, ref_id, name: `${league_name} ${season}` };
      }),
  ] as { kind: string; ref_id: string; name: string }[];
  return rows
    .map((row) => ({ ...row, folded: foldForSearch(row.name), length: codePointLength(row.name) }))
    .sort(byKey);
}

function indexRows(raw: SQLite.Database): IndexRow[] {
  return (
    raw.prepare('SELECT id, kind, ref_id, name, folded, length FROM search_names').all() as IndexRow[]
  ).sort(byKey);
}

const fts = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** search_names equals its definition, and search_text holds exactly its rows, each findable. */
function expectInStep(raw: SQLite.Database): IndexRow[] {
  const rows = indexRows(raw);
  expect(rows.map(({ id: _, ...row }) => row)).toEqual(expectedNames(raw));
  for (const row of rows) expect(Math.floor(row.id / 2 ** 32), row.name).toBe(row.length);
  const indexed = raw.prepare('SELECT rowid FROM search_text ORDER BY rowid').pluck().all();
  expect(indexed).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
  const match = raw.prepare('SELECT rowid FROM search_text WHERE search_text MATCH ?').pluck();
  for (const row of rows) expect(match.all(fts(searchIndexText(row.folded))), row.name).toContain(row.id);
  raw.prepare(`INSERT INTO search_text (search_text) VALUES ('integrity-check')`).run();
  return rows;
}

/** The rowids search_text finds for a name's full indexed text. */
function findsName(raw: SQLite.Database, name: string): number[] {
  return raw
    .prepare('SELECT rowid FROM search_text WHERE search_text MATCH ?')
    .pluck()
    .all(fts(searchIndexText(foldForSearch(name)))) as number[];
}

function entry(raw: SQLite.Database, kind: string, refId: string): IndexRow | undefined {
  return raw.prepare('SELECT * FROM search_names WHERE kind = ? AND ref_id = ?').get(kind, refId) as
    IndexRow | undefined;
}

/**
 * Changes the key `column` of a `table` row from `from` to `to`: ON UPDATE CASCADE
 * carries it to `count` rows of `children`, whose index entries stay as they were.
 */
function expectKeyCascades(
  raw: SQLite.Database,
  table: 'teams' | 'leagues',
  column: 'team_id' | 'league_id',
  [from, to]: [string, string],
  children: 'players' | 'teams',
  count: number,
) {
  const kind = children === 'players' ? 'player' : 'team';
  const before = indexRows(raw).filter((row) => row.kind === kind);
  raw.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`).run(to, from);
  expect(raw.prepare(`SELECT count(*) FROM ${children} WHERE ${column} = ?`).pluck().get(to)).toBe(count);
  expect(indexRows(raw).filter((row) => row.kind === kind)).toEqual(before);
}

function seed(raw: SQLite.Database) {
  raw.exec(`
    INSERT INTO leagues (league_id, league_name, season, status) VALUES
      ('cup-25', 'Städte Cup', '2025', 'completed'),
      ('cup-26', 'Städte Cup', '2026', 'active');
    INSERT INTO teams (team_id, team_name, league_id) VALUES
      ('fc.nord', 'FC Nord', 'cup-26'),
      ('sv.süd', 'SV Süd', 'cup-26');
    INSERT INTO players (id, team_id, name, number, position) VALUES
      ('jose', 'fc.nord', 'José Álvarez', 9, 'Forward'),
      ('hans', 'fc.nord', 'Hans Straße', 4, 'Defender'),
      ('zoe', 'sv.süd', 'Zoë Ng', 1, 'Goalkeeper'),
      ('gone', NULL, 'Left Long Ago', 7, 'Midfielder');
  `);
}

describe('migration 0003', () => {
  it('indexes the names already there: players on a roster, teams and leagues', async () => {
    const connection = own.keep(openDatabase(':memory:'));
    const { db, sqlite } = connection;
    // The database as it was before the index: migrations 1 and 2 applied and recorded.
    await sql`CREATE TABLE ${sql.table(MIGRATIONS_TABLE)} (
      version INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT`.execute(db);
    for (const migration of migrations.filter((m) => m.version < 3)) {
      await migration.up(db);
      sqlite
        .prepare(`INSERT INTO ${MIGRATIONS_TABLE} VALUES (?, ?, 'then')`)
        .run(migration.version, migration.name);
    }
    seed(sqlite);
    expect(await migrate(db)).toContain('0003_search_index');

    const rows = expectInStep(sqlite);
    expect(rows.map((row) => [row.kind, row.ref_id, row.name, row.folded])).toEqual([
      ['league', 'cup-25', 'Städte Cup 2025', 'stadte cup 2025'],
      ['league', 'cup-26', 'Städte Cup 2026', 'stadte cup 2026'],
      ['player', 'hans', 'Hans Straße', 'hans strasse'],
      ['player', 'jose', 'José Álvarez', 'jose alvarez'],
      ['player', 'zoe', 'Zoë Ng', 'zoe ng'],
      ['team', 'fc.nord', 'FC Nord', 'fc nord'],
      ['team', 'sv.süd', 'SV Süd', 'sv sud'],
    ]);
    // Numbered within each length from 1: 'Zoë Ng' is the first (and only) of length 6.
    expect(entry(sqlite, 'player', 'zoe')?.id).toBe(6 * 2 ** 32 + 1);
  });
});

describe('triggers keep the index in step', () => {
  it('with players: insert, rename, leaving and rejoining a roster, a new id, delete', async () => {
    const { sqlite: raw } = await migrated();
    seed(raw);
    expectInStep(raw);
    expect(entry(raw, 'player', 'gone')).toBeUndefined();

    raw.prepare(`UPDATE players SET name = 'Josefina Álvarez-Peña' WHERE id = 'jose'`).run();
    expectInStep(raw);
    expect(findsName(raw, 'José Álvarez')).toEqual([]);
    expect(entry(raw, 'player', 'jose')?.length).toBe(21);

    // Moving between teams changes nothing, not even the rowid.
    const before = entry(raw, 'player', 'hans');
    raw.prepare(`UPDATE players SET team_id = 'sv.süd' WHERE id = 'hans'`).run();
    expect(entry(raw, 'player', 'hans')).toEqual(before);

    raw.prepare(`UPDATE players SET team_id = NULL WHERE id = 'hans'`).run();
    expect(entry(raw, 'player', 'hans')).toBeUndefined();
    expect(findsName(raw, 'Hans Straße')).toEqual([]);
    expectInStep(raw);

    raw.prepare(`UPDATE players SET team_id = 'fc.nord', number = 5 WHERE id = 'gone'`).run();
    expect(entry(raw, 'player', 'gone')?.name).toBe('Left Long Ago');
    expectInStep(raw);

    raw.prepare(`UPDATE players SET id = 'zoe.ng' WHERE id = 'zoe'`).run();
    expect(entry(raw, 'player', 'zoe')).toBeUndefined();
    expect(entry(raw, 'player', 'zoe.ng')?.name).toBe('Zoë Ng');
    expectInStep(raw);

    raw.prepare(`DELETE FROM players WHERE id = 'jose'`).run();
    expect(entry(raw, 'player', 'jose')).toBeUndefined();
    expectInStep(raw);

    // INSERT OR REPLACE removes the old row without its DELETE trigger.
    raw
      .prepare(
        `INSERT OR REPLACE INTO players (id, team_id, name, number, position)
         VALUES ('zoe.ng', 'sv.süd', 'Zoë Ng-Smith', 1, 'Goalkeeper')`,
      )
      .run();
    expect(entry(raw, 'player', 'zoe.ng')?.name).toBe('Zoë Ng-Smith');
    expectInStep(raw);
  });

  it('with teams: insert, rename, a new team_id (cascading to players), delete (players leave)', async () => {
    const { sqlite: raw } = await migrated();
    seed(raw);
    raw.prepare(`INSERT INTO teams (team_id, team_name) VALUES ('ost', 'Ost 04')`).run();
    expect(entry(raw, 'team', 'ost')?.folded).toBe('ost 04');
    expectInStep(raw);

    raw.prepare(`UPDATE teams SET team_name = 'Fußball Club Nord' WHERE team_id = 'fc.nord'`).run();
    expect(entry(raw, 'team', 'fc.nord')?.folded).toBe('fussball club nord');
    expect(findsName(raw, 'FC Nord')).toEqual([]);
    expectInStep(raw);

    // ON UPDATE CASCADE moves the players to the new id: their names stay as they were.
    expectKeyCascades(raw, 'teams', 'team_id', ['fc.nord', 'fcn'], 'players', 2);
    expect(entry(raw, 'team', 'fcn')?.name).toBe('Fußball Club Nord');
    expectInStep(raw);

    // ON DELETE SET NULL: the team's players leave their roster and the index.
    raw.prepare(`DELETE FROM teams WHERE team_id = 'fcn'`).run();
    expect(entry(raw, 'team', 'fcn')).toBeUndefined();
    expect(entry(raw, 'player', 'jose')).toBeUndefined();
    expect(entry(raw, 'player', 'hans')).toBeUndefined();
    expect(entry(raw, 'player', 'zoe')).toBeDefined();
    expectInStep(raw);
  });

  it('with leagues: insert, rename, a new season, a new league_id (cascading), delete', async () => {
    const { sqlite: raw } = await migrated();
    seed(raw);
    raw
      .prepare(
        `INSERT INTO leagues (league_id, league_name, season, status) VALUES ('kl', 'Kreisliga', '2027', 'upcoming')`,
      )
      .run();
    expect(entry(raw, 'league', 'kl')?.name).toBe('Kreisliga 2027');
    expectInStep(raw);

    raw.prepare(`UPDATE leagues SET league_name = 'Kreisliga B' WHERE league_id = 'kl'`).run();
    raw.prepare(`UPDATE leagues SET season = '2028' WHERE league_id = 'kl'`).run();
    expect(entry(raw, 'league', 'kl')?.name).toBe('Kreisliga B 2028');
    expect(findsName(raw, 'Kreisliga 2027')).toEqual([]);
    expectInStep(raw);

    // The teams follow the new id by ON UPDATE CASCADE; their entries are untouched.
    expectKeyCascades(raw, 'leagues', 'league_id', ['cup-26', 'cup-2026'], 'teams', 2);
    expect(entry(raw, 'league', 'cup-26')).toBeUndefined();
    expect(entry(raw, 'league', 'cup-2026')?.name).toBe('Städte Cup 2026');
    expectInStep(raw);

    raw.prepare(`DELETE FROM leagues WHERE league_id = 'cup-2026'`).run();
    expect(entry(raw, 'league', 'cup-2026')).toBeUndefined();
    expect(raw.prepare(`SELECT count(*) FROM teams WHERE league_id IS NULL`).pluck().get()).toBe(2);
    expectInStep(raw);
  });

  it('through the admin table editor', async () => {
    const { db, sqlite: raw } = await migrated();
    seed(raw);
    const table = async (name: string): Promise<AdminTable> => {
      const found = await findAdminTable(db, name);
      if (!found) throw new Error(`no admin table ${name}`);
      return found;
    };
    const players = await table('players');
    const teams = await table('teams');
    const leagues = await table('leagues');

    await insertRow(
      db,
      players,
      new Map<string, string | number | null>([
        ['id', 'new'],
        ['team_id', 'sv.süd'],
        ['name', 'Ｎew Ｐlayer'],
        ['number', 10],
        ['position', 'Forward'],
      ]),
    );
    expect(entry(raw, 'player', 'new')?.folded).toBe('new player');
    await updateRow(db, players, 'new', new Map([['team_id', null]]));
    expect(entry(raw, 'player', 'new')).toBeUndefined();
    await updateRow(db, players, 'jose', new Map([['name', 'Pepe']]));
    await updateRow(db, teams, 'sv.süd', new Map([['team_id', 'svs']]));
    await updateRow(db, leagues, 'cup-25', new Map([['season', '2024']]));
    await deleteRow(db, players, 'hans');
    expectInStep(raw);
    expect(entry(raw, 'player', 'jose')?.name).toBe('Pepe');
    expect(entry(raw, 'team', 'svs')?.name).toBe('SV Süd');
    expect(entry(raw, 'league', 'cup-25')?.name).toBe('Städte Cup 2024');
  });

  it('and a failed write leaves the index as it was', async () => {
    const { sqlite: raw } = await migrated();
    seed(raw);
    const before = indexRows(raw);
    // A shirt number already taken on that roster: the whole statement is undone.
    expect(() =>
      raw.prepare(`UPDATE players SET team_id = 'sv.süd', number = 1 WHERE id = 'gone'`).run(),
    ).toThrow(/UNIQUE/);
    expect(indexRows(raw)).toEqual(before);
    expectInStep(raw);
  });
});

describe('the search index tables', () => {
  it('are neither listed nor reachable in the admin table editor', async () => {
    const { db, sqlite: raw } = await migrated();
    const searchTables = raw
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'search\\_%' ESCAPE '\\'`)
      .pluck()
      .all() as string[];
    expect(searchTables).toEqual(
      expect.arrayContaining(['search_names', 'search_text', 'search_text_vocab']),
    );
    const listed = await adminTableNames(db);
    expect(listed).toContain('players');
    for (const name of [...searchTables, 'SEARCH_NAMES', 'Search_Text_Data']) {
      expect(listed, name).not.toContain(name);
      expect(await findAdminTable(db, name), name).toBeUndefined();
    }
  });

  it('need the SQL functions of db/search-fold.ts to write names: openDatabase registers them', async () => {
    const file = path.join(own.tempDir('search'), 'test.db');
    seed(own.keep(await openAndMigrate(file)).sqlite);
    await own.close();

    const bare = new SQLite(file);
    try {
      // Reading needs nothing.
      expect(bare.prepare('SELECT count(*) FROM search_names').pluck().get()).toBe(7);
      expect(() => bare.prepare(`UPDATE players SET name = 'Pepe' WHERE id = 'jose'`).run()).toThrow(
        /no such function: touchline_/,
      );
    } finally {
      bare.close();
    }
  });
});
