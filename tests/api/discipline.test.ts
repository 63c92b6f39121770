/**
 * Discipline through the API, on both engines: cards in a report count once
 * it is approved; a red card suspends the player for the team's next match, which the
 * suspensions read, the player profile and the discipline table show and the squad
 * write enforces; a postponed match does not serve it; a corrected report recomputes it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { withRoleApp } from '../fixtures/auth';
import { insertPlayer, M7_WIN } from '../fixtures/factory';
import { addExtraPlayers } from './tiny-league';

const { t, call } = withRoleApp();

// East United need seven players for a squad.
beforeEach(async () => {
  await addExtraPlayers(
    t.connection.db,
    { id: 'east.united', name: 'East United', prefix: 'eu' },
    3,
    'Defender',
  );
});

const REPORT = {
  ...M7_WIN,
  yellow_cards: ['wr.mid', 'eu.mid', 'eu.mid'],
  red_cards: ['eu.def'],
};
const EU_SQUAD = ['eu.gk', 'eu.def', 'eu.mid', 'eu.fwd', 'eu.x1', 'eu.x2', 'eu.x3'];

/** West Rangers report m7 (v East United, played) with cards; East United approve it. */
async function approvedCards(report: object = REPORT) {
  const m7 = t.matchIds.m7;
  expect((await call('POST', `/api/matches/${m7}/report`, 'otherCoach', report)).status).toBe(200);
  expect((await call('POST', `/api/matches/${m7}/approve`, 'opponentOwner')).status).toBe(200);
}

const suspensions = async () =>
  (await call('GET', '/api/teams/east.united/suspensions', 'anonymous')).body.suspensions as Record<
    string,
    unknown
  >[];

