/**
 * The manager dashboard by memberships: a league admin gets the admin tabs, each limited
 * to the league they run (its teams, its seasons, an invitation to it); a coach of two
 * teams chooses between them. Another league (with its own team) and the tiny league's
 * 2025 season sit beside it, and must not show.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { addLeagueAdmin, addUser } from '../../fixtures/auth';
import { insertLeague, insertTeam } from '../../fixtures/factory';
import { withApiMock, type ApiMock } from '../api-mock';
import { optionTexts, SUPER_ADMIN_TABS, tabNames } from '../queries';
import { renderRoute, useTinyLeagueClock } from '../render';

const TINY_TEAMS = ['East United', 'North Town', 'South City', 'West Rangers'];

/** An admin of the tiny league's 2026 season (tl-26), as the server's sign-in answers them. */
const LEAGUE_ADMIN: StoredUser = {
  id: 'la.admin',
  name: 'Lee League',
  email: 'lee@example.test',
  user_type: 'admin',
  team_id: null,
  memberships: [{ role: 'league_admin', league_id: 'tl-26' }],
};

/** Coach of North Town (tiny league) and of Far Away (another league). */
const TWO_TEAM_COACH: StoredUser = {
  id: 'la.coach',
  name: 'Cody Two',
  user_type: 'coach',
  team_id: 'north.town',
  memberships: [
    { role: 'coach', team_id: 'north.town' },
    { role: 'coach', team_id: 'far.away' },
  ],
};

async function addOtherLeague(api: ApiMock) {
  const { db } = api.app.connection;
  await insertLeague(db, { league_id: 'other-26', league_name: 'Other League', season: '2026' });
  await insertTeam(db, { team_id: 'far.away', team_name: 'Far Away', league_id: 'other-26' });
  await addLeagueAdmin(
    db,
    { id: LEAGUE_ADMIN.id, name: LEAGUE_ADMIN.name, email: LEAGUE_ADMIN.email },
    'tl-26',
  );
  await addUser(db, {
    id: TWO_TEAM_COACH.id,
    name: TWO_TEAM_COACH.name,
    user_type: 'coach',
    team_id: 'north.town',
  });
  await db
    .insertInto('memberships')
    .values({
      user_id: TWO_TEAM_COACH.id,
      role: 'coach',
      league_id: null,
      team_id: 'far.away',
      player_id: null,
    })
    .execute();
}

const api = withApiMock({ setup: addOtherLeague });

/** A team select's teams, sorted, without its prompt. */
const choices = (select: HTMLElement) =>
  optionTexts(select)
    .filter((text) => text !== 'Select a team')
    .sort();

/** The team names on a list of team cards, sorted. */
const teamNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => [...TINY_TEAMS, 'Far Away'].find((name) => item.textContent?.includes(name)) ?? '?')
    .sort();

describe("a league admin's dashboard", () => {
  it('has the admin tabs, and the Manage item', async () => {
    await renderRoute('/manager', { api, user: LEAGUE_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(tabNames()).toEqual(SUPER_ADMIN_TABS);
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manager');
  });

  it("shows only their league's teams in Team Management, with an invitation to the chosen team", async () => {
    const actor = userEvent.setup();
    await renderRoute('/manager/team-management', { api, user: LEAGUE_ADMIN });
    const teams = await screen.findByRole('region', { name: 'Teams' });
    await waitFor(() =>
      expect(within(teams).getAllByRole('button', { name: /Delete Team/ })).toHaveLength(4),
    );
    expect(teamNames(teams)).toEqual(TINY_TEAMS);
    expect(screen.getByRole('button', { name: 'Add New Team' })).toBeInTheDocument();

    await actor.click(within(teams).getByRole('button', { name: /^North Town/ }));
    expect(await screen.findByRole('region', { name: 'Invite to North Town' })).toBeInTheDocument();
  });

  it('runs only their league in the Leagues tab, without New season, with an invitation to it', async () => {
    await renderRoute('/manager/leagues', { api, user: LEAGUE_ADMIN });
    const league = await screen.findByRole('combobox', { name: 'League' });
    expect(optionTexts(league)).toEqual(['Tiny League 2026 (Active)']);
    expect(screen.queryByRole('button', { name: 'New season' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Invite to Tiny League' })).toBeInTheDocument();
  });

  it("offers only their league's teams for reports and reviews", async () => {
    useTinyLeagueClock();
    const actor = userEvent.setup();
    await renderRoute('/manager/match-report', { api, user: LEAGUE_ADMIN });
    const team = await screen.findByRole('combobox', { name: 'Team' });
    expect(choices(team)).toEqual(TINY_TEAMS);

    await actor.click(screen.getByRole('tab', { name: 'Pending Results' }));
    const cards = await screen.findByRole('list', { name: 'Teams' });
    expect(teamNames(cards)).toEqual(TINY_TEAMS);
  });
});

describe('a coach of two teams', () => {
  it('chooses between them where a team is chosen', async () => {
    useTinyLeagueClock();
    const actor = userEvent.setup();
    await renderRoute('/manager', { api, user: TWO_TEAM_COACH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coach Dashboard' })).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Match Report',
      'Team Selection',
      'Availability',
      'Pending Results',
      'My Club',
    ]);
    const team = await screen.findByRole('combobox', { name: 'Team' });
    expect(choices(team)).toEqual(['Far Away', 'North Town']);

    await actor.click(screen.getByRole('tab', { name: 'Team Selection' }));
    const cards = await screen.findByRole('list', { name: 'Teams' });
    expect(teamNames(cards)).toEqual(['Far Away', 'North Town']);

    // My Club lists both of their clubs, and neither is chosen for them.
    await actor.click(screen.getByRole('tab', { name: 'My Club' }));
    const clubs = await screen.findByRole('region', { name: 'Teams' });
    expect(await within(clubs).findByRole('button', { name: /^Far Away\b/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(clubs).getByRole('button', { name: /^North Town\b/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByText('Select a team to manage its roster.')).toBeInTheDocument();
  });
});
