import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AccountButton } from '@/features/session/account-button';
import { SessionProvider } from '@/lib/session';
import { storage, type StoredUser } from '@/lib/storage';
import { hashPassword } from '../../../db/password';
import { TEST_PASSWORD_COST } from '../../fixtures/app';
import { tokenFor } from '../../fixtures/auth';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const PASSWORD = 'touchline touchline';
const NEW_PASSWORD = 'a fresh new password';

const api = withApiMock();
let nextId = 0;

/** A coach of North Town with a real password, stored as an old session stores it: without the email. */
async function addCoach(): Promise<StoredUser & { email: string }> {
  nextId += 1;
  const user = {
    id: `acct.coach${nextId}`,
    name: `Ada Coach ${nextId}`,
    email: `ada${nextId}@x.test`,
    user_type: 'coach',
    team_id: 'north.town',
  } as const;
  await api.app.connection.db
    .insertInto('users')
    .values({ ...user, password_hash: await hashPassword(PASSWORD, TEST_PASSWORD_COST) })
    .execute();
  return user;
}

async function openSheet(user: StoredUser) {
  const actor = userEvent.setup();
  const view = await renderRoute('/main', { api, user });
  const settings = await screen.findByRole('button', { name: 'Settings' });
  await actor.click(settings);
  const dialog = await screen.findByRole('dialog', { name: 'Account' });
  return { ...view, actor, settings, dialog };
}

const hashOf = async (id: string) =>
  (
    await api.app.connection.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).password_hash;
const meStatus = async (token: string | null) =>
  (await api.app.app.request('/api/auth/me', { headers: { Authorization: `Bearer ${token ?? ''}` } })).status;

