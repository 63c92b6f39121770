/**
 * The super admin's Overdue tab over the tiny league, served by the real
 * API. At the tiny league's "now" (15 June, 12:00) and its default 72-hour deadline
 * only m5 is overdue (reported by East United on 6 June, never reviewed); with a
 * 12-hour deadline m6 (rejected, no report since) and m7 (no report) are too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OVERDUE_PAGE } from '@/features/manager/overdue/overdue-tab';
import { insertMatch, updateMatch } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { renderRoute, tokenOf, useTinyLeagueClock } from '../render';
import { SUPER_ADMIN_TABS, tabNames, textsOf } from '../queries';
import { BOSS, NT_COACH } from './staff';

// Tests change the league's rules and results: a fresh API and database each time.
const api = withApiMock({ perTest: true });

/** Sets the tiny league's report deadline through the API, as the Leagues tab would. */
async function setDeadline(hours: number) {
  const token = await tokenOf(api, {
    id: 'u.rules',
    name: 'Rules',
    email: 'rules@example.test',
    user_type: 'super_admin',
    team_id: null,
  });
  const rules = (await (await api.app.app.request('/api/leagues/tl-26/rules')).json()) as Record<
    string,
    unknown
  >;
  const response = await api.app.app.request('/api/leagues/tl-26/rules', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...rules, report_deadline_hours: hours }),
  });
  expect(response.status).toBe(200);
}

async function openTab() {
  const rendered = await renderRoute('/manager/overdue', { user: BOSS, api });
  const panel = await screen.findByRole('tabpanel', { name: 'Overdue' });
  // The tab's code loads on demand: its heading says it is there.
  await within(panel).findByRole('heading', { level: 2, name: 'Overdue Results' });
  return { ...rendered, panel };
}

const cellTexts = (row: HTMLElement) => textsOf(row, 'cell');

describe('the Overdue tab', () => {
  it('is a super admin tab, after Leagues', async () => {
    useTinyLeagueClock();
    const { panel } = await openTab();
    expect(tabNames()).toEqual(SUPER_ADMIN_TABS);
    expect(screen.getByRole('tab', { name: 'Overdue' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Overdue Results' })).toBeInTheDocument();
  });

  it('lists the overdue matches, the earliest kick-off first, each linking to its match', async () => {
    useTinyLeagueClock();
    await setDeadline(12);
    const user = userEvent.setup();
    const { panel, router } = await openTab();
    const table = await within(panel).findByRole('table', { name: 'Overdue Results' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Match', 'League', 'Waiting for', 'Late']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellTexts)).toEqual([
      [
        'Sat, Jun 6, 2:00 PM',
        'North Town vs East United',
        'Tiny League 2026',
        // East United reported: North Town owes the review.
        'Reviewby North Town',
        '8 days lateDue Sun, Jun 7, 2:00 AM',
      ],
      [
        'Sat, Jun 13, 2:00 PM',
        'South City vs West Rangers',
        'Tiny League 2026',
        'No report',
        '34 hours lateDue Sun, Jun 14, 2:00 AM',
      ],
      [
        'Sun, Jun 14, 2:00 PM',
        'West Rangers vs East United',
        'Tiny League 2026',
        'No report',
        '10 hours lateDue Mon, Jun 15, 2:00 AM',
      ],
    ]);
    const { m5, m6, m7 } = api.app.matchIds;
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([`/match/${m5}`, `/match/${m6}`, `/match/${m7}`]);

    await user.click(within(table).getByRole('link', { name: 'West Rangers vs East United' }));
    expect(router.state.location.pathname).toBe(`/match/${m7}`);
  });

  it('shows the loading state, then the one match past the default deadline', async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/reports\/overdue$/);
    const { panel } = await openTab();
    expect(await within(panel).findByText('Loading overdue results...')).toBeInTheDocument();
    const table = await within(panel).findByRole('table', { name: 'Overdue Results' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'North Town vs East United' })).toBeInTheDocument();
    expect(within(table).getByText('5 days late')).toBeInTheDocument();
  });

  it("says 'No overdue results' when nothing is late", async () => {
    useTinyLeagueClock();
    await updateMatch(api.app.connection.db, api.app.matchIds.m5, { approved: 'TRUE' });
    const { panel } = await openTab();
    expect(await within(panel).findByText('No overdue results')).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the load error with a retry', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/reports\/overdue$/);
    const { panel } = await openTab();
    expect(
      await within(panel).findByText('Failed to load overdue results. Please try again later.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();

    api.server.resetHandlers();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('table', { name: 'Overdue Results' })).toBeInTheDocument();
  });

  it('shows fifty matches, and more on request, with a retry when the next page fails', async () => {
    useTinyLeagueClock();
    // Sixty forgotten results, a day apart from 1 April, all before m5 (6 June).
    const db = api.app.connection.db;
    for (let day = 0; day < 60; day++) {
      await insertMatch(db, {
        league_id: 'tl-26',
        date: new Date(Date.UTC(2026, 3, 1 + day, 14)).toISOString(),
        home: day % 2 === 0 ? 'north.town' : 'south.city',
        away: day % 2 === 0 ? 'south.city' : 'north.town',
      });
    }
    const user = userEvent.setup();
    const { panel } = await openTab();
    const table = await within(panel).findByRole('table', { name: 'Overdue Results' });
    const dates = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(dates()).toHaveLength(OVERDUE_PAGE);
    expect(dates()[0]).toBe('Wed, Apr 1, 2:00 PM');
    expect(dates()[49]).toBe('Wed, May 20, 2:00 PM');

    api.failGet(/\/api\/reports\/overdue$/);
    await user.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(
      await within(panel).findByText('Failed to load more overdue results. Please try again later.'),
    ).toBeInTheDocument();
    expect(dates()).toHaveLength(OVERDUE_PAGE);
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    api.server.resetHandlers();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dates()).toHaveLength(61));
    expect(dates().slice(49, 52)).toEqual([
      'Wed, May 20, 2:00 PM',
      'Thu, May 21, 2:00 PM',
      'Fri, May 22, 2:00 PM',
    ]);
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('North Town vs East United');
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("is no tab of a coach: the address opens Match Report, where the team's own unreported matches are", async () => {
    useTinyLeagueClock();
    const { router } = await renderRoute('/manager/overdue', { user: NT_COACH, api });
    expect(await screen.findByRole('tab', { name: 'Match Report', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manager/match-report');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Overdue' })).not.toBeInTheDocument();
  });
});
