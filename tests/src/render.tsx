/**
 * Renders the app's real routes at a path, inside the session provider, with an
 * optional signed-in user (stored as the app stores it), for component tests; the
 * outbox replay runs as it does from the page's start.
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { App } from '@/app/app';
import { startOutboxSync } from '@/lib/page-outbox';
import { storage, type StoredUser } from '@/lib/storage';
import { addTypeMemberships, tokenFor } from '../fixtures/auth';
import { NOW } from '../fixtures/factory';
import type { ApiMock } from './api-mock';

export interface RenderOptions {
  /** Sign in as this user; the user row is created in the mock API's database when missing. */
  user?: StoredUser;
  api?: ApiMock;
}

/** A token of `user` for the mock API; the user row is created in its database when missing. */
export async function tokenOf(api: ApiMock, user: StoredUser): Promise<string> {
  const { db } = api.app.connection;
  const exists = await db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst();
  if (!exists) {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        name: user.name,
        email: user.email ?? `${user.id}@example.test`,
        password_hash: 'x',
        user_type: user.user_type,
        team_id: user.team_id,
      })
      .execute();
    await addTypeMemberships(db, user.id, user.user_type, user.team_id);
  }
  return tokenFor(db, user.id);
}

/** Signs `user` in as the app stores a session; without `api`, with a token no server checks. */
export async function signIn(user: StoredUser, api?: ApiMock): Promise<void> {
  storage.setToken(api ? await tokenOf(api, user) : 'test-token');
  storage.setUser(user);
}

export async function renderRoute(path: string, options: RenderOptions = {}) {
  if (options.user) await signIn(options.user, options.api);
  // As the page's start does (src/main.tsx): the outbox replays from the start.
  onTestFinished(startOutboxSync());
  const router = testRouter();
  const result = render(
    <App
      router={(routes) => (
        <MemoryRouter initialEntries={[path]}>
          {routes}
          <router.Probe />
        </MemoryRouter>
      )}
    />,
  );
  // The first render waits for the lazy route; the shell's navigation marks it done.
  await screen.findByRole('navigation', { name: 'Main' });
  return { ...result, router };
}

/**
 * What the tests see of the router: where it is, and a way to go elsewhere (as a
 * data router's `state.location` and `navigate`), read from inside the real routes.
 */
export interface TestRouter {
  state: { location: Location };
  navigate(to: To | number): Promise<void>;
  Probe: () => null;
}

function testRouter(): TestRouter {
  let go: ((to: To | number) => void) | undefined;
  const router: TestRouter = {
    state: { location: { pathname: '/', search: '', hash: '', state: null, key: 'default' } },
    async navigate(to) {
      const navigate = go;
      if (!navigate) throw new Error('The router has not rendered yet');
      await act(async () => navigate(to));
    },
    Probe: function RouterProbe() {
      router.state.location = useLocation();
      const navigate = useNavigate();
      go = (to) => (typeof to === 'number' ? void navigate(to) : void navigate(to));
      return null;
    },
  };
  return router;
}

/** A coach of the team, stored as a signed-in session stores the user. */
export function coachOf(team_id: string, name = 'Casey Coach'): StoredUser {
  return { id: `${team_id}.coach.user`, name, user_type: 'coach', team_id };
}

/** The tiny league's "now" (2026-06-15 12:00 UTC) for Date only, so timers stay real. */
export function useTinyLeagueClock(): void {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
}

/** A page the server rendered (src/entry-server.tsx), or the test fails: not a redirect, not the shell. */
export function renderedPage<Page extends { html: string }>(page: Page | { redirect: string } | null): Page {
  if (page === null || !('html' in page))
    throw new Error(`The server did not render the page: ${JSON.stringify(page)}`);
  return page;
}
