import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { closeOfflineDb, offlineDb } from '@/offline/db';
import { listOutbox } from '@/offline/outbox';
import { storage, type StoredUser } from '@/lib/storage';
import { type ApiMock, logRequests, withApiMock } from '../api-mock';
import { showCards } from '../match-cards';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { optionTexts } from '../queries';

// fake-indexeddb/auto brings the IndexedDB classes; only the tests with no network get a
// database, so elsewhere a report goes straight to the API as it does without IndexedDB.
Reflect.deleteProperty(globalThis, 'indexedDB');

// Reports write to the database: every test gets a fresh tiny league.
const api = withApiMock({ perTest: true });
const requests = logRequests(api, (request, url) => `${request.method} ${url.pathname}${url.search}`);

const superAdmin: StoredUser = { id: 'root', name: 'Ada Admin', user_type: 'super_admin', team_id: null };
const id = (key: keyof ApiMock['app']['matchIds']) => String(api.app.matchIds[key]);

async function openTab(user: StoredUser) {
  const view = await renderRoute('/manager/match-report', { api, user });
  await screen.findByRole('heading', { level: 2, name: 'Match Report' });
  return view;
}

const matchSelect = () => screen.findByRole('combobox', { name: 'Match' });

/**
 * Chooses a match and waits for its players; the opponent's players and every player's
 * goalkeeper box too (the form lists them only when asked), unless `ownOnly`.
 */
async function chooseMatch(matchId: string, { ownOnly = false } = {}) {
  const user = userEvent.setup();
  await user.selectOptions(await matchSelect(), matchId);
  await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 });
  if (!ownOnly) {
    for (const show of screen.queryAllByRole('button', { name: /^Show .*players$/ })) await user.click(show);
  }
  return user;
}

const add = (what: 'goal' | 'assist', player: string) =>
  screen.getByRole('button', { name: `Add ${what === 'goal' ? 'a goal' : 'an assist'} for ${player}` });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

/** The card control of one player, a radio group. */
const cardsOf = (player: string) => screen.getByRole('radiogroup', { name: `Cards for ${player}` });
const cardChoice = (player: string, label: string) =>
  within(cardsOf(player)).getByRole('radio', { name: label });
const chosenCard = (player: string) =>
  within(cardsOf(player))
    .getAllByRole('radio')
    .filter((radio) => (radio as HTMLInputElement).checked)
    .map((radio) => radio.closest('label')?.textContent);

/** The bodies of the reports posted while the test runs (the real API still answers them). */
function reportBodies(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  api.server.use(
    http.post(/\/api\/matches\/\d+\/report$/, async ({ request }) => {
      bodies.push((await request.clone().json()) as Record<string, unknown>);
      // Nothing returned: the request goes on to the real API.
    }),
  );
  return bodies;
}

async function cardsInDb(matchId: string) {
  return api.app.connection.db
    .selectFrom('match_cards')
    .select(['player_id', 'team_id', 'card'])
    .where('match_id', '=', Number(matchId))
    .orderBy('id')
    .execute();
}

async function setScore(user: ReturnType<typeof userEvent.setup>, which: 'Home' | 'Away', value: string) {
  const input = screen.getByRole('spinbutton', { name: `${which} score` });
  await user.clear(input);
  if (value !== '') await user.type(input, value);
  await user.tab();
}

