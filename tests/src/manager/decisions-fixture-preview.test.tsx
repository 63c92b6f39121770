/**
 * The secretary's fixture preview: a previewed fixture's date, time and place are changed
 * before creating, and the create call sends the list as edited (against the real API).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { insertLeague, insertTeam } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const ADMIN: StoredUser = { id: 'fx.admin', name: 'Sam Admin', user_type: 'super_admin', team_id: null };
const api = withApiMock({ perTest: true });
const db = () => api.app.connection.db;

describe('Leagues: editing the fixture preview', () => {
  it('creates a previewed fixture at the date, time and place the secretary chose', async () => {
    await insertLeague(db(), {
      league_id: 'tl-27',
      league_name: 'Tiny League',
      season: '2027',
      status: 'upcoming',
      location: 'Testshire',
    });
    for (const name of ['Alpha', 'Bravo']) {
      await insertTeam(db(), {
        team_id: `${name.toLowerCase()}.fc`,
        team_name: `${name} FC`,
        league_id: 'tl-27',
        location: `${name} Park`,
      });
    }
    const user = userEvent.setup();
    await renderRoute('/manager/leagues?section=fixtures', { api, user: ADMIN });
    expect(await screen.findByRole('combobox', { name: 'League' })).toHaveValue('tl-27');
    const fixtures = await screen.findByRole('region', { name: 'Fixtures' });
    fireEvent.change(within(fixtures).getByLabelText('First match day'), { target: { value: '2027-03-06' } });
    await user.selectOptions(within(fixtures).getByLabelText('Format'), '1');
    await user.click(within(fixtures).getByRole('button', { name: 'Preview fixtures' }));
    const preview = await within(fixtures).findByRole('region', { name: 'Preview: 1 match in 1 round' });

    await user.click(within(preview).getByRole('button', { name: 'Edit Alpha FC vs Bravo FC' }));
    const form = within(preview).getByRole('form', { name: 'Edit Alpha FC vs Bravo FC' });
    fireEvent.change(within(form).getByLabelText('Date and time'), { target: { value: '2027-03-07T11:30' } });
    await user.clear(within(form).getByLabelText('Location'));
    await user.type(within(form).getByLabelText('Location'), 'Cup Ground');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(preview).getByText(/Cup Ground/)).toBeInTheDocument();

    await user.click(within(preview).getByRole('button', { name: 'Create 1 match' }));
    expect(await screen.findByText('1 match created', { selector: '.toast span' })).toBeInTheDocument();
    const stored = await db()
      .selectFrom('matches')
      .select(['match_date', 'location', 'home_team'])
      .where('league_id', '=', 'tl-27')
      .execute();
    expect(stored).toEqual([
      {
        match_date: new Date('2027-03-07T11:30').toISOString(),
        location: 'Cup Ground',
        home_team: 'alpha.fc',
      },
    ]);
  });
});
