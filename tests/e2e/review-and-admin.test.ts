/**
 * Pending Results and the table editor in Chromium against the real seeded server:
 * the demo coach approves the result the opponent reported (the league table counts
 * it) and rejects one the owner reports through the API; the super admin moves a
 * player to another team through the team_id dropdown, inserts a league_news row and
 * deletes it. Both screens are saved as screenshots at 390×844 and 1280×800.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { DESK, launchBrowser, SCREENSHOT_DIR, screenshot, type TestBrowser } from './harness';
import { DEMO_LEAGUE, DEMO_PASSWORD, DEMO_TEAM, login, logout } from './pages';

interface MatchRow {
  id: number;
  date: string;
  home_team: string;
  away_team: string;
  home_team_name: string;
  away_team_name: string;
  home_score: number | null;
  away_score: number | null;
  approved: string;
  reported_by_team: string | null;
}

interface Standing {
  team_id: string;
  team_name: string;
  played: number;
  points: number;
}

const { server, browser } = withE2E();
let ownerToken = '';
let adminToken = '';
let ownerTeam = '';

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(`${server.url}${path}`, {
    ...rest,
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
  });
  expect(response.ok, `${path} answered ${response.status}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

async function signIn(email: string) {
  return api<{ access_token: string; user: { team_id: string | null } }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

async function demoStanding(): Promise<Standing> {
  const { standings } = await api<{ standings: Standing[] }>(`/api/leagues/${DEMO_LEAGUE}/table`);
  const row = standings.find((standing) => standing.team_id === DEMO_TEAM);
  if (!row) throw new Error('the demo team is not in the league table');
  return row;
}

async function match(id: number): Promise<MatchRow> {
  return api<MatchRow>(`/api/matches/${id}`);
}

/** The viewport only, animations finished: a modal dialog covers the screen, not the whole page. */
async function viewportShot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** Unexpected errors only: a refused request's "Failed to load resource" is the app's business. */
const pageErrors = (b: TestBrowser) => b.errors.filter((text) => !text.startsWith('Failed to load resource'));

async function openPending(page: Page) {
  await page.goto(`${server.url}/manager/pending-results`);
  await page.getByRole('heading', { level: 2, name: 'Pending Results' }).waitFor();
  const table = page.getByRole('table', { name: 'Pending Match Results' });
  await table.waitFor();
  return table;
}

function opponentName(row: MatchRow): string {
  return row.home_team === DEMO_TEAM ? row.away_team_name : row.home_team_name;
}

let seedPending: MatchRow;
let ownerReported: MatchRow;

beforeAll(async () => {
  const owner = await signIn('owner@touchline.demo');
  ownerToken = owner.access_token;
  ownerTeam = owner.user.team_id ?? '';
  adminToken = (await signIn('superadmin@touchline.demo')).access_token;

  const { matches } = await api<{ matches: MatchRow[] }>(`/api/teams/${DEMO_TEAM}/matches`);
  const pending = matches.filter((row) => row.approved === 'PENDING');
  expect(pending).toHaveLength(1);
  seedPending = pending[0] as MatchRow;
  expect(seedPending.reported_by_team).not.toBe(DEMO_TEAM);

  // The owner reports the unreported past match against the demo team: a second result to review.
  const now = Date.now();
  const unreported = matches.find(
    (row) =>
      row.approved === '' &&
      Date.parse(row.date) < now &&
      (row.home_team === ownerTeam || row.away_team === ownerTeam),
  );
  if (!unreported) throw new Error("no unreported match against the owner's team");
  await api(`/api/matches/${unreported.id}/report`, {
    method: 'POST',
    token: ownerToken,
    body: JSON.stringify({ home_score: 2, away_score: 2, goalscorers: [], assisters: [], goalkeepers: [] }),
  });
  ownerReported = await match(unreported.id);
  expect(ownerReported.approved).toBe('PENDING');
});

