/**
 * A large, deterministic database for read benchmarks and query-plan tests:
 * 500 leagues of 20 teams (10,000 teams), 20 players a team (200,000 players), a coach
 * with an account for every team, and a double round robin per league (190,000
 * matches, 100,000 of them approved) with squads of 14 a side and goal, assist and
 * goalkeeper events that agree with the score and the squads.
 *
 * `scale` keeps the shape and shrinks the count of leagues: every league has the same
 * teams, rosters and fixtures at any scale, so a small database is the first leagues
 * of the full one and `sqlite_stat1` figures per key (players per team, matches per
 * league) are the same. Leagues cycle through completed (all 380 matches approved),
 * active (12 rounds approved, a round of pending, rejected and unreported results,
 * then fixtures) and upcoming (fixtures only), 4 : 4 : 2.
 *
 * Run directly (`npx tsx tests/bench/big-db.ts`) to build the full-size file in the
 * temporary directory (reused while BIG_DB_VERSION and the migrations stay the same)
 * and print its figures; `--write-stats` then stores its planner statistics as the
 * fixture tests/db/query-plans.test.ts plans with. This module does no load testing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { sweepOverdue } from '../../api/data/overdue';
import { openAndMigrate } from '../../db/connection';
import { migrations } from '../../db/migrations';
import { membershipsForType } from '../../db/rules/memberships';
import { hashPassword } from '../../db/password';
import { FIRST_NAMES, STAFF_FIRST_NAMES, SURNAMES, TEAM_PREFIXES, TEAM_SUFFIXES } from '../../db/seed/names';
import { createPrng, type Prng } from '../../db/seed/prng';
import { doubleRoundRobin } from '../../db/seed/schedule';
import { dottedSlug } from '../../db/slug';

/** Bump when the generated data changes, so cached files are rebuilt. */
export const BIG_DB_VERSION = 1;
export const BIG_DB_SEED = 1515;
/** "Now" of the generated world: benches and tests should run the app with this clock. */
export const BIG_DB_NOW = new Date('2026-06-01T12:00:00.000Z');
/** Every account's password (hashed at a low scrypt cost: the accounts are for benches). */
export const BIG_DB_PASSWORD = 'touchline-big';
export const FULL_SCALE_LEAGUES = 500;
export const TEAMS_PER_LEAGUE = 20;
export const PLAYERS_PER_TEAM = 20;
export const SQUAD_SIZE = 14;
/** The planner statistics of the full-size database, for tests/db/query-plans.test.ts. */
export const STATS_FIXTURE = fileURLToPath(new URL('../fixtures/big-db-stats.json', import.meta.url));

type LeagueKind = 'completed' | 'active' | 'upcoming';
type Group = 'GK' | 'DEF' | 'MID' | 'FW';

/** League i is of kind KIND_CYCLE[i % 10]: 200 completed, 200 active, 100 upcoming at full size. */
const KIND_CYCLE: readonly LeagueKind[] = [
  'completed',
  'active',
  'upcoming',
  'completed',
  'active',
  'completed',
  'active',
  'upcoming',
  'completed',
  'active',
];
/** Rounds an active league has played and had approved; the next round is under review. */
const ACTIVE_APPROVED_ROUNDS = 12;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

