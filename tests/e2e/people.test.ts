/**
 * Bringing a coach in, in Chromium against the real seeded server: the demo league's
 * admin opens Team Management (only their league's teams), invites a coach to the demo
 * team and copies the link (e-mail is not set up here); a fresh browser opens it, makes
 * the account with a name and password, lands signed in, and reports for that team.
 */
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { DESK, launchBrowser, PHONE } from './harness';
import { login } from './pages';

const LEAGUE_ADMIN = 'admin@touchline.demo';
const NEW_COACH = 'new.coach@touchline.test';
const TEAM_NAME = 'Riverside Rovers';

const server = withServer();

describe('people', () => {
  it('a league admin invites a coach, who joins through the link and reports for the team', async () => {
    let link: string;
    const admin = await launchBrowser(DESK);
    try {
      const { page } = admin;
      await login(page, server.url, LEAGUE_ADMIN);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }).click();
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await page.getByRole('tab', { name: 'Team Management', selected: true }).waitFor();
      const teams = page.getByRole('region', { name: 'Teams' });
      await teams.getByRole('button', { name: new RegExp(`^${TEAM_NAME}`) }).click();

      const panel = page.getByRole('region', { name: `Invite to ${TEAM_NAME}` });
      await panel.getByRole('textbox', { name: 'E-mail' }).fill(NEW_COACH);
      await panel.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Coach' });
      await panel.getByRole('button', { name: 'Invite' }).click();
      await panel.getByRole('heading', { name: `Invitation made for ${NEW_COACH}` }).waitFor();
      link = await panel.getByRole('textbox', { name: 'Invitation link' }).inputValue();
      expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }

    // A fresh browser: nobody signed in. The link names the server's public address; the
    // test server's own address stands in for it.
    const coach = await launchBrowser(PHONE);
    try {
      const { page } = coach;
      await page.goto(`${server.url}${new URL(link).pathname}`);
      await page.getByText(`invites you to be coach of ${TEAM_NAME}`).waitFor();
      await page.getByLabel('Your name').fill('Nia Newcoach');
      await page.getByLabel('Password', { exact: true }).fill('a fresh touchline pass');
      await page.getByLabel('Confirm password').fill('a fresh touchline pass');
      await page.getByRole('button', { name: 'Create account and accept' }).click();
      await page.waitForURL('**/main');
      await page
        .getByRole('status')
        .filter({ hasText: `You are now coach of ${TEAM_NAME}` })
        .waitFor();
      expect(await page.locator('.greeting strong').textContent()).toBe('Nia Newcoach');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coach Dashboard' }).waitFor();
      await page.getByRole('tab', { name: 'Match Report', selected: true }).waitFor();
      const team = page.getByRole('group', { name: 'Team' });
      await team.getByText(TEAM_NAME).waitFor();
      await page.getByRole('combobox', { name: 'Match' }).waitFor();
      expect(coach.errors).toEqual([]);
    } finally {
      await coach.close();
    }
  });
});
