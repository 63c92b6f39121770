/**
 * Every write endpoint × every role, executed against the app: the server decides
 * from the token alone. Each case runs on a fresh tiny league, and a refused
 * request must leave every table as it was.
 */
import { tableRows } from '../fixtures/checksum';
import { describe, expect, it } from 'vitest';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, type Role, ALL_ROLES } from '../fixtures/auth';
import { insertPlayer, insertTeam } from '../fixtures/factory';

type Matches = Awaited<ReturnType<typeof makeTinyLeagueApp>>['matchIds'];
interface Case {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: (m: Matches) => string;
  body?: unknown;
  /** Expected status per role; roles not listed get 403 (anonymous always 401). */
  allowed: Partial<Record<Role, number>>;
}

const squad = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.x1', 'nt.x2', 'nt.x3'];
const CASES: Case[] = [
  {
    name: 'create team',
    method: 'POST',
    path: () => '/api/teams',
    body: { name: 'New Club', location: 'Newtown' },
    allowed: { superAdmin: 201 },
  },
  { name: 'delete team', method: 'DELETE', path: () => '/api/teams/empty.fc', allowed: { superAdmin: 200 } },
  {
    name: 'add player',
    method: 'POST',
    path: () => '/api/teams/north.town/players',
    body: { name: 'New Kid', position: 'Midfielder', position_general: 'MID', number: 23 },
    allowed: { superAdmin: 201, coach: 201 },
  },
  {
    name: 'delete player',
    method: 'DELETE',
    path: () => '/api/teams/north.town/players/nt.x1',
    allowed: { superAdmin: 200, coach: 200 },
  },
  {
    name: 'update player',
    method: 'PUT',
    path: () => '/api/player/update/nt.def',
    body: { number: 5 },
    allowed: { superAdmin: 200, coach: 200 },
  },
  {
    name: 'save squad',
    method: 'PUT',
    path: (m) => `/api/teams/north.town/matches/${m.m8}/roster`,
    body: { players: squad },
    allowed: { superAdmin: 200, coach: 200 },
  },
  {
    name: 'report result',
    method: 'POST',
    path: (m) => `/api/matches/${m.m7}/report`,
    body: {
      home_score: 1,
      away_score: 0,
      goalscorers: ['wr.fwd'],
      assisters: [],
      goalkeepers: ['wr.gk', 'eu.gk'],
      approved: 'PENDING',
    },
    allowed: { superAdmin: 200, otherCoach: 200, opponentOwner: 200 },
  },
  {
    name: 'approve result',
    method: 'POST',
    path: (m) => `/api/matches/${m.m5}/approve`,
    allowed: { superAdmin: 200, coach: 200 },
  },
  {
    name: 'reject result',
    method: 'POST',
    path: (m) => `/api/matches/${m.m5}/reject`,
    allowed: { superAdmin: 200, coach: 200 },
  },
  {
    name: 'insert table row',
    method: 'POST',
    path: () => '/api/tables/leagues/rows',
    body: { league_id: 'x-26', league_name: 'X League', season: '2026', status: 'active' },
    allowed: { superAdmin: 201 },
  },
  {
    name: 'update table row',
    method: 'PUT',
    path: () => '/api/tables/leagues/rows/tl-25',
    body: { location: 'Elsewhere' },
    allowed: { superAdmin: 200 },
  },
  {
    name: 'delete table row',
    method: 'DELETE',
    path: () => '/api/tables/league_news/rows/1',
    allowed: { superAdmin: 200 },
  },
  // Running a league: the super admin's alone.
  {
    name: 'create league season',
    method: 'POST',
    path: () => '/api/leagues',
    body: {
      league_id: 'tl-27',
      league_name: 'Tiny League',
      season: '2027',
      status: 'upcoming',
      location: '',
    },
    allowed: { superAdmin: 201 },
  },
  {
    name: 'update league',
    method: 'PUT',
    path: () => '/api/leagues/tl-26',
    body: { league_name: 'Tiny League', status: 'completed', location: 'Testshire' },
    allowed: { superAdmin: 200 },
  },
  {
    name: 'set league rules',
    method: 'PUT',
    path: () => '/api/leagues/tl-26/rules',
    body: {
      points: { win: 2, draw: 1, loss: 0 },
      tiebreakers: ['points', 'goal_difference'],
      report_deadline_hours: 48,
      suspensions: { red_card_matches: 2, yellow_card_threshold: 4, yellow_card_matches: 1 },
    },
    allowed: { superAdmin: 200 },
  },
  {
    name: 'deduct points',
    method: 'POST',
    path: () => '/api/leagues/tl-26/deductions',
    body: { team_id: 'north.town', points: 3, reason: 'Late registration' },
    allowed: { superAdmin: 201 },
  },
  {
    name: 'register team for a season',
    method: 'POST',
    path: () => '/api/leagues/tl-26/teams',
    body: { team_id: 'empty.fc' },
    allowed: { superAdmin: 201 },
  },
  {
    name: 'move match',
    method: 'PUT',
    path: (m) => `/api/matches/${m.m8}/schedule`,
    body: { date: '2026-06-27T14:00:00Z', location: 'North Town Park', status: 'scheduled' },
    allowed: { superAdmin: 200 },
  },
];
const ROLES = ALL_ROLES;
const TABLES = [
  'leagues',
  'teams',
  'players',
  'coaches',
  'matches',
  'match_events',
  'match_squads',
  'league_news',
  'users',
  'league_rules',
  'points_deductions',
];

function expected(c: Case, role: Role): number {
  if (role === 'anonymous') return 401;
  return c.allowed[role] ?? 403;
}

describe.each(CASES)('$name', (c) => {
  it.each(ROLES)('as %s', async (role) => {
    const t = await makeTinyLeagueApp();
    try {
      const { db } = t.connection;
      const tokens = await addRoleUsers(db);
      await insertTeam(db, { team_id: 'empty.fc', team_name: 'Empty FC' });
      for (const [i, id] of ['nt.x1', 'nt.x2', 'nt.x3'].entries()) {
        await insertPlayer(db, {
          id,
          name: `Extra ${i}`,
          team_id: 'north.town',
          number: 30 + i,
          position: 'Defender',
        });
      }
      const snapshot = () => tableRows(t.connection, TABLES);
      const before = await snapshot();
      const token = tokens[role];
      const response = await t.app.request(c.path(t.matchIds), {
        method: c.method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        ...(c.body !== undefined && { body: JSON.stringify(c.body) }),
      });
      const body = (await response.json()) as { detail?: unknown };
      const status = expected(c, role);
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (status >= 400) {
        expect(body.detail).toEqual(expect.any(String));
        if (role === 'anonymous') expect(body.detail).toBe('No authentication token found');
        expect(await snapshot()).toEqual(before);
      } else {
        expect(await snapshot()).not.toEqual(before);
      }
    } finally {
      await t.close();
    }
  });
});
