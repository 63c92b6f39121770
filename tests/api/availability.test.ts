/**
 * Who can play, over the API and on both engines: a team's answers for a match, a
 * player answering until the deadline and staff after it, stale answers after a move,
 * suspended players marked, "My matches", and every refusal with its status and detail,
 * changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { addLeagueAdmin, tokenFor, withRoleApp } from '../fixtures/auth';
import { sendRequest } from '../fixtures/request';
import { insertPlayer, updateMatch, updateTeam } from '../fixtures/factory';

const { t, call } = withRoleApp();

/** North Town's next match in the tiny league (20 June, 14:00 UTC; the clock reads 15 June, 12:00). */
const next = () => t.matchIds.m8;
const answersOf = (role: Parameters<typeof call>[2] = 'coach', team = 'north.town') =>
  call('GET', `/api/matches/${next()}/availability?team_id=${team}`, role);

interface Row {
  player_id: string;
  answer: string | null;
  note: string;
  answered_at: string | null;
  stale: boolean;
  suspended: boolean;
}

/** Makes the role's user the roster player `playerId`, as an accepted invitation does. */
async function becomePlayer(playerId: string, userId = 'u.player') {
  const db = t.connection.db;
  await db.updateTable('players').set({ user_id: userId }).where('id', '=', playerId).execute();
}

describe('GET /api/matches/{id}/availability', () => {
  it('lists the roster by shirt number, nobody answered yet, with the deadline', async () => {
    const { status, body } = await answersOf();
    expect(status).toBe(200);
    expect(body.team_id).toBe('north.town');
    expect(body.match_id).toBe(next());
    // 24 hours before the 14:00 kick-off, by default.
    expect(body.deadline).toBe('2026-06-19T14:00:00.000Z');
    const players = body.players as Row[];
    expect(players.length).toBeGreaterThan(3);
    expect(players.every((row) => row.answer === null && row.answered_at === null && !row.stale)).toBe(true);
    expect(body.counts).toEqual({ available: 0, maybe: 0, unavailable: 0, no_answer: players.length });
  });

  it("is for the team's staff and its league's admins only", async () => {
    for (const role of ['coach', 'superAdmin'] as const) {
      expect((await answersOf(role)).status, role).toBe(200);
    }
    const db = t.connection.db;
    await addLeagueAdmin(db, { id: 'u.secretary' }, 'tl-26');
    const asSecretary = await sendRequest(
      t.app,
      'GET',
      `/api/matches/${next()}/availability?team_id=north.town`,
      {
        token: await tokenFor(db, 'u.secretary'),
      },
    );
    expect(asSecretary.status).toBe(200);
    for (const role of ['player', 'fan', 'otherCoach', 'opponentOwner'] as const) {
      const { status, body } = await answersOf(role);
      expect(status, role).toBe(403);
      expect(body.detail, role).toMatch(/coach or owner/);
    }
    expect((await answersOf('anonymous')).status).toBe(401);
  });

  it('refuses a team that does not play the match, an unknown match and bad ids', async () => {
    expect((await answersOf('superAdmin', 'south.city')).status).toBe(404);
    expect((await call('GET', '/api/matches/999999/availability?team_id=north.town', 'coach')).status).toBe(
      404,
    );
    const noTeam = await call('GET', `/api/matches/${next()}/availability`, 'coach');
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.detail).toMatch(/team_id/);
    expect((await call('GET', '/api/matches/abc/availability?team_id=north.town', 'coach')).status).toBe(400);
  });
});

