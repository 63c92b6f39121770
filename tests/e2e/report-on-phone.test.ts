/**
 * Report a match on a phone: the demo coach opens the match report at 390×844, chooses
 * the most recent match to report and the page, the whole form down to Submit, is
 * under half as tall as when the form listed both full squads with every control. Opened,
 * the own goals and the cards (with what '2nd yellow' and 'Yellow + red' mean) fit the
 * phone's width.
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

    // Score, then scorers and own goals, then goalkeepers, then cards.
    const headings = await page.locator('.report-block-title').allTextContents();
    expect(headings.map((text) => text.trim())).toEqual([
      'Goals and assists',
      'Own goals',
      'Goalkeepers',
      'Cards',
    ]);

    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`report page height at 390×844: ${height} px (before the reorder: ${OLD_REPORT_HEIGHT} px)`);
    expect(height).toBeLessThan(OLD_REPORT_HEIGHT / 2);
    // Each stepper button reaches past its drawn edge on every side (a thumb's square,
    // though it is drawn smaller), and the names beside them wrap between words.
    const plus = page.getByRole('button', { name: /^Add an assist for / }).first();
    const reach = await plus.evaluate((button) => {
      // elementFromPoint sees only what is in the viewport.
      button.scrollIntoView({ block: 'center' });
      const box = button.getBoundingClientRect();
      const at = (x: number, y: number) => document.elementFromPoint(x, y) === button;
      const middle = box.top + box.height / 2;
      const centre = box.left + box.width / 2;
      return {
        drawn: box.width,
        reached: [
          at(box.left - 3, middle),
          at(box.right + 3, middle),
          at(centre, box.top - 3),
          at(centre, box.bottom + 3),
        ],
      };
    });
    expect(reach.drawn).toBeLessThan(44);
    expect(reach.reached).toEqual([true, true, true, true]);
    const broken = await page.locator('.report-player-name').evaluateAll((names) =>
      names.flatMap((name) => {
        const text = name.firstChild;
        if (!(text instanceof Text)) return [];
        const range = document.createRange();
        const words: string[] = [];
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          // A word on two lines has a box on each.
          if (range.getClientRects().length > 1) words.push(match[0]);
        }
        return words;
      }),
    );
    expect(broken).toEqual([]);
    await screenshot(page, 'report-on-phone');

    // Own goals and cards, opened: a stepper per player, the card types explained, all in the width.
    await page.locator('summary', { hasText: 'Own goals' }).click();
    await page
      .getByRole('button', { name: /^Add an own goal for / })
      .first()
      .waitFor();
    await page.getByText('Cards', { exact: true }).click();
    const help = page.locator('.report-card-help');
    await help.scrollIntoViewIfNeeded();
    expect(await help.textContent()).toContain('2nd yellowa second yellow in this match');
    const right = await help.evaluate((node) => node.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'report-on-phone-cards');
  });
});
