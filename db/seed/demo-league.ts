/**
 * The demo league: three leagues over two seasons, their clubs, squads,
 * fixtures, results, news and one account per role, generated from a seed so
 * that two runs with the same seed and reference date give identical tables.
 *
 * Everything is planned in memory first (pure, PRNG-driven) and then written in
 * one transaction, so a failure leaves the database empty rather than half-filled.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InsertObject, Insertable, Kysely } from 'kysely';
import { hashPassword, type HashCost } from '../password';
import { inChunks } from '../rules/chunks';
import { membershipsForType } from '../rules/memberships';
import { positionOf } from '../rules/positions';
import { dottedSlug } from '../slug';
import type {
  CoachesTable,
  Database,
  LeagueNewsTable,
  LeaguesTable,
  MatchEventsTable,
  MatchesTable,
  MatchSquadsTable,
  MembershipsTable,
  PlayersTable,
  PositionGeneral,
  TeamsTable,
  UsersTable,
  UserType,
} from '../schema';
import {
  avatarSvg,
  crestSvg,
  CREST_PATTERNS,
  HAIR_STYLES,
  type AvatarOptions,
  type CrestOptions,
} from './images';
import {
  AVATAR_BACKGROUNDS,
  CLUB_COLOURS,
  COACH_BIOS,
  fill,
  FIRST_NAMES,
  GROUND_TEMPLATES,
  HAIR_COLOURS,
  LEAGUE_BLUEPRINTS,
  NEWS_TEMPLATES,
  PLAYER_BIOS,
  SKIN_TONES,
  STAFF_FIRST_NAMES,
  SURNAMES,
  TEAM_DESCRIPTIONS,
  TEAM_PREFIXES,
  TEAM_SUFFIXES,
  type LeagueBlueprint,
} from './names';
import { createPrng, type Prng } from './prng';
import { doubleRoundRobin } from './schedule';

export const DEMO_PASSWORD = 'touchline-demo';
export const DEFAULT_DEMO_SEED = 7331;

export interface DemoAccount {
  email: string;
  user_type: UserType;
  description: string;
}

export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@touchline.demo',
    user_type: 'super_admin',
    description: 'Super admin: every table, no team',
  },
  { email: 'admin@touchline.demo', user_type: 'admin', description: 'League admin of the demo league' },
  { email: 'manager@touchline.demo', user_type: 'manager', description: 'League manager, no team' },
  { email: 'coach@touchline.demo', user_type: 'coach', description: 'Head coach of the demo team' },
  {
    email: 'owner@touchline.demo',
    user_type: 'owner',
    description: "Owner of the demo team's next opponent",
  },
  { email: 'player@touchline.demo', user_type: 'player', description: 'A forward of the demo team' },
  { email: 'fan@touchline.demo', user_type: 'fan', description: 'A fan, no team' },
] as const satisfies readonly DemoAccount[];

type DemoEmail = (typeof DEMO_ACCOUNTS)[number]['email'];

export interface DemoSummary {
  referenceDate: string;
  leagues: number;
  teams: number;
  players: number;
  matches: number;
  demoTeamId: string;
  opponentTeamId: string;
  unreportedMatchId: number;
  pendingMatchId: number;
  playerUserId: string;
  coachUserId: string;
  ownerUserId: string;
}

export interface SeedOptions {
  /** "Now" for the generated world; defaults to the current time. */
  referenceDate?: Date;
  imagesDir: string;
  passwordCost?: HashCost;
  seed?: number;
}

type Db = Kysely<Database>;
type SquadGroup = Extract<PositionGeneral, 'GK' | 'DEF' | 'MID' | 'FW'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Kick-off to final whistle, with a little stoppage time. */
const MATCH_LENGTH = 2 * HOUR;
/** Rows per INSERT for tables of ~10–17 columns and of 3–4 columns. */
const WIDE_BATCH = 250;
const NARROW_BATCH = 1000;

/** 4-4-2 on paper: the first players of each group are the usual starters. */
const STARTERS = { GK: 1, DEF: 4, MID: 4, FW: 2 } as const satisfies Record<SquadGroup, number>;
const GOAL_WEIGHT = { GK: 0, DEF: 0.7, MID: 2.5, FW: 6 } as const satisfies Record<SquadGroup, number>;
const ASSIST_WEIGHT = { GK: 0, DEF: 1.5, MID: 4, FW: 2.5 } as const satisfies Record<SquadGroup, number>;

const NUMBER_WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'] as const;

const iso = (ms: number): string => new Date(ms).toISOString();

/** Batches keep each statement's bound parameters (rows × columns) in the low thousands. */
async function insertInBatches<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly InsertObject<Database, T>[],
  batch: number,
): Promise<void> {
  for (const slice of inChunks(rows, batch)) await db.insertInto(table).values(slice).execute();
}

