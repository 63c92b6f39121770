/**
 * The Availability tab over the real API (tiny league, clock at 15 June): the coach's
 * next match with its players under their answers (notes, suspended players, who has not
 * answered), "Remind those who have not answered", and the answers as last loaded when
 * the server cannot be reached.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '../../fixtures/auth';
import { withApiMock } from '../api-mock';
import { freshOfflineDbPerTest } from '../lib/offline/idb';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';

freshOfflineDbPerTest();

const coach = coachOf('north.town', 'Nora Coach');
const api = withApiMock({
  setup: async (api) => {
    const db = api.app.connection.db;
    await addUser(db, { id: 'u.nat', name: 'Nat', user_type: 'player', team_id: 'north.town' });
    await db.updateTable('players').set({ user_id: 'u.nat' }).where('id', '=', 'nt.fwd').execute();
    await db
      .insertInto('availability')
      .values({
        match_id: 8,
        player_id: 'nt.gk',
        answer: 'unavailable',
        note: 'Away for work',
        answered_at: '2026-06-14T09:30:00.000Z',
        answered_by: null,
        schedule_sequence: 0,
      })
      .execute();
  },
});

async function openTab() {
  const user = userEvent.setup();
  await renderRoute('/manager/availability', { api, user: coach });
  const card = await screen.findByRole('article', { name: /West Rangers/ });
  await within(card).findByRole('region', { name: /^Unavailable: / });
  return { user, card };
}

describe('Availability', () => {
  beforeEach(() => {
    useTinyLeagueClock();
  });

  it('shows the next match’s players under their answers', async () => {
    const { card } = await openTab();
    const unavailable = within(card).getByRole('region', { name: 'Unavailable: 1' });
    expect(unavailable).toHaveTextContent('North Town Keeper');
    expect(unavailable).toHaveTextContent('“Away for work”');
    const waiting = within(card).getByRole('region', { name: /^No answer: / });
    expect(waiting).toHaveTextContent('North Town Forward');
    expect(within(card).getByText('Available 0')).toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: /^Available/ })).not.toBeInTheDocument();
    expect(within(card).getByText(/^Players answer until /)).toBeInTheDocument();
  });

  it('reminds those who have not answered, and says who cannot be told', async () => {
    const { user, card } = await openTab();
    await user.click(within(card).getByRole('button', { name: 'Remind those who have not answered' }));
    expect(
      await screen.findByText(
        /^Reminded 1 player\. \d+ players have no account: send them their answer link\.$/,
      ),
    ).toBeInTheDocument();
    const sent = await api.app.connection.db
      .selectFrom('notifications')
      .select(['user_id', 'kind'])
      .where('kind', '=', 'availability_reminder')
      .execute();
    expect(sent).toEqual([{ user_id: 'u.nat', kind: 'availability_reminder' }]);
  });

  it('lets the coach answer for a player', async () => {
    const { user, card } = await openTab();
    const form = within(card).getByRole('form', { name: 'Answer for a player' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Answer for a player' }), 'nt.fwd');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Answer' }), 'maybe');
    await user.click(within(form).getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText('North Town Forward: Maybe')).toBeInTheDocument();
    expect(await within(card).findByRole('region', { name: 'Maybe: 1' })).toHaveTextContent(
      'North Town Forward',
    );
    const row = await api.app.connection.db
      .selectFrom('availability')
      .select(['answer', 'answered_by'])
      .where('player_id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ answer: 'maybe', answered_by: coach.id });
  });

  it('shows the answers last loaded when the server cannot be reached', async () => {
    await openTab();
    await waitFor(async () => {
      const { keptRead } = await import('@/offline/kept-reads');
      expect(await keptRead(coach.id, '/api/matches/8/availability?team_id=north.town')).not.toBeNull();
    });
    cleanup();
    // The answers can no longer be reached (the match list is the worker's to keep offline).
    api.server.use(http.get(/\/api\/matches\/\d+\/availability/, () => HttpResponse.error()));
    await renderRoute('/manager/availability', { api, user: coach });
    const card = await screen.findByRole('article', { name: /West Rangers/ });
    expect(await within(card).findByRole('region', { name: 'Unavailable: 1' })).toHaveTextContent(
      'North Town Keeper',
    );
  });
});
