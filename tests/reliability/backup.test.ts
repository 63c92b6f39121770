/**
 * Backup (issue #8): `api/backup-cli.ts` copies the database of a running server while
 * writes keep coming. The copy must pass an integrity check, be one consistent snapshot
 * that holds every write acknowledged before the backup began, and work as the database
 * of a second server. backupDatabase's refusals are checked on small files first.
 *
 * Every write carries its own Idempotency-Key, recorded in the write's transaction, so
 * the copy says exactly which writes it holds.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MatchDetailsSchema, RosterPlayerSchema, type MatchSchema } from '../../api/schemas';
import { backupDatabase } from '../../db/backup';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/demo-league';
import { startServer, type TestServer } from '../e2e/harness';
import { seeded } from '../e2e/fixtures';
import { figure } from './settings';
import { pickFrom, shuffled } from './random';
import { DEMO_TEAM, demoWriteTargets } from './demo-writes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WORKERS = 6;
const KEY_PREFIX = 'backup-';

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-backup-'));
}

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: readonly string[], dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'api', 'backup-cli.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A small WAL database with rows, left open for writing as the server would hold it. */
function smallDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
  for (let i = 0; i < 500; i++) insert.run(`row ${i}`.repeat(20));
  return db;
}

const leftovers = (dir: string) =>
  fs.readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.includes('.tmp-'));

