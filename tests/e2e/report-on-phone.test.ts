/**
 * Report a match on a phone: the demo coach opens the match report at 390×844, chooses
 * the most recent match to report and the page, the whole form down to Submit, is
 * under half as tall as when the form listed both full squads with every control.
 */
import { describe, expect, it } from 'vitest';
import { withE2E } from './fixtures';
import { screenshot } from './harness';
import { login } from './pages';

/**
 * document.documentElement.scrollHeight of this page before the form was reordered,
 * measured on the demo league at 390×844 (headless Chromium, a fresh profile) with the
 * demo coach and the first match of the list chosen (the opponent's pending report).
 */
const OLD_REPORT_HEIGHT = 6727;

const { server, browser } = withE2E();

describe('report a match on a phone', () => {
  it('fits the report, score to Submit, in under half the old height', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, server.url, 'coach@touchline.demo');
    await page.goto(`${server.url}/manager/match-report`);
    const select = page.getByRole('combobox', { name: 'Match' });
    await select.waitFor();
    const first = await select.locator('option:not([value=""])').first().getAttribute('value');
    await select.selectOption(first ?? '');
    await page.getByRole('spinbutton', { name: 'Home score' }).waitFor();
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    // Score, then scorers, then goalkeepers, then cards.
    const headings = await page.locator('.report-block-title').allTextContents();
    expect(headings.map((text) => text.trim())).toEqual(['Goals and assists', 'Goalkeepers', 'Cards']);

    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(OLD_REPORT_HEIGHT / 2);
    await screenshot(page, 'report-on-phone');
  });
});
