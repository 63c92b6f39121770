/**
 * A notification's link names its match (`?match={id}`): the Pending Results tab opens
 * that match's review, or says plainly that it no longer waits for one, and the Match
 * Report tab chooses that match in its form. Over the tiny league: m5 (North Town 4-0
 * East United) is PENDING, reported by East United; m7 (West Rangers v East United,
 * 14 June) has no report; m8 (North Town v West Rangers, 20 June) is still to be played.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { updateMatch } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { BOSS, NT_COACH } from './staff';

// Some tests approve m5: every test gets a fresh tiny league.
const api = withApiMock({ perTest: true });
const ids = () => api.app.matchIds;

const WR_COACH: StoredUser = coachOf('west.rangers');

beforeEach(() => {
  useTinyLeagueClock();
});

const open = (path: string, user: StoredUser) => renderRoute(path, { api, user });

const reviewDialog = () => screen.findByRole('dialog', { name: 'Review Match Result' });

describe('Pending Results, opened from a link naming a match', () => {
  it("opens that match's review, and forgets the link once it is closed", async () => {
    const { router } = await open(`/manager/pending-results?match=${ids().m5}`, NT_COACH);
    const dialog = await reviewDialog();
    expect(within(dialog).getByText('North Town vs East United')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list stays, and the review does not open again by itself.
    const table = await screen.findByRole('table', { name: 'Pending Match Results' });
    expect(within(table).getByRole('button', { name: 'Review' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('chooses the team that reviews it for a user with several teams', async () => {
    await open(`/manager/pending-results?match=${ids().m5}`, BOSS);
    const dialog = await reviewDialog();
    // East United sent the report: North Town reviews it, seen from North Town's side.
    expect(within(dialog).getByText('North Town (you) 4–0 East United')).toBeInTheDocument();
    const teams = screen.getByRole('list', { name: 'Teams' });
    expect(within(teams).getByRole('button', { name: /North Town/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says plainly that the match no longer waits for review, and opens nothing', async () => {
    await updateMatch(api.app.connection.db, ids().m5, { approved: 'TRUE' });
    await open(`/manager/pending-results?match=${ids().m5}`, NT_COACH);
    const notice = await screen.findByText(/no longer waits for review/);
    expect(notice).toHaveTextContent(
      'North Town vs East United no longer waits for review: its result has been approved.',
    );
    expect(within(notice).getByRole('link', { name: 'Open the match' })).toHaveAttribute(
      'href',
      `/match/${ids().m5}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('No pending matches found')).toBeInTheDocument();
  });

  it('says so for a match that does not exist', async () => {
    await open('/manager/pending-results?match=987654', NT_COACH);
    expect(
      await screen.findByText(/^This match is not among North Town’s results to review\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Match Report, opened from a link naming a match', () => {
  it('chooses that match in the form', async () => {
    const { router } = await open(`/manager/match-report?match=${ids().m7}`, WR_COACH);
    expect(
      await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Match' })).toHaveValue(String(ids().m7));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // Choosing another match is not undone by the link.
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Match' }), String(ids().m4));
    expect(screen.getByRole('combobox', { name: 'Match' })).toHaveValue(String(ids().m4));
  });

  it('chooses its team too for a user with several', async () => {
    await open(`/manager/match-report?match=${ids().m7}`, BOSS);
    expect(
      await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveValue('west.rangers');
    expect(screen.getByRole('combobox', { name: 'Match' })).toHaveValue(String(ids().m7));
  });

  it('says why when the match cannot be reported from there', async () => {
    await open(`/manager/match-report?match=${ids().m8}`, WR_COACH);
    expect(
      await screen.findByText(
        'The match in your link is not among the played matches of West Rangers: choose one below.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Match' })).toHaveValue('');
  });
});
