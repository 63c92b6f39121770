/**
 * What a 390×844 phone shows, measured in Chromium against the real seeded server:
 * the league table keeps Pos, Team and Pts in view, team names never break inside a
 * word, tab rows say that they scroll, Team Selection's footer never lies over a player
 * row and its match picker shows the whole label, the header keeps the user's name,
 * the home search prompt fits, and lists of another year's matches show the year.
 */
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { DESK, launchBrowser, PHONE, screenshot } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM, login, logout } from './pages';

const { server, browser } = withE2E();
beforeAll(async () => {
  // The install bar would push content down; a phone user dismisses it once.
  await browser.page.goto(server.url);
  await browser.page.evaluate(() => localStorage.setItem('installDismissed', String(Date.now())));
});

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

async function box(locator: Locator): Promise<Box> {
  return locator.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  });
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** Words of the element's text that the browser laid out over more than one line box. */
async function wordsBrokenInside(locator: Locator): Promise<string[]> {
  return locator.evaluate((node) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const value = text.textContent ?? '';
      for (const match of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`);
  return (await response.json()) as T;
}

interface ApiMatch {
  id: number;
  date: string;
  home_team: string;
  away_team: string;
  approved: string;
  home_score: number | null;
}

async function leagueMatches(league: string): Promise<ApiMatch[]> {
  const answer = await api<ApiMatch[] | { matches: ApiMatch[] }>(`/api/leagues/${league}/matches`);
  return Array.isArray(answer) ? answer : answer.matches;
}

describe('on a 390×844 phone', () => {
  it('the league table shows Pos, Team and Pts without sideways scrolling', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
    const table = page.getByRole('table');
    await table.waitFor();
    const region = page.getByRole('region', { name: /League table/ });
    const scrolls = await region.evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(scrolls).toBe(true); // the middle columns scroll: every column is still there

    for (const position of ['start', 'end'] as const) {
      await region.evaluate((node, where) => {
        node.scrollLeft = where === 'start' ? 0 : node.scrollWidth;
      }, position);
      const frame = await box(region);
      for (const name of ['Pos', 'Team', 'Pts']) {
        const header = await box(table.getByRole('columnheader', { name, exact: true }));
        expect(header.left, `${name} at the ${position}`).toBeGreaterThanOrEqual(frame.left - 0.5);
        expect(header.right, `${name} at the ${position}`).toBeLessThanOrEqual(
          Math.min(frame.right, PHONE.width) + 0.5,
        );
      }
    }
    await screenshot(page, 'phone-league-table');
  });

  it('tab rows fade where more tabs lie beyond the edge', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/team/${DEMO_TEAM}`);
    const tabs = page.getByRole('tablist');
    await tabs.waitFor();
    const state = () =>
      tabs.evaluate((node) => ({
        scrolls: node.scrollWidth > node.clientWidth,
        left: node.classList.contains('tabs-more-left'),
        right: node.classList.contains('tabs-more-right'),
      }));
    // The fades follow the row's first measurement, after the browser's layout.
    await expect.poll(state).toEqual({ scrolls: true, left: false, right: true });
    await tabs.evaluate((node) => (node.scrollLeft = node.scrollWidth));
    await expect.poll(state).toEqual({ scrolls: true, left: true, right: false });

    // Choosing the last tab brings it into view.
    await tabs.evaluate((node) => (node.scrollLeft = 0));
    await page.getByRole('tab', { name: 'Points' }).click();
    const frame = await box(tabs);
    const points = await box(page.getByRole('tab', { name: 'Points' }));
    expect(points.right).toBeLessThanOrEqual(frame.right + 0.5);
  });

  it('team names on the match page break between words, whatever the badge', async () => {
    const { page } = browser;
    const matches = await leagueMatches(DEMO_LEAGUE);
    const pending = matches.find((match) => match.approved === 'PENDING' && match.home_score !== null);
    if (!pending) throw new Error('The demo league has no pending result');
    await page.goto(`${server.url}/match/${pending.id}`);
    await page.getByText('Awaiting approval').waitFor();
    const names = page.locator('.matches-team-name');
    expect(await names.count()).toBe(2);
    for (const name of await names.all()) expect(await wordsBrokenInside(name)).toEqual([]);
    for (const card of await page.locator('.match-card-name').all())
      expect(await wordsBrokenInside(card)).toEqual([]);
    await screenshot(page, 'phone-match-pending');
  });

  it('previous meetings of another season show their year', async () => {
    const { page } = browser;
    const now = Date.now();
    const upcoming = (await leagueMatches(DEMO_LEAGUE)).find((match) => Date.parse(match.date) > now);
    if (!upcoming) throw new Error('The demo league has no upcoming match');
    await page.goto(`${server.url}/match/${upcoming.id}`);
    const previous = page.getByRole('region', { name: 'Previous Matches' });
    await previous.locator('.match-card').first().waitFor();
    const lastYear = String(new Date().getFullYear() - 1);
    const dates = await previous.locator('time').allTextContents();
    expect(dates.some((text) => text.includes(lastYear))).toBe(true);
    const thisYear = String(new Date().getFullYear());
    // This year's dates keep the specification's format (no year).
    expect(dates.filter((text) => !text.includes(lastYear)).every((text) => !text.includes(thisYear))).toBe(
      true,
    );
  });

  it('the home search prompt fits its field', async () => {
    const { page } = browser;
    await page.goto(server.url);
    // The button opens the panel once the page runs.
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Search players, teams, or leagues' }).click();
    const input = page.getByRole('combobox', { name: 'Search' });
    await input.waitFor();
    const fit = await input.evaluate((node) => {
      const field = node as HTMLInputElement;
      const style = getComputedStyle(field, '::placeholder');
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('No canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const own = getComputedStyle(field);
      const room = field.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      return { text: context.measureText(field.placeholder).width, room };
    });
    expect(fit.text).toBeLessThanOrEqual(fit.room);
  });

  it("the header keeps the super admin's whole name beside its five buttons", async () => {
    const { page } = browser;
    await login(page, server.url, 'superadmin@touchline.demo');
    const name = page.locator('.greeting strong');
    await name.waitFor();
    const cut = await name.evaluate(
      (node) => node.scrollWidth > node.clientWidth + 0.5 || node.scrollHeight > node.clientHeight + 0.5,
    );
    expect(cut).toBe(false);
    expect(await wordsBrokenInside(name)).toEqual([]);
    await screenshot(page, 'phone-header-super-admin');
    await logout(page);
  });

  it('Team Selection: the match picker shows its whole label and the footer never covers a player', async () => {
    const { page } = browser;
    await login(page, server.url, 'coach@touchline.demo');
    await page.goto(`${server.url}/manager/team-selection`);
    const select = page.getByRole('combobox', { name: 'Match' });
    await select.waitFor();
    const pendingLabel = (await select.locator('option').allTextContents()).find((text) =>
      text.includes('(Pending)'),
    );
    if (!pendingLabel) throw new Error('No match labelled (Pending)');
    await select.selectOption({ label: pendingLabel });
    const face = page.locator('.fitted-select-face');
    await expect.poll(() => face.textContent()).toBe(pendingLabel);
    const faceBox = await box(face);
    expect(faceBox.right).toBeLessThanOrEqual(PHONE.width);
    expect(await face.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);

    const rows = page.locator('.selection-player');
    await rows.first().waitFor();
    const footer = page.locator('.selection-footer');
    const list = page.locator('.selection-players ul');
    const check = async (where: string) => {
      const footerBox = await box(footer);
      const listBox = await box(list);
      for (const row of await rows.all()) {
        const rowBox = await box(row);
        // Only the part of a row its scrolling list shows can be covered.
        const shown = {
          left: rowBox.left,
          right: rowBox.right,
          top: Math.max(rowBox.top, listBox.top),
          bottom: Math.min(rowBox.bottom, listBox.bottom),
        };
        if (shown.bottom <= shown.top) continue;
        expect(overlaps(shown, footerBox), `a player row under the footer (${where})`).toBe(false);
      }
    };
    await check('top');
    await page.mouse.wheel(0, 400);
    await check('page scrolled');
    await list.evaluate((node) => (node.scrollTop = node.scrollHeight / 2));
    await check('list scrolled halfway');
    await list.evaluate((node) => (node.scrollTop = node.scrollHeight));
    await check('list scrolled to the end');
    // The last player can be reached and ticked.
    await rows.last().locator('input').check();
    await screenshot(page, 'phone-team-selection');
    await logout(page);
  });
});

describe('at a 1280×800 desk', () => {
  it("the team page's narrow Latest Result card keeps team names whole", async () => {
    const desk = await launchBrowser(DESK);
    try {
      await desk.page.goto(`${server.url}/team/${DEMO_TEAM}`);
      const latest = desk.page.getByRole('region', { name: 'Latest Result' });
      const names = latest.locator('.match-card-name');
      await names.first().waitFor();
      for (const name of await names.all()) expect(await wordsBrokenInside(name)).toEqual([]);
      await screenshot(desk.page, 'desk-team-latest-result');
    } finally {
      await desk.close();
    }
  });
});