describe('the Match Report tab', () => {
  it("shows a coach's own team and its matches that have kicked off, labelled by date, opponent and state", async () => {
    useTinyLeagueClock();
    await openTab(coachOf('north.town'));
    expect(await screen.findByText('North Town')).toBeInTheDocument();
    expect(screen.getByText('Team')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'North Town crest' })).toBeInTheDocument();
    // Latest first; the upcoming m8 is not offered, and every approval value stays listed.
    expect(optionTexts(await matchSelect())).toEqual([
      'Select a match',
      'Sat, Jun 6 — North Town (you) vs East United · 4-0 reported by the opponent, pending your review',
      'Sat, May 23 — West Rangers vs North Town (you) · 1-1 approved',
      'Sat, May 2 — North Town (you) vs South City · 2-1 approved',
      'Sat, Sep 6, 2025 — North Town (you) vs South City · 0-1 approved',
    ]);
  });

  it('labels unreported and rejected matches too', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    expect(optionTexts(await matchSelect())).toEqual([
      'Select a match',
      'Sun, Jun 14 — West Rangers (you) vs East United · not reported',
      'Sat, Jun 13 — South City vs West Rangers (you) · 0-5 rejected',
      'Sat, May 23 — West Rangers (you) vs North Town · 1-1 approved',
      'Sat, May 9 — East United vs West Rangers (you) · 0-0 approved',
    ]);
  });

  it('waits the 300 ms pause before loading matches, then shows them loading', async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/teams\/west\.rangers\/matches$/, 400);
    await renderRoute('/manager/match-report', { api, user: coachOf('west.rangers') });
    // The tab has just mounted: the pause is still running.
    expect(requests.some((r) => r.includes('/api/teams/west.rangers/matches'))).toBe(false);
    expect(await screen.findByText('Loading matches...')).toBeInTheDocument();
    await matchSelect();
    expect(requests).toContain('GET /api/teams/west.rangers/matches');
  });

  it("says 'Please select a match first' when submitting without a match", async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    await matchSelect();
    await userEvent.setup().click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a match first');
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false);
  });

  it('lists both squads with counters and goalkeeper boxes, starting from nothing for an unreported match', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    await chooseMatch(id('m7'));
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Away score' })).toHaveValue(0);
    // Each side's players under its club; the reporting team's marked as theirs.
    const home = screen.getByRole('region', { name: 'West Rangers (your club) home' });
    const away = screen.getByRole('region', { name: 'East United away' });
    // Roster order: goalkeeper, defender, midfielder, forward, with numbers and positions.
    expect(
      within(home)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.report-player-name')?.textContent),
    ).toEqual([
      'West Rangers Keeper',
      'West Rangers Defender',
      'West Rangers Midfielder',
      'West Rangers Forward',
    ]);
    expect(within(home).getAllByRole('listitem')[3]).toHaveTextContent('9West Rangers ForwardForward');
    expect(within(screen.getByRole('group', { name: 'East United' })).getAllByRole('checkbox')).toHaveLength(
      4,
    );
    expect(within(away).getAllByRole('listitem')).toHaveLength(4);
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove a goal from West Rangers Forward' })).toBeDisabled();
    expect(
      within(screen.getByRole('group', { name: 'Goals for West Rangers Forward' })).getByText('0'),
    ).toBeInTheDocument();
  });

  it('submits the report: ids repeated per goal and assist, PENDING, then closes the form and reloads the list', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await setScore(user, 'Home', '2');
    await setScore(user, 'Away', '1');
    await user.click(add('goal', 'West Rangers Forward'));
    await user.click(add('goal', 'West Rangers Forward'));
    await user.click(add('goal', 'East United Forward'));
    await user.click(add('assist', 'West Rangers Midfielder'));
    await user.click(screen.getByRole('checkbox', { name: 'Goalkeeper: West Rangers Keeper' }));
    await user.click(screen.getByRole('checkbox', { name: 'Goalkeeper: East United Keeper' }));
    expect(
      within(screen.getByRole('group', { name: 'Goals for West Rangers Forward' })).getByText('2'),
    ).toBeInTheDocument();
    await user.click(submitButton());

    expect(
      (await screen.findByText('Match report submitted successfully!')).closest('[role="status"]'),
    ).not.toBeNull();
    // The form closed and was reset; the list reloaded with the new state.
    expect(screen.queryByRole('spinbutton', { name: 'Home score' })).not.toBeInTheDocument();
    expect(await matchSelect()).toHaveValue('');
    await waitFor(() =>
      expect(optionTexts(screen.getByRole('combobox', { name: 'Match' }))).toContain(
        'Sun, Jun 14 — West Rangers (you) vs East United · 2-1 reported, pending approval',
      ),
    );

    const post = requests.filter((r) => r.startsWith('POST'));
    expect(post).toEqual([`POST /api/matches/${id('m7')}/report`]);
    const { db } = api.app.connection;
    const match = await db
      .selectFrom('matches')
      .select(['home_score', 'away_score', 'approved', 'reported_by_team'])
      .where('id', '=', Number(id('m7')))
      .executeTakeFirstOrThrow();
    expect(match).toEqual({
      home_score: 2,
      away_score: 1,
      approved: 'PENDING',
      reported_by_team: 'west.rangers',
    });
    const events = await db
      .selectFrom('match_events')
      .select(['kind', 'player_id', 'team_id'])
      .where('match_id', '=', Number(id('m7')))
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'goal', player_id: 'wr.fwd', team_id: 'west.rangers' },
      { kind: 'goal', player_id: 'wr.fwd', team_id: 'west.rangers' },
      { kind: 'goal', player_id: 'eu.fwd', team_id: 'east.united' },
      { kind: 'assist', player_id: 'wr.mid', team_id: 'west.rangers' },
      { kind: 'goalkeeper', player_id: 'wr.gk', team_id: 'west.rangers' },
      { kind: 'goalkeeper', player_id: 'eu.gk', team_id: 'east.united' },
    ]);

    // Choosing the match again starts from the report just sent.
    await chooseMatch(id('m7'));
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toHaveValue(2);
    expect(screen.queryByText('Match report submitted successfully!')).not.toBeInTheDocument();
  });

  it('prefills from the existing report (a rejected one can be sent again)', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m6'));
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toHaveValue(0);
    expect(screen.getByRole('spinbutton', { name: 'Away score' })).toHaveValue(5);
    expect(
      within(screen.getByRole('group', { name: 'Goals for West Rangers Forward' })).getByText('5'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Goalkeeper: South City Keeper' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Goalkeeper: West Rangers Keeper' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Goalkeeper: West Rangers Forward' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove a goal from West Rangers Forward' }));
    await setScore(user, 'Away', '4');
    await user.click(submitButton());
    await screen.findByText('Match report submitted successfully!');
    const { db } = api.app.connection;
    const match = await db
      .selectFrom('matches')
      .select(['home_score', 'away_score', 'approved'])
      .where('id', '=', Number(id('m6')))
      .executeTakeFirstOrThrow();
    expect(match).toEqual({ home_score: 0, away_score: 4, approved: 'PENDING' });
    const goals = await db
      .selectFrom('match_events')
      .select('player_id')
      .where('match_id', '=', Number(id('m6')))
      .where('kind', '=', 'goal')
      .execute();
    expect(goals).toHaveLength(4);
  });

  it('turns non-numeric, negative and fractional scores into whole numbers from 0', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    const home = screen.getByRole('spinbutton', { name: 'Home score' });
    await user.clear(home);
    await user.type(home, 'abc');
    await user.tab();
    expect(home).toHaveValue(0);
    await setScore(user, 'Home', '-3');
    expect(home).toHaveValue(0);
    await setScore(user, 'Home', '2.7');
    expect(home).toHaveValue(2);
    await setScore(user, 'Away', '');
    expect(screen.getByRole('spinbutton', { name: 'Away score' })).toHaveValue(0);
  });

  it('shows the rules before the server does and holds Submit back', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await user.click(add('goal', 'West Rangers Forward'));
    expect(screen.getByText('West Rangers is credited with 1 goal but scored 0')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await setScore(user, 'Home', '1');
    expect(screen.queryByText(/credited with/)).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    await user.click(add('assist', 'East United Midfielder'));
    expect(
      screen.getByText('East United is credited with 1 assist but only 0 goals by its players'),
    ).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove an assist from East United Midfielder' }));

    for (const name of ['West Rangers Keeper', 'West Rangers Defender', 'West Rangers Midfielder']) {
      await user.click(screen.getByRole('checkbox', { name: `Goalkeeper: ${name}` }));
    }
    expect(screen.getByText('West Rangers lists 3 goalkeepers; at most 2 per team')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Goalkeeper: West Rangers Defender' }));
    expect(submitButton()).toBeEnabled();

    await setScore(user, 'Away', '100');
    expect(screen.getByText('Scores must be whole numbers from 0 to 99')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it('refuses, before the server, an approved result', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('north.town'));
    await chooseMatch(id('m4'));
    expect(screen.getByText('This match already has an approved result')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
  });

  it("answers the opponent's pending report: the same result confirms it at once", async () => {
    useTinyLeagueClock();
    await openTab(coachOf('north.town'));
    const user = await chooseMatch(id('m5'));
    expect(
      screen.getByText(
        'East United reported: North Town (you) 4–0 East United. Send your own report: if it matches theirs, ' +
          'the result is approved at once; ' +
          'if not, both go to review side by side (Pending Results tab).',
      ),
    ).toBeInTheDocument();
    // The opponent's report is shown as it stands, and may be sent as it is.
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toHaveValue(4);
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Match report submitted successfully! It matches East United’s report: the result is approved.',
    );
    const row = await api.app.connection.db
      .selectFrom('matches')
      .select(['approved', 'reported_by_team'])
      .where('id', '=', Number(id('m5')))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ approved: 'TRUE', reported_by_team: 'east.united' });
  });

  it("answers the opponent's pending report: a different result is kept beside it for review", async () => {
    useTinyLeagueClock();
    await openTab(coachOf('north.town'));
    const user = await chooseMatch(id('m5'));
    await setScore(user, 'Home', '3');
    await user.click(screen.getByRole('button', { name: 'Remove a goal from North Town Forward' }));
    await user.click(submitButton());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Match report submitted successfully! It differs from East United’s report: both go to the league to decide.',
    );
    const counter = await api.app.connection.db
      .selectFrom('match_counter_reports')
      .select(['team_id', 'home_score'])
      .execute();
    expect(counter).toEqual([{ team_id: 'north.town', home_score: 3 }]);
  });

  it('shows the server detail when the report is refused', async () => {
    useTinyLeagueClock();
    api.server.use(
      http.post(/\/api\/matches\/\d+\/report$/, () =>
        HttpResponse.json({ detail: 'This match has not been played yet' }, { status: 409 }),
      ),
    );
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This match has not been played yet');
    // The form stays open with what was entered.
    expect(screen.getByRole('spinbutton', { name: 'Home score' })).toBeInTheDocument();
  });

  it("says 'Failed to submit match report' when the server gives no detail", async () => {
    useTinyLeagueClock();
    api.server.use(http.post(/\/api\/matches\/\d+\/report$/, () => new HttpResponse(null, { status: 502 })));
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to submit match report');
    const row = await api.app.connection.db
      .selectFrom('matches')
      .select('approved')
      .where('id', '=', Number(id('m7')))
      .executeTakeFirstOrThrow();
    expect(row.approved).toBe('');
  });

  it("sends no report without a stored token: 'No authentication token found'", async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    storage.setToken(null); // the token is gone, the form is still open
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No authentication token found$/);
    expect(requests.filter((line) => line.startsWith('POST'))).toEqual([]);
  });

  it('lets a super admin choose any team; changing the team resets the match and the selections', async () => {
    useTinyLeagueClock();
    await openTab(superAdmin);
    const teamSelect = screen.getByRole('combobox', { name: 'Team' });
    expect(optionTexts(teamSelect)).toEqual([
      'Select a team',
      'East United',
      'North Town',
      'South City',
      'West Rangers',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Match' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(teamSelect, 'west.rangers');
    await chooseMatch(id('m7'));
    await user.click(add('goal', 'West Rangers Forward'));

    await user.selectOptions(teamSelect, 'north.town');
    expect(screen.queryByRole('spinbutton', { name: 'Home score' })).not.toBeInTheDocument();
    expect(await matchSelect()).toHaveValue('');
    expect(optionTexts(screen.getByRole('combobox', { name: 'Match' }))).toContain(
      'Sat, May 2 — North Town (you) vs South City · 2-1 approved',
    );
    // A super admin may correct even an approved result.
    await chooseMatch(id('m1'));
    expect(screen.queryByText('This match already has an approved result')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    // Back on West Rangers, m7 starts from nothing again.
    await user.selectOptions(teamSelect, 'west.rangers');
    await chooseMatch(id('m7'));
    expect(
      within(screen.getByRole('group', { name: 'Goals for West Rangers Forward' })).getByText('0'),
    ).toBeInTheDocument();
  });

  it("says when the teams fail to load, and logs 'Failed to fetch teams'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/teams$/);
    await openTab(superAdmin);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load teams. Please try again later.',
    );
    // Logged from an effect after the screen shows the error.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch teams', expect.any(ApiError)));
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('says when the matches fail to load', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/west\.rangers\/matches$/);
    await openTab(coachOf('west.rangers'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load matches. Please try again later.',
    );
  });

  it('says when the players fail to load', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/east\.united\/roster$/);
    await openTab(coachOf('west.rangers'));
    await userEvent.setup().selectOptions(await matchSelect(), id('m7'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load players. Please try again later.',
    );
    expect(screen.queryByRole('spinbutton', { name: 'Home score' })).not.toBeInTheDocument();
  });

  it("tells a coach without a team 'No team found for your account'", async () => {
    await renderRoute('/manager/match-report', {
      api,
      user: { id: 'lonely', name: 'Lonely Coach', user_type: 'coach', team_id: null },
    });
    expect(await screen.findByText('No team found for your account')).toBeInTheDocument();
  });
});

