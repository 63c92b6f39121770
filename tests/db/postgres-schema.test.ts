/**
 * The PostgreSQL migrations (db/migrations/pg) against a real server: the schema they
 * make is SQLite's (tables, columns, keys, foreign key actions, unique constraints,
 * indexes), its CHECKs fail as SQLite's do, its triggers keep the id rule, the data
 * versions, the match revisions, approved_results and the search index as SQLite's do,
 * the search functions fold exactly as the JavaScript does, and search answers as on
 * SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchByName } from '../../api/data/search';
import {
  migrate,
  MIGRATIONS_TABLE,
  openAndMigrate,
  openStore,
  type DB,
  type PostgresConnection,
  type SqliteConnection,
} from '../../db/connection';
import { migrations, postgresMigrations } from '../../db/migrations';
import { rows as storeRows, statement } from '../../db/store';
import { codePointLength, foldForSearch, searchIndexText } from '../../db/search-fold';
import { foldDifferences } from '../../db/search-fold-pg';
import { seedDemoLeague } from '../../db/seed/demo-league';
import * as seedNames from '../../db/seed/names';
import { referenceSearch } from '../bench/search-scale';
import { searchWorld } from '../fixtures/search-alphabet';
import { insertPlayer, insertTeam } from '../fixtures/factory';
import { postgresAvailable, startPostgres, type PostgresServer } from '../fixtures/postgres-server';

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
const REFERENCE = new Date('2026-11-22T12:00:00Z');
const CHEAP = { log2N: 10, r: 8, p: 1 } as const;

let server: PostgresServer | undefined;
/** A database migrated once, copied for each test that needs a fresh one. */
const TEMPLATE = 'schema_template';
let counter = 0;
const opened: { close(): Promise<void> }[] = [];
const tempDirs: string[] = [];