describe('PUT /api/matches/{id}/availability/{player_id}', () => {
  const answer = (playerId: string, body: unknown, role: Parameters<typeof call>[2] = 'player') =>
    call('PUT', `/api/matches/${next()}/availability/${playerId}`, role, body, `key-${Math.random()}`);

  it('lets a player answer for themself, with a note, and the coach sees it counted', async () => {
    await becomePlayer('nt.fwd');
    const { status, body } = await answer('nt.fwd', { answer: 'maybe', note: '  Back from holiday Friday ' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      player_id: 'nt.fwd',
      answer: 'maybe',
      note: 'Back from holiday Friday',
      answered_at: '2026-06-15T12:00:00.000Z',
      stale: false,
      suspended: false,
    });
    const { body: view } = await answersOf();
    expect((view.counts as Record<string, number>).maybe).toBe(1);
    expect((view.players as Row[]).find((row) => row.player_id === 'nt.fwd')?.note).toBe(
      'Back from holiday Friday',
    );
    // Answering again replaces the answer; without a note the note stays, "" clears it.
    expect((await answer('nt.fwd', { answer: 'available' })).body).toMatchObject({
      answer: 'available',
      note: 'Back from holiday Friday',
    });
    expect((await answer('nt.fwd', { answer: 'available', note: '' })).body.note).toBe('');
  });

  it('lets staff answer for any player of their team, and nobody else', async () => {
    expect((await answer('nt.gk', { answer: 'unavailable' }, 'coach')).status).toBe(200);
    expect((await answer('nt.gk', { answer: 'available' }, 'superAdmin')).status).toBe(200);
    await becomePlayer('nt.fwd');
    for (const role of ['player', 'fan', 'otherCoach', 'opponentOwner'] as const) {
      const { status, body } = await answer('nt.gk', { answer: 'maybe' }, role);
      expect(status, role).toBe(403);
      expect(body.detail, role).toMatch(/Only the player/);
    }
    expect((await answer('nt.gk', { answer: 'maybe' }, 'anonymous')).status).toBe(401);
    const row = ((await answersOf()).body.players as Row[]).find((line) => line.player_id === 'nt.gk');
    expect(row?.answer).toBe('available');
  });

  it('closes for players at the deadline, not for staff', async () => {
    await becomePlayer('nt.fwd');
    // Answers close 6 days before: already closed on the 15th for the 20th.
    await updateTeam(t.connection.db, 'north.town', { availability_deadline_hours: 144 });
    const late = await answer('nt.fwd', { answer: 'available' });
    expect(late.status).toBe(403);
    expect(late.body.detail).toBe('Answers for this match have closed: tell your coach');
    expect((await answer('nt.fwd', { answer: 'available' }, 'coach')).status).toBe(200);
    expect((await answersOf()).body.deadline).toBe('2026-06-14T14:00:00.000Z');
  });

  it('marks an answer stale when the match moves, until the player answers again', async () => {
    await becomePlayer('nt.fwd');
    await answer('nt.fwd', { answer: 'available' });
    const db = t.connection.db;
    const match = await db
      .selectFrom('matches')
      .select('schedule_sequence')
      .where('id', '=', next())
      .executeTakeFirstOrThrow();
    await updateMatch(db, next(), {
      match_date: '2026-06-21T10:00:00.000Z',
      schedule_sequence: match.schedule_sequence + 1,
    });
    const moved = (await answersOf()).body.players as Row[];
    expect(moved.find((row) => row.player_id === 'nt.fwd')).toMatchObject({
      answer: 'available',
      stale: true,
    });
    expect((await answer('nt.fwd', { answer: 'available' })).body.stale).toBe(false);
  });

  it('refuses a match that has kicked off, has a report or is postponed', async () => {
    const db = t.connection.db;
    await updateMatch(db, next(), { status: 'postponed' });
    expect((await answer('nt.gk', { answer: 'available' }, 'coach')).body.detail).toMatch(/postponed/);
    await updateMatch(db, next(), {
      status: 'scheduled',
      approved: 'PENDING',
      reported_by_team: 'north.town',
      home_score: 1,
      away_score: 0,
    });
    expect((await answer('nt.gk', { answer: 'available' }, 'coach')).status).toBe(409);
    await updateMatch(db, next(), {
      approved: '',
      reported_by_team: null,
      home_score: null,
      away_score: null,
      match_date: '2026-06-15T11:00:00.000Z',
    });
    const kicked = await answer('nt.gk', { answer: 'available' }, 'coach');
    expect(kicked.status).toBe(409);
    expect(kicked.body.detail).toBe('This match has kicked off');
    expect(((await answersOf()).body.players as Row[]).every((row) => row.answer === null)).toBe(true);
  });

  it('refuses bad input with a detail and changes nothing', async () => {
    await becomePlayer('nt.fwd');
    for (const [body, field] of [
      [{ answer: 'yes' }, /answer/],
      [{}, /answer/],
      [{ answer: 'available', note: 'x'.repeat(201) }, /note/],
      [{ answer: 'available', note: 5 }, /note/],
      [{ answer: 'available', extra: true }, /extra|Unrecognized/],
    ] as const) {
      const { status, body: answerBody } = await answer('nt.fwd', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answerBody.detail, JSON.stringify(body)).toMatch(field);
    }
    expect((await answer('nobody.here', { answer: 'available' }, 'coach')).status).toBe(404);
    // A player of a team that does not play the match.
    expect((await answer('sc.gk', { answer: 'available' }, 'superAdmin')).status).toBe(404);
    expect(((await answersOf()).body.counts as Record<string, number>).available).toBe(0);
  });

  it('marks players banned from the match as suspended', async () => {
    const db = t.connection.db;
    // A red card in North Town's last match (m5, its result approved) bans for the next: m8.
    await updateMatch(db, t.matchIds.m5, { approved: 'TRUE' });
    await db
      .insertInto('match_cards')
      .values({ match_id: t.matchIds.m5, team_id: 'north.town', player_id: 'nt.def', card: 'red' })
      .execute();
    const rows = (await answersOf()).body.players as Row[];
    expect(rows.find((row) => row.player_id === 'nt.def')?.suspended).toBe(true);
    expect(rows.find((row) => row.player_id === 'nt.gk')?.suspended).toBe(false);
  });
});