describe('cards in the Match Report', () => {
  const ALL_PLAYERS = ['Keeper', 'Defender', 'Midfielder', 'Forward'].flatMap((role) => [
    `West Rangers ${role}`,
    `East United ${role}`,
  ]);

  it('offers no card, yellow, second yellow, red and yellow + red per player, starting from no card', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('west.rangers'));
    await chooseMatch(id('m7'));
    expect(screen.getAllByRole('radiogroup', { name: /^Cards for / })).toHaveLength(8);
    for (const player of ALL_PLAYERS) {
      expect(
        within(cardsOf(player))
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual(['No card', 'Yellow', '2nd yellow', 'Red', 'Yellow + red']);
      expect(cardChoice(player, 'No card')).toBeChecked();
    }
  });

  it('sends an id once per yellow (twice for a second yellow) and once per red, stored on its side', async () => {
    useTinyLeagueClock();
    const bodies = reportBodies();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await user.click(cardChoice('West Rangers Forward', 'Yellow'));
    await user.click(cardChoice('West Rangers Midfielder', '2nd yellow'));
    await user.click(cardChoice('East United Defender', 'Red'));
    // Booked, then sent off with a straight red: a yellow and a red.
    await user.click(cardChoice('East United Keeper', 'Yellow + red'));
    // Changing one's mind: a red taken back, a second yellow brought down to one.
    await user.click(cardChoice('East United Forward', 'Red'));
    await user.click(cardChoice('East United Forward', 'No card'));
    await user.click(cardChoice('West Rangers Defender', '2nd yellow'));
    await user.click(cardChoice('West Rangers Defender', 'Yellow'));
    expect(chosenCard('West Rangers Midfielder')).toEqual(['2nd yellow']);
    expect(chosenCard('East United Forward')).toEqual(['No card']);
    await user.click(submitButton());
    await screen.findByText('Match report submitted successfully!');

    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      home_score: 0,
      away_score: 0,
      // Squad order: home then away, goalkeeper to forward.
      yellow_cards: ['wr.def', 'wr.mid', 'wr.mid', 'wr.fwd', 'eu.gk'],
      red_cards: ['eu.gk', 'eu.def'],
    });
    expect(await cardsInDb(id('m7'))).toEqual([
      { player_id: 'wr.def', team_id: 'west.rangers', card: 'yellow' },
      { player_id: 'wr.mid', team_id: 'west.rangers', card: 'yellow' },
      { player_id: 'wr.mid', team_id: 'west.rangers', card: 'yellow' },
      { player_id: 'wr.fwd', team_id: 'west.rangers', card: 'yellow' },
      { player_id: 'eu.gk', team_id: 'east.united', card: 'yellow' },
      { player_id: 'eu.gk', team_id: 'east.united', card: 'red' },
      { player_id: 'eu.def', team_id: 'east.united', card: 'red' },
    ]);

    // Opening the match again starts from the cards just sent.
    await chooseMatch(id('m7'));
    expect(chosenCard('West Rangers Defender')).toEqual(['Yellow']);
    expect(chosenCard('West Rangers Midfielder')).toEqual(['2nd yellow']);
    expect(chosenCard('West Rangers Forward')).toEqual(['Yellow']);
    expect(chosenCard('East United Defender')).toEqual(['Red']);
    expect(chosenCard('East United Keeper')).toEqual(['Yellow + red']);
    expect(chosenCard('East United Forward')).toEqual(['No card']);
  });

  it('sends empty card lists when nobody was booked', async () => {
    useTinyLeagueClock();
    const bodies = reportBodies();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m7'));
    await user.click(submitButton());
    await screen.findByText('Match report submitted successfully!');
    expect(bodies[0]).toMatchObject({ yellow_cards: [], red_cards: [] });
    expect(await cardsInDb(id('m7'))).toEqual([]);
  });

  it('prefills the cards of an existing report; a yellow then a straight red is kept', async () => {
    useTinyLeagueClock();
    await showCards(api, id('m6'), {
      // sc.fwd: two yellows and a red (the API takes it), the sending-off of a second yellow.
      yellow: ['wr.fwd', 'sc.mid', 'wr.fwd', 'sc.gk', 'sc.fwd', 'sc.fwd'],
      red: ['sc.def', 'sc.gk', 'sc.fwd'],
    });
    const bodies = reportBodies();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m6'));
    expect(chosenCard('West Rangers Forward')).toEqual(['2nd yellow']);
    expect(chosenCard('South City Midfielder')).toEqual(['Yellow']);
    expect(chosenCard('South City Defender')).toEqual(['Red']);
    expect(chosenCard('South City Keeper')).toEqual(['Yellow + red']);
    expect(chosenCard('South City Forward')).toEqual(['2nd yellow']);
    expect(chosenCard('West Rangers Keeper')).toEqual(['No card']);

    // Sent again as it stands (a rejected report may be), one card changed.
    await user.click(cardChoice('South City Midfielder', 'No card'));
    await user.click(submitButton());
    await screen.findByText('Match report submitted successfully!');
    // Squad order, South City at home; the forward's red goes with the second yellow.
    expect(bodies[0]).toMatchObject({
      yellow_cards: ['sc.gk', 'sc.fwd', 'sc.fwd', 'wr.fwd', 'wr.fwd'],
      red_cards: ['sc.gk', 'sc.def'],
    });
  });

  it('starts from no card for a match answer stored before cards existed', async () => {
    useTinyLeagueClock();
    api.server.use(
      http.get(/\/api\/matches\/\d+$/, async ({ request }) => {
        const real = await api.app.app.request(new URL(request.url).pathname);
        const {
          yellow_cards: _yellow,
          red_cards: _red,
          ...old
        } = (await real.json()) as Record<string, unknown>;
        return HttpResponse.json(old);
      }),
    );
    const bodies = reportBodies();
    await openTab(coachOf('west.rangers'));
    const user = await chooseMatch(id('m6'));
    for (const player of ['West Rangers Forward', 'South City Keeper', 'South City Forward']) {
      expect(chosenCard(player)).toEqual(['No card']);
    }
    // The rest of the old answer still prefills.
    expect(screen.getByRole('spinbutton', { name: 'Away score' })).toHaveValue(5);
    await user.click(cardChoice('South City Forward', 'Yellow'));
    await user.click(submitButton());
    await screen.findByText('Match report submitted successfully!');
    expect(bodies[0]).toMatchObject({ yellow_cards: ['sc.fwd'], red_cards: [] });
  });

  it('cannot change the cards while the report may not be sent', async () => {
    useTinyLeagueClock();
    await openTab(coachOf('north.town'));
    await chooseMatch(id('m4'));
    expect(screen.getByText('This match already has an approved result')).toBeInTheDocument();
    expect(cardChoice('North Town Forward', 'Red')).toBeDisabled();
  });

  describe('with no network', () => {
    let online = true;
    beforeEach(() => {
      // A fresh database for each: with one, staff writes may wait in the outbox.
      globalThis.indexedDB = new IDBFactory();
      online = true;
      const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
      return () => onLine.mockRestore();
    });
    afterEach(async () => {
      await closeOfflineDb();
      Reflect.deleteProperty(globalThis, 'indexedDB');
    });

    it('queues the report with its cards unchanged and sends them when back online', async () => {
      useTinyLeagueClock();
      await openTab(coachOf('west.rangers'));
      const user = await chooseMatch(id('m7'));
      await user.click(cardChoice('West Rangers Midfielder', '2nd yellow'));
      await user.click(cardChoice('East United Keeper', 'Red'));
      online = false;
      window.dispatchEvent(new Event('offline'));
      await user.click(submitButton());
      expect(await screen.findByText('Saved offline — will send when back online')).toBeInTheDocument();

      const [queued] = await listOutbox(await offlineDb());
      expect(queued?.body).toMatchObject({
        yellow_cards: ['wr.mid', 'wr.mid'],
        red_cards: ['eu.gk'],
      });
      expect(await cardsInDb(id('m7'))).toEqual([]);

      online = true;
      window.dispatchEvent(new Event('online'));
      await waitFor(async () => expect((await listOutbox(await offlineDb()))[0]?.state).toBe('sent'));
      expect(await cardsInDb(id('m7'))).toEqual([
        { player_id: 'wr.mid', team_id: 'west.rangers', card: 'yellow' },
        { player_id: 'wr.mid', team_id: 'west.rangers', card: 'yellow' },
        { player_id: 'eu.gk', team_id: 'east.united', card: 'red' },
      ]);
    });
  });
});
