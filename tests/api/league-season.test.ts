/**
 * Running a season through the API, on both engines: registering teams,
 * generating fixtures (dry run, create, replace the unplayed), moving and postponing a
 * match, with every refusal changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { withRoleApp, type Role } from '../fixtures/auth';
import { insertTeam, M7_WIN, NEW_SEASON } from '../fixtures/factory';

const { t, call } = withRoleApp();

/** tl-27 with `count` new teams registered (c1..cN, "Club 1" at "Ground 1"; the last has no ground). */
async function seasonWithTeams(count: number): Promise<string[]> {
  expect((await call('POST', '/api/leagues', 'superAdmin', NEW_SEASON)).status).toBe(201);
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `c${n}`;
    await insertTeam(t.connection.db, {
      team_id: id,
      team_name: `Club ${n}`,
      league_id: null,
      location: n === count ? '' : `Ground ${n}`,
    });
    expect((await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: id })).status).toBe(201);
    ids.push(id);
  }
  return ids;
}

const matchCount = async (leagueId: string) =>
  (
    await t.connection.db
      .selectFrom('matches')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('league_id', '=', leagueId)
      .executeTakeFirstOrThrow()
  ).n;

const actions = async (action: string) =>
  (await t.connection.db.selectFrom('audit_log').select('action').where('action', '=', action).execute())
    .length;

describe('POST and DELETE /api/leagues/{leagueId}/teams', () => {
  it('registers a team from a completed league, refuses one still playing, and removes a team without matches', async () => {
    expect((await call('POST', '/api/leagues', 'superAdmin', NEW_SEASON)).status).toBe(201);
    const still = await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: 'north.town' });
    expect(still.status).toBe(409);
    expect(still.body.detail).toBe(
      'North Town plays in Tiny League 2026, which is not completed: complete that league or remove the team from it first',
    );
    await call('PUT', '/api/leagues/tl-26', 'superAdmin', {
      league_name: 'Tiny League',
      status: 'completed',
      location: 'Testshire',
    });
    const moved = await call(
      'POST',
      '/api/leagues/tl-27/teams',
      'superAdmin',
      { team_id: 'north.town' },
      'r1',
    );
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({
      team_id: 'north.town',
      league_id: 'tl-27',
      league_name: 'Tiny League',
    });
    // The same key replays; a second registration without one is a conflict.
    expect(
      await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: 'north.town' }, 'r1'),
    ).toEqual(moved);
    expect(
      (await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: 'north.town' })).body,
    ).toEqual({
      detail: 'North Town is already registered for Tiny League 2027',
    });
    // The new season's table lists it before it has played; the old season keeps its results.
    const table = await call('GET', '/api/leagues/tl-27/table', 'anonymous');
    expect((table.body.standings as { team_id: string }[]).map((row) => row.team_id)).toEqual(['north.town']);
    const old = await call('GET', '/api/leagues/tl-26/table', 'anonymous');
    expect((old.body.standings as unknown[]).length).toBe(4);

    const removed = await call('DELETE', '/api/leagues/tl-27/teams/north.town');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ team_id: 'north.town', league_id: null });
    expect((await call('DELETE', '/api/leagues/tl-27/teams/north.town')).status).toBe(404);
    expect(await actions('league.team_registered')).toBe(1);
    expect(await actions('league.team_removed')).toBe(1);
  });

  it('asks before withdrawing a team with fixtures, and refuses unknown teams, bad bodies and other roles', async () => {
    // Withdrawing a team with fixtures asks first (tests/api/withdraw.test.ts).
    const busy = await call('DELETE', '/api/leagues/tl-26/teams/north.town');
    expect(busy).toMatchObject({
      status: 409,
      body: {
        detail:
          'Withdrawing North Town from Tiny League 2026 deletes its 1 upcoming fixture; played matches stay on record. Confirm to withdraw',
        fixtures: [{ id: t.matchIds.m8 }],
      },
    });
    const refusals: [unknown, string][] = [
      [{ team_id: 'nowhere.fc' }, "Invalid field 'team_id': no team has the id 'nowhere.fc'"],
      [{}, 'team_id'],
      [{ team_id: 'north.town', extra: 1 }, 'extra'],
      [{ team_id: 42 }, 'team_id'],
    ];
    for (const [body, detail] of refusals) {
      const answer = await call('POST', '/api/leagues/tl-26/teams', 'superAdmin', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    expect(
      (await call('POST', '/api/leagues/nope-26/teams', 'superAdmin', { team_id: 'north.town' })).status,
    ).toBe(404);
    for (const role of ['anonymous', 'coach', 'opponentOwner', 'admin'] as Role[]) {
      const status = role === 'anonymous' ? 401 : 403;
      expect((await call('POST', '/api/leagues/tl-26/teams', role, { team_id: 'north.town' })).status).toBe(
        status,
      );
      expect((await call('DELETE', '/api/leagues/tl-26/teams/north.town', role)).status).toBe(status);
    }
    const team = await t.connection.db
      .selectFrom('teams')
      .select('league_id')
      .where('team_id', '=', 'north.town')
      .executeTakeFirstOrThrow();
    expect(team.league_id).toBe('tl-26');
  });
});

