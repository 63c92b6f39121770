/**
 * The People screen over the real API (MSW hands every /api request to the app over
 * the tiny league, a fresh one per test as the tests write): who reaches it, the search
 * and the pages, a person's roles, lock and reset link, and the server's reasons shown
 * as it gives them when a call fails.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { withApiMock } from '../api-mock';
import { optionTexts } from '../queries';
import { renderRoute } from '../render';
import { addCoaches, BOSS, COACH, LEAGUE_ADMIN, logSent, withPeopleUsers } from './people-users';

const api = withApiMock({ perTest: true });
withPeopleUsers(api);
const sent = logSent(api);
const db = () => api.app.connection.db;

const peopleList = () => screen.findByRole('list', { name: 'People' });
const rowOf = async (name: string) => {
  const row = within(await peopleList())
    .getByText(name)
    .closest('li');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

async function openPeople(user = BOSS, path = '/people') {
  const actor = userEvent.setup();
  const view = await renderRoute(path, { api, user });
  return { ...view, actor };
}

async function manage(actor: ReturnType<typeof userEvent.setup>, name: string) {
  await actor.click(within(await rowOf(name)).getByRole('button', { name: `Manage ${name}` }));
  return screen.findByRole('dialog', { name });
}

/** With one coach added (Person 01), the boss opens their sheet. */
async function openPerson01() {
  await addCoaches(api, 1);
  const { actor } = await openPeople();
  return { actor, sheet: within(await manage(actor, 'Person 01')) };
}

/** The boss asks for `action` on Person 01's sheet and confirms it with `confirm`. */
async function confirmOnPerson01(action: string, confirm: string) {
  const opened = await openPerson01();
  await opened.actor.click(opened.sheet.getByRole('button', { name: action }));
  await opened.actor.click(opened.sheet.getByRole('button', { name: confirm }));
  return opened;
}

