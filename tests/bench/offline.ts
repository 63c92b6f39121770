/**
 * Offline figures in Chromium against the built app and the real server:
 * - cold start offline: from navigation to the demo team's squad list visible, with
 *   the network off and a fresh page (target ≤ 1 s);
 * - reconnect to confirmed: a match report queued offline, from going back online to
 *   the Outbox showing it sent (target ≤ 2 s).
 * Builds the app first when dist/ has none. BENCH_RUNS (default 7) sets the repetitions.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { launchBrowser, startServer } from '../e2e/harness';
import { login, waitForSavedTeam } from '../e2e/pages';

const runs = Number(process.env.BENCH_RUNS ?? 7);

// The built app is what a phone runs: build it when it is missing.
if (!fs.existsSync(new URL('../../dist/sw.js', import.meta.url))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const TEAM = 'riverside.rovers';

function summary(label: string, values: number[]): void {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  console.log(
    `${label}: median ${median.toFixed(0)} ms, best ${sorted[0]?.toFixed(0)} ms, worst ${sorted.at(-1)?.toFixed(0)} ms (${values.length} runs)`,
  );
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, context } = browser;
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await login(page, server.url, 'coach@touchline.demo');
  // The coach's own team is saved for offline use on its own; wait for it.
  await waitForSavedTeam(page, TEAM);

  // Cold start: a new page (no JavaScript in memory), the network off.
  const coldStarts: number[] = [];
  await context.setOffline(true);
  for (let i = 0; i < runs; i++) {
    const fresh = await context.newPage();
    const started = performance.now();
    await fresh.goto(`${server.url}/team/${TEAM}`);
    await fresh.getByRole('tabpanel').getByRole('link').first().waitFor();
    coldStarts.push(performance.now() - started);
    await fresh.close();
  }
  await context.setOffline(false);

  // Reconnect: one report queued offline each run (a team may correct its own pending report).
  const { matches } = (await (await fetch(`${server.url}/api/teams/${TEAM}/matches`)).json()) as {
    matches: { id: number; approved: string; date: string }[];
  };
  const match = matches.find(
    (candidate) => candidate.approved === '' && Date.parse(candidate.date) < Date.now(),
  );
  if (!match) throw new Error('The demo team has no unreported match');
  const reconnects: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${server.url}/manager/match-report`);
    await context.setOffline(true);
    const select = page.getByRole('combobox', { name: 'Match' });
    await select.waitFor();
    await select.selectOption(String(match.id));
    await page.getByRole('spinbutton', { name: 'Home score' }).fill(String(i + 1));
    await page.getByRole('spinbutton', { name: 'Away score' }).fill('0');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Saved offline — will send when back online').waitFor();
    await page.goto(`${server.url}/outbox`);
    const newest = page.getByRole('listitem').first();
    await newest.getByText('Queued').waitFor();
    const started = performance.now();
    await context.setOffline(false);
    await newest.getByText('Sent').waitFor({ timeout: 10_000 });
    reconnects.push(performance.now() - started);
  }

  console.log(`Chromium, 390×844, server on 127.0.0.1 (${runs} runs each)`);
  summary('Offline cold start to squad visible (target ≤ 1000 ms)', coldStarts);
  summary('Back online to queued report confirmed (target ≤ 2000 ms)', reconnects);
} finally {
  await browser.close();
  await server.dispose();
}
