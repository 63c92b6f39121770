import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { insertMatch, insertPlayer } from '../../fixtures/factory';
import { addUser } from '../../fixtures/auth';
import { type ApiMock, logRequests, withApiMock } from '../api-mock';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { optionTexts } from '../queries';
import { addSuspensions, FORWARD_BAN, MIDFIELDER_BAN } from '../teams/suspension-cards';
import { findTeamCards, TINY_LEAGUE_TEAM_CARDS } from './team-picker';

// Selections write to the database: every test gets a fresh tiny league, with
// North Town's roster grown to 20 players so 19 can be ticked.
const EXTRA = 16;
const api = withApiMock({ perTest: true, setup: addPlayers });
const requests = logRequests(api, (request, url) => `${request.method} ${url.pathname}${url.search}`);
async function addPlayers(api: ApiMock) {
  const positions = ['Defender', 'Midfielder', 'Forward'] as const;
  for (let i = 0; i < EXTRA; i++) {
    await insertPlayer(api.app.connection.db, {
      id: `nt.p${10 + i}`,
      name: `North Town Player ${10 + i}`,
      team_id: 'north.town',
      number: 10 + i,
      position: positions[i % 3] ?? 'Defender',
    });
  }
}

const coach = coachOf('north.town');
const superAdmin: StoredUser = { id: 'root', name: 'Ada Admin', user_type: 'super_admin', team_id: null };
const id = (key: keyof ApiMock['app']['matchIds']) => String(api.app.matchIds[key]);

async function openTab(user: StoredUser) {
  await renderRoute('/manager/team-selection', { api, user });
  await screen.findByRole('heading', { level: 2, name: 'Team Selection' });
}

const matchSelect = () => screen.findByRole('combobox', { name: 'Match' });
const saveButton = () => screen.getByRole('button', { name: 'Save Team Selection' });
const boxes = () => within(screen.getByRole('group', { name: 'Players' })).getAllByRole('checkbox');

async function chooseMatch(matchId: string) {
  const user = userEvent.setup();
  await user.selectOptions(await matchSelect(), matchId);
  await screen.findByRole('group', { name: 'Players' });
  return user;
}

async function tick(user: ReturnType<typeof userEvent.setup>, count: number) {
  const unticked = boxes().filter((box) => !(box as HTMLInputElement).checked);
  for (const box of unticked.slice(0, count)) await user.click(box);
}

/** North Town's coach ticks seven players for m8 and saves, where the save fails: the alert shown. */
async function coachSavesSevenForM8() {
  await openTab(coach);
  const user = await chooseMatch(id('m8'));
  await tick(user, 7);
  await user.click(saveButton());
  return screen.findByRole('alert');
}

async function savedSquad(matchId: string, team = 'north.town') {
  const rows = await api.app.connection.db
    .selectFrom('match_squads')
    .select('player_id')
    .where('match_id', '=', Number(matchId))
    .where('team_id', '=', team)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.player_id);
}

/** Makes `players` North Town's saved squad of the match, the only squad saved for it. */
/** A squad of `size`: North Town's own four and the extras from nt.p10 on. */
function squadOf(size: number): string[] {
  return [
    'nt.gk',
    'nt.def',
    'nt.mid',
    'nt.fwd',
    ...Array.from({ length: size - 4 }, (_, i) => `nt.p${10 + i}`),
  ];
}

async function storeSquad(matchId: string, players: readonly string[]) {
  const { db } = api.app.connection;
  await db.deleteFrom('match_squads').where('match_id', '=', Number(matchId)).execute();
  await db
    .insertInto('match_squads')
    .values(players.map((player_id) => ({ match_id: Number(matchId), team_id: 'north.town', player_id })))
    .execute();
}