describe('suspensions from approved cards', () => {
  it('count only once the report is approved, and the match answers carry the cards', async () => {
    const m7 = t.matchIds.m7;
    await call('POST', `/api/matches/${m7}/report`, 'otherCoach', REPORT);
    expect(await suspensions()).toEqual([]);
    expect((await call('GET', `/api/matches/${m7}`, 'anonymous')).body).toMatchObject({
      yellow_cards: ['wr.mid', 'eu.mid', 'eu.mid'],
      red_cards: ['eu.def'],
      player_names: { 'eu.def': 'East United Defender', 'wr.mid': 'West Rangers Midfielder' },
    });
    await call('POST', `/api/matches/${m7}/approve`, 'opponentOwner');
    // A red and a second yellow: both banned from East United's next match (m9), each
    // saying which card (m7, away at West Rangers) and which match (at home to South City).
    const fromM7 = {
      team_id: 'east.united',
      team_name: 'East United',
      matches_remaining: 1,
      match_ids: [t.matchIds.m9],
      card_match: {
        match_id: m7,
        date: '2026-06-14T14:00:00.000Z',
        home: false,
        opponent_id: 'west.rangers',
        opponent_name: 'West Rangers',
      },
      matches: [
        {
          match_id: t.matchIds.m9,
          date: '2026-06-27T14:00:00.000Z',
          home: true,
          opponent_id: 'south.city',
          opponent_name: 'South City',
        },
      ],
    };
    expect(await suspensions()).toEqual([
      { player_id: 'eu.def', name: 'East United Defender', reason: 'Red card', ...fromM7 },
      { player_id: 'eu.mid', name: 'East United Midfielder', reason: 'Two yellow cards', ...fromM7 },
    ]);
    // The league's Discipline tab lists them too.
    expect((await call('GET', '/api/leagues/tl-26/discipline', 'anonymous')).body.suspensions).toEqual(
      await suspensions(),
    );
    expect((await call('GET', '/api/teams/west.rangers/suspensions', 'anonymous')).body).toEqual({
      suspensions: [],
    });
  });

  it('go when the report is rejected, and come back with an approved new one', async () => {
    const m7 = t.matchIds.m7;
    await call('POST', `/api/matches/${m7}/report`, 'otherCoach', REPORT);
    await call('POST', `/api/matches/${m7}/approve`, 'opponentOwner');
    expect(await suspensions()).toHaveLength(2);
    // A super admin's correction makes it pending again; East United reject it.
    await call('POST', `/api/matches/${m7}/report`, 'superAdmin', REPORT);
    expect((await call('POST', `/api/matches/${m7}/reject`, 'opponentOwner')).body).toMatchObject({
      approved: 'FALSE',
    });
    expect(await suspensions()).toEqual([]);
    expect(
      (
        await call('PUT', `/api/teams/east.united/matches/${t.matchIds.m9}/roster`, 'opponentOwner', {
          players: EU_SQUAD,
        })
      ).status,
    ).toBe(200);
    await call('POST', `/api/matches/${m7}/report`, 'otherCoach', { ...REPORT, yellow_cards: [] });
    await call('POST', `/api/matches/${m7}/approve`, 'opponentOwner');
    expect((await suspensions()).map((ban) => ban.player_id)).toEqual(['eu.def']);
  });

  it('refuse a suspended player in the squad for the banned match', async () => {
    await approvedCards();
    const m9 = t.matchIds.m9;
    const refused = await call('PUT', `/api/teams/east.united/matches/${m9}/roster`, 'opponentOwner', {
      players: EU_SQUAD,
    });
    expect(refused).toEqual({
      status: 409,
      body: { detail: 'East United Defender is suspended for this match: Red card' },
    });
    // Without the two banned players (and two more to make seven), the squad is saved.
    await insertPlayer(t.connection.db, {
      id: 'eu.x4',
      name: 'East United Extra 4',
      team_id: 'east.united',
      number: 20,
      position: 'Forward',
    });
    await insertPlayer(t.connection.db, {
      id: 'eu.x5',
      name: 'East United Extra 5',
      team_id: 'east.united',
      number: 21,
      position: 'Forward',
    });
    const seven = ['eu.gk', 'eu.fwd', 'eu.x1', 'eu.x2', 'eu.x3', 'eu.x4', 'eu.x5'];
    expect(
      (await call('PUT', `/api/teams/east.united/matches/${m9}/roster`, 'opponentOwner', { players: seven }))
        .status,
    ).toBe(200);
  });

  it('show on the player profile and in the league discipline table', async () => {
    await approvedCards();
    expect((await call('GET', '/api/player/eu.def', 'anonymous')).body).toMatchObject({
      cards: [
        { league_id: 'tl-26', league_name: 'Tiny League', season: '2026', yellow_cards: 0, red_cards: 1 },
      ],
      suspension: { reason: 'Red card', matches_remaining: 1 },
    });
    expect((await call('GET', '/api/player/wr.mid', 'anonymous')).body).toMatchObject({
      cards: [{ season: '2026', yellow_cards: 1, red_cards: 0 }],
      suspension: null,
    });
    // Reds first, then yellows: the midfielder's second yellow is a red too.
    expect((await call('GET', '/api/leagues/tl-26/discipline', 'anonymous')).body).toMatchObject({
      players: [
        {
          player_id: 'eu.mid',
          name: 'East United Midfielder',
          team_id: 'east.united',
          team_name: 'East United',
          yellow_cards: 2,
          red_cards: 1,
        },
        {
          player_id: 'eu.def',
          name: 'East United Defender',
          team_id: 'east.united',
          team_name: 'East United',
          yellow_cards: 0,
          red_cards: 1,
        },
        {
          player_id: 'wr.mid',
          name: 'West Rangers Midfielder',
          team_id: 'west.rangers',
          team_name: 'West Rangers',
          yellow_cards: 1,
          red_cards: 0,
        },
      ],
    });
    // Another season's record names nobody as banned now.
    expect((await call('GET', '/api/leagues/tl-26/discipline?season=2025', 'anonymous')).body).toEqual({
      players: [],
      suspensions: [],
    });
    expect((await call('GET', '/api/leagues/nope-26/discipline', 'anonymous')).status).toBe(404);
    expect((await call('GET', '/api/teams/nowhere.fc/suspensions', 'anonymous')).status).toBe(404);
  });

  it('are not served by a postponed match, and go when a corrected report drops the card', async () => {
    await approvedCards();
    const m9 = t.matchIds.m9;
    await call('PUT', `/api/matches/${m9}/schedule`, 'superAdmin', {
      date: '2026-06-27T14:00:00Z',
      location: 'East United Park',
      status: 'postponed',
    });
    // No other fixture yet: the ban waits, still one match to serve.
    expect((await suspensions())[0]).toMatchObject({
      player_id: 'eu.def',
      matches_remaining: 1,
      match_ids: [],
    });
    await call('PUT', `/api/matches/${m9}/schedule`, 'superAdmin', {
      date: '2026-06-27T14:00:00Z',
      location: 'East United Park',
      status: 'scheduled',
    });
    // The super admin corrects the result without the cards: it is pending again, then approved.
    const m7 = t.matchIds.m7;
    const corrected = { ...REPORT, yellow_cards: [], red_cards: [] };
    expect((await call('POST', `/api/matches/${m7}/report`, 'superAdmin', corrected)).status).toBe(200);
    await call('POST', `/api/matches/${m7}/approve`, 'opponentOwner');
    expect(await suspensions()).toEqual([]);
  });

  it('refuses impossible cards, changing nothing', async () => {
    const m7 = t.matchIds.m7;
    for (const [cards, detail] of [
      [
        { yellow_cards: ['eu.mid', 'eu.mid', 'eu.mid'] },
        'A player can be shown at most two yellow cards: eu.mid',
      ],
      [{ red_cards: ['eu.def', 'eu.def'] }, 'Red card listed more than once: eu.def'],
      [{ red_cards: ['nt.fwd'] }, 'Unknown player for this match: nt.fwd'],
      [{ yellow_cards: 'eu.mid' }, 'yellow_cards'],
    ] as const) {
      const answer = await call('POST', `/api/matches/${m7}/report`, 'otherCoach', { ...REPORT, ...cards });
      expect(answer.status).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    expect((await call('GET', `/api/matches/${m7}`, 'anonymous')).body).toMatchObject({
      approved: '',
      yellow_cards: [],
      red_cards: [],
    });
  });
});

describe('the fair play tie-breaker', () => {
  it('ranks the team with fewer cards higher once cards exist', async () => {
    await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', {
      points: { win: 3, draw: 1, loss: 0 },
      tiebreakers: ['fair_play'],
      report_deadline_hours: 72,
      suspensions: { red_card_matches: 1, yellow_card_threshold: 5, yellow_card_matches: 1 },
    });
    await approvedCards();
    const table = (await call('GET', '/api/leagues/tl-26/table', 'anonymous')).body;
    const rows = table.standings as { team_id: string; position: number }[];
    const at = (id: string) => rows.find((row) => row.team_id === id)?.position ?? 0;
    // East United: three cards (two yellows and a red); West Rangers: one; the others none.
    expect(at('east.united')).toBe(4);
    expect(at('west.rangers')).toBe(3);
    expect(at('north.town')).toBe(1);
    expect((table.reasons as unknown[])[2]).toEqual({
      criterion: 'fair_play',
      above: 1,
      below: 3,
      level_on_points: null,
    });
  });
});
