/**
 * Two differing reports in the Pending Results tab, over the tiny league:
 * m7 (West Rangers v East United, 14 June) is reported 2-1 by West Rangers' coach and
 * 2-2 by East United's owner. Both are sent through the real API, which keeps the
 * second beside the first; the review dialog shows them side by side and each side
 * may approve the other's. Decisions are checked in the API's database.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { M7_REPORT } from '../../api/tiny-league';
import { logRequests, withApiMock } from '../api-mock';
import { tokenOf, useTinyLeagueClock } from '../render';
import { renderPendingResultsTab } from './pending-tab';
import { BOSS, EU_OWNER, WR_COACH } from './staff';
import { updateMatch } from '../../fixtures/factory';

// Every test sends its own reports: a fresh API and database each time.
const api = withApiMock({ perTest: true });
const reviews = logRequests(api, (request, url) =>
  request.method === 'POST' && /\/(approve|reject)$/.test(url.pathname)
    ? request
        .clone()
        .text()
        .then((body) => ({ path: url.pathname, body: body === '' ? null : (JSON.parse(body) as unknown) }))
    : undefined,
);

/** West Rangers' version: 2-1, a red card and three yellows. */
const WR_REPORT = M7_REPORT;
/** East United's version: 2-2, their forward scored twice, no cards. */
const EU_REPORT = {
  home_score: 2,
  away_score: 2,
  goalscorers: ['wr.fwd', 'wr.fwd', 'eu.fwd', 'eu.fwd'],
  assisters: ['eu.mid', 'wr.mid'],
  goalkeepers: ['eu.gk', 'wr.gk'],
  yellow_cards: [],
  red_cards: [],
};

