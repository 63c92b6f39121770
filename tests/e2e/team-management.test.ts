/**
 * Team Management in Chromium against the real seeded server, as the super admin:
 * create a team, add a player, edit and delete the player, delete the team. On the
 * phone the teams are a searchable picker that collapses to the chosen team, with the
 * roster under it. The tab is saved as screenshots at 390×844 and 1280×800.
 */
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { DESK, launchBrowser, screenshot } from './harness';
import { login } from './pages';

const SUPER_ADMIN = 'superadmin@touchline.demo';

const server = withServer();

describe('team management', () => {
  it('creates a team, manages a player on it and deletes both (phone)', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await login(page, server.url, SUPER_ADMIN);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage' }).click();
      await page.waitForURL('**/manager');
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Team Management' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await page.getByRole('button', { name: /^Riverside Rovers/ }).waitFor();
      await screenshot(page, 'staff-team-management');

      // Create a team.
      await page.getByRole('button', { name: 'Add New Team' }).click();
      const teamForm = page.getByRole('form', { name: 'New team' });
      await teamForm.getByRole('button', { name: 'Create Team' }).click();
      await teamForm.getByText('Team name is required').waitFor();
      await teamForm.getByText('Location is required').waitFor();
      await teamForm.getByLabel('Team name').fill('Harbour Athletic');
      await teamForm.getByLabel('Location').fill('Harbour Park');
      await teamForm.getByLabel('Description (optional)').fill('Founded this spring by the dock workers.');
      await screenshot(page, 'staff-team-management-new-team');
      await teamForm.getByRole('button', { name: 'Create Team' }).click();
      await page.getByText('Team created successfully').waitFor();
      // The toast sits above the bottom navigation, never over it.
      const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      const toastBox = await page
        .getByRole('status')
        .filter({ hasText: 'Team created successfully' })
        .boundingBox();
      expect(toastBox && nav && toastBox.y + toastBox.height <= nav.y).toBe(true);
      const roster = page.getByRole('region', { name: 'Harbour Athletic roster' });
      await roster.getByText('No players found for this team.').waitFor();

      // Add a player.
      await roster.getByRole('button', { name: 'Add Player' }).click();
      const playerForm = roster.getByRole('form', { name: 'New player' });
      await playerForm.getByLabel('Name', { exact: true }).fill('Wendy Winger');
      await playerForm.getByRole('combobox', { name: 'Position', exact: true }).selectOption('Forward');
      expect(await playerForm.getByRole('combobox', { name: 'General position' }).inputValue()).toBe('FWD');
      await playerForm.getByRole('spinbutton', { name: 'Number' }).fill('7');
      await screenshot(page, 'staff-team-management-new-player');
      await playerForm.getByRole('button', { name: 'Save Player' }).click();
      await page.getByText('Player added successfully').waitFor();
      const forwards = roster.getByRole('region', { name: 'Forwards' });
      await forwards.getByText('Wendy Winger').waitFor();

      // Edit the player.
      await roster.getByRole('button', { name: 'Edit Wendy Winger' }).click();
      const editForm = roster.getByRole('form', { name: 'Edit Wendy Winger' });
      expect(await editForm.getByLabel('Name', { exact: true }).getAttribute('readonly')).toBeNull();
      await editForm.getByRole('combobox', { name: 'Position', exact: true }).selectOption('Midfielder');
      await editForm.getByRole('spinbutton', { name: 'Number' }).fill('10');
      await editForm.getByRole('button', { name: 'Save Player' }).click();
      await page.getByText('Player updated successfully').waitFor();
      const midfielders = roster.getByRole('region', { name: 'Midfielders' });
      await midfielders.getByText('Wendy Winger').waitFor();
      expect(await midfielders.getByRole('listitem').first().textContent()).toContain('10');
      await screenshot(page, 'staff-team-management-roster');

      // Delete the player, then the team (both confirmed in the browser's dialog).
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      await roster.getByRole('button', { name: 'Delete Wendy Winger' }).click();
      await page.getByText('Player deleted successfully').waitFor();
      await roster.getByText('No players found for this team.').waitFor();

      await page.getByRole('button', { name: 'Delete Team Harbour Athletic' }).click();
      await page.getByText('Team deleted successfully').waitFor();
      await page.getByRole('button', { name: /^Harbour Athletic/ }).waitFor({ state: 'detached' });
      expect(dialogs).toEqual([
        'Are you sure you want to delete this player?',
        'Are you sure you want to delete this team?',
      ]);

      // The picker is open again: find a team, and its roster opens under its card.
      await page.getByRole('searchbox', { name: 'Find a team' }).fill('river');
      await page.getByRole('button', { name: /^Riverside Rovers/ }).click();
      await page
        .getByRole('region', { name: 'Riverside Rovers roster' })
        .getByRole('region', { name: 'Goalkeepers' })
        .waitFor();
      expect(await page.getByRole('searchbox', { name: 'Find a team' }).count()).toBe(0);

      // A team with matches is refused, with the server's reason.
      await page.getByRole('button', { name: 'Delete Team Riverside Rovers' }).click();
      await page.getByText('Failed to delete team').waitFor();
      await page.getByText(/Riverside Rovers has \d+ matches on record, so it cannot be deleted/).waitFor();
      await screenshot(page, 'staff-team-management-squad');
      // Chromium logs every failed response; the refused delete (409) was expected.
      expect(browser.errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('shows the teams and a roster side by side on a desk', async () => {
    const browser = await launchBrowser(DESK);
    try {
      const { page } = browser;
      await login(page, server.url, SUPER_ADMIN);
      await page.goto(`${server.url}/manager/team-management`);
      await page.getByRole('button', { name: /^Riverside Rovers/ }).click();
      const roster = page.getByRole('region', { name: 'Riverside Rovers roster' });
      await roster.getByRole('region', { name: 'Goalkeepers' }).waitFor();
      await screenshot(page, 'staff-team-management-desk');
      await roster
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await roster.getByRole('form').waitFor();
      await screenshot(page, 'staff-team-management-edit-desk');
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
