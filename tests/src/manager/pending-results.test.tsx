/**
 * The Pending Results tab over the tiny league: m5 (North Town 4-0 East United, 6 June)
 * is PENDING, reported by East United, so North Town's staff review it and East
 * United's may not. Reviews go through the real API and are checked in its database.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { Match } from '@/lib/api-types';
import type { StoredUser } from '@/lib/storage';
import { logRequests, withApiMock } from '../api-mock';
import { showCards } from '../match-cards';
import { renderRoute, useTinyLeagueClock } from '../render';
import { renderPendingResultsTab } from './pending-tab';
import { findTeamCards, TINY_LEAGUE_TEAM_CARDS } from './team-picker';
import { BOSS, EU_OWNER, NT_COACH, SC_COACH } from './staff';
import { updateMatch } from '../../fixtures/factory';

const api = withApiMock();
afterEach(async () => {
  // Put m5 back as the tiny league has it: pending, reported by East United, unreviewed.
  await updateMatch(api.app.connection.db, api.app.matchIds.m5, {
    approved: 'PENDING',
    reviewed_by_user: null,
    reviewed_at: null,
  });
});

/** The bodies of the rejections sent. */
const rejections = logRequests(api, (request, url) =>
  request.method === 'POST' && url.pathname.endsWith('/reject')
    ? request
        .clone()
        .text()
        .then((body) => (body === '' ? null : (JSON.parse(body) as unknown)))
    : undefined,
);

const TEAMLESS: StoredUser = { id: 'u.loose', name: 'Loose Coach', user_type: 'coach', team_id: null };

function renderTab(user: StoredUser) {
  return renderPendingResultsTab(api, user);
}

async function pendingTable() {
  return screen.findByRole('table', { name: 'Pending Match Results' });
}

async function m5Row() {
  const table = await pendingTable();
  return within(table).getByRole('row', { name: /East United/ });
}

async function openReview(user = userEvent.setup()) {
  const row = await m5Row();
  await user.click(within(row).getByRole('button', { name: 'Review' }));
  return screen.getByRole('dialog', { name: 'Review Match Result' });
}

/** North Town's coach opens the review of m5. */
async function coachOpensReview() {
  const user = userEvent.setup();
  await renderTab(NT_COACH);
  return { user, dialog: await openReview(user) };
}

/** Reject, then the reason and 'Reject report' in the confirmation step. */
async function rejectWithReason(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  reason: string,
) {
  await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
  const step = screen.getByRole('dialog', { name: 'Reject Report' });
  await user.type(within(step).getByRole('textbox', { name: 'Reason' }), reason);
  await user.click(within(step).getByRole('button', { name: 'Reject report' }));
}