// prettier-ignore
const REGION_FIRST = [
  'North', 'South', 'East', 'West', 'Upper', 'Lower', 'Greater', 'Central', 'Mid', 'Outer', 'Inner', 'Old',
  'New', 'Royal', 'Coastal', 'Forest', 'River', 'Lake', 'Valley', 'Hill', 'Moor', 'Dale', 'Vale', 'Marsh', 'Heath',
] as const;
// prettier-ignore
const REGION_SECOND = [
  'Ashfield', 'Brackley', 'Carrow', 'Delmont', 'Everby', 'Felling', 'Garston', 'Holbeck', 'Ilton', 'Jarrow',
  'Kelby', 'Lydd', 'Morland', 'Netherby', 'Orton', 'Pelham', 'Quarrington', 'Rushden', 'Selby', 'Tilbury',
] as const;
const TIERS = [
  { name: 'Premier League', code: 'prem', weekday: 6, hours: [14, 15] },
  { name: 'Sunday League', code: 'sun', weekday: 0, hours: [10, 11] },
  { name: 'Football League', code: 'fl', weekday: 6, hours: [14, 15] },
  { name: 'Combination', code: 'comb', weekday: 6, hours: [13, 15] },
  { name: 'Division One', code: 'div1', weekday: 0, hours: [11, 13] },
] as const;
// prettier-ignore
const TOWN_STARTS = [
  'Ash', 'Beck', 'Black', 'Bram', 'Brook', 'Castle', 'Clay', 'Cold', 'Dun', 'East', 'Elm', 'Fair', 'Fern',
  'Glen', 'Green', 'Hart', 'Hazel', 'High', 'Holm', 'Kings', 'Lang', 'Lark', 'Lin', 'Long', 'Mar', 'Mill',
  'Nor', 'Oak', 'Old', 'Pen', 'Rad', 'Red', 'Ross', 'Rye', 'Salt', 'Sand', 'Shep', 'Stan', 'Stone', 'Sut',
  'Thorn', 'Wal', 'West', 'Whit', 'Wick', 'Wood', 'Yar', 'Åker', 'Brücken', 'Châtel', 'Ørn', 'Sé', 'Łąk',
  'Zürn', 'Mühl', 'Ñan', 'Bjørk',
] as const;
// prettier-ignore
const TOWN_ENDS = [
  'bury', 'by', 'caster', 'combe', 'cote', 'dale', 'den', 'don', 'field', 'ford', 'gate', 'ham', 'hampton',
  'hill', 'hurst', 'ley', 'mere', 'mouth', 'port', 'stead', 'stoke', 'ton', 'vale', 'wick', 'worth', 'brook',
  'bridge', 'moor', 'well', 'wood',
] as const;

/** Shirt numbers and positions of a roster of 20: 2 keepers, 6 defenders, 7 midfielders, 5 forwards. */
const ROSTER_SHAPE: readonly { group: Group; numbers: readonly number[] }[] = [
  { group: 'GK', numbers: [1, 13] },
  { group: 'DEF', numbers: [2, 3, 4, 5, 12, 14] },
  { group: 'MID', numbers: [6, 7, 8, 10, 15, 16, 17] },
  { group: 'FW', numbers: [9, 11, 18, 19, 20] },
];
const POSITION_OF = { GK: 'Goalkeeper', DEF: 'Defender', MID: 'Midfielder', FW: 'Forward' } as const;
const GOAL_WEIGHT = { GK: 0, DEF: 0.7, MID: 2.5, FW: 6 } as const;
const ASSIST_WEIGHT = { GK: 0, DEF: 1.5, MID: 4, FW: 2.5 } as const;

export interface BigDbIds {
  /** A completed league: 380 approved matches, the heaviest table, list and leaderboards. */
  leagueId: string;
  /** An active league: approved, pending, rejected, unreported and future matches. */
  activeLeagueId: string;
  /** An upcoming league: fixtures only. */
  upcomingLeagueId: string;
  /** A team of the active league, home side of `unreportedMatchId`. */
  teamId: string;
  /** A team of the completed league (38 approved matches). */
  completedTeamId: string;
  /** A team `completedTeamId` has played twice. */
  opponentTeamId: string;
  /** An approved match of the completed league. */
  matchId: number;
  /** A PENDING match of the active league. */
  pendingMatchId: number;
  /** The coach (account id) of the side that may review `pendingMatchId`. */
  pendingReviewerUserId: string;
  /** A played but unreported match of the active league, `teamId` at home. */
  unreportedMatchId: number;
  /** `teamId`'s next match (no result, in the future). */
  futureMatchId: number;
  /** A forward of `completedTeamId` with events in many matches. */
  playerId: string;
  /** A player whose account id is their player id. */
  playerUserId: string;
  /** The head coach of `teamId`: a coaches row and a coach account with the same id. */
  coachUserId: string;
  superAdminUserId: string;
}

