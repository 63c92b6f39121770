/**
 * Crash safety (issue #8): SIGKILL the server in the middle of a concurrent write load,
 * restart it on the same data folder and port, and check that the database is intact
 * and holds every acknowledged write, whole, and nothing half-written.
 *
 * Every write carries its own Idempotency-Key, whose record commits in the write's own
 * transaction. For a write cut off by the kill, the record tells whether it committed
 * before the process died: the stored value must then be that write's, and otherwise
 * the last acknowledged one. Each entity (a match's result, a match's squad, a player)
 * belongs to one worker, so at most one write per entity is ever in flight.
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MatchSchema } from '../../api/schemas';
import { DEMO_PASSWORD } from '../../db/seed/demo-league';
import { startServer, type TestServer } from '../e2e/harness';
import { seeded } from '../e2e/fixtures';
import { figure, SETTINGS } from './settings';
import { pickFrom, shuffled } from './random';
import { DEMO_TEAM, demoWriteTargets } from './demo-writes';

const SUPER_ADMIN = 'superadmin@touchline.demo';
const COACH = 'coach@touchline.demo';
const WORKERS = 8;
const EDITED_PLAYERS = 5;
/** The kill comes this long into each round's load. */
const KILL_WINDOW_MS = [100, 1500] as const;
const KEY_PREFIX = 'crash-';
/** Errors of a connection the kill cut (or of one tried while the server was gone). */
const CUT = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

type Reply = { kind: 'answer'; status: number; body: string } | { kind: 'cut'; code: string };

interface Call {
  method: 'POST' | 'PUT' | 'GET';
  path: string;
  token?: string;
  body?: unknown;
  key?: string;
}