describe('the People screen', () => {
  it("is reached from the dashboard's Leagues tab by a super admin", async () => {
    const { actor, router } = await openPeople(BOSS, '/manager/leagues');
    await actor.click(await screen.findByRole('link', { name: 'People' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'People' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/people');
  });

  it('sends a coach to the home screen, with no People button', async () => {
    const { router } = await openPeople(COACH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('link', { name: 'People' })).not.toBeInTheDocument();
  });

  it('lists 20 people a page with their roles in words, and pages with Next and Previous', async () => {
    await addCoaches(api, 25);
    const { actor, router } = await openPeople();
    const list = await peopleList();
    // 25 coaches, the three test users and nobody else: two pages by name.
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(await rowOf('Person 01')).getByText('Coach of East United')).toBeInTheDocument();
    expect(
      within(await rowOf('Lee League')).getByText('League admin of Tiny League 2026'),
    ).toBeInTheDocument();
    expect(within(await rowOf('Bea Boss')).getByText('Super admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await actor.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem')).toHaveLength(8),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await actor.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('searches by name or e-mail once typing pauses, from the first page', async () => {
    await addCoaches(api, 25);
    const { actor, router } = await openPeople(BOSS, '/people?page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    await actor.type(screen.getByRole('searchbox', { name: 'Search people' }), 'person2');
    await waitFor(() => expect(router.state.location.search).toBe('?q=person2'));
    const list = await peopleList();
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((row) => row.querySelector('.people-name')?.textContent),
      ).toEqual(['Person 20', 'Person 21', 'Person 22', 'Person 23', 'Person 24', 'Person 25']),
    );
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    // Typing sent one search, not one per key.
    const searches = (await sent()).filter((r) => r.path === '/api/users').map((r) => r.search);
    expect(searches).toEqual(['?page=2', '?q=person2']);

    await actor.clear(screen.getByRole('searchbox', { name: 'Search people' }));
    await actor.type(screen.getByRole('searchbox', { name: 'Search people' }), 'nobody-here{Enter}');
    expect(await screen.findByText('No one matches “nobody-here”.')).toBeInTheDocument();
  });

  it('shows a league admin the people of their league only, and offers no super admin role', async () => {
    await addCoaches(api, 2, 'north.town');
    const { actor } = await openPeople(LEAGUE_ADMIN);
    const list = await peopleList();
    const names = within(list)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.people-name')?.textContent);
    // The super admin holds no right in tl-26.
    expect(names).toEqual(['Cora Coach', 'Lee League', 'Person 01', 'Person 02']);
    const invite = await screen.findByRole('region', { name: 'Invite to Tiny League 2026' });
    expect(optionTexts(within(invite).getByRole('combobox', { name: 'Role' }))).toEqual([
      'Choose a role',
      'League admin',
      'Coach',
      'Owner',
      'Player',
    ]);
    const dialog = await manage(actor, 'Person 01');
    expect(optionTexts(within(dialog).getByRole('combobox', { name: 'Role' }))).not.toContain('Super admin');
  });

  it('removes a role after asking, and adds one with its scope', async () => {
    await addCoaches(api, 1);
    const { actor } = await openPeople();
    const dialog = await manage(actor, 'Person 01');
    expect(dialog).toHaveFocus();
    const sheet = within(dialog);

    await actor.click(sheet.getByRole('button', { name: 'Remove Coach of East United' }));
    const question = sheet.getByRole('group', {
      name: 'Remove Coach of East United? Person 01 is signed out everywhere.',
    });
    const confirm = within(question).getByRole('button', { name: 'Remove' });
    expect(confirm).toHaveFocus();
    await actor.click(confirm);
    expect(await sheet.findByText('Removed: Coach of East United')).toBeInTheDocument();
    expect(sheet.getByText('No roles: they see what any fan sees.')).toBeInTheDocument();
    expect(sheet.getByRole('heading', { name: 'Roles' })).toHaveFocus();

    await actor.click(sheet.getByRole('button', { name: 'Add role' }));
    expect(sheet.getByText('Choose a role', { selector: '.invite-field-error' })).toBeInTheDocument();
    expect(sheet.getByRole('combobox', { name: 'Role' })).toHaveFocus();
    await actor.selectOptions(sheet.getByRole('combobox', { name: 'Role' }), 'League admin');
    const league = sheet.getByRole('combobox', { name: 'League' });
    await waitFor(() => expect(optionTexts(league)).toContain('Tiny League 2026'));
    await actor.selectOptions(league, 'Tiny League 2026');
    await actor.click(sheet.getByRole('button', { name: 'Add role' }));
    expect(await sheet.findByText('Added: League admin of Tiny League 2026')).toBeInTheDocument();
    expect(
      sheet.getByText('League admin of Tiny League 2026', { selector: '.people-sheet-role-words' }),
    ).toBeInTheDocument();

    const writes = (await sent()).filter((r) => r.method === 'PUT');
    expect(writes.map((w) => [w.path, w.body])).toEqual([
      ['/api/users/pp.person01/memberships', { memberships: [] }],
      ['/api/users/pp.person01/memberships', { memberships: [{ role: 'league_admin', league_id: 'tl-26' }] }],
    ]);
    const rows = await db()
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', 'pp.person01')
      .execute();
    expect(rows.map((m) => [m.role, m.league_id, m.team_id])).toEqual([['league_admin', 'tl-26', null]]);
    // The list behind shows the person as they are now.
    await actor.click(sheet.getByRole('button', { name: 'Close' }));
    await waitFor(async () =>
      expect(
        within(await rowOf('Person 01')).getByText('League admin of Tiny League 2026'),
      ).toBeInTheDocument(),
    );
  });

  it('locks an account after asking, shows it Locked, and unlocks it', async () => {
    const { actor, sheet } = await confirmOnPerson01('Lock account', 'Lock');
    expect(await sheet.findByText('Person 01 is locked out and signed out everywhere')).toBeInTheDocument();
    expect(sheet.getByText('Locked')).toBeInTheDocument();
    const locked = await db()
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', 'pp.person01')
      .executeTakeFirstOrThrow();
    expect(locked.locked_at).not.toBeNull();
    await waitFor(async () =>
      expect(within(await rowOf('Person 01')).getByText('Locked')).toBeInTheDocument(),
    );

    await actor.click(sheet.getByRole('button', { name: 'Unlock account' }));
    expect(await sheet.findByText('Person 01 can sign in again')).toBeInTheDocument();
    expect((await sent()).filter((r) => r.path.endsWith('/lock')).map((r) => r.body)).toEqual([
      { locked: true },
      { locked: false },
    ]);
  });

  it('offers no Lock on one’s own account', async () => {
    const { actor } = await openPeople();
    const sheet = within(await manage(actor, 'Bea Boss'));
    expect(sheet.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(sheet.queryByRole('button', { name: 'Lock account' })).not.toBeInTheDocument();
  });

  it('makes a password-reset link that copies to the clipboard, and says it works once for an hour', async () => {
    const { actor, sheet } = await openPerson01();
    await actor.click(sheet.getByRole('button', { name: 'Make a password-reset link' }));
    const link = await sheet.findByRole('textbox', { name: 'Password-reset link' });
    expect((link as HTMLInputElement).value).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(link).toHaveAttribute('readonly');
    expect(sheet.getByText(/^Works once, for one hour/)).toBeInTheDocument();

    await actor.click(sheet.getByRole('button', { name: 'Copy link' }));
    expect(await sheet.findByText('Link copied')).toBeInTheDocument();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe((link as HTMLInputElement).value);
  });

  it('signs someone out everywhere and says so in the server’s words', async () => {
    const { sheet } = await confirmOnPerson01('Sign out everywhere', 'Sign out');
    expect(await sheet.findByText('Person 01 is signed out everywhere')).toBeInTheDocument();
  });

  it('shows the server’s reason when the list fails, and loads it again with Try again', async () => {
    api.server.use(
      http.get(
        /\/api\/users$/,
        () => HttpResponse.json({ detail: 'The people are resting' }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    const { actor } = await openPeople();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The people are resting');
    expect(screen.queryByRole('list', { name: 'People' })).not.toBeInTheDocument();
    await actor.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Bea Boss')).toBeInTheDocument();
  });

  it('shows the server’s reason when a write is refused, and changes nothing on screen', async () => {
    api.server.use(
      http.put(/\/api\/users\/[^/]+\/lock$/, () =>
        HttpResponse.json(
          { detail: 'You cannot change this account: it holds rights outside the leagues you run' },
          { status: 403 },
        ),
      ),
      http.post(/\/api\/users\/[^/]+\/reset-link$/, () =>
        HttpResponse.json({ detail: 'No such person among those you run' }, { status: 404 }),
      ),
    );
    const { actor, sheet } = await confirmOnPerson01('Lock account', 'Lock');
    expect(await sheet.findByRole('alert')).toHaveTextContent(
      'You cannot change this account: it holds rights outside the leagues you run',
    );
    expect(sheet.queryByText('Locked')).not.toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'Lock account' })).toHaveFocus();

    await actor.click(sheet.getByRole('button', { name: 'Make a password-reset link' }));
    expect(await sheet.findByText('No such person among those you run')).toBeInTheDocument();
    expect(sheet.queryByRole('textbox', { name: 'Password-reset link' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a role change is refused', async () => {
    await addCoaches(api, 1);
    const { actor } = await openPeople(BOSS);
    const sheet = within(await manage(actor, 'Bea Boss'));
    await actor.click(sheet.getByRole('button', { name: 'Remove Super admin' }));
    await actor.click(sheet.getByRole('button', { name: 'Remove' }));
    expect(await sheet.findByRole('alert')).toHaveTextContent(
      'You cannot remove your own super admin right: ask another super admin',
    );
    expect(sheet.getByText('Super admin', { selector: '.people-sheet-role-words' })).toBeInTheDocument();
  });
});
