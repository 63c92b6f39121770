/**
 * An invitation's page over the real API: who invites whom to what; a new address makes
 * its account there and lands signed in with the role (or, given an account meanwhile, is
 * offered to sign in); an address with an account signs in first (and comes back), then
 * accepts with its session, told which account gets the role when it is not the invited
 * one; a used, withdrawn or unknown link says so.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createInvitation, type NewInvitation } from '../../../api/data/invitations';
import type { StoredUser } from '@/lib/storage';
import { addUser, PASSWORD } from '../../fixtures/auth';
import { NOW } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { expectLink } from '../queries';
import { renderRoute } from '../render';

const api = withApiMock({ perTest: true });

const INVITER = { id: 'inv.boss', name: 'Bea Boss' };

/** An invitation to coach North Town (or as given), from Bea Boss; its link's token. */
async function invite(
  email: string,
  grant: Partial<NewInvitation> = {},
): Promise<{ id: string; token: string }> {
  const { db } = api.app.connection;
  const boss = await db.selectFrom('users').select('id').where('id', '=', INVITER.id).executeTakeFirst();
  if (!boss) await addUser(db, { ...INVITER, user_type: 'super_admin' });
  return createInvitation(
    db,
    {
      email,
      role: 'coach',
      league_id: null,
      team_id: 'north.town',
      player_id: null,
      invited_by: INVITER.id,
      ...grant,
    },
    NOW,
  );
}

const storedUser = () => JSON.parse(localStorage.getItem('userData') ?? '{}') as StoredUser;

describe('an invitation for a new address', () => {
  it('shows the offer, makes the account, and lands signed in with the role', async () => {
    const { token } = await invite('new.coach@example.test');
    const actor = userEvent.setup();
    const { router } = await renderRoute(`/invite/${token}`, { api });

    expect(await screen.findByText(/invites you to be/)).toHaveTextContent(
      'Bea Boss invites you to be coach of North Town.',
    );
    expect(screen.getByText('Tiny League')).toBeInTheDocument();
    expect(screen.getByText('North Town')).toBeInTheDocument();
    expect(screen.getByText('new.coach@example.test')).toBeInTheDocument();

    // Checked before sending: a name, and the same password twice.
    await actor.click(screen.getByRole('button', { name: 'Create account and accept' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    await actor.type(screen.getByLabelText('Your name'), 'Nia New');
    await actor.type(screen.getByLabelText('Password'), 'a fresh touchline pass');
    await actor.type(screen.getByLabelText('Confirm password'), 'a fresh touchline pass');
    await actor.click(screen.getByRole('button', { name: 'Create account and accept' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(await screen.findByRole('status')).toHaveTextContent('You are now coach of North Town');
    expect(storedUser()).toMatchObject({
      name: 'Nia New',
      email: 'new.coach@example.test',
      user_type: 'coach',
      team_id: 'north.town',
      memberships: [{ role: 'coach', team_id: 'north.town' }],
    });
    // The Manage item follows the new right.
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/manager');
  });

  it("keeps the server's refusal of a common password under the field", async () => {
    const { token } = await invite('weak@example.test');
    const actor = userEvent.setup();
    await renderRoute(`/invite/${token}`, { api });
    await actor.type(await screen.findByLabelText('Your name'), 'Wes Weak');
    await actor.type(screen.getByLabelText('Password'), 'password123');
    await actor.type(screen.getByLabelText('Confirm password'), 'password123');
    await actor.click(screen.getByRole('button', { name: 'Create account and accept' }));
    expect(
      await screen.findByText('Password is too common: choose one that is harder to guess'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('offers to sign in when the address got an account after the page loaded', async () => {
    const { token } = await invite('late@example.test');
    const actor = userEvent.setup();
    await renderRoute(`/invite/${token}`, { api });
    await actor.type(await screen.findByLabelText('Your name'), 'Lee Late');
    await addUser(api.app.connection.db, { id: 'inv.late', email: 'late@example.test', user_type: 'fan' });
    await actor.type(screen.getByLabelText('Password'), 'a fresh touchline pass');
    await actor.type(screen.getByLabelText('Confirm password'), 'a fresh touchline pass');
    await actor.click(screen.getByRole('button', { name: 'Create account and accept' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this e-mail address already exists');
    expectLink(alert, 'Sign in', `/login?next=${encodeURIComponent(`/invite/${token}`)}`);
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('an invitation for an address with an account', () => {
  const FAN: StoredUser = {
    id: 'inv.fan',
    name: 'Fay Fan',
    email: 'fay@example.test',
    user_type: 'fan',
    team_id: null,
  };

  it('asks a signed-out visitor to sign in, and comes back', async () => {
    await addUser(api.app.connection.db, { id: FAN.id, name: FAN.name, email: FAN.email, user_type: 'fan' });
    const { token } = await invite(FAN.email ?? '');
    const actor = userEvent.setup();
    const { router } = await renderRoute(`/invite/${token}`, { api });
    await screen.findByText(/invites you to be/);
    expectLink(document.body, 'Sign in to accept', `/login?next=${encodeURIComponent(`/invite/${token}`)}`);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await actor.click(screen.getByRole('link', { name: 'Sign in to accept' }));
    await actor.type(await screen.findByLabelText('Email'), FAN.email ?? '');
    await actor.type(screen.getByLabelText('Password'), PASSWORD);
    await actor.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invite/${token}`));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('adds the role to the signed-in account with Accept', async () => {
    const { token } = await invite(FAN.email ?? '');
    const actor = userEvent.setup();
    const { router } = await renderRoute(`/invite/${token}`, { api, user: FAN });
    expect(await screen.findByText(/Accepting adds the role to your account/)).toHaveTextContent(
      'Fay Fan (fay@example.test)',
    );
    await actor.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(await screen.findByRole('status')).toHaveTextContent('You are now coach of North Town');
    expect(storedUser()).toMatchObject({
      id: FAN.id,
      memberships: [{ role: 'coach', team_id: 'north.town' }],
    });
  });

  it('says which account gets the role when another one is signed in', async () => {
    const { token } = await invite('someone.else@example.test');
    const actor = userEvent.setup();
    await renderRoute(`/invite/${token}`, { api, user: FAN });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'You are signed in as Fay Fan (fay@example.test), not as someone.else@example.test. Accepting gives the role to Fay Fan (fay@example.test).',
    );
    expect(
      screen.getByRole('button', { name: 'Sign in as someone.else@example.test instead' }),
    ).toBeEnabled();
    await actor.click(screen.getByRole('button', { name: 'Accept as Fay Fan' }));
    await waitFor(() => expect(storedUser().memberships).toEqual([{ role: 'coach', team_id: 'north.town' }]));
  });
});

describe('a dead invitation link', () => {
  it('says a withdrawn invitation cannot be used', async () => {
    const { id, token } = await invite('gone@example.test');
    await api.app.connection.db
      .updateTable('invitations')
      .set({ revoked_at: NOW.toISOString() })
      .where('id', '=', id)
      .execute();
    await renderRoute(`/invite/${token}`, { api });
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation is no longer valid: it was used, withdrawn or has expired. Ask for a new one.',
    );
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('says an unknown link cannot be used', async () => {
    await renderRoute(`/invite/${'x'.repeat(43)}`, { api });
    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toBeEmptyDOMElement();
  });
});
