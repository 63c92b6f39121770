import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CoachSchema, PlayerProfileSchema } from '../../api/schemas';
import { insertCoach, insertPlayer } from '../fixtures/factory';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';
import { coachRow, NT_FORWARD, tinyTeam } from '../fixtures/tables';

const t = withFixture(() => makeTinyLeagueApp());
beforeAll(async () => {
  const { db } = t.connection;
  await db
    .insertInto('users')
    .values({
      id: 'acct.42',
      name: 'Linked',
      email: 'l@x.io',
      password_hash: 'x',
      user_type: 'player',
      team_id: 'north.town',
    })
    .execute();
  await insertPlayer(db, {
    id: 'linked.player',
    name: 'Linked Player',
    team_id: 'north.town',
    number: 11,
    position: 'Forward',
    user_id: 'acct.42',
  });
  await insertCoach(db, {
    id: 'mary.jones',
    name: 'Mary Jones',
    team_id: 'south.city',
    role: 'Assistant Coach',
    bio: 'UEFA B licence.',
  });
});

describe('GET /api/player/{id} and /api/players/{id}', () => {
  it('answers the profile with metrics per season from approved results only', async () => {
    for (const route of ['player', 'players']) {
      const { status, body } = await t.get(`/api/${route}/nt.fwd`);
      expect(status, route).toBe(200);
      // nt.fwd's 4 goals in the PENDING match do not count.
      expect(PlayerProfileSchema.parse(body)).toEqual({
        ...NT_FORWARD,
        metrics: { '2026': { goals: 2, assists: 1, shutouts: 0, matches: 2 } },
        cards: [],
        suspension: null,
      });
    }
    expect((await t.get('/api/player/sc.fwd')).body).toMatchObject({
      metrics: {
        '2025': { goals: 1, assists: 0, shutouts: 0, matches: 1 },
        '2026': { goals: 3, assists: 0, shutouts: 0, matches: 2 },
      },
    });
    expect((await t.get('/api/player/eu.gk')).body).toMatchObject({
      metrics: { '2026': { goals: 0, assists: 0, shutouts: 1, matches: 2 } },
    });
    expect((await t.get('/api/player/wr.fwd')).body).toMatchObject({
      metrics: { '2026': { goals: 1, assists: 0, shutouts: 0, matches: 1 } },
    });
  });

  it('finds a player by the linked account id too', async () => {
    expect((await t.get('/api/player/acct.42')).body).toMatchObject({
      id: 'linked.player',
      user_id: 'acct.42',
    });
  });

  it('answers 404 for an unknown player', async () => {
    expect(await t.get('/api/players/nobody.here')).toMatchObject({
      status: 404,
      body: { detail: 'Player not found' },
    });
  });
});

describe('GET /api/coaches/{userId}', () => {
  it('reads hyphens as dots and answers a list', async () => {
    for (const id of ['mary-jones', 'mary.jones']) {
      const { status, body } = await t.get(`/api/coaches/${id}`);
      expect(status, id).toBe(200);
      expect(z.array(CoachSchema).parse(body)).toEqual([
        coachRow(
          'mary.jones',
          'Mary Jones',
          'Assistant Coach',
          'UEFA B licence.',
          tinyTeam('south.city', 'South City'),
        ),
      ]);
    }
    expect(await t.get('/api/coaches/no-one')).toMatchObject({
      status: 404,
      body: { detail: 'Coach not found' },
    });
  });
});