/** One HTTP request on a connection of its own, so nothing pooled outlives a kill. */
function send(base: string, call: Call): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (call.token !== undefined) headers.Authorization = `Bearer ${call.token}`;
    if (call.key !== undefined) headers['Idempotency-Key'] = call.key;
    const request = http.request(
      new URL(call.path, base),
      { method: call.method, agent: false, headers, timeout: 30_000 },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        const done = () => resolve({ kind: 'answer', status, body: Buffer.concat(chunks).toString() });
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', done);
        // The status line arrived, so the server had finished the write: an answer, body or not.
        response.on('error', done);
        response.on('aborted', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${call.method} ${call.path}: no answer in 30 s`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && CUT.has(error.code)) resolve({ kind: 'cut', code: error.code });
      else reject(error);
    });
    request.end(payload);
  });
}

async function getJson<T>(base: string, call: Call, schema: z.ZodType<T>): Promise<T> {
  const reply = await send(base, call);
  if (reply.kind !== 'answer' || reply.status !== 200) {
    throw new Error(`${call.method} ${call.path} failed: ${JSON.stringify(reply)}`);
  }
  return schema.parse(JSON.parse(reply.body));
}

async function login(base: string, email: string): Promise<string> {
  const body = { email, password: DEMO_PASSWORD };
  const answer = await getJson(
    base,
    { method: 'POST', path: '/api/auth/login', body },
    z.object({ access_token: z.string() }),
  );
  return answer.access_token;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Write {
  key: string;
  value: string;
}

interface Entity {
  name: string;
  /** The audit_log rows its writes leave. */
  audit: { action: string; entityId: string };
  /** What the database holds unless the write in flight committed. */
  settled: string;
  inFlight: Write | null;
  /** Keys acknowledged since the last check. */
  acked: string[];
  /** Audit rows expected since the test began. */
  auditRows: number;
  /** True once a write of the test is known to be stored. */
  written: boolean;
  next(): Call & { value: string };
  read(db: Database.Database): string;
}

/** An entity's bookkeeping before the test has written to it (settled is read before the first write). */
const untouched = () =>
  ({ settled: '', inFlight: null, acked: [], auditRows: 0, written: false }) satisfies Partial<Entity>;

type MatchView = z.infer<typeof MatchSchema>;

function reportEntity(match: MatchView, token: string): Entity {
  const sides = [
    { team: match.home_team, players: match.home_players },
    { team: match.away_team, players: match.away_players },
  ] as const;
  return {
    name: `report of match ${match.id}`,
    audit: { action: 'match.report', entityId: String(match.id) },
    ...untouched(),
    next() {
      const [home, away] = [randomInt(5), randomInt(5)];
      const goals = sides.map((side, i) =>
        Array.from({ length: i === 0 ? home : away }, () => pickFrom(side.players)),
      );
      const assists = sides.map((side, i) =>
        Array.from({ length: randomInt((goals[i]?.length ?? 0) + 1) }, () => pickFrom(side.players)),
      );
      const keepers = sides.map((side) => pickFrom(side.players));
      const events = [
        ...sides.flatMap((side, i) => (goals[i] ?? []).map((id) => ['goal', side.team, id])),
        ...sides.flatMap((side, i) => (assists[i] ?? []).map((id) => ['assist', side.team, id])),
        ...sides.map((side, i) => ['goalkeeper', side.team, keepers[i]]),
      ];
      return {
        method: 'POST',
        path: `/api/matches/${match.id}/report`,
        token,
        body: {
          home_score: home,
          away_score: away,
          goalscorers: goals.flat(),
          assisters: assists.flat(),
          goalkeepers: keepers,
        },
        value: JSON.stringify({ home, away, events }),
      };
    },
    read(db) {
      const row = db
        .prepare<[number], { home_score: number | null; away_score: number | null }>(
          'SELECT home_score, away_score FROM matches WHERE id = ?',
        )
        .get(match.id);
      const events = db
        .prepare<[number], { kind: string; team_id: string; player_id: string }>(
          'SELECT kind, team_id, player_id FROM match_events WHERE match_id = ? ORDER BY id',
        )
        .all(match.id);
      return JSON.stringify({
        home: row?.home_score,
        away: row?.away_score,
        events: events.map((e) => [e.kind, e.team_id, e.player_id]),
      });
    },
  };
}

function squadEntity(matchId: number, roster: readonly string[], token: string): Entity {
  return {
    name: `squad of ${DEMO_TEAM} for match ${matchId}`,
    audit: { action: 'match.squad', entityId: String(matchId) },
    ...untouched(),
    next() {
      const players = shuffled(roster).slice(0, 7 + randomInt(Math.min(18, roster.length) - 6));
      return {
        method: 'PUT',
        path: `/api/teams/${DEMO_TEAM}/matches/${matchId}/roster`,
        token,
        body: { players },
        value: JSON.stringify(players),
      };
    },
    read(db) {
      const rows = db
        .prepare<[number, string], { player_id: string }>(
          'SELECT player_id FROM match_squads WHERE match_id = ? AND team_id = ? ORDER BY id',
        )
        .all(matchId, DEMO_TEAM);
      return JSON.stringify(rows.map((row) => row.player_id));
    },
  };
}

const PLACEMENTS = [
  ['Goalkeeper', 'GK'],
  ['Defender', 'DEF'],
  ['Midfielder', 'MID'],
  ['Forward', 'FW'],
  ['Midfielder', 'Other'],
] as const;

/** `numbers` is the player's own range: no other player of the team ever wears one of them. */
function playerEntity(playerId: string, numbers: readonly number[], token: string): Entity {
  return {
    name: `player ${playerId}`,
    audit: { action: 'update', entityId: playerId },
    ...untouched(),
    next() {
      const [position, general] = pickFrom(PLACEMENTS);
      const number = pickFrom(numbers);
      return {
        method: 'PUT',
        path: `/api/player/update/${playerId}`,
        token,
        body: { position, position_general: general, number },
        value: JSON.stringify([position, general, number]),
      };
    },
    read(db) {
      const row = db
        .prepare<[string], { position: string; position_general: string; number: number }>(
          'SELECT position, position_general, number FROM players WHERE id = ?',
        )
        .get(playerId);
      return JSON.stringify(row ? [row.position, row.position_general, row.number] : null);
    },
  };
}

let server: TestServer | undefined;
afterAll(async () => {
  await server?.dispose();
});

describe('crash safety', () => {
  it(`keeps every acknowledged write through ${SETTINGS.kills} SIGKILLs under write load`, async () => {
    const began = performance.now();
    server = await startServer(seeded());
    const port = new URL(server.url).port;
    const base = server.url;
    const dbFile = path.join(server.dataDir, 'touchline.db');
    const [adminToken, coachToken] = [await login(base, SUPER_ADMIN), await login(base, COACH)];

    // The writes: every played match without an approved result (a super admin may
    // report and re-report it), the demo team's upcoming squads, a few of its players.
    const { matches, upcoming, roster, rosterIds, freeNumbers } = await demoWriteTargets((url, schema) =>
      getJson(base, { method: 'GET', path: url }, schema),
    );
    const edited = roster.slice(0, EDITED_PLAYERS);
    expect(matches.length).toBeGreaterThanOrEqual(4);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    expect(freeNumbers.length).toBeGreaterThanOrEqual(EDITED_PLAYERS * 3);
    for (const match of matches) {
      expect(match.home_players.length * match.away_players.length).toBeGreaterThan(0);
    }

    const reports = matches.map((match) => ({ match, entity: reportEntity(match, adminToken) }));
    const entities: Entity[] = [
      ...reports.map((report) => report.entity),
      ...upcoming.map((match) => squadEntity(match.id, rosterIds, coachToken)),
      ...edited.map((player, i) =>
        playerEntity(
          player.id,
          freeNumbers.filter((_, n) => n % EDITED_PLAYERS === i),
          // The super admin edits some, the coach the others.
          i % 2 === 0 ? coachToken : adminToken,
        ),
      ),
    ];
    const owned = Array.from({ length: WORKERS }, (_, w) => entities.filter((_, i) => i % WORKERS === w));

    let auditBaseline = 0;
    {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        auditBaseline =
          db.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log').get()?.id ?? 0;
        for (const entity of entities) entity.settled = entity.read(db);
      } finally {
        db.close();
      }
    }

    const problems: string[] = [];
    const failedKeys: string[] = [];
    let sequence = 0;
    let keysStored = 0;
    const totals = { acknowledged: 0, verified: 0, inFlight: 0, committedUnacknowledged: 0 };
    const restartMs: number[] = [];

    async function worker(own: readonly Entity[], round: number, state: { killed: boolean }) {
      while (!state.killed && own.length > 0) {
        const entity = pickFrom(own);
        const call = entity.next();
        const key = `${KEY_PREFIX}${round}-${++sequence}`;
        entity.inFlight = { key, value: call.value };
        const reply = await send(base, { ...call, key });
        if (reply.kind === 'cut') {
          // In doubt: the check after the restart settles it. Only the kill may cut a connection.
          if (!state.killed) problems.push(`${call.method} ${call.path}: ${reply.code} before the kill`);
          return;
        }
        entity.inFlight = null;
        if (reply.status >= 200 && reply.status < 300) {
          entity.settled = call.value;
          entity.acked.push(key);
          totals.acknowledged++;
        } else {
          failedKeys.push(key);
          problems.push(`${call.method} ${call.path} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
        }
      }
    }

    function verify(round: number): void {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        const integrity = db.pragma('integrity_check', { simple: true });
        if (integrity !== 'ok') problems.push(`round ${round}: integrity_check says ${String(integrity)}`);
        const orphans = db.pragma('foreign_key_check') as unknown[];
        if (orphans.length > 0) problems.push(`round ${round}: foreign_key_check ${JSON.stringify(orphans)}`);

        const stored = new Map(
          db
            .prepare<[string], { key: string; status: number }>(
              'SELECT key, status FROM idempotency_keys WHERE key LIKE ?',
            )
            .all(`${KEY_PREFIX}%`)
            .map((row) => [row.key, row.status]),
        );
        const audits = new Map(
          db
            .prepare<[number], { action: string; entity_id: string | null; n: number }>(
              'SELECT action, entity_id, count(*) AS n FROM audit_log WHERE id > ? GROUP BY action, entity_id',
            )
            .all(auditBaseline)
            .map((row) => [`${row.action} ${row.entity_id}`, row.n]),
        );

        for (const entity of entities) {
          for (const key of entity.acked) {
            if (stored.get(key) === 200) totals.verified++;
            else problems.push(`round ${round}: acknowledged write ${key} (${entity.name}) is missing`);
          }
          let expected = entity.settled;
          let rows = entity.acked.length;
          if (entity.inFlight) {
            totals.inFlight++;
            if (stored.has(entity.inFlight.key)) {
              // Committed, but the kill came before the client saw the answer.
              expected = entity.inFlight.value;
              rows++;
              totals.committedUnacknowledged++;
            }
          }
          keysStored += rows;
          entity.auditRows += rows;
          entity.written ||= rows > 0;
          const actual = entity.read(db);
          if (actual !== expected) {
            problems.push(`round ${round}: ${entity.name} holds ${actual}, expected ${expected}`);
          }
          const audited = audits.get(`${entity.audit.action} ${entity.audit.entityId}`) ?? 0;
          if (audited !== entity.auditRows) {
            problems.push(
              `round ${round}: ${entity.name} has ${audited} audit rows, expected ${entity.auditRows}`,
            );
          }
          entity.settled = actual;
          entity.inFlight = null;
          entity.acked = [];
        }
        if (stored.size !== keysStored) {
          const extra = [...stored.keys()].filter((key) => failedKeys.includes(key));
          problems.push(
            `round ${round}: ${stored.size} idempotency records, expected ${keysStored} (of refused writes: ${extra.join(', ') || 'none'})`,
          );
        }
        const auditTotal = [...audits.values()].reduce((sum, n) => sum + n, 0);
        if (auditTotal !== keysStored) {
          problems.push(`round ${round}: ${auditTotal} audit rows since the start, expected ${keysStored}`);
        }

        // No half report: a reported match has every goal of its score, one without a score no events.
        for (const { match, entity } of reports) {
          if (!entity.written) continue;
          const row = db
            .prepare<[number], { home_score: number | null; away_score: number | null }>(
              'SELECT home_score, away_score FROM matches WHERE id = ?',
            )
            .get(match.id);
          const goals = db
            .prepare<[number], { team_id: string; n: number }>(
              "SELECT team_id, count(*) AS n FROM match_events WHERE match_id = ? AND kind = 'goal' GROUP BY team_id",
            )
            .all(match.id);
          const goalsOf = (team: string) => goals.find((g) => g.team_id === team)?.n ?? 0;
          const events = db
            .prepare<[number], { n: number }>('SELECT count(*) AS n FROM match_events WHERE match_id = ?')
            .get(match.id)?.n;
          const whole =
            row?.home_score === null || row?.away_score === null
              ? events === 0
              : goalsOf(match.home_team) === row?.home_score && goalsOf(match.away_team) === row?.away_score;
          if (!whole) problems.push(`round ${round}: match ${match.id} holds a partial report`);
        }
      } finally {
        db.close();
      }
    }

    for (let round = 1; round <= SETTINGS.kills; round++) {
      const state = { killed: false };
      const running = owned.map((own) => worker(own, round, state));
      await sleep(KILL_WINDOW_MS[0] + randomInt(KILL_WINDOW_MS[1] - KILL_WINDOW_MS[0] + 1));
      state.killed = true;
      const killedAt = performance.now();
      await server.kill('SIGKILL');
      await Promise.all(running);
      server = await startServer({ dataDir: server.dataDir, env: { PORT: port } });
      restartMs.push(performance.now() - killedAt);
      verify(round);
      expect(problems, `after kill ${round}`).toEqual([]);
    }

    const mean = restartMs.reduce((sum, ms) => sum + ms, 0) / restartMs.length;
    figure('crash: kills survived', SETTINGS.kills);
    figure('crash: writes acknowledged', totals.acknowledged);
    figure('crash: writes verified', totals.verified);
    figure(
      'crash: writes in flight at a kill',
      `${totals.inFlight} (${totals.committedUnacknowledged} committed before the kill, the rest never did)`,
    );
    figure(
      'crash: time per restart',
      `${Math.round(mean)} ms mean, ${Math.round(Math.max(...restartMs))} ms max`,
    );
    figure('crash: total time', `${((performance.now() - began) / 1000).toFixed(1)} s`);
    expect(totals.verified).toBe(totals.acknowledged);
    // A load that acknowledged nothing, or never had a write in flight at a kill, tested nothing.
    expect(totals.acknowledged).toBeGreaterThan(SETTINGS.kills * WORKERS);
    expect(totals.inFlight).toBeGreaterThan(0);
  });
});
