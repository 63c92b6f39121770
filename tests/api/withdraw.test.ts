/**
 * Withdrawing a club from its league, on both engines: the first call lists the
 * unplayed fixtures that would go and changes nothing; the confirmed one deletes them and
 * withdraws the team in one transaction. Played matches stay and keep counting (decision 0032).
 */
import { describe, expect, it } from 'vitest';
import { withRoleApp } from '../fixtures/auth';

const { t, call } = withRoleApp();

const matchIds = async () =>
  (
    await t.connection.db
      .selectFrom('matches')
      .select('id')
      .where('league_id', '=', 'tl-26')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

describe('DELETE /api/leagues/{leagueId}/teams/{teamId}', () => {
  it('lists the unplayed fixtures without confirm, then deletes them and withdraws the team with it', async () => {
    const { m2, m4, m6, m7, m8 } = t.matchIds;
    const before = await matchIds();
    const asked = await call('DELETE', '/api/leagues/tl-26/teams/west.rangers', 'superAdmin');
    expect(asked.status).toBe(409);
    expect(asked.body.detail).toBe(
      'Withdrawing West Rangers from Tiny League 2026 deletes its 1 upcoming fixture and 1 past fixture with no report; played matches stay on record. Confirm to withdraw',
    );
    expect(asked.body.fixtures).toEqual([
      expect.objectContaining({ id: m7, home_team_name: 'West Rangers', away_team_name: 'East United' }),
      expect.objectContaining({ id: m8, home_team_name: 'North Town', away_team_name: 'West Rangers' }),
    ]);
    expect(await matchIds()).toEqual(before);

    const done = await call('DELETE', '/api/leagues/tl-26/teams/west.rangers?confirm=true', 'superAdmin');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ team_id: 'west.rangers', league_id: null, removed_fixtures: [m7, m8] });
    const after = await matchIds();
    expect(after).toEqual(before.filter((id) => id !== m7 && id !== m8));
    for (const kept of [m2, m4, m6]) expect(after).toContain(kept);
    // Its played results still count: it stays in the table with them.
    const table = await call('GET', '/api/leagues/tl-26/table', 'anonymous');
    const row = (table.body.standings as { team_id: string; played: number }[]).find(
      (entry) => entry.team_id === 'west.rangers',
    );
    expect(row?.played).toBe(2);
    const actions = await t.connection.db.selectFrom('audit_log').select('action').orderBy('id').execute();
    expect(actions.map((entry) => entry.action)).toEqual(['league.fixtures_removed', 'league.team_removed']);
    // Withdrawn: a second call finds it in no league.
    expect(
      (await call('DELETE', '/api/leagues/tl-26/teams/west.rangers?confirm=true', 'superAdmin')).status,
    ).toBe(404);
  });

  it('withdraws a team without fixtures at once, and refuses others or a bad confirm', async () => {
    const before = await matchIds();
    expect((await call('DELETE', '/api/leagues/tl-26/teams/west.rangers?confirm=true', 'coach')).status).toBe(
      403,
    );
    expect(
      (await call('DELETE', '/api/leagues/tl-26/teams/west.rangers?confirm=true', 'anonymous')).status,
    ).toBe(401);
    const bad = await call('DELETE', '/api/leagues/tl-26/teams/west.rangers?confirm=yes', 'superAdmin');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain("'confirm'");
    expect(await matchIds()).toEqual(before);
    // South City's remaining fixture is m9 (East United's home game).
    await t.connection.db.deleteFrom('matches').where('id', '=', t.matchIds.m9).execute();
    const done = await call('DELETE', '/api/leagues/tl-26/teams/south.city', 'superAdmin');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ team_id: 'south.city', league_id: null, removed_fixtures: [] });
  });
});
