/**
 * Match Report and Team Selection in Chromium against the real seeded server: the
 * demo coach reports the demo team's unreported past match and the opponent's owner
 * finds it in Pending Results; the coach saves a squad for an upcoming match and the
 * match page lists it. Both tabs are saved as screenshots at 390×844 and 1280×800.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { DESK, launchBrowser, screenshot, type TestBrowser } from './harness';
import {
  DEMO_LEAGUE,
  DEMO_PASSWORD,
  DEMO_TEAM,
  lastScorerButton,
  login,
  logout,
  tickFirstKeeper,
} from './pages';

const { server, browser } = withE2E();
let demoName = '';
let ownerTeam = { id: '', name: '' };

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}${path}`, init);
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

beforeAll(async () => {
  demoName = (await api<{ team_name: string }>(`/api/teams/${DEMO_TEAM}`)).team_name;
  const owner = await api<{ user: { team_id: string } }>('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'owner@touchline.demo', password: DEMO_PASSWORD }),
  });
  ownerTeam = {
    id: owner.user.team_id,
    name: (await api<{ team_name: string }>(`/api/teams/${owner.user.team_id}`)).team_name,
  };
});

/** Unexpected errors only: a refused request's "Failed to load resource" is the app's business. */
const pageErrors = (b: TestBrowser) => b.errors.filter((text) => !text.startsWith('Failed to load resource'));

async function openTab(page: Page, tab: 'match-report' | 'team-selection') {
  await page.goto(`${server.url}/manager/${tab}`);
  await page
    .getByRole('heading', { level: 2, name: tab === 'match-report' ? 'Match Report' : 'Team Selection' })
    .waitFor();
  const select = page.getByRole('combobox', { name: 'Match' });
  await select.waitFor();
  return select;
}

async function optionLabels(select: Locator): Promise<string[]> {
  return (await select.locator('option').allTextContents()).map((text) => text.trim());
}

/** Ticks exactly `count` players, starting from the top of the list. */
async function selectPlayers(page: Page, count: number) {
  const boxes = page.getByRole('group', { name: 'Players' }).getByRole('checkbox');
  const total = await boxes.count();
  expect(total).toBeGreaterThanOrEqual(count);
  for (let i = 0; i < total; i++) await boxes.nth(i).setChecked(i < count);
}

