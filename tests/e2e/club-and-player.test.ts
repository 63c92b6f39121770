/**
 * The league secretary's desk in Chromium against the real seeded server, as the demo
 * league admin: a misspelt player renamed and moved to another team of the league, and a
 * crest uploaded (a PNG made here with sharp) that the league table shows at once; and
 * the demo coach keeping their own club's description from My Club.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { DESK, launchBrowser, screenshot } from './harness';
import { DEMO_LEAGUE, login } from './pages';

const LEAGUE_ADMIN = 'admin@touchline.demo';

const server = withServer();

async function openTeamManagement(page: Page, team: string) {
  await login(page, server.url, LEAGUE_ADMIN);
  await page.goto(`${server.url}/manager/team-management`);
  await page.getByRole('heading', { name: 'Team Management' }).waitFor();
  await page
    .getByRole('button', { name: new RegExp(`^${team}`) })
    .first()
    .click();
  const roster = page.getByRole('region', { name: `${team} roster` });
  await roster.getByText(/\d+ players?$/).waitFor();
  return roster;
}

describe('club and player', () => {
  it('renames a player and moves them to another team of the league (desk)', async () => {
    const browser = await launchBrowser(DESK);
    try {
      const { page } = browser;
      const roster = await openTeamManagement(page, 'Riverside Rovers');
      const edit = roster.getByRole('button', { name: /^Edit / }).first();
      const oldName = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
      await edit.click();
      const form = roster.getByRole('form', { name: `Edit ${oldName}` });
      await form.getByLabel('Name', { exact: true }).fill(`${oldName} Renamed`);
      const team = form.getByRole('combobox', { name: 'Team' });
      const options = await team.locator('option').allTextContents();
      expect(options[0]).toBe('Riverside Rovers');
      const target = options[1] ?? '';
      await team.selectOption({ label: target });
      // A free shirt number in any squad of the demo league.
      await form.getByRole('spinbutton', { name: 'Number' }).fill('98');
      await screenshot(page, 'staff-player-transfer');
      await form.getByRole('button', { name: 'Save Player' }).click();
      await page.getByText('Player moved to the new team').waitFor();
      await expect.poll(() => roster.getByText(`${oldName} Renamed`).count()).toBe(0);

      await page
        .getByRole('button', { name: new RegExp(`^${target}`) })
        .first()
        .click();
      const other = page.getByRole('region', { name: `${target} roster` });
      await other.getByText(`${oldName} Renamed`).waitFor();
    } finally {
      await browser.close();
    }
  });

  it('uploads a crest and shows it on the league table (phone)', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await openTeamManagement(page, 'Riverside Rovers');
      await page.getByRole('button', { name: 'Edit Club Details' }).click();
      const form = page.getByRole('form', { name: 'Riverside Rovers details' });
      const crest = await sharp({
        create: { width: 800, height: 800, channels: 3, background: { r: 20, g: 120, b: 60 } },
      })
        .png()
        .toBuffer();
      const answer = page.waitForResponse((response) => response.url().endsWith('/crest'));
      await form
        .getByLabel('Crest', { exact: true })
        .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: crest });
      const response = await answer;
      const team = (await response.json()) as { logo: string };
      expect(response.status(), JSON.stringify(team)).toBe(200);
      expect(team.logo).toMatch(/^riverside\.rovers\.u[0-9a-f]{16}\.png$/);
      await page.getByText('Crest uploaded').waitFor();
      await screenshot(page, 'staff-club-details');

      await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
      const logo = page.locator(`img[src$="/api/images/teams/${team.logo}"]`).first();
      await logo.waitFor();
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    } finally {
      await browser.close();
    }
  });

  it("lets a coach edit their own club's description from My Club, not its name (phone)", async () => {
    const browser = await launchBrowser();
    try {
      const { page } = browser;
      await login(page, server.url, 'coach@touchline.demo');
      await page.goto(`${server.url}/manager`);
      await page.getByRole('tab', { name: 'My Club' }).click();
      await page.waitForURL('**/manager/club');
      await page.getByRole('heading', { name: 'My Club' }).waitFor();
      const roster = page.getByRole('region', { name: 'Riverside Rovers roster' });
      await roster.getByText(/\d+ players?$/).waitFor();
      // Their one club is chosen: nothing to change to.
      expect(await page.getByRole('button', { name: 'Change team' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Edit Club Details' }).click();
      const form = page.getByRole('form', { name: 'Riverside Rovers details' });
      expect(await form.getByLabel('Team name').getAttribute('readonly')).not.toBeNull();
      const description = 'Training Tuesdays and Thursdays, new players welcome.';
      await form.getByLabel('Description (optional)').fill(description);
      await screenshot(page, 'coach-my-club');
      await form.getByRole('button', { name: 'Save Club' }).click();
      await page.getByText('Club details saved').waitFor();

      await page.goto(`${server.url}/team/riverside.rovers`);
      await page.getByText(description).waitFor();
    } finally {
      await browser.close();
    }
  });
});