describe('account sheet', () => {
  it('opens from the Settings button as a modal and shows name, email, role and team', async () => {
    const coach = await addCoach();
    const { dialog } = await openSheet({ ...coach, email: undefined });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    const facts = within(dialog);
    expect(facts.getByText(coach.name)).toBeInTheDocument();
    // The email is not stored: the server fills it in.
    expect(await facts.findByText(coach.email)).toBeInTheDocument();
    expect(facts.getByText('Coach')).toBeInTheDocument();
    expect(await facts.findByText('North Town')).toBeInTheDocument();
    expect(facts.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(facts.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(facts.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    // Staff choose which notifications they get (tests/src/notifications/bell.test.tsx).
    expect(facts.getByRole('heading', { level: 3, name: 'Notifications' })).toBeInTheDocument();
  });

  it('says No team and the human role label for a user without a team', async () => {
    // The signed-in home is for users with a team: render the button on its own.
    const fan = {
      id: 'acct.fan',
      name: 'Fay Fan',
      email: 'fay@x.test',
      user_type: 'fan',
      team_id: null,
    } as const;
    await api.app.connection.db
      .insertInto('users')
      .values({ ...fan, password_hash: 'x' })
      .execute();
    storage.setToken(await tokenFor(api.app.connection.db, fan.id));
    storage.setUser(fan);
    render(
      <SessionProvider>
        <AccountButton />
      </SessionProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(await within(dialog).findByText('fay@x.test')).toBeInTheDocument();
    expect(within(dialog).getByText('No team')).toBeInTheDocument();
    expect(within(dialog).getByText('Fan')).toBeInTheDocument();
  });

  it('shows what is stored and an inline error when the account cannot be loaded', async () => {
    api.server.use(
      http.get(/\/api\/auth\/me$/, () => HttpResponse.json({ detail: 'Database is busy' }, { status: 503 })),
    );
    const coach = await addCoach();
    const { dialog } = await openSheet({ ...coach, email: undefined });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load your account from the server (Database is busy). Showing what this device has stored.',
    );
    expect(within(dialog).getByText(coach.name)).toBeInTheDocument();
    expect(within(dialog).getByText('Not available')).toBeInTheDocument();
    expect(within(dialog).queryByText(coach.email)).toBeNull();
  });

  it('closes on Escape and on its × button, and gives focus back to the Settings button', async () => {
    const coach = await addCoach();
    const { actor, settings } = await openSheet(coach);
    await actor.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(settings).toHaveFocus();

    await actor.click(settings);
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    await actor.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(settings).toHaveFocus();
  });

  it('keeps Tab inside the sheet', async () => {
    const coach = await addCoach();
    const { actor, dialog } = await openSheet(coach);
    const close = within(dialog).getByRole('button', { name: 'Close dialog' });
    const last = within(dialog).getByRole('button', { name: 'Sign out of all devices' });
    last.focus();
    await actor.tab();
    expect(close).toHaveFocus();
    await actor.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('checks the form before sending it', async () => {
    const coach = await addCoach();
    const before = await hashOf(coach.id);
    const { actor, dialog } = await openSheet(coach);
    const form = within(dialog);
    const submit = form.getByRole('button', { name: 'Change password' });

    await actor.click(submit);
    expect(form.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Enter your current password',
    );
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription('Enter a new password');
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Confirm the new password',
    );
    expect(form.getByLabelText('Current password')).toHaveFocus();

    await actor.type(form.getByLabelText('Current password'), PASSWORD);
    await actor.type(form.getByLabelText('New password'), 'short');
    await actor.type(form.getByLabelText('Confirm new password'), 'short');
    await actor.click(submit);
    expect(form.getByLabelText('New password')).toHaveAccessibleDescription(
      'The new password must be at least 8 characters',
    );
    expect(form.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');

    await actor.clear(form.getByLabelText('New password'));
    await actor.type(form.getByLabelText('New password'), NEW_PASSWORD);
    await actor.clear(form.getByLabelText('Confirm new password'));
    await actor.type(form.getByLabelText('Confirm new password'), 'something else entirely');
    await actor.click(submit);
    expect(form.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(form.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');

    expect(await hashOf(coach.id)).toBe(before);
  });

  it("shows the server's detail for a wrong current password", async () => {
    const coach = await addCoach();
    const before = await hashOf(coach.id);
    const { actor, dialog } = await openSheet(coach);
    const form = within(dialog);
    await actor.type(form.getByLabelText('Current password'), 'not my password');
    await actor.type(form.getByLabelText('New password'), NEW_PASSWORD);
    await actor.type(form.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await actor.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(await hashOf(coach.id)).toBe(before);
    // Still signed in.
    expect(storage.token()).not.toBeNull();
  });

  it('changes the password, clears the form and signs the other devices out', async () => {
    const coach = await addCoach();
    const otherDevice = await tokenFor(api.app.connection.db, coach.id);
    const before = await hashOf(coach.id);
    const { actor, dialog } = await openSheet(coach);
    const form = within(dialog);
    await actor.type(form.getByLabelText('Current password'), PASSWORD);
    await actor.type(form.getByLabelText('New password'), NEW_PASSWORD);
    await actor.type(form.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await actor.click(form.getByRole('button', { name: 'Change password' }));

    expect(
      await form.findByText('Password changed. Other devices have been signed out.'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(form.getByLabelText('New password')).toHaveValue('');
    expect(form.getByLabelText('Confirm new password')).toHaveValue('');
    expect(await hashOf(coach.id)).not.toBe(before);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await meStatus(storage.token())).toBe(200);
  });

  it('signs out of all devices after a confirmation and ends the session like Logout', async () => {
    const coach = await addCoach();
    const otherDevice = await tokenFor(api.app.connection.db, coach.id);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { actor, dialog } = await openSheet(coach);
    const token = storage.token();
    const button = within(dialog).getByRole('button', { name: 'Sign out of all devices' });

    await actor.click(button);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(await meStatus(token)).toBe(200);
    expect(assign).not.toHaveBeenCalled();

    await actor.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(storage.token()).toBeNull();
    expect(storage.user()).toBeNull();
  });

  it('shows why signing out everywhere failed and keeps the session', async () => {
    api.server.use(
      http.post(/\/api\/auth\/logout-all$/, () =>
        HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 }),
      ),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const coach = await addCoach();
    const { actor, dialog } = await openSheet(coach);
    await actor.click(within(dialog).getByRole('button', { name: 'Sign out of all devices' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(storage.token()).not.toBeNull();
  });

  it('renders nothing for a visitor who is not signed in', () => {
    render(
      <SessionProvider>
        <AccountButton />
      </SessionProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });
});
