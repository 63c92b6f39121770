/**
 * The secretary's fixtures, on both engines: creating the previewed fixtures as edited
 * (checked like any fixture), and deleting an unplayed one (refused once it has a report).
 */
import { describe, expect, it } from 'vitest';
import { withRoleApp } from '../fixtures/auth';
import { insertTeam, NEW_SEASON } from '../fixtures/factory';

const { t, call } = withRoleApp();

/** The matrix's admin, made the tiny league's secretary. */
const makeSecretary = () =>
  t.connection.db
    .insertInto('memberships')
    .values({ user_id: 'u.admin', role: 'league_admin', league_id: 'tl-26', team_id: null, player_id: null })
    .execute();

async function seasonWithTeams(count: number): Promise<void> {
  expect((await call('POST', '/api/leagues', 'superAdmin', NEW_SEASON)).status).toBe(201);
  for (let n = 1; n <= count; n++) {
    await insertTeam(t.connection.db, {
      team_id: `c${n}`,
      team_name: `Club ${n}`,
      league_id: null,
      location: `Ground ${n}`,
    });
    expect((await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: `c${n}` })).status).toBe(
      201,
    );
  }
}

const BODY = {
  start_date: '2027-03-06',
  kickoff_time: '15:00',
  interval_days: 7,
  rounds: 1,
  dry_run: true,
};

type Planned = {
  round: number;
  match_date: string;
  home_team: string;
  away_team: string;
  location: string;
  [key: string]: unknown;
};
const edit = ({ round, match_date, home_team, away_team, location }: Planned) => ({
  round,
  match_date,
  home_team,
  away_team,
  location,
});

const matchesOf = async (leagueId: string) =>
  t.connection.db
    .selectFrom('matches')
    .select(['id', 'match_date', 'home_team', 'away_team', 'location'])
    .where('league_id', '=', leagueId)
    .orderBy('id')
    .execute();

describe('POST /api/leagues/{leagueId}/fixtures with the edited preview', () => {
  it('creates the fixtures with the date, time and place the secretary changed', async () => {
    await seasonWithTeams(4);
    const preview = await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', BODY);
    const planned = (preview.body.matches as Planned[]).map(edit);
    const edited = planned.map((fixture, index) =>
      index === 0 ? { ...fixture, match_date: '2027-03-07T11:30:00+01:00', location: 'Cup Ground' } : fixture,
    );
    const created = await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', {
      ...BODY,
      dry_run: false,
      matches: edited,
    });
    expect(created.status).toBe(201);
    const first = (created.body.matches as Planned[])[0];
    expect(first).toMatchObject({ match_date: '2027-03-07T10:30:00.000Z', location: 'Cup Ground' });
    const stored = await matchesOf('tl-27');
    expect(stored).toHaveLength(planned.length);
    expect(stored[0]).toMatchObject({ match_date: '2027-03-07T10:30:00.000Z', location: 'Cup Ground' });
    expect(stored.slice(1).map((m) => m.match_date)).toEqual(planned.slice(1).map((m) => m.match_date));
  });

  it('refuses an edited list with a bad date, a team of another league, a team against itself or twice at one kick-off, and writes nothing', async () => {
    await seasonWithTeams(4);
    const preview = await call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', BODY);
    const planned = (preview.body.matches as Planned[]).map(edit);
    const send = (matches: unknown) =>
      call('POST', '/api/leagues/tl-27/fixtures', 'superAdmin', { ...BODY, dry_run: false, matches });
    const [a, b] = planned as [ReturnType<typeof edit>, ReturnType<typeof edit>];

    const badDate = await send([{ ...a, match_date: '2027-02-30T15:00:00Z' }]);
    expect(badDate.status).toBe(400);
    expect(badDate.body.detail).toContain("'matches.0.match_date'");
    const stranger = await send([{ ...a, home_team: 'north.town' }]);
    // The preview's fixtures are named as the screen shows them, never by the API's field names.
    expect(stranger.status).toBe(400);
    expect(stranger.body.detail).toMatch(
      /^Fixture 1 \('north\.town' vs Club \d\): 'north\.town' is not registered for this league$/,
    );
    const itself = await send([{ ...a, away_team: a.home_team }]);
    expect(itself.body.detail).toMatch(/^Fixture 1 \(Club (\d) vs Club \1\): a team cannot play itself$/);
    // Round one's two fixtures share a kick-off; moving one team into the other's is refused.
    const twice = await send([
      a,
      { ...b, home_team: a.home_team, away_team: b.away_team === a.away_team ? b.home_team : b.away_team },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toMatch(
      /^Fixture 2 \(Club \d vs Club \d\): Club \d already plays at that kick-off; choose another time$/,
    );
    expect(await matchesOf('tl-27')).toEqual([]);
  });
});

describe('DELETE /api/matches/{matchId}', () => {
  it('deletes an unplayed fixture with its saved squad and the notifications that open it, audited', async () => {
    const { m8 } = t.matchIds;
    await t.connection.db
      .insertInto('notifications')
      .values(
        ['/match/' + m8, `/manager/match-report?match=${m8}`, `/match/${m8}0`].map((link) => ({
          user_id: 'u.coach',
          kind: 'match_moved' as const,
          title: 'Match moved',
          body: 'x',
          link,
          dedupe_key: null,
          created_at: '2026-06-14T10:00:00.000Z',
          read_at: null,
        })),
      )
      .execute();
    expect((await call('DELETE', `/api/matches/${m8}`, 'admin')).status).toBe(403);
    await makeSecretary();
    const deleted = await call('DELETE', `/api/matches/${m8}`, 'admin');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      detail: 'North Town vs West Rangers deleted',
      match: { id: m8, home_team: 'north.town', away_team: 'west.rangers' },
      squads: [{ team_id: 'north.town' }],
      notifications: 2,
    });
    expect((await call('GET', `/api/matches/${m8}`, 'anonymous')).status).toBe(404);
    const squads = await t.connection.db
      .selectFrom('match_squads')
      .select('id')
      .where('match_id', '=', m8)
      .execute();
    expect(squads).toEqual([]);
    const links = await t.connection.db.selectFrom('notifications').select('link').execute();
    expect(links.map((row) => row.link)).toEqual([`/match/${m8}0`]);
    const audit = await t.connection.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'match.delete')
      .execute();
    expect(audit).toEqual([{ action: 'match.delete', entity_id: String(m8) }]);
  });

  it('refuses a match with a report (409), strangers (403), anonymous (401), unknown ids (404)', async () => {
    const { m5, m6, m7 } = t.matchIds;
    for (const id of [m5, m6]) {
      expect(await call('DELETE', `/api/matches/${id}`, 'superAdmin')).toEqual({
        status: 409,
        body: { detail: 'This match has a report: a reported result stays on record and cannot be deleted' },
      });
    }
    expect((await call('DELETE', `/api/matches/${m7}`, 'otherCoach')).status).toBe(403);
    expect((await call('DELETE', `/api/matches/${m7}`, 'fan')).status).toBe(403);
    expect((await call('DELETE', `/api/matches/${m7}`, 'anonymous')).status).toBe(401);
    expect((await call('DELETE', '/api/matches/999999', 'superAdmin')).status).toBe(404);
    expect((await call('GET', `/api/matches/${m7}`, 'anonymous')).status).toBe(200);
  });
});
