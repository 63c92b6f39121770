/**
 * The bell of a signed-in user and the account sheet's notification settings, over the real API: the unread count, the panel's list and its links, marking
 * read, a failure that shows no count it did not get, and muting a kind.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { notify, resolveTasks } from '../../../api/data/notifications';
import { matchMoved, matchTask, reportToReview } from '../../../api/domain/notification-text';
import { withApiMock } from '../api-mock';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';

const api = withApiMock({ perTest: true });

const coach: StoredUser = coachOf('east.united', 'Erin Coach');
const names = { id: 7, homeName: 'West Rangers', awayName: 'East United' };

async function twoNotifications() {
  const db = api.app.connection.db;
  // The user must exist before anything is sent to them: renderRoute adds them.
  await notify(
    db,
    { teams: ['east.united'] },
    reportToReview(names, 'West Rangers', { home: 2, away: 1 }),
    '2026-06-15T10:00:00.000Z',
  );
  await notify(db, { teams: ['east.united'] }, matchMoved(names, true, ''), '2026-06-15T11:00:00.000Z');
}

async function openBell() {
  const user = userEvent.setup();
  await renderRoute('/leagues', { api, user: coach });
  return user;
}

describe('the bell of a signed-in user', () => {
  it('shows the unread count and lists the notifications, newest first, with links', async () => {
    const user = await openBell();
    await twoNotifications();
    // The count is asked for when the bell appears; the notifications came after: ask again.
    window.dispatchEvent(new Event('focus'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(
        /^Unread: Match postponedWest Rangers vs East United is postponed until a new date is set\./,
      ),
      expect.stringMatching(
        /^Unread: Result to reviewWest Rangers reported West Rangers 2–1 East United\. Approve or reject it\./,
      ),
    ]);
    expect(links[0]).toHaveAttribute('href', '/match/7');
    expect(links[1]).toHaveAttribute('href', '/manager/pending-results?match=7');
    // The visitor's sample text is not shown to a signed-in user.
    expect(within(panel).queryByText('New match scheduled')).not.toBeInTheDocument();
  });

  it('shows a notification whose work is done as done, and does not count it', async () => {
    const user = await openBell();
    await twoNotifications();
    // The result was reviewed: the request to review it is done.
    await resolveTasks(api.app.connection.db, [matchTask('review', 7)], '2026-06-15T12:00:00.000Z');
    window.dispatchEvent(new Event('focus'));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.querySelector('strong')?.textContent)).toEqual([
      'Unread: Match postponed',
      'Result to reviewDone',
    ]);
    expect(links[1]?.closest('li')).toHaveClass('notification-done');
  });

  it('marks one read when it is opened, and all read on request', async () => {
    const user = await openBell();
    await twoNotifications();
    window.dispatchEvent(new Event('focus'));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const [moved] = await within(panel).findAllByRole('link');
    await user.click(moved as HTMLElement);
    // The panel closes on the way to the match, and the count drops.
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    // The match's screen arrives (its code may still be loading): a panel opened before it
    // belongs to the screen being left, and closes when the match's screen shows.
    await screen.findByRole('heading', { name: 'Match Details' }, { timeout: 5000 });
    const read = await api.app.connection.db
      .selectFrom('notifications')
      .select(['kind', 'read_at'])
      .orderBy('id')
      .execute();
    expect(read.map((row) => [row.kind, row.read_at !== null])).toEqual([
      ['report_to_review', false],
      ['match_moved', true],
    ]);

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const again = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(await within(again).findByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(again).queryByText('Unread:', { exact: false })).not.toBeInTheDocument(),
    );
  });

  it('opens the review of the match a result to review is about', async () => {
    useTinyLeagueClock();
    const reviewer = coachOf('north.town', 'Nina Coach');
    const user = userEvent.setup();
    await renderRoute('/leagues', { api, user: reviewer });
    // m5: North Town 4-0 East United, reported by East United, for North Town to review.
    const m5 = { id: api.app.matchIds.m5, homeName: 'North Town', awayName: 'East United' };
    await notify(
      api.app.connection.db,
      { teams: ['north.town'] },
      reportToReview(m5, 'East United', { home: 4, away: 0 }),
      '2026-06-15T10:00:00.000Z',
    );
    window.dispatchEvent(new Event('focus'));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('link', { name: /Result to review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Match Result' }, { timeout: 5000 });
    expect(within(dialog).getByText('North Town vs East United')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    const user = await openBell();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/^No notifications yet\./)).toBeInTheDocument();
  });

  it('shows no count and says so when the notifications cannot be loaded', async () => {
    await twoNotifications().catch(() => undefined); // no user yet: nothing stored
    api.server.use(
      http.get('/api/notifications', () => HttpResponse.json({ detail: 'Down' }, { status: 503 })),
    );
    const user = await openBell();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications could not be loaded. Check your connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('keeps the sample text for a visitor', async () => {
    const user = userEvent.setup();
    await renderRoute('/leagues', { api });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('New match scheduled')).toBeInTheDocument();
  });
});

describe('the account sheet’s notification settings', () => {
  it('mutes a kind on the server, and puts a switch back when saving fails', async () => {
    const user = await openBell();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    const moved = await within(dialog).findByRole('switch', { name: 'Match moved or postponed' });
    expect(moved).toBeChecked();
    await user.click(moved);
    await waitFor(() =>
      expect(within(dialog).getByRole('switch', { name: 'Match moved or postponed' })).not.toBeChecked(),
    );
    await waitFor(async () =>
      expect(
        await api.app.connection.db.selectFrom('notification_mutes').select(['user_id', 'kind']).execute(),
      ).toEqual([{ user_id: coach.id, kind: 'match_moved' }]),
    );

    api.server.use(http.put('/api/notifications/settings', () => HttpResponse.error()));
    const review = within(dialog).getByRole('switch', { name: 'A result to review' });
    await user.click(review);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not save your notification settings. Check your connection and try again.',
    );
    expect(within(dialog).getByRole('switch', { name: 'A result to review' })).toBeChecked();
  });

  it('offers a fan only what followers of a team are sent', async () => {
    const user = userEvent.setup();
    await renderRoute('/leagues', {
      api,
      user: { id: 'fan.1', name: 'Fay Fan', user_type: 'fan', team_id: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    await within(dialog).findByRole('heading', { name: 'Notifications' });
    const switches = await within(dialog).findAllByRole('switch');
    expect(switches.map((each) => each.closest('label')?.textContent)).toEqual([
      'A followed team’s match moved or postponed',
      'A followed team’s result confirmed',
    ]);
  });

  it('offers a player their own reminders and squads too', async () => {
    const user = userEvent.setup();
    await renderRoute('/leagues', {
      api,
      user: { id: 'player.1', name: 'Pat Player', user_type: 'player', team_id: 'north.town' },
    });
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    await within(dialog).findByRole('heading', { name: 'Notifications' });
    const switches = await within(dialog).findAllByRole('switch');
    expect(switches.map((each) => each.closest('label')?.textContent)).toEqual([
      'Reminders to say whether you can play',
      'Squads announced',
      'A followed team’s match moved or postponed',
      'A followed team’s result confirmed',
    ]);
  });
});
