/**
 * Who can play, in Chromium against the real seeded server:
 * - the demo player answers "Available" for their next open match with no signal: the
 *   answer waits in the outbox and, once the phone is back online, arrives exactly once;
 * - the coach sees it on Team Selection, "Select the available" ticks the player, the
 *   squad is filled up and saved, and the player's bell says they are in the squad;
 * - the coach's Availability tab still shows the answers with the network gone.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { launchBrowser, screenshot, type TestBrowser } from './harness';
import { demoToken, login } from './pages';

const server = withServer();
const opened: TestBrowser[] = [];

afterEach(async () => {
  for (const browser of opened.splice(0)) await browser.close();
});

async function phone(): Promise<TestBrowser> {
  const browser = await launchBrowser();
  opened.push(browser);
  await browser.page.goto(`${server.url}/`);
  await browser.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  return browser;
}

/** Rows of the server's database, read beside it. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(server.dataDir, 'touchline.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

interface MyMatch {
  match_id: number;
  deadline: string;
  status: string;
  home_team: string;
  away_team: string;
  home_team_name: string;
  away_team_name: string;
  team_id: string;
}

/** The player's first upcoming match whose answers are still open. */
async function openMatch(): Promise<{ playerId: string; match: MyMatch }> {
  const token = await demoToken(server.url, 'player@touchline.demo');
  const response = await fetch(`${server.url}/api/me/matches`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mine = (await response.json()) as { player_id: string; matches: MyMatch[] };
  const match = mine.matches.find(
    (candidate) => candidate.status === 'scheduled' && Date.parse(candidate.deadline) > Date.now() + 60_000,
  );
  if (match === undefined) throw new Error('the demo player has no match open for answers');
  return { playerId: mine.player_id, match };
}

const opponentOf = (match: MyMatch) =>
  match.home_team === match.team_id ? match.away_team_name : match.home_team_name;

async function bellSays(page: Page, title: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        return page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).count();
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('region', { name: 'Notifications' }).getByText(title).first().waitFor();
}

describe('who can play', () => {
  it('an answer made offline arrives once, the coach picks the available, and the player hears they are in', async () => {
    const { playerId, match } = await openMatch();
    const answers = () =>
      query<{ answer: string }>(
        'SELECT answer FROM availability WHERE match_id = ? AND player_id = ?',
        match.match_id,
        playerId,
      );

    // The player, at home with signal, then on the bus without.
    const player = await phone();
    await login(player.page, server.url, 'player@touchline.demo');
    await player.page.goto(`${server.url}/main`);
    const card = player.page.getByRole('article', { name: new RegExp(opponentOf(match)) }).first();
    await card.getByRole('group', { name: 'Can you play?' }).waitFor();
    await player.context.setOffline(true);
    await card
      .getByRole('textbox', { name: 'Note for your coach (optional)' })
      .fill('Can play the second half');
    await card.getByRole('button', { name: 'Available', exact: true }).click();
    await player.page.getByText('Saved offline — will send when back online').waitFor();
    await screenshot(player.page, 'availability-answered-offline');
    expect(answers()).toEqual([]);

    await player.context.setOffline(false);
    await expect.poll(() => answers(), { timeout: 10_000 }).toEqual([{ answer: 'available' }]);
    // Exactly once: one answer, its key kept once.
    const keys = query<{ n: number }>(
      "SELECT count(*) AS n FROM idempotency_keys WHERE path = ? AND method = 'PUT'",
      `/api/matches/${match.match_id}/availability/${playerId}`,
    );
    expect(keys).toEqual([{ n: 1 }]);

    // The coach sees it and picks the squad from it.
    const coach = await phone();
    await login(coach.page, server.url, 'coach@touchline.demo');
    await coach.page.goto(`${server.url}/manager/team-selection`);
    await coach.page.getByRole('combobox', { name: 'Match' }).selectOption(String(match.match_id));
    const who = coach.page.getByRole('group', { name: 'Who can play' });
    await who.getByText('Available 1').waitFor();
    await coach.page.getByText('“Can play the second half”').waitFor();
    await who.getByRole('button', { name: 'Select the available' }).click();
    const ticked = coach.page.locator('.selection-players input[type="checkbox"]:checked');
    await expect.poll(() => ticked.count()).toBe(1);
    // Only one has answered so far: the coach fills the squad up to seven by hand.
    const open = coach.page.locator('.selection-players input[type="checkbox"]:not(:checked):not(:disabled)');
    while ((await ticked.count()) < 7) await open.first().check();
    await coach.page.getByRole('button', { name: 'Save Team Selection' }).click();
    await coach.page.getByText('1 player told of their place').waitFor();
    await screenshot(coach.page, 'availability-squad-saved');

    // The player's bell: they are in the squad.
    await bellSays(player.page, 'You are in the squad');
    await screenshot(player.page, 'availability-squad-announced');

    // The coach's Availability tab, read once online, still shows the answer offline.
    await coach.page.goto(`${server.url}/manager/availability`);
    const available = coach.page.getByRole('region', { name: 'Available: 1' }).first();
    await available.waitFor();
    await coach.context.setOffline(true);
    await coach.page.reload();
    await coach.page.getByRole('region', { name: 'Available: 1' }).first().waitFor({ timeout: 10_000 });
    await screenshot(coach.page, 'availability-offline');
  });
});
