/**
 * The league secretary's desk in Chromium against the real seeded server, as the demo
 * league admin on a phone: (a) withdrawing a club lists its upcoming fixtures (and any past one
 * with no report) in the confirmation, and they are gone after; (b) a result the two teams reported
 * differently is decided from the "Needs decision" inbox by choosing one report.
 */
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { launchBrowser, screenshot } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM, demoToken, login, unreportedAgainstOwner } from './pages';

const SECRETARY = 'admin@touchline.demo';
const server = withServer();

interface Listed {
  id: number;
  approved: string;
  home_team_name: string;
  away_team_name: string;
}

async function api<T>(
  path: string,
  init: RequestInit = {},
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe("the league secretary's desk", () => {
  it('withdraws a club after a confirmation that lists its unplayed fixtures', async () => {
    const { ownerTeam } = await unreportedAgainstOwner(server.url);
    const { body: teams } = await api<{
      teams: { team_id: string; team_name: string; league_id: string | null }[];
    }>('/api/teams');
    const club = teams.teams.find(
      (team) => team.league_id === DEMO_LEAGUE && team.team_id !== DEMO_TEAM && team.team_id !== ownerTeam,
    );
    if (!club) throw new Error('the demo league has a third club');
    const upcoming = await api<{ matches: Listed[] }>(
      `/api/leagues/${DEMO_LEAGUE}/matches?team_id=${club.team_id}&state=upcoming`,
    );
    expect(upcoming.body.matches.length).toBeGreaterThan(0);

    const admin = await launchBrowser();
    try {
      const { page } = admin;
      await login(page, server.url, SECRETARY);
      await page.goto(`${server.url}/manager/leagues?section=clubs`);
      await page.getByRole('button', { name: `Withdraw ${club.team_name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Withdraw ${club.team_name}?` });
      const listed = dialog.getByRole('list', { name: 'Fixtures to delete' }).getByRole('listitem');
      await listed.first().waitFor();
      const count = await listed.count();
      expect(count).toBeGreaterThanOrEqual(upcoming.body.matches.length);
      await screenshot(page, 'staff-withdraw-club');
      await dialog
        .getByRole('button', { name: `Withdraw and delete ${count} ${count === 1 ? 'fixture' : 'fixtures'}` })
        .click();
      await page.getByText('Team withdrawn from the league').waitFor();
      await expect
        .poll(async () => page.getByRole('button', { name: `Withdraw ${club.team_name}` }).count())
        .toBe(0);
    } finally {
      await admin.close();
    }
    const after = await api<{ matches: Listed[] }>(
      `/api/leagues/${DEMO_LEAGUE}/matches?team_id=${club.team_id}&state=upcoming`,
    );
    expect(after.body.matches).toEqual([]);
    for (const match of upcoming.body.matches) {
      expect((await api(`/api/matches/${match.id}`)).status).toBe(404);
    }
  });

  it('decides a disputed result from the inbox', async () => {
    const { match } = await unreportedAgainstOwner(server.url);
    const coach = await demoToken(server.url, 'coach@touchline.demo');
    const owner = await demoToken(server.url, 'owner@touchline.demo');
    const empty = { goalscorers: [], assisters: [], goalkeepers: [], yellow_cards: [], red_cards: [] };
    const first = await api(
      `/api/matches/${match.id}/report`,
      { method: 'POST', body: JSON.stringify({ home_score: 0, away_score: 0, ...empty }) },
      coach,
    );
    expect(first.status).toBe(200);
    const second = await api<{ outcome: string }>(
      `/api/matches/${match.id}/report`,
      { method: 'POST', body: JSON.stringify({ home_score: 0, away_score: 1, ...empty }) },
      owner,
    );
    expect(second.body.outcome).toBe('differs');

    const admin = await launchBrowser();
    try {
      const { page } = admin;
      await login(page, server.url, SECRETARY);
      // As the admin's "Reports differ" notification links it.
      await page.goto(`${server.url}/manager/decisions?league=${DEMO_LEAGUE}&match=${match.id}`);
      const row = page.locator(`#decision-${match.id}`);
      await row.waitFor();
      expect(await row.getAttribute('aria-current')).toBe('true');
      await row.getByText('Reports differ').waitFor();
      await screenshot(page, 'staff-needs-decision');
      await row.getByRole('button', { name: 'Choose report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review Match Result' });
      const approve = dialog.getByRole('button', { name: /Approve this report/ });
      await expect.poll(async () => approve.count()).toBe(2);
      await approve.last().click();
      await expect.poll(async () => row.count()).toBe(0);
    } finally {
      await admin.close();
    }
    const decided = await api<Listed>(`/api/matches/${match.id}`);
    expect(decided.body.approved).toBe('TRUE');
  });
});