describe('POST /api/leagues/{leagueId}/fixtures', () => {
  const BODY = {
    start_date: '2027-03-06',
    kickoff_time: '15:00',
    interval_days: 7,
    rounds: 1,
    dry_run: true,
    time_zone: 'Europe/London',
  };

  it('previews a round robin of six teams, writes nothing, then creates it in one go', async () => {
    const teams = await seasonWithTeams(6);
    const preview = await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', BODY);
    expect(preview.status).toBe(200);
    const planned = preview.body.matches as Record<string, unknown>[];
    expect(planned).toHaveLength(15);
    expect(preview.body.removed).toBe(0);
    expect(await matchCount('tl-27')).toBe(0);
    // Five match days a week apart at 15:00 in London: GMT, then BST from 28 March.
    expect([...new Set(planned.map((m) => m.match_date))]).toEqual([
      '2027-03-06T15:00:00.000Z',
      '2027-03-13T15:00:00.000Z',
      '2027-03-20T15:00:00.000Z',
      '2027-03-27T15:00:00.000Z',
      '2027-04-03T14:00:00.000Z',
    ]);
    for (let round = 1; round <= 5; round++) {
      const day = planned.filter((m) => m.round === round);
      expect(new Set(day.flatMap((m) => [m.home_team, m.away_team])).size).toBe(6);
    }
    const pairs = new Set(planned.map((m) => [m.home_team, m.away_team].sort().join('|')));
    expect(pairs.size).toBe(15);
    for (const m of planned) {
      const n = String(m.home_team).slice(1);
      // The home team's ground; the league's place for the team that has none.
      expect(m.location).toBe(m.home_team === teams.at(-1) ? 'Testshire' : `Ground ${n}`);
      expect(m.id).toBeNull();
    }

    const created = await call(
      'POST',
      '/api/leagues/tl-27/fixtures',
      'superAdmin',
      { ...BODY, dry_run: false },
      'gen',
    );
    expect(created.status).toBe(201);
    const ids = (created.body.matches as { id: number }[]).map((m) => m.id);
    expect(ids.every((id) => Number.isInteger(id))).toBe(true);
    expect((created.body.matches as unknown[]).map((m) => ({ ...(m as object), id: null }))).toEqual(planned);
    // Replayed by its key: the same answer, nothing more written.
    expect(
      await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', { ...BODY, dry_run: false }, 'gen'),
    ).toEqual(created);
    expect(await matchCount('tl-27')).toBe(15);
    const listed = await call('GET', '/api/leagues/tl-27/matches', 'anonymous');
    const matches = listed.body.matches as Record<string, unknown>[];
    expect(matches).toHaveLength(15);
    expect(matches.every((m) => m.status === 'scheduled' && m.approved === '' && m.season === '2027')).toBe(
      true,
    );
    expect(await actions('league.fixtures')).toBe(1);

    // Again: the season has matches now.
    const again = await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', {
      ...BODY,
      dry_run: false,
    });
    expect(again).toEqual({
      status: 409,
      body: {
        detail:
          'The 2027 season of Tiny League already has 15 matches: keep them, or choose to replace its 15 upcoming fixtures',
      },
    });
  });

  it('replaces only the matches without a report, keeping each reported one as its fixture', async () => {
    const body = { ...BODY, start_date: '2026-07-04', rounds: 2, dry_run: false, replace_unplayed: true };
    const answer = await call('POST', '/api/leagues/tl-26/fixtures', 'superAdmin', body);
    expect(answer.status).toBe(201);
    // Six reported matches stay (m1-m6), the three unplayed go; a double round robin of four is 12.
    expect(answer.body.removed).toBe(3);
    expect((answer.body.matches as unknown[]).length).toBe(6);
    const rows = await t.connection.db
      .selectFrom('matches')
      .select(['id', 'home_team', 'away_team'])
      .where('league_id', '=', 'tl-26')
      .execute();
    expect(rows).toHaveLength(12);
    for (const id of [t.matchIds.m1, t.matchIds.m6]) expect(rows.some((row) => row.id === id)).toBe(true);
    for (const id of [t.matchIds.m7, t.matchIds.m8, t.matchIds.m9]) {
      expect(rows.some((row) => row.id === id)).toBe(false);
    }
    // Every ordered pair once: each pair twice, home and away once each.
    expect(new Set(rows.map((row) => `${row.home_team}>${row.away_team}`)).size).toBe(12);
  });

  it('refuses bad bodies, a league without two teams and other roles, writing nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ ...BODY, rounds: 3 }, "Invalid field 'rounds'"],
      [{ ...BODY, interval_days: 0 }, 'must be at least 1'],
      [{ ...BODY, interval_days: 1.5 }, 'must be a whole number of days'],
      [{ ...BODY, start_date: '2027-02-29' }, 'is not a day of the calendar'],
      [{ ...BODY, start_date: '6 March' }, 'must be a date such as 2027-03-06'],
      [{ ...BODY, kickoff_time: '24:00' }, 'must be a time from 00:00 to 23:59'],
      [{ ...BODY, time_zone: 'Mars/Olympus' }, 'must be a time zone name'],
      [{ ...BODY, dry_run: 'yes' }, 'must be true or false'],
      [{ ...BODY, extra: true }, 'extra'],
      [{ start_date: '2027-03-06' }, 'kickoff_time'],
    ];
    for (const [body, detail] of refusals) {
      const answer = await call('POST', '/api/leagues/tl-26/fixtures', 'superAdmin', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    await seasonWithTeams(1);
    expect(await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', BODY)).toEqual({
      status: 409,
      body: { detail: 'Register at least two teams for Tiny League 2027 to generate fixtures' },
    });
    for (const role of ['anonymous', 'coach', 'opponentOwner', 'admin'] as Role[]) {
      expect((await call('POST', '/api/leagues/tl-26/fixtures', role, BODY)).status).toBe(
        role === 'anonymous' ? 401 : 403,
      );
    }
    expect(await matchCount('tl-26')).toBe(9);
    expect(await matchCount('tl-27')).toBe(0);
  });
});

