import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { STORAGE_KEYS, storage, type StoredUser } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { expectLink, headingTexts, optionTexts, tabNames } from '../queries';

const api = withApiMock();

async function openTeam(path = '/team/north.town') {
  const rendered = await renderRoute(path, { api });
  await screen.findByRole('heading', { level: 1, name: 'North Town' });
  return rendered;
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

function matchLinks(region: HTMLElement) {
  return within(region)
    .getAllByRole('link')
    .filter((link) => link.classList.contains('match-card'))
    .map((link) => link.getAttribute('href'));
}

describe('Team profile', () => {
  it('shows the crest, name, location and the tabs', async () => {
    await openTeam();
    expect(screen.getByRole('img', { name: 'North Town crest' })).toBeInTheDocument();
    expect(screen.getByText('North Town Park')).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Squad',
      'Matches',
      'TopScorers',
      'TopAssists',
      'CleanSheets',
      'Points',
      'League',
    ]);
    expect(screen.getByRole('tab', { name: 'Squad' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is also shown at /teams/{teamId}', async () => {
    await openTeam('/teams/north.town');
    expect(screen.getByText('North Town Park')).toBeInTheDocument();
  });

  it("says 'Team not found' for an unknown team", async () => {
    await renderRoute('/team/ghost.fc', { api });
    expect(await screen.findByText('Team not found')).toBeInTheDocument();
  });

  it("says 'Failed to fetch team data' when the team fails to load, and logs the status", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/teams\/north\.town$/);
    await renderRoute('/team/north.town', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch team dataTry again$/);
    // Logged from an effect after the screen shows the error.
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to fetch team data: 500', expect.any(ApiError)),
    );
  });

  describe('Squad tab', () => {
    it('lists coaches, then goalkeepers, defenders, midfielders and forwards, with links', async () => {
      await openTeam();
      const panel = screen.getByRole('tabpanel');
      await within(panel).findByRole('heading', { name: 'Coaches' });
      expect(headingTexts(panel)).toEqual(['Coaches', 'Goalkeepers', 'Defenders', 'Midfielders', 'Forwards']);
      expectLink(panel, /North Town Coach/, '/coach/nt-coach');
      const forward = within(panel).getByRole('link', { name: 'Number 9 North Town Forward Forward' });
      expect(forward).toHaveAttribute('href', '/player/nt.fwd');
      expect(forward).toHaveTextContent('9');
      expect(forward).toHaveTextContent('North Town Forward');
      const forwards = within(panel).getByRole('region', { name: 'Forwards' });
      expect(within(forwards).getAllByRole('link')).toHaveLength(1);
    });

    it("puts other positions last, in an 'Others' group", async () => {
      api.server.use(
        http.get(/\/api\/teams\/north\.town\/roster$/, async ({ request }) => {
          const real = (await (await api.app.app.fetch(request)).json()) as {
            players: { position_general: string }[];
            coaches: object[];
          };
          const odd = {
            ...real.players[0],
            id: 'nt.odd',
            player_id: 'nt.odd',
            name: 'Odd Job',
            position_general: 'Other',
          };
          return HttpResponse.json({ players: [odd, ...real.players], coaches: [] });
        }),
      );
      await openTeam();
      const panel = screen.getByRole('tabpanel');
      await within(panel).findByRole('heading', { name: 'Others' });
      expect(headingTexts(panel)).toEqual(['Goalkeepers', 'Defenders', 'Midfielders', 'Forwards', 'Others']);
    });

    it("says 'No players found for this team.' without players", async () => {
      api.server.use(
        http.get(/\/api\/teams\/north\.town\/roster$/, () => HttpResponse.json({ players: [], coaches: [] })),
      );
      await openTeam();
      expect(await screen.findByText('No players found for this team.')).toBeInTheDocument();
    });
  });

  describe('Matches tab', () => {
    it('splits the season at now: upcoming soonest first, past latest first', async () => {
      useTinyLeagueClock();
      await openTeam();
      const panel = await openTab('Matches');
      const upcoming = await within(panel).findByRole('region', { name: 'Upcoming Matches' });
      const past = within(panel).getByRole('region', { name: 'Past Matches' });
      const { m1, m4, m5, m8 } = api.app.matchIds;
      expect(matchLinks(upcoming)).toEqual([`/match/${m8}`]);
      expect(matchLinks(past)).toEqual([`/match/${m5}`, `/match/${m4}`, `/match/${m1}`]);
      expect(within(panel).getByRole('combobox', { name: 'Season' })).toHaveValue('2026');
    });

    it('shows the 2025 match only with the 2025 season selected', async () => {
      useTinyLeagueClock();
      await openTeam();
      const panel = await openTab('Matches');
      await within(panel).findByRole('region', { name: 'Past Matches' });
      expect(matchLinks(panel)).not.toContain(`/match/${api.app.matchIds.m10}`);
      await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Season' }), '2025 Season');
      await waitFor(() => expect(matchLinks(panel)).toEqual([`/match/${api.app.matchIds.m10}`]));
      expect(within(panel).queryByRole('region', { name: 'Upcoming Matches' })).not.toBeInTheDocument();
    });

    it("says 'No matches found' when the season has none", async () => {
      api.server.use(
        http.get(/\/api\/teams\/north\.town\/matches/, () => HttpResponse.json({ matches: [] })),
      );
      await openTeam();
      const panel = await openTab('Matches');
      expect(await within(panel).findByText('No matches found')).toBeInTheDocument();
    });

    it("says 'Error loading matches: Failed to fetch data: {body}' when the matches fail to load", async () => {
      api.failGet(/\/api\/teams\/north\.town\/matches/);
      await openTeam();
      const panel = await openTab('Matches');
      expect(await within(panel).findByRole('alert')).toHaveTextContent(
        /^Error loading matches: Failed to fetch data: boomTry again$/,
      );
    });

    it('names a plain-text error body as it came', async () => {
      api.server.use(
        http.get(
          /\/api\/teams\/north\.town\/matches/,
          () => new HttpResponse('Bad gateway', { status: 502 }),
        ),
      );
      await openTeam();
      const panel = await openTab('Matches');
      expect(await within(panel).findByRole('alert')).toHaveTextContent(
        /^Error loading matches: Failed to fetch data: Bad gatewayTry again$/,
      );
    });

    it('falls back to the current year and 2025 when the seasons fail to load, and logs it', async () => {
      useTinyLeagueClock();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.failGet(/\/api\/teams\/north\.town\/seasons$/);
      await openTeam();
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('Failed to fetch seasons: boom', expect.any(ApiError)),
      );
      const panel = await openTab('Matches');
      const select = await within(panel).findByRole('combobox', { name: 'Season' });
      expect(optionTexts(select)).toEqual(['2026 Season', '2025 Season']);
      expect(select).toHaveValue('2026');
      // The fallback seasons work: 2025 shows the 2025 match.
      await userEvent.selectOptions(select, '2025 Season');
      await waitFor(() => expect(matchLinks(panel)).toEqual([`/match/${api.app.matchIds.m10}`]));
    });

    it("logs 'Failed to fetch seasons' when the seasons cannot be reached, and falls back", async () => {
      useTinyLeagueClock();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      api.server.use(http.get(/\/api\/teams\/north\.town\/seasons$/, () => HttpResponse.error()));
      await openTeam();
      const panel = await openTab('Matches');
      const select = await within(panel).findByRole('combobox', { name: 'Season' });
      expect(within(select).getAllByRole('option')).toHaveLength(2);
      await waitFor(() =>
        expect(warn).toHaveBeenCalledWith('Failed to fetch seasons', expect.any(TypeError)),
      );
    });
  });

  describe('stats tabs', () => {
    function rows(panel: HTMLElement) {
      return within(panel)
        .getAllByRole('listitem')
        .map((row) => [
          within(row).getByRole('link').textContent,
          row.querySelector('.stat-count')?.textContent,
        ]);
    }

    it('lists top scorers, assists, clean sheets and points for the season', async () => {
      await openTeam();
      let panel = await openTab('TopScorers');
      expect(within(panel).getByRole('combobox', { name: 'Season' })).toHaveValue('2026');
      await within(panel).findByRole('link', { name: 'North Town Forward' });
      expect(rows(panel)).toEqual([
        ['North Town Forward', '2'],
        ['North Town Midfielder', '1'],
      ]);
      panel = await openTab('TopAssists');
      expect(rows(panel)).toEqual([
        ['North Town Forward', '1'],
        ['North Town Midfielder', '1'],
      ]);
      panel = await openTab('CleanSheets');
      expect(within(panel).getByText('No stats available')).toBeInTheDocument();
      panel = await openTab('Points');
      expect(rows(panel)).toEqual([
        ['North Town Forward', '5'],
        ['North Town Midfielder', '3'],
      ]);
    });

    it('reloads the leaderboards for another season', async () => {
      await renderRoute('/team/south.city', { api });
      await screen.findByRole('heading', { level: 1, name: 'South City' });
      const panel = await openTab('CleanSheets');
      await within(panel).findByRole('link', { name: 'South City Keeper' });
      expect(rows(panel)).toEqual([['South City Keeper', '1']]);
      await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Season' }), '2025 Season');
      // The chosen season stays when moving to another leaderboard.
      const scorers = await openTab('TopScorers');
      expect(within(scorers).getByRole('combobox', { name: 'Season' })).toHaveValue('2025');
      await waitFor(() => expect(rows(scorers)).toEqual([['South City Forward', '1']]));
    });
  });

  describe('League tab', () => {
    it("goes to the team's league", async () => {
      const { router } = await openTeam();
      await userEvent.click(screen.getByRole('tab', { name: 'League' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/leagues/tl-26'));
    });

    it("says 'League information not available' for a team without a league", async () => {
      const team = (await api.app.get('/api/teams/north.town')).body as object;
      api.server.use(
        http.get(/\/api\/teams\/north\.town$/, () => HttpResponse.json({ ...team, league_id: null })),
      );
      await openTeam();
      const panel = await openTab('League');
      expect(within(panel).getByText('League information not available')).toBeInTheDocument();
    });
  });

  it('shows no favourite star to a visitor', async () => {
    await openTeam();
    expect(screen.queryByRole('button', { name: 'Favourite team' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTeam)).toBeNull();
  });

  it('toggles a signed-in user’s favourite team in browser storage', async () => {
    await renderRoute('/team/north.town', {
      api,
      user: { id: 'u.team.fan', name: 'Fran Fan', user_type: 'fan', team_id: null },
    });
    await screen.findByRole('heading', { level: 1, name: 'North Town' });
    const star = screen.getByRole('button', { name: 'Favourite team' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTeam)).toBe('north.town');
    // Followed on the server too: its moved matches and confirmed results reach the bell.
    const follows = () =>
      api.app.connection.db
        .selectFrom('team_follows')
        .select('team_id')
        .where('user_id', '=', 'u.team.fan')
        .execute();
    await waitFor(async () => expect(await follows()).toEqual([{ team_id: 'north.town' }]));
    await userEvent.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(STORAGE_KEYS.favoriteTeam)).toBeNull();
    await waitFor(async () => expect(await follows()).toEqual([]));
  });

  it("'← View All Teams' sets the flag and shows all teams, even to a user with a team", async () => {
    useTinyLeagueClock();
    const user: StoredUser = { id: 'nt.owner.user', name: 'Olga', user_type: 'owner', team_id: 'north.town' };
    const setFlag = vi.spyOn(storage, 'setViewingAllTeams');
    const { router } = await renderRoute('/team/north.town', { api, user });
    await screen.findByRole('heading', { level: 1, name: 'North Town' });
    await userEvent.click(screen.getByRole('button', { name: '← View All Teams' }));
    expect(setFlag).toHaveBeenCalledWith(true);
    expect(await screen.findByRole('region', { name: 'Tiny League' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/teams');
    // Honoured once, then removed: the next visit redirects again.
    expect(localStorage.getItem(STORAGE_KEYS.viewingAllTeams)).toBeNull();
  });
});
