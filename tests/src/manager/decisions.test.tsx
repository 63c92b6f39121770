/**
 * "Needs decision" for the tiny league's secretary, against the real API: the inbox lists
 * what waits (m5, East United’s report of North Town v East United, past its deadline),
 * Approve clears it, a notification's link highlights its row, and a dispute is decided
 * in the shared two-reports dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { addLeagueAdmin, addUser, tokenFor } from '../../fixtures/auth';
import { withApiMock, type ApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { M7_REPORT } from '../../api/tiny-league';

const SECRETARY: StoredUser = {
  id: 'dec.admin',
  name: 'Sam Secretary',
  email: 'sam@example.test',
  user_type: 'admin',
  team_id: null,
  memberships: [{ role: 'league_admin', league_id: 'tl-26' }],
};

const api = withApiMock({
  perTest: true,
  setup: async (mock: ApiMock) => {
    const { db } = mock.app.connection;
    await addLeagueAdmin(db, { id: SECRETARY.id, name: SECRETARY.name, email: SECRETARY.email }, 'tl-26');
    await addUser(db, { id: 'wr.coach.user', user_type: 'coach', team_id: 'west.rangers' });
    await addUser(db, { id: 'eu.owner.user', user_type: 'owner', team_id: 'east.united' });
  },
});

const inbox = () => screen.findByRole('list', { name: 'Results of Tiny League 2026 that need a decision' });

describe('Needs decision', () => {
  it('lists the overdue review, and Approve clears it to the empty state', async () => {
    useTinyLeagueClock();
    const actor = userEvent.setup();
    await renderRoute('/manager/decisions', { api, user: SECRETARY });
    expect(await screen.findByRole('tab', { name: 'Needs decision' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = await inbox();
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Review overdue');
    expect(row).toHaveTextContent('North Town vs East United');
    expect(
      within(row).getByRole('button', { name: 'Remind the teams of North Town vs East United' }),
    ).toBeEnabled();
    await actor.click(within(row).getByRole('button', { name: 'Approve North Town vs East United' }));
    expect(await screen.findByText('Nothing needs a decision.')).toBeInTheDocument();
    const m5 = await api.app.get(`/api/matches/${api.app.matchIds.m5}`);
    expect((m5.body as { approved: string }).approved).toBe('TRUE');
  });

  it('highlights the row a notification opens', async () => {
    useTinyLeagueClock();
    const { m5 } = api.app.matchIds;
    await renderRoute(`/manager/decisions?league=tl-26&match=${m5}`, { api, user: SECRETARY });
    const list = await inbox();
    const row = within(list).getByRole('listitem');
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(row).toHaveAttribute('id', `decision-${m5}`);
  });

  it('decides a dispute by choosing one of the two reports', async () => {
    useTinyLeagueClock();
    const actor = userEvent.setup();
    const { m7 } = api.app.matchIds;
    const { db } = api.app.connection;
    const report = async (user: string, body: unknown) => {
      const token = await tokenFor(db, user);
      const answer = await api.app.app.request(`/api/matches/${m7}/report`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(200);
    };
    await report('wr.coach.user', M7_REPORT);
    await report('eu.owner.user', { ...M7_REPORT, home_score: 1, goalscorers: ['wr.fwd', 'eu.fwd'] });
    await renderRoute(`/manager/decisions?league=tl-26&match=${m7}`, { api, user: SECRETARY });
    const list = await inbox();
    const row = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('West Rangers vs East United'));
    if (!row) throw new Error('the dispute is listed');
    expect(row).toHaveTextContent('Reports differ');
    await actor.click(within(row).getByRole('button', { name: 'Choose report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Match Result' });
    const approve = await within(dialog).findAllByRole('button', { name: /Approve this report/ });
    expect(approve).toHaveLength(2);
    await actor.click(approve[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(list).queryByText('West Rangers vs East United')).not.toBeInTheDocument(),
    );
  });
});
