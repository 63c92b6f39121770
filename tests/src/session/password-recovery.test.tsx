/**
 * Password recovery over the real API: Sign In leads to /forgot-password, which shows the
 * server's answer (the same for any address) or its refusal; a reset link's page sets a
 * new password, signs in and lands as signing in does with "Password changed", keeps the
 * server's field problems under their field, and turns a used or cut link into a way to
 * ask for a new one.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createPasswordReset } from '../../../api/data/password-resets';
import { FORGOT_PASSWORD_ANSWER } from '../../../api/http/password-reset';
import { addUser } from '../../fixtures/auth';
import { NOW } from '../../fixtures/factory';
import { sendRequest } from '../../fixtures/request';
import { withApiMock } from '../api-mock';
import { expectLink } from '../queries';
import { renderRoute } from '../render';

const api = withApiMock({ perTest: true });

async function resetLinkFor(userId: string, type: 'coach' | 'fan' = 'coach'): Promise<string> {
  const { db } = api.app.connection;
  await addUser(db, { id: userId, user_type: type, team_id: type === 'coach' ? 'north.town' : null });
  return (await createPasswordReset(db, userId, NOW)).token;
}

async function typeNewPassword(password: string, confirm = password) {
  const actor = userEvent.setup();
  await actor.type(await screen.findByLabelText('New password'), password);
  await actor.type(screen.getByLabelText('Confirm new password'), confirm);
  await actor.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('forgot password', () => {
  it('is linked from Sign In', async () => {
    await renderRoute('/login', { api });
    await screen.findByRole('button', { name: 'Sign In' });
    expectLink(document.body, 'Forgot password?', '/forgot-password');
  });

  it("shows the server's answer for any address", async () => {
    const actor = userEvent.setup();
    await renderRoute('/forgot-password', { api });
    await actor.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email');

    await actor.type(screen.getByLabelText('Email'), 'nobody@example.test');
    await actor.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_ANSWER);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    api.server.use(
      http.post(/\/api\/auth\/forgot-password$/, () =>
        HttpResponse.json({ detail: 'Too many requests: try again in 60 seconds' }, { status: 429 }),
      ),
    );
    const actor = userEvent.setup();
    await renderRoute('/forgot-password', { api });
    await actor.type(await screen.findByLabelText('Email'), 'someone@example.test');
    await actor.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests: try again in 60 seconds');
  });
});

describe('the reset link', () => {
  it('sets the password, signs in and lands as signing in does, saying "Password changed"', async () => {
    const token = await resetLinkFor('rp.coach');
    const { router } = await renderRoute(`/reset-password?token=${token}`, { api });
    await typeNewPassword('a brand new touchline', 'a brand new touchlin');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();

    const actor = userEvent.setup();
    await actor.type(screen.getByLabelText('Confirm new password'), 'e');
    await actor.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed');
    expect(localStorage.getItem('authToken')).toEqual(expect.any(String));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      id: 'rp.coach',
      memberships: [{ role: 'coach', team_id: 'north.town' }],
    });
  });

  it("puts a common password's refusal under the field", async () => {
    const token = await resetLinkFor('rp.fan', 'fan');
    const { router } = await renderRoute(`/reset-password?token=${token}`, { api });
    await typeNewPassword('password123');
    expect(
      await screen.findByText('Password is too common: choose one that is harder to guess'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says a used link is no longer valid and offers a new one', async () => {
    const token = await resetLinkFor('rp.used');
    // Used once already: the page opened again from the same e-mail.
    const first = await sendRequest(api.app.app, 'POST', '/api/auth/reset-password', {
      json: { token, password: 'first new password here' },
    });
    expect(first.status).toBe(200);
    await renderRoute(`/reset-password?token=${token}`, { api });
    await typeNewPassword('second new password here');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link to set a new password is not valid: it was used or has expired. Ask for a new one.',
    );
    expectLink(document.body, 'Ask for a new link', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it.each([
    ['without a token', '/reset-password', 'This page needs the link from the e-mail'],
    ['with a cut token', '/reset-password?token=abc', 'This link to set a new password is not complete'],
  ])('explains a link %s and offers a new one', async (_, path, text) => {
    await renderRoute(path, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expectLink(document.body, 'Ask for a new link', '/forgot-password');
  });
});