/** Sends `body` as `user`'s report of m7 through the real API. */
async function report(user: StoredUser, body: unknown): Promise<string> {
  const token = await tokenOf(api, user);
  const response = await api.app.app.request(`/api/matches/${api.app.matchIds.m7}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

/** West Rangers report first; East United answer with a differing report. */
async function twoReports() {
  expect(await report(WR_COACH, WR_REPORT)).toBe('pending');
  expect(await report(EU_OWNER, EU_REPORT)).toBe('differs');
}

function renderTab(user: StoredUser) {
  return renderPendingResultsTab(api, user);
}

async function m7Row(opponent: RegExp) {
  const table = await screen.findByRole('table', { name: 'Pending Match Results' });
  return within(table).getByRole('row', { name: opponent });
}

/** Opens m7: 'Review', or 'View' while the list knows of the team's own report alone. */
async function openM7(opponent: RegExp, user = userEvent.setup()) {
  await user.click(within(await m7Row(opponent)).getByRole('button', { name: /^(Review|View)$/ }));
  const dialog = screen.getByRole('dialog', { name: /^(Review Match Result|Match Result)$/ });
  return { user, dialog };
}

/** A report's column in the dialog, once the dialog shows both. */
async function column(dialog: HTMLElement, name: string) {
  return within(dialog).findByRole('region', { name });
}

/** The "Differs" mark of each field of a column, in order: [field, differs]. */
function marks(region: HTMLElement) {
  return within(region)
    .getAllByRole('heading', { level: 4 })
    .map((heading) => [
      heading.textContent,
      heading.parentElement?.textContent?.includes('Differs from the other report') ?? false,
    ]);
}

const listTexts = (region: HTMLElement, name: string) =>
  within(within(region).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function m7InDb() {
  return api.app.connection.db
    .selectFrom('matches')
    .select(['approved', 'home_score', 'away_score', 'reported_by_team', 'reviewed_by_user'])
    .where('id', '=', api.app.matchIds.m7)
    .executeTakeFirstOrThrow();
}

async function counterReports() {
  return api.app.connection.db.selectFrom('match_counter_reports').select('team_id').execute();
}

describe('two differing reports', () => {
  it('shows both side by side, each differing field marked, and lets the first reporter act', async () => {
    useTinyLeagueClock();
    await twoReports();
    await renderTab(WR_COACH);

    // West Rangers reported first: their result now needs them too (East United's differs).
    const row = await m7Row(/East United/);
    expect(within(row).getByText('Two reports differ')).toBeInTheDocument();
    expect(within(row).queryByText('Reported by your team')).not.toBeInTheDocument();

    const { dialog } = await openM7(/East United/);
    const ours = await column(dialog, 'West Rangers’ report');
    const theirs = await column(dialog, 'East United’s report');
    expect(
      within(dialog).getByText(/in the score, goalscorers, yellow cards and red cards\./),
    ).toBeInTheDocument();
    expect(within(ours).getByText('Sent first, Mon, Jun 15, 12:00 PM')).toBeInTheDocument();
    expect(within(theirs).getByText('Sent second, Mon, Jun 15, 12:00 PM')).toBeInTheDocument();

    // Each field of both reports; the differing ones say so in words.
    const expected = [
      ['Score', true],
      ['Goalscorers', true],
      ['Own goals', false],
      ['Assisters', false],
      ['Goalkeepers', false],
      ['Yellow cards', true],
      ['Red cards', true],
    ];
    expect(marks(ours)).toEqual(expected);
    expect(marks(theirs)).toEqual(expected);
    expect(within(ours).getByText('2 – 1')).toBeInTheDocument();
    expect(within(theirs).getByText('2 – 2')).toBeInTheDocument();
    expect(within(ours).getByRole('list', { name: 'Goalscorers' })).toHaveAccessibleDescription(
      'Differs from the other report',
    );
    expect(within(ours).getByRole('list', { name: 'Assisters' })).not.toHaveAccessibleDescription();

    // Players by name, as the one-report dialog names them.
    // Two #9s: each says its club.
    expect(listTexts(ours, 'Goalscorers')).toEqual([
      '#9 West Rangers Forward × 2 · West Rangers',
      '#9 East United Forward × 1 · East United',
    ]);
    expect(listTexts(theirs, 'Goalscorers')).toEqual([
      '#9 West Rangers Forward × 2 · West Rangers',
      '#9 East United Forward × 2 · East United',
    ]);
    expect(listTexts(ours, 'Yellow cards')).toEqual([
      '#4 East United Defender × 2 (sent off) · East United',
      '#8 West Rangers Midfielder · West Rangers',
    ]);
    expect(within(theirs).getByText('No yellow cards recorded')).toBeInTheDocument();
    expect(within(theirs).getByText('No red cards recorded')).toBeInTheDocument();

    // Their own report: nothing to decide. East United's: approve it or reject it.
    expect(within(ours).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(ours).getByText("Your team's report: the other team or the league admin decides on it"),
    ).toBeInTheDocument();
    const approve = within(theirs).getByRole('button', { name: 'Approve this report' });
    expect(approve).toHaveAccessibleDescription('East United’s report');
    expect(within(theirs).getByRole('button', { name: 'Reject' })).toHaveAccessibleDescription(
      'East United’s report',
    );
    // The one-report buttons are gone; Close stays.
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it("approving the opponent's report sends its team: it becomes the result and leaves the list", async () => {
    useTinyLeagueClock();
    await twoReports();
    await renderTab(WR_COACH);
    const { user, dialog } = await openM7(/East United/);
    const theirs = await column(dialog, 'East United’s report');
    await user.click(within(theirs).getByRole('button', { name: 'Approve this report' }));

    expect(await screen.findByText('Report approved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No pending matches found')).toBeInTheDocument();
    expect(await Promise.all(reviews)).toEqual([
      { path: `/api/matches/${api.app.matchIds.m7}/approve`, body: { team_id: 'east.united' } },
    ]);
    expect(await m7InDb()).toEqual({
      approved: 'TRUE',
      home_score: 2,
      away_score: 2,
      reported_by_team: 'east.united',
      reviewed_by_user: WR_COACH.id,
    });
    expect(await counterReports()).toEqual([]);
  });

  it("the second reporter rejects the first report: their own waits for the opponent's review", async () => {
    useTinyLeagueClock();
    await twoReports();
    await renderTab(EU_OWNER);
    const { user, dialog } = await openM7(/West Rangers/);
    const theirs = await column(dialog, 'West Rangers’ report');
    const ours = await column(dialog, 'East United’s report');
    expect(within(ours).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(theirs).getByRole('button', { name: 'Reject' }));
    // A reason first: the step names the report it rejects.
    const step = screen.getByRole('dialog', { name: 'Reject Report' });
    expect(within(step).getByText(/Reject West Rangers’ report/)).toBeInTheDocument();
    await user.type(within(step).getByRole('textbox', { name: 'Reason' }), 'We won 2-2 away');
    await user.click(within(step).getByRole('button', { name: 'Reject report' }));

    expect(await screen.findByText('Report rejected: the other report waits for review')).toBeInTheDocument();
    expect(await Promise.all(reviews)).toEqual([
      {
        path: `/api/matches/${api.app.matchIds.m7}/reject`,
        body: { team_id: 'west.rangers', reason: 'We won 2-2 away' },
      },
    ]);
    expect(await m7InDb()).toMatchObject({
      approved: 'PENDING',
      away_score: 2,
      reported_by_team: 'east.united',
    });
    expect(await counterReports()).toEqual([]);
    // Still pending, now as East United's own report: one report, for West Rangers to review.
    const row = await m7Row(/West Rangers/);
    expect(await within(row).findByText('Reported by your team')).toBeInTheDocument();
    expect(within(row).queryByText('Two reports differ')).not.toBeInTheDocument();
  });

  it('lets a super admin approve or reject either report', async () => {
    useTinyLeagueClock();
    await twoReports();
    const user = userEvent.setup();
    await renderTab(BOSS);
    const teams = await screen.findByRole('list', { name: 'Teams' });
    await user.click(within(teams).getByRole('button', { name: /West Rangers/ }));
    const row = await m7Row(/East United/);
    expect(within(row).getByText('Two reports differ')).toBeInTheDocument();

    const { dialog } = await openM7(/East United/, user);
    const first = await column(dialog, 'West Rangers’ report');
    const second = await column(dialog, 'East United’s report');
    for (const region of [first, second]) {
      expect(within(region).getByRole('button', { name: 'Approve this report' })).toBeEnabled();
      expect(within(region).getByRole('button', { name: 'Reject' })).toBeEnabled();
    }
    await user.click(within(first).getByRole('button', { name: 'Approve this report' }));
    expect(await screen.findByText('Report approved')).toBeInTheDocument();
    expect(await Promise.all(reviews)).toEqual([
      { path: `/api/matches/${api.app.matchIds.m7}/approve`, body: { team_id: 'west.rangers' } },
    ]);
    expect(await m7InDb()).toMatchObject({
      approved: 'TRUE',
      away_score: 1,
      reported_by_team: 'west.rangers',
      reviewed_by_user: BOSS.id,
    });
    expect(await counterReports()).toEqual([]);
  });

  it('shows a failure in the column of the report acted on, and keeps both reports', async () => {
    useTinyLeagueClock();
    await twoReports();
    await renderTab(WR_COACH);
    const { user, dialog } = await openM7(/East United/);
    const theirs = await column(dialog, 'East United’s report');
    // Decided elsewhere in the meantime: the API refuses with 409.
    await updateMatch(api.app.connection.db, api.app.matchIds.m7, { approved: 'FALSE' });
    await user.click(within(theirs).getByRole('button', { name: 'Approve this report' }));
    // By the buttons that failed: in East United's column.
    const alert = await within(theirs).findByRole('alert');
    expect(within(dialog).getAllByRole('alert')).toEqual([alert]);
    expect(within(alert).getByText('Failed to approve match')).toBeInTheDocument();
    expect(within(alert).getByText('Only a pending result can be approved')).toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Approve this report' })).toBeEnabled();
    expect(screen.queryByText('Report approved')).not.toBeInTheDocument();
  });

  it('finds a second report sent after the list loaded when the dialog opens', async () => {
    useTinyLeagueClock();
    expect(await report(WR_COACH, WR_REPORT)).toBe('pending');
    await renderTab(WR_COACH);
    const row = await m7Row(/East United/);
    expect(within(row).getByText('Reported by your team')).toBeInTheDocument();

    expect(await report(EU_OWNER, EU_REPORT)).toBe('differs');
    const { dialog } = await openM7(/East United/);
    const theirs = await column(dialog, 'East United’s report');
    expect(within(theirs).getByRole('button', { name: 'Approve this report' })).toBeEnabled();
    expect(within(dialog).queryByText(/Your team reported this result/)).not.toBeInTheDocument();
  });

  it('shows one report as before: no columns, Approve and Reject for the whole result', async () => {
    useTinyLeagueClock();
    expect(await report(WR_COACH, WR_REPORT)).toBe('pending');
    const user = userEvent.setup();
    await renderTab(EU_OWNER);
    const row = await m7Row(/West Rangers/);
    expect(within(row).queryByText('Two reports differ')).not.toBeInTheDocument();
    const { dialog } = await openM7(/West Rangers/, user);
    // Home–away, the viewer's club marked, whichever side they are.
    expect(within(dialog).getByText('West Rangers 2–1 East United (you)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /report$/ })).not.toBeInTheDocument();
    expect(within(dialog).queryAllByText(/Differs/)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Report approved')).toBeInTheDocument();
    // One report: no body, as before.
    expect(await Promise.all(reviews)).toEqual([
      { path: `/api/matches/${api.app.matchIds.m7}/approve`, body: null },
    ]);
    expect(await m7InDb()).toMatchObject({ approved: 'TRUE', away_score: 1 });
  });

  it('still lists the results when their reports cannot be read; the dialog then shows the one report', async () => {
    useTinyLeagueClock();
    await twoReports();
    api.failGet(/\/api\/matches\/\d+\/reports$/);
    await renderTab(WR_COACH);
    const row = await m7Row(/East United/);
    expect(within(row).queryByText('Two reports differ')).not.toBeInTheDocument();
    const { dialog } = await openM7(/East United/);
    expect(within(dialog).getByText('West Rangers (you) 2–1 East United')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: /report$/ })).not.toBeInTheDocument();
  });
});