describe('match report and team selection', () => {
  it("the coach reports the unreported match against the owner's team; the owner sees it pending", async () => {
    const { page } = browser;
    await login(page, server.url, 'coach@touchline.demo');
    const select = await openTab(page, 'match-report');
    await page.getByText(demoName, { exact: true }).first().waitFor();

    const unreported = (await optionLabels(select)).filter(
      (label) => label.includes(ownerTeam.name) && label.endsWith('· not reported'),
    );
    expect(unreported).toHaveLength(1);
    const label = unreported[0] ?? '';
    await select.selectOption({ label });
    const reportedId = await select.inputValue();
    await page.getByRole('spinbutton', { name: 'Home score' }).waitFor();

    // The demo team wins 2-1: a goal and an assist for its own players, and an own goal by the
    // opponent's last-listed player; keepers ticked. The labels read home first, the club marked.
    const demoHome = label.includes(`${demoName} (you) vs`);
    await page.getByRole('spinbutton', { name: 'Home score' }).fill(demoHome ? '2' : '1');
    await page.getByRole('spinbutton', { name: 'Away score' }).fill(demoHome ? '1' : '2');
    // The opponent's players are listed when asked for.
    await page.getByRole('button', { name: `Show ${ownerTeam.name} players` }).click();
    const ours = page.getByRole('region', { name: new RegExp(`^${demoName}`) });
    const theirs = page.getByRole('region', { name: new RegExp(`^${ownerTeam.name}`) });
    await lastScorerButton(ours).click();
    await page.locator('summary', { hasText: 'Own goals' }).click();
    await page
      .getByRole('button', { name: /^Add an own goal for / })
      .last()
      .click();
    await ours
      .getByRole('button', { name: /^Add an assist for / })
      .nth(-2)
      .click();
    await lastScorerButton(theirs).click();
    await tickFirstKeeper(page.getByRole('group', { name: `${demoName} (your club)`, exact: true }));
    await tickFirstKeeper(page.getByRole('group', { name: ownerTeam.name, exact: true }));
    await screenshot(page, 'manager-match-report');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Match report submitted successfully!' }).waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Home score' }).count()).toBe(0);
    await expect
      .poll(async () => optionLabels(select))
      .toContain(label.replace('· not reported', `· ${demoHome ? '2-1' : '1-2'} reported, pending approval`));
    await screenshot(page, 'manager-match-report-submitted');
    expect(pageErrors(browser)).toEqual([]);

    await logout(page);
    await login(page, server.url, 'owner@touchline.demo');
    await page.goto(`${server.url}/manager/pending-results`);
    const table = page.getByRole('table', { name: 'Pending Match Results' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ hasText: demoName });
    await row.first().waitFor();
    // Home–away for the owner too, their club marked: the demo team won.
    const ownerYou = `${ownerTeam.name} (you)`;
    expect(await row.first().textContent()).toContain(
      demoHome ? `${demoName} 2 – 1 ${ownerYou}` : `${ownerYou} 1 – 2 ${demoName}`,
    );

    // The owner approves it, and the league table counts it from then on.
    const standing = async () =>
      (
        await api<{ standings: { team_id: string; played: number; points: number }[] }>(
          `/api/leagues/${DEMO_LEAGUE}/table`,
        )
      ).standings.find((entry) => entry.team_id === DEMO_TEAM);
    const before = await standing();
    await row.first().getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Match Result' });
    // The own goal is listed with its player's club, and counts for the other one.
    const ownGoals = dialog.getByRole('list', { name: 'Own goals' });
    expect(await ownGoals.textContent()).toContain(`${ownerTeam.name}, counts for ${demoName}`);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Report approved').waitFor();
    const after = await standing();
    expect(after?.played).toBe((before?.played ?? 0) + 1);
    expect(after?.points).toBe((before?.points ?? 0) + 3);
    // The match page lists the own goal after the goals, never as the player's goal.
    await page.goto(`${server.url}/match/${reportedId}`);
    const scorers = page.getByRole('region', { name: 'Goalscorers' });
    await scorers.getByText('(OG)').waitFor();
    expect(await scorers.getByRole('listitem').count()).toBe(3);
    await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
    const tableRow = page.getByRole('row').filter({ hasText: demoName });
    await tableRow.first().waitFor();
    expect(await tableRow.first().textContent()).toContain(String(after?.points));
    await logout(page);
  });

  it('the coach saves a squad of 11 for an upcoming match and the match page lists it', async () => {
    const { page } = browser;
    const upcoming = await api<{ id: number; home_team: string }[]>(
      `/api/matches?team_id=${DEMO_TEAM}&future=true`,
    );
    const next = upcoming[0];
    expect(next).toBeDefined();
    const matchId = String(next?.id);

    await login(page, server.url, 'coach@touchline.demo');
    const select = await openTab(page, 'team-selection');
    expect(await page.getByRole('list', { name: 'Teams' }).getByRole('listitem').count()).toBe(1);
    await select.selectOption(matchId);
    await page.getByRole('group', { name: 'Players' }).waitFor();
    await selectPlayers(page, 6);
    await page.getByText('Selected: 6 players (minimum 7, maximum 18)').waitFor();
    expect(await page.getByRole('button', { name: 'Save Team Selection' }).isDisabled()).toBe(true);
    await selectPlayers(page, 11);
    await page.getByText('Selected: 11 players (minimum 7, maximum 18)').waitFor();
    await screenshot(page, 'manager-team-selection');

    const names = await page
      .getByRole('group', { name: 'Players' })
      .getByRole('checkbox', { checked: true })
      .evaluateAll((boxes) =>
        boxes.map((box) => (box.getAttribute('aria-label') ?? '').replace(/ \(#.*$/, '')),
      );
    expect(names).toHaveLength(11);
    await page.getByRole('button', { name: 'Save Team Selection' }).click();
    await page.getByRole('status').filter({ hasText: 'Team selection saved successfully' }).waitFor();
    expect(pageErrors(browser)).toEqual([]);

    await page.goto(`${server.url}/match/${matchId}`);
    const squad = page.getByRole('region', { name: `${demoName} Squad` });
    await squad.waitFor();
    await expect
      .poll(async () => (await squad.getByRole('listitem').allTextContents()).map((t) => t.trim()))
      .toEqual(names);
    await logout(page);
  });

  it('both tabs at 1280×800', async () => {
    const desk = await launchBrowser(DESK);
    try {
      const { page } = desk;
      await login(page, server.url, 'coach@touchline.demo');
      const report = await openTab(page, 'match-report');
      const labels = await optionLabels(report);
      const played = labels.find((label) => label.includes('pending approval')) ?? labels[1] ?? '';
      await report.selectOption({ label: played });
      await page.getByRole('spinbutton', { name: 'Home score' }).waitFor();
      await screenshot(page, 'manager-match-report-desk');

      const selection = await openTab(page, 'team-selection');
      await selection.selectOption({ index: 1 });
      await page.getByRole('group', { name: 'Players' }).waitFor();
      await page.getByText(/^Selected: \d+ players?/).waitFor();
      await screenshot(page, 'manager-team-selection-desk');
      expect(pageErrors(desk)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
