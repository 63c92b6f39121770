/**
 * Running a season in Chromium against the real seeded server (issue #18): the super
 * admin creates a six-team season on a phone, registers the teams, previews and
 * generates the fixtures, postpones a match and deducts points; then a visitor sees
 * the fixtures with the postponed one marked, and the deduction's footnote under the
 * table, and taps a row to learn why it sits above the next.
 */
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { launchBrowser, screenshot } from './harness';
import { demoToken, login } from './pages';

const SUPER_ADMIN = 'superadmin@touchline.demo';
const CLUBS = [
  'Harbour Athletic',
  'Kingsway Wanderers',
  'Lakeside Albion',
  'Millbrook Town',
  'Northgate FC',
  'Oakfield United',
];

const server = withServer();

/** Six clubs in no league yet, made through the API (the Team Management screen has its own test). */
async function createClubs(): Promise<void> {
  const token = await demoToken(server.url, SUPER_ADMIN);
  for (const [index, name] of CLUBS.entries()) {
    const response = await fetch(`${server.url}/api/teams`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name,
        location: `${name.split(' ')[0]} Ground`,
        league_id: null,
        description: `Club ${index + 1}`,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  }
}

describe('running a season', () => {
  it('creates a six-team season, generates its fixtures, postpones a match and deducts points; a visitor sees them', async () => {
    await createClubs();
    const admin = await launchBrowser();
    try {
      const { page } = admin;
      await login(page, server.url, SUPER_ADMIN);
      await page.goto(`${server.url}/manager/leagues`);
      await page.getByRole('heading', { level: 2, name: 'Leagues' }).waitFor();

      // A new season.
      await page.getByRole('button', { name: 'New season' }).click();
      const create = page.getByRole('form', { name: 'New season' });
      await create.getByLabel('League ID').fill('harbour-cup-27');
      await create.getByLabel('League name').fill('Harbour Cup');
      await create.getByLabel('Season').fill('2027');
      await create.getByLabel('Location').fill('Harbour');
      await create.getByRole('button', { name: 'Create Season' }).click();
      await page.getByText('Season created successfully').waitFor();
      const season = page.getByRole('group', { name: 'Harbour Cup 2027' });
      await season.waitFor();

      // Its six teams, in the Clubs section (one section shows at a time).
      const sectionLink = (name: string) =>
        season.getByRole('navigation', { name: /^Sections of / }).getByRole('link', { name, exact: true });
      await sectionLink('Clubs').click();
      const register = season.getByRole('form', { name: 'Register a team' });
      for (const club of CLUBS) {
        await register.getByLabel('Team to register').selectOption({ label: club });
        // The keyboard: on the short Clubs section the last toast sits over the button.
        await register.getByRole('button', { name: 'Register Team' }).press('Enter');
        await season
          .getByRole('button', { name: `Remove ${club}` })
          .or(season.getByText(club).first())
          .first()
          .waitFor();
        await expect.poll(async () => register.getByRole('option', { name: club }).count()).toBe(0);
      }
      await screenshot(page, 'staff-leagues-teams');

      // Fixtures: preview, then create.
      await sectionLink('Fixtures').click();
      const fixtures = season.getByRole('form', { name: 'Fixtures of Harbour Cup 2027' });
      await fixtures.getByLabel('First match day').fill('2027-03-06');
      await fixtures.getByLabel('Kick-off time').fill('15:00');
      await fixtures.getByLabel('Days between rounds').fill('7');
      await fixtures.getByLabel('Format').selectOption({ label: 'Each pair plays once' });
      await fixtures.getByRole('button', { name: 'Preview fixtures' }).click();
      await season.getByText('Preview: 15 matches in 5 rounds').waitFor();
      await screenshot(page, 'staff-leagues-fixtures-preview');
      await season.getByRole('button', { name: 'Create 15 matches' }).click();
      await page.getByText('15 matches created').waitFor();

      // Postpone the first match, in Results.
      await sectionLink('Results').click();
      const matches = season.getByRole('list', { name: 'Matches of Harbour Cup 2027' });
      // Ten a page, the rest on request.
      await expect.poll(async () => matches.getByRole('listitem').count(), { timeout: 10_000 }).toBe(10);
      await season.getByRole('button', { name: 'Show more' }).click();
      await expect.poll(async () => matches.getByRole('listitem').count(), { timeout: 10_000 }).toBe(15);
      const first = matches.getByRole('listitem').first();
      await first.getByRole('button', { name: /^Postpone / }).click();
      await page.getByText('Match postponed').waitFor();
      await first.getByText('Postponed').waitFor();
      // The server filters: only the postponed one.
      await season.getByRole('combobox', { name: 'State' }).selectOption({ label: 'Postponed' });
      await expect.poll(async () => matches.getByRole('listitem').count(), { timeout: 10_000 }).toBe(1);
      await season.getByText('1 match: 1 upcoming').waitFor();
      await screenshot(page, 'staff-leagues-results-filtered');

      // Deduct two points from Lakeside Albion.
      await sectionLink('Deductions').click();
      const deduct = season.getByRole('form', { name: 'Deduct points' });
      await deduct.getByLabel('Team').selectOption({ label: 'Lakeside Albion' });
      await deduct.getByLabel('Points').fill('2');
      await deduct.getByLabel('Reason').fill('Unregistered player fielded');
      await deduct.getByRole('button', { name: 'Deduct Points' }).click();
      await page.getByText('Deduction added successfully').waitFor();
      await season
        .getByRole('list', { name: 'Deductions in Harbour Cup 2027' })
        .getByText('Lakeside Albion')
        .waitFor();
      await screenshot(page, 'staff-leagues-deductions');
    } finally {
      await admin.close();
    }

    const visitor = await launchBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${server.url}/leagues/harbour-cup-27`);
      const table = page.getByRole('table');
      await table.waitFor();
      expect(await table.getByRole('row').count()).toBe(7); // header + six registered teams
      await page.getByRole('link', { name: '2 points deducted' }).waitFor();
      const notes = page.getByRole('list', { name: 'Points deductions' });
      expect(await notes.textContent()).toContain(
        'Lakeside Albion: 2 points deducted – Unregistered player fielded',
      );
      // Lakeside Albion is last on -2; the row above it explains why.
      const rows = table.getByRole('row');
      const why = rows.nth(5).getByRole('button', { name: /why .* is above Lakeside Albion/ });
      await why.click();
      await page.getByText('Ahead of Lakeside Albion on points: 0 vs -2.').waitFor();
      await screenshot(page, 'public-league-table-deduction');

      await page.getByRole('tab', { name: 'Matches' }).click();
      await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
      await page.getByText('Postponed').first().waitFor();
      expect(await page.getByText('Postponed', { exact: true }).count()).toBe(1);
      // The first ten upcoming fixtures show at once, the postponed first match among them.
      expect(await page.locator('.match-card').count()).toBe(10);
      await screenshot(page, 'public-league-matches-postponed');
    } finally {
      await visitor.close();
    }
  });
});