describe('pending results', () => {
  it('looks right on a desk', async () => {
    const desk = await launchBrowser(DESK);
    try {
      await login(desk.page, server.url, 'coach@touchline.demo');
      const table = await openPending(desk.page);
      await table.getByRole('row').nth(2).waitFor();
      await screenshot(desk.page, 'pending-results-desk');
      await table
        .getByRole('row')
        .filter({ hasText: opponentName(seedPending) })
        .getByRole('button', { name: 'Review' })
        .click();
      await desk.page.getByRole('dialog', { name: 'Review Match Result' }).waitFor();
      await viewportShot(desk.page, 'pending-results-review-desk');
      expect(pageErrors(desk)).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it('the coach approves the result the opponent reported, and the league table counts it', async () => {
    const { page } = browser;
    const before = await demoStanding();
    await login(page, server.url, 'coach@touchline.demo');
    const table = await openPending(page);
    const rows = table.getByRole('row');
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3); // the header and two results
    await screenshot(page, 'pending-results');

    const row = rows.filter({ hasText: opponentName(seedPending) });
    const home = seedPending.home_team === DEMO_TEAM;
    const ours = (home ? seedPending.home_score : seedPending.away_score) ?? 0;
    const theirs = (home ? seedPending.away_score : seedPending.home_score) ?? 0;
    // Home–away whichever side the coach is, their club marked rather than put first.
    const you = (name: string, mine: boolean) => (mine ? `${name} (you)` : name);
    const scoreLine =
      `${you(seedPending.home_team_name, home)} ${seedPending.home_score} – ${seedPending.away_score} ` +
      you(seedPending.away_team_name, !home);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(scoreLine);
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Match Result' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `${seedPending.home_team_name} vs ${seedPending.away_team_name}`,
    );
    expect(await dialog.textContent()).toContain(scoreLine.replace(' – ', '–'));
    await viewportShot(page, 'pending-results-review');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Report approved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(2);

    expect((await match(seedPending.id)).approved).toBe('TRUE');
    const gained = ours > theirs ? 3 : ours === theirs ? 1 : 0;
    const after = await demoStanding();
    expect(after.played).toBe(before.played + 1);
    expect(after.points).toBe(before.points + gained);

    // The league page shows the new line.
    await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
    const standings = page.getByRole('table');
    await standings.waitFor();
    const line = standings.getByRole('row').filter({ hasText: after.team_name });
    const cellsOfLine = async () =>
      (await line.getByRole('cell').allTextContents()).map((text) => text.trim());
    // Pos, logo, Team, P, W, D, L, GF, GA, GD, Pts. A table the browser kept from before
    // the approval is shown first and replaced in place once the server's answer is in.
    await expect.poll(async () => (await cellsOfLine()).at(-1)).toBe(String(after.points));
    expect(await cellsOfLine()).toContain(String(after.played));
    expect(pageErrors(browser)).toEqual([]);
  });

  it('the coach rejects the result the owner reported, saying why; the owner reads it above the form', async () => {
    const { page } = browser;
    const table = await openPending(page);
    const row = table.getByRole('row').filter({ hasText: opponentName(ownerReported) });
    expect(await row.textContent()).toContain('2 – 2');
    await row.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Match Result' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    // A second step: the reason, then 'Reject report'.
    const step = page.getByRole('dialog', { name: 'Reject Report' });
    const reason = 'We won 3-2: check the second half';
    await step.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await viewportShot(page, 'pending-results-reject-step');
    await step.getByRole('button', { name: 'Reject report' }).click();
    await page.getByText('Report rejected').waitFor();
    await page.getByText('No pending matches found').waitFor();
    expect((await match(ownerReported.id)).approved).toBe('FALSE');
    expect(pageErrors(browser)).toEqual([]);
    await logout(page);

    // The owner's report form for that match starts with the reason.
    await login(page, server.url, 'owner@touchline.demo');
    await page.goto(`${server.url}/manager/match-report?match=${ownerReported.id}`);
    await page.getByRole('spinbutton', { name: 'Home score' }).waitFor();
    await page.getByText(new RegExp(`^Rejected by .+: ${reason}`)).waitFor();
    await viewportShot(page, 'match-report-rejected');
    expect(pageErrors(browser)).toEqual([]);
    await logout(page);
  });
});

describe('admin dashboard', () => {
  /** Chooses a table; on a phone its rows are a list of cards (a desk shows the grid). */
  async function chooseTable(page: Page, name: string) {
    const tables = page.getByRole('navigation', { name: 'Tables' });
    await tables.getByRole('button', { name, exact: true }).click();
    const cards = page.getByRole('list', { name: `${name} rows` });
    await cards.waitFor();
    return cards;
  }

  it('moves a player to another team through the team_id dropdown', async () => {
    const { page } = browser;
    await login(page, server.url, 'superadmin@touchline.demo');
    await page.waitForURL('**/admin-dashboard');
    const search = page.getByPlaceholder('Search tables...');
    await search.fill('play');
    const cards = await chooseTable(page, 'players');

    // A player of another team whose shirt number is free at the owner's team.
    const { rows } = await api<{ rows: { id: string; team_id: string | null; number: number }[] }>(
      '/api/tables/players/data?page=1',
      { token: adminToken },
    );
    const roster = await api<{ players: { number: number }[] }>(`/api/teams/${ownerTeam}/roster`);
    const taken = new Set(roster.players.map((player) => player.number));
    const mover = rows.find((row) => row.team_id && row.team_id !== ownerTeam && !taken.has(row.number));
    if (!mover) throw new Error('no player to move');

    // The phone edits a row in a form sheet, one labelled field per column.
    const card = cards.getByRole('listitem').filter({ has: page.getByText(mover.id, { exact: true }) });
    await card.getByRole('button', { name: 'Edit' }).click();
    const sheet = page.getByRole('dialog', { name: `Edit row ${mover.id}` });
    const team = sheet.getByRole('combobox', { name: 'team_id' });
    await team.locator(`option[value="${ownerTeam}"]`).waitFor({ state: 'attached' });
    await team.selectOption(ownerTeam);
    await screenshot(page, 'admin-dashboard-edit');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Row updated').waitFor();
    await sheet.waitFor({ state: 'detached' });
    const moved = await api<{ team_id: string }>(`/api/players/${encodeURIComponent(mover.id)}`);
    expect(moved.team_id).toBe(ownerTeam);
    await screenshot(page, 'admin-dashboard');
    expect(pageErrors(browser)).toEqual([]);
  });

  it('inserts a league_news row and deletes it', async () => {
    const { page } = browser;
    await page.getByPlaceholder('Search tables...').fill('');
    await chooseTable(page, 'league_news');
    await page.getByRole('button', { name: 'Insert New Row' }).click();
    const form = page.getByRole('form', { name: 'New row in league_news' });
    await form.getByLabel('title', { exact: true }).fill('Touchline e2e bulletin');
    await form.getByLabel('published_at', { exact: true }).fill('2026-01-10T09:00:00.000Z');
    const league = form.getByLabel('league_id', { exact: true });
    await league.locator(`option[value="${DEMO_LEAGUE}"]`).waitFor({ state: 'attached' });
    await league.selectOption(DEMO_LEAGUE);
    await screenshot(page, 'admin-dashboard-insert');
    await form.getByRole('button', { name: 'Insert Row' }).click();
    await page.getByText('Row inserted').waitFor();

    const findBulletin = async () => {
      const first = await api<{ total_pages: number }>('/api/tables/league_news/data?page=1', {
        token: adminToken,
      });
      for (let pageNumber = 1; pageNumber <= first.total_pages; pageNumber++) {
        const { rows } = await api<{ rows: { id: number; title: string; league_id: string }[] }>(
          `/api/tables/league_news/data?page=${pageNumber}`,
          { token: adminToken },
        );
        const found = rows.find((row) => row.title === 'Touchline e2e bulletin');
        if (found) return { row: found, page: pageNumber, pages: first.total_pages };
      }
      return null;
    };
    const stored = await findBulletin();
    expect(stored?.row.league_id).toBe(DEMO_LEAGUE);

    // Page to it, then delete it.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    for (let current = 1; current < (stored?.page ?? 1); current++) {
      await pager.getByRole('button', { name: 'Next' }).click();
      await pager.getByText(`Page ${current + 1} of ${stored?.pages}`).waitFor();
    }
    const row = page
      .getByRole('list', { name: 'league_news rows' })
      .getByRole('listitem')
      .filter({ hasText: 'Touchline e2e bulletin' });
    await row.waitFor();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this row?');
      void dialog.accept();
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Row deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await findBulletin()).toBeNull();
    expect(pageErrors(browser)).toEqual([]);
  });

  it('looks right on a desk', async () => {
    const desk = await launchBrowser(DESK);
    try {
      await login(desk.page, server.url, 'superadmin@touchline.demo');
      await desk.page.waitForURL('**/admin-dashboard');
      await desk.page
        .getByRole('navigation', { name: 'Tables' })
        .getByRole('button', { name: 'players' })
        .click();
      const grid = desk.page.getByRole('table', { name: 'players' });
      await grid.waitFor();
      await screenshot(desk.page, 'admin-dashboard-desk');
      await grid.getByRole('row').nth(1).getByRole('button', { name: 'Edit' }).click();
      await grid.getByRole('combobox', { name: 'team_id' }).waitFor();
      await screenshot(desk.page, 'admin-dashboard-edit-desk');
      expect(pageErrors(desk)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
