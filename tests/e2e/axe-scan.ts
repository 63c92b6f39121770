/**
 * axe-core over every screen of `screens.ts` as a visitor, the demo coach and the super
 * admin: one Chromium, one context per role, a phone viewport. Shared by the
 * accessibility test (which fails on serious or critical findings) and `npm run audit:ui`
 * (which prints them).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, PHONE } from './harness';
import { login } from './pages';
import { discoverIds, ROLE_EMAIL, ROLES, screensFor, visit, type Role } from './screens';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * axe marks label-content-name-mismatch (WCAG 2.5.3, level A) experimental and runs it only
 * when asked; Lighthouse and the issue count it, so it runs here too.
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
const BLOCKING = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export interface ScreenScan {
  role: Role;
  screen: string;
  path: string;
  findings: Finding[];
  /** Serious and critical findings: what fails the test. */
  blocking: Finding[];
}

export interface AxeRun {
  scans: ScreenScan[];
  /** Uncaught page errors seen along the way. */
  pageErrors: string[];
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Scans every screen of every role; `onScan` sees each result as it comes (for progress). */
export async function scanScreens(
  browser: Browser,
  baseUrl: string,
  onScan: (scan: ScreenScan) => void = () => {},
  roles: readonly Role[] = ROLES,
): Promise<AxeRun> {
  const ids = await discoverIds(baseUrl);
  const scans: ScreenScan[] = [];
  const pageErrors: string[] = [];
  for (const role of roles) {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    try {
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${role}: ${error.message}`));
      if (role !== 'visitor') await login(page, baseUrl, ROLE_EMAIL[role]);
      for (const screen of screensFor(role, ids)) {
        try {
          await visit(page, baseUrl, screen);
        } catch (error) {
          throw new Error(`${role} / ${screen.name} (${screen.path}) did not load: ${String(error)}`, {
            cause: error,
          });
        }
        const result = await new AxeBuilder({ page })
          .options({ rules: EXTRA_RULES })
          .withTags(AXE_TAGS)
          .analyze();
        const findings = result.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
        const scan: ScreenScan = {
          role,
          screen: screen.name,
          path: screen.path,
          findings,
          blocking: findings.filter((finding) => BLOCKING.has(finding.impact)),
        };
        scans.push(scan);
        onScan(scan);
      }
    } finally {
      await context.close();
    }
  }
  return { scans, pageErrors };
}

/** One line per finding: role / screen, rule, impact, node targets. */
export function describeFindings(scans: readonly ScreenScan[], pick: (s: ScreenScan) => Finding[]): string {
  return scans
    .flatMap((scan) =>
      pick(scan).map(
        (f) =>
          `${scan.role} / ${scan.screen} (${scan.path}): ${f.rule} [${f.impact}] ${f.help}\n    ${f.targets.slice(0, 20).join('\n    ')}${f.targets.length > 20 ? `\n    … ${f.targets.length - 20} more` : ''}`,
      ),
    )
    .join('\n');
}
