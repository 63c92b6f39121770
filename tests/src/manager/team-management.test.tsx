import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { storage, type StoredUser } from '@/lib/storage';
import { insertMatch, insertPlayer, insertTeam } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { optionTexts } from '../queries';

const api = withApiMock();
afterEach(() => {
  vi.restoreAllMocks();
});

const ADMIN: StoredUser = { id: 'tm.admin', name: 'Sam Admin', user_type: 'super_admin', team_id: null };

const db = () => api.app.connection.db;

async function openTab() {
  const user = userEvent.setup();
  await renderRoute('/manager/team-management', { api, user: ADMIN });
  await screen.findByRole('heading', { name: 'Team Management' });
  return user;
}

/** The team's card: its selection button and its delete button. */
async function card(name: string) {
  const select = await screen.findByRole('button', { name: new RegExp(`^${name}\\b`) });
  const item = select.closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return { select, item };
}

async function openRoster(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click((await card(name)).select);
  const roster = await screen.findByRole('region', { name: `${name} roster` });
  await within(roster).findByText(/\d+ players?$/);
  return roster;
}

const playerRow = (roster: HTMLElement, name: string) => {
  const row = within(roster).getByText(name).closest('li');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

const playerRow2 = async (name: string) =>
  db().selectFrom('players').selectAll().where('name', '=', name).executeTakeFirst();

describe('Team Management: teams', () => {
  it('lists the teams as cards with name, location and description', async () => {
    await db()
      .updateTable('teams')
      .set({ description: 'Founded by the harbour workers.' })
      .where('team_id', '=', 'south.city')
      .execute();
    await openTab();
    const { select, item } = await card('South City');
    expect(select).toHaveTextContent('South City Park');
    expect(select).toHaveTextContent('Founded by the harbour workers.');
    expect(select).toHaveAttribute('aria-pressed', 'false');
    expect(within(item).getByRole('button', { name: 'Delete Team South City' })).toHaveTextContent(
      'Delete Team',
    );
    for (const name of ['North Town', 'East United', 'West Rangers']) await card(name);
    expect(screen.getByText('Select a team to manage its roster.')).toBeInTheDocument();
  });

  it('creates a team', async () => {
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'Add New Team' }));
    const form = screen.getByRole('form', { name: 'New team' });
    expect(within(form).getByLabelText('Team name')).toHaveFocus();
    expect(within(form).getByLabelText('Description (optional)')).toHaveAttribute('rows', '4');
    await user.type(within(form).getByLabelText('Team name'), 'Harbour Athletic');
    await user.type(within(form).getByLabelText('Location'), 'Harbour Park');
    await user.type(within(form).getByLabelText('Description (optional)'), 'New in town.');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText('Team created successfully')).toBeInTheDocument();
    const row = await db()
      .selectFrom('teams')
      .selectAll()
      .where('team_name', '=', 'Harbour Athletic')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ location: 'Harbour Park', description: 'New in town.' });
    expect(screen.queryByRole('form', { name: 'New team' })).not.toBeInTheDocument();
    // The new team is listed, chosen, and its empty roster is open for players.
    const { select } = await card('Harbour Athletic');
    expect(select).toHaveTextContent('Harbour Park');
    const roster = await screen.findByRole('region', { name: 'Harbour Athletic roster' });
    expect(await within(roster).findByText('No players found for this team.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveAttribute('aria-pressed', 'true'));
  });

  it('requires a name and a location and sends nothing without them', async () => {
    const before = await db().selectFrom('teams').select('team_id').execute();
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'Add New Team' }));
    const form = screen.getByRole('form', { name: 'New team' });
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(within(form).getByText('Team name is required')).toBeInTheDocument();
    expect(within(form).getByText('Location is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Team name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Team name')).toHaveAccessibleDescription('Team name is required');
    expect(within(form).getByLabelText('Team name')).toHaveFocus();

    await user.type(within(form).getByLabelText('Team name'), '   ');
    await user.type(within(form).getByLabelText('Location'), 'Somewhere');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    expect(within(form).getByText('Team name is required')).toBeInTheDocument();
    expect(within(form).queryByText('Location is required')).not.toBeInTheDocument();
    expect(await db().selectFrom('teams').select('team_id').execute()).toHaveLength(before.length);

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Team' })).toHaveFocus();
  });

  it("toasts 'Failed to create team' and shows the server's reason", async () => {
    api.server.use(
      http.post(/\/api\/teams$/, () =>
        HttpResponse.json({ detail: 'The database is read-only' }, { status: 503 }),
      ),
    );
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'Add New Team' }));
    const form = screen.getByRole('form', { name: 'New team' });
    await user.type(within(form).getByLabelText('Team name'), 'Doomed FC');
    await user.type(within(form).getByLabelText('Location'), 'Nowhere');
    await user.click(within(form).getByRole('button', { name: 'Create Team' }));
    const toast = await screen.findByText('Failed to create team');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(within(form).getByRole('alert')).toHaveTextContent('The database is read-only');
    // The form stays open with what was typed, so the admin can try again.
    expect(within(form).getByLabelText('Team name')).toHaveValue('Doomed FC');
  });

  it('deletes a team without matches after confirming', async () => {
    await insertTeam(db(), { team_id: 'spare.fc', team_name: 'Spare FC', location: 'Spare Lane' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = await openTab();
    const { item } = await card('Spare FC');
    const remove = within(item).getByRole('button', { name: 'Delete Team Spare FC' });

    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this team?');
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'spare.fc').execute(),
    ).toHaveLength(1);

    await user.click(remove);
    expect(await screen.findByText('Team deleted successfully')).toBeInTheDocument();
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'spare.fc').execute(),
    ).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Spare FC/ })).not.toBeInTheDocument());
  });

  it('refuses to delete a team with matches (409) and says why', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    const { item } = await card('North Town');
    await user.click(within(item).getByRole('button', { name: 'Delete Team North Town' }));
    expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
    expect(within(item).getByRole('alert')).toHaveTextContent(
      'North Town has 5 matches on record, so it cannot be deleted.',
    );
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'north.town').execute(),
    ).toHaveLength(1);
  });

  it("toasts 'Failed to delete team' when the server fails without a reason", async () => {
    await insertTeam(db(), { team_id: 'stuck.fc', team_name: 'Stuck FC' });
    api.server.use(http.delete(/\/api\/teams\/stuck\.fc$/, () => new HttpResponse(null, { status: 500 })));
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    const { item } = await card('Stuck FC');
    await user.click(within(item).getByRole('button', { name: 'Delete Team Stuck FC' }));
    expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    await card('Stuck FC');
  });

  it("sends no delete without a stored token: 'No authentication token found'", async () => {
    await insertTeam(db(), { team_id: 'tokenless.fc', team_name: 'Tokenless FC' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    const { item } = await card('Tokenless FC');
    const sent: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method !== 'GET') sent.push(`${request.method} ${new URL(request.url).pathname}`);
    };
    api.server.events.on('request:start', onRequest);
    try {
      storage.setToken(null); // the token is gone (signed out in storage), the screen is still open
      await user.click(within(item).getByRole('button', { name: 'Delete Team Tokenless FC' }));
      expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
      expect(within(item).getByRole('alert')).toHaveTextContent(/^No authentication token found$/);
      expect(sent).toEqual([]);
    } finally {
      api.server.events.removeListener('request:start', onRequest);
    }
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'tokenless.fc').execute(),
    ).toHaveLength(1);
  });

  it("shows 'Failed to load teams. Please try again later.', logs 'Failed to fetch teams' and retries", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.server.use(
      http.get(/\/api\/teams$/, () => HttpResponse.json({ detail: 'boom' }, { status: 500 }), { once: true }),
    );
    const user = await openTab();
    expect(await screen.findByText('Failed to load teams. Please try again later.')).toBeInTheDocument();
    // Logged from an effect after the screen shows the error.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch teams', expect.any(ApiError)));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await card('North Town');
  });
});

