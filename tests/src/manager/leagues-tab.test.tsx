/**
 * The Leagues tab: a super admin runs a season — creates it, registers
 * teams, edits the rules, generates fixtures, moves and postpones matches, deducts
 * points. MSW answers with the real API over the tiny league (a fresh one per test,
 * as the tests write); the writes the screen sends are logged and their bodies checked.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { insertLeague, insertTeam } from '../../fixtures/factory';
import { logRequests, withApiMock } from '../api-mock';
import { coachOf, renderRoute } from '../render';
import { expectSelect, optionTexts, SUPER_ADMIN_TABS, tabNames } from '../queries';

const api = withApiMock({ perTest: true });
afterEach(() => {
  vi.restoreAllMocks();
});

const ADMIN: StoredUser = { id: 'lg.admin', name: 'Sam Admin', user_type: 'super_admin', team_id: null };
const db = () => api.app.connection.db;

interface Sent {
  method: string;
  path: string;
  body: unknown;
  key: string | null;
}

/** Every write the screen sends, with its JSON body. */
const writes = logRequests<Promise<Sent>>(api, (request, url) =>
  request.method === 'GET'
    ? undefined
    : request
        .clone()
        .text()
        .then((text) => ({
          method: request.method,
          path: url.pathname,
          body: text ? (JSON.parse(text) as unknown) : undefined,
          key: request.headers.get('Idempotency-Key'),
        })),
);
const sent = () => Promise.all(writes);

async function openTab() {
  const user = userEvent.setup();
  await renderRoute('/manager/leagues', { api, user: ADMIN });
  await screen.findByRole('heading', { level: 2, name: 'Leagues' });
  return user;
}

/**
 * A section of the chosen league, once it has loaded what it shows: one shows at a
 * time, so another is chosen from the sections' links first.
 */
async function section(name: string): Promise<HTMLElement> {
  const shown = screen.queryByRole('region', { name });
  if (shown) return shown;
  const nav = await screen.findByRole('navigation', { name: /^Sections of / });
  await userEvent.click(within(nav).getByRole('link', { name }));
  return screen.findByRole('region', { name });
}

