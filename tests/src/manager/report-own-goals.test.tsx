/**
 * The Match Report form over the tiny league's m7 (West Rangers home, East United away,
 * kicked off, unreported): own goals, put down to the player who scored them and counted
 * for the other club; what the two sending-off choices mean; a rejected report's reason
 * above the form; and, while the two teams' reports differ, the team's own version to
 * start from with the other side's beside it. Reports go through the real API.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { logRequests, withApiMock } from '../api-mock';
import { renderRoute, tokenOf, useTinyLeagueClock } from '../render';
import { EU_OWNER, WR_COACH } from './staff';

const api = withApiMock({ perTest: true });
const m7 = () => String(api.app.matchIds.m7);

/** Sends `body` to `path` as `user`, through the real API. */
async function send(user: StoredUser, path: string, body: unknown): Promise<Record<string, unknown>> {
  const token = await tokenOf(api, user);
  const response = await api.app.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function openM7(user: StoredUser) {
  await tokenOf(api, user);
  await renderRoute('/manager/match-report', { api, user });
  const clicks = userEvent.setup();
  await clicks.selectOptions(await screen.findByRole('combobox', { name: 'Match' }), m7());
  await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 });
  return clicks;
}

/** The bodies of the reports the form posts. */
const reports = logRequests(api, (request, url) =>
  request.method === 'POST' && url.pathname.endsWith('/report')
    ? (request.clone().json() as Promise<Record<string, unknown>>)
    : undefined,
);

/** West Rangers 2-1: their forward, and East United's defender into his own net. */
const WITH_OWN_GOAL = {
  home_score: 2,
  away_score: 1,
  goalscorers: ['wr.fwd', 'eu.fwd'],
  own_goals: ['eu.def'],
  assisters: [],
  goalkeepers: ['wr.gk', 'eu.gk'],
};

describe('own goals in the Match Report form', () => {
  it("puts an own goal down to the opponent's player, counts it for the reporting club and sends it", async () => {
    useTinyLeagueClock();
    const user = await openM7(WR_COACH);
    await user.click(screen.getByRole('button', { name: 'Show East United players' }));
    const ownGoals = screen.getByText('Own goals', { selector: 'summary' });
    await user.click(ownGoals);
    // Each side's own goals are headed by its club and say whom they count for.
    expect(screen.getByText('Count for West Rangers')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an own goal for East United Defender' }));
    // Counted for West Rangers: 1 of 0, a problem until the score says so.
    const tally = within(screen.getByRole('region', { name: 'West Rangers (your club) home' }));
    expect(tally.getByText(/Goals 1 of 0/)).toHaveTextContent('Goals 1 of 0 (1 own goal)');
    expect(
      screen.getByText('West Rangers is credited with 1 goal (1 own goal) but scored 0'),
    ).toBeInTheDocument();
    const home = screen.getByRole('spinbutton', { name: 'Home score' });
    await user.clear(home);
    await user.type(home, '1');
    await user.tab();
    expect(screen.queryByText(/is credited with/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Match report submitted successfully!')).toBeInTheDocument();
    const bodies = await Promise.all(reports);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ home_score: 1, away_score: 0, goalscorers: [], own_goals: ['eu.def'] });
    const stored = await api.app.connection.db
      .selectFrom('match_own_goals')
      .select(['team_id', 'player_id'])
      .execute();
    expect(stored).toEqual([{ team_id: 'east.united', player_id: 'eu.def' }]);
  });

  it('says what a second yellow and a yellow then a red mean, beside the card choices', async () => {
    useTinyLeagueClock();
    const user = await openM7(WR_COACH);
    await user.click(screen.getByText('Cards', { selector: 'summary' }));
    const help = screen.getByText('2nd yellow', { selector: 'dt' }).closest('dl');
    expect(help).not.toBeNull();
    expect(help).toHaveTextContent(
      '2nd yellowa second yellow in this match: a sending-off, counted as a red for bans.',
    );
    expect(help).toHaveTextContent('Yellow + reda yellow, then a straight red.');
  });

  it("starts from the report it holds, own goals and all, and names who rejected the team's report and why", async () => {
    useTinyLeagueClock();
    await send(WR_COACH, `/api/matches/${m7()}/report`, WITH_OWN_GOAL);
    await send(EU_OWNER, `/api/matches/${m7()}/reject`, { reason: 'Our defender never scored' });
    const user = await openM7(WR_COACH);
    expect(await screen.findByText(/Rejected by Ed Owner: Our defender never scored/)).toBeInTheDocument();
    await user.click(screen.getByText('Own goals', { selector: 'summary' }));
    expect(
      within(screen.getByRole('group', { name: 'Own goals for East United Defender' })).getByText('1'),
    ).toBeInTheDocument();
  });

  it("starts a disputed match from the team's own version, the other side's shown beside it", async () => {
    useTinyLeagueClock();
    await send(WR_COACH, `/api/matches/${m7()}/report`, WITH_OWN_GOAL);
    // East United answer with 1-1: no own goal, their forward alone.
    const theirs = { ...WITH_OWN_GOAL, home_score: 1, goalscorers: ['wr.fwd', 'eu.fwd'], own_goals: [] };
    expect(await send(EU_OWNER, `/api/matches/${m7()}/report`, theirs)).toMatchObject({
      outcome: 'differs',
    });

    // East United's owner opens the form: their own 1-1, not West Rangers' 2-1 the match holds.
    await openM7(EU_OWNER);
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'Away score' })).toHaveValue(1);
    const beside = screen.getByRole('complementary', { name: 'West Rangers’ version' });
    expect(within(beside).getByText('2 – 1')).toBeInTheDocument();
    expect(beside).toHaveTextContent('East United (you)');
    expect(beside).toHaveTextContent(
      'ScorersWest Rangers Forward, East United Forward, East United Defender (own goal)',
    );
  });
});