describe('backupDatabase', () => {
  let dir: string;
  let source: Database.Database;
  beforeEach(() => {
    dir = tempDir();
    source = smallDatabase(path.join(dir, 'source.db'));
  });
  afterEach(() => {
    source.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies a database that is open for writing into one self-contained file, readable by its owner only', async () => {
    const target = path.join(dir, 'copy.db');
    fs.chmodSync(path.join(dir, 'source.db'), 0o644);
    const result = await backupDatabase(path.join(dir, 'source.db'), target);
    expect(result.pages).toBeGreaterThan(10);
    expect(result.bytes).toBe(fs.statSync(target).size);
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 });
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      copy.close();
    }
    expect(leftovers(dir)).toEqual([]);
  });

  it('refuses a missing source and writes nothing', async () => {
    const target = path.join(dir, 'copy.db');
    await expect(backupDatabase(path.join(dir, 'missing.db'), target)).rejects.toMatchObject({
      reason: 'missing-source',
      message: expect.stringContaining('No database at'),
    });
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'missing.db'))).toBe(false);
  });

  it('refuses to overwrite an existing file unless forced', async () => {
    const target = path.join(dir, 'copy.db');
    fs.writeFileSync(target, 'an older backup');
    await expect(backupDatabase(path.join(dir, 'source.db'), target)).rejects.toMatchObject({
      reason: 'target-exists',
    });
    expect(fs.readFileSync(target, 'utf8')).toBe('an older backup');
    expect(leftovers(dir)).toEqual([]);

    fs.chmodSync(target, 0o644);
    const result = await backupDatabase(path.join(dir, 'source.db'), target, { force: true });
    expect(result.bytes).toBeGreaterThan(15);
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  });

  it('refuses a file that is not a database, and a missing target folder', async () => {
    fs.writeFileSync(path.join(dir, 'notes.db'), 'not a database '.repeat(100));
    await expect(backupDatabase(path.join(dir, 'notes.db'), path.join(dir, 'copy.db'))).rejects.toMatchObject(
      {
        reason: 'not-a-database',
      },
    );
    await expect(
      backupDatabase(path.join(dir, 'source.db'), path.join(dir, 'no-such-folder', 'copy.db')),
    ).rejects.toMatchObject({ reason: 'missing-target-folder' });
    expect(fs.existsSync(path.join(dir, 'copy.db'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });
  it('refuses to publish a copy that fails its integrity check', async () => {
    const damaged = path.join(dir, 'damaged.db');
    smallDatabase(damaged).close();
    // A page header overwritten: the copy is page for page the same, and must not pass.
    const fd = fs.openSync(damaged, 'r+');
    try {
      fs.writeSync(fd, Buffer.alloc(64, 0xab), 0, 64, 4096 * 9);
    } finally {
      fs.closeSync(fd);
    }
    await expect(backupDatabase(damaged, path.join(dir, 'copy.db'))).rejects.toMatchObject({
      reason: 'corrupt-copy',
    });
    expect(fs.existsSync(path.join(dir, 'copy.db'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('npm run backup', () => {
  it('prints its usage and exits with 2 without a file, and 1 with a message when there is no database', async () => {
    const dir = tempDir();
    try {
      const usage = await runCli([], dir);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run backup -- <file>');

      const missing = await runCli([path.join(dir, 'copy.db')], path.join(dir, 'data'));
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toBe(
        `Backup failed: No database at ${path.join(dir, 'data', 'touchline.db')}`,
      );
      // Reading the configuration must not create the data folder (or a JWT secret in it).
      expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);

      // On PostgreSQL the backup is pg_dump's: the command says so and copies nothing.
      const postgres = await runCli([path.join(dir, 'copy.db')], path.join(dir, 'data'), {
        DATABASE_URL: 'postgres://league@db.example:5432/touchline',
      });
      expect(postgres.code).toBe(1);
      expect(postgres.stderr).toContain('Use pg_dump: pg_dump --format=custom');
      expect(fs.existsSync(path.join(dir, 'copy.db'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------
// A running server under writes.

type Json = string | number | null | Json[] | { [key: string]: Json };

interface Write {
  key: string;
  value: Json;
  acked: boolean;
}

interface Entity {
  name: string;
  audit: { action: string; entityId: string };
  initial: Json;
  writes: Write[];
  next(): { method: 'POST' | 'PUT'; path: string; token: string; body: Json; value: Json };
  /** Its value in a database file. */
  read(db: Database.Database): Json;
  /** Its value as a server answers it. */
  fetch(base: string): Promise<Json>;
}

async function call(
  base: string,
  method: string,
  url: string,
  init: { token?: string; body?: Json; key?: string },
) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
  if (init.key !== undefined) headers['Idempotency-Key'] = init.key;
  return fetch(new URL(url, base), {
    method,
    headers,
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
}

async function getJson<T>(base: string, url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await call(base, 'GET', url, {});
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return schema.parse(await response.json());
}

async function login(base: string, email: string): Promise<Response> {
  return call(base, 'POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
}

async function token(base: string, email: string): Promise<string> {
  const response = await login(base, email);
  return z.object({ access_token: z.string() }).parse(await response.json()).access_token;
}

function reportEntity(match: z.infer<typeof MatchSchema>, adminToken: string): Entity {
  const scoreOf = (db: Database.Database) =>
    db
      .prepare<[number], { home_score: number | null; away_score: number | null }>(
        'SELECT home_score, away_score FROM matches WHERE id = ?',
      )
      .get(match.id);
  return {
    name: `report of match ${match.id}`,
    audit: { action: 'match.report', entityId: String(match.id) },
    initial: null,
    writes: [],
    next() {
      const [home, away] = [randomInt(5), randomInt(5)];
      const goalscorers = [
        ...Array.from({ length: home }, () => pickFrom(match.home_players)),
        ...Array.from({ length: away }, () => pickFrom(match.away_players)),
      ];
      const body = { home_score: home, away_score: away, goalscorers, assisters: [], goalkeepers: [] };
      return {
        method: 'POST',
        path: `/api/matches/${match.id}/report`,
        token: adminToken,
        body,
        value: { home_score: home, away_score: away, goalscorers },
      };
    },
    read(db) {
      const row = scoreOf(db);
      const goals = db
        .prepare<[number], { player_id: string }>(
          "SELECT player_id FROM match_events WHERE match_id = ? AND kind = 'goal' ORDER BY id",
        )
        .all(match.id);
      return {
        home_score: row?.home_score ?? null,
        away_score: row?.away_score ?? null,
        goalscorers: goals.map((goal) => goal.player_id),
      };
    },
    async fetch(base) {
      const answer = await getJson(base, `/api/matches/${match.id}`, MatchDetailsSchema);
      return {
        home_score: answer.home_score,
        away_score: answer.away_score,
        goalscorers: answer.goalscorers,
      };
    },
  };
}

function squadEntity(matchId: number, roster: readonly string[], coachToken: string): Entity {
  return {
    name: `squad for match ${matchId}`,
    audit: { action: 'match.squad', entityId: String(matchId) },
    initial: null,
    writes: [],
    next() {
      const players = shuffled(roster).slice(0, 7 + randomInt(Math.min(18, roster.length) - 6));
      return {
        method: 'PUT',
        path: `/api/teams/${DEMO_TEAM}/matches/${matchId}/roster`,
        token: coachToken,
        body: { players },
        value: players,
      };
    },
    read(db) {
      return db
        .prepare<[number, string], { player_id: string }>(
          'SELECT player_id FROM match_squads WHERE match_id = ? AND team_id = ? ORDER BY id',
        )
        .all(matchId, DEMO_TEAM)
        .map((row) => row.player_id);
    },
    async fetch(base) {
      const match = await getJson(base, `/api/matches/${matchId}`, MatchDetailsSchema);
      return match.home_team === DEMO_TEAM ? match.home_players : match.away_players;
    },
  };
}

/** Changes the shirt number within the player's own range, so numbers stay unique. */
function playerEntity(playerId: string, numbers: readonly number[], coachToken: string): Entity {
  return {
    name: `player ${playerId}`,
    audit: { action: 'update', entityId: playerId },
    initial: null,
    writes: [],
    next() {
      const number = pickFrom(numbers);
      return {
        method: 'PUT',
        path: `/api/player/update/${playerId}`,
        token: coachToken,
        body: { number },
        value: number,
      };
    },
    read(db) {
      return (
        db.prepare<[string], { number: number }>('SELECT number FROM players WHERE id = ?').get(playerId)
          ?.number ?? null
      );
    },
    async fetch(base) {
      const { players } = await getJson(
        base,
        `/api/teams/${DEMO_TEAM}/roster`,
        z.object({ players: z.array(RosterPlayerSchema) }),
      );
      return players.find((player) => player.id === playerId)?.number ?? null;
    },
  };
}

const servers: TestServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of servers) await server.dispose();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup of a running server', () => {
  it('copies a consistent snapshot under writes that restores into a working server', async () => {
    const began = performance.now();
    const server = await startServer(seeded());
    servers.push(server);
    const base = server.url;
    const adminToken = await token(base, 'superadmin@touchline.demo');
    const coachToken = await token(base, 'coach@touchline.demo');

    const { matches, upcoming, roster, rosterIds, freeNumbers } = await demoWriteTargets((url, schema) =>
      getJson(base, url, schema),
    );
    const edited = roster.slice(0, 4);
    const entities = [
      ...matches.map((match) => reportEntity(match, adminToken)),
      ...upcoming.map((match) => squadEntity(match.id, rosterIds, coachToken)),
      ...edited.map((player, i) =>
        playerEntity(
          player.id,
          freeNumbers.filter((_, n) => n % edited.length === i),
          coachToken,
        ),
      ),
    ];
    expect(entities.length).toBeGreaterThanOrEqual(WORKERS);

    const liveFile = path.join(server.dataDir, 'touchline.db');
    // A reader that keeps its snapshot open until the backup is done, as a slow query
    // would: the checkpointer cannot move later commits into the database file, so the
    // test's writes live only in the WAL, where a backup must find them too (a plain
    // copy of touchline.db would miss them).
    const pin = new Database(liveFile, { readonly: true, fileMustExist: true });
    pin.exec('BEGIN');
    const auditBaseline =
      pin.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log').get()?.id ?? 0;
    for (const entity of entities) entity.initial = entity.read(pin);

    const problems: string[] = [];
    const state = { stop: false, acked: 0, sequence: 0 };
    async function worker(own: readonly Entity[]) {
      while (!state.stop) {
        const entity = pickFrom(own);
        const write = entity.next();
        const record: Write = { key: `${KEY_PREFIX}${++state.sequence}`, value: write.value, acked: false };
        entity.writes.push(record);
        const response = await call(base, write.method, write.path, {
          token: write.token,
          body: write.body,
          key: record.key,
        });
        const text = await response.text();
        if (response.ok) {
          record.acked = true;
          state.acked++;
        } else {
          problems.push(`${write.method} ${write.path} answered ${response.status}: ${text.slice(0, 300)}`);
          return;
        }
      }
    }
    const running = Array.from({ length: WORKERS }, (_, w) =>
      worker(entities.filter((_, i) => i % WORKERS === w)),
    );

    // Let writes pile up, then back up while they go on.
    while (state.acked < 50 && problems.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const ackedBefore = new Map(entities.map((e) => [e, e.writes.filter((w) => w.acked).length]));
    const ackedAtStart = state.acked;
    const outDir = tempDir();
    dirs.push(outDir);
    const copyFile = path.join(outDir, 'touchline-backup.db');
    const cliStarted = performance.now();
    const cli = await runCli([copyFile], server.dataDir);
    const cliMs = Math.round(performance.now() - cliStarted);
    const ackedDuring = state.acked - ackedAtStart;
    pin.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    state.stop = true;
    await Promise.all(running);

    expect(problems).toEqual([]);
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const printed = /: (\d+) pages, .* \((\d+) bytes\) in (\d+) ms/.exec(cli.stdout);
    expect(printed, cli.stdout).not.toBeNull();
    expect(Number(printed?.[2])).toBe(fs.statSync(copyFile).size);
    expect(ackedDuring).toBeGreaterThan(0);
    expect(fs.readdirSync(outDir)).toEqual(['touchline-backup.db']);

    // The copy: intact, and a snapshot. Each entity's writes are sequential, so the copy
    // must hold a prefix of them, at least up to the last one acknowledged before the
    // backup began, and the value of the last write it holds.
    const expected = new Map<Entity, Json>();
    let held = 0;
    {
      const copy = new Database(copyFile, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('foreign_key_check')).toEqual([]);
        const keys = new Set(
          copy
            .prepare<[string], { key: string }>('SELECT key FROM idempotency_keys WHERE key LIKE ?')
            .all(`${KEY_PREFIX}%`)
            .map((row) => row.key),
        );
        const audits = new Map(
          copy
            .prepare<[number], { action: string; entity_id: string | null; n: number }>(
              'SELECT action, entity_id, count(*) AS n FROM audit_log WHERE id > ? GROUP BY action, entity_id',
            )
            .all(auditBaseline)
            .map((row) => [`${row.action} ${row.entity_id}`, row.n]),
        );
        for (const entity of entities) {
          const present = entity.writes.map((write) => keys.has(write.key));
          const count = present.filter(Boolean).length;
          held += count;
          if (present.some((isHeld, i) => isHeld !== i < count)) {
            problems.push(`${entity.name}: the copy holds writes out of order: ${present.join(',')}`);
          }
          if (count < (ackedBefore.get(entity) ?? 0)) {
            problems.push(
              `${entity.name}: the copy holds ${count} writes, ${ackedBefore.get(entity)} were acknowledged before the backup`,
            );
          }
          const value = count === 0 ? entity.initial : (entity.writes[count - 1]?.value ?? null);
          expected.set(entity, value);
          const actual = entity.read(copy);
          if (JSON.stringify(actual) !== JSON.stringify(value)) {
            problems.push(
              `${entity.name}: the copy holds ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`,
            );
          }
          const audited = audits.get(`${entity.audit.action} ${entity.audit.entityId}`) ?? 0;
          if (audited !== count)
            problems.push(`${entity.name}: ${audited} audit rows in the copy, expected ${count}`);
        }
        if (keys.size !== held)
          problems.push(`the copy holds ${keys.size} idempotency records, expected ${held}`);
      } finally {
        copy.close();
      }
    }
    expect(problems).toEqual([]);
    const ackedBeforeTotal = [...ackedBefore.values()].reduce((sum, n) => sum + n, 0);
    expect(held).toBeGreaterThanOrEqual(ackedBeforeTotal);

    // Restore: a second server on a fresh data folder holding only the copy.
    const restoreDir = tempDir();
    fs.copyFileSync(copyFile, path.join(restoreDir, 'touchline.db'));
    const restored = await startServer({ dataDir: restoreDir });
    servers.push(restored);
    for (const entity of entities) {
      const answered = await entity.fetch(restored.url);
      if (JSON.stringify(answered) !== JSON.stringify(expected.get(entity))) {
        problems.push(
          `restored ${entity.name}: the API answers ${JSON.stringify(answered)}, expected ${JSON.stringify(expected.get(entity))}`,
        );
      }
    }
    for (const account of DEMO_ACCOUNTS) {
      const response = await login(restored.url, account.email);
      if (response.status !== 200)
        problems.push(`restored: ${account.email} cannot sign in (${response.status})`);
    }
    expect(problems).toEqual([]);

    figure('backup: size', `${printed?.[1]} pages, ${printed?.[2]} bytes`);
    figure('backup: time', `${printed?.[3]} ms copy and check, ${cliMs} ms the whole CLI run`);
    figure('backup: writes acknowledged before / during the backup', `${ackedBeforeTotal} / ${ackedDuring}`);
    figure('backup: writes in the copy', held);
    figure('backup: total time', `${((performance.now() - began) / 1000).toFixed(1)} s`);
  });
});
