import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../../db/password';
import { TEST_PASSWORD_COST } from '../../fixtures/app';
import { type ApiMock, withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const PASSWORD = 'pitch side password';
const api = withApiMock({ setup: addUsers });
async function addUsers(api: ApiMock) {
  const hash = await hashPassword(PASSWORD, TEST_PASSWORD_COST);
  const users = [
    { id: 'l.super', user_type: 'super_admin', team_id: null },
    { id: 'l.manager', user_type: 'manager', team_id: null },
    { id: 'l.coach', user_type: 'coach', team_id: 'north.town' },
    { id: 'l.fan', user_type: 'fan', team_id: null },
  ] as const;
  for (const user of users) {
    await api.app.connection.db
      .insertInto('users')
      .values({ ...user, name: user.id, email: `${user.id}@x.test`, password_hash: hash })
      .execute();
  }
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  const view = await renderRoute('/login', { api });
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return view;
}

describe('sign in', () => {
  it('asks for both fields', async () => {
    await signIn('l.fan@x.test', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both email and password');
  });

  it('shows the server detail for a wrong password', async () => {
    await signIn('l.fan@x.test', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
  });

  it("falls back to 'Login failed. Please check your credentials.' without a detail", async () => {
    api.server.use(http.post(/\/api\/auth\/login$/, () => new HttpResponse('nope', { status: 500 })));
    await signIn('l.fan@x.test', PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });

  it("says 'No user data received' when the answer has no user", async () => {
    api.server.use(http.post(/\/api\/auth\/login$/, () => HttpResponse.json({ access_token: 'x' })));
    await signIn('l.fan@x.test', PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent('No user data received');
  });

  it.each([
    ['l.super@x.test', '/admin-dashboard'],
    ['l.manager@x.test', '/admin'],
    ['l.coach@x.test', '/main'],
    ['l.fan@x.test', '/'],
  ])('lands %s on %s and stores the session', async (email, path) => {
    const { router } = await signIn(email, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(localStorage.getItem('authToken')).toEqual(expect.any(String));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ email });
  });
});

describe('registration', () => {
  it('creates a fan account and signs in', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoute('/register', { api });
    await user.type(await screen.findByLabelText('Name'), 'Riley Fan');
    await user.type(screen.getByLabelText('Email'), 'riley@x.test');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({
      user_type: 'fan',
      name: 'Riley Fan',
    });
  });

  it('shows the server detail, else Registration failed', async () => {
    const user = userEvent.setup();
    await renderRoute('/register', { api });
    await user.type(await screen.findByLabelText('Name'), 'Dup');
    await user.type(screen.getByLabelText('Email'), 'l.fan@x.test');
    await user.type(screen.getByLabelText('Password'), 'long enough pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');

    api.server.use(http.post(/\/api\/auth\/register$/, () => new HttpResponse('', { status: 502 })));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Registration failed'));
  });
});