describe('PUT /api/matches/{matchId}/schedule', () => {
  const sequence = async (id: number) =>
    (
      await t.connection.db
        .selectFrom('matches')
        .select('schedule_sequence')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).schedule_sequence;

  it('postpones, moves and reinstates an unplayed match; the match answers carry the status', async () => {
    const id = t.matchIds.m8;
    const postponed = await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', {
      date: '2026-06-20T14:00:00.000Z',
      location: 'North Town Park',
      status: 'postponed',
    });
    expect(postponed.status).toBe(200);
    expect(postponed.body).toMatchObject({ id, status: 'postponed', date: '2026-06-20T14:00:00.000Z' });
    expect((await call('GET', `/api/matches/${id}`, 'anonymous')).body).toMatchObject({
      status: 'postponed',
    });
    const team = await call('GET', '/api/teams/north.town/matches', 'anonymous');
    expect(JSON.stringify(team.body)).toContain('"status":"postponed"');
    expect(await sequence(id)).toBe(1);

    const moved = await call(
      'PUT',
      `/api/matches/${id}/schedule`,
      'superAdmin',
      { date: '2026-07-01T19:30:00+01:00', location: 'Town Stadium', status: 'scheduled' },
      'move-1',
    );
    expect(moved.body).toMatchObject({
      status: 'scheduled',
      date: '2026-07-01T18:30:00.000Z',
      location: 'Town Stadium',
    });
    expect(await sequence(id)).toBe(2);
    // The same schedule again changes nothing, and is not audited twice.
    await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', {
      date: '2026-07-01T18:30:00Z',
      location: 'Town Stadium',
      status: 'scheduled',
    });
    expect(await sequence(id)).toBe(2);
    expect(await actions('match.postpone')).toBe(1);
    expect(await actions('match.schedule')).toBe(1);
  });

  it('refuses a report for a postponed match until it has a new date', async () => {
    const id = t.matchIds.m7; // past, no report: West Rangers v East United
    const report = { ...M7_WIN, approved: 'TRUE' };
    const schedule = (status: string) => ({
      date: '2026-06-14T14:00:00Z',
      location: 'West Rangers Park',
      status,
    });
    await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', schedule('postponed'));
    expect(await call('POST', `/api/matches/${id}/report`, 'otherCoach', report)).toEqual({
      status: 409,
      body: { detail: 'This match is postponed: it can be reported once it has a new date' },
    });
    await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', schedule('scheduled'));
    expect((await call('POST', `/api/matches/${id}/report`, 'otherCoach', report)).body).toMatchObject({
      approved: 'PENDING',
      status: 'scheduled',
    });
  });

  it('refuses a reported match, bad bodies, unknown matches and other roles', async () => {
    const body = { date: '2026-07-01T18:30:00Z', location: 'Anywhere', status: 'postponed' };
    for (const id of [t.matchIds.m1, t.matchIds.m5, t.matchIds.m6]) {
      expect(await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', body)).toEqual({
        status: 409,
        body: {
          detail: 'This match has a report: a reported or approved match cannot be moved or postponed',
        },
      });
    }
    const id = t.matchIds.m9;
    const refusals: [unknown, string][] = [
      [{ ...body, status: 'cancelled' }, 'must be scheduled or postponed'],
      [{ ...body, date: '2026-07-01' }, 'must be a date and time with its offset'],
      [{ ...body, date: '2026-02-30T15:00:00Z' }, 'is not a real date and time'],
      [{ ...body, location: 'x'.repeat(201) }, 'must be at most 200 characters'],
      [{ ...body, extra: 1 }, 'extra'],
      [{ date: body.date }, 'location'],
    ];
    for (const [bad, detail] of refusals) {
      const answer = await call('PUT', `/api/matches/${id}/schedule`, 'superAdmin', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    expect((await call('PUT', '/api/matches/999999/schedule', 'superAdmin', body)).status).toBe(404);
    for (const role of ['anonymous', 'coach', 'opponentOwner'] as Role[]) {
      expect((await call('PUT', `/api/matches/${id}/schedule`, role, body)).status).toBe(
        role === 'anonymous' ? 401 : 403,
      );
    }
    expect(await sequence(id)).toBe(0);
    expect((await call('GET', `/api/matches/${id}`, 'anonymous')).body).toMatchObject({
      status: 'scheduled',
    });
  });
});

describe('what a value of the wrong type is told', () => {
  it('names a missing field as required, a repeated query parameter, and the type a field must have', async () => {
    expect(await call('POST', '/api/leagues/tl-26/teams', 'superAdmin', {})).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'team_id': is required" },
    });
    expect(await call('POST', '/api/leagues/tl-26/teams', 'superAdmin', { team_id: 7 })).toMatchObject({
      status: 400,
      body: { detail: "Invalid field 'team_id': must be text" },
    });
    expect(await call('GET', '/api/notifications?limit=1&limit=2', 'coach')).toMatchObject({
      status: 400,
      body: { detail: "Invalid query parameter 'limit': must be given once" },
    });
    expect(
      await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', { points: 3, tiebreakers: ['points'] }),
    ).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/^Invalid field 'points': must be an object$/) },
    });
  });
});