/** North Town's coach approves or rejects m5: a banner says so, the dialog closes and m5 leaves the list. */
async function coachDecides(button: 'Approve' | 'Reject', banner: string) {
  const { user, dialog } = await coachOpensReview();
  if (button === 'Reject') await rejectWithReason(user, dialog, 'The score was 3-0');
  else await user.click(within(dialog).getByRole('button', { name: button }));
  expect(await screen.findByText(banner)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(await screen.findByText('No pending matches found')).toBeInTheDocument();
  return user;
}

/** The review dialog says for each of `kinds` that none were recorded. */
function expectNoneRecorded(dialog: HTMLElement, kinds: string[]) {
  for (const kind of kinds) expect(within(dialog).getByText(`No ${kind} recorded`)).toBeInTheDocument();
}

async function m5InDb() {
  return api.app.connection.db
    .selectFrom('matches')
    .select(['approved', 'reviewed_by_user'])
    .where('id', '=', api.app.matchIds.m5)
    .executeTakeFirstOrThrow();
}

/** Answers the pending list with m5 changed by `edit`, plus `extra` matches. */
function pendingAnswer(edit: (m5: Match) => Match, extra: (m5: Match) => Match[] = () => []) {
  return http.get(/\/api\/teams\/north\.town\/matches/, async () => {
    const real = await api.app.app.request(`/api/matches/${api.app.matchIds.m5}`);
    const m5 = (await real.json()) as Match;
    return HttpResponse.json({ matches: [edit(m5), ...extra(m5)] });
  });
}

describe('Pending Results tab', () => {
  it("shows a coach their own team, preselected, and its pending result from the team's side", async () => {
    useTinyLeagueClock();
    await renderTab(NT_COACH);
    expect(screen.getByRole('heading', { name: 'Pending Results' })).toBeInTheDocument();
    expect(screen.getByText('Loading teams...')).toBeInTheDocument();

    const card = await screen.findByRole('button', { name: /North Town/ });
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(card).toHaveTextContent('North Town Park');
    const teams = screen.getByRole('list', { name: 'Teams' });
    expect(within(teams).getAllByRole('button')).toHaveLength(1);

    expect(await screen.findByText('Loading pending matches...')).toBeInTheDocument();
    const table = await pendingTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Opponent', 'Score', 'Goalscorers', 'Assisters', 'Goalkeepers', 'Actions']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2); // the header and m5
    const row = await m5Row();
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Sat, Jun 6, 2:00 PM',
      'East United',
      // Home first, the team's own club marked.
      'North Town (you) 4 – 0 East United',
      'North Town Forward × 4 (North Town)',
      'None',
      'North Town Keeper (North Town)East United Keeper (East United)',
      'Review',
    ]);
    expect(within(row).queryByText('Reported by your team')).not.toBeInTheDocument();
  });

  it('reviews in a dialog with the match details and player statistics; Escape and Close close it', async () => {
    useTinyLeagueClock();
    const { user, dialog } = await coachOpensReview();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByText('Saturday, June 6, 2026 at 2:00 PM')).toBeInTheDocument();
    expect(within(dialog).getByText('North Town vs East United')).toBeInTheDocument();
    expect(within(dialog).getByText('North Town (you) 4–0 East United')).toBeInTheDocument();
    expect(within(dialog).getByText('Your club')).toBeInTheDocument();
    const names = (title: string) =>
      within(within(dialog).getByRole('list', { name: title }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(names('Goalscorers')).toEqual(['#9 North Town Forward × 4 · North Town']);
    expect(within(dialog).getByText('No assisters recorded')).toBeInTheDocument();
    expect(within(dialog).getByText('No own goals recorded')).toBeInTheDocument();
    // Two keepers wearing #1: each says its club.
    expect(names('Goalkeepers')).toEqual([
      '#1 North Town Keeper · North Town',
      '#1 East United Keeper · East United',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(within(dialog).queryByText(/Waiting for/)).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the button that opened the dialog.
    expect(within(await m5Row()).getByRole('button', { name: 'Review' })).toHaveFocus();

    const again = await openReview(user);
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await m5InDb()).approved).toBe('PENDING');
  });

  it('keeps Tab inside the dialog', async () => {
    useTinyLeagueClock();
    const { user, dialog } = await coachOpensReview();
    const approve = within(dialog).getByRole('button', { name: 'Approve' });
    approve.focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(approve).toHaveFocus();
  });

  it('approves: the match becomes TRUE, a banner shows, the dialog closes and the list reloads', async () => {
    useTinyLeagueClock();
    const user = await coachDecides('Approve', 'Report approved');
    expect(await m5InDb()).toEqual({ approved: 'TRUE', reviewed_by_user: NT_COACH.id });

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Report approved')).not.toBeInTheDocument();
  });

  it('rejects after asking why: the match becomes FALSE with the reason, and leaves the list', async () => {
    useTinyLeagueClock();
    await coachDecides('Reject', 'Report rejected');
    expect(await m5InDb()).toEqual({ approved: 'FALSE', reviewed_by_user: NT_COACH.id });
  });

  it('asks for a reason before rejecting; Cancel goes back and nothing is sent', async () => {
    useTinyLeagueClock();
    const { user, dialog } = await coachOpensReview();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const step = screen.getByRole('dialog', { name: 'Reject Report' });
    const reason = within(step).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(within(step).getByText(/East United will see this above their report form/)).toBeInTheDocument();
    // No reason: nothing is sent, and the step says what is missing.
    await user.click(within(step).getByRole('button', { name: 'Reject report' }));
    expect(within(step).getByRole('alert')).toHaveTextContent('Say why you reject the report');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    const back = screen.getByRole('dialog', { name: 'Review Match Result' });
    expect(within(back).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect((await m5InDb()).approved).toBe('PENDING');
    expect(rejections).toEqual([]);

    await rejectWithReason(user, back, '  Their keeper scored, not ours  ');
    expect(await screen.findByText('Report rejected')).toBeInTheDocument();
    expect(await Promise.all(rejections)).toEqual([{ reason: 'Their keeper scored, not ours' }]);
  });

  it("only shows the viewer's own team's report: View, Close alone, waiting for the opponent", async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    await renderTab(EU_OWNER);
    const table = await pendingTable();
    const row = within(table).getByRole('row', { name: /North Town/ });
    // The score still reads home–away; East United are marked, not put first.
    expect(within(row).getByRole('cell', { name: /4 – 0/ })).toHaveTextContent(
      'North Town 4 – 0 East United (you)',
    );
    expect(within(row).getByText('Reported by your team')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'View' }));
    const dialog = screen.getByRole('dialog', { name: 'Match Result' });
    expect(within(dialog).getByText('North Town 4–0 East United (you)')).toBeInTheDocument();
    expect(within(dialog).getByText('Waiting for North Town to review')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a super admin pick any team and review any report, even from that team', async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    await renderTab(BOSS);
    const { teams, cards } = await findTeamCards();
    expect(cards.map((card) => card.textContent)).toEqual(TINY_LEAGUE_TEAM_CARDS);
    expect(cards.every((card) => card.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(within(teams).getByRole('button', { name: /East United/ }));
    expect(within(teams).getByRole('button', { name: /East United/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByText('Loading pending matches...')).toBeInTheDocument();
    const table = await pendingTable();
    const row = within(table).getByRole('row', { name: /North Town/ });
    expect(within(row).queryByText('Reported by your team')).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Review' }));
    const dialog = screen.getByRole('dialog', { name: 'Review Match Result' });
    expect(within(dialog).queryByText(/Waiting for/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Report approved')).toBeInTheDocument();
    expect(await m5InDb()).toEqual({ approved: 'TRUE', reviewed_by_user: BOSS.id });

    // Another team: the banner goes, that team's list loads.
    await user.click(within(teams).getByRole('button', { name: /South City/ }));
    expect(screen.queryByText('Report approved')).not.toBeInTheDocument();
    expect(await screen.findByText('No pending matches found')).toBeInTheDocument();
  });

  it('says so when a team has no pending results', async () => {
    useTinyLeagueClock();
    await renderTab(SC_COACH);
    expect(await screen.findByText('No pending matches found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending Match Results' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists only past PENDING results (any case) of the team', async () => {
    useTinyLeagueClock();
    api.server.use(
      pendingAnswer(
        (m5) => ({ ...m5, approved: 'pending' as Match['approved'] }),
        (m5) => [
          // Not yet played: left out.
          {
            ...m5,
            id: 901,
            match_id: 901,
            date: '2026-07-01T14:00:00.000Z',
            match_date: '2026-07-01T14:00:00.000Z',
            away_team_name: 'Future FC',
          },
          // Already decided: left out.
          { ...m5, id: 902, match_id: 902, approved: 'TRUE', away_team_name: 'Decided FC' },
          // North Town does not play: left out.
          {
            ...m5,
            id: 903,
            match_id: 903,
            home_team: 'south.city',
            home_team_name: 'South City',
            away_team_name: 'Stranger FC',
          },
        ],
      ),
    );
    await renderTab(NT_COACH);
    const table = await pendingTable();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /East United/ })).toBeInTheDocument();
  });

  it('names a player on neither roster as unknown, with the id', async () => {
    useTinyLeagueClock();
    api.server.use(
      pendingAnswer((m5) => ({
        ...m5,
        goalscorers: ['nt.fwd', 'gone.player', 'gone.player', ' '],
        assisters: ['gone.player'],
      })),
    );
    const user = userEvent.setup();
    await renderTab(NT_COACH);
    const row = await m5Row();
    expect(within(row).getByText('Unknown Player (ID: gone.player) × 2')).toBeInTheDocument();
    const dialog = await openReview(user);
    expect(within(dialog).getByText(/^#9 North Town Forward × 1/)).toHaveTextContent(
      '#9 North Town Forward × 1 · North Town',
    );
    expect(within(dialog).getByText('Unknown Player (ID: gone.player) × 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown Player (ID: gone.player) × 1')).toBeInTheDocument();
  });

  it('shows the empty player texts', async () => {
    useTinyLeagueClock();
    api.server.use(pendingAnswer((m5) => ({ ...m5, goalscorers: [], assisters: [], goalkeepers: [] })));
    const { dialog } = await coachOpensReview();
    expectNoneRecorded(dialog, ['goalscorers', 'assisters', 'goalkeepers']);
  });

  it('shows the cards of the report, a second yellow as a sending-off, a yellow then a red as both', async () => {
    useTinyLeagueClock();
    const { db } = api.app.connection;
    const m5 = api.app.matchIds.m5;
    await showCards(api, m5, { yellow: ['eu.mid', 'nt.def', 'eu.mid', 'eu.fwd'], red: ['eu.fwd'] });
    try {
      const { dialog } = await coachOpensReview();
      const yellow = within(dialog).getByRole('list', { name: 'Yellow cards' });
      expect(
        within(yellow)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        '#8 East United Midfielder × 2 (sent off) · East United',
        '#4 North Town Defender · North Town',
        // Booked, then sent off with a straight red: in both lists.
        '#9 East United Forward · East United',
      ]);
      const red = within(dialog).getByRole('list', { name: 'Red cards' });
      expect(
        within(red)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['#9 East United Forward · East United']);
      // In the same place as the goalscorers.
      expect(within(dialog).getByRole('region', { name: 'Player statistics' })).toContainElement(yellow);
    } finally {
      await db.deleteFrom('match_cards').where('match_id', '=', m5).execute();
    }
  });

  it('says when no cards were shown', async () => {
    useTinyLeagueClock();
    const { dialog } = await coachOpensReview();
    expectNoneRecorded(dialog, ['yellow cards', 'red cards']);
  });

  it('reads an answer stored before cards existed as no cards', async () => {
    useTinyLeagueClock();
    api.server.use(
      pendingAnswer((m5) => {
        const { yellow_cards: _yellow, red_cards: _red, ...old } = m5;
        return old as Match;
      }),
    );
    const { dialog } = await coachOpensReview();
    expectNoneRecorded(dialog, ['yellow cards', 'red cards']);
    expect(within(dialog).getByText(/^#9 North Town Forward × 4/)).toBeInTheDocument();
  });

  it('shows the server detail when an approval fails, and keeps the dialog open', async () => {
    useTinyLeagueClock();
    const { user, dialog } = await coachOpensReview();
    // Someone else decided in the meantime: the API refuses with 409.
    await updateMatch(api.app.connection.db, api.app.matchIds.m5, { approved: 'FALSE' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Failed to approve match')).toBeInTheDocument();
    expect(within(alert).getByText('Only a pending result can be approved')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Report approved')).not.toBeInTheDocument();
  });

  it('shows the server detail when a rejection fails', async () => {
    useTinyLeagueClock();
    api.server.use(
      http.post(/\/api\/matches\/\d+\/reject$/, () =>
        HttpResponse.json({ detail: 'Database is busy' }, { status: 503 }),
      ),
    );
    const { user, dialog } = await coachOpensReview();
    await rejectWithReason(user, dialog, 'Wrong score');
    const step = screen.getByRole('dialog', { name: 'Reject Report' });
    const alert = await within(step).findByRole('alert');
    expect(within(alert).getByText('Failed to reject match')).toBeInTheDocument();
    expect(within(alert).getByText('Database is busy')).toBeInTheDocument();
    expect(within(step).getByRole('button', { name: 'Reject report' })).toBeEnabled();
    expect(within(step).getByRole('textbox', { name: 'Reason' })).toHaveValue('Wrong score');
    expect((await m5InDb()).approved).toBe('PENDING');
  });

  it("shows the teams load error and logs 'Failed to fetch teams'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/teams$/);
    await renderTab(NT_COACH);
    expect(await screen.findByText('Failed to load teams. Please try again later.')).toBeInTheDocument();
    // Logged from an effect after the screen shows the error.
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch teams', expect.any(ApiError)));
  });

  it('shows the pending matches load error, and a roster failure counts as one', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/east\.united\/roster$/);
    await renderTab(NT_COACH);
    expect(
      await screen.findByText('Failed to load pending matches. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // Try again, with the roster back.
    api.server.resetHandlers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await pendingTable()).toBeInTheDocument();
  });

  it('shows the matches load error', async () => {
    api.failGet(/\/api\/teams\/north\.town\/matches/);
    await renderTab(NT_COACH);
    expect(
      await screen.findByText('Failed to load pending matches. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('opens as a tab of the manager page', async () => {
    useTinyLeagueClock();
    await renderRoute('/manager/pending-results', { user: NT_COACH, api });
    const panel = await screen.findByRole('tabpanel', { name: 'Pending Results' });
    expect(await within(panel).findByRole('table', { name: 'Pending Match Results' })).toBeInTheDocument();
  });

  it('tells a coach without a team', async () => {
    await renderTab(TEAMLESS);
    expect(screen.getByText('No team found for your account')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading teams...')).not.toBeInTheDocument());
  });
});
