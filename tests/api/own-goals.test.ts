/**
 * Own goals in a report, end to end: checked against the score (an own goal counts for the
 * player's opponent), stored, answered by the match reads, compared between two reports and
 * kept out of every player's goals.
 *
 * m7 (2026-06-14) West Rangers (home) v East United (away) has kicked off with no report;
 * West Rangers' coach is `otherCoach`, East United's owner `opponentOwner`.
 */
import { describe, expect, it } from 'vitest';
import { MatchDetailsSchema, MatchReportsSchema, PlayerProfileSchema } from '../../api/schemas';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, callerAs, type Role } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(
  async () => {
    const app = await makeTinyLeagueApp({ now: () => NOW });
    return { ...app, tokens: await addRoleUsers(app.connection.db) };
  },
  { perTest: true },
);
const call = callerAs(() => t as never) as (
  method: string,
  path: string,
  role?: Role,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

const m7 = () => t.matchIds.m7;
const report = (role: Role, body: unknown) => call('POST', `/api/matches/${m7()}/report`, role, body);

/** West Rangers 2-1 East United: their forward scored, and East United's defender turned one in. */
const WITH_OWN_GOAL = {
  home_score: 2,
  away_score: 1,
  goalscorers: ['wr.fwd', 'eu.fwd'],
  own_goals: ['eu.def'],
  assisters: ['wr.mid'],
  goalkeepers: ['wr.gk', 'eu.gk'],
};

async function ownGoalRows() {
  return t.connection.db
    .selectFrom('match_own_goals')
    .select(['match_id', 'team_id', 'player_id'])
    .orderBy('id')
    .execute();
}

describe('own goals in a report', () => {
  it('are stored on the scorer’s team, counted for the other side, and answered by the match reads', async () => {
    expect(await report('otherCoach', WITH_OWN_GOAL)).toMatchObject({
      status: 200,
      body: { outcome: 'pending', own_goals: ['eu.def'], goalscorers: ['wr.fwd', 'eu.fwd'] },
    });
    expect(await ownGoalRows()).toEqual([{ match_id: m7(), team_id: 'east.united', player_id: 'eu.def' }]);
    const details = MatchDetailsSchema.parse((await call('GET', `/api/matches/${m7()}`)).body);
    expect(details.own_goals).toEqual(['eu.def']);
    expect(details.player_names['eu.def']).toBe('East United Defender');
    // A list of matches says the same (its remembered answers read the own goals again).
    const answer = (await call('GET', '/api/teams/west.rangers/matches')).body as unknown;
    const list = (Array.isArray(answer) ? answer : (answer as { matches: unknown[] }).matches) as {
      id: number;
      own_goals: string[];
    }[];
    expect(list.find((match) => match.id === m7())?.own_goals).toEqual(['eu.def']);
  });

  it('default to none, and a new report replaces them', async () => {
    await report('otherCoach', WITH_OWN_GOAL);
    const { own_goals: _none, ...without } = WITH_OWN_GOAL;
    expect(await report('otherCoach', { ...without, home_score: 1 })).toMatchObject({
      status: 200,
      body: { own_goals: [], home_score: 1 },
    });
    expect(await ownGoalRows()).toEqual([]);
  });

  it('may not take a side past its score, and name only players of the match', async () => {
    const over = await report('otherCoach', { ...WITH_OWN_GOAL, home_score: 1 });
    expect(over).toMatchObject({
      status: 400,
      body: { detail: 'West Rangers is credited with 2 goals (1 own goal) but scored 1' },
    });
    const stranger = await report('otherCoach', { ...WITH_OWN_GOAL, own_goals: ['sc.def'] });
    expect(stranger).toMatchObject({
      status: 400,
      body: { detail: 'Unknown player for this match: sc.def' },
    });
    // An own goal has no assist: West Rangers' players scored one goal, so one assist at most.
    const assisted = await report('otherCoach', { ...WITH_OWN_GOAL, assisters: ['wr.mid', 'wr.fwd'] });
    expect(assisted).toMatchObject({
      status: 400,
      body: { detail: 'West Rangers is credited with 2 assists but only 1 goal by its players' },
    });
    const notList = await report('otherCoach', { ...WITH_OWN_GOAL, own_goals: 'eu.def' });
    expect(notList.status).toBe(400);
    expect(await ownGoalRows()).toEqual([]);
  });

  it('are a compared field: a second report that differs only in them waits beside the first', async () => {
    await report('otherCoach', WITH_OWN_GOAL);
    // East United credit the goal to West Rangers' forward instead.
    const theirs = { ...WITH_OWN_GOAL, goalscorers: ['wr.fwd', 'wr.fwd', 'eu.fwd'], own_goals: [] };
    expect(await report('opponentOwner', theirs)).toMatchObject({
      status: 200,
      body: { outcome: 'differs', differences: ['goalscorers', 'own_goals'] },
    });
    const reports = MatchReportsSchema.parse(
      (await call('GET', `/api/matches/${m7()}/reports`, 'otherCoach')).body,
    );
    expect(reports.reports.map((one) => one.own_goals)).toEqual([['eu.def'], []]);
    // Approving East United's version makes it the result, own goals and all.
    const approved = await call('POST', `/api/matches/${m7()}/approve`, 'otherCoach', {
      team_id: 'east.united',
    });
    expect(approved).toMatchObject({ status: 200, body: { approved: 'TRUE', own_goals: [] } });
    expect(await ownGoalRows()).toEqual([]);
  });

  it('confirm the first report when the second lists the same own goals', async () => {
    await report('otherCoach', WITH_OWN_GOAL);
    expect(await report('opponentOwner', WITH_OWN_GOAL)).toMatchObject({
      status: 200,
      body: { outcome: 'confirmed', approved: 'TRUE', own_goals: ['eu.def'] },
    });
  });

  it('approved, never count among the scorer’s goals', async () => {
    await report('otherCoach', WITH_OWN_GOAL);
    expect((await call('POST', `/api/matches/${m7()}/approve`, 'opponentOwner')).status).toBe(200);
    const stats = (await call('GET', '/api/leagues/tl-26/stats')).body as {
      scorers: { id?: string; player_id?: string }[];
    };
    const scorerIds = stats.scorers.map((row) => row.player_id ?? row.id);
    expect(scorerIds).toContain('wr.fwd');
    expect(scorerIds).not.toContain('eu.def');
    const profile = PlayerProfileSchema.parse((await call('GET', '/api/players/eu.def')).body);
    expect(Object.values(profile.metrics).reduce((sum, season) => sum + season.goals, 0)).toBe(0);
  });
});