export interface BigDbSummary {
  version: number;
  scale: number;
  counts: Record<string, number>;
  ids: BigDbIds;
  generateMs: number;
  analyzeMs: number;
}

/** The leagues at a scale: at least one of each kind (the first three are one of each). */
export function leagueCount(scale: number): number {
  return Math.max(3, Math.round(FULL_SCALE_LEAGUES * scale));
}

interface PlayerRow {
  id: string;
  group: Group;
}

interface TeamRow {
  id: string;
  town: string;
  coachId: string;
  players: PlayerRow[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Ids unique across users, players and coaches, numbered the way the API numbers them: jane.doe2. */
function idAllocator(): (name: string) => string {
  const used = new Set<string>();
  const next = new Map<string, number>();
  return (name) => {
    const base = dottedSlug(name) || 'member';
    let n = next.get(base) ?? 1;
    let id = n === 1 ? base : `${base}${n}`;
    while (used.has(id)) id = `${base}${++n}`;
    next.set(base, n + 1);
    used.add(id);
    return id;
  };
}

/** The first day at or after `from` (ms, UTC) falling on `weekday`, at midnight. */
function nextWeekday(from: number, weekday: number): number {
  const day = Math.floor(from / DAY) * DAY;
  const offset = (weekday - new Date(day).getUTCDay() + 7) % 7;
  return day + offset * DAY;
}

function weightedPick(prng: Prng, players: readonly PlayerRow[], weights: Record<Group, number>): PlayerRow {
  return prng.weighted(players, (player) => weights[player.group]);
}

/** 14 of the 20: the first keeper (now and then the second) and 13 outfield players. */
function pickSquad(prng: Prng, team: TeamRow): PlayerRow[] {
  const keepers = team.players.filter((player) => player.group === 'GK');
  const outfield = team.players.filter((player) => player.group !== 'GK');
  const keeper = (prng.chance(0.9) ? keepers[0] : keepers[1]) as PlayerRow;
  return [keeper, ...prng.shuffle(outfield).slice(0, SQUAD_SIZE - 1)];
}

interface SideEvents {
  goals: PlayerRow[];
  assists: PlayerRow[];
  keeper: PlayerRow;
}

/** Goals credited to squad players (now and then an own goal, credited to nobody), assists, the keeper. */
function sideEvents(prng: Prng, squad: readonly PlayerRow[], score: number): SideEvents {
  const outfield = squad.filter((player) => player.group !== 'GK');
  const goals: PlayerRow[] = [];
  const assists: PlayerRow[] = [];
  for (let goal = 0; goal < score; goal++) {
    if (prng.chance(0.06)) continue;
    const scorer = weightedPick(prng, outfield, GOAL_WEIGHT);
    goals.push(scorer);
    if (prng.chance(0.7)) {
      const others = outfield.filter((player) => player !== scorer);
      assists.push(weightedPick(prng, others, ASSIST_WEIGHT));
    }
  }
  return { goals, assists, keeper: squad[0] as PlayerRow };
}

/**
 * Fills a freshly migrated database. Foreign keys are off and the data-version triggers
 * of migration 0002 are set aside while it runs (a bump per row would slow it down
 * markedly); both come back before it returns, and every other trigger (search indexes,
 * say) keeps firing. Ends with ANALYZE, as a production database that was analysed
 * would.
 */
export async function fillBigDatabase(sqlite: SQLite.Database, scale = 1): Promise<BigDbSummary> {
  const started = performance.now();
  const root = createPrng(BIG_DB_SEED);
  const passwordHash = await hashPassword(BIG_DB_PASSWORD, { log2N: 10, r: 8, p: 1 }, root.bytes(16));
  const nowMs = BIG_DB_NOW.getTime();

  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -1000000');
  const versionTriggers = sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '%\\_bumps\\_version' ESCAPE '\\'",
    )
    .all() as { name: string; sql: string }[];

  const insert = {
    league: sqlite.prepare(
      'INSERT INTO leagues (league_id, league_name, season, status, location, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    team: sqlite.prepare(
      `INSERT INTO teams (team_id, team_name, league_id, location, description, logo, youtube_channel, website,
         social_media, news_url, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, NULL, NULL, ?)`,
    ),
    user: sqlite.prepare(
      'INSERT INTO users (id, name, email, password_hash, user_type, team_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    membership: sqlite.prepare(
      'INSERT INTO memberships (user_id, role, league_id, team_id, player_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    player: sqlite.prepare(
      `INSERT INTO players (id, user_id, team_id, name, number, position, position_general, photo_id, bio, metrics,
         created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', '{}', ?)`,
    ),
    coach: sqlite.prepare(
      `INSERT INTO coaches (id, user_id, team_id, name, role, bio, photo_id, created_at)
         VALUES (?, ?, ?, ?, 'Head coach', '', NULL, ?)`,
    ),
    match: sqlite.prepare(
      `INSERT INTO matches (id, league_id, season, match_date, home_team, away_team, location, home_score, away_score,
         approved, reported_by_team, reported_by_user, reported_at, reviewed_by_user, reviewed_at, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    event: sqlite.prepare(
      'INSERT INTO match_events (match_id, team_id, player_id, kind) VALUES (?, ?, ?, ?)',
    ),
    squad: sqlite.prepare('INSERT INTO match_squads (match_id, team_id, player_id) VALUES (?, ?, ?)'),
    news: sqlite.prepare(
      `INSERT INTO league_news (league_id, title, link, image, description, published_at)
         VALUES (?, ?, '', '', ?, ?)`,
    ),
  };
  const counts = {
    leagues: 0,
    teams: 0,
    users: 0,
    players: 0,
    coaches: 0,
    matches: 0,
    approved: 0,
    match_events: 0,
    match_squads: 0,
    league_news: 0,
  };

  const allocate = idAllocator();
  const teamIds = new Set<string>();
  const teamNames = new Set<string>();
  const ids: Partial<BigDbIds> = {};
  let matchId = 0;

  const addUser = (id: string, name: string, type: string, teamId: string | null, createdAt: string) => {
    insert.user.run(id, name, `${id}@big.touchline.test`, passwordHash, type, teamId, createdAt);
    // Rights are memberships: the ones the type and team describe, as the seed gives them.
    for (const m of membershipsForType(type, teamId)) {
      insert.membership.run(id, m.role, m.league_id, m.team_id, m.player_id, createdAt);
    }
    counts.users += 1;
  };

  const fill = sqlite.transaction((leagues: number) => {
    for (const trigger of versionTriggers) sqlite.exec(`DROP TRIGGER ${trigger.name}`);
    addUser('big.admin', 'Big Admin', 'super_admin', null, iso(nowMs - 400 * DAY));
    addUser('big.fan', 'Big Fan', 'fan', null, iso(nowMs - 300 * DAY));
    ids.superAdminUserId = 'big.admin';

    for (let index = 0; index < leagues; index++) {
      const prng = root.fork(`league:${index}`);
      const kind = KIND_CYCLE[index % KIND_CYCLE.length] as LeagueKind;
      const tier = TIERS[index % TIERS.length] as (typeof TIERS)[number];
      const region = `${REGION_FIRST[index % REGION_FIRST.length]} ${
        REGION_SECOND[Math.floor(index / REGION_FIRST.length) % REGION_SECOND.length]
      }${index >= REGION_FIRST.length * REGION_SECOND.length ? ` ${index}` : ''}`;
      const season = kind === 'completed' ? 2023 + (index % 3) : 2026;
      const leagueId = `${dottedSlug(region)}.${tier.code}-${String(season).slice(2)}`;
      const firstDay =
        kind === 'completed'
          ? nextWeekday(Date.UTC(season, 1, 1), tier.weekday)
          : kind === 'active'
            ? nextWeekday(nowMs - ACTIVE_APPROVED_ROUNDS * WEEK - 6 * DAY, tier.weekday)
            : nextWeekday(nowMs + 60 * DAY, tier.weekday);
      const createdAt = iso(firstDay - 45 * DAY + 11 * HOUR);
      insert.league.run(leagueId, `${region} ${tier.name}`, String(season), kind, region, createdAt);
      counts.leagues += 1;
      if (index === 0) ids.leagueId = leagueId;
      if (kind === 'active' && ids.activeLeagueId === undefined) ids.activeLeagueId = leagueId;
      if (kind === 'upcoming' && ids.upcomingLeagueId === undefined) ids.upcomingLeagueId = leagueId;

      // Clubs, their coaches (with accounts), some owners, rosters (some players with accounts).
      const teams: TeamRow[] = [];
      for (let t = 0; t < TEAMS_PER_LEAGUE; t++) {
        let town: string;
        let name: string;
        do {
          town = `${prng.pick(TOWN_STARTS)}${prng.pick(TOWN_ENDS)}`;
          name = prng.chance(0.8)
            ? `${town} ${prng.pick(TEAM_SUFFIXES)}`
            : `${prng.pick(TEAM_PREFIXES)} ${town}`;
        } while (teamNames.has(name));
        teamNames.add(name);
        let teamId = dottedSlug(name);
        for (let n = 2; teamIds.has(teamId); n++) teamId = `${dottedSlug(name)}${n}`;
        teamIds.add(teamId);
        insert.team.run(
          teamId,
          name,
          leagueId,
          town,
          `${name} play their home games at ${town} Recreation Ground.`,
          prng.chance(0.7) ? `${teamId}.svg` : null,
          prng.chance(0.3) ? `https://${teamId.replaceAll('.', '')}.example` : null,
          createdAt,
        );
        counts.teams += 1;

        const coachName = `${prng.pick(STAFF_FIRST_NAMES)} ${prng.pick(SURNAMES)}`;
        const coachId = allocate(coachName);
        addUser(coachId, coachName, 'coach', teamId, createdAt);
        insert.coach.run(coachId, coachId, teamId, coachName, createdAt);
        counts.coaches += 1;
        if (counts.teams % 4 === 0) {
          const ownerName = `${prng.pick(STAFF_FIRST_NAMES)} ${prng.pick(SURNAMES)}`;
          addUser(allocate(ownerName), ownerName, 'owner', teamId, createdAt);
        }

        const players: PlayerRow[] = [];
        for (const { group, numbers } of ROSTER_SHAPE) {
          for (const number of numbers) {
            const playerName = `${prng.pick(FIRST_NAMES)} ${prng.pick(SURNAMES)}`;
            const id = allocate(playerName);
            const hasAccount = counts.players % 10 === 0;
            if (hasAccount) addUser(id, playerName, 'player', teamId, createdAt);
            insert.player.run(
              id,
              hasAccount ? id : null,
              teamId,
              playerName,
              number,
              POSITION_OF[group],
              group,
              prng.chance(0.5) ? `${id}.svg` : null,
              createdAt,
            );
            counts.players += 1;
            players.push({ id, group });
            if (hasAccount && ids.playerUserId === undefined) ids.playerUserId = id;
          }
        }
        teams.push({ id: teamId, town, coachId, players });
      }

      // A double round robin: a round a week, half the matches at each kick-off hour.
      const order = prng.shuffle(teams);
      const rounds = doubleRoundRobin(TEAMS_PER_LEAGUE);
      for (const [round, fixtures] of rounds.entries()) {
        for (const [slot, fixture] of fixtures.entries()) {
          const home = order[fixture.home] as TeamRow;
          const away = order[fixture.away] as TeamRow;
          const kickOff = firstDay + round * WEEK + (tier.hours[slot % 2] as number) * HOUR;
          matchId += 1;
          counts.matches += 1;
          const date = iso(kickOff);
          const location = `${home.town} Recreation Ground`;

          let state: '' | 'TRUE' | 'PENDING' | 'FALSE' = '';
          if (kind === 'completed' || (kind === 'active' && round < ACTIVE_APPROVED_ROUNDS)) state = 'TRUE';
          else if (kind === 'active' && round === ACTIVE_APPROVED_ROUNDS)
            state = slot < 6 ? 'PENDING' : slot < 8 ? 'FALSE' : '';

          const played = state !== '';
          const homeSquad = played ? pickSquad(prng, home) : [];
          const awaySquad = played ? pickSquad(prng, away) : [];
          const homeScore = played ? prng.goals(1.45) : null;
          const awayScore = played ? prng.goals(1.15) : null;
          const reporter = prng.chance(0.5) ? home : away;
          const reviewer = reporter === home ? away : home;
          const reportedAt = played ? iso(kickOff + 3 * HOUR) : null;
          const reviewedAt = state === 'TRUE' || state === 'FALSE' ? iso(kickOff + DAY) : null;
          insert.match.run(
            matchId,
            leagueId,
            String(season),
            date,
            home.id,
            away.id,
            location,
            homeScore,
            awayScore,
            state,
            played ? reporter.id : null,
            played ? reporter.coachId : null,
            reportedAt,
            reviewedAt === null ? null : reviewer.coachId,
            reviewedAt,
            createdAt,
            reviewedAt ?? reportedAt ?? createdAt,
          );
          if (state === 'TRUE') counts.approved += 1;

          if (played) {
            for (const [team, squad] of [
              [home, homeSquad],
              [away, awaySquad],
            ] as const) {
              for (const player of squad) insert.squad.run(matchId, team.id, player.id);
              counts.match_squads += squad.length;
            }
            // In the order a report lists them: goals, then assists, then goalkeepers.
            const sides = [
              { team: home, events: sideEvents(prng, homeSquad, homeScore ?? 0) },
              { team: away, events: sideEvents(prng, awaySquad, awayScore ?? 0) },
            ];
            for (const kindOf of ['goal', 'assist', 'goalkeeper'] as const) {
              for (const { team, events } of sides) {
                const list =
                  kindOf === 'goal' ? events.goals : kindOf === 'assist' ? events.assists : [events.keeper];
                for (const player of list) insert.event.run(matchId, team.id, player.id, kindOf);
                counts.match_events += list.length;
              }
            }
          } else if (kind === 'active' && round === ACTIVE_APPROVED_ROUNDS + 1 && slot < 3) {
            // A coach has already picked the squad for the next match.
            for (const player of pickSquad(prng, home)) insert.squad.run(matchId, home.id, player.id);
            counts.match_squads += SQUAD_SIZE;
          }

          if (index === 0 && state === 'TRUE' && ids.matchId === undefined) {
            ids.matchId = matchId;
            ids.completedTeamId = home.id;
            ids.opponentTeamId = away.id;
            ids.playerId = home.players.find((player) => player.group === 'FW')?.id;
          }
          if (
            kind === 'active' &&
            ids.teamId === undefined &&
            state === '' &&
            round === ACTIVE_APPROVED_ROUNDS
          ) {
            ids.teamId = home.id;
            ids.coachUserId = home.coachId;
            ids.unreportedMatchId = matchId;
          }
          if (kind === 'active' && state === 'PENDING' && ids.pendingMatchId === undefined) {
            ids.pendingMatchId = matchId;
            ids.pendingReviewerUserId = reviewer.coachId;
          }
          if (
            kind === 'active' &&
            ids.teamId !== undefined &&
            ids.futureMatchId === undefined &&
            round > ACTIVE_APPROVED_ROUNDS &&
            (home.id === ids.teamId || away.id === ids.teamId)
          )
            ids.futureMatchId = matchId;
        }
      }

      for (let n = 0; n < 2; n++) {
        const published = kind === 'upcoming' ? nowMs - (n + 1) * 9 * DAY : firstDay + (n * 60 + 3) * DAY;
        insert.news.run(
          leagueId,
          n === 0 ? `${region} ${tier.name} fixtures announced` : `Round-up: ${region} ${tier.name}`,
          `News from the ${region} ${tier.name}.`,
          iso(published + 9 * HOUR),
        );
        counts.league_news += 1;
      }
    }

