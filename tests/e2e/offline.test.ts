/**
 * Offline in Chromium against the real server (issue "Offline-first PWA"):
 * - after one online visit, with the network gone, the shell, the team page with its
 *   squad and matches, the league table and a match page open from the offline store
 *   under the offline banner;
 * - the demo coach files a match report and a team selection with no network: both are
 *   queued, survive a reload, and — after the server restarted while the phone was
 *   offline — arrive exactly once when it is back online, shown as sent within 2 s;
 * - a queued report whose match was approved in the meantime ends failed with the
 *   server's reason, and a token that expired while offline is refreshed at replay.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { withBrowser, withServer } from './fixtures';
import { launchBrowser, screenshot, type TestBrowser } from './harness';
import { DEMO_LEAGUE, DEMO_TEAM, demoToken, login, waitForSavedTeam } from './pages';

const server = withServer();

async function api<T>(pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}${pathname}`, init);
  expect(response.ok, `${pathname} answered ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

async function post(pathname: string, token: string, body: unknown): Promise<void> {
  await api(pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** The demo team's unreported past match against the owner's team, and its next fixture. */
async function demoFixtures() {
  const { matches } = await api<{
    matches: { id: number; home_team: string; away_team: string; approved: string; date: string }[];
  }>(`/api/teams/${DEMO_TEAM}/matches`);
  const now = Date.now();
  const unreported = matches.filter((match) => match.approved === '' && Date.parse(match.date) < now);
  const upcoming = await api<{ id: number }[]>(`/api/matches?team_id=${DEMO_TEAM}&future=true`);
  return { unreported, upcoming };
}

function database(): Database.Database {
  return new Database(path.join(server.dataDir, 'touchline.db'), { readonly: true, fileMustExist: true });
}

/** How often the server applied a write: audit entries for the entity. */
function auditCount(action: string, entityId: string): number {
  const db = database();
  try {
    const row = db
      .prepare('SELECT count(*) AS n FROM audit_log WHERE action = ? AND entity_id = ?')
      .get(action, entityId) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

async function fileReport(page: Page, matchId: string, home: number, away: number): Promise<void> {
  await page.goto(`${server.url}/manager/match-report`);
  const select = page.getByRole('combobox', { name: 'Match' });
  await select.waitFor();
  await select.selectOption(matchId);
  await page
    .getByRole('spinbutton', { name: 'Home score' })
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, 'offline-report-failed');
      throw error;
    });
  await page.getByRole('spinbutton', { name: 'Home score' }).fill(String(home));
  await page.getByRole('spinbutton', { name: 'Away score' }).fill(String(away));
  await page
    .getByRole('button', { name: 'Submit' })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      await screenshot(page, 'offline-report-failed');
      throw error;
    });
}

async function pickSquad(page: Page, matchId: string, count: number): Promise<void> {
  await page.goto(`${server.url}/manager/team-selection`);
  const select = page.getByRole('combobox', { name: 'Match' });
  await select.waitFor();
  await select.selectOption(matchId);
  const boxes = page.getByRole('group', { name: 'Players' }).getByRole('checkbox');
  await boxes.first().waitFor();
  const total = await boxes.count();
  for (let i = 0; i < total; i++) await boxes.nth(i).setChecked(i < count);
  await page.getByRole('button', { name: 'Save Team Selection' }).click();
}

/** Waits for the note that a write made offline is queued. */
async function savedOffline(page: Page): Promise<void> {
  await page.getByRole('status').filter({ hasText: 'Saved offline — will send when back online' }).waitFor();
}

/** With the network gone, files a report and picks a squad: both wait in the outbox. */
async function queueReportAndSquad(
  { page, context }: TestBrowser,
  [reportId, home, away]: [string, number, number],
  [fixtureId, players]: [string, number],
): Promise<void> {
  await context.setOffline(true);
  await fileReport(page, reportId, home, away);
  await savedOffline(page);
  await pickSquad(page, fixtureId, players);
  await savedOffline(page);
}

function outboxItem(page: Page, kind: 'Match report' | 'Team selection') {
  return page.getByRole('listitem').filter({ hasText: kind });
}

/** An HS256 token with the same claims as `token`, issued and expired an hour ago. */
function expiredCopy(token: string, secret: string): string {
  const [, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const iat = Math.floor(Date.now() / 1000) - 3600;
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + 900 })).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

