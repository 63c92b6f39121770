/**
 * axe-core (WCAG 2.0/2.1 A and AA, best practices) over every screen of screens.ts at
 * 390×844, as a visitor, the demo coach, the demo league's admin and the super admin,
 * against the real seeded server. Any serious or critical violation fails, listed by
 * screen, rule and node.
 * `npm run audit:ui` prints the same scan with Lighthouse scores beside it.
 */
import { expect, it } from 'vitest';
import { describeFindings, launchChromium, scanScreens } from './axe-scan';
import { withBrowser, withServer } from './fixtures';

const server = withServer();
const browser = withBrowser(launchChromium);

it('has no serious or critical axe violation on any screen, for a visitor, a coach, a league admin and the super admin', async () => {
  const started = performance.now();
  const { scans, pageErrors } = await scanScreens(browser, server.url);
  const blocking = scans.filter((scan) => scan.blocking.length > 0);
  const minor = scans.reduce((sum, scan) => sum + scan.findings.length - scan.blocking.length, 0);
  console.log(
    `[a11y] axe: ${scans.length} screens in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${blocking.length} with serious or critical violations, ${minor} moderate or minor findings`,
  );
  expect(
    blocking,
    `serious or critical axe violations:\n${describeFindings(blocking, (s) => s.blocking)}`,
  ).toEqual([]);
  expect(pageErrors).toEqual([]);
}, 240_000);