async function onServer(statement: string): Promise<void> {
  if (!server) throw new Error('no server');
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openPostgresDatabase(name: string): Promise<PostgresConnection> {
  if (!server) throw new Error('no server');
  const connection = await openStore({ databaseUrl: server.urlOf(name), file: '', poolMax: 3 });
  if (connection.engine !== 'postgres') throw new Error('expected PostgreSQL');
  opened.push(connection);
  return connection;
}

/** A fresh database, migrated (copied from the migrated template). */
async function freshPostgres(): Promise<PostgresConnection> {
  counter += 1;
  const name = `schema_${counter}`;
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  return openPostgresDatabase(name);
}

async function freshSqlite(): Promise<SqliteConnection> {
  const connection = await openAndMigrate(':memory:');
  opened.push(connection);
  return connection;
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-pg-schema-'));
  tempDirs.push(dir);
  return dir;
}

async function rows<T>(db: DB, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** The SQLSTATE a write fails with, or null when it succeeds. */
async function sqlState(write: () => Promise<unknown>): Promise<string | null> {
  try {
    await write();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const sorted = <T>(values: Iterable<T>) => [...values].sort();

describe.skipIf(!postgresAvailable())('the PostgreSQL migrations', () => {
  beforeAll(async () => {
    server = await startPostgres();
    await onServer(`CREATE DATABASE ${TEMPLATE}`);
  }, 120_000);

  afterAll(async () => {
    for (const connection of opened) await connection.close();
    server?.stop();
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('the schema', () => {
    let postgres: PostgresConnection;
    let sqlite: SqliteConnection;

    beforeAll(async () => {
      postgres = await openPostgresDatabase(TEMPLATE);
      sqlite = await freshSqlite();
    }, 60_000);

    afterAll(async () => {
      // The template is copied by the other tests: no one may be connected to it.
      await postgres.close();
    });

    /** SQLite's tables but FTS5's search_text (and its shadow tables), which PostgreSQL has as an index. */
    function sqliteTables(): string[] {
      return (
        sqlite.sqlite
          .prepare(
            `SELECT name FROM sqlite_master WHERE type = 'table'
               AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_text%'`,
          )
          .pluck()
          .all() as string[]
      ).sort();
    }

    async function postgresTables(): Promise<string[]> {
      const found = await rows(
        postgres.db,
        sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
      );
      return sorted(found.map((row) => row.name));
    }

    it('records the same migrations, and a second run is a no-op', async () => {
      expect(postgresMigrations.map(({ version, name }) => ({ version, name }))).toEqual(
        migrations.map(({ version, name }) => ({ version, name })),
      );
      const recorded = await rows(
        postgres.db,
        sql<{
          version: number;
          name: string;
        }>`SELECT version, name FROM ${sql.table(MIGRATIONS_TABLE)} ORDER BY version`,
      );
      expect(recorded).toEqual(migrations.map(({ version, name }) => ({ version, name })));
      const before = JSON.stringify(await catalogue(postgres.db));
      expect(await migrate(postgres.db)).toEqual([]);
      expect(JSON.stringify(await catalogue(postgres.db))).toBe(before);
    });

    it('has the same tables and columns, in order, of the same kinds and nullability', async () => {
      const tables = sqliteTables();
      expect(await postgresTables()).toEqual(tables);
      const columns = await rows(
        postgres.db,
        sql<{
          table_name: string;
          column_name: string;
          is_nullable: string;
          data_type: string;
          collation_name: string | null;
        }>`SELECT table_name, column_name, is_nullable, data_type, collation_name
             FROM information_schema.columns WHERE table_schema = 'public'
            ORDER BY table_name, ordinal_position`,
      );
      for (const table of tables) {
        const expected = sqlite.sqlite
          .prepare(`SELECT * FROM pragma_table_info(?) ORDER BY cid`)
          .all(table) as {
          name: string;
          type: string;
          notnull: number;
          pk: number;
        }[];
        const actual = columns.filter((column) => column.table_name === table);
        expect(
          actual.map((column) => column.column_name),
          table,
        ).toEqual(expected.map((column) => column.name));
        for (const [i, column] of expected.entries()) {
          const twin = actual[i];
          const where = `${table}.${column.name}`;
          // A primary key is NOT NULL on PostgreSQL; SQLite's rowid key says nullable but never is.
          if (column.pk === 0) expect(twin?.is_nullable, where).toBe(column.notnull ? 'NO' : 'YES');
          else expect(twin?.is_nullable, where).toBe('NO');
          if (column.type === 'INTEGER') expect(['integer', 'bigint'], where).toContain(twin?.data_type);
          else expect(column.type, where).toBe('TEXT');
          // Code point order, as SQLite's BINARY (the migrations table is connection.ts's own).
          if (column.type === 'TEXT' && table !== MIGRATIONS_TABLE) {
            expect([twin?.data_type, twin?.collation_name], where).toEqual(['text', 'C']);
          }
        }
      }
    });

    it('has the same primary keys, foreign keys (with their actions) and unique constraints', async () => {
      const tables = sqliteTables();
      const constraints = await rows(
        postgres.db,
        sql<{
          table: string;
          type: string;
          columns: string[];
          ref: string | null;
          ref_columns: string[] | null;
          on_update: string;
          on_delete: string;
        }>`SELECT c.conrelid::regclass::text AS table, c.contype AS type,
                  (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY AS k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
                  c.confrelid::regclass::text AS ref,
                  (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY AS k(n, i)
                     JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS ref_columns,
                  c.confupdtype AS on_update, c.confdeltype AS on_delete
             FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
            WHERE n.nspname = 'public' AND c.contype IN ('p', 'f', 'u')`,
      );
      const ACTION: Record<string, string> = {
        a: 'NO ACTION',
        r: 'RESTRICT',
        c: 'CASCADE',
        n: 'SET NULL',
        d: 'SET DEFAULT',
      };
      const postgresKeys = sorted(
        constraints.filter((c) => c.type === 'p').map((c) => `${c.table}(${c.columns.join(', ')})`),
      );
      const postgresForeign = sorted(
        constraints
          .filter((c) => c.type === 'f')
          .map(
            (c) =>
              `${c.table}(${c.columns.join(', ')}) -> ${c.ref}(${(c.ref_columns ?? []).join(', ')}) ` +
              `ON UPDATE ${ACTION[c.on_update]} ON DELETE ${ACTION[c.on_delete]}`,
          ),
      );
      const postgresUnique = sorted(
        constraints.filter((c) => c.type === 'u').map((c) => `${c.table}(${c.columns.join(', ')})`),
      );

      const sqliteKeys: string[] = [];
      const sqliteForeign: string[] = [];
      const sqliteUnique: string[] = [];
      for (const table of tables) {
        const key = (
          sqlite.sqlite
            .prepare(`SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`)
            .all(table) as {
            name: string;
          }[]
        ).map((column) => column.name);
        if (key.length > 0) sqliteKeys.push(`${table}(${key.join(', ')})`);
        const foreign = sqlite.sqlite
          .prepare(`SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq`)
          .all(table) as {
          id: number;
          table: string;
          from: string;
          to: string;
          on_update: string;
          on_delete: string;
        }[];
        for (const id of new Set(foreign.map((fk) => fk.id))) {
          const parts = foreign.filter((fk) => fk.id === id);
          const first = parts[0];
          if (!first) continue;
          sqliteForeign.push(
            `${table}(${parts.map((fk) => fk.from).join(', ')}) -> ${first.table}(${parts.map((fk) => fk.to).join(', ')}) ` +
              `ON UPDATE ${first.on_update} ON DELETE ${first.on_delete}`,
          );
        }
        const unique = sqlite.sqlite
          .prepare(`SELECT name FROM pragma_index_list(?) WHERE origin = 'u'`)
          .pluck()
          .all(table) as string[];
        for (const index of unique) {
          const indexColumns = sqlite.sqlite
            .prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`)
            .pluck()
            .all(index) as string[];
          sqliteUnique.push(`${table}(${indexColumns.join(', ')})`);
        }
      }
      expect(postgresKeys).toEqual(sorted(sqliteKeys));
      expect(postgresForeign).toEqual(sorted(sqliteForeign));
      // users.email UNIQUE COLLATE NOCASE is the unique index users_email_nocase on lower(email).
      expect(sorted([...postgresUnique, 'users(email)'])).toEqual(sorted(sqliteUnique));
    });

    it('has the same named indexes: columns, order, uniqueness and partial conditions', async () => {
      const sqliteIndexes = sqlite.sqlite
        .prepare(
          `SELECT m.name, m.tbl_name AS "table", m.sql, l."unique", l.partial
             FROM sqlite_master m JOIN pragma_index_list(m.tbl_name) l ON l.name = m.name
            WHERE m.type = 'index' AND l.origin = 'c'`,
        )
        .all() as { name: string; table: string; sql: string; unique: number; partial: number }[];
      const postgresIndexes = await rows(
        postgres.db,
        sql<{
          name: string;
          table: string;
          unique: boolean;
          definition: string;
          predicate: string | null;
        }>`SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table,
                  i.indisunique AS unique, pg_get_indexdef(i.indexrelid) AS definition,
                  pg_get_expr(i.indpred, i.indrelid) AS predicate
             FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public'
              AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      );
      // PostgreSQL's own: the trigram index that is FTS5's search_text, and NOCASE's unique index.
      const ownIndexes = {
        search_names_text: 'USING gin (touchline_search_text(folded) gin_trgm_ops)',
        users_email_nocase:
          'CREATE UNIQUE INDEX users_email_nocase ON public.users USING btree (lower(email))',
      };
      expect(sorted(postgresIndexes.map((index) => index.name))).toEqual(
        sorted([...sqliteIndexes.map((index) => index.name), ...Object.keys(ownIndexes)]),
      );
      for (const [name, definition] of Object.entries(ownIndexes)) {
        expect(postgresIndexes.find((index) => index.name === name)?.definition).toContain(definition);
      }
      // PostgreSQL writes a text literal with its cast ('TRUE'::text).
      const normal = (text: string) => text.replace(/[()\s]/g, '').replace(/::text/g, '');
      for (const index of sqliteIndexes) {
        const twin = postgresIndexes.find((candidate) => candidate.name === index.name);
        const columns = (
          sqlite.sqlite
            .prepare(`SELECT name, "desc" FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno`)
            .all(index.name) as { name: string; desc: number }[]
        )
          .map((column) => (column.desc ? `${column.name} DESC` : column.name))
          .join(', ');
        expect(twin?.table, index.name).toBe(index.table);
        expect(twin?.unique, index.name).toBe(index.unique === 1);
        expect(twin?.definition, index.name).toContain(`USING btree (${columns})`);
        const condition = index.partial ? normal(index.sql.slice(index.sql.search(/\bWHERE\b/) + 5)) : null;
        expect(twin?.predicate === null ? null : normal(twin?.predicate ?? ''), index.name).toBe(condition);
      }
    });
  });

  describe('constraints and id rules', () => {
    let db: DB;

    beforeAll(async () => {
      db = (await freshPostgres()).db;
      await sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES ('l1', 'One', '2026', 'active')`.execute(
        db,
      );
      await sql`INSERT INTO teams (team_id, team_name, league_id) VALUES ('t1', 'Team One', 'l1'), ('t2', 'Team Two', 'l1')`.execute(
        db,
      );
    }, 60_000);

    it('fails a bad season, JSON value or enumeration with a CHECK violation', async () => {
      const league = (season: string, status = 'active') =>
        sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES (${`x${season}${status}`}, 'X', ${season}, ${status})`.execute(
          db,
        );
      for (const season of ['20x6', '202', '20266', '２０２６', '2026\n']) {
        expect(await sqlState(() => league(season)), JSON.stringify(season)).toBe(CHECK_VIOLATION);
      }
      expect(await sqlState(() => league('2027'))).toBeNull();
      expect(await sqlState(() => league('2028', 'finished'))).toBe(CHECK_VIOLATION);

      const player = (id: string, metrics: string, position = 'Forward') =>
        sql`INSERT INTO players (id, team_id, name, number, position, metrics)
            VALUES (${id}, NULL, ${id}, 1, ${position}, ${metrics})`.execute(db);
      for (const metrics of ['not json', '{', '', "{'a': 1}", '{"a": 1,}', '[1, 2']) {
        expect(await sqlState(() => player('bad.json', metrics)), metrics).toBe(CHECK_VIOLATION);
      }
      expect(
        await sqlState(() => player('good.json', '{"goals": 3, "tags": ["a"], "note": "\\u0000"}')),
      ).toBeNull();
      expect(await sqlState(() => player('bad.position', '{}', 'Striker'))).toBe(CHECK_VIOLATION);

      const audit = (before: string | null) =>
        sql`INSERT INTO audit_log (action, entity, before) VALUES ('update', 'players', ${before})`.execute(
          db,
        );
      expect(await sqlState(() => audit('{"x":'))).toBe(CHECK_VIOLATION);
      expect(await sqlState(() => audit(null))).toBeNull();
      expect(await sqlState(() => audit('[]'))).toBeNull();

      const match = (approved: string, score: number | null) =>
        sql`INSERT INTO matches (league_id, season, match_date, home_team, away_team, home_score, away_score, approved)
            VALUES ('l1', '2026', '2026-05-01T14:00:00.000Z', 't1', 't2', ${score}, ${score}, ${approved})`.execute(
          db,
        );
      expect(await sqlState(() => match('YES', 1))).toBe(CHECK_VIOLATION);
      expect(await sqlState(() => match('', 1))).toBe(CHECK_VIOLATION);
      expect(await sqlState(() => match('TRUE', null))).toBe(CHECK_VIOLATION);
      expect(await sqlState(() => match('TRUE', 1))).toBeNull();
    });

    it('keeps emails unique whatever their ASCII case, as NOCASE', async () => {
      const user = (id: string, email: string) =>
        sql`INSERT INTO users (id, name, email, password_hash, user_type)
            VALUES (${id}, ${id}, ${email}, 'x', 'fan')`.execute(db);
      expect(await sqlState(() => user('u1', 'Ann@Example.test'))).toBeNull();
      expect(await sqlState(() => user('u2', 'ann@example.TEST'))).toBe(UNIQUE_VIOLATION);
      // NOCASE folds ASCII only.
      expect(await sqlState(() => user('u3', 'émile@example.test'))).toBeNull();
      expect(await sqlState(() => user('u4', 'Émile@example.test'))).toBeNull();
    });

    it('keeps shirt numbers unique within a roster, and not for players who left', async () => {
      const player = (id: string, team: string | null, number: number) =>
        sql`INSERT INTO players (id, team_id, name, number, position)
            VALUES (${id}, ${team}, ${id}, ${number}, 'Defender')`.execute(db);
      expect(await sqlState(() => player('n.a', 't1', 7))).toBeNull();
      expect(await sqlState(() => player('n.b', 't1', 7))).toBe(UNIQUE_VIOLATION);
      expect(await sqlState(() => player('n.c', 't2', 7))).toBeNull();
      expect(await sqlState(() => player('n.d', null, 7))).toBeNull();
      expect(await sqlState(() => player('n.e', null, 7))).toBeNull();
      // Leaving the team frees the number.
      await sql`UPDATE players SET team_id = NULL WHERE id = 'n.a'`.execute(db);
      expect(await sqlState(() => player('n.f', 't1', 7))).toBeNull();
    });

    it("numbers omitted ids as SQLite's rowid does: one more than the largest", async () => {
      const news = async (id: number | null) =>
        (
          await sql<{ id: number }>`INSERT INTO league_news (id, title, published_at)
            VALUES (${id}, 'News', '2026-01-01T00:00:00.000Z') RETURNING id`.execute(db)
        ).rows.map((row) => row.id);
      expect(await news(null)).toEqual([1]);
      expect(await news(null)).toEqual([2]);
      expect(await news(10)).toEqual([10]);
      expect(await news(null)).toEqual([11]);
      expect(await news(5)).toEqual([5]);
      expect(await news(null)).toEqual([12]);
      // Several rows of one statement, and Kysely's insert without an id.
      const many = await sql<{ id: number }>`INSERT INTO league_news (title, published_at)
        VALUES ('a', 'x'), ('b', 'x'), ('c', 'x') RETURNING id`.execute(db);
      expect(many.rows.map((row) => row.id)).toEqual([13, 14, 15]);
      const inserted = await db
        .insertInto('audit_log')
        .values({ action: 'a', entity: 'e', entity_id: null, user_id: null, before: null, after: null })
        .returning(['id', 'at'])
        .executeTakeFirstOrThrow();
      const previous = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(inserted.id).toBe(previous.id);
      // SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', 'now').
      expect(inserted.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(inserted.at) - Date.now())).toBeLessThan(60_000);
    });
  });

  describe('fixed statements', () => {
    it('run as statements the connection prepared once; a query built per call does not', async () => {
      if (!server) throw new Error('no server');
      counter += 1;
      const name = `schema_${counter}`;
      await onServer(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
      // One connection, so that the statements listed are the ones these calls prepared.
      const connection = await openStore({ databaseUrl: server.urlOf(name), file: '', poolMax: 1 });
      opened.push(connection);
      const { db } = connection;
      const LEAGUE = statement((db: DB, a: { id: string }) =>
        db.selectFrom('leagues').select('league_id').where('league_id', '=', a.id),
      );
      expect(await LEAGUE.all(db, { id: 'none' })).toEqual([]);
      expect(await LEAGUE.all(db, { id: 'other' })).toEqual([]);
      await storeRows(db, db.selectFrom('teams').select('team_id').where('team_id', '=', 'none'));
      const listed = await rows(
        db,
        sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`,
      );
      const leagues = listed.filter((row) => row.statement.includes('from "leagues"'));
      expect(leagues).toHaveLength(1);
      expect(leagues[0]?.name).toMatch(/^touchline_\d+$/);
      expect(listed.filter((row) => row.statement.includes('from "teams"'))).toEqual([]);
    });
  });

  describe('the data versions and match revisions', () => {
    let db: DB;

    beforeAll(async () => {
      db = (await freshPostgres()).db;
    }, 60_000);

    async function versions(): Promise<Record<string, number>> {
      const found = await db.selectFrom('data_version').select(['table_name', 'version']).execute();
      return Object.fromEntries(found.map((row) => [row.table_name, row.version]));
    }

    /** Runs the write; answers which versions moved. */
    async function moved(write: () => Promise<unknown>): Promise<string[]> {
      const before = await versions();
      await write();
      const after = await versions();
      return sorted(Object.keys(after).filter((table) => after[table] !== before[table]));
    }

    const run = (query: RawBuilder<unknown>) => () => query.execute(db);

    it('has the same rows as SQLite', async () => {
      const sqlite = await freshSqlite();
      const expected = sqlite.sqlite.prepare('SELECT table_name, version FROM data_version').all() as {
        table_name: string;
        version: number;
      }[];
      expect(await versions()).toEqual(
        Object.fromEntries(expected.map((row) => [row.table_name, row.version])),
      );
    });

    it('moves a table’s version with every statement that changes it, and no other', async () => {
      expect(
        await moved(
          run(
            sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES ('l', 'L', '2026', 'active')`,
          ),
        ),
      ).toEqual(['leagues']);
      expect(
        await moved(
          run(sql`INSERT INTO teams (team_id, team_name, league_id) VALUES ('a', 'A', 'l'), ('b', 'B', 'l')`),
        ),
      ).toEqual(['teams']);
      expect(
        await moved(
          run(
            sql`INSERT INTO users (id, name, email, password_hash, user_type) VALUES ('u', 'U', 'u@x.test', 'h', 'fan')`,
          ),
        ),
      ).toEqual(['users']);
      expect(
        await moved(
          run(
            sql`INSERT INTO players (id, team_id, name, number, position) VALUES ('p', 'a', 'P', 1, 'Forward'), ('q', 'b', 'Q', 1, 'Forward')`,
          ),
        ),
      ).toEqual(['players']);
      expect(await moved(run(sql`INSERT INTO coaches (id, team_id, name) VALUES ('c', 'b', 'C')`))).toEqual([
        'coaches',
      ]);
      expect(
        await moved(
          run(sql`INSERT INTO matches (id, league_id, season, match_date, home_team, away_team)
                  VALUES (1, 'l', '2026', '2026-05-01', 'a', 'b')`),
        ),
      ).toEqual(['approved_results', 'matches']);
      expect(
        await moved(run(sql`INSERT INTO match_squads (match_id, team_id, player_id) VALUES (1, 'a', 'p')`)),
      ).toEqual(['match_squads']);
      expect(
        await moved(
          run(
            sql`INSERT INTO match_events (match_id, team_id, player_id, kind) VALUES (1, 'a', 'p', 'goal')`,
          ),
        ),
      ).toEqual(['match_events']);
      expect(
        await moved(
          run(sql`INSERT INTO league_news (league_id, title, published_at) VALUES ('l', 'N', '2026-01-01')`),
        ),
      ).toEqual(['league_news']);

      expect(await moved(run(sql`UPDATE players SET bio = 'b' WHERE id = 'p'`))).toEqual(['players']);
      expect(await moved(run(sql`UPDATE match_squads SET team_id = 'a'`))).toEqual(['match_squads']);
      // A statement that changes no row moves nothing, as SQLite's row triggers.
      expect(await moved(run(sql`UPDATE players SET bio = 'b' WHERE id = 'nobody'`))).toEqual([]);
      expect(await moved(run(sql`DELETE FROM league_news WHERE id = 99`))).toEqual([]);
      expect(await moved(run(sql`DELETE FROM league_news`))).toEqual(['league_news']);
      expect(await moved(run(sql`DELETE FROM coaches`))).toEqual(['coaches']);
      // Foreign key actions are changes too: the team's player and user lose their team.
      await sql`UPDATE users SET team_id = 'b'`.execute(db);
      expect(await moved(run(sql`UPDATE teams SET team_id = 'bb' WHERE team_id = 'b'`))).toEqual([
        'approved_results',
        'matches',
        'players',
        'teams',
        'users',
      ]);
      expect(await moved(run(sql`DELETE FROM matches`))).toEqual([
        'approved_results',
        'match_events',
        'match_squads',
        'matches',
      ]);
      expect(await moved(run(sql`DELETE FROM teams WHERE team_id = 'bb'`))).toEqual([
        'players',
        'teams',
        'users',
      ]);
      expect(await moved(run(sql`TRUNCATE league_news`))).toEqual(['league_news']);
      expect(await moved(run(sql`TRUNCATE match_events`))).toEqual(['approved_results', 'match_events']);
    });

    it('moves a match’s revision with every change to its row, events and squads', async () => {
      await sql`INSERT INTO leagues (league_id, league_name, season, status) VALUES ('r', 'R', '2026', 'active')`.execute(
        db,
      );
      await sql`INSERT INTO teams (team_id, team_name) VALUES ('r1', 'R1'), ('r2', 'R2')`.execute(db);
      await sql`INSERT INTO players (id, team_id, name, number, position) VALUES ('r1.p', 'r1', 'R1 P', 1, 'Forward'), ('r2.p', 'r2', 'R2 P', 1, 'Forward')`.execute(
        db,
      );
      const revisions = async () =>
        Object.fromEntries(
          (await db.selectFrom('match_revision').select(['match_id', 'revision']).execute()).map((row) => [
            row.match_id,
            row.revision,
          ]),
        );
      await sql`INSERT INTO matches (id, league_id, season, match_date, home_team, away_team)
                VALUES (10, 'r', '2026', 'd', 'r1', 'r2'), (11, 'r', '2026', 'd', 'r2', 'r1')`.execute(db);
      expect(await revisions()).toMatchObject({ 10: 1, 11: 1 });
      await sql`INSERT INTO match_events (match_id, team_id, player_id, kind)
                VALUES (10, 'r1', 'r1.p', 'goal'), (10, 'r1', 'r1.p', 'goal')`.execute(db);
      expect(await revisions()).toMatchObject({ 10: 3, 11: 1 });
      await sql`INSERT INTO match_squads (match_id, team_id, player_id) VALUES (11, 'r2', 'r2.p')`.execute(
        db,
      );
      expect(await revisions()).toMatchObject({ 10: 3, 11: 2 });
      // An event moved to another match moves both.
      await sql`UPDATE match_events SET match_id = 11 WHERE id = (SELECT min(id) FROM match_events WHERE match_id = 10)`.execute(
        db,
      );
      expect(await revisions()).toMatchObject({ 10: 4, 11: 3 });
      await sql`UPDATE matches SET match_date = 'e' WHERE id = 10`.execute(db);
      expect(await revisions()).toMatchObject({ 10: 5, 11: 3 });
      // A renumbered match: the old number and the new one.
      await sql`INSERT INTO matches (id, league_id, season, match_date, home_team, away_team)
                VALUES (13, 'r', '2026', 'd', 'r1', 'r2')`.execute(db);
      await sql`UPDATE matches SET id = 14 WHERE id = 13`.execute(db);
      expect(await revisions()).toMatchObject({ 13: 2, 14: 1 });
      // Deleted with its events and squads: one move per row, and the rows stay.
      await sql`DELETE FROM matches WHERE id = 10`.execute(db);
      expect((await revisions())[10]).toBe(7);
      await sql`INSERT INTO matches (id, league_id, season, match_date, home_team, away_team)
                VALUES (10, 'r', '2026', 'd', 'r1', 'r2')`.execute(db);
      expect((await revisions())[10]).toBe(8);
    });
  });

  describe('the search functions', () => {
    let db: DB;

    beforeAll(async () => {
      db = (await freshPostgres()).db;
    }, 60_000);

    /** Every string of the demo seed's word pools, and text that folding must get right. */
    function corpus(): string[] {
      const found = new Set<string>();
      const collect = (value: unknown) => {
        if (typeof value === 'string') found.add(value);
        else if (Array.isArray(value)) value.forEach(collect);
        else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
      };
      collect(Object.values(seedNames));
      for (const first of seedNames.FIRST_NAMES) {
        for (const last of seedNames.SURNAMES) found.add(`${first} ${last}`);
      }
      for (const sample of [
        'José Álvarez',
        'JOSÉ ÁLVAREZ',
        'Jose\u0301 A\u0301lvarez',
        'Zoë Ng',
        'Hans Straße',
        'STRASSE',
        'ẞ',
        'İstanbul İzmir',
        'ıi Iı',
        'ΣΑΣ ΟΔΥΣΣΕΥΣ',
        'Σ',
        'aΣ aΣb ΣΣ ς σ',
        'Οδυσσεύς Ἀθῆναι',
        'Пётр Чайковский',
        'ЁЛКА',
        'Łódź Wrocław',
        'Ærøskøbing Øresund',
        'ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ',
        'Ǆ ǅ ǆ Ǳ',
        'ＡＢＣ ｆｕｌｌ　ｗｉｄｔｈ １２３',
        'ｶﾀｶﾅ カタカナ が',
        '①②③ ⅫⅣ ½ ² ℃ ™ ㎏',
        'e\u0301\u0323 a\u0308\u0304 o\u0328\u0301',
        '\u0301leading mark',
        'मनोज कुमार क़',
        'عبد الله آمنة',
        '한국어 가나다',
        '中文 日本語',
        '⚽ Football 🏆 Club 👨‍👩‍👧',
        '🇬🇧 England',
        '  spaced \t out \n name\u00a0\u2003\u3000end  ',
        '\u200b\u200d\u2060\ufeff zero width',
        "O'Brien-Smith Jr.",
        'Mc"Quote 100% _under\\slash',
        'DŽ dž Ǉ ǈ ǉ',
        'ǰ ΐ ᾳ ᾼ ﬓ',
        'ꟍ Ɤ ɤ 𐐀 𐐨 𞤀',
        '\u0001\u0002\u0003 control \u007f',
      ]) {
        found.add(sample);
      }
      return [...found];
    }

    it('fold, measure and mark every name of the demo seed and the samples as the JavaScript does', async () => {
      const texts = corpus();
      const result = await rows(
        db,
        sql<{
          folded: string;
          length: number;
          marked: string;
        }>`SELECT touchline_fold(t) AS folded, touchline_length(t) AS length,
                  touchline_search_text(touchline_fold(t)) AS marked
             FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
      );
      expect(result).toHaveLength(texts.length);
      const differences = texts.flatMap((text, i) => {
        const folded = foldForSearch(text);
        const expected = { folded, length: codePointLength(text), marked: searchIndexText(folded) };
        return JSON.stringify(result[i]) === JSON.stringify(expected)
          ? []
          : [{ text, expected, actual: result[i] }];
      });
      expect(differences).toEqual([]);
    });

    it('fold every code point as the JavaScript does', async () => {
      expect(await foldDifferences(db)).toEqual([]);
    });

    it('mark and measure every code point as the JavaScript does', async () => {
      const blocks: string[] = [];
      for (let first = 1; first <= 0x10ffff; first += 4096) {
        let block = '';
        for (let codePoint = first; codePoint < first + 4096 && codePoint <= 0x10ffff; codePoint++) {
          if (codePoint < 0xd800 || codePoint > 0xdfff) block += String.fromCodePoint(codePoint);
        }
        if (block !== '') blocks.push(block);
      }
      const result = await rows(
        db,
        sql<{
          marked: string;
          length: number;
        }>`SELECT touchline_search_text(t) AS marked, touchline_length(t) AS length
             FROM unnest(${blocks}::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n`,
      );
      const wrong = blocks.filter(
        (block, i) =>
          result[i]?.marked !== searchIndexText(block) || result[i]?.length !== codePointLength(block),
      );
      expect(wrong.map((block) => block.codePointAt(0)?.toString(16))).toEqual([]);
    });
  });

  describe('search', () => {
    let postgres: DB;
    let sqlite: DB;

    beforeAll(async () => {
      postgres = (await freshPostgres()).db;
      sqlite = (await freshSqlite()).db;
      for (const db of [postgres, sqlite]) {
        await seedDemoLeague(db, { imagesDir: tempDir(), referenceDate: REFERENCE, passwordCost: CHEAP });
      }
    }, 120_000);

    type IndexRow = {
      kind: string;
      ref_id: string;
      name: string;
      folded: string;
      length: number;
      id: number;
    };

    /** search_names as its definition says, from the source tables, folded in JavaScript. */
    async function expectIndexInStep(db: DB) {
      const players = await db
        .selectFrom('players')
        .select(['id', 'name'])
        .where('team_id', 'is not', null)
        .execute();
      const teams = await db.selectFrom('teams').select(['team_id', 'team_name']).execute();
      const leagues = await db.selectFrom('leagues').select(['league_id', 'league_name', 'season']).execute();
      const expected = [
        ...players.map((p) => ({ kind: 'player', ref_id: p.id, name: p.name })),
        ...teams.map((t) => ({ kind: 'team', ref_id: t.team_id, name: t.team_name })),
        ...leagues.map((l) => ({
          kind: 'league',
          ref_id: l.league_id,
          name: `${l.league_name} ${l.season}`,
        })),
      ].map((row) => ({ ...row, folded: foldForSearch(row.name), length: codePointLength(row.name) }));
      const key = (row: { kind: string; ref_id: string }) => `${row.kind}:${row.ref_id}`;
      const actual = (await db
        .selectFrom('search_names')
        .select(['id', 'kind', 'ref_id', 'name', 'folded', 'length'])
        .execute()) as IndexRow[];
      const byKey = (a: { kind: string; ref_id: string }, b: { kind: string; ref_id: string }) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
      expect(actual.map(({ id: _, ...row }) => row).sort(byKey)).toEqual(expected.sort(byKey));
      for (const row of actual) expect(Math.floor(row.id / 2 ** 32), row.name).toBe(row.length);
      expect(new Set(actual.map((row) => row.id)).size).toBe(actual.length);
    }

    /** Terms over the demo league: names, their words, every one- and two-letter piece, odd ones. */
    async function terms(db: DB): Promise<string[]> {
      const names = (await db.selectFrom('search_names').select(['name', 'folded']).execute()).map(
        (row) => row,
      );
      const found = new Set<string>();
      for (const { name, folded } of names) {
        found.add(name);
        for (const word of name.split(' ')) found.add(word);
        const points = Array.from(folded);
        for (let i = 0; i < points.length; i++) {
          found.add(points[i] ?? '');
          found.add(points.slice(i, i + 2).join(''));
        }
      }
      for (const term of [
        'ma',
        'mar',
        'an',
        'son',
        'JOAO',
        'joão',
        'Jose',
        "o'",
        "o'b",
        'de v',
        '-brown',
        'st anne',
        'anne’s',
        '2026',
        '2025',
        'league 2026',
        'ＲＯＶＥＲＳ',
        'ß',
        'ss',
        'ø',
        'ı',
        '%',
        '_',
        '\\',
        '%%',
        "' OR 1=1 --",
        '   rovers   ',
        'x'.repeat(100),
        'zzz',
        '⚽',
        '\ud83d',
        'a\udc00',
        'l\u0000c',
        '\u0000',
      ]) {
        found.add(term);
      }
      found.delete('');
      return [...found];
    }

    /**
     * Each term answered on PostgreSQL as on SQLite, both as the scan of every name
     * (referenceSearch, the oracle of tests/api/search.test.ts) answers, also with few: 0
     * (rank after rank where one read of every match would do).
     */
    async function expectSameAnswers() {
      const list = await terms(sqlite);
      expect(list.length).toBeGreaterThan(300);
      const differences: string[] = [];
      for (const term of list) {
        const expected = JSON.stringify(await referenceSearch(sqlite, term));
        if (JSON.stringify(await referenceSearch(postgres, term)) !== expected) {
          differences.push(`${JSON.stringify(term)}: the data differ`);
        }
        for (const few of [100, 0]) {
          if (JSON.stringify(await searchByName(sqlite, term, { few })) !== expected) {
            differences.push(`${JSON.stringify(term)} few ${few}: SQLite`);
          }
          if (JSON.stringify(await searchByName(postgres, term, { few })) !== expected) {
            differences.push(`${JSON.stringify(term)} few ${few}: PostgreSQL`);
          }
        }
      }
      expect(differences).toEqual([]);
    }

    it('keeps the index in step with the seeded names', async () => {
      await expectIndexInStep(postgres);
    });

    it('answers every term as SQLite does, in the same order', async () => {
      await expectSameAnswers();
    }, 120_000);

    it('keeps answering as SQLite after names, rosters, teams and leagues change', async () => {
      for (const db of [postgres, sqlite]) {
        const forward = (id: string, name: string, team_id: string | null, number: number) =>
          insertPlayer(db, { id, name, team_id, number, position: 'Forward' });
        const someone = await db
          .selectFrom('players')
          .select(['id', 'team_id'])
          .orderBy('id')
          .limit(3)
          .execute();
        const [first, second, third] = someone;
        if (!first || !second || !third) throw new Error('the demo league has players');
        await db
          .updateTable('players')
          .set({ name: 'Ærø Ünïcødé-Smith' })
          .where('id', '=', first.id)
          .execute();
        await db.updateTable('players').set({ team_id: null }).where('id', '=', second.id).execute();
        await db
          .updateTable('players')
          .set({ id: `${third.id}.renamed` })
          .where('id', '=', third.id)
          .execute();
        await forward('new.ken', 'Ken Kensington', first.team_id, 990);
        await forward('new.left', 'Left Already', null, 991);
        // ON UPDATE CASCADE moves a roster: its players stay searchable.
        await insertTeam(db, { team_id: 'cascade.fc', team_name: 'Cascade FC' });
        await forward('cascade.one', 'Çascade Öne', 'cascade.fc', 1);
        await db
          .updateTable('teams')
          .set({ team_id: 'cascade.united', team_name: 'Cascade Ünited' })
          .where('team_id', '=', 'cascade.fc')
          .execute();
        const league = await db
          .selectFrom('leagues')
          .select('league_id')
          .orderBy('league_id')
          .limit(1)
          .executeTakeFirstOrThrow();
        await db
          .updateTable('leagues')
          .set({ league_name: 'Sunday Ünïted League', season: '2031' })
          .where('league_id', '=', league.league_id)
          .execute();
        // ON DELETE SET NULL takes a whole roster out of search.
        await insertTeam(db, { team_id: 'gone.fc', team_name: 'Gone FC' });
        await forward('gone.one', 'Gone Kenny', 'gone.fc', 1);
        await forward('gone.two', 'Gone Two', 'gone.fc', 2);
        await db.deleteFrom('teams').where('team_id', '=', 'gone.fc').execute();
      }
      await expectIndexInStep(postgres);
      await expectSameAnswers();
    }, 120_000);

    it('answers as the scan of every name for names and terms of a small, hard alphabet', async () => {
      const world = fc.record(searchWorld({ players: 40, leagues: 3, terms: 5 }));
      const db = (await freshPostgres()).db;
      await fc.assert(
        fc.asyncProperty(world, async ({ players, teams, leagues, terms }) => {
          await sql`TRUNCATE players, teams, leagues CASCADE`.execute(db);
          for (const [i, league] of leagues.entries()) {
            await db
              .insertInto('leagues')
              .values({
                league_id: `l${i}`,
                league_name: league.name,
                season: league.season,
                status: 'active',
              })
              .execute();
          }
          for (const [i, team] of teams.entries())
            await insertTeam(db, { team_id: `t${i}`, team_name: team });
          for (const [i, player] of players.entries()) {
            const team = player.team < teams.length ? `t${player.team}` : null;
            await insertPlayer(db, {
              id: `p${i}`,
              name: player.name,
              team_id: team,
              number: i,
              position: 'Forward',
            });
          }
          await expectIndexInStep(db);
          for (const term of terms) {
            const expected = await referenceSearch(db, term);
            expect(await searchByName(db, term), JSON.stringify(term)).toEqual(expected);
            expect(await searchByName(db, term, { few: 0 }), JSON.stringify(term)).toEqual(expected);
          }
        }),
        { numRuns: 40 },
      );
    }, 120_000);

    it('uses the trigram index for a phrase of three letters or more', async () => {
      const plan = await rows(
        postgres,
        sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM search_names
          WHERE touchline_search_text(folded) LIKE ${'%' + '\u0001\u0001ken%'}`,
      );
      expect(plan.length).toBeGreaterThan(0);
      // Whether the planner picks it depends on statistics; that it can is what this checks.
      const forced = await postgres.connection().execute(async (db) => {
        await sql`SET enable_seqscan = off`.execute(db);
        await sql`SET enable_indexscan = off`.execute(db);
        const found = await rows(
          db,
          sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM search_names
            WHERE touchline_search_text(folded) LIKE ${'%' + '\u0001\u0001ken%'}`,
        );
        await sql`RESET enable_seqscan`.execute(db);
        await sql`RESET enable_indexscan`.execute(db);
        return found;
      });
      expect(forced.map((row) => row['QUERY PLAN']).join('\n')).toContain('search_names_text');
    });
  });
});

/** The parts of the catalogue a migration could change, for "a second run changes nothing". */
async function catalogue(db: DB) {
  return rows(
    db,
    sql<{ kind: string; name: string; definition: string | null }>`
      SELECT 'relation' AS kind, c.relname::text AS name, c.relkind::text AS definition
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
      UNION ALL
      SELECT 'trigger', t.tgname::text, pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
      UNION ALL
      SELECT 'function', p.proname::text, md5(p.prosrc) FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.proname LIKE 'touchline%'
      UNION ALL
      SELECT 'data_version', table_name, version::text FROM data_version
      ORDER BY 1, 2, 3`,
  );
}