describe('offline reads', () => {
  const browser = withBrowser();

  it('after one online visit the shell, team, league table and a match page open offline', async () => {
    const { page, context } = browser;
    const team = await api<{ team_name: string }>(`/api/teams/${DEMO_TEAM}`);
    const { upcoming } = await demoFixtures();
    const matchId = String(upcoming[0]?.id);

    await page.goto(`${server.url}/`);
    await waitForWorker(page);
    // The visit: what these screens load now is kept for later.
    await page.goto(`${server.url}/team/${DEMO_TEAM}`);
    await page.getByRole('heading', { level: 1, name: team.team_name }).waitFor();
    await page.getByRole('tab', { name: 'Squad' }).waitFor();
    await page
      .getByRole('link', { name: /./ })
      .filter({ hasText: /#\d+|GK|Goalkeeper/ })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Matches' }).click();
    await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();
    await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
    await page.getByRole('row').filter({ hasText: team.team_name }).first().waitFor();
    await page.goto(`${server.url}/match/${matchId}`);
    await page.getByText(team.team_name).first().waitFor();

    await context.setOffline(true);
    try {
      await page.goto(`${server.url}/`);
      await page.getByText('You are offline.').waitFor();
      await page.getByRole('link', { name: 'Touchline home' }).waitFor();

      await page.goto(`${server.url}/team/${DEMO_TEAM}`);
      await page.getByRole('heading', { level: 1, name: team.team_name }).waitFor();
      await page.getByText('You are offline.').waitFor();
      await page.getByText(/^Last updated /).waitFor();
      const squad = page.getByRole('tabpanel');
      await squad.getByRole('link').first().waitFor();
      expect(await squad.getByRole('link').count()).toBeGreaterThan(10);
      await screenshot(page, 'offline-team-squad');
      await page.getByRole('tab', { name: 'Matches' }).click();
      await page.getByRole('heading', { name: 'Upcoming Matches' }).waitFor();

      await page.goto(`${server.url}/leagues/${DEMO_LEAGUE}`);
      await page.getByRole('row').filter({ hasText: team.team_name }).first().waitFor();
      expect(await page.getByRole('row').count()).toBeGreaterThan(8);
      await page.getByText('You are offline.').waitFor();
      await screenshot(page, 'offline-league-table');

      await page.goto(`${server.url}/match/${matchId}`);
      await page.getByText(team.team_name).first().waitFor();
      await page.getByText('You are offline.').waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});

/** Signs the coach in on a fresh phone and waits until the demo team is saved for offline use. */
async function coachOnFreshPhone(): Promise<TestBrowser> {
  const browser = await launchBrowser();
  const { page } = browser;
  await page.goto(`${server.url}/`);
  await waitForWorker(page);
  await login(page, server.url, 'coach@touchline.demo');
  // The own team is saved for offline use on its own once the coach is signed in.
  await waitForSavedTeam(page, DEMO_TEAM);
  // Online once on each tab, as at the clubhouse before the match.
  await page.goto(`${server.url}/manager/match-report`);
  await page.getByRole('combobox', { name: 'Match' }).waitFor();
  await page.goto(`${server.url}/manager/team-selection`);
  await page.getByRole('combobox', { name: 'Match' }).waitFor();
  return browser;
}

describe('the outbox', () => {
  let browser: TestBrowser;
  afterEach(async () => {
    await browser?.close();
  });

  it('a report and a squad made offline survive a reload and a server restart and arrive once', async () => {
    const { unreported, upcoming } = await demoFixtures();
    const report = unreported[0];
    const fixture = upcoming[0];
    expect(report).toBeDefined();
    expect(fixture).toBeDefined();
    const reportId = String(report?.id);
    const fixtureId = String(fixture?.id);
    browser = await coachOnFreshPhone();
    const { page, context } = browser;

    await queueReportAndSquad(browser, [reportId, 2, 1], [fixtureId, 11]);
    await screenshot(page, 'offline-selection-queued');

    // A reload with no network: both still queued, shown in the Outbox reached from the header.
    await page.reload();
    await page.getByRole('link', { name: 'Outbox, 2 not sent yet' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await outboxItem(page, 'Match report').getByText('Queued').waitFor();
    await outboxItem(page, 'Team selection').getByText('Queued').waitFor();
    await screenshot(page, 'offline-outbox-queued');

    // The server restarts while the phone is still offline.
    await server.restart();
    const before = { report: auditCount('match.report', reportId) };
    expect(before.report).toBe(0);

    const started = Date.now();
    await context.setOffline(false);
    await outboxItem(page, 'Match report').getByText('Sent').waitFor({ timeout: 2000 });
    await outboxItem(page, 'Team selection').getByText('Sent').waitFor({ timeout: 2000 });
    const confirmedMs = Date.now() - started;
    console.log(`Outbox: back online → both items confirmed in ${confirmedMs} ms`);
    expect(confirmedMs).toBeLessThan(2000);
    await screenshot(page, 'offline-outbox-sent');

    // Exactly once: one report and one squad applied, each with its key stored once.
    expect(auditCount('match.report', reportId)).toBe(1);
    const selections = database()
      .prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'match.squad' AND entity_id = ?")
      .get(fixtureId) as { n: number };
    expect(selections.n).toBe(1);
    const match = await api<{ home_score: number; away_score: number; approved: string }>(
      `/api/matches/${reportId}`,
    );
    expect([match.home_score, match.away_score]).toEqual([2, 1]);
    expect(match.approved).toBe('PENDING');
    const squad = await api<{ home_team: string; home_players: unknown[]; away_players: unknown[] }>(
      `/api/matches/${fixtureId}`,
    );
    const ours = squad.home_team === DEMO_TEAM ? squad.home_players : squad.away_players;
    expect(ours).toHaveLength(11);

    // Another reload (online) does not send anything again.
    await page.reload();
    await outboxItem(page, 'Match report').getByText('Sent').waitFor();
    expect(auditCount('match.report', reportId)).toBe(1);
    expect(browser.errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('a report on a match approved meanwhile fails with the reason; an expired token is refreshed', async () => {
    const { upcoming } = await demoFixtures();
    // The opponent's pending report on a demo-team match, rejected by the coach: the match
    // is open to report again.
    const { matches } = await api<{
      matches: { id: number; approved: string; reported_by_team: string | null }[];
    }>(`/api/teams/${DEMO_TEAM}/matches?approved=PENDING`);
    const pending = matches.find((match) => match.reported_by_team !== DEMO_TEAM);
    expect(pending).toBeDefined();
    const matchId = String(pending?.id);
    const superToken = await demoToken(server.url, 'superadmin@touchline.demo');
    await post(`/api/matches/${matchId}/reject`, await demoToken(server.url, 'coach@touchline.demo'), {});
    const fixtureId = String(upcoming[1]?.id);
    expect(upcoming[1]).toBeDefined();
    browser = await coachOnFreshPhone();
    const { page, context } = browser;

    // The form starts from the rejected report (2-1); the coach makes it 4-4.
    await queueReportAndSquad(browser, [matchId, 4, 4], [fixtureId, 12]);

    // Meanwhile the super admin reports the match and approves it.
    await post(`/api/matches/${matchId}/report`, superToken, {
      home_score: 3,
      away_score: 3,
      goalscorers: [],
      assisters: [],
      goalkeepers: [],
    });
    await post(`/api/matches/${matchId}/approve`, superToken, {});

    // The coach's token expires while offline.
    const secret = fs.readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const expired = expiredCopy((await page.evaluate(() => localStorage.getItem('authToken'))) ?? '', secret);
    await page.evaluate((token) => localStorage.setItem('authToken', token), expired);

    await page.goto(`${server.url}/outbox`);
    await context.setOffline(false);
    const failed = outboxItem(page, 'Match report').filter({ hasText: 'Failed' }).first();
    await failed.waitFor({ timeout: 5000 });
    expect(await failed.textContent()).toContain('This match already has an approved result');
    await outboxItem(page, 'Team selection').filter({ hasText: '12 players' }).getByText('Sent').waitFor();
    await screenshot(page, 'offline-outbox-failed');
    // The replay exchanged the expired token for a new one.
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).not.toBe(expired);
    const match = await api<{ home_score: number; away_score: number }>(`/api/matches/${matchId}`);
    expect([match.home_score, match.away_score]).toEqual([3, 3]);
  });
});
