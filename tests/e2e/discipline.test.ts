/**
 * Discipline in Chromium against the real seeded server (issue #19): the demo coach
 * reports the unreported match with a red card for one of his players, the opponent's
 * owner approves it, and the coach cannot pick that player for the next match, online
 * and then offline from the saved team. The squad write is refused by the server too.
 */
import { describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { launchBrowser, screenshot } from './harness';
import {
  DEMO_TEAM,
  demoToken,
  lastScorerButton,
  login,
  logout,
  tickFirstKeeper,
  unreportedAgainstOwner,
  waitForSavedTeam,
} from './pages';

const server = withServer();

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}${path}`, init);
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

describe('a red card and the next match', () => {
  it('the coach reports a red card, the opponent approves, and the player cannot be picked next, online and offline', async () => {
    const demoName = (await api<{ team_name: string }>(`/api/teams/${DEMO_TEAM}`)).team_name;
    const { ownerTeam, match: late } = await unreportedAgainstOwner(server.url);
    const ownerName = (await api<{ team_name: string }>(`/api/teams/${ownerTeam}`)).team_name;
    // The demo's unreported match against the owner's team lies weeks back, and a ban is
    // served by the matches after it: the super admin moves it to a minute ago, after
    // every match played since, as a league does for a match played late.
    const admin = await demoToken(server.url, 'superadmin@touchline.demo');
    const moved = await fetch(`${server.url}/api/matches/${String(late.id)}/schedule`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
      body: JSON.stringify({
        date: new Date(Date.now() - 60_000).toISOString(),
        location: late.location,
        status: 'scheduled',
      }),
    });
    expect(moved.status).toBe(200);
    const [next] = await api<{ id: number }[]>(`/api/matches?team_id=${DEMO_TEAM}&future=true&limit=1`);
    expect(next).toBeDefined();
    const nextId = String(next?.id);
    let bannedId = '';
    let player = '';

    const browser = await launchBrowser();
    try {
      const { page, context } = browser;
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 20_000,
      });
      await login(page, server.url, 'coach@touchline.demo');
      await waitForSavedTeam(page, DEMO_TEAM);

      // The report: 1-0 to the demo team, and a red card for one of its players.
      await page.goto(`${server.url}/manager/match-report`);
      const select = page.getByRole('combobox', { name: 'Match' });
      await select.waitFor();
      const labels = (await select.locator('option').allTextContents()).map((text) => text.trim());
      const label = labels.find((text) => text.includes(ownerName) && text.endsWith('· not reported'));
      expect(label, labels.join('\n')).toBeDefined();
      await select.selectOption({ label: label ?? '' });
      const demoHome = (label ?? '').includes(`${demoName} (you) vs`);
      await page.getByRole('spinbutton', { name: 'Home score' }).fill(demoHome ? '1' : '0');
      await page.getByRole('spinbutton', { name: 'Away score' }).fill(demoHome ? '0' : '1');
      const ours = page.getByRole('region', { name: new RegExp(`^${demoName}`) });
      await lastScorerButton(ours).click();
      await tickFirstKeeper(page.getByRole('group', { name: `${demoName} (your club)`, exact: true }));
      // The opponent's players are listed when asked for; the cards when opened.
      await page.getByRole('button', { name: `Show ${ownerName} players` }).click();
      await tickFirstKeeper(page.getByRole('group', { name: ownerName, exact: true }));
      await page.getByText('Cards', { exact: true }).click();
      // The reporting team's players come first.
      const cards = page.getByRole('radiogroup', { name: /^Cards for / }).nth(1);
      player = ((await cards.getAttribute('aria-label')) ?? '').replace(/^Cards for /, '');
      expect(player).not.toBe('');
      await cards.getByText('Red', { exact: true }).click();
      await screenshot(page, 'discipline-report-red-card');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('status').filter({ hasText: 'Match report submitted successfully!' }).waitFor();
      await logout(page);

      // The opponent's owner approves it.
      await login(page, server.url, 'owner@touchline.demo');
      await page.goto(`${server.url}/manager/pending-results`);
      const row = page
        .getByRole('table', { name: 'Pending Match Results' })
        .getByRole('row')
        .filter({ hasText: demoName })
        .first();
      await row.getByRole('button', { name: 'Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review Match Result' });
      await dialog.getByText(player).first().waitFor();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Report approved').waitFor();
      await logout(page);

      const { suspensions } = await api<{
        suspensions: { player_id: string; name: string; match_ids: number[] }[];
      }>(`/api/teams/${DEMO_TEAM}/suspensions`);
      expect(suspensions).toEqual([expect.objectContaining({ name: player, match_ids: [Number(nextId)] })]);
      bannedId = suspensions[0]?.player_id ?? '';

      // Online: the player is greyed and cannot be ticked for the next match.
      await login(page, server.url, 'coach@touchline.demo');
      const pick = async () => {
        await page.goto(`${server.url}/manager/team-selection`);
        const match = page.getByRole('combobox', { name: 'Match' });
        await match.waitFor();
        await match.selectOption(nextId);
        const box = page
          .getByRole('group', { name: 'Players' })
          .getByRole('checkbox', { name: new RegExp(`^${player} \\(#`) });
        await page.getByText('Suspended – 1 match').first().waitFor();
        expect(await box.isDisabled()).toBe(true);
      };
      await pick();
      await screenshot(page, 'discipline-selection-suspended');

      // Offline at the pitch: the same, from what the phone kept.
      await context.setOffline(true);
      try {
        await pick();
        await page.getByText('You are offline.').waitFor();
        await screenshot(page, 'discipline-selection-suspended-offline');
      } finally {
        await context.setOffline(false);
      }
    } finally {
      await browser.close();
    }

    // The server refuses the player in that squad whatever a client sends.
    const token = await demoToken(server.url, 'coach@touchline.demo');
    const { players } = await api<{ players: { id: string }[] }>(`/api/teams/${DEMO_TEAM}/roster`);
    const squad = [bannedId, ...players.map((p) => p.id).filter((id) => id !== bannedId)].slice(0, 11);
    const refused = await fetch(`${server.url}/api/teams/${DEMO_TEAM}/matches/${nextId}/roster`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ players: squad }),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      `${player} is suspended for this match: Red card`,
    );
  });
});