describe('GET /api/me/matches', () => {
  it("lists the signed-in player's upcoming matches with their answers", async () => {
    await becomePlayer('nt.fwd');
    await call(
      'PUT',
      `/api/matches/${next()}/availability/nt.fwd`,
      'player',
      { answer: 'unavailable', note: 'Wedding' },
      'k1',
    );
    const { status, body } = await call('GET', '/api/me/matches', 'player');
    expect(status).toBe(200);
    expect(body.player_id).toBe('nt.fwd');
    const matches = body.matches as (Row & { match_id: number; team_id: string; deadline: string })[];
    expect(matches.map((match) => match.match_id)).toEqual([next()]);
    expect(matches[0]).toMatchObject({
      team_id: 'north.town',
      answer: 'unavailable',
      note: 'Wedding',
      deadline: '2026-06-19T14:00:00.000Z',
      stale: false,
    });
  });

  it('is empty for someone who is no player, and refuses the signed out', async () => {
    expect((await call('GET', '/api/me/matches', 'fan')).body).toEqual({ player_id: null, matches: [] });
    expect((await call('GET', '/api/me/matches', 'anonymous')).status).toBe(401);
  });

  it('follows the player to a new team', async () => {
    await insertPlayer(t.connection.db, {
      id: 'wr.new',
      name: 'New Ranger',
      team_id: 'west.rangers',
      number: 77,
      position: 'Forward',
    });
    await becomePlayer('wr.new');
    const { body } = await call('GET', '/api/me/matches', 'player');
    expect((body.matches as { team_id: string }[]).every((match) => match.team_id === 'west.rangers')).toBe(
      true,
    );
  });
});

