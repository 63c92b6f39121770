/**
 * The invite panel over the real API: on the People screen for a super admin (anywhere)
 * and on its own for a team's coach (that team only). It makes the invitation, hands
 * over the link (Copy, Share) with the e-mail's state in words, lists the pending ones
 * and withdraws one after asking; a refusal shows the server's reason.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvitePanel } from '@/components/invite-panel';
import { withApiMock } from '../api-mock';
import { optionTexts } from '../queries';
import { renderRoute, signIn } from '../render';
import { BOSS, COACH, logSent, withPeopleUsers } from './people-users';

const api = withApiMock({ perTest: true });
withPeopleUsers(api);
const sent = logSent(api);
afterEach(() => {
  vi.restoreAllMocks();
});

const writes = async () =>
  (await sent()).filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

async function openPanel() {
  const actor = userEvent.setup();
  await renderRoute('/people', { api, user: BOSS });
  const panel = await screen.findByRole('region', { name: 'Invite someone' });
  return { actor, panel: within(panel) };
}

async function fillCoachOfEastUnited(actor: UserEvent, panel: ReturnType<typeof within>, email: string) {
  await actor.type(panel.getByRole('textbox', { name: 'E-mail' }), email);
  await actor.selectOptions(panel.getByRole('combobox', { name: 'Role' }), 'Coach');
  const team = panel.getByRole('combobox', { name: 'Team' });
  await waitFor(() => expect(optionTexts(team)).toContain('East United'));
  await actor.selectOptions(team, 'East United');
}

describe('the invite panel', () => {
  it('offers a super admin every role, and asks what each needs', async () => {
    const { actor, panel } = await openPanel();
    expect(optionTexts(panel.getByRole('combobox', { name: 'Role' }))).toEqual([
      'Choose a role',
      'Super admin',
      'League admin',
      'Coach',
      'Owner',
      'Player',
    ]);
    expect(panel.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    await actor.selectOptions(panel.getByRole('combobox', { name: 'Role' }), 'League admin');
    expect(panel.getByRole('combobox', { name: 'League' })).toBeInTheDocument();
    await actor.selectOptions(panel.getByRole('combobox', { name: 'Role' }), 'Super admin');
    expect(panel.queryByRole('combobox', { name: 'League' })).not.toBeInTheDocument();
    expect(await panel.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('says what is missing before sending anything', async () => {
    const { actor, panel } = await openPanel();
    await actor.click(panel.getByRole('button', { name: 'Invite' }));
    expect(panel.getByText('Enter an e-mail address')).toBeInTheDocument();
    expect(panel.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await actor.type(panel.getByRole('textbox', { name: 'E-mail' }), 'new@example.test');
    await actor.selectOptions(panel.getByRole('combobox', { name: 'Role' }), 'Owner');
    await actor.click(panel.getByRole('button', { name: 'Invite' }));
    expect(panel.getByText('Choose a team', { selector: '.invite-field-error' })).toBeInTheDocument();
    expect(panel.getByRole('combobox', { name: 'Team' })).toHaveFocus();
    expect(await writes()).toEqual([]);
  });

  it('invites without e-mail set up: the link to copy or share, and the invitation pending', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      const { actor, panel } = await openPanel();
      await fillCoachOfEastUnited(actor, panel, 'new.coach@example.test');
      await actor.click(panel.getByRole('button', { name: 'Invite' }));

      const result = await panel.findByRole('heading', {
        name: 'Invitation made for new.coach@example.test',
      });
      expect(result).toHaveFocus();
      expect(panel.getByText('E-mail is not set up: copy or share the link')).toBeInTheDocument();
      const link = panel.getByRole('textbox', { name: 'Invitation link' }) as HTMLInputElement;
      expect(link.value).toMatch(/^http:\/\/localhost:3000\/invite\/[\w-]+$/);
      expect(panel.getByRole('textbox', { name: 'E-mail' })).toHaveValue('');

      await actor.click(panel.getByRole('button', { name: 'Copy link' }));
      expect(await navigator.clipboard.readText()).toBe(link.value);
      await actor.click(panel.getByRole('button', { name: 'Share link' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link.value }));

      expect(await writes()).toEqual([
        [
          'POST',
          '/api/invitations',
          { email: 'new.coach@example.test', role: 'coach', team_id: 'east.united' },
        ],
      ]);
      const pending = within(await screen.findByRole('list', { name: 'Pending invitations' }));
      expect(pending.getByText('new.coach@example.test')).toBeInTheDocument();
      expect(pending.getByText('Coach of East United')).toBeInTheDocument();
      expect(pending.getByText('E-mail is not set up')).toBeInTheDocument();
      expect(pending.getByText(/^Invited by Bea Boss, expires /)).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('says the e-mail is queued when e-mail is set up, with no Share where the device has none', async () => {
    api.server.use(
      http.post(/\/api\/invitations$/, () =>
        HttpResponse.json(
          {
            id: 'inv-queued',
            link: 'http://localhost:3000/invite/queued-token',
            expires_at: '2026-06-22T12:00:00.000Z',
            email_status: 'queued',
          },
          { status: 201 },
        ),
      ),
    );
    const { actor, panel } = await openPanel();
    await fillCoachOfEastUnited(actor, panel, 'mailed@example.test');
    await actor.click(panel.getByRole('button', { name: 'Invite' }));
    expect(await panel.findByText('E-mail queued')).toBeInTheDocument();
    expect(panel.getByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      'http://localhost:3000/invite/queued-token',
    );
    expect(panel.getByText(/^Works once, until Monday, June 22, 2026/)).toBeInTheDocument();
    expect(panel.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
  });

  it('names pending invitations’ e-mail trouble in words', async () => {
    api.server.use(
      http.get(/\/api\/invitations$/, () =>
        HttpResponse.json({
          invitations: [
            {
              id: 'inv-1',
              email: 'slow@example.test',
              role: 'owner',
              league_id: null,
              team_id: 'west.rangers',
              player_id: null,
              scope_name: 'West Rangers',
              player_name: null,
              invited_by: 'Bea Boss',
              created_at: '2026-06-14T12:00:00.000Z',
              expires_at: '2026-06-21T12:00:00.000Z',
              email_status: 'retrying',
              email_error: 'mail.example.test refused the connection',
            },
            {
              id: 'inv-2',
              email: 'done@example.test',
              role: 'league_admin',
              league_id: 'tl-26',
              team_id: null,
              player_id: null,
              scope_name: 'Tiny League',
              player_name: null,
              invited_by: null,
              created_at: '2026-06-14T12:00:00.000Z',
              expires_at: '2026-06-21T12:00:00.000Z',
              email_status: 'sent',
              email_error: null,
            },
          ],
        }),
      ),
    );
    await openPanel();
    const pending = within(await screen.findByRole('list', { name: 'Pending invitations' }));
    expect(pending.getByText('Owner of West Rangers')).toBeInTheDocument();
    expect(
      pending.getByText('E-mail queued, retrying: mail.example.test refused the connection'),
    ).toBeInTheDocument();
    expect(pending.getByText('League admin of Tiny League')).toBeInTheDocument();
    expect(pending.getByText('E-mail sent')).toBeInTheDocument();
  });

  it('withdraws a pending invitation after asking', async () => {
    const { actor, panel } = await openPanel();
    await fillCoachOfEastUnited(actor, panel, 'gone@example.test');
    await actor.click(panel.getByRole('button', { name: 'Invite' }));
    const pending = within(await screen.findByRole('list', { name: 'Pending invitations' }));

    await actor.click(pending.getByRole('button', { name: 'Withdraw the invitation to gone@example.test' }));
    const question = pending.getByRole('group', {
      name: 'Withdraw the invitation to gone@example.test? Its link stops working.',
    });
    await actor.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(
      pending.getByRole('button', { name: 'Withdraw the invitation to gone@example.test' }),
    ).toHaveFocus();

    await actor.click(pending.getByRole('button', { name: 'Withdraw the invitation to gone@example.test' }));
    await actor.click(pending.getByRole('button', { name: 'Withdraw' }));
    expect(await panel.findByText('No pending invitations.')).toBeInTheDocument();
    expect(panel.getByText('Invitation withdrawn')).toBeInTheDocument();
    const withdrawn = (await writes()).filter(([method]) => method === 'DELETE');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]?.[1]).toMatch(/^\/api\/invitations\/[\w-]+$/);
  });

  it('shows the server’s reason when the invitation is refused or the list fails', async () => {
    api.server.use(
      http.post(/\/api\/invitations$/, () =>
        HttpResponse.json(
          { detail: 'You cannot give this role: it is outside the leagues and teams you run' },
          { status: 403 },
        ),
      ),
      http.get(
        /\/api\/invitations$/,
        () => HttpResponse.json({ detail: 'Invitations are resting' }, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    const { actor, panel } = await openPanel();
    const failed = await panel.findByText('Invitations are resting');
    await fillCoachOfEastUnited(actor, panel, 'refused@example.test');
    await actor.click(panel.getByRole('button', { name: 'Invite' }));
    expect(
      await panel.findByText('You cannot give this role: it is outside the leagues and teams you run'),
    ).toHaveAttribute('role', 'alert');
    expect(panel.queryByRole('textbox', { name: 'Invitation link' })).not.toBeInTheDocument();
    // What was typed stays, to send again.
    expect(panel.getByRole('textbox', { name: 'E-mail' })).toHaveValue('refused@example.test');

    await actor.click(
      within(failed.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await panel.findByText('No pending invitations.')).toBeInTheDocument();
  });

  it('invites a team’s staff and players for its coach, a player linked to the roster', async () => {
    await signIn(COACH, api);
    const actor = userEvent.setup();
    render(<InvitePanel scope={{ kind: 'team', teamId: 'north.town' }} title="Invite to North Town" />);
    const panel = within(await screen.findByRole('region', { name: 'Invite to North Town' }));
    const role = panel.getByRole('combobox', { name: 'Role' });
    expect(optionTexts(role)).toEqual(['Choose a role', 'Coach', 'Owner', 'Player']);
    expect(await panel.findByText('No pending invitations.')).toBeInTheDocument();

    await actor.type(panel.getByRole('textbox', { name: 'E-mail' }), 'keeper@example.test');
    await actor.selectOptions(role, 'Player');
    expect(panel.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
    const player = panel.getByRole('combobox', { name: 'Link to roster player (optional)' });
    await waitFor(() => expect(optionTexts(player)).toContain('North Town Keeper (#1)'));
    await actor.selectOptions(player, 'North Town Keeper (#1)');
    await actor.click(panel.getByRole('button', { name: 'Invite' }));

    expect(
      await panel.findByRole('heading', { name: 'Invitation made for keeper@example.test' }),
    ).toBeInTheDocument();
    const pending = within(await screen.findByRole('list', { name: 'Pending invitations' }));
    expect(pending.getByText('Player for North Town, linked to North Town Keeper')).toBeInTheDocument();
    const requests = await sent();
    expect(
      requests.filter((r) => r.path === '/api/invitations').map((r) => [r.method, r.search, r.body]),
    ).toEqual([
      ['GET', '?team_id=north.town', undefined],
      [
        'POST',
        '',
        { email: 'keeper@example.test', role: 'player', team_id: 'north.town', player_id: 'nt.gk' },
      ],
      ['GET', '?team_id=north.town', undefined],
    ]);
  });
});
