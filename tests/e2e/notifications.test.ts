/**
 * Issue #20 in Chromium against the real seeded server: the demo coach files a report at
 * the pitch with no signal; back online, the outbox sends it, the opponent's owner sees
 * the unread count on the bell rise, opens the notification, approves the result, and
 * the coach's bell then says it was approved. Then a Web Push message delivered to the
 * owner's service worker (through the DevTools protocol, as no push service is reachable
 * here) is shown as a system notification.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { withServer } from './fixtures';
import { launchBrowser, screenshot, type TestBrowser } from './harness';
import { DEMO_TEAM, login, unreportedAgainstOwner, waitForSavedTeam } from './pages';

const server = withServer();
const opened: TestBrowser[] = [];

afterEach(async () => {
  for (const browser of opened.splice(0)) await browser.close();
});

async function phone(): Promise<TestBrowser> {
  const browser = await launchBrowser();
  opened.push(browser);
  await browser.page.goto(`${server.url}/`);
  await browser.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  return browser;
}

/** The bell's unread count, as its accessible name says it (0 when it says none). */
async function unread(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.waitFor();
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

/** The bell's unread count, polled: each time the page is told it is back in view, so that it asks again. */
const pollUnread = (page: Page) =>
  expect.poll(
    async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      return unread(page);
    },
    { timeout: 10_000 },
  );

describe('notifications', () => {
  it('a report sent offline reaches the opponent’s bell; their approval reaches the coach’s', async () => {
    const { match: unreported } = await unreportedAgainstOwner(server.url);
    const match = { id: unreported.id, home: unreported.home_team === DEMO_TEAM };

    // The coach at the pitch: signed in at the clubhouse, then no signal.
    const coach = await phone();
    await login(coach.page, server.url, 'coach@touchline.demo');
    await waitForSavedTeam(coach.page, DEMO_TEAM);
    await coach.page.goto(`${server.url}/manager/match-report`);
    await coach.page.getByRole('combobox', { name: 'Match' }).waitFor();
    await coach.context.setOffline(true);
    const select = coach.page.getByRole('combobox', { name: 'Match' });
    await select.selectOption(String(match.id));
    await coach.page.getByRole('spinbutton', { name: 'Home score' }).fill(match.home ? '1' : '0');
    await coach.page.getByRole('spinbutton', { name: 'Away score' }).fill(match.home ? '0' : '1');
    await coach.page.getByRole('button', { name: 'Submit' }).click();
    await coach.page
      .getByRole('status')
      .filter({ hasText: 'Saved offline — will send when back online' })
      .waitFor();

    // The owner, elsewhere, before the report arrives.
    const owner = await phone();
    await login(owner.page, server.url, 'owner@touchline.demo');
    const before = await unread(owner.page);

    // Signal again: the outbox sends the report once.
    await coach.context.setOffline(false);
    await coach.page.getByRole('link', { name: 'Outbox, 1 not sent yet' }).waitFor();
    await coach.page.getByRole('link', { name: 'Outbox', exact: true }).waitFor({ timeout: 10_000 });

    // The owner's bell counts it (it asks when the page comes back into view). The match
    // was overdue, so the reminder to report it may have been there before: sent now, it
    // reads as done and leaves the count as the request to review it joins.
    await pollUnread(owner.page).toBeGreaterThanOrEqual(Math.max(before, 1));
    await owner.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const panel = owner.page.getByRole('region', { name: 'Notifications' });
    const toReview = panel.getByRole('link').filter({ hasText: 'Result to review' }).first();
    await toReview.waitFor();
    expect(await toReview.textContent()).toContain('Approve or reject it.');
    const reminders = panel.locator(`li:has(a[href="/manager/match-report?match=${match.id}"])`);
    for (const reminder of await reminders.all()) {
      expect(await reminder.getAttribute('class')).toBe('notification-done');
    }
    await screenshot(owner.page, 'notifications-panel');
    expect(await toReview.textContent()).toMatch(/^Unread: /);
    await toReview.click();
    // It opens the review of the match it is about.
    await owner.page.waitForURL((url) => url.pathname === '/manager/pending-results');
    const dialog = owner.page.getByRole('dialog', { name: 'Review Match Result' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await owner.page.getByText('Report approved').waitFor();
    // Opened, it is read.
    await expect
      .poll(async () => {
        await owner.page.getByRole('button', { name: /^Notifications/ }).click();
        const first = panel.getByRole('link').filter({ hasText: 'Result to review' }).first();
        const text = await first.textContent();
        await owner.page.keyboard.press('Escape');
        return text;
      })
      .not.toMatch(/^Unread: /);

    // The coach's bell says so.
    await pollUnread(coach.page).toBeGreaterThan(0);
    await coach.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const approved = coach.page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link')
      .filter({ hasText: 'Result approved' })
      .first();
    await approved.waitFor();
    expect(await approved.textContent()).toMatch(/approved .* [01]–[01] /);
    await screenshot(coach.page, 'notifications-approved');
  });

  it('shows a pushed notification from the service worker', async () => {
    const owner = await phone();
    await owner.context.grantPermissions(['notifications'], { origin: server.url });
    const cdp = await owner.context.newCDPSession(owner.page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations));
    });
    await cdp.send('ServiceWorker.enable');
    const [registration] = (await registrations).filter((each) => each.scopeURL.startsWith(server.url));
    expect(registration).toBeDefined();
    const push = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(server.url).origin,
        registrationId: registration?.registrationId ?? '',
        data: JSON.stringify({
          id: 41,
          kind: 'report_to_review',
          title: 'Result to review',
          body: 'West Rangers reported West Rangers 2–1 East United. Approve or reject it.',
          link: '/manager/pending-results?match=1',
        }),
      });
    // A push delivered through DevTools right after the permission was granted and the
    // worker took control is now and then dropped (a real one comes after subscribing): it
    // is delivered again until shown. The tag keeps one notification per stored one.
    await expect
      .poll(
        async () => {
          await push();
          return owner.page.evaluate(async () => {
            const ready = await navigator.serviceWorker.ready;
            return (await ready.getNotifications()).map((shown) => [shown.title, shown.body, shown.data]);
          });
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toEqual([
        [
          'Result to review',
          'West Rangers reported West Rangers 2–1 East United. Approve or reject it.',
          expect.objectContaining({ link: '/manager/pending-results?match=1' }),
        ],
      ]);
  });
});
