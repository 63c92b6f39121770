/**
 * Team Management's club details form and the player form's rename, move and photo,
 * against the real API (MSW): a league admin renames a club and moves a player to another
 * team of the league; uploads say what the server refused, and offline say plainly that
 * they need a connection.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { addLeagueAdmin } from '../../fixtures/auth';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { optionTexts } from '../queries';

const api = withApiMock({ perTest: true });
afterEach(() => {
  vi.restoreAllMocks();
});
const db = () => api.app.connection.db;
const northTown = () =>
  db().selectFrom('teams').selectAll().where('team_id', '=', 'north.town').executeTakeFirstOrThrow();

const LEAGUE_ADMIN: StoredUser = {
  id: 'cp.admin',
  name: 'Lee League',
  email: 'cp.admin@example.test',
  user_type: 'admin',
  team_id: null,
  memberships: [{ role: 'league_admin', league_id: 'tl-26' }],
};
const SUPER_ADMIN: StoredUser = { id: 'cp.boss', name: 'Sam Boss', user_type: 'super_admin', team_id: null };
const COACH: StoredUser = { id: 'cp.coach', name: 'Cody Coach', user_type: 'coach', team_id: 'north.town' };

async function openTeam(as: StoredUser, teamName: string) {
  const known = await db().selectFrom('users').select('id').where('id', '=', as.id).executeTakeFirst();
  if (as === LEAGUE_ADMIN && !known) {
    await addLeagueAdmin(db(), { id: as.id, name: as.name, email: as.email ?? '' }, 'tl-26');
  }
  const user = userEvent.setup();
  await renderRoute('/manager/team-management', { api, user: as });
  await screen.findByRole('heading', { name: 'Team Management' });
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${teamName}\\b`) }));
  const roster = await screen.findByRole('region', { name: `${teamName} roster` });
  await within(roster).findByText(/\d+ players?$/);
  return { user, roster };
}

describe('Club details', () => {
  it('lets a league admin rename the club and set its links', async () => {
    const { user } = await openTeam(LEAGUE_ADMIN, 'North Town');
    await user.click(screen.getByRole('button', { name: 'Edit Club Details' }));
    const form = await screen.findByRole('form', { name: 'North Town details' });
    const name = within(form).getByLabelText('Team name');
    expect(name).not.toHaveAttribute('readonly');
    await user.clear(name);
    await user.type(name, 'North Town Athletic');
    await user.type(within(form).getByLabelText('Website (optional)'), 'ftp://nope');
    await user.click(within(form).getByRole('button', { name: 'Save Club' }));
    expect(within(form).getByText('Must be an http:// or https:// address')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Website (optional)'));
    await user.type(within(form).getByLabelText('Website (optional)'), 'https://northtown.example');
    await user.click(within(form).getByRole('button', { name: 'Save Club' }));
    expect(await screen.findByText('Club details saved')).toBeInTheDocument();
    expect(await northTown()).toMatchObject({
      team_name: 'North Town Athletic',
      website: 'https://northtown.example',
    });
  });

  it("shows the server's reason when a crest is refused, and refuses offline without sending", async () => {
    const { user } = await openTeam(LEAGUE_ADMIN, 'North Town');
    await user.click(screen.getByRole('button', { name: 'Edit Club Details' }));
    const form = await screen.findByRole('form', { name: 'North Town details' });
    const input = within(form).getByLabelText('Crest');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');

    api.server.use(
      http.post(/\/api\/teams\/north\.town\/crest$/, () =>
        HttpResponse.json({ detail: 'The crest must be a PNG, JPEG or WebP image' }, { status: 400 }),
      ),
    );
    await user.upload(input, new File(['<svg/>'], 'crest.png', { type: 'image/png' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The crest must be a PNG, JPEG or WebP image',
    );

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const sent = vi.fn();
    api.server.use(
      http.post(/\/api\/teams\/north\.town\/crest$/, () => {
        sent();
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await user.upload(input, new File(['x'], 'crest.png', { type: 'image/png' }));
    expect(await within(form).findByText('Uploads need a connection')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('My Club, for a coach', () => {
  it('opens on their own team: the description and links are theirs, the name is not', async () => {
    const user = userEvent.setup();
    await renderRoute('/manager/club', { api, user: COACH });
    expect(await screen.findByRole('heading', { name: 'My Club' })).toBeInTheDocument();
    // Their one team is chosen already, with no way to add or delete teams.
    const roster = await screen.findByRole('region', { name: 'North Town roster' });
    expect(screen.queryByRole('button', { name: 'Add New Team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete Team/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^West Rangers\b/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Club Details' }));
    const form = await screen.findByRole('form', { name: 'North Town details' });
    expect(within(form).getByLabelText('Team name')).toHaveAttribute('readonly');
    expect(within(form).getByText("Only the league's admin can rename the club.")).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Description (optional)'), 'Sundays at the rec.');
    await user.type(within(form).getByLabelText('Website (optional)'), 'https://northtown.example');
    await user.click(within(form).getByRole('button', { name: 'Save Club' }));
    expect(await screen.findByText('Club details saved')).toBeInTheDocument();
    expect(await northTown()).toMatchObject({
      team_name: 'North Town',
      description: 'Sundays at the rec.',
      website: 'https://northtown.example',
    });

    // The players are theirs to rename, but not to move to another club.
    await within(roster).findByText(/\d+ players?$/);
    await user.click(within(roster).getByRole('button', { name: 'Edit North Town Midfielder' }));
    const playerForm = within(roster).getByRole('form', { name: 'Edit North Town Midfielder' });
    expect(within(playerForm).queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    const name = within(playerForm).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Nico Town');
    await user.click(within(playerForm).getByRole('button', { name: 'Save Player' }));
    expect(await within(roster).findByText('Nico Town')).toBeInTheDocument();
    expect(
      await db().selectFrom('players').select('name').where('id', '=', 'nt.mid').executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Nico Town' });
  });
});

describe('Player form', () => {
  it('lets a league admin move a player to another team of the league', async () => {
    const { user, roster } = await openTeam(LEAGUE_ADMIN, 'North Town');
    await user.click(within(roster).getByRole('button', { name: 'Edit North Town Midfielder' }));
    const form = within(roster).getByRole('form', { name: 'Edit North Town Midfielder' });
    const team = within(form).getByRole('combobox', { name: 'Team' });
    expect(optionTexts(team)).toEqual(['North Town', 'East United', 'South City', 'West Rangers']);
    await user.selectOptions(team, 'south.city');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Number' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '18');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    expect(await screen.findByText('Player moved to the new team')).toBeInTheDocument();
    expect(
      await db()
        .selectFrom('players')
        .select(['team_id', 'number'])
        .where('id', '=', 'nt.mid')
        .executeTakeFirstOrThrow(),
    ).toEqual({ team_id: 'south.city', number: 18 });
    expect(await within(roster).findByText('3 players')).toBeInTheDocument();
  });

  it('gives a super admin no Team choice for a team outside any league, and a photo upload', async () => {
    await db().updateTable('teams').set({ league_id: null }).where('team_id', '=', 'north.town').execute();
    const { user, roster } = await openTeam(SUPER_ADMIN, 'North Town');
    await user.click(within(roster).getByRole('button', { name: 'Edit North Town Midfielder' }));
    const form = within(roster).getByRole('form', { name: 'Edit North Town Midfielder' });
    expect(within(form).queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Photo')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
  });
});