describe('the Team Selection tab', () => {
  it("shows a coach's own team, preselected, and its upcoming or unapproved matches labelled '(Pending)'", async () => {
    useTinyLeagueClock();
    await openTab(coach);
    const teams = await screen.findByRole('list', { name: 'Teams' });
    expect(within(teams).getAllByRole('listitem')).toHaveLength(1);
    expect(within(teams).getByText('North Town')).toBeInTheDocument();
    expect(within(teams).getByText('North Town Park')).toBeInTheDocument();
    // m1, m4 and m10 are approved and past; m5 (PENDING) and m8 (no result yet) stay.
    expect(optionTexts(await matchSelect())).toEqual([
      'Select a match',
      'Sat, Jun 6 — North Town (you) vs East United (Pending)',
      'Sat, Jun 20 — North Town (you) vs West Rangers (Pending)',
    ]);
    expect(requests).toEqual(
      expect.arrayContaining([
        'GET /api/matches?team_id=north.town&future=true',
        'GET /api/teams/north.town/matches',
      ]),
    );
    expect(screen.getByText('Choose a match to pick its squad.')).toBeInTheDocument();
  });

  it('compares dates only: an approved match later today is locked, one tomorrow is offered', async () => {
    useTinyLeagueClock(); // 2026-06-15 12:00 UTC
    const { db } = api.app.connection;
    const base = { league_id: 'tl-26', home: 'north.town', away: 'south.city' } as const;
    await insertMatch(db, { ...base, date: '2026-06-15T18:00:00.000Z', score: [1, 0], approved: 'TRUE' });
    await insertMatch(db, { ...base, date: '2026-06-16T10:00:00.000Z', score: [2, 0], approved: 'TRUE' });
    await insertMatch(db, { ...base, date: '2026-06-10T10:00:00.000Z', score: [0, 3], approved: 'FALSE' });
    await insertMatch(db, { ...base, date: '2026-06-15T19:00:00.000Z', away: 'east.united' });
    await openTab(coach);
    expect(optionTexts(await matchSelect())).toEqual([
      'Select a match',
      'Sat, Jun 6 — North Town (you) vs East United (Pending)',
      'Wed, Jun 10 — North Town (you) vs South City (Pending)',
      'Mon, Jun 15 — North Town (you) vs East United (Pending)',
      'Tue, Jun 16 — North Town (you) vs South City',
      'Sat, Jun 20 — North Town (you) vs West Rangers (Pending)',
    ]);
    // Offered, but its approved result fixes the squad: said before the server refuses it.
    const select = screen.getByRole('combobox', { name: 'Match' });
    const tomorrow = within(select).getByRole('option', {
      name: 'Tue, Jun 16 — North Town (you) vs South City',
    });
    await chooseMatch(tomorrow.getAttribute('value') ?? '');
    expect(
      screen.getByText('This match already has an approved result; its squad can no longer change'),
    ).toBeInTheDocument();
    for (const box of boxes()) expect(box).toBeDisabled();
    expect(saveButton()).toBeDisabled();
  });

  it('lists the roster with number, name and position, and saves 7 to 18 players only', async () => {
    useTinyLeagueClock();
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    expect(boxes()).toHaveLength(4 + EXTRA);
    expect(boxes()[0]).toHaveAccessibleName('North Town Keeper (#1, Goalkeeper)');
    // m8's stored squad of 4 is no valid selection: nothing starts ticked.
    for (const box of boxes()) expect(box).not.toBeChecked();
    expect(screen.getByText('Selected: 0 players (minimum 7, maximum 18)')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // Ticking past both limits: Save is enabled from 7 to 18 players only.
    const steps = [
      { more: 1, selected: '1 player', canSave: false },
      { more: 5, selected: '6 players', canSave: false },
      { more: 1, selected: '7 players', canSave: true },
      { more: 11, selected: '18 players', canSave: true },
      { more: 1, selected: '19 players', canSave: false },
    ];
    for (const { more, selected, canSave } of steps) {
      await tick(user, more);
      expect(screen.getByText(`Selected: ${selected} (minimum 7, maximum 18)`)).toBeInTheDocument();
      expect(saveButton(), selected).toHaveProperty('disabled', !canSave);
    }
    // Untick down to 9 and save.
    for (const box of boxes()
      .filter((b) => (b as HTMLInputElement).checked)
      .slice(9))
      await user.click(box);
    expect(screen.getByText('Selected: 9 players (minimum 7, maximum 18)')).toBeInTheDocument();
    await user.click(saveButton());

    expect(await screen.findByText('Team selection saved successfully')).toBeInTheDocument();
    expect(requests).toContain(`PUT /api/teams/north.town/matches/${id('m8')}/roster`);
    // The first nine in roster order (goalkeeper, defenders, then midfielders by number).
    expect(await savedSquad(id('m8'))).toEqual([
      'nt.gk',
      'nt.def',
      'nt.p10',
      'nt.p13',
      'nt.p16',
      'nt.p19',
      'nt.p22',
      'nt.p25',
      'nt.mid',
    ]);
  });

  it('starts from the saved squad, but not from the whole roster the API gives when none is saved', async () => {
    useTinyLeagueClock();
    await storeSquad(id('m8'), squadOf(8));
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    expect(screen.getByText('Selected: 8 players (minimum 7, maximum 18)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /North Town Player 13/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /North Town Player 14/ })).not.toBeChecked();

    // m5 has no saved squad: GET /api/matches/{id} lists the whole roster; nothing is ticked.
    await chooseMatch(id('m5'));
    expect(screen.getByText('Selected: 0 players (minimum 7, maximum 18)')).toBeInTheDocument();

    // Back on m8, untick one and save: the stored squad follows.
    await chooseMatch(id('m8'));
    await user.click(screen.getByRole('checkbox', { name: /North Town Player 13/ }));
    await user.click(saveButton());
    await screen.findByText('Team selection saved successfully');
    // Stored in roster order.
    expect(await savedSquad(id('m8'))).toEqual([
      'nt.gk',
      'nt.def',
      'nt.p10',
      'nt.mid',
      'nt.p11',
      'nt.fwd',
      'nt.p12',
    ]);
  });

  it("shows the server's reason when a save is refused", async () => {
    useTinyLeagueClock();
    api.server.use(
      http.put(/\/roster$/, () =>
        HttpResponse.json({ detail: 'Match not found for this team' }, { status: 404 }),
      ),
    );
    expect(await coachSavesSevenForM8()).toHaveTextContent(
      'Failed to save team selection: Match not found for this team',
    );
    expect(await savedSquad(id('m8'))).toHaveLength(4);
  });

  it('gives the status text when a failed save has no detail', async () => {
    useTinyLeagueClock();
    api.server.use(
      http.put(/\/roster$/, () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );
    expect(await coachSavesSevenForM8()).toHaveTextContent(
      'Failed to save team selection: Service Unavailable',
    );
  });

  it('lets a super admin pick any team card; changing the team resets the match and the players', async () => {
    useTinyLeagueClock();
    await openTab(superAdmin);
    const { teams, cards } = await findTeamCards();
    expect(cards.map((card) => card.textContent)).toEqual(TINY_LEAGUE_TEAM_CARDS);
    for (const card of cards) expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('combobox', { name: 'Match' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(teams).getByRole('button', { name: /North Town/ }));
    expect(within(teams).getByRole('button', { name: /North Town/ })).toHaveAttribute('aria-pressed', 'true');
    await chooseMatch(id('m8'));
    await tick(user, 3);

    await user.click(within(teams).getByRole('button', { name: /South City/ }));
    expect(screen.queryByRole('group', { name: 'Players' })).not.toBeInTheDocument();
    // m6 was rejected, m9 is ahead: both offered; m1 and m3 are approved and past.
    expect(optionTexts(await matchSelect())).toEqual([
      'Select a match',
      'Sat, Jun 13 — South City (you) vs West Rangers (Pending)',
      'Sat, Jun 27 — East United vs South City (you) (Pending)',
    ]);
    expect(screen.getByRole('combobox', { name: 'Match' })).toHaveValue('');

    // Back on North Town, m8 starts from nothing again.
    await user.click(within(teams).getByRole('button', { name: /North Town/ }));
    await chooseMatch(id('m8'));
    expect(screen.getByText('Selected: 0 players (minimum 7, maximum 18)')).toBeInTheDocument();
  });

  it('waits the 300 ms pause before loading the roster', async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/teams\/north\.town\/roster$/, 400);
    await openTab(coach);
    expect(requests.some((r) => r.endsWith('/roster'))).toBe(false);
    await userEvent.setup().selectOptions(await matchSelect(), id('m8'));
    expect(await screen.findByText('Loading players...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Players' })).toBeInTheDocument();
  });

  it("says 'Failed to load matches. Please try again later.'", async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/matches$/);
    await openTab(coach);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load matches. Please try again later.',
    );
  });

  it("says 'Failed to load players. Please try again later.'", async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/north\.town\/roster$/);
    await openTab(coach);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to load players. Please try again later.'),
    );
    expect(screen.queryByRole('button', { name: 'Save Team Selection' })).not.toBeInTheDocument();
  });

  describe('suspended players', () => {
    const forward = () => screen.getByRole('checkbox', { name: 'North Town Forward (#9, Forward)' });
    const midfielder = () => screen.getByRole('checkbox', { name: 'North Town Midfielder (#8, Midfielder)' });

    it('greys a player suspended for the match, says for how many matches and why, and keeps them out', async () => {
      useTinyLeagueClock();
      await addSuspensions(api);
      await openTab(coach);
      const user = await chooseMatch(id('m8'));
      // On screen: how many matches ('match' for one); read out with the reason.
      expect(await screen.findByText('Suspended – 2 matches')).toBeInTheDocument();
      expect(screen.getByText('Suspended – 1 match')).toBeInTheDocument();
      expect(forward()).toBeDisabled();
      expect(forward()).toHaveAccessibleDescription(FORWARD_BAN);
      expect(midfielder()).toBeDisabled();
      expect(midfielder()).toHaveAccessibleDescription(MIDFIELDER_BAN);
      expect(requests).toContain('GET /api/teams/north.town/suspensions');
      // Everyone else can be picked: all 18 of them.
      const free = boxes().filter((box) => !(box as HTMLInputElement).disabled);
      expect(free).toHaveLength(4 + EXTRA - 2);
      for (const box of free) expect(box).not.toHaveAccessibleDescription();
      await user.click(forward());
      expect(forward()).not.toBeChecked();
      for (const box of free) await user.click(box);
      expect(screen.getByText('Selected: 18 players (minimum 7, maximum 18)')).toBeInTheDocument();
      await user.click(saveButton());
      expect(await screen.findByText('Team selection saved successfully')).toBeInTheDocument();
      const squad = await savedSquad(id('m8'));
      expect(squad).toHaveLength(18);
      expect(squad).not.toContain('nt.fwd');
      expect(squad).not.toContain('nt.mid');
    });

    it('leaves out a suspended player a saved squad names, so the squad can be saved again', async () => {
      useTinyLeagueClock();
      await addSuspensions(api);
      await storeSquad(id('m8'), squadOf(9));
      await openTab(coach);
      const user = await chooseMatch(id('m8'));
      await screen.findByText('Suspended – 2 matches');
      expect(forward()).not.toBeChecked();
      expect(midfielder()).not.toBeChecked();
      expect(screen.getByText('Selected: 7 players (minimum 7, maximum 18)')).toBeInTheDocument();
      await user.click(saveButton());
      expect(await screen.findByText('Team selection saved successfully')).toBeInTheDocument();
      // Roster order: goalkeeper, defenders, midfielders, forwards, by number.
      expect(await savedSquad(id('m8'))).toEqual([
        'nt.gk',
        'nt.def',
        'nt.p10',
        'nt.p13',
        'nt.p11',
        'nt.p14',
        'nt.p12',
      ]);
    });

    it('drops a player ticked before the suspensions arrived', async () => {
      useTinyLeagueClock();
      await addSuspensions(api);
      api.slowDown(/\/suspensions$/, 2500);
      await openTab(coach);
      const user = await chooseMatch(id('m8'));
      expect(forward()).toBeEnabled();
      await user.click(forward());
      expect(screen.getByText('Selected: 1 player (minimum 7, maximum 18)')).toBeInTheDocument();
      await waitFor(() => expect(forward()).toBeDisabled(), { timeout: 8000 });
      expect(forward()).not.toBeChecked();
      expect(screen.getByText('Selected: 0 players (minimum 7, maximum 18)')).toBeInTheDocument();
    });

    it('bans only the matches the ban covers', async () => {
      useTinyLeagueClock();
      await addSuspensions(api);
      await openTab(coach);
      await chooseMatch(id('m8'));
      await screen.findByText('Suspended – 2 matches');
      // m5 was played before now: served, so no longer part of the ban as answered.
      await chooseMatch(id('m5'));
      expect(forward()).toBeEnabled();
      expect(midfielder()).toBeEnabled();
      expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
    });

    it('lets the squad be picked when the suspensions fail to load; the server still refuses a banned player', async () => {
      useTinyLeagueClock();
      await addSuspensions(api);
      let failed = false;
      api.server.use(
        http.get(/\/suspensions$/, () => {
          failed = true;
          return HttpResponse.json({ detail: 'boom' }, { status: 500 });
        }),
      );
      await openTab(coach);
      const user = await chooseMatch(id('m8'));
      await waitFor(() => expect(failed).toBe(true));
      // Nothing is greyed, no error stands in the way.
      expect(forward()).toBeEnabled();
      expect(screen.queryByText(/Suspended/)).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await tick(user, 6);
      await user.click(forward());
      expect(screen.getByText('Selected: 7 players (minimum 7, maximum 18)')).toBeInTheDocument();
      await user.click(saveButton());
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to save team selection: North Town Forward is suspended for this match: Red card',
      );
      // Without the forward, the squad is saved.
      await user.click(forward());
      await tick(user, 1);
      await user.click(saveButton());
      expect(await screen.findByText('Team selection saved successfully')).toBeInTheDocument();
      expect(await savedSquad(id('m8'))).toHaveLength(7);
    });
  });
});