/** The row (list item) holding a text. */
function rowOf(container: HTMLElement, text: string): HTMLElement {
  const row = within(container).getByText(text).closest('li');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

/** A toast with exactly this text. */
const toast = (text: string) => screen.findByText(text, { selector: '.toast span' });

/** Presses a button of a form or section and waits for the toast that answers. */
async function press(user: UserEvent, container: HTMLElement, button: string, answer: string) {
  await user.click(within(container).getByRole('button', { name: button }));
  expect(await toast(answer)).toBeInTheDocument();
}

/** The screen's write number `index` (from 0): its method, path and its whole body. */
async function expectWrite(index: number, write: Omit<Sent, 'key'>) {
  expect((await sent())[index]).toEqual(expect.objectContaining(write));
}

describe('the Leagues tab', () => {
  it('is a super admin tab, right after Team Management', async () => {
    const user = await openTab();
    expect(tabNames()).toEqual(SUPER_ADMIN_TABS);
    expect(screen.getByRole('tab', { name: 'Leagues' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Leagues');
    // Newest season first; the newest is chosen.
    const picker = await screen.findByRole('combobox', { name: 'League' });
    expect(optionTexts(picker)).toEqual(['Tiny League 2026 (Active)', 'Tiny League 2025 (Completed)']);
    expect(picker).toHaveValue('tl-26');
    for (const name of ['Details', 'Clubs', 'Rules', 'Fixtures', 'Results', 'Deductions', 'Import']) {
      expect(await section(name)).toBeInTheDocument();
    }
    // Another season is a choice away.
    await user.selectOptions(picker, 'tl-25');
    const details = await section('Details');
    expect(within(details).getByText('tl-25')).toBeInTheDocument();
    expect(within(details).getByLabelText('Status')).toHaveValue('completed');
  });

  it.each([
    ['coach', coachOf('north.town')],
    ['owner', { ...coachOf('north.town'), id: 'lg.owner', user_type: 'owner' } satisfies StoredUser],
  ])("is not there for a %s: 'Page not found'", async (_role, who) => {
    await renderRoute('/manager/leagues', { api, user: who });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Leagues' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Leagues' })).not.toBeInTheDocument();
  });
});

describe('Leagues: seasons', () => {
  it('creates a season and chooses it', async () => {
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'New season' }));
    const form = screen.getByRole('form', { name: 'New season' });
    expect(within(form).getByLabelText('League ID')).toHaveFocus();
    expect([...form.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'League ID',
      'League name',
      'Season',
      'Status',
      'Location',
    ]);
    await user.type(within(form).getByLabelText('League ID'), 'tl-27');
    await user.type(within(form).getByLabelText('League name'), 'Tiny League');
    await user.clear(within(form).getByLabelText('Season'));
    await user.type(within(form).getByLabelText('Season'), '2027');
    await user.type(within(form).getByLabelText('Location'), 'Testshire');
    expect(within(form).getByLabelText('Status')).toHaveValue('upcoming');
    await press(user, form, 'Create Season', 'Season created successfully');
    const [write] = await sent();
    expect(write).toMatchObject({
      method: 'POST',
      path: '/api/leagues',
      body: {
        league_id: 'tl-27',
        league_name: 'Tiny League',
        season: '2027',
        status: 'upcoming',
        location: 'Testshire',
      },
    });
    expect(write?.key).toMatch(/\S+/);
    expect(
      await db().selectFrom('leagues').selectAll().where('league_id', '=', 'tl-27').executeTakeFirst(),
    ).toMatchObject({ league_name: 'Tiny League', season: '2027', status: 'upcoming' });
    expect(screen.queryByRole('form', { name: 'New season' })).not.toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'League' });
    await expectSelect(picker, 'tl-27', [
      'Tiny League 2027 (Upcoming)',
      'Tiny League 2026 (Active)',
      'Tiny League 2025 (Completed)',
    ]);
    expect(await within(await section('Clubs')).findByText('No teams registered yet.')).toBeInTheDocument();
  });

  it("shows the server's reason when the id exists (409) and keeps the form", async () => {
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'New season' }));
    const form = screen.getByRole('form', { name: 'New season' });
    await user.type(within(form).getByLabelText('League ID'), 'tl-26');
    await user.type(within(form).getByLabelText('League name'), 'Tiny League again');
    await user.clear(within(form).getByLabelText('Season'));
    await user.type(within(form).getByLabelText('Season'), '2026');
    await press(user, form, 'Create Season', 'Failed to create season');
    expect(within(form).getByRole('alert')).toHaveTextContent("A league with the id 'tl-26' already exists");
    expect(within(form).getByLabelText('League ID')).toHaveValue('tl-26');
    expect(screen.getByRole('combobox', { name: 'League' })).toHaveValue('tl-26');
  });

  it('checks the id and the season before sending', async () => {
    const user = await openTab();
    await user.click(screen.getByRole('button', { name: 'New season' }));
    const form = screen.getByRole('form', { name: 'New season' });
    await user.type(within(form).getByLabelText('League ID'), 'Tiny League');
    await user.clear(within(form).getByLabelText('Season'));
    await user.type(within(form).getByLabelText('Season'), '27');
    await user.click(within(form).getByRole('button', { name: 'Create Season' }));
    expect(
      within(form).getByText('Use lower-case letters, digits, dots and hyphens, e.g. mwpl-27'),
    ).toBeInTheDocument();
    expect(within(form).getByText('League name is required')).toBeInTheDocument();
    expect(within(form).getByText('Season must be a four-digit year, e.g. 2027')).toBeInTheDocument();
    expect(within(form).getByLabelText('League ID')).toHaveFocus();
    expect(await sent()).toEqual([]);
  });

  it('keeps the name required when editing the details', async () => {
    const user = await openTab();
    const details = await section('Details');
    const name = within(details).getByLabelText('League name');
    await user.clear(name);
    await user.click(within(details).getByRole('button', { name: 'Save Details' }));
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('League name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'T');
    expect(within(details).queryByText('League name is required')).not.toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(await sent()).toEqual([]);
  });

  it("edits a season's name, status and location", async () => {
    const user = await openTab();
    const details = await section('Details');
    await user.clear(within(details).getByLabelText('League name'));
    await user.type(within(details).getByLabelText('League name'), 'Tiny Premier');
    await user.selectOptions(within(details).getByLabelText('Status'), 'completed');
    await press(user, details, 'Save Details', 'League updated successfully');
    await expectWrite(0, {
      method: 'PUT',
      path: '/api/leagues/tl-26',
      body: { league_name: 'Tiny Premier', status: 'completed', location: 'Testshire' },
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'League' })).toHaveDisplayValue(
        'Tiny Premier 2026 (Completed)',
      ),
    );
  });
});

