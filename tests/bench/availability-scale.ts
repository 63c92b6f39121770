/**
 * `npm run bench -- availability-scale`: who can play, at scale. Two tables:
 *
 * 1. The mixed load of api-read.ts (8 reads, 1 team selection, 1 match report in every 10
 *    requests, tests/bench/lib/mixed.ts) at its fixed offered rate against the real server
 *    on the seeded demo league, alone (half before, half after) and while every one of
 *    500 players of that league answers once for an upcoming match of their team
 *    (PUT /api/matches/{id}/availability/{player}), spread evenly over a minute, each
 *    signed in with their own session. The accounts are written into the seeded
 *    database before the server starts and sign in through POST /api/auth/login. Prints
 *    the mix's p50 and p99 in each run, the ratio, and the answers' own p50, p99 and
 *    failures, against the target: the mix's p99 beside the answers ≤ 25 ms.
 * 2. The coach's view (GET /api/matches/{id}/availability?team_id=…) on the large
 *    database of big-reads.ts (tests/bench/big-db.ts), in-process as big-reads.ts calls
 *    its reads, for a full roster most of whom answered: the first call, then warm calls
 *    one at a time, against the read target p99 ≤ 10 ms.
 *
 * Environment: BENCH_RATE (default 1000 req/s) and BENCH_CONNECTIONS (default 50) as in
 * api-read.ts; AVAILABILITY_PLAYERS (500), AVAILABILITY_SECONDS (60: the answers' and the
 * mix's run beside them), AVAILABILITY_ALONE_SECONDS (30, in two halves) and
 * AVAILABILITY_VIEW_CALLS (300). The first run after a migration changes also builds the
 * large database (big-db.ts), which takes longer than the rest.
 * It reports and never fails on timing; it exits non-zero when a request fails.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createApp } from '../../api/app';
import { signAccessToken } from '../../api/auth/tokens';
import { createSession } from '../../api/data/sessions';
import { openAndMigrate } from '../../db/connection';
import { hashPassword } from '../../db/password';
import { membershipsForType } from '../../db/rules/memberships';
import type { AvailabilityAnswer } from '../../db/schema';
import { FIRST_NAMES, SURNAMES } from '../../db/seed/names';
import { createPrng, type Prng } from '../../db/seed/prng';
import { dottedSlug } from '../../db/slug';
import { seededDataDir, startServer, type TestServer } from '../e2e/harness';
import { demoToken } from '../e2e/pages';
import { BIG_DB_NOW, bigDatabase, bigDatabaseFile } from './big-db';
import { percentile } from './load';
import { cpuMicros, paced, row, type CannonRequest, type CannonResult } from './lib/http';
import { MIXED_TEAM, mixedRequests } from './lib/mixed';

const rate = Number(process.env.BENCH_RATE ?? 1000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLAYERS = Number(process.env.AVAILABILITY_PLAYERS ?? 500);
const ANSWER_SECONDS = Number(process.env.AVAILABILITY_SECONDS ?? 60);
const ALONE_SECONDS = Number(process.env.AVAILABILITY_ALONE_SECONDS ?? 30);
const VIEW_CALLS = Number(process.env.AVAILABILITY_VIEW_CALLS ?? 300);
/** Untimed calls before the timed ones: the view's statements prepared, its code compiled. */
const VIEW_WARM = 50;
/** The mix untimed before its first timed run, so that run does not pay for the server's warm-up alone. */
const WARM_SECONDS = 3;
/** Sockets for the answers: a few suffice at a few answers a second, as phones each have their own. */
const ANSWER_CONNECTIONS = 4;
const MIXED_TARGET_P99_MS = 25;
const VIEW_TARGET_P99_MS = 10;
/** The bench players' password, hashed at a low scrypt cost (as big-db.ts does) so 500 sign-ins take seconds. */
const PASSWORD = 'touchline-bench-player';
const LOW_COST = { log2N: 10, r: 8, p: 1 };
const NOTES = ['Back from holiday Friday', 'Working till 1', 'Knock on my ankle', 'Can do the second half'];
const HOUR = 3_600_000;

/** One player's answer, sent with their own token. */
interface Answerer {
  playerId: string;
  userId: string;
  email: string;
  matchId: number;
  answer: AvailabilityAnswer;
  note?: string;
}

function answerOf(prng: Prng): { answer: AvailabilityAnswer; note?: string } {
  const draw = prng.next();
  const answer: AvailabilityAnswer = draw < 0.7 ? 'available' : draw < 0.85 ? 'maybe' : 'unavailable';
  return prng.chance(0.25) ? { answer, note: prng.pick(NOTES) } : { answer };
}