describe('Team Selection: who can play', () => {
  /** Answers for m8 as players would give them, straight into the database. */
  async function answer(
    rows: [playerId: string, answer: 'available' | 'maybe' | 'unavailable', note?: string][],
  ) {
    const db = api.app.connection.db;
    for (const [playerId, value, note] of rows) {
      await db
        .insertInto('availability')
        .values({
          match_id: Number(id('m8')),
          player_id: playerId,
          answer: value,
          note: note ?? '',
          answered_at: '2026-06-14T09:00:00.000Z',
          answered_by: null,
          schedule_sequence: 0,
        })
        .execute();
    }
  }

  it('shows the counts and each answer, and "Select the available" ticks the available', async () => {
    useTinyLeagueClock();
    const available = ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.p10', 'nt.p11', 'nt.p12', 'nt.p13'];
    await answer([
      ...available.map((playerId) => [playerId, 'available'] as [string, 'available']),
      ['nt.p14', 'maybe', 'Knee is sore'],
      ['nt.p15', 'unavailable'],
    ]);
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    const who = await screen.findByRole('group', { name: 'Who can play' });
    expect(within(who).getByText('Available 8')).toBeInTheDocument();
    expect(within(who).getByText('Maybe 1')).toBeInTheDocument();
    expect(within(who).getByText('Unavailable 1')).toBeInTheDocument();
    expect(within(who).getByText(`No answer ${EXTRA + 4 - 10}`)).toBeInTheDocument();
    expect(screen.getByText('“Knee is sore”')).toBeInTheDocument();

    await user.click(within(who).getByRole('button', { name: 'Select the available' }));
    const ticked = boxes()
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.getAttribute('aria-label')?.replace(/ \(.*$/, ''));
    expect(ticked).toHaveLength(8);
    expect(ticked).toContain('North Town Keeper');
    expect(screen.getByText('Selected: 8 players (minimum 7, maximum 18)')).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(async () => expect(await savedSquad(id('m8'))).toHaveLength(8));
  });

  it('tells the squad when saved, and the others when the coach chooses', async () => {
    useTinyLeagueClock();
    const db = api.app.connection.db;
    for (const playerId of ['nt.gk', 'nt.p15']) {
      await addUser(db, { id: `u.${playerId}`, user_type: 'player', team_id: 'north.town' });
      await db
        .updateTable('players')
        .set({ user_id: `u.${playerId}` })
        .where('id', '=', playerId)
        .execute();
    }
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    for (const name of [
      'North Town Keeper',
      'North Town Defender',
      'North Town Midfielder',
      'North Town Forward',
    ]) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }));
    }
    for (const box of boxes()
      .filter((box) => !(box as HTMLInputElement).checked)
      .slice(0, 3)) {
      if (!/Player 15/.test(box.getAttribute('aria-label') ?? '')) await user.click(box);
    }
    await user.click(screen.getByRole('checkbox', { name: 'Also tell the players not picked' }));
    await user.click(saveButton());
    expect(await screen.findByText('2 players told of their place')).toBeInTheDocument();
    const told = await db
      .selectFrom('notifications')
      .select(['user_id', 'title'])
      .where('kind', '=', 'squad_announced')
      .orderBy('user_id')
      .execute();
    expect(told).toEqual([
      { user_id: 'u.nt.gk', title: 'You are in the squad' },
      { user_id: 'u.nt.p15', title: 'Squad announced' },
    ]);
  });

  it('leaves a suspended player out even when available', async () => {
    useTinyLeagueClock();
    await addSuspensions(api);
    await answer([['nt.fwd', 'available']]);
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    const who = await screen.findByRole('group', { name: 'Who can play' });
    await user.click(within(who).getByRole('button', { name: 'Select the available' }));
    const forward = screen.getByRole('checkbox', { name: /^North Town Forward/ });
    // Banned from this match (a red card), the forward stays out whatever they answered.
    expect(forward).toBeDisabled();
    expect(forward).toHaveAccessibleDescription(FORWARD_BAN);
    expect(forward).not.toBeChecked();
  });

  it('changes when the team’s answers close', async () => {
    useTinyLeagueClock();
    await openTab(coach);
    const user = await chooseMatch(id('m8'));
    const who = await screen.findByRole('group', { name: 'Who can play' });
    const until = within(who).getByRole('combobox', { name: 'Players answer until' });
    expect(until).toHaveValue('24');
    await user.selectOptions(until, '48');
    await waitFor(async () => {
      const team = await api.app.connection.db
        .selectFrom('teams')
        .select('availability_deadline_hours')
        .where('team_id', '=', 'north.town')
        .executeTakeFirstOrThrow();
      expect(team.availability_deadline_hours).toBe(48);
    });
    expect(await within(who).findByText(/^For this match: Thu, Jun 18,/)).toBeInTheDocument();
  });
});
