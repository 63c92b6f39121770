/**
 * No screen scrolls sideways on a 390×844 phone: every screen of screens.ts (public
 * pages, account pages, each /manager tab of the roles that have it, the people screen,
 * /admin-dashboard) as a visitor, the demo coach, the demo league's admin and the super
 * admin, plus the owner's My Club. The page and its body are never wider than the screen;
 * a screen that is names the elements that stick out.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { launchChromium } from './axe-scan';
import { withBrowser, withServer } from './fixtures';
import { PHONE } from './harness';
import { login } from './pages';
import { discoverIds, ROLE_EMAIL, ROLES, screensFor, visit, type Role, type Screen } from './screens';

const server = withServer();
const browser = withBrowser(launchChromium);

interface Overflow {
  screen: string;
  scrollWidth: number;
  bodyScrollWidth: number;
  /** The outermost elements reaching past the right edge, as tag.class (width). */
  culprits: string[];
}

async function overflowOf(page: Page, screen: string): Promise<Overflow> {
  return page.evaluate((name) => {
    const width = document.documentElement.clientWidth;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 0.5 || rect.width === 0) continue;
      // Inside a box that scrolls or clips (a tab row), it moves no page.
      let clipped = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') clipped = true;
      }
      if (clipped) continue;
      // The outermost only: its children stick out with it.
      const parent = element.parentElement?.getBoundingClientRect();
      if (parent && parent.right > width + 0.5) continue;
      const classes = [...element.classList].map((item) => `.${item}`).join('');
      culprits.push(`${element.tagName.toLowerCase()}${classes} (${Math.round(rect.width)} px)`);
    }
    return {
      screen: name,
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
      culprits: culprits.slice(0, 5),
    };
  }, screen);
}

/** The owner runs their club like the coach: My Club, the team tabs. */
const OWNER_SCREENS: Screen[] = ['match-report', 'team-selection', 'pending-results', 'club'].map((key) => ({
  name: `manager / ${key}`,
  path: `/manager/${key}`,
}));

it('scrolls no screen sideways at 390×844, for every role', async () => {
  const ids = await discoverIds(server.url);
  const wide: Overflow[] = [];
  let visited = 0;
  const walk = async (who: Role | 'owner', email: string | null, screens: readonly Screen[]) => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    try {
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      if (email !== null) await login(page, server.url, email);
      for (const screen of screens) {
        await visit(page, server.url, screen);
        visited += 1;
        const overflow = await overflowOf(page, `${who} / ${screen.name} (${screen.path})`);
        if (overflow.scrollWidth > PHONE.width || overflow.bodyScrollWidth > PHONE.width) wide.push(overflow);
      }
    } finally {
      await context.close();
    }
  };
  for (const role of ROLES) {
    await walk(role, role === 'visitor' ? null : ROLE_EMAIL[role], screensFor(role, ids));
  }
  await walk('owner', 'owner@touchline.demo', OWNER_SCREENS);
  console.log(`[layout] ${visited} screens at ${PHONE.width}×${PHONE.height}, ${wide.length} wider`);
  expect(wide).toEqual([]);
}, 300_000);