describe('personal links', () => {
  const links = async (role: Parameters<typeof call>[2] = 'coach', team = 'north.town') =>
    call('GET', `/api/teams/${team}/availability-links`, role);
  const linkOf = async (playerId: string) => {
    const list = (await links()).body.links as { player_id: string; link: string }[];
    const link = list.find((entry) => entry.player_id === playerId)?.link ?? '';
    return { link, token: link.slice(link.lastIndexOf('/') + 1) };
  };
  const answerWith = (token: string, playerId: string, body: unknown) =>
    sendRequest(t.app, 'PUT', `/api/matches/${next()}/availability/${playerId}?token=${token}`, {
      json: body,
    });

  it('gives staff one link per rostered player, the same each time, kept only as a hash', async () => {
    const { status, body } = await links();
    expect(status).toBe(200);
    const list = body.links as { player_id: string; name: string; number: number; link: string }[];
    const roster = ((await answersOf()).body.players as Row[]).map((row) => row.player_id);
    expect(list.map((entry) => entry.player_id)).toEqual(roster);
    expect(list[0]?.link).toMatch(/^http:\/\/localhost:\d+\/availability\/[A-Za-z0-9_-]{43}$/);
    expect(new Set(list.map((entry) => entry.link)).size).toBe(list.length);
    expect((await links()).body.links).toEqual(list);
    const stored = await t.connection.db.selectFrom('availability_links').selectAll().execute();
    expect(stored).toHaveLength(list.length);
    const tokens = list.map((entry) => entry.link.slice(-43));
    expect(stored.every((row) => !tokens.includes(row.token_hash) && row.token_hash.length === 64)).toBe(
      true,
    );
  });

  it("is for the team's staff only", async () => {
    for (const role of ['player', 'fan', 'otherCoach', 'opponentOwner'] as const) {
      expect((await links(role)).status, role).toBe(403);
    }
    expect((await links('anonymous')).status).toBe(401);
    expect((await links('coach', 'no.such')).status).toBe(404);
    expect((await links('superAdmin')).status).toBe(200);
  });

  it('opens the player’s matches and answers for that player only, without an account', async () => {
    const { token } = await linkOf('nt.fwd');
    const page = await sendRequest(t.app, 'GET', `/api/availability/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const body = page.body as { player_id: string; team_name: string; matches: { match_id: number }[] };
    expect(body).toMatchObject({ player_id: 'nt.fwd', team_id: 'north.town', team_name: 'North Town' });
    expect(body.matches[0]?.match_id).toBe(next());

    const answered = await answerWith(token, 'nt.fwd', { answer: 'unavailable', note: 'Wedding' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ player_id: 'nt.fwd', answer: 'unavailable', note: 'Wedding' });
    const row = await t.connection.db
      .selectFrom('availability')
      .selectAll()
      .where('player_id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(row.answered_by).toBeNull();

    const other = await answerWith(token, 'nt.gk', { answer: 'available' });
    expect(other.status).toBe(403);
    expect((other.body as { detail: string }).detail).toMatch(/Only the player/);
    // The same answer again changes nothing, not even when it was given.
    const later = await answerWith(token, 'nt.fwd', { answer: 'unavailable', note: 'Wedding' });
    expect(later.status).toBe(200);
    expect((later.body as Row).answered_at).toBe(row.answered_at);
  });

  it('stops working once revoked, and the player gets a new one', async () => {
    const { token } = await linkOf('nt.fwd');
    const revoked = await call('DELETE', '/api/teams/north.town/availability-links/nt.fwd', 'coach');
    expect(revoked.status).toBe(204);
    const old = await sendRequest(t.app, 'GET', `/api/availability/${token}`);
    expect(old.status).toBe(401);
    expect((old.body as { detail: string }).detail).toBe(
      'This link no longer works: ask your coach for a new one',
    );
    const write = await answerWith(token, 'nt.fwd', { answer: 'available' });
    expect(write.status).toBe(401);
    expect(
      await t.connection.db
        .selectFrom('availability')
        .selectAll()
        .where('player_id', '=', 'nt.fwd')
        .execute(),
    ).toEqual([]);
    const fresh = await linkOf('nt.fwd');
    expect(fresh.token).not.toBe(token);
    expect((await sendRequest(t.app, 'GET', `/api/availability/${fresh.token}`)).status).toBe(200);
    const audit = await t.connection.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'availability.link.revoke')
      .execute();
    expect(audit).toEqual([{ action: 'availability.link.revoke', entity_id: 'nt.fwd' }]);
  });

  it('refuses revoking for others, players of other teams, and made-up tokens', async () => {
    expect(
      (await call('DELETE', '/api/teams/north.town/availability-links/nt.fwd', 'otherCoach')).status,
    ).toBe(403);
    expect((await call('DELETE', '/api/teams/north.town/availability-links/sc.gk', 'coach')).status).toBe(
      404,
    );
    for (const token of ['x'.repeat(43), 'short', 'a%20b', 'y'.repeat(300)]) {
      const { status, body } = await sendRequest(t.app, 'GET', `/api/availability/${token}`);
      expect(status, token).toBe(401);
      expect((body as { detail: string }).detail, token).toMatch(/no longer works/);
    }
  });
});

describe('a match that moves', () => {
  it('tells the players who answered to confirm, once, and their answers wait for it', async () => {
    await becomePlayer('nt.fwd');
    const put = (playerId: string, role: Parameters<typeof call>[2]) =>
      call(
        'PUT',
        `/api/matches/${next()}/availability/${playerId}`,
        role,
        { answer: 'available' },
        `k-${playerId}`,
      );
    await put('nt.fwd', 'player');
    await put('nt.gk', 'coach'); // no account: nobody to tell
    const moved = await call(
      'PUT',
      `/api/matches/${next()}/schedule`,
      'superAdmin',
      { date: '2026-06-21T10:00:00Z', location: 'North Town Park', status: 'scheduled' },
      'move-1',
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const { body } = await call('GET', '/api/notifications', 'player');
    const notices = (body.notifications as { title: string; body: string; link: string }[]).filter((n) =>
      n.title.startsWith('Match moved'),
    );
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'Match moved: confirm you can play',
        body: expect.stringContaining('Date changed — please confirm'),
        link: '/main',
      }),
    ]);
    const mine = (await call('GET', '/api/me/matches', 'player')).body.matches as { stale: boolean }[];
    expect(mine[0]?.stale).toBe(true);
    // The coach hears of it in the staff's words, not the players'.
    const coach = (await call('GET', '/api/notifications', 'coach')).body.notifications as {
      title: string;
    }[];
    expect(coach.map((n) => n.title)).toContain('Match moved');
    expect(coach.map((n) => n.title)).not.toContain('Match moved: confirm you can play');
  });
});

describe('PUT /api/teams/{id}/availability-settings', () => {
  const set = (body: unknown, role: Parameters<typeof call>[2] = 'coach', team = 'north.town') =>
    call('PUT', `/api/teams/${team}/availability-settings`, role, body, `s-${Math.random()}`);

  it("sets when the team's answers close, for its staff only", async () => {
    expect((await set({ deadline_hours: 48 })).body).toEqual({ deadline_hours: 48 });
    const { body } = await answersOf();
    expect(body.deadline_hours).toBe(48);
    expect(body.deadline).toBe('2026-06-18T14:00:00.000Z');
    expect((await set({ deadline_hours: 0 }, 'superAdmin')).status).toBe(200);
    for (const role of ['player', 'fan', 'otherCoach'] as const) {
      expect((await set({ deadline_hours: 12 }, role)).status, role).toBe(403);
    }
    expect((await set({ deadline_hours: 12 }, 'superAdmin', 'nowhere.fc')).status).toBe(404);
    expect((await answersOf()).body.deadline_hours).toBe(0);
  });

  it('refuses hours that are no whole number from 0 to 336', async () => {
    for (const hours of [-1, 337, 1.5, '24', null]) {
      const { status, body } = await set({ deadline_hours: hours });
      expect(status, String(hours)).toBe(400);
      expect(body.detail, String(hours)).toMatch(/deadline_hours/);
    }
    expect((await answersOf()).body.deadline_hours).toBe(24);
  });
});