    for (const trigger of versionTriggers) sqlite.exec(trigger.sql);
    sqlite.prepare('UPDATE data_version SET version = version + 1').run();
  });
  fill(leagueCount(scale));

  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  const generateMs = performance.now() - started;
  const analyzing = performance.now();
  sqlite.exec('ANALYZE');
  const analyzeMs = performance.now() - analyzing;

  const missing = (
    [
      'leagueId',
      'activeLeagueId',
      'upcomingLeagueId',
      'teamId',
      'completedTeamId',
      'opponentTeamId',
      'matchId',
      'pendingMatchId',
      'pendingReviewerUserId',
      'unreportedMatchId',
      'futureMatchId',
      'playerId',
      'playerUserId',
      'coachUserId',
      'superAdminUserId',
    ] as const
  ).filter((key) => ids[key] === undefined);
  if (missing.length > 0) throw new Error(`big database: no ${missing.join(', ')} at scale ${scale}`);
  return { version: BIG_DB_VERSION, scale, counts, ids: ids as BigDbIds, generateMs, analyzeMs };
}

/** Creates `file` (which must not exist), migrates it, fills it and leaves it in WAL mode. */
export async function generateBigDatabase(file: string, scale = 1): Promise<BigDbSummary> {
  const connection = await openAndMigrate(file);
  try {
    // No journal while filling a new file: if this fails, the caller throws the file away.
    connection.sqlite.pragma('journal_mode = OFF');
    const summary = await fillBigDatabase(connection.sqlite, scale);
    connection.sqlite.pragma('journal_mode = WAL');
    // A league that has run for a while told its teams of every overdue result long ago:
    // done here (with today's clock, as the server's), so that a server started over this
    // file finds nothing to tell and the figures measure it at rest. Its fixtures lie in
    // the past of today's clock, tens of thousands of them overdue.
    await sweepOverdue(connection.db, new Date());
    return summary;
  } finally {
    await connection.close();
  }
}

