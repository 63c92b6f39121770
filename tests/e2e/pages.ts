/** Small page helpers that keep browser flows readable. */
import type { Locator, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'touchline-demo';
export const DEMO_TEAM = 'riverside.rovers';
const yy = String(new Date().getUTCFullYear()).slice(2);
/** The demo league of the current season (the seed names leagues after the year). */
export const DEMO_LEAGUE = `mwpl-${yy}`;

export async function login(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs a demo account in through the API and returns its access token. */
export async function demoToken(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`${email} could not sign in: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A match as a team's match list gives it, with the fields the browser tests read. */
export interface ListedMatch {
  id: number;
  date: string;
  location: string;
  approved: string;
  home_team: string;
  away_team: string;
}

async function readJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The demo owner's team, and the demo team's past match against it that has no report
 * yet: the seed leaves one, for the report flows. Throws when there is none.
 */
export async function unreportedAgainstOwner(
  baseUrl: string,
): Promise<{ ownerTeam: string; match: ListedMatch }> {
  const owner = await readJson<{ user: { team_id: string } }>(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'owner@touchline.demo', password: DEMO_PASSWORD }),
  });
  const ownerTeam = owner.user.team_id;
  const { matches } = await readJson<{ matches: ListedMatch[] }>(`${baseUrl}/api/teams/${DEMO_TEAM}/matches`);
  const match = matches.find(
    (m) =>
      m.approved === '' && Date.parse(m.date) < Date.now() && [m.home_team, m.away_team].includes(ownerTeam),
  );
  if (!match)
    throw new Error('The demo league has an unreported match between the demo team and the owner’s');
  return { ownerTeam, match };
}

/** In a team's section of the match report form: the button that adds a goal for its last-listed player. */
export const lastScorerButton = (team: Locator) =>
  team.getByRole('button', { name: /^Add a goal for / }).last();

/** In a team's section of the match report form: ticks its first-listed player as goalkeeper. */
export const tickFirstKeeper = (team: Locator) =>
  team
    .getByRole('checkbox', { name: /^Goalkeeper: / })
    .first()
    .check();

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('.greeting').getByText('Guest').waitFor();
}

export async function gotoTeam(page: Page, baseUrl: string, teamId = DEMO_TEAM): Promise<void> {
  await page.goto(`${baseUrl}/team/${teamId}`);
  await page.getByRole('tab', { name: 'Squad' }).waitFor();
}

export async function navItems(page: Page): Promise<string[]> {
  return (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).map(
    (text) => text.trim(),
  );
}

/** Waits until the page's offline store holds the team, saved for offline use; fails after `timeout` ms. */
export async function waitForSavedTeam(page: Page, teamId = DEMO_TEAM, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const saved = () =>
    page.evaluate(
      (id) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('touchline-offline');
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('saved')) return resolve(false);
            const get = db.transaction('saved').objectStore('saved').get(id);
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
      teamId,
    );
  while (!(await saved())) {
    if (Date.now() > deadline)
      throw new Error(`${teamId} was not saved for offline use within ${timeout} ms`);
    await page.waitForTimeout(250);
  }
}