/**
 * Gives `count` players of the mix's league an account each (its rostered players who
 * have none, then new players on the other teams' rosters: the mix reads the mix team's
 * roster, which stays as api-read.ts measures it) and picks each an upcoming match of
 * their team whose answers stay open until well after `openUntil` (epoch ms). Written
 * into the stopped server's database: the server then starts over it as over any other.
 */
async function seedAnswerers(file: string, count: number, openUntil: number) {
  const connection = await openAndMigrate(file);
  try {
    const { sqlite } = connection;
    const prng = createPrng(500);
    const league = sqlite.prepare('SELECT league_id FROM teams WHERE team_id = ?').pluck().get(MIXED_TEAM);
    if (typeof league !== 'string') throw new Error(`${MIXED_TEAM} is in no league`);
    const teams = sqlite
      .prepare(
        'SELECT team_id, availability_deadline_hours AS hours FROM teams WHERE league_id = ? ORDER BY team_id',
      )
      .all(league) as { team_id: string; hours: number }[];

    // Matches a player can still answer: no report, not postponed, its deadline after the run.
    const upcoming = sqlite.prepare(
      `SELECT id, match_date FROM matches
        WHERE (home_team = ? OR away_team = ?) AND approved = '' AND status = 'scheduled' AND match_date > ?
        ORDER BY match_date, id`,
    );
    const open = new Map<string, number[]>();
    for (const { team_id: team, hours } of teams) {
      const rows = upcoming.all(team, team, new Date(openUntil).toISOString()) as {
        id: number;
        match_date: string;
      }[];
      const ids = rows.filter((match) => Date.parse(match.match_date) - hours * HOUR > openUntil);
      if (ids.length === 0) throw new Error(`${team} has no upcoming match still open for answers`);
      open.set(
        team,
        ids.map((match) => match.id),
      );
    }

    const users = new Set(sqlite.prepare('SELECT id FROM users').pluck().all() as string[]);
    const taken = new Set([
      ...users,
      ...(sqlite.prepare('SELECT id FROM players').pluck().all() as string[]),
    ]);
    const fresh = (base: string) => {
      let id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
      taken.add(id);
      return id;
    };
    const rostered = prng.shuffle(
      sqlite
        .prepare(
          `SELECT p.id, p.name, p.team_id FROM players p JOIN teams t ON t.team_id = p.team_id
            WHERE t.league_id = ? AND p.user_id IS NULL ORDER BY p.id`,
        )
        .all(league) as { id: string; name: string; team_id: string }[],
    );
    const chosen = rostered.slice(0, count).map((player) => ({ ...player, added: false }));
    const others = teams.map((team) => team.team_id).filter((team) => team !== MIXED_TEAM);
    const nextNumber = new Map(
      (
        sqlite
          .prepare(
            'SELECT team_id, max(number) AS top FROM players WHERE team_id IS NOT NULL GROUP BY team_id',
          )
          .all() as { team_id: string; top: number }[]
      ).map((team) => [team.team_id, team.top + 1]),
    );
    const POSITIONS = [
      ['Defender', 'DEF'],
      ['Midfielder', 'MID'],
      ['Forward', 'FW'],
    ] as const;
    for (let i = 0; chosen.length < count; i++) {
      const team = others[i % others.length] as string;
      const name = `${prng.pick(FIRST_NAMES)} ${prng.pick(SURNAMES)}`;
      chosen.push({ id: fresh(dottedSlug(name)), name, team_id: team, added: true });
    }

    const now = new Date().toISOString();
    const passwordHash = await hashPassword(PASSWORD, LOW_COST);
    const insertUser = sqlite.prepare(
      `INSERT INTO users (id, name, email, password_hash, user_type, team_id, created_at)
       VALUES (?, ?, ?, ?, 'player', ?, ?)`,
    );
    const insertMembership = sqlite.prepare(
      'INSERT INTO memberships (user_id, role, league_id, team_id, player_id) VALUES (?, ?, ?, ?, ?)',
    );
    const linkPlayer = sqlite.prepare('UPDATE players SET user_id = ? WHERE id = ?');
    const insertPlayer = sqlite.prepare(
      `INSERT INTO players (id, user_id, team_id, name, number, position, position_general, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const turn = new Map<string, number>();
    const answerers: Answerer[] = [];
    sqlite.transaction(() => {
      for (const [i, player] of chosen.entries()) {
        // As the seed's demo player: the account's id is the player's, unless an account has it.
        const userId = users.has(player.id) ? fresh(`${player.id}.player`) : player.id;
        const email = `${userId}@players.touchline.test`;
        insertUser.run(userId, player.name, email, passwordHash, player.team_id, now);
        if (player.added) {
          const number = nextNumber.get(player.team_id) ?? 1;
          nextNumber.set(player.team_id, number + 1);
          const [position, general] = POSITIONS[i % POSITIONS.length] as (typeof POSITIONS)[number];
          insertPlayer.run(player.id, userId, player.team_id, player.name, number, position, general, now);
        } else {
          linkPlayer.run(userId, player.id);
        }
        for (const m of membershipsForType('player', player.team_id, player.id)) {
          insertMembership.run(userId, m.role, m.league_id, m.team_id, m.player_id);
        }
        // Teammates spread over their team's open matches, as some answer ahead.
        const matches = open.get(player.team_id) ?? [];
        const k = turn.get(player.team_id) ?? 0;
        turn.set(player.team_id, k + 1);
        answerers.push({
          playerId: player.id,
          userId,
          email,
          matchId: matches[k % matches.length] as number,
          ...answerOf(prng),
        });
      }
    })();
    return {
      league,
      added: chosen.filter((player) => player.added).length,
      answerers: prng.shuffle(answerers),
    };
  } finally {
    await connection.close();
  }
}

function answerRequest(answerer: Answerer, token: string): CannonRequest {
  return {
    method: 'PUT',
    path: `/api/matches/${answerer.matchId}/availability/${encodeURIComponent(answerer.playerId)}`,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      // The app sends each answer with a key of its own, so a repeated send is answered once.
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({
      answer: answerer.answer,
      ...(answerer.note !== undefined && { note: answerer.note }),
    }),
  };
}

/** The answerers whose answer is not stored, read beside the running server. */
function unanswered(file: string, answerers: readonly Answerer[]): Answerer[] {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const stored = sqlite.prepare(
      'SELECT 1 FROM availability WHERE match_id = ? AND player_id = ? AND answer = ? AND answered_by = ?',
    );
    return answerers.filter(
      (answerer) =>
        stored.get(answerer.matchId, answerer.playerId, answerer.answer, answerer.userId) === undefined,
    );
  } finally {
    sqlite.close();
  }
}

const MIX_WIDTHS = [30, 6, 9, 8, 8, 7, 11];

function resultRow(label: string, seconds: number, result: CannonResult, cpu: number | null): string {
  return row(
    [
      label,
      seconds,
      result.requests,
      result.p50.toFixed(1),
      result.p99.toFixed(1),
      result.errors + result.failures,
      cpu === null ? '' : cpu.toFixed(0),
    ],
    MIX_WIDTHS,
  );
}

/** Table 1. Returns how many requests failed. */
async function mixBesideAnswers(): Promise<number> {
  const dataDir = await seededDataDir();
  let server: TestServer | undefined;
  try {
    // The answers come after the sign-ins, the warm-up and the run alone; a margin beyond.
    const openUntil = Date.now() + (ALONE_SECONDS + ANSWER_SECONDS + WARM_SECONDS) * 1000 + 10 * 60_000;
    const dbFile = path.join(dataDir, 'touchline.db');
    const { league, added, answerers } = await seedAnswerers(dbFile, PLAYERS, openUntil);
    server = await startServer({ dataDir });
    const { url, pid } = server;
    if (new URL(url).hostname !== '127.0.0.1') throw new Error(`the server listens on ${url}, not 127.0.0.1`);

    // Each player signs in once, as on their own phone: a session and a token of their own.
    const signingIn = performance.now();
    const answers: CannonRequest[] = [];
    for (const answerer of answerers) {
      answers.push(answerRequest(answerer, await demoToken(url, answerer.email, PASSWORD)));
    }
    const signInSeconds = (performance.now() - signingIn) / 1000;
    const mix = await mixedRequests(server, MIXED_TEAM, league);
    const matches = new Set(answerers.map((answerer) => answerer.matchId)).size;
    console.log(
      `\n${answerers.length} players of ${league} (${added} added to its rosters), each signed in ` +
        `(${signInSeconds.toFixed(1)} s in all), answer once for one of ${matches} upcoming matches, ` +
        `${(answerers.length / ANSWER_SECONDS).toFixed(1)} answers/s spread evenly over ${ANSWER_SECONDS} s`,
    );
    console.log(
      `mixed load of api-read.ts: 8 reads, 1 team selection, 1 match report per 10 requests, ` +
        `${rate} req/s offered over ${connections} connections, 127.0.0.1`,
    );

    const mixFor = (seconds: number) => paced({ url, rate, seconds, connections, requests: mix });
    const warm = await mixFor(WARM_SECONDS);
    /** The server's CPU time per request since `from` (µs). */
    const cpuSince = (from: number, requests: number) => (cpuMicros(pid) - from) / Math.max(1, requests);
    // The mix alone runs half before the answers and half after: on a shared 2-core
    // machine the load around drifts, and a drift then shows as two different rows.
    let start = cpuMicros(pid);
    const aloneBefore = await mixFor(ALONE_SECONDS / 2);
    const beforeCpu = cpuSince(start, aloneBefore.requests);
    start = cpuMicros(pid);
    const [mixBeside, answered] = await Promise.all([
      mixFor(ANSWER_SECONDS),
      paced({
        url,
        rate: answers.length / ANSWER_SECONDS,
        seconds: ANSWER_SECONDS,
        connections: ANSWER_CONNECTIONS,
        requests: answers,
      }),
    ]);
    const besideCpu = cpuSince(start, mixBeside.requests + answered.requests);
    start = cpuMicros(pid);
    const aloneAfter = await mixFor(ALONE_SECONDS / 2);
    const afterCpu = cpuSince(start, aloneAfter.requests);
    let failed = [warm, aloneBefore, mixBeside, answered, aloneAfter].reduce(
      (sum, result) => sum + result.errors + result.failures,
      0,
    );

    console.log(row(['run', 's', 'requests', 'p50 ms', 'p99 ms', 'failed', 'CPU µs/req'], MIX_WIDTHS));
    console.log(resultRow('mix alone, before', ALONE_SECONDS / 2, aloneBefore, beforeCpu));
    console.log(resultRow('mix beside the answers', ANSWER_SECONDS, mixBeside, besideCpu));
    console.log(resultRow('mix alone, after', ALONE_SECONDS / 2, aloneAfter, afterCpu));
    console.log(resultRow('answers (PUT, own tokens)', ANSWER_SECONDS, answered, null));
    const aloneP99 = (aloneBefore.p99 + aloneAfter.p99) / 2;
    console.log(
      `mix p99 beside the answers / alone (mean of before and after): ` +
        `${(mixBeside.p99 / Math.max(0.001, aloneP99)).toFixed(2)}; ` +
        `target mix p99 beside the answers ≤ ${MIXED_TARGET_P99_MS} ms: ${mixBeside.p99.toFixed(1)} ms, ` +
        `${mixBeside.p99 <= MIXED_TARGET_P99_MS ? 'within' : 'over target'}`,
    );
    console.log('(CPU µs/req beside the answers counts the answers among the requests)');

    const missing = unanswered(dbFile, answerers);
    console.log(`answers stored: ${answerers.length - missing.length} of ${answerers.length}`);
    const first = missing[0];
    if (first !== undefined) {
      // Those the answers' run already counted as failed are not counted twice.
      failed += Math.max(0, missing.length - (answered.errors + answered.failures));
      // One of them again, to show why: a failed answer leaves no trace to read it from.
      const again = answerRequest(first, await demoToken(url, first.email, PASSWORD));
      const response = await fetch(url + again.path, {
        method: 'PUT',
        headers: again.headers,
        body: again.body ?? null,
      });
      console.log(`  ${first.playerId}'s answer sent again: ${response.status} ${await response.text()}`);
    }
    return failed;
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Table 2. The big database's file is shared by other benches and kept read-only, so the
 * answers go into a copy of it: a season of them for the whole league of the team (so
 * the answers' index is no toy), 17 of its 20 players for its next match. Throws on a
 * call that fails.
 */
async function coachViewOnBigDatabase(): Promise<void> {
  if (!fs.existsSync(bigDatabaseFile())) console.log('\ngenerating the large database (first use: minutes)…');
  const { file, summary } = await bigDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-availability-'));
  try {
    const copying = performance.now();
    const copy = path.join(dir, 'big.db');
    fs.copyFileSync(file, copy);
    if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
    const copySeconds = (performance.now() - copying) / 1000;
    const connection = await openAndMigrate(copy);
    try {
      const { sqlite } = connection;
      const { teamId, futureMatchId: matchId, coachUserId } = summary.ids;
      const prng = createPrng(2038);
      const league = sqlite.prepare('SELECT league_id FROM teams WHERE team_id = ?').pluck().get(teamId);
      const fixtures = sqlite
        .prepare('SELECT id, home_team, away_team, schedule_sequence FROM matches WHERE league_id = ?')
        .all(league) as { id: number; home_team: string; away_team: string; schedule_sequence: number }[];
      const roster = sqlite.prepare('SELECT id, user_id FROM players WHERE team_id = ? ORDER BY number, id');
      const insert = sqlite.prepare(
        `INSERT INTO availability (match_id, player_id, answer, note, answered_at, answered_by, schedule_sequence)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      const expected = { available: 0, maybe: 0, unavailable: 0, no_answer: 0 };
      let rosterSize = 0;
      sqlite.transaction(() => {
        for (const match of fixtures) {
          for (const team of [match.home_team, match.away_team]) {
            const players = roster.all(team) as { id: string; user_id: string | null }[];
            const target = match.id === matchId && team === teamId;
            // The viewed team: exactly 17 of its players answered; elsewhere about as many.
            const answering = new Set(
              target ? prng.shuffle(players).slice(0, 17) : players.filter(() => prng.chance(0.85)),
            );
            if (target) rosterSize = players.length;
            for (const player of players) {
              if (!answering.has(player)) {
                if (target) expected.no_answer += 1;
                continue;
              }
              const { answer, note } = answerOf(prng);
              if (target) expected[answer] += 1;
              const at = new Date(BIG_DB_NOW.getTime() - prng.int(1, 144) * HOUR).toISOString();
              insert.run(
                match.id,
                player.id,
                answer,
                note ?? '',
                at,
                player.user_id,
                match.schedule_sequence,
              );
            }
          }
        }
      })();

      const jwtSecret = 'availability-scale-bench-secret-0123456789';
      const app = createApp(connection.db, {
        jwtSecret,
        imagesDir: path.join(dir, 'images'),
        now: () => BIG_DB_NOW,
      });
      const sessionId = await createSession(connection.db, coachUserId, BIG_DB_NOW);
      const token = await signAccessToken(jwtSecret, { userId: coachUserId, sessionId }, BIG_DB_NOW);
      const viewPath = `/api/matches/${matchId}/availability?team_id=${encodeURIComponent(teamId)}`;
      const call = async (): Promise<string> => {
        const response = await app.request(viewPath, { headers: { Authorization: `Bearer ${token}` } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${viewPath}: ${response.status} ${body.slice(0, 200)}`);
        return body;
      };

      let started = performance.now();
      const body = await call();
      const firstMs = performance.now() - started;
      const { counts } = JSON.parse(body) as { counts: typeof expected };
      if (JSON.stringify(counts) !== JSON.stringify(expected)) {
        throw new Error(
          `the view counts ${JSON.stringify(counts)}, the seed wrote ${JSON.stringify(expected)}`,
        );
      }
      for (let i = 0; i < VIEW_WARM; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < VIEW_CALLS; i++) {
        started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);

      const widths = [34, 6, 9, 8, 8, 8, 9];
      console.log(
        `\ncoach's view on the large database (a ${(fs.statSync(copy).size / 2 ** 20).toFixed(0)} MiB copy, ` +
          `${copySeconds.toFixed(1)} s to copy), in-process, one call at a time, clock ${BIG_DB_NOW.toISOString()}`,
      );
      console.log(row(['endpoint', 'calls', 'first ms', 'p50 ms', 'p99 ms', 'max ms', 'body'], widths));
      console.log(
        row(
          [
            `availability, ${rosterSize - expected.no_answer} of ${rosterSize} answered`,
            VIEW_CALLS,
            firstMs.toFixed(2),
            percentile(times, 50).toFixed(2),
            p99.toFixed(2),
            (times.at(-1) ?? 0).toFixed(2),
            `${(body.length / 1024).toFixed(1)} KB`,
          ],
          widths,
        ),
      );
      console.log(
        `target p99 ≤ ${VIEW_TARGET_P99_MS} ms: ${p99 <= VIEW_TARGET_P99_MS ? 'within' : 'over target'} ` +
          `(after ${VIEW_WARM} untimed calls)`,
      );
    } finally {
      await connection.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const failed = await mixBesideAnswers();
await coachViewOnBigDatabase();
if (failed > 0) {
  console.log(`\n${failed} requests failed`);
  process.exitCode = 1;
}