/** The migrations a file holds (their source text), as one short tag: any change makes a new file. */
function migrationsTag(): string {
  const dir = fileURLToPath(new URL('../../db/migrations/', import.meta.url));
  const source = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => `${name}\n${fs.readFileSync(path.join(dir, name), 'utf8')}`)
    .join('\n');
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return `${migrations.length}-${(hash >>> 0).toString(16)}`;
}

/** The cached file's name: a new generator version or migration makes a new file. */
export function bigDatabaseFile(scale = 1): string {
  const scaleTag = scale === 1 ? '' : `-s${scale}`;
  return path.join(os.tmpdir(), `touchline-big-v${BIG_DB_VERSION}-m${migrationsTag()}${scaleTag}.db`);
}

/** Older generations of the same scale (another version or other migrations): each a full-size file. */
function removeStaleFiles(current: string): void {
  const dir = path.dirname(current);
  const scaleTag = /(-s[\d.]+)?\.db$/.exec(path.basename(current))?.[1] ?? '';
  const generation = new RegExp(
    `^touchline-big-v\\d+-m[\\w-]+?${scaleTag.replace('.', '\\.')}\\.db(\\.json|-wal|-shm)?$`,
  );
  for (const name of fs.readdirSync(dir)) {
    if (!generation.test(name) || name.startsWith(path.basename(current))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * The big database at `scale` (full size by default), generated once into the temporary
 * directory and reused after. Returns its path and what the generator reported; the
 * file is the benches' to open (with openAndMigrate) and must be treated as read-only.
 */
export async function bigDatabase(
  scale = 1,
): Promise<{ file: string; summary: BigDbSummary; reused: boolean }> {
  const file = bigDatabaseFile(scale);
  const sidecar = `${file}.json`;
  if (fs.existsSync(file) && fs.existsSync(sidecar)) {
    return { file, summary: JSON.parse(fs.readFileSync(sidecar, 'utf8')) as BigDbSummary, reused: true };
  }
  const temporary = `${file}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  try {
    const summary = await generateBigDatabase(temporary, scale);
    fs.renameSync(temporary, file);
    fs.writeFileSync(sidecar, `${JSON.stringify(summary, null, 2)}\n`);
    removeStaleFiles(file);
    return { file, summary, reused: false };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** The full-size file's path, generated on first use (for benches that start a server over it). */
export async function ensureBigDatabase(): Promise<string> {
  return (await bigDatabase()).file;
}

/**
 * One request per public read with the representative ids, as [name, path] pairs. Without
 * `ids`, those of the full-size file (call ensureBigDatabase first).
 */
export function bigReadEndpoints(ids?: BigDbIds): [string, string][] {
  const known = ids ?? (JSON.parse(fs.readFileSync(`${bigDatabaseFile()}.json`, 'utf8')) as BigDbSummary).ids;
  const { leagueId, completedTeamId, opponentTeamId, teamId, matchId, playerId, coachUserId } = known;
  return [
    ['leagues', '/api/leagues'],
    ['league', `/api/leagues/${leagueId}`],
    ['league table', `/api/leagues/${leagueId}/table`],
    ['league matches', `/api/leagues/${leagueId}/matches`],
    ['league stats', `/api/leagues/${leagueId}/stats`],
    ['team', `/api/teams/${completedTeamId}`],
    ['team roster', `/api/teams/${completedTeamId}/roster`],
    ['team stats', `/api/teams/${completedTeamId}/stats`],
    ['team seasons', `/api/teams/${completedTeamId}/seasons`],
    ['team matches', `/api/teams/${completedTeamId}/matches`],
    ['next match of team', `/api/matches?future=true&team_id=${teamId}&limit=1`],
    ['next matches', '/api/matches?future=true&limit=5'],
    ['head to head', `/api/matches/between/${completedTeamId}/${opponentTeamId}`],
    ['match', `/api/matches/${matchId}`],
    ['player', `/api/players/${playerId}`],
    ['coach', `/api/coaches/${coachUserId.replaceAll('.', '-')}`],
    ['league news', `/api/mwpl_news?league_id=${leagueId}`],
    ['search', '/api/search?term=carter'],
  ];
}

/** A row of sqlite_stat1 or sqlite_stat4 (its sample as hex), as the stats fixture stores them. */
export interface PlannerStats {
  generator: { version: number; migrations: string[]; scale: number };
  stat1: { tbl: string; idx: string | null; stat: string }[];
  stat4: { tbl: string; idx: string; neq: string; nlt: string; ndlt: string; sample: string }[];
}

export function readPlannerStats(sqlite: SQLite.Database, scale: number): PlannerStats {
  const stat1 = sqlite
    .prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx')
    .all() as PlannerStats['stat1'];
  const stat4 = sqlite
    .prepare(
      'SELECT tbl, idx, neq, nlt, ndlt, hex(sample) AS sample FROM sqlite_stat4 ORDER BY tbl, idx, nlt COLLATE BINARY',
    )
    .all() as PlannerStats['stat4'];
  const names = migrations.map((migration) => migration.name);
  return { generator: { version: BIG_DB_VERSION, migrations: names, scale }, stat1, stat4 };
}

async function main(): Promise<void> {
  const scaleArg = process.argv.find((arg) => arg.startsWith('--scale='));
  const scale = scaleArg ? Number(scaleArg.slice('--scale='.length)) : 1;
  const started = performance.now();
  const { file, summary, reused } = await bigDatabase(scale);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${reused ? 'reused' : 'generated'} ${file} in ${seconds} s`);
  if (!reused) {
    console.log(
      `  fill ${(summary.generateMs / 1000).toFixed(1)} s, ANALYZE ${(summary.analyzeMs / 1000).toFixed(1)} s`,
    );
  }
  console.log(`  file size ${(fs.statSync(file).size / 1024 / 1024).toFixed(0)} MiB`);
  for (const [table, count] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(13)} ${count}`);
  console.log('  ids', summary.ids);

  if (process.argv.includes('--write-stats')) {
    const connection = await openAndMigrate(file);
    try {
      const stats = readPlannerStats(connection.sqlite, scale);
      // Formatted as the repository's `prettier --check` expects.
      const prettier = await import('prettier');
      const config = await prettier.resolveConfig(STATS_FIXTURE);
      fs.writeFileSync(
        STATS_FIXTURE,
        await prettier.format(JSON.stringify(stats), { ...config, filepath: STATS_FIXTURE }),
      );
      console.log(
        `  wrote ${stats.stat1.length} stat1 and ${stats.stat4.length} stat4 rows to ${STATS_FIXTURE}`,
      );
    } finally {
      await connection.close();
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
