/**
 * A league's rules and points deductions, on both engines: the public reads,
 * the super admin's writes with their refusals, the audit, and the league table ordered
 * by the rules with the deductions taken off.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../api/domain/league-rules';
import { withRoleApp, type Role } from '../fixtures/auth';

const { t, call } = withRoleApp();

const RULES = {
  points: { win: 2, draw: 1, loss: 0 },
  tiebreakers: ['points', 'head_to_head_points', 'goal_difference', 'fair_play'],
  report_deadline_hours: 48,
  suspensions: { red_card_matches: 2, yellow_card_threshold: 4, yellow_card_matches: 1 },
};

const table = async () =>
  (
    (await call('GET', '/api/leagues/tl-26/table', 'anonymous')).body.standings as Record<string, unknown>[]
  ).map((row) => [row.team_id, row.points, row.deducted, row.position]);

describe('GET and PUT /api/leagues/{leagueId}/rules', () => {
  it('answers the defaults to anyone until the super admin changes them', async () => {
    expect(await call('GET', '/api/leagues/tl-26/rules', 'anonymous')).toEqual({
      status: 200,
      body: DEFAULT_RULES,
    });
    const put = await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', RULES);
    expect(put).toEqual({ status: 200, body: RULES });
    expect((await call('GET', '/api/leagues/tl-26/rules', 'anonymous')).body).toEqual(RULES);
    const log = await t.connection.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'league.rules')
      .execute();
    expect(log).toEqual([{ action: 'league.rules', entity_id: 'tl-26' }]);
  });

  it('orders the table by the league points (2 for a win here)', async () => {
    const before = await table();
    await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', RULES);
    const after = await table();
    for (const [team, points] of after) {
      const old = before.find((row) => row[0] === team)?.[1] as number;
      // The tiny league's approved results: every win is one point less now.
      expect(points).toBeLessThanOrEqual(old);
    }
    expect(after).not.toEqual(before);
  });

  it('refuses unknown tie-breakers by name, bad values and other roles, and changes nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ ...RULES, tiebreakers: ['points', 'coin_toss'] }, "unknown tie-breaker 'coin_toss'"],
      [{ ...RULES, tiebreakers: [] }, 'must name at least one tie-breaker'],
      [{ ...RULES, tiebreakers: ['points', 'points'] }, 'must not name a tie-breaker twice'],
      [{ ...RULES, points: { win: -1, draw: 1, loss: 0 } }, 'must be 0 or more'],
      [{ ...RULES, report_deadline_hours: 0 }, 'must be at least 1'],
      [{ ...RULES, extra: true }, 'extra'],
      [{ points: RULES.points }, 'tiebreakers'],
    ];
    for (const [body, detail] of refusals) {
      const answer = await call('PUT', '/api/leagues/tl-26/rules', 'superAdmin', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    for (const role of ['anonymous', 'coach', 'admin', 'manager'] as Role[]) {
      expect((await call('PUT', '/api/leagues/tl-26/rules', role, RULES)).status, role).toBe(
        role === 'anonymous' ? 401 : 403,
      );
    }
    expect((await call('PUT', '/api/leagues/nope-26/rules', 'superAdmin', RULES)).status).toBe(404);
    expect((await call('GET', '/api/leagues/tl-26/rules', 'anonymous')).body).toEqual(DEFAULT_RULES);
  });
});

describe('points deductions', () => {
  it('are added with a reason, listed to anyone, shown in the table and removed', async () => {
    const before = await table();
    const deduct = () =>
      call(
        'POST',
        '/api/leagues/tl-26/deductions',
        'superAdmin',
        { team_id: 'north.town', points: 3, reason: 'Fielded an ineligible player' },
        'deduct-1',
      );
    const added = await deduct();
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      team_id: 'north.town',
      team_name: 'North Town',
      points: 3,
      reason: 'Fielded an ineligible player',
    });
    // A replayed key answers the same and adds nothing.
    expect(await deduct()).toEqual(added);
    const listed = await call('GET', '/api/leagues/tl-26/deductions', 'anonymous');
    expect(listed.body.deductions).toEqual([added.body]);

    const row = (await table()).find((r) => r[0] === 'north.town');
    const old = before.find((r) => r[0] === 'north.town');
    expect(row?.[1]).toBe((old?.[1] as number) - 3);
    expect(row?.[2]).toBe(3);

    const removed = await call('DELETE', `/api/leagues/tl-26/deductions/${String(added.body.id)}`);
    expect(removed).toEqual({ status: 200, body: { detail: 'Deduction removed' } });
    expect(await table()).toEqual(before);
    expect((await call('DELETE', `/api/leagues/tl-26/deductions/${String(added.body.id)}`)).status).toBe(404);
    const actions = await t.connection.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', 'tl-26')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['league.deduction', 'league.deduction_removed']);
  });

  it('refuses a team outside the league, bad points or reasons, and other roles', async () => {
    const refusals: [unknown, number, string][] = [
      [{ team_id: 'nowhere.fc', points: 3, reason: 'x' }, 400, "'nowhere.fc' does not play in"],
      [{ team_id: 'north.town', points: 0, reason: 'x' }, 400, 'must be at least 1'],
      [{ team_id: 'north.town', points: 2.5, reason: 'x' }, 400, 'must be a whole number'],
      [{ team_id: 'north.town', points: 3, reason: '   ' }, 400, 'is required'],
      [{ team_id: 'north.town', points: 3 }, 400, 'reason'],
    ];
    for (const [body, status, detail] of refusals) {
      const answer = await call('POST', '/api/leagues/tl-26/deductions', 'superAdmin', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(String(answer.body.detail)).toContain(detail);
    }
    const body = { team_id: 'north.town', points: 3, reason: 'Late registration' };
    expect((await call('POST', '/api/leagues/tl-26/deductions', 'coach', body)).status).toBe(403);
    expect((await call('POST', '/api/leagues/tl-26/deductions', 'anonymous', body)).status).toBe(401);
    for (const bad of ['abc', '0', '3000000000']) {
      expect((await call('DELETE', `/api/leagues/tl-26/deductions/${bad}`)).status, bad).toBe(400);
    }
    expect((await call('GET', '/api/leagues/tl-26/deductions', 'anonymous')).body).toEqual({
      deductions: [],
    });
  });
});

describe('POST /api/leagues and PUT /api/leagues/{leagueId}', () => {
  const season = {
    league_id: 'tl-27',
    league_name: 'Tiny League',
    season: '2027',
    status: 'upcoming',
    location: 'Townsville',
  };

  it('creates a season (201, readable, audited) and edits its name, status and location', async () => {
    const created = await call('POST', '/api/leagues', 'superAdmin', season, 'new-season');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(season);
    expect((await call('POST', '/api/leagues', 'superAdmin', season, 'new-season')).body).toEqual(
      created.body,
    );
    expect((await call('GET', '/api/leagues/tl-27', 'anonymous')).body).toMatchObject(season);
    expect((await call('GET', '/api/leagues/tl-27/rules', 'anonymous')).body).toEqual(DEFAULT_RULES);

    const edit = { league_name: 'Tiny League Premier', status: 'active', location: 'Town Park' };
    const edited = await call('PUT', '/api/leagues/tl-27', 'superAdmin', edit);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...season, ...edit });
    const log = await t.connection.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('entity_id', '=', 'tl-27')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'create', entity: 'league' },
      { action: 'update', entity: 'league' },
    ]);
  });

  it('refuses a taken id (409), bad fields (400), other roles, and changes nothing', async () => {
    const taken = await call('POST', '/api/leagues', 'superAdmin', {
      ...season,
      league_id: 'tl-26',
      season: '2026',
    });
    expect(taken).toEqual({ status: 409, body: { detail: "A league with the id 'tl-26' already exists" } });
    const refusals: [unknown, string][] = [
      [{ ...season, league_id: 'TL 27' }, 'must be lower-case letters'],
      [{ ...season, league_id: 'tl-26' }, 'ends in the season 2026, not 2027'],
      [{ ...season, season: '27' }, 'must be a four-digit year'],
      [{ ...season, status: 'paused' }, 'must be one of active, upcoming or completed'],
      [{ ...season, league_name: ' ' }, 'is required'],
      [{ ...season, extra: 1 }, 'extra'],
    ];
    for (const [body, detail] of refusals) {
      const answer = await call('POST', '/api/leagues', 'superAdmin', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.detail)).toContain(detail);
    }
    expect((await call('POST', '/api/leagues', 'admin', season)).status).toBe(403);
    expect((await call('POST', '/api/leagues', 'anonymous', season)).status).toBe(401);
    const edit = { league_name: 'X', status: 'active', location: '' };
    expect((await call('PUT', '/api/leagues/nope-26', 'superAdmin', edit)).status).toBe(404);
    expect((await call('PUT', '/api/leagues/tl-26', 'coach', edit)).status).toBe(403);
    expect((await call('PUT', '/api/leagues/tl-26', 'superAdmin', { ...edit, season: '2030' })).status).toBe(
      400,
    );
    expect((await call('GET', '/api/leagues/tl-27', 'anonymous')).status).toBe(404);
    expect((await call('GET', '/api/leagues/tl-26', 'anonymous')).body).not.toMatchObject({
      league_name: 'X',
    });
  });
});