describe('Team Management: roster', () => {
  it('loads the roster after the pause, grouped GK, DEF, MID, FW, then coaches and others', async () => {
    await insertPlayer(db(), {
      id: 'eu.kit',
      name: 'East United Kit Man',
      team_id: 'east.united',
      number: 50,
      position: 'Coach',
    });
    await insertPlayer(db(), {
      id: 'eu.gk2',
      name: 'East United Second Keeper',
      team_id: 'east.united',
      number: 13,
      position: 'Goalkeeper',
    });
    await db()
      .insertInto('players')
      .values({
        id: 'eu.util',
        name: 'East United Utility',
        team_id: 'east.united',
        number: 2,
        position: 'Defender',
        position_general: 'Other',
        user_id: null,
        photo_id: null,
        bio: '',
      })
      .execute();
    const user = await openTab();
    const { select } = await card('East United');
    await user.click(select);
    expect(select).toHaveAttribute('aria-pressed', 'true');
    const roster = screen.getByRole('region', { name: 'East United roster' });
    expect(within(roster).getByRole('heading', { name: 'East United roster' })).toHaveFocus();
    expect(within(roster).getByText('Loading roster...')).toBeInTheDocument();
    expect(await within(roster).findByText('7 players')).toBeInTheDocument();

    const groups = within(roster).getAllByRole('region');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Goalkeepers',
      'Defenders',
      'Midfielders',
      'Forwards',
      'Coaches & Others',
    ]);
    const rows = (group: HTMLElement | undefined, names: string[]) => {
      if (!group) throw new Error('missing group');
      expect(
        within(group)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(names.map((name) => expect.stringContaining(name)));
    };
    rows(groups[0], ['East United Keeper', 'East United Second Keeper']);
    rows(groups[1], ['East United Defender']);
    rows(groups[2], ['East United Midfielder']);
    rows(groups[3], ['East United Forward']);
    // Coach and Other players by number, then the coaching staff (read-only).
    rows(groups[4], ['East United Utility', 'East United Kit Man', 'East United Coach']);
    const keeper = playerRow(roster, 'East United Second Keeper');
    expect(keeper).toHaveTextContent('13');
    expect(keeper).toHaveTextContent('Goalkeeper');
    expect(
      within(keeper).getByRole('button', { name: 'Edit East United Second Keeper' }),
    ).toBeInTheDocument();
    expect(
      within(keeper).getByRole('button', { name: 'Delete East United Second Keeper' }),
    ).toBeInTheDocument();
    expect(within(playerRow(roster, 'East United Coach')).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows 'Failed to load roster. Please try again later.' and logs 'Failed to load roster data'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/teams\/south\.city\/roster$/);
    const user = await openTab();
    await user.click((await card('South City')).select);
    const roster = screen.getByRole('region', { name: 'South City roster' });
    expect(
      await within(roster).findByText('Failed to load roster. Please try again later.'),
    ).toBeInTheDocument();
    // Logged from an effect after the screen shows the error.
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to load roster data', expect.any(ApiError)),
    );
  });

  it('adds a player; choosing a position pre-selects its general position', async () => {
    const user = await openTab();
    const roster = await openRoster(user, 'West Rangers');
    await user.click(within(roster).getByRole('button', { name: 'Add Player' }));
    const form = within(roster).getByRole('form', { name: 'New player' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(within(form).getByRole('combobox', { name: 'General position' })).toHaveDisplayValue(
      'Select a general position',
    );
    expect(optionTexts(within(form).getByRole('combobox', { name: 'Position' }))).toEqual([
      'Select a position',
      'Goalkeeper',
      'Defender',
      'Midfielder',
      'Forward',
      'Coach',
    ]);
    expect(optionTexts(within(form).getByRole('combobox', { name: 'General position' }))).toEqual([
      'Select a general position',
      'GK',
      'DEF',
      'MID',
      'FWD',
      'COACH',
    ]);

    await user.type(within(form).getByLabelText('Name'), 'Wendy Winger');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Forward');
    expect(within(form).getByRole('combobox', { name: 'General position' })).toHaveValue('FWD');
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '11');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));

    expect(await screen.findByText('Player added successfully')).toBeInTheDocument();
    expect(await playerRow2('Wendy Winger')).toMatchObject({
      team_id: 'west.rangers',
      position: 'Forward',
      position_general: 'FW',
      number: 11,
    });
    expect(within(roster).queryByRole('form')).not.toBeInTheDocument();
    const forwards = within(roster).getByRole('region', { name: 'Forwards' });
    expect(await within(forwards).findByText('Wendy Winger')).toBeInTheDocument();
    expect(within(roster).getByText('5 players')).toBeInTheDocument();

    // Opening the form again starts empty.
    await user.click(within(roster).getByRole('button', { name: 'Add Player' }));
    expect(within(roster).getByLabelText('Name')).toHaveValue('');
  });

  it('requires all four fields, with a message per field, and a number from 0 to 99', async () => {
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    await user.click(within(roster).getByRole('button', { name: 'Add Player' }));
    const form = within(roster).getByRole('form', { name: 'New player' });
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    for (const message of [
      'Name is required',
      'Position is required',
      'General position is required',
      'Number is required',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByLabelText('Name')).toHaveFocus();

    await user.type(within(form).getByLabelText('Name'), 'Late Signing');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Midfielder');
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '100');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    expect(within(form).getByText('Number must be a whole number from 0 to 99')).toBeInTheDocument();
    expect(within(form).queryByText('Position is required')).not.toBeInTheDocument();
    expect(within(form).getByRole('spinbutton', { name: 'Number' })).toHaveFocus();
    expect(await playerRow2('Late Signing')).toBeUndefined();

    // A general position that does not fit the position is said on its field, in the form's words.
    await user.clear(within(form).getByRole('spinbutton', { name: 'Number' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '30');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'General position' }), 'GK');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    expect(within(form).getByText('General position must be MID for a Midfielder')).toBeInTheDocument();
    expect(within(form).queryByText(/position_general/)).not.toBeInTheDocument();
    expect(await playerRow2('Late Signing')).toBeUndefined();

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(roster).queryByRole('form')).not.toBeInTheDocument();
    expect(within(roster).getByRole('button', { name: 'Add Player' })).toHaveFocus();
  });

  it('edits a player: name, position, general position and number', async () => {
    const user = await openTab();
    const roster = await openRoster(user, 'West Rangers');
    await user.click(within(roster).getByRole('button', { name: 'Edit West Rangers Defender' }));
    const form = within(roster).getByRole('form', { name: 'Edit West Rangers Defender' });
    const name = within(form).getByLabelText('Name');
    expect(name).toHaveValue('West Rangers Defender');
    expect(name).not.toHaveAttribute('readonly');
    expect(within(form).queryByText(/cannot be changed/)).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'West Rangers Defender Jr');
    expect(within(form).getByRole('combobox', { name: 'Position' })).toHaveValue('Defender');
    expect(within(form).getByRole('combobox', { name: 'General position' })).toHaveValue('DEF');
    expect(within(form).getByRole('spinbutton', { name: 'Number' })).toHaveValue(4);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Midfielder');
    expect(within(form).getByRole('combobox', { name: 'General position' })).toHaveValue('MID');
    await user.clear(within(form).getByRole('spinbutton', { name: 'Number' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '6');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));

    expect(await screen.findByText('Player updated successfully')).toBeInTheDocument();
    expect(
      await db().selectFrom('players').selectAll().where('id', '=', 'wr.def').executeTakeFirstOrThrow(),
    ).toMatchObject({
      name: 'West Rangers Defender Jr',
      position: 'Midfielder',
      position_general: 'MID',
      number: 6,
    });
    const midfielders = within(roster).getByRole('region', { name: 'Midfielders' });
    expect(await within(midfielders).findByText('West Rangers Defender Jr')).toBeInTheDocument();
    expect(within(roster).queryByRole('form')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to update player' with the server's reason (a taken shirt number)", async () => {
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    await user.click(within(roster).getByRole('button', { name: 'Edit South City Midfielder' }));
    const form = within(roster).getByRole('form', { name: 'Edit South City Midfielder' });
    await user.clear(within(form).getByRole('spinbutton', { name: 'Number' }));
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '9');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    expect(await screen.findByText('Failed to update player')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Shirt number 9 is already taken in this team');
    expect(
      await db().selectFrom('players').select('number').where('id', '=', 'sc.mid').executeTakeFirstOrThrow(),
    ).toEqual({ number: 8 });
  });

  it("toasts 'Failed to add player' when the server fails", async () => {
    api.server.use(
      http.post(/\/api\/teams\/south\.city\/players$/, () =>
        HttpResponse.json({ detail: 'boom' }, { status: 500 }),
      ),
    );
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    await user.click(within(roster).getByRole('button', { name: 'Add Player' }));
    const form = within(roster).getByRole('form', { name: 'New player' });
    await user.type(within(form).getByLabelText('Name'), 'Never Signed');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Position' }), 'Goalkeeper');
    await user.type(within(form).getByRole('spinbutton', { name: 'Number' }), '31');
    await user.click(within(form).getByRole('button', { name: 'Save Player' }));
    expect(await screen.findByText('Failed to add player')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('boom');
    expect(await playerRow2('Never Signed')).toBeUndefined();
  });

  it('deletes a player after confirming', async () => {
    await insertPlayer(db(), {
      id: 'sc.spare',
      name: 'South City Spare',
      team_id: 'south.city',
      number: 30,
      position: 'Defender',
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    const remove = within(roster).getByRole('button', { name: 'Delete South City Spare' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this player?');
    expect(await playerRow2('South City Spare')).toBeDefined();

    await user.click(remove);
    expect(await screen.findByText('Player deleted successfully')).toBeInTheDocument();
    expect(await playerRow2('South City Spare')).toBeUndefined();
    await waitFor(() => expect(within(roster).queryByText('South City Spare')).not.toBeInTheDocument());
  });

  it('removes a player with match history from the roster but keeps the record', async () => {
    await insertPlayer(db(), {
      id: 'sc.vet',
      name: 'South City Veteran',
      team_id: 'south.city',
      number: 33,
      position: 'Forward',
    });
    await insertMatch(db(), {
      league_id: 'tl-26',
      date: '2026-04-01T14:00:00.000Z',
      home: 'south.city',
      away: 'west.rangers',
      score: [1, 0],
      goals: ['sc.vet'],
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    await user.click(within(roster).getByRole('button', { name: 'Delete South City Veteran' }));
    expect(await screen.findByText('Player deleted successfully')).toBeInTheDocument();
    expect(await playerRow2('South City Veteran')).toMatchObject({ team_id: null });
    await waitFor(() => expect(within(roster).queryByText('South City Veteran')).not.toBeInTheDocument());
  });

  it("toasts 'Failed to delete player' when the server fails", async () => {
    api.server.use(
      http.delete(/\/api\/teams\/south\.city\/players\//, () => new HttpResponse(null, { status: 500 })),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    const roster = await openRoster(user, 'South City');
    await user.click(within(roster).getByRole('button', { name: 'Delete South City Keeper' }));
    expect(await screen.findByText('Failed to delete player')).toBeInTheDocument();
    expect(await playerRow2('South City Keeper')).toMatchObject({ team_id: 'south.city' });
    expect(within(roster).getByText('South City Keeper')).toBeInTheDocument();
  });
});

// A phone (390px): a searchable team picker that collapses to the chosen team, its roster under it.
describe('Team Management on a phone', () => {
  beforeEach(() => {
    window.innerWidth = 390; // the setup's matchMedia answers width queries from it
  });

  it('picks a team from a searchable list and shows its roster right under it', async () => {
    const user = await openTab();
    const search = screen.getByRole('searchbox', { name: 'Find a team' });
    expect(search).toHaveAccessibleDescription('Select a team to manage its roster.');
    expect(screen.queryByRole('region', { name: /roster$/ })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: /^North Town\b/ });

    await user.type(search, 'south');
    expect(screen.queryByRole('button', { name: /^North Town\b/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^South City\b/ }));

    const roster = await screen.findByRole('region', { name: 'South City roster' });
    expect(await within(roster).findByText(/\d+ players?$/)).toBeInTheDocument();
    expect(within(roster).getByRole('heading', { name: 'South City roster' })).toHaveFocus();
    // The list collapsed to the chosen team, with its actions.
    expect(screen.queryByRole('searchbox', { name: 'Find a team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^West Rangers\b/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Team South City' })).toBeInTheDocument();
    expect(within(roster).getByRole('button', { name: 'Add Player' })).toBeInTheDocument();

    // 'Change team' opens the whole list again; 'Back to …' keeps the team.
    await user.click(screen.getByRole('button', { name: 'Change team' }));
    expect(screen.getByRole('searchbox', { name: 'Find a team' })).toHaveFocus();
    expect(screen.getByRole('searchbox', { name: 'Find a team' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'South City roster' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^South City\b/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Back to South City' }));
    expect(await screen.findByRole('region', { name: 'South City roster' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change team' }));
    await user.click(screen.getByRole('button', { name: /^North Town\b/ }));
    expect(await screen.findByRole('region', { name: 'North Town roster' })).toBeInTheDocument();
  });

  it('deletes the chosen team, and the list comes back without it', async () => {
    await insertTeam(db(), { team_id: 'phone.fc', team_name: 'Phone FC', location: 'Pocket Lane' });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: /^Phone FC\b/ }));
    await screen.findByRole('region', { name: 'Phone FC roster' });
    await user.click(screen.getByRole('button', { name: 'Delete Team Phone FC' }));

    expect(await screen.findByText('Team deleted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Find a team' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Phone FC/ })).not.toBeInTheDocument());
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'phone.fc').execute(),
    ).toHaveLength(0);
  });

  it('says why a chosen team with matches cannot be deleted', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = await openTab();
    await user.click(await screen.findByRole('button', { name: /^North Town\b/ }));
    await screen.findByRole('region', { name: 'North Town roster' });
    await user.click(screen.getByRole('button', { name: 'Delete Team North Town' }));
    expect(await screen.findByText('Failed to delete team')).toBeInTheDocument();
    expect(await screen.findByText(/North Town has \d+ matches on record/)).toHaveAttribute('role', 'alert');
  });
});
