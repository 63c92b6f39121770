import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_TABLE, MMAP_BYTES, migrate, openAndMigrate, openDatabase } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { SCHEMA_COLUMNS } from '../fixtures/schema-columns';
import { ownConnectionPerTest } from '../fixtures/temp-dir';

/**
 * The FTS5 search index of migration 0003 (queried with raw SQL, so not in Database):
 * the virtual tables and the shadow tables FTS5 creates for a contentless table with
 * contentless_delete. Listed one by one so that a new table of any kind is noticed.
 */
const FTS_TABLES: Record<string, { virtual: boolean; columns: readonly string[] }> = {
  search_text: { virtual: true, columns: ['text'] },
  search_text_config: { virtual: false, columns: ['k', 'v'] },
  search_text_data: { virtual: false, columns: ['id', 'block'] },
  search_text_docsize: { virtual: false, columns: ['id', 'sz', 'origin'] },
  search_text_idx: { virtual: false, columns: ['segid', 'term', 'pgno'] },
  // An fts5vocab table over search_text: its trigrams, stored nowhere.
  search_text_vocab: { virtual: true, columns: ['term', 'doc', 'cnt'] },
};

const own = ownConnectionPerTest();

describe('migrations', () => {
  it('build the whole schema on an empty database, once', async () => {
    const connection = own.keep(openDatabase(':memory:'));
    expect(await migrate(connection.db)).toEqual(migrations.map((m) => m.name));
    expect(await migrate(connection.db)).toEqual([]);
    const recorded = connection.sqlite
      .prepare(`SELECT version, name FROM ${MIGRATIONS_TABLE} ORDER BY version`)
      .all();
    expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
  });

  it('create exactly the tables and columns of the schema types', async () => {
    const connection = own.keep(await openAndMigrate(':memory:'));
    const tables = connection.sqlite
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .pluck()
      .all();
    expect(tables).toEqual(
      [...Object.keys(SCHEMA_COLUMNS), ...Object.keys(FTS_TABLES), MIGRATIONS_TABLE].sort(),
    );
    const { sqlite } = connection;
    const columnNames = (table: string) =>
      sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table);
    for (const [table, columns] of Object.entries(SCHEMA_COLUMNS)) {
      expect(columnNames(table), table).toEqual([...columns]);
    }
    for (const [table, { virtual, columns }] of Object.entries(FTS_TABLES)) {
      expect(columnNames(table), table).toEqual([...columns]);
      const definition = sqlite
        .prepare(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`)
        .pluck()
        .get(table);
      expect(String(definition).startsWith('CREATE VIRTUAL TABLE'), table).toBe(virtual);
    }
  });

  it('give every table a single-column primary key', async () => {
    const connection = own.keep(await openAndMigrate(':memory:'));
    for (const table of [...Object.keys(SCHEMA_COLUMNS), MIGRATIONS_TABLE]) {
      const keys = connection.sqlite
        .prepare(`SELECT name FROM pragma_table_info(?) WHERE pk > 0`)
        .pluck()
        .all(table);
      expect(keys, table).toHaveLength(1);
    }
  });

  it('roll back every statement when a migration fails', async () => {
    const connection = own.keep(openDatabase(':memory:'));
    connection.sqlite.exec('CREATE TABLE players (id TEXT PRIMARY KEY)'); // clashes with 0001
    await expect(migrate(connection.db)).rejects.toThrow(/players already exists/);
    const tables = connection.sqlite
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all();
    // The migrations table too: it is created in the same transaction (under the lock
    // that makes instances starting together migrate once).
    expect(tables).toEqual(['players']);
  });
});

describe('connection pragmas', () => {
  it('use WAL, synchronous=FULL, foreign keys, a busy timeout, temporary storage in memory and a memory map', async () => {
    const dir = own.tempDir('db');
    const connection = own.keep(await openAndMigrate(path.join(dir, 'nested', 'test.db')));
    expect(connection.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(connection.sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(connection.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(connection.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(connection.sqlite.pragma('temp_store', { simple: true })).toBe(2); // MEMORY
    // SQLite answers 0 where it was built without memory maps: the pragma would be a no-op.
    expect(connection.sqlite.pragma('mmap_size', { simple: true })).toBe(MMAP_BYTES);
  });
});

describe('constraints', () => {
  async function withLeagueAndTeams() {
    const connection = own.keep(await openAndMigrate(':memory:'));
    const { db, sqlite } = connection;
    await db
      .insertInto('leagues')
      .values({ league_id: 'mwpl-26', league_name: 'MWPL', season: '2026', status: 'active' })
      .execute();
    await db
      .insertInto('teams')
      .values(
        // a.fc (A FC) and b.fc (B FC), the two sides of the matches below.
        ['a', 'b'].map((letter) => ({
          team_id: `${letter}.fc`,
          team_name: `${letter.toUpperCase()} FC`,
          league_id: 'mwpl-26',
          logo: null,
          youtube_channel: null,
          website: null,
          social_media: null,
          news_url: null,
        })),
      )
      .execute();
    return { db, raw: sqlite };
  }
  const match = {
    league_id: 'mwpl-26',
    season: '2026',
    match_date: '2026-05-02T14:00:00.000Z',
    home_team: 'a.fc',
    away_team: 'b.fc',
    home_score: null,
    away_score: null,
    reported_by_team: null,
    reported_by_user: null,
    reported_at: null,
    reviewed_by_user: null,
    reviewed_at: null,
  };

  it('reject values outside every enumeration', async () => {
    const { db, raw } = await withLeagueAndTeams();
    expect(() =>
      raw
        .prepare(
          `INSERT INTO leagues (league_id, league_name, season, status) VALUES ('x', 'X', '2026', 'paused')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      raw
        .prepare(
          `INSERT INTO users (id, name, email, password_hash, user_type) VALUES ('u', 'U', 'u@x.io', 'h', 'root')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      raw
        .prepare(
          `INSERT INTO players (id, team_id, name, number, position) VALUES ('p', 'a.fc', 'P', 9, 'Striker')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    expect(() =>
      raw
        .prepare(
          `INSERT INTO players (id, team_id, name, number, position, position_general) VALUES ('p', 'a.fc', 'P', 9, 'Forward', 'ST')`,
        )
        .run(),
    ).toThrow(/CHECK/);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, approved: 'MAYBE' as never })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });

  it('keep scores and approval consistent and a team from playing itself', async () => {
    const { db } = await withLeagueAndTeams();
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, home_score: 1, away_score: null })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, home_score: 1, away_score: 0 })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, approved: 'PENDING' })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, away_team: 'a.fc' })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, home_score: -1, away_score: 0, approved: 'PENDING' })
        .execute(),
    ).rejects.toThrow(/CHECK/);
    const ok = await db
      .insertInto('matches')
      .values({ ...match, home_score: 2, away_score: 1, approved: 'PENDING', reported_by_team: 'b.fc' })
      .executeTakeFirstOrThrow();
    expect(Number(ok.insertId)).toBeGreaterThan(0);
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, home_score: 2, away_score: 1, approved: 'PENDING', reported_by_team: 'c.fc' })
        .execute(),
    ).rejects.toThrow();
  });

  it('enforce foreign keys and unique shirt numbers per team', async () => {
    const { db } = await withLeagueAndTeams();
    await expect(
      db
        .insertInto('matches')
        .values({ ...match, home_team: 'ghost.fc' })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    const player = {
      id: 'p1',
      user_id: null,
      team_id: 'a.fc',
      name: 'P One',
      number: 9,
      position: 'Forward' as const,
      photo_id: null,
    };
    await db.insertInto('players').values(player).execute();
    await expect(
      db
        .insertInto('players')
        .values({ ...player, id: 'p2' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    await db
      .insertInto('players')
      .values({ ...player, id: 'p3', team_id: 'b.fc' })
      .execute();
    // Players who left a roster keep their number without blocking it.
    await db.updateTable('players').set({ team_id: null }).where('id', '=', 'p1').execute();
    await db
      .insertInto('players')
      .values({ ...player, id: 'p4' })
      .execute();
    await expect(sql`SELECT count(*) AS n FROM players`.execute(db)).resolves.toMatchObject({
      rows: [{ n: 3 }],
    });
  });
});