/** Keeps ids unique across players, coaches and users, the way a club secretary would: james.carter2. */
function idAllocator(): (base: string) => string {
  const used = new Set<string>();
  return (base) => {
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}${n}`;
    used.add(id);
    return id;
  };
}

function sampleWithoutReplacement<T>(
  prng: Prng,
  items: readonly T[],
  count: number,
  weight: (item: T) => number,
): T[] {
  const left = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && left.length > 0) {
    const item = prng.weighted(left, weight);
    chosen.push(item);
    left.splice(left.indexOf(item), 1);
  }
  return chosen;
}

// ---------------------------------------------------------------------------
// Plans: the world as plain data before it becomes rows.

interface PlayerPlan {
  id: string;
  name: string;
  number: number;
  group: SquadGroup;
  starter: boolean;
  /** Multiplies the position's share of the goals. */
  finishing: number;
  bio: string;
  createdAt: string;
  avatar: AvatarOptions;
}

interface CoachPlan {
  id: string;
  name: string;
  role: string;
  bio: string;
  createdAt: string;
  avatar: AvatarOptions;
}

interface TeamPlan {
  id: string;
  name: string;
  town: string;
  ground: string;
  strength: number;
  crest: CrestOptions;
  row: Insertable<TeamsTable>;
  players: PlayerPlan[];
  coaches: CoachPlan[];
}

interface LeaguePlan {
  blueprint: LeagueBlueprint;
  currentId: string;
  previousId: string;
  teams: TeamPlan[];
}

type Outcome = 'approved' | 'pending' | 'unreported' | 'upcoming';

interface MatchPlan {
  id: number;
  league: LeaguePlan;
  leagueId: string;
  season: string;
  current: boolean;
  round: number;
  kickOff: number;
  home: TeamPlan;
  away: TeamPlan;
  outcome: Outcome;
  /** For a pending report: which side sent it. */
  reporter?: TeamPlan;
  homeScore?: number;
  awayScore?: number;
  events: Insertable<MatchEventsTable>[];
  squads: Insertable<MatchSquadsTable>[];
}

/**
 * Two players sharing a name happens in a league this size, so a clash with
 * another club is allowed now and then (it is what the numbered ids are for);
 * a clash within one squad never is.
 */
function pickName(
  prng: Prng,
  firstNames: readonly string[],
  squad: ReadonlySet<string>,
  league: Map<string, number>,
): string {
  for (;;) {
    const first = prng.pick(firstNames);
    const last = prng.pick(SURNAMES);
    const name = `${first} ${last}`;
    const elsewhere = league.get(name) ?? 0;
    if (first === last || squad.has(name) || elsewhere >= 2 || (elsewhere === 1 && prng.chance(0.7)))
      continue;
    league.set(name, elsewhere + 1);
    return name;
  }
}

function squadShape(prng: Prng, size: number): Record<SquadGroup, number> {
  const shapes: Record<SquadGroup, number>[] = [];
  for (let GK = 2; GK <= 3; GK++)
    for (let DEF = 5; DEF <= 7; DEF++)
      for (let MID = 5; MID <= 7; MID++) {
        const FW = size - GK - DEF - MID;
        if (FW >= 3 && FW <= 5) shapes.push({ GK, DEF, MID, FW });
      }
  return prng.pick(shapes);
}

function avatarFor(prng: Prng, name: string, shirt: string, accent: string): AvatarOptions {
  return {
    name,
    background: prng.pick(AVATAR_BACKGROUNDS),
    shirt,
    accent,
    skin: prng.pick(SKIN_TONES),
    hair: prng.pick(HAIR_COLOURS),
    hairStyle: prng.pick(HAIR_STYLES),
  };
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * ((value >> 16) & 255) + 0.7152 * ((value >> 8) & 255) + 0.0722 * (value & 255);
}

/** The club colour that stays legible on a dark training top. */
function lighterOf(a: string, b: string): string {
  return luminance(a) >= luminance(b) ? a : b;
}

interface WorldContext {
  prng: Prng;
  allocate: (base: string) => string;
  /** Full names already given out, and how often. */
  namesInUse: Map<string, number>;
  year: number;
  allTowns: readonly string[];
}

function planPlayers(ctx: WorldContext, team: TeamPlan, createdAt: number): PlayerPlan[] {
  const { prng } = ctx;
  const shape = squadShape(prng, prng.int(16, 22));
  const names = new Set<string>();
  const backupKeeper = prng.chance(0.5) ? 13 : 23;
  const keeperNumbers = [1, backupKeeper, backupKeeper === 13 ? 23 : 13];
  // 2–30 without the keepers' numbers: 26 shirts, more than any outfield group needs.
  const outfieldNumbers = Array.from({ length: 29 }, (_, i) => i + 2).filter(
    (n) => !keeperNumbers.includes(n),
  );
  const usedNumbers = new Set<number>();
  const takeNumber = (preferred: readonly number[]): number => {
    const free = preferred.filter((n) => !usedNumbers.has(n));
    const number = free[0] ?? prng.pick(outfieldNumbers.filter((n) => !usedNumbers.has(n)));
    usedNumbers.add(number);
    return number;
  };
  // Classic shirt numbers go to the usual starters; the bench takes what is left.
  const starterNumbers: Record<Exclude<SquadGroup, 'GK'>, number[]> = {
    DEF: prng.shuffle([2, 3, 4, 5]),
    MID: prng.shuffle([6, 7, 8, 10]),
    FW: prng.shuffle([9, 11]),
  };
  const players: PlayerPlan[] = [];
  for (const group of ['GK', 'DEF', 'MID', 'FW'] as const) {
    for (let i = 0; i < shape[group]; i++) {
      const name = pickName(prng, FIRST_NAMES, names, ctx.namesInUse);
      names.add(name);
      const starter = i < STARTERS[group];
      const number = takeNumber(group === 'GK' ? keeperNumbers : starter ? starterNumbers[group] : []);
      const bio = fill(prng.pick(PLAYER_BIOS[group]), {
        town: prng.pick(ctx.allTowns.filter((town) => town !== team.town)),
        year: prng.int(ctx.year - 8, ctx.year - 1),
        team: team.name,
      });
      players.push({
        id: ctx.allocate(dottedSlug(name)),
        name,
        number,
        group,
        starter,
        finishing: group === 'FW' && starter ? 1 + prng.next() * 0.6 : 0.5 + prng.next() * 0.8,
        bio,
        createdAt: iso(createdAt + prng.int(0, 20) * DAY + prng.int(0, 600) * MINUTE),
        avatar: avatarFor(prng, name, team.crest.primary, team.crest.secondary),
      });
    }
  }
  return players;
}

function planCoaches(ctx: WorldContext, team: TeamPlan, createdAt: number, assistant: boolean): CoachPlan[] {
  const { prng } = ctx;
  const roles = assistant ? (['head', 'assistant'] as const) : (['head'] as const);
  const names = new Set(team.players.map((player) => player.name));
  return roles.map((role) => {
    const name = pickName(prng, STAFF_FIRST_NAMES, names, ctx.namesInUse);
    names.add(name);
    return {
      id: ctx.allocate(dottedSlug(name)),
      name,
      role: role === 'head' ? 'Head Coach' : 'Assistant Coach',
      bio: fill(prng.pick(COACH_BIOS[role]), {
        name,
        team: team.name,
        town: prng.pick(ctx.allTowns),
        year: prng.int(ctx.year - 12, ctx.year - 1),
      }),
      createdAt: iso(createdAt + prng.int(0, 10) * DAY + prng.int(0, 600) * MINUTE),
      // A dark training top with the club colour as trim.
      avatar: avatarFor(prng, name, '#1f2937', lighterOf(team.crest.primary, team.crest.secondary)),
    };
  });
}

function planLeagues(ctx: WorldContext, teamsCreatedAt: number): LeaguePlan[] {
  const { prng } = ctx;
  const yy = String(ctx.year % 100).padStart(2, '0');
  const previousYy = String((ctx.year - 1) % 100).padStart(2, '0');
  return LEAGUE_BLUEPRINTS.map((blueprint, leagueIndex) => {
    const isDemoLeague = leagueIndex === 0;
    const [firstTown, ...otherTowns] = blueprint.towns;
    const towns = isDemoLeague
      ? [firstTown as string, ...prng.shuffle(otherTowns)]
      : prng.shuffle(blueprint.towns);
    const suffixes = isDemoLeague
      ? [TEAM_SUFFIXES[0], ...prng.shuffle(TEAM_SUFFIXES.slice(1))]
      : prng.shuffle(TEAM_SUFFIXES);
    const colours = prng.shuffle(CLUB_COLOURS);
    const league: LeaguePlan = {
      blueprint,
      currentId: `${blueprint.code}-${yy}`,
      previousId: `${blueprint.code}-${previousYy}`,
      teams: [],
    };
    for (let i = 0; i < blueprint.teamCount; i++) {
      const town = towns[i] as string;
      const isDemoTeam = isDemoLeague && i === 0;
      const name =
        !isDemoTeam && prng.chance(0.2)
          ? `${prng.pick(TEAM_PREFIXES)} ${town}`
          : `${town} ${suffixes[i] as string}`;
      const id = dottedSlug(name);
      const ground = fill(prng.pick(GROUND_TEMPLATES), { town });
      const established = prng.int(1885, 2016);
      const colour = colours[i % colours.length] as (typeof CLUB_COLOURS)[number];
      const createdAt = teamsCreatedAt + i * 7 * MINUTE;
      const team: TeamPlan = {
        id,
        name,
        town,
        ground,
        // The demo team is decent on purpose: its pages should have goals to show.
        strength: isDemoTeam ? 1.15 + prng.next() * 0.2 : 0.65 + prng.next() * 0.8,
        crest: {
          name,
          primary: colour.primary,
          secondary: colour.secondary,
          pattern: prng.pick(CREST_PATTERNS),
          established,
        },
        row: {
          team_id: id,
          team_name: name,
          league_id: league.currentId,
          location: `${town}, ${blueprint.location}`,
          description: fill(prng.pick(TEAM_DESCRIPTIONS), { team: name, year: established, ground, town }),
          logo: `${id}.svg`,
          youtube_channel: null,
          website: null,
          social_media: `@${id.replace(/\./g, '')}`,
          news_url: null,
          created_at: iso(createdAt),
        },
        players: [],
        coaches: [],
      };
      team.players = planPlayers(ctx, team, createdAt);
      team.coaches = planCoaches(ctx, team, createdAt, isDemoTeam || prng.chance(0.6));
      league.teams.push(team);
    }
    return league;
  });
}

// ---------------------------------------------------------------------------
// Calendar

interface Calendar {
  /** Midnight UTC of the first matchday after the reference date. */
  firstUpcoming: number;
  /** Kick-offs on that matchday may not be earlier than this (the reference date falls on it). */
  earliestUpcomingKickOff: number;
}

/**
 * Finds the first matchday still to come. When the reference date falls while
 * that day's games would be under way, they are pushed later in the day rather
 * than having kicked off in the "future" or finished in the past.
 */
function leagueCalendar(blueprint: LeagueBlueprint, reference: number): Calendar {
  const today = Math.floor(reference / DAY) * DAY;
  const back = (new Date(today).getUTCDay() - blueprint.weekday + 7) % 7;
  const matchday = today - back * DAY;
  const first = matchday + Math.min(...blueprint.kickOffHours) * HOUR;
  const finished = matchday + Math.max(...blueprint.kickOffHours) * HOUR + MATCH_LENGTH;
  if (reference >= finished) return { firstUpcoming: matchday + WEEK, earliestUpcomingKickOff: 0 };
  if (reference < first) return { firstUpcoming: matchday, earliestUpcomingKickOff: 0 };
  return {
    firstUpcoming: matchday,
    earliestUpcomingKickOff: Math.ceil((reference + 30 * MINUTE) / HOUR) * HOUR,
  };
}

/** Report a day after kick-off, review a day later, squeezed in when that would pass "now". */
function reportTimes(kickOff: number, reference: number): { reportedAt: number; reviewedAt: number } {
  if (kickOff + 2 * DAY < reference) return { reportedAt: kickOff + DAY, reviewedAt: kickOff + 2 * DAY };
  const end = kickOff + MATCH_LENGTH;
  const span = Math.max(0, reference - end);
  const minute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;
  return { reportedAt: minute(end + span / 3), reviewedAt: minute(end + (2 * span) / 3) };
}

// ---------------------------------------------------------------------------
// Results

function selectSquad(prng: Prng, team: TeamPlan): { keeper: PlayerPlan; squad: PlayerPlan[] } {
  const keepers = team.players.filter((player) => player.group === 'GK');
  const outfield = team.players.filter((player) => player.group !== 'GK');
  const [firstChoice, ...backups] = keepers;
  if (!firstChoice) throw new Error(`${team.name} has no goalkeeper`);
  const keeper = backups.length > 0 && prng.chance(0.15) ? prng.pick(backups) : firstChoice;
  const size = Math.min(prng.int(14, 16), team.players.length);
  const bench = keepers.filter((player) => player !== keeper);
  const chosen = [keeper];
  if (bench.length > 0 && prng.chance(0.5)) chosen.push(prng.pick(bench));
  chosen.push(
    ...sampleWithoutReplacement(prng, outfield, size - chosen.length, (p) => (p.starter ? 10 : 1.5)),
  );
  // Roster order keeps the stored rows tidy and stable.
  const squad = team.players.filter((player) => chosen.includes(player));
  return { keeper, squad };
}

function playMatch(prng: Prng, match: MatchPlan, strengthOf: (team: TeamPlan) => number): void {
  const ratio = strengthOf(match.home) / strengthOf(match.away);
  const homeExpected = Math.min(3.4, Math.max(0.35, 1.5 * ratio ** 0.9));
  const awayExpected = Math.min(3.0, Math.max(0.25, 1.15 / ratio ** 0.9));
  match.homeScore = prng.goals(homeExpected, 7);
  match.awayScore = prng.goals(awayExpected, 7);
  for (const [team, goals] of [
    [match.home, match.homeScore],
    [match.away, match.awayScore],
  ] as const) {
    const { keeper, squad } = selectSquad(prng, team);
    for (const player of squad)
      match.squads.push({ match_id: match.id, team_id: team.id, player_id: player.id });
    const event = (player: PlayerPlan, kind: 'goal' | 'assist' | 'goalkeeper') =>
      match.events.push({ match_id: match.id, team_id: team.id, player_id: player.id, kind });
    event(keeper, 'goalkeeper');
    for (let g = 0; g < goals; g++) {
      const scorer = prng.weighted(squad, (p) => GOAL_WEIGHT[p.group] * p.finishing);
      event(scorer, 'goal');
      if (prng.chance(0.7)) {
        event(
          prng.weighted(squad, (p) => (p === scorer ? 0 : ASSIST_WEIGHT[p.group])),
          'assist',
        );
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Fixtures

interface FixtureWorld {
  matches: MatchPlan[];
  demoTeam: TeamPlan;
  opponent: TeamPlan;
  unreported: MatchPlan;
  pending: MatchPlan;
}

function planFixtures(
  prng: Prng,
  leagues: readonly LeaguePlan[],
  reference: number,
  year: number,
): FixtureWorld {
  const matches: MatchPlan[] = [];
  const currentRounds = new Map<LeaguePlan, MatchPlan[][]>();
  const seasonStrength = new Map<TeamPlan, number>();
  let nextId = 1;
  // The previous season first, so match ids run in calendar order.
  for (const current of [false, true]) {
    for (const league of leagues) {
      const { firstUpcoming, earliestUpcomingKickOff } = leagueCalendar(league.blueprint, reference);
      const shift = current ? 0 : 52 * WEEK;
      // Last season's table had a different order of fixtures.
      const order = current ? league.teams : prng.shuffle(league.teams);
      for (const team of league.teams) {
        seasonStrength.set(team, current ? team.strength : team.strength * (0.85 + prng.next() * 0.3));
      }
      const rounds = doubleRoundRobin(order.length);
      const upcomingFrom = rounds.length - 3;
      const planned = rounds.map((fixtures, round) =>
        fixtures.map((fixture): MatchPlan => {
          const day = firstUpcoming + (round - upcomingFrom) * WEEK;
          let kickOff = day + prng.pick(league.blueprint.kickOffHours) * HOUR;
          if (round === upcomingFrom) kickOff = Math.max(kickOff, earliestUpcomingKickOff);
          return {
            id: nextId++,
            league,
            leagueId: current ? league.currentId : league.previousId,
            season: String(current ? year : year - 1),
            current,
            round,
            kickOff: kickOff - shift,
            home: order[fixture.home] as TeamPlan,
            away: order[fixture.away] as TeamPlan,
            outcome: current && round >= upcomingFrom ? 'upcoming' : 'approved',
            events: [],
            squads: [],
          };
        }),
      );
      if (current) currentRounds.set(league, planned);
      matches.push(...planned.flat());
    }
    for (const match of matches) {
      if (match.current === current && match.outcome === 'approved') {
        playMatch(prng, match, (team) => seasonStrength.get(team) ?? team.strength);
      }
    }
  }

  const demoLeague = leagues[0];
  const demoRounds = demoLeague && currentRounds.get(demoLeague);
  const demoTeam = demoLeague?.teams[0];
  if (!demoRounds || !demoTeam) throw new Error('demo league missing from the plan');
  const involves = (team: TeamPlan) => (match: MatchPlan) => match.home === team || match.away === team;
  const firstUpcomingRound = demoRounds.length - 3;
  const lastPastRound = firstUpcomingRound - 1;
  const nextMatch = demoRounds[firstUpcomingRound]?.find(involves(demoTeam));
  if (!nextMatch) throw new Error('demo team has no upcoming match');
  const opponent = nextMatch.home === demoTeam ? nextMatch.away : nextMatch.home;
  const unreported = demoRounds
    .slice(0, demoLeague.teams.length - 1)
    .flat()
    .find((match) => involves(demoTeam)(match) && involves(opponent)(match));
  const pending = demoRounds[lastPastRound]?.find(involves(demoTeam));
  if (!unreported || !pending || unreported === pending) throw new Error('demo scenario cannot be built');

  const withdraw = (match: MatchPlan) => {
    match.outcome = 'unreported';
    delete match.homeScore;
    delete match.awayScore;
    match.events = [];
    match.squads = [];
  };
  withdraw(unreported);
  pending.outcome = 'pending';
  pending.reporter = pending.home === demoTeam ? pending.away : pending.home;

  // A few more loose ends across the leagues, as on any real weekend.
  for (const league of leagues) {
    const rounds = currentRounds.get(league);
    if (!rounds) continue;
    const last = rounds.length - 4;
    const open = (round: number) =>
      prng.shuffle(
        (rounds[round] ?? []).filter((match) => match.outcome === 'approved' && match !== pending),
      );
    const [pendingOne, unreportedOne] = open(last);
    if (pendingOne) {
      pendingOne.outcome = 'pending';
      pendingOne.reporter = prng.chance(0.5) ? pendingOne.home : pendingOne.away;
    }
    if (unreportedOne && league.blueprint.code !== 'rvsl') withdraw(unreportedOne);
    const [earlierPending] = open(last - 1);
    if (earlierPending && league.blueprint.code === 'ncfl') {
      earlierPending.outcome = 'pending';
      earlierPending.reporter = earlierPending.home;
    }
  }
  return { matches, demoTeam, opponent, unreported, pending };
}

function matchRow(match: MatchPlan, reference: number): Insertable<MatchesTable> {
  const firstKickOff = match.kickOff - match.round * WEEK;
  const createdAt = iso(firstKickOff - 21 * DAY + 9 * HOUR - (firstKickOff % DAY));
  const base = {
    id: match.id,
    league_id: match.leagueId,
    season: match.season,
    match_date: iso(match.kickOff),
    home_team: match.home.id,
    away_team: match.away.id,
    location: match.home.ground,
    reported_by_user: null,
    reviewed_by_user: null,
    created_at: createdAt,
  } satisfies Insertable<MatchesTable>;
  const { reportedAt, reviewedAt } = reportTimes(match.kickOff, reference);
  switch (match.outcome) {
    case 'upcoming':
    case 'unreported':
      return {
        ...base,
        home_score: null,
        away_score: null,
        approved: '',
        reported_by_team: null,
        reported_at: null,
        reviewed_at: null,
        updated_at: createdAt,
      };
    case 'pending':
      return {
        ...base,
        home_score: match.homeScore ?? 0,
        away_score: match.awayScore ?? 0,
        approved: 'PENDING',
        reported_by_team: (match.reporter ?? match.home).id,
        reported_at: iso(reportedAt),
        reviewed_at: null,
        updated_at: iso(reportedAt),
      };
    case 'approved':
      return {
        ...base,
        home_score: match.homeScore ?? 0,
        away_score: match.awayScore ?? 0,
        approved: 'TRUE',
        reported_by_team: match.home.id,
        reported_at: iso(reportedAt),
        reviewed_at: iso(reviewedAt),
        updated_at: iso(reviewedAt),
      };
  }
}

// ---------------------------------------------------------------------------
// News

function planNews(
  prng: Prng,
  leagues: readonly LeaguePlan[],
  matches: readonly MatchPlan[],
  reference: number,
): Insertable<LeagueNewsTable>[] {
  const news: Insertable<LeagueNewsTable>[] = [];
  const players = new Map(
    leagues.flatMap((l) => l.teams.flatMap((t) => t.players.map((p) => [p.id, p] as const))),
  );
  const crest = (team: TeamPlan) => `/api/images/teams/${team.id}.svg`;
  // Never later than "now", never before the final whistle (past games end at least that long before now).
  const publishedAfter = (kickOff: number, hours: number) => {
    const latest = reference - prng.int(45, 300) * MINUTE;
    return iso(Math.max(kickOff + MATCH_LENGTH, Math.min(kickOff + hours * HOUR, latest)));
  };
  const score = (m: MatchPlan) => `${m.homeScore ?? 0}–${m.awayScore ?? 0}`;
  const margin = (m: MatchPlan) => Math.abs((m.homeScore ?? 0) - (m.awayScore ?? 0));

  for (const league of leagues) {
    const played = matches.filter((m) => m.current && m.league === league && m.outcome === 'approved');
    const lastRound = Math.max(...played.map((m) => m.round));
    const current = { league: league.blueprint.name, leagueId: league.currentId };
    /** One story of the league: the template filled in, under the crest of `story.team`. */
    const tell = (
      template: { title: string; description: string },
      values: Readonly<Record<string, string | number>>,
      story: { link: string; team: TeamPlan; published_at: string },
    ) =>
      news.push({
        league_id: league.currentId,
        title: fill(template.title, values),
        link: story.link,
        image: crest(story.team),
        description: fill(template.description, values),
        published_at: story.published_at,
      });
    // Match reports only for clear wins, walking back from the latest round.
    const wanted = league.blueprint.code === 'mwpl' ? 3 : league.blueprint.code === 'ncfl' ? 1 : 0;
    const reported: MatchPlan[] = [];
    for (let round = lastRound; round > lastRound - 5 && reported.length < wanted; round--) {
      const best = played
        .filter((m) => m.round === round)
        .sort((a, b) => margin(b) - margin(a) || a.id - b.id)[0];
      if (best && margin(best) >= 2) reported.push(best);
    }
    for (const [index, best] of reported.entries()) {
      const homeWon = (best.homeScore ?? 0) > (best.awayScore ?? 0);
      const [winner, loser] = homeWon ? [best.home, best.away] : [best.away, best.home];
      const winnerGoals = Math.max(best.homeScore ?? 0, best.awayScore ?? 0);
      const scorerId = best.events.find((e) => e.kind === 'goal' && e.team_id === winner.id)?.player_id;
      const templates = NEWS_TEMPLATES.bigWin;
      const template = (winnerGoals >= 3 ? templates[0] : templates[1 + (index % 2)]) ?? templates[0];
      const values = {
        winner: winner.name,
        loser: loser.name,
        goals: NUMBER_WORDS[winnerGoals] ?? String(winnerGoals),
        score: homeWon ? score(best) : `${best.awayScore ?? 0}–${best.homeScore ?? 0}`,
        ground: best.home.ground,
        scorer: (scorerId && players.get(scorerId)?.name) || winner.name,
      };
      tell(template, values, {
        link: `/match/${best.id}`,
        team: winner,
        published_at: publishedAfter(best.kickOff, 28),
      });
    }

    // A table-topper story from the approved results only, as the standings count them.
    const points = new Map<TeamPlan, { points: number; played: number; diff: number }>();
    for (const team of league.teams) points.set(team, { points: 0, played: 0, diff: 0 });
    for (const m of played) {
      const h = points.get(m.home);
      const a = points.get(m.away);
      if (!h || !a) continue;
      const hs = m.homeScore ?? 0;
      const as = m.awayScore ?? 0;
      h.played++;
      a.played++;
      h.diff += hs - as;
      a.diff += as - hs;
      h.points += hs > as ? 3 : hs === as ? 1 : 0;
      a.points += as > hs ? 3 : hs === as ? 1 : 0;
    }
    const [leader, row] = [...points].sort(([, x], [, y]) => y.points - x.points || y.diff - x.diff)[0] ?? [];
    const lastKickOff = Math.max(...played.filter((m) => m.round === lastRound).map((m) => m.kickOff));
    if (leader && row && league.blueprint.code !== 'rvsl') {
      const values = { team: leader.name, league: current.league, points: row.points, played: row.played };
      tell(NEWS_TEMPLATES.leader[0], values, {
        link: `/leagues/${current.leagueId}`,
        team: leader,
        published_at: publishedAfter(lastKickOff, 42),
      });
    }

    if (league.blueprint.code === 'rvsl') {
      const round = played.filter((m) => m.round === lastRound);
      const best = [...round].sort((a, b) => margin(b) - margin(a) || a.id - b.id)[0];
      if (best) {
        const homeWon = (best.homeScore ?? 0) >= (best.awayScore ?? 0);
        const [winner, loser] = homeWon ? [best.home, best.away] : [best.away, best.home];
        const values = {
          league: current.league,
          winner: winner.name,
          loser: loser.name,
          score: homeWon ? score(best) : `${best.awayScore ?? 0}–${best.homeScore ?? 0}`,
        };
        tell(NEWS_TEMPLATES.roundUp[0], values, {
          link: `/leagues/${current.leagueId}`,
          team: winner,
          published_at: publishedAfter(lastKickOff, 30),
        });
      }
    }

    if (league.blueprint.code === 'mwpl') {
      const signingTeam = prng.pick(league.teams.slice(1));
      const signed = signingTeam.players[signingTeam.players.length - 1];
      if (signed) {
        const values = {
          team: signingTeam.name,
          player: signed.name,
          town: prng.pick(leagues.flatMap((l) => l.blueprint.towns).filter((t) => t !== signingTeam.town)),
        };
        tell(NEWS_TEMPLATES.signing[0], values, {
          link: `/player/${signed.id}`,
          team: signingTeam,
          published_at: iso(reference - prng.int(9, 20) * DAY - prng.int(0, 8) * HOUR),
        });
      }
      const upcoming = matches.filter((m) => m.current && m.league === league && m.outcome === 'upcoming');
      const moved = upcoming[upcoming.length - 1];
      if (moved) {
        const time = iso(moved.kickOff).slice(11, 16);
        const values = { home: moved.home.name, away: moved.away.name, time: `${time} UTC` };
        tell(NEWS_TEMPLATES.fixtureChange[0], values, {
          link: `/match/${moved.id}`,
          team: moved.home,
          published_at: iso(reference - 2 * DAY - prng.int(0, 10) * HOUR),
        });
      }
    }
  }
  return news.sort((a, b) => a.published_at.localeCompare(b.published_at) || a.title.localeCompare(b.title));
}

// ---------------------------------------------------------------------------
// Public API

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const league = await db.selectFrom('leagues').select('league_id').limit(1).executeTakeFirst();
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return league === undefined && user === undefined;
}

/** Fills an empty database with the demo world and writes its pictures under imagesDir. */
export async function seedDemoLeague(db: Db, options: SeedOptions): Promise<DemoSummary> {
  const referenceDate = options.referenceDate ?? new Date();
  const reference = referenceDate.getTime();
  if (!Number.isFinite(reference)) throw new RangeError('seedDemoLeague: referenceDate is not a valid date');
  if (!(await isDatabaseEmpty(db))) throw new Error('seedDemoLeague: the database is not empty');

  const root = createPrng(options.seed ?? DEFAULT_DEMO_SEED);
  const year = referenceDate.getUTCFullYear();
  const allocate = idAllocator();

  const accountNames: Record<DemoEmail, string> = {
    'superadmin@touchline.demo': 'Sam Superadmin',
    'admin@touchline.demo': 'Alex Admin',
    'manager@touchline.demo': 'Morgan Manager',
    'coach@touchline.demo': '',
    'owner@touchline.demo': 'Olivia Owner',
    'player@touchline.demo': '',
    'fan@touchline.demo': 'Frankie Fan',
  };
  // Fixed account ids are claimed first so no generated player can take one.
  const accountIds = new Map<DemoEmail, string>();
  for (const account of DEMO_ACCOUNTS) {
    const name = accountNames[account.email];
    if (name !== '') accountIds.set(account.email, allocate(dottedSlug(name)));
  }

  // The world's "setup day": well before last season's first fixture.
  const firstCalendar = Math.min(...LEAGUE_BLUEPRINTS.map((b) => leagueCalendar(b, reference).firstUpcoming));
  const longestSeason = Math.max(...LEAGUE_BLUEPRINTS.map((b) => 2 * (b.teamCount - 1)));
  const setupDay = Math.floor((firstCalendar - 52 * WEEK - longestSeason * WEEK - 60 * DAY) / DAY) * DAY;

  const ctx: WorldContext = {
    prng: root.fork('clubs'),
    allocate,
    namesInUse: new Map(),
    year,
    allTowns: LEAGUE_BLUEPRINTS.flatMap((b) => b.towns),
  };
  const leagues = planLeagues(ctx, setupDay + 10 * DAY + 10 * HOUR);
  const world = planFixtures(root.fork('fixtures'), leagues, reference, year);
  const news = planNews(root.fork('news'), leagues, world.matches, reference);

  const demoCoach = world.demoTeam.coaches[0];
  const demoPlayer = world.demoTeam.players.find((p) => p.group === 'FW' && p.starter);
  if (!demoCoach || !demoPlayer) throw new Error('demo team has no head coach or starting forward');
  accountIds.set('coach@touchline.demo', demoCoach.id);
  accountIds.set('player@touchline.demo', demoPlayer.id);
  accountNames['coach@touchline.demo'] = demoCoach.name;
  accountNames['player@touchline.demo'] = demoPlayer.name;
  const accountTeams: Partial<Record<DemoEmail, string>> = {
    'coach@touchline.demo': world.demoTeam.id,
    'owner@touchline.demo': world.opponent.id,
    'player@touchline.demo': world.demoTeam.id,
  };

  const salts = root.fork('passwords');
  const users: Insertable<UsersTable>[] = [];
  for (const [index, account] of DEMO_ACCOUNTS.entries()) {
    const id = accountIds.get(account.email);
    if (!id) throw new Error(`no id for ${account.email}`);
    users.push({
      id,
      name: accountNames[account.email],
      email: account.email,
      password_hash: await hashPassword(DEMO_PASSWORD, options.passwordCost, salts.bytes(16)),
      user_type: account.user_type,
      team_id: accountTeams[account.email] ?? null,
      created_at: iso(reference - (90 - index * 9) * DAY - (index + 1) * 37 * MINUTE),
    });
  }

  // Rights: each account's type and team, and the demo league for its league admin.
  const demoLeagueId = world.demoTeam.row.league_id ?? null;
  const membershipRows: Insertable<MembershipsTable>[] = users.flatMap((user) =>
    (user.email === 'admin@touchline.demo'
      ? [{ role: 'league_admin' as const, league_id: demoLeagueId, team_id: null, player_id: null }]
      : membershipsForType(
          user.user_type,
          user.team_id ?? null,
          user.id === demoPlayer.id ? demoPlayer.id : null,
        )
    ).map((m) => ({ user_id: user.id, ...m, created_at: user.created_at })),
  );

  const leagueRows: Insertable<LeaguesTable>[] = [];
  for (const current of [false, true]) {
    for (const league of leagues) {
      const leagueId = current ? league.currentId : league.previousId;
      const first = Math.min(...world.matches.filter((m) => m.leagueId === leagueId).map((m) => m.kickOff));
      leagueRows.push({
        league_id: leagueId,
        league_name: league.blueprint.name,
        season: String(current ? year : year - 1),
        status: current ? 'active' : 'completed',
        location: league.blueprint.location,
        created_at: iso(Math.floor(first / DAY) * DAY - 45 * DAY + 11 * HOUR),
      });
    }
  }

  const teams = leagues.flatMap((league) => league.teams);
  const teamRows = teams.map((team) => team.row);
  const userOfPlayer = new Map([[demoPlayer.id, demoPlayer.id]]);
  const userOfCoach = new Map([[demoCoach.id, demoCoach.id]]);
  const playerRows: Insertable<PlayersTable>[] = teams.flatMap((team) =>
    team.players.map((p) => ({
      id: p.id,
      user_id: userOfPlayer.get(p.id) ?? null,
      team_id: team.id,
      name: p.name,
      number: p.number,
      position: positionOf(p.group),
      position_general: p.group,
      photo_id: `${p.id}.svg`,
      bio: p.bio,
      metrics: '{}',
      created_at: p.createdAt,
    })),
  );
  const coachRows: Insertable<CoachesTable>[] = teams.flatMap((team) =>
    team.coaches.map((c) => ({
      id: c.id,
      user_id: userOfCoach.get(c.id) ?? null,
      team_id: team.id,
      name: c.name,
      role: c.role,
      bio: c.bio,
      photo_id: `${c.id}.svg`,
      created_at: c.createdAt,
    })),
  );
  const matchRows = world.matches.map((match) => matchRow(match, reference));
  const squadRows = world.matches.flatMap((match) => match.squads);
  const eventRows = world.matches.flatMap((match) => match.events);

  await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    if (!(await isDatabaseEmpty(trx))) throw new Error('seedDemoLeague: the database is not empty');
    await insertInBatches(trx, 'leagues', leagueRows, WIDE_BATCH);
    await insertInBatches(trx, 'teams', teamRows, WIDE_BATCH);
    await insertInBatches(trx, 'users', users, WIDE_BATCH);
    await insertInBatches(trx, 'players', playerRows, WIDE_BATCH);
    await insertInBatches(trx, 'coaches', coachRows, WIDE_BATCH);
    await insertInBatches(trx, 'memberships', membershipRows, WIDE_BATCH);
    await insertInBatches(trx, 'matches', matchRows, WIDE_BATCH);
    await insertInBatches(trx, 'match_squads', squadRows, NARROW_BATCH);
    await insertInBatches(trx, 'match_events', eventRows, NARROW_BATCH);
    await insertInBatches(trx, 'league_news', news, WIDE_BATCH);
    // Pictures last but still inside the transaction: if the disk write fails, nothing is committed.
    writeImages(options.imagesDir, teams);
  });

  return {
    referenceDate: referenceDate.toISOString(),
    leagues: leagueRows.length,
    teams: teams.length,
    players: playerRows.length,
    matches: matchRows.length,
    demoTeamId: world.demoTeam.id,
    opponentTeamId: world.opponent.id,
    unreportedMatchId: world.unreported.id,
    pendingMatchId: world.pending.id,
    playerUserId: demoPlayer.id,
    coachUserId: demoCoach.id,
    ownerUserId: accountIds.get('owner@touchline.demo') ?? '',
  };
}

function writeImages(imagesDir: string, teams: readonly TeamPlan[]): void {
  const dirs = {
    teams: path.join(imagesDir, 'teams'),
    players: path.join(imagesDir, 'players'),
    coaches: path.join(imagesDir, 'coaches'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  for (const team of teams) {
    fs.writeFileSync(path.join(dirs.teams, `${team.id}.svg`), crestSvg(team.crest));
    for (const player of team.players)
      fs.writeFileSync(path.join(dirs.players, `${player.id}.svg`), avatarSvg(player.avatar));
    for (const coach of team.coaches)
      fs.writeFileSync(path.join(dirs.coaches, `${coach.id}.svg`), avatarSvg(coach.avatar));
  }
}

export interface FirstAdminOptions {
  email: string;
  password: string;
  name?: string;
  passwordCost?: HashCost;
}

/**
 * Production start-up: a fresh install needs one account that can manage the
 * rest. Does nothing once any user exists, so it is safe to call on every boot.
 */
export async function ensureFirstAdmin(db: Db, options: FirstAdminOptions): Promise<boolean> {
  const email = options.email.trim();
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1)
    throw new Error('ensureFirstAdmin: email must look like name@domain');
  if (options.password.length === 0) throw new Error('ensureFirstAdmin: password must not be empty');
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const local = email.slice(0, at);
  const id = dottedSlug(local) || 'admin';
  const name =
    options.name?.trim() ||
    id
      .split('.')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  // Hashing is slow on purpose, so it happens before the write lock is taken.
  const passwordHash = await hashPassword(options.password, options.passwordCost);
  return db.transaction().execute(async (trx) => {
    const raced = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (raced) return false;
    await trx
      .insertInto('users')
      .values({ id, name, email, password_hash: passwordHash, user_type: 'super_admin', team_id: null })
      .execute();
    await trx
      .insertInto('memberships')
      .values(membershipsForType('super_admin', null).map((m) => ({ user_id: id, ...m })))
      .execute();
    return true;
  });
}
