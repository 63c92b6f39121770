/**
 * `npm run audit:ui`: the measured accessibility of the built app. Serves it on the
 * seeded demo league (the browser-test harness: a free port, a temporary data folder),
 * runs Lighthouse 12 in mobile mode over every public page (accessibility and best
 * practices), then axe-core over every screen as a visitor, the demo coach and the super
 * admin (tests/e2e/screens.ts, the screens the accessibility test checks), and prints a
 * table. It never fails on a score: it exits 1 only when it could not measure.
 * Builds the app first when dist/ is missing or older than the sources.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { describeFindings, launchChromium, scanScreens, type ScreenScan } from '../e2e/axe-scan';
import { buildWhenStale } from '../../api/build-when-stale';
import { CHROMIUM, CHROMIUM_ARGS, startServer, type TestServer } from '../e2e/harness';
import { discoverIds, lighthousePages } from '../e2e/screens';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The whole run is bounded: past this the audit stops, cleans up and exits 1. */
const DEADLINE_MS = 10 * 60_000;
interface LighthouseRow {
  name: string;
  path: string;
  accessibility: number | null;
  bestPractices: number | null;
  /** Audits of the two categories that did not pass, with their node count. */
  failed: string[];
}

const percent = (score: number | null | undefined) =>
  typeof score === 'number' ? Math.round(score * 100) : null;

async function runLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
): Promise<LighthouseRow[]> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir,
    logLevel: 'silent',
  });
  const stop = async () => {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  try {
    return await auditPages(chrome.port, baseUrl, pages);
  } finally {
    cleanups.splice(cleanups.indexOf(stop), 1);
    await stop();
  }
}

async function auditPages(
  port: number,
  baseUrl: string,
  pages: { name: string; path: string }[],
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const url = new URL(page.path, baseUrl).href;
    const started = performance.now();
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      formFactor: 'mobile',
      onlyCategories: ['accessibility', 'best-practices'],
      maxWaitForLoad: 30_000,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) console.log(`  ${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const failed: string[] = [];
    for (const category of ['accessibility', 'best-practices']) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
        const details = audit.details as { items?: unknown[] } | undefined;
        failed.push(`${ref.id}${details?.items ? ` (${details.items.length})` : ''}`);
      }
    }
    rows.push({
      name: page.name,
      path: page.path,
      accessibility: percent(lhr.categories.accessibility?.score),
      bestPractices: percent(lhr.categories['best-practices']?.score),
      failed,
    });
    console.log(
      `  Lighthouse ${page.name}: accessibility ${rows.at(-1)?.accessibility}, best practices ${rows.at(-1)?.bestPractices} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  return rows;
}

function printTable(lighthouseRows: LighthouseRow[], scans: ScreenScan[]): void {
  const byPath = new Map(lighthouseRows.map((row) => [row.path, row]));
  const header = ['role', 'screen', 'LH a11y', 'LH best pr.', 'axe serious+critical', 'axe moderate+minor'];
  const count = (findings: ScreenScan['findings']) => {
    const nodes = findings.reduce((sum, finding) => sum + finding.targets.length, 0);
    return findings.length === 0 ? '0' : `${findings.length} rules, ${nodes} nodes`;
  };
  const lines = scans.map((scan) => {
    // Lighthouse loads each public page as a visitor, without an opened tab or panel.
    const lh = scan.role === 'visitor' && !scan.screen.includes(' / ') ? byPath.get(scan.path) : undefined;
    return [
      scan.role,
      scan.screen,
      lh ? String(lh.accessibility ?? '–') : '',
      lh ? String(lh.bestPractices ?? '–') : '',
      count(scan.blocking),
      count(scan.findings.filter((finding) => !scan.blocking.includes(finding))),
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(format(line));

  const lhFailures = lighthouseRows.filter((row) => row.failed.length > 0);
  if (lhFailures.length > 0) {
    console.log('\nLighthouse audits that did not pass (items):');
    for (const row of lhFailures) console.log(`  ${row.name} (${row.path}): ${row.failed.join(', ')}`);
  }
  const blocking = describeFindings(scans, (scan) => scan.blocking);
  if (blocking) console.log(`\naxe serious and critical:\n${blocking}`);
  const minor = describeFindings(scans, (scan) => scan.findings.filter((f) => !scan.blocking.includes(f)));
  if (minor) console.log(`\naxe moderate and minor:\n${minor}`);
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('clean-up:', error);
    }
  }
}

async function main(): Promise<void> {
  buildWhenStale(path.join(root, 'dist'));
  const started = performance.now();
  const server: TestServer = await startServer();
  cleanups.push(() => server.dispose());
  const ids = await discoverIds(server.url);

  const pages = lighthousePages(ids);
  console.log(`Lighthouse 12 (mobile) over ${pages.length} public pages…`);
  const lighthouseRows = await runLighthouse(server.url, pages);
  console.log('axe-core over every screen as a visitor, the coach and the super admin…');
  const browser: Browser = await launchChromium();
  cleanups.push(() => browser.close());
  const { scans, pageErrors } = await scanScreens(browser, server.url);
  printTable(lighthouseRows, scans);
  if (pageErrors.length > 0) console.log(`\nPage errors:\n  ${pageErrors.join('\n  ')}`);
  const blocking = scans.filter((scan) => scan.blocking.length > 0).length;
  const a11y = lighthouseRows.map((row) => row.accessibility ?? 0);
  console.log(
    `\n[audit:ui] Lighthouse accessibility ${Math.min(...a11y)}–${Math.max(...a11y)} over ${pages.length} pages ` +
      `(${a11y.filter((score) => score === 100).length} at 100); axe: ${scans.length} screens, ` +
      `${blocking} with serious or critical violations; ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

const watchdog = setTimeout(() => {
  console.error(`audit:ui did not finish in ${DEADLINE_MS / 60_000} minutes`);
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
try {
  await main();
} catch (error) {
  console.error('audit:ui could not measure:', error);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
