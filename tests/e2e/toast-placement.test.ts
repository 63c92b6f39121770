/**
 * A toast never lies over the control that made it: on a 390×844 phone, the demo coach
 * saves a player with a shirt number already taken, from a Save button scrolled down to
 * the bottom corner where toasts appear; the error (which stays until dismissed) shows
 * elsewhere, and the Save button can be pressed again.
 */
import { expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { screenshot } from './harness';
import { DEMO_TEAM, login } from './pages';

const { server, browser } = withE2E();

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

it('shows a failed save’s toast clear of the Save button on a phone', async () => {
  const { page } = browser;
  const roster = (await (await fetch(`${server.url}/api/teams/${DEMO_TEAM}/roster`)).json()) as {
    players: { name: string; number: number }[];
  };
  const [first, second] = roster.players;
  if (!first || !second) throw new Error('the demo team has fewer than two players');

  await login(page, server.url, 'coach@touchline.demo');
  await page.goto(`${server.url}/manager/club`);
  await page.getByRole('button', { name: `Edit ${first.name}` }).click();
  const form = page.getByRole('form', { name: `Edit ${first.name}` });
  await form.getByRole('spinbutton', { name: 'Number' }).fill(String(second.number));
  const save = form.getByRole('button', { name: 'Save Player' });
  // The button at the foot of the screen, just above the navigation, where the toasts were.
  await save.evaluate((button) => {
    const nav = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect().top ?? innerHeight;
    window.scrollBy(0, button.getBoundingClientRect().bottom - (nav - 16));
  });
  await save.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to update player' });
  await toast.waitFor();
  const [toastBox, saveBox] = [await toast.boundingBox(), await save.boundingBox()];
  if (!toastBox || !saveBox) throw new Error('the toast or the Save button is not on screen');
  await screenshot(page, 'toast-clear-of-save');
  expect(overlaps(toastBox, saveBox)).toBe(false);
  // The button takes a press again, where it is.
  await save.click({ trial: true });
});