describe('Leagues: teams', () => {
  it('registers a team and removes it', async () => {
    await insertTeam(db(), {
      team_id: 'harbour.fc',
      team_name: 'Harbour Athletic',
      location: 'Harbour Park',
    });
    const user = await openTab();
    const teams = await section('Clubs');
    const list = await within(teams).findByRole('list', { name: 'Teams in Tiny League 2026' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    const picker = await within(teams).findByLabelText('Team to register');
    // The league's own teams are not offered.
    expect(optionTexts(picker)).toEqual(['Select a team', 'Harbour Athletic']);
    await user.selectOptions(picker, 'harbour.fc');
    await press(user, teams, 'Register Team', 'Team registered successfully');
    await expectWrite(0, {
      method: 'POST',
      path: '/api/leagues/tl-26/teams',
      body: { team_id: 'harbour.fc' },
    });
    await within(list).findByText('Harbour Athletic');
    expect(
      await db()
        .selectFrom('teams')
        .select('league_id')
        .where('team_id', '=', 'harbour.fc')
        .executeTakeFirst(),
    ).toEqual({ league_id: 'tl-26' });
    // It can have points deducted now.
    const deductions = await section('Deductions');
    await waitFor(() =>
      expect(optionTexts(within(deductions).getByLabelText('Team'))).toContain('Harbour Athletic'),
    );

    // Back to Clubs (one section shows at a time) to withdraw it.
    const clubs = await within(await section('Clubs')).findByRole('list', {
      name: 'Teams in Tiny League 2026',
    });
    await user.click(
      within(rowOf(clubs, 'Harbour Athletic')).getByRole('button', { name: 'Withdraw Harbour Athletic' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Harbour Athletic?' });
    expect(
      await within(dialog).findByText(
        'Harbour Athletic has no upcoming fixtures and none waiting for a report.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await toast('Team withdrawn from the league')).toBeInTheDocument();
    expect((await sent()).slice(1)).toMatchObject([
      { method: 'DELETE', path: '/api/leagues/tl-26/teams/harbour.fc' },
      { method: 'DELETE', path: '/api/leagues/tl-26/teams/harbour.fc' },
    ]);
    await waitFor(() => expect(within(clubs).queryByText('Harbour Athletic')).not.toBeInTheDocument());
    expect(
      await db()
        .selectFrom('teams')
        .select('league_id')
        .where('team_id', '=', 'harbour.fc')
        .executeTakeFirst(),
    ).toEqual({ league_id: null });
  });

  it('lists the fixtures withdrawing a team would delete, and Cancel changes nothing', async () => {
    const user = await openTab();
    const teams = await section('Clubs');
    const list = await within(teams).findByRole('list', { name: 'Teams in Tiny League 2026' });
    await user.click(within(rowOf(list, 'North Town')).getByRole('button', { name: 'Withdraw North Town' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw North Town?' });
    const fixtures = await within(dialog).findByRole('list', { name: 'Fixtures to delete' });
    expect(
      within(fixtures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('North Town vs West Rangers')]);
    expect(within(dialog).getByRole('button', { name: 'Withdraw and delete 1 fixture' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(list).getByText('North Town')).toBeInTheDocument();
    expect(
      await db().selectFrom('matches').select('id').where('id', '=', api.app.matchIds.m8).execute(),
    ).toHaveLength(1);
  });
});

describe('Leagues: rules', () => {
  it('reorders and adds tie-breakers, changes points, and saves the rules', async () => {
    const user = await openTab();
    const rules = await section('Rules');
    const order = await within(rules).findByRole('list', { name: 'Tie-breakers in order' });
    const names = () =>
      within(order)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^\d+/, ''));
    expect(names()[0]).toMatch(/^Points/);
    expect(within(rules).getByRole('button', { name: 'Save Rules' })).toBeDisabled();

    await user.click(within(rules).getByRole('button', { name: 'Move Goals scored up' }));
    expect(within(rules).getByRole('button', { name: 'Move Goals scored up' })).toHaveFocus();
    await user.click(within(rules).getByRole('button', { name: 'Remove Wins' }));
    await user.selectOptions(within(rules).getByLabelText('Add a tie-breaker'), 'fair_play');
    await user.click(within(rules).getByRole('button', { name: 'Add' }));
    await user.clear(within(rules).getByLabelText('Points for a win'));
    await user.type(within(rules).getByLabelText('Points for a win'), '2');
    await user.clear(within(rules).getByLabelText('Report deadline (hours)'));
    await user.type(within(rules).getByLabelText('Report deadline (hours)'), '48');
    await press(user, rules, 'Save Rules', 'Rules saved successfully');
    const expected = {
      points: { win: 2, draw: 1, loss: 0 },
      tiebreakers: [
        'points',
        'goals_for',
        'goal_difference',
        'head_to_head_points',
        'head_to_head_goal_difference',
        'head_to_head_goals_for',
        'fair_play',
      ],
      report_deadline_hours: 48,
      suspensions: { red_card_matches: 1, yellow_card_threshold: 5, yellow_card_matches: 1 },
    };
    await expectWrite(0, { method: 'PUT', path: '/api/leagues/tl-26/rules', body: expected });
    const stored = await api.app.app.request('/api/leagues/tl-26/rules');
    expect(await stored.json()).toEqual(expected);
    expect(names()).toEqual([
      'Points↑↓×',
      'Goals scored↑↓×',
      'Goal difference↑↓×',
      'Head-to-head points↑↓×',
      'Head-to-head goal difference↑↓×',
      'Head-to-head goals scored↑↓×',
      'Fair play (fewest cards)↑↓×',
    ]);
    expect(within(rules).getByRole('button', { name: 'Save Rules' })).toBeDisabled();
  });

  it('keeps numbers within the limits before sending', async () => {
    const user = await openTab();
    const rules = await section('Rules');
    const win = await within(rules).findByLabelText('Points for a win');
    await user.clear(win);
    await user.type(win, '11');
    await user.click(within(rules).getByRole('button', { name: 'Save Rules' }));
    expect(within(rules).getByText('Enter a whole number from 0 to 10')).toBeInTheDocument();
    expect(win).toHaveFocus();
    expect(await sent()).toEqual([]);
  });
});

describe('Leagues: fixtures', () => {
  it('previews the fixtures (a dry run in the local time zone), then creates them', async () => {
    await insertLeague(db(), {
      league_id: 'tl-27',
      league_name: 'Tiny League',
      season: '2027',
      status: 'upcoming',
      location: 'Testshire',
    });
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      await insertTeam(db(), {
        team_id: `${name.toLowerCase()}.fc`,
        team_name: `${name} FC`,
        league_id: 'tl-27',
        location: `${name} Park`,
      });
    }
    const user = await openTab();
    expect(await screen.findByRole('combobox', { name: 'League' })).toHaveValue('tl-27');
    const fixtures = await section('Fixtures');
    fireEvent.change(within(fixtures).getByLabelText('First match day'), { target: { value: '2027-03-06' } });
    fireEvent.change(within(fixtures).getByLabelText('Kick-off time'), { target: { value: '14:30' } });
    expect(within(fixtures).getByLabelText('Days between rounds')).toHaveValue(7);
    expect(within(fixtures).getByLabelText('Format')).toHaveValue('2');
    await user.click(within(fixtures).getByRole('button', { name: 'Preview fixtures' }));

    const preview = await within(fixtures).findByRole('region', { name: 'Preview: 12 matches in 6 rounds' });
    const body = {
      start_date: '2027-03-06',
      kickoff_time: '14:30',
      interval_days: 7,
      rounds: 2,
      dry_run: true,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    expect(await sent()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/leagues/tl-27/fixtures', body }),
    ]);
    expect(
      within(preview)
        .getAllByRole('heading', { level: 5 })
        .map((h) => h.textContent),
    ).toEqual(['Round 1', 'Round 2', 'Round 3', 'Round 4', 'Round 5', 'Round 6']);
    const round1 = within(preview).getByRole('region', { name: 'Round 1' });
    expect(within(round1).getAllByRole('listitem')).toHaveLength(2);
    expect(within(round1).getAllByText(/^Sat, Mar 6, 2027, 2:30 PM/)).toHaveLength(2);
    expect(await db().selectFrom('matches').select('id').where('league_id', '=', 'tl-27').execute()).toEqual(
      [],
    );

    await press(user, preview, 'Create 12 matches', '12 matches created');
    await expectWrite(1, {
      method: 'POST',
      path: '/api/leagues/tl-27/fixtures',
      body: { ...body, dry_run: false },
    });
    expect(
      await db().selectFrom('matches').select('id').where('league_id', '=', 'tl-27').execute(),
    ).toHaveLength(12);
    expect(within(fixtures).queryByRole('region', { name: /^Preview/ })).not.toBeInTheDocument();
    // The match list starts afresh with the new fixtures.
    const matches = await section('Results');
    // Ten a page.
    expect(await within(matches).findByText('The first 10 matches: 10 upcoming')).toBeInTheDocument();
  });

  it('offers to replace the fixtures not yet played or reported when the season has matches (409)', async () => {
    const user = await openTab();
    const fixtures = await section('Fixtures');
    expect(
      within(fixtures).queryByLabelText('Replace fixtures not yet played or reported'),
    ).not.toBeInTheDocument();
    fireEvent.change(within(fixtures).getByLabelText('First match day'), { target: { value: '2026-07-04' } });
    await press(user, fixtures, 'Preview fixtures', 'Failed to preview fixtures');
    expect(within(fixtures).getByRole('alert')).toHaveTextContent('already has 9 matches');
    const replace = within(fixtures).getByLabelText('Replace fixtures not yet played or reported');
    expect(replace).not.toBeChecked();
    await user.click(replace);
    expect(within(fixtures).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(fixtures).getByRole('button', { name: 'Preview fixtures' }));

    const preview = await within(fixtures).findByRole('region', { name: /^Preview: \d+ matches/ });
    expect(
      within(preview).getByText('3 fixtures not yet played or reported will be removed and replaced.'),
    ).toBeInTheDocument();
    const create = within(preview).getByRole('button', { name: /^Create \d+ matches$/ });
    const count = Number(/\d+/.exec(create.textContent ?? '')?.[0]);
    await user.click(create);
    expect(await toast(`${count} matches created, 3 matches removed`)).toBeInTheDocument();

    const posts = (await sent()).filter((write) => write.path === '/api/leagues/tl-26/fixtures');
    expect(posts.map((write) => write.body)).toEqual([
      expect.not.objectContaining({ replace_unplayed: expect.anything() }),
      expect.objectContaining({ dry_run: true, replace_unplayed: true }),
      expect.objectContaining({ dry_run: false, replace_unplayed: true }),
    ]);
    // The reported matches stay; the three without a report went.
    const left = await db()
      .selectFrom('matches')
      .select('id')
      .where('league_id', '=', 'tl-26')
      .where('season', '=', '2026')
      .execute();
    expect(left).toHaveLength(6 + count);
    expect(
      within(fixtures).queryByLabelText('Replace fixtures not yet played or reported'),
    ).not.toBeInTheDocument();
  });
});

describe('Leagues: matches', () => {
  const match = (home: string, away: string) =>
    db()
      .selectFrom('matches as m')
      .innerJoin('teams as h', 'h.team_id', 'm.home_team')
      .innerJoin('teams as a', 'a.team_id', 'm.away_team')
      .select(['m.id', 'm.match_date', 'm.location', 'm.status'])
      .where('h.team_name', '=', home)
      .where('a.team_name', '=', away)
      .where('m.season', '=', '2026')
      .executeTakeFirstOrThrow();

  async function openMatches() {
    const user = await openTab();
    const matches = await section('Results');
    const list = await within(matches).findByRole('list', { name: 'Matches of Tiny League 2026' });
    return { user, list, matches };
  }

  it('postpones a match and reinstates it, keeping its date and place', async () => {
    const before = await match('East United', 'South City');
    const { user, list } = await openMatches();
    const row = rowOf(list, 'East United vs South City');
    await press(user, row, 'Postpone East United vs South City', 'Match postponed');
    await expectWrite(0, {
      method: 'PUT',
      path: `/api/matches/${before.id}/schedule`,
      body: { date: '2026-06-27T14:00:00.000Z', location: before.location, status: 'postponed' },
    });
    expect((await match('East United', 'South City')).status).toBe('postponed');
    const again = rowOf(list, 'East United vs South City');
    expect(within(again).getByText('Postponed')).toBeInTheDocument();
    await press(user, again, 'Reinstate East United vs South City', 'Match reinstated');
    expect((await sent())[1]).toMatchObject({ body: { status: 'scheduled' } });
    expect(await match('East United', 'South City')).toEqual(before);
  });

  it('moves a match to a new local date, time and place', async () => {
    const { id } = await match('North Town', 'West Rangers');
    const { user, list } = await openMatches();
    await user.click(
      within(rowOf(list, 'North Town vs West Rangers')).getByRole('button', {
        name: 'Move North Town vs West Rangers',
      }),
    );
    const form = screen.getByRole('form', { name: 'Move North Town vs West Rangers' });
    // The tests run in UTC: the local time is the stored one.
    const when = within(form).getByLabelText('New date and time');
    expect(when).toHaveValue('2026-06-20T14:00');
    fireEvent.change(when, { target: { value: '2026-06-21T18:30' } });
    await user.clear(within(form).getByLabelText('Location'));
    await user.type(within(form).getByLabelText('Location'), 'Harbour Park');
    await press(user, form, 'Save Move', 'Match moved successfully');
    await expectWrite(0, {
      method: 'PUT',
      path: `/api/matches/${id}/schedule`,
      body: { date: '2026-06-21T18:30:00.000Z', location: 'Harbour Park', status: 'scheduled' },
    });
    expect(await match('North Town', 'West Rangers')).toMatchObject({
      match_date: '2026-06-21T18:30:00.000Z',
      location: 'Harbour Park',
      status: 'scheduled',
    });
    expect(screen.queryByRole('form', { name: 'Move North Town vs West Rangers' })).not.toBeInTheDocument();
    expect(within(rowOf(list, 'North Town vs West Rangers')).getByText(/Harbour Park/)).toBeInTheDocument();
  });

  it('lists the matches in kick-off order, and offers Move and Postpone only for one without a report', async () => {
    const { list, matches } = await openMatches();
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((row) => within(row).queryByRole('button', { name: /^Move / }))
        .map((row) => within(row).getByText(/ vs /).textContent),
    ).toEqual(['West Rangers vs East United', 'North Town vs West Rangers', 'East United vs South City']);
    const pending = rowOf(list, 'North Town vs East United');
    expect(within(pending).getByText('Result awaiting approval')).toBeInTheDocument();
    expect(within(pending).queryByRole('button')).not.toBeInTheDocument();
    const approved = rowOf(list, 'North Town vs South City');
    expect(within(approved).getByText('Result approved')).toBeInTheDocument();
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
    expect(within(matches).getByText('9 matches: 6 reported, 3 past with no report')).toBeInTheDocument();
  });
});

describe('Leagues: deductions', () => {
  it('deducts points from a team and removes the deduction after confirming', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const user = await openTab();
    const deductions = await section('Deductions');
    expect(await within(deductions).findByText('No points deducted.')).toBeInTheDocument();
    const form = await within(deductions).findByRole('form', { name: 'Deduct points' });
    await user.selectOptions(within(form).getByLabelText('Team'), 'south.city');
    await user.type(within(form).getByLabelText('Points'), '3');
    await user.type(within(form).getByLabelText('Reason'), 'Fielded an ineligible player');
    await press(user, form, 'Deduct Points', 'Deduction added successfully');
    await expectWrite(0, {
      method: 'POST',
      path: '/api/leagues/tl-26/deductions',
      body: { team_id: 'south.city', points: 3, reason: 'Fielded an ineligible player' },
    });
    const list = await within(deductions).findByRole('list', { name: 'Deductions in Tiny League 2026' });
    const row = rowOf(list, 'Fielded an ineligible player');
    expect(row).toHaveTextContent('South City −3 points');
    expect(within(form).getByLabelText('Reason')).toHaveValue('');
    const [stored] = await db().selectFrom('points_deductions').selectAll().execute();
    expect(stored).toMatchObject({ team_id: 'south.city', points: 3 });

    const remove = within(row).getByRole('button', {
      name: 'Remove the deduction of 3 points from South City',
    });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Remove the deduction of 3 points from South City?');
    expect(await sent()).toHaveLength(1);
    await user.click(remove);
    expect(await toast('Deduction removed successfully')).toBeInTheDocument();
    expect((await sent())[1]).toMatchObject({
      method: 'DELETE',
      path: `/api/leagues/tl-26/deductions/${stored?.id}`,
    });
    expect(await within(deductions).findByText('No points deducted.')).toBeInTheDocument();
    expect(await db().selectFrom('points_deductions').selectAll().execute()).toEqual([]);
  });

  it('checks the points and the reason before sending', async () => {
    const user = await openTab();
    const deductions = await section('Deductions');
    const form = await within(deductions).findByRole('form', { name: 'Deduct points' });
    await user.type(within(form).getByLabelText('Points'), '0');
    await user.click(within(form).getByRole('button', { name: 'Deduct Points' }));
    expect(within(form).getByText('Choose a team')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole number of points from 1 to 100')).toBeInTheDocument();
    expect(within(form).getByText('Reason is required')).toBeInTheDocument();
    expect(await sent()).toEqual([]);
  });
});
