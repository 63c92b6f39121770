/**
 * "My matches" on a player's home screen, over the real API (tiny league, clock at 15
 * June): the player's upcoming match with three answers, an answer saved and read back
 * by the coach's view, and nothing for someone who is no player.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addUser, tokenFor } from '../../fixtures/auth';
import { sendRequest } from '../../fixtures/request';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';

const api = withApiMock({
  setup: async (api) => {
    const db = api.app.connection.db;
    await addUser(db, { id: 'u.my.player', name: 'Nat Forward', user_type: 'player', team_id: 'north.town' });
    await db.updateTable('players').set({ user_id: 'u.my.player' }).where('id', '=', 'nt.fwd').execute();
    await addUser(db, { id: 'u.my.coach', name: 'Casey', user_type: 'coach', team_id: 'north.town' });
  },
});

const player = {
  id: 'u.my.player',
  name: 'Nat Forward',
  user_type: 'player',
  team_id: 'north.town',
} as const;

describe('My matches', () => {
  it('lets a player answer for their next match, and the coach sees the answer', async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    await renderRoute('/main', { api, user: player });
    const section = await screen.findByRole('region', { name: 'My matches' });
    const card = await within(section).findByRole('article', { name: /v West Rangers$/ });
    const answers = within(card).getByRole('group', { name: 'Can you play?' });
    expect(
      within(answers)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Available', 'Maybe', 'Unavailable']);
    expect(within(card).getByText(/^Answer by /)).toBeInTheDocument();

    await user.type(
      within(card).getByRole('textbox', { name: 'Note for your coach (optional)' }),
      'Late by 10',
    );
    await user.click(within(answers).getByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText('Answer saved')).toBeInTheDocument();
    expect(within(answers).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(answers).getByRole('button', { name: 'Available' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const db = api.app.connection.db;
    const coach = await sendRequest(api.app.app, 'GET', '/api/matches/8/availability?team_id=north.town', {
      token: await tokenFor(db, 'u.my.coach'),
    });
    const row = (
      coach.body as { players: { player_id: string; answer: string; note: string }[] }
    ).players.find((line) => line.player_id === 'nt.fwd');
    expect(row).toMatchObject({ answer: 'maybe', note: 'Late by 10' });
  });

  it('is not shown to someone who is no player', async () => {
    useTinyLeagueClock();
    await renderRoute('/main', {
      api,
      user: { id: 'u.my.coach', name: 'Casey', user_type: 'coach', team_id: 'north.town' },
    });
    expect(await screen.findByRole('heading', { name: 'Next Match' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'My matches' })).not.toBeInTheDocument();
  });
});
