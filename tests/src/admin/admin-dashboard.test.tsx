/**
 * The super admin's table editor over the tiny league, with every write going
 * through the real API (and checked in its database). Each test gets a fresh league.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';
import { expectSelect, optionTexts } from '../queries';

/** Answers the API is still working on; an unmounted screen does not stop them. */
const answering = new Set<Promise<unknown>>();
const api = withApiMock({
  perTest: true,
  setup: (api) =>
    api.server.use(
      http.all(/\/api\//, async ({ request }) => {
        const answer = Promise.resolve(api.app.app.fetch(request));
        const settled = answer.catch(() => undefined);
        answering.add(settled);
        void settled.finally(() => answering.delete(settled));
        return answer;
      }),
    ),
});
afterEach(async () => {
  // Unmount, then let the API finish before its database closes (the mock closes after this).
  cleanup();
  await Promise.all(answering);
});

const BOSS: StoredUser = { id: 'u.boss', name: 'Boss', user_type: 'super_admin', team_id: null };
const COACH: StoredUser = { id: 'u.coach', name: 'Coach', user_type: 'coach', team_id: 'north.town' };

const db = () => api.app.connection.db;
const teamRow = (team_id: string) =>
  db().selectFrom('teams').selectAll().where('team_id', '=', team_id).executeTakeFirstOrThrow();

/** The JSON bodies of the PUTs the screen sends from here on in the test. */
function putBodies(): unknown[] {
  const bodies: unknown[] = [];
  api.server.events.on('request:start', ({ request }) => {
    if (request.method === 'PUT')
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body));
  });
  return bodies;
}

async function open(table?: string) {
  const user = userEvent.setup();
  const rendered = await renderRoute('/admin-dashboard', { user: BOSS, api });
  const list = await screen.findByRole('navigation', { name: 'Tables' });
  if (table) {
    await user.click(await within(list).findByRole('button', { name: table }));
    await screen.findByRole('heading', { name: table, level: 2 });
  }
  return { user, list, ...rendered };
}

async function grid(table: string) {
  return screen.findByRole('table', { name: table });
}

async function rowWith(table: string, text: string) {
  const found = await grid(table);
  return within(found).findByRole('row', { name: new RegExp(text.replace(/\./g, '\\.')) });
}

async function addNews(count: number) {
  await db()
    .insertInto('league_news')
    .values(
      Array.from({ length: count }, (_, index) => ({
        league_id: 'tl-26',
        title: `Bulletin ${index + 1}`,
        published_at: '2026-06-01T09:00:00.000Z',
      })),
    )
    .execute();
}

// Typing into several fields of a wide grid takes a few seconds on a busy two-core machine.
describe('admin dashboard', { timeout: 20_000 }, () => {
  it('lists the tables and filters them by the search box', async () => {
    const { user, list } = await open();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    await within(list).findByRole('button', { name: 'players' });
    const names = within(list)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['audit_log', 'league_news', 'matches', 'players', 'teams', 'users']),
    );
    expect(names).not.toContain('sessions');
    expect(screen.getByText('Choose a table')).toBeInTheDocument();

    const search = within(list).getByPlaceholderText('Search tables...');
    await user.type(search, 'MATCH');
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['match_cards', 'match_counter_reports', 'match_events', 'match_squads', 'matches']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(within(list).getByText('No tables match “zzz”')).toBeInTheDocument();
  });

  it('shows a table with its key column, rows and page count', async () => {
    const { list } = await open('players');
    expect(within(list).getByRole('button', { name: 'players' })).toHaveAttribute('aria-current', 'true');
    const table = await grid('players');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers.slice(0, 5)).toEqual(['Actions', 'id (key)', 'user_id', 'team_id', 'name']);
    expect(within(table).getAllByRole('row')).toHaveLength(17); // header + 16 players
    const row = await rowWith('players', 'nt.fwd');
    expect(within(row).getByText('North Town Forward')).toBeInTheDocument();
    expect(within(row).getByText('NULL')).toBeInTheDocument(); // user_id
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('edits a foreign key through a dropdown of the related rows and saves the chosen key', async () => {
    const { user } = await open('players');
    const row = await rowWith('players', 'nt.fwd');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));

    const editing = await rowWith('players', 'nt.fwd');
    // The key is read-only; the other columns are inputs.
    expect(within(editing).queryByRole('textbox', { name: 'id' })).not.toBeInTheDocument();
    expect(within(editing).getByRole('textbox', { name: 'name' })).toHaveValue('North Town Forward');
    const team = within(editing).getByRole('combobox', { name: 'team_id' });
    await expectSelect(team, 'north.town', [
      '— none —',
      'east.united — East United',
      'north.town — North Town',
      'south.city — South City',
      'west.rangers — West Rangers',
    ]);

    await user.selectOptions(team, 'south.city');
    await user.clear(within(editing).getByRole('textbox', { name: 'number' }));
    await user.type(within(editing).getByRole('textbox', { name: 'number' }), '19');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Row updated')).toBeInTheDocument();
    const saved = await db()
      .selectFrom('players')
      .select(['team_id', 'number', 'name'])
      .where('id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ team_id: 'south.city', number: 19, name: 'North Town Forward' });
    const after = await rowWith('players', 'nt.fwd');
    expect(within(after).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(after).getByText('south.city')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Row updated')).not.toBeInTheDocument();
  });

  it('sends only the changed fields, and Cancel changes nothing', async () => {
    const bodies = putBodies();
    const { user } = await open('teams');
    const row = await rowWith('teams', 'West Rangers');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    let editing = await rowWith('teams', 'west.rangers');
    await user.clear(within(editing).getByRole('textbox', { name: 'location' }));
    await user.type(within(editing).getByRole('textbox', { name: 'location' }), 'Nowhere');
    await user.click(within(editing).getByRole('button', { name: 'Cancel' }));
    expect(within(await rowWith('teams', 'west.rangers')).getByText('West Rangers Park')).toBeInTheDocument();

    await user.click(within(await rowWith('teams', 'west.rangers')).getByRole('button', { name: 'Edit' }));
    editing = await rowWith('teams', 'west.rangers');
    await user.clear(within(editing).getByRole('textbox', { name: 'location' }));
    await user.type(within(editing).getByRole('textbox', { name: 'location' }), 'Riverside');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ location: 'Riverside' }]);
    expect(await teamRow('west.rangers')).toMatchObject({ location: 'Riverside', league_id: 'tl-26' });
  });

  it('starts editing in the first field; Enter saves and Escape cancels', async () => {
    const { user } = await open('teams');
    await user.click(within(await rowWith('teams', 'south.city')).getByRole('button', { name: 'Edit' }));
    const editing = await rowWith('teams', 'south.city');
    const name = within(editing).getByRole('textbox', { name: 'team_name' });
    expect(name).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(editing).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(editing).getByRole('button', { name: 'Edit' }));
    await user.type(within(editing).getByRole('textbox', { name: 'description' }), 'Founded 1901{Enter}');
    expect(await screen.findByText('Row updated')).toBeInTheDocument();
    expect((await teamRow('south.city')).description).toBe('Founded 1901');
  });

  it('inserts a row from the form, with the type hints and a foreign-key dropdown', async () => {
    const { user } = await open('league_news');
    await user.click(screen.getByRole('button', { name: 'Insert New Row' }));
    const form = screen.getByRole('form', { name: 'New row in league_news' });
    expect(within(form).getByLabelText('id')).toHaveAttribute('placeholder', 'INTEGER');
    expect(
      within(form).getByText('INTEGER · key, numbered automatically when left empty'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('title')).toHaveAttribute('placeholder', 'TEXT');
    expect(within(form).getByLabelText('title')).toHaveAccessibleDescription('TEXT · required');
    expect(within(form).getByLabelText('link')).toHaveAccessibleDescription('TEXT · optional, has a default');
    const league = within(form).getByLabelText('league_id');
    await waitFor(() =>
      expect(optionTexts(league)).toEqual(['— none —', 'tl-25 — Tiny League', 'tl-26 — Tiny League']),
    );
    await user.selectOptions(league, 'tl-26');
    await user.type(within(form).getByLabelText('title'), 'Derby day');
    await user.type(within(form).getByLabelText('published_at'), '2026-06-14T10:00:00.000Z');
    await user.click(within(form).getByRole('button', { name: 'Insert Row' }));

    expect(await screen.findByText('Row inserted')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const stored = await db()
      .selectFrom('league_news')
      .select(['id', 'league_id', 'link', 'published_at'])
      .where('title', '=', 'Derby day')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ id: 3, league_id: 'tl-26', link: '', published_at: '2026-06-14T10:00:00.000Z' });
    expect(await rowWith('league_news', 'Derby day')).toBeInTheDocument();
  });

  it('deletes a row after the confirmation, and keeps it when the answer is no', async () => {
    await addNews(1);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { user } = await open('league_news');
    await user.click(
      within(await rowWith('league_news', 'Bulletin 1')).getByRole('button', { name: 'Delete' }),
    );
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this row?');
    expect(
      await db().selectFrom('league_news').select('id').where('title', '=', 'Bulletin 1').execute(),
    ).toHaveLength(1);

    await user.click(
      within(await rowWith('league_news', 'Bulletin 1')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Row deleted')).toBeInTheDocument();
    expect(
      await db().selectFrom('league_news').select('id').where('title', '=', 'Bulletin 1').execute(),
    ).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Bulletin 1')).not.toBeInTheDocument());
  });

  it('pages through a table of more than 25 rows', async () => {
    await addNews(30); // 32 rows with the two of the tiny league
    const { user } = await open('league_news');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(await grid('league_news')).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(async () => expect(within(await grid('league_news')).getAllByRole('row')).toHaveLength(8));
    expect(screen.getByText('Bulletin 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(await screen.findByText('South City go top')).toBeInTheDocument();
  });

  it('goes back a page when the only row of the last page is deleted', async () => {
    await addNews(24); // 26 rows: page 2 holds one
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await open('league_news');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const last = await rowWith('league_news', 'Bulletin 24');
    await user.click(within(last).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('offers no writes on the read-only audit log', async () => {
    // One write, so the log has a row.
    await addNews(1);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, list } = await open('league_news');
    await user.click(
      within(await rowWith('league_news', 'Bulletin 1')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('Row deleted');

    await user.click(within(list).getByRole('button', { name: 'audit_log' }));
    const table = await grid('audit_log');
    expect(within(table).getByText('admin.delete')).toBeInTheDocument();
    expect(screen.getByText('Read-only')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Insert New Row' })).not.toBeInTheDocument();
  });

  it('shows the server detail when an update fails', async () => {
    const { user } = await open('players');
    await user.click(within(await rowWith('players', 'nt.fwd')).getByRole('button', { name: 'Edit' }));
    const editing = await rowWith('players', 'nt.fwd');
    await user.clear(within(editing).getByRole('textbox', { name: 'number' }));
    await user.type(within(editing).getByRole('textbox', { name: 'number' }), 'nine');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update row')).toBeInTheDocument();
    expect(within(alert).getByText('Column number expects a whole number')).toBeInTheDocument();
    // Still editing, nothing stored.
    expect(within(editing).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    const stored = await db()
      .selectFrom('players')
      .select('number')
      .where('id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(stored.number).toBe(9);

    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says which value a rule of the table refuses and what it takes, not the SQL', async () => {
    const { user } = await open('players');
    await user.click(within(await rowWith('players', 'nt.fwd')).getByRole('button', { name: 'Edit' }));
    const editing = await rowWith('players', 'nt.fwd');
    await user.clear(within(editing).getByRole('textbox', { name: 'position' }));
    await user.type(within(editing).getByRole('textbox', { name: 'position' }), 'Winger');
    await user.click(within(editing).getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to update row')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'position: "Winger" is not allowed; use one of Goalkeeper, Defender, Midfielder, Forward, Coach',
      ),
    ).toBeInTheDocument();
    expect(alert).not.toHaveTextContent(/constraint|CHECK/);
  });

  it('shows the server detail when an insert fails', async () => {
    const { user } = await open('league_news');
    await user.click(screen.getByRole('button', { name: 'Insert New Row' }));
    const form = screen.getByRole('form', { name: 'New row in league_news' });
    await user.click(within(form).getByRole('button', { name: 'Insert Row' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to insert row')).toBeInTheDocument();
    expect(within(alert).getByText('Column title is required')).toBeInTheDocument();
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it('shows the server detail when a delete fails', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await open('teams');
    // North Town has matches: the database refuses.
    await user.click(within(await rowWith('teams', 'north.town')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to delete row')).toBeInTheDocument();
    expect(
      within(alert).getByText('Other rows refer to this row; change or delete them first'),
    ).toBeInTheDocument();
    expect(
      await db().selectFrom('teams').select('team_id').where('team_id', '=', 'north.town').execute(),
    ).toHaveLength(1);
  });

  it('shows the tables load error, dismissible', async () => {
    api.failGet(/\/api\/tables$/);
    const { user } = await open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch tables: boom');
    expect(within(alert).getByText('Failed to fetch tables: boom')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the tables answer has the wrong shape', async () => {
    api.server.use(http.get(/\/api\/tables$/, () => HttpResponse.json({ names: 'players' })));
    await open();
    expect(await screen.findByText('Invalid response format')).toBeInTheDocument();
  });

  it('says so when the rows answer has the wrong shape', async () => {
    api.server.use(http.get(/\/api\/tables\/players\/data/, () => HttpResponse.json({ rows: 'none' })));
    await open('players');
    expect(await screen.findByText('Invalid response format')).toBeInTheDocument();
  });

  it('shows the table data, schema and relations errors, each dismissible', async () => {
    api.server.use(
      http.get(/\/api\/tables\/players\/data/, () =>
        HttpResponse.json({ detail: 'data boom' }, { status: 500 }),
      ),
      http.get(/\/api\/tables\/players\/schema$/, () =>
        HttpResponse.json({ detail: 'schema boom' }, { status: 500 }),
      ),
      http.get(/\/api\/tables\/players\/relations$/, () =>
        HttpResponse.json({ detail: 'relations boom' }, { status: 500 }),
      ),
    );
    const { user } = await open('players');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    const alertWith = (text: string) =>
      screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(text)) ?? document.body;
    const schema = alertWith('schema');
    expect(schema).toHaveRole('alert');
    expect(within(schema).getByText('Failed to fetch schema')).toBeInTheDocument();
    expect(within(schema).getByText('schema boom')).toBeInTheDocument();
    const relations = alertWith('relations');
    expect(within(relations).getByText('Failed to fetch relations: relations boom')).toBeInTheDocument();
    const data = alertWith('data boom');
    expect(within(data).getByText('Failed to fetch table data')).toBeInTheDocument();
    expect(within(data).getByText('data boom')).toBeInTheDocument();

    await user.click(within(relations).getByRole('button', { name: 'Close' }));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.queryByText(/relations boom/)).not.toBeInTheDocument();
  });

  it('reports a failure to load the rows a dropdown offers', async () => {
    api.server.use(
      http.get(/\/api\/tables\/teams\/data/, () =>
        HttpResponse.json({ detail: 'teams boom' }, { status: 500 }),
      ),
    );
    const { user } = await open('players');
    await user.click(within(await rowWith('players', 'nt.fwd')).getByRole('button', { name: 'Edit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch table data')).toBeInTheDocument();
    expect(within(alert).getByText('teams: teams boom')).toBeInTheDocument();
    // The current value stays selectable.
    const team = within(await rowWith('players', 'nt.fwd')).getByRole('combobox', { name: 'team_id' });
    expect(team).toHaveValue('north.town');
  });

  it('sends the user home on a 403 from the tables list', async () => {
    api.server.use(
      http.get(/\/api\/tables$/, () => HttpResponse.json({ detail: 'Forbidden' }, { status: 403 })),
    );
    const { router } = await renderRoute('/admin-dashboard', { user: BOSS, api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends anyone but a super admin home', async () => {
    const { router } = await renderRoute('/admin-dashboard', { user: COACH, api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

// A phone (390px): rows as cards, and a row edited in a form sheet instead of a wide grid.
describe('admin dashboard on a phone', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 390; // the setup's matchMedia answers width queries from it
  });

  async function card(table: string, key: string) {
    const list = await screen.findByRole('list', { name: `${table} rows` });
    const items = await within(list).findAllByRole('listitem');
    const found = items.find((item) => within(item).queryByText(key, { exact: true }));
    if (!found) throw new Error(`no card for ${key}`);
    return found;
  }

  it('shows rows as cards with the key and a few columns, the rest a tap away', async () => {
    await open('players');
    expect(screen.queryByRole('table', { name: 'players' })).not.toBeInTheDocument();
    const item = await card('players', 'nt.fwd');
    expect(within(item).getByText('North Town Forward')).toBeInTheDocument();
    expect(within(item).getByText('north.town')).toBeInTheDocument();
    expect(within(item).getByText(/^\d+ more columns$/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('id nt.fwd');
    expect(within(item).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('edits a row in a form sheet: a labelled field per column, the key read-only, Save sends a PUT', async () => {
    const bodies = putBodies();
    const { user } = await open('players');
    const edit = within(await card('players', 'nt.fwd')).getByRole('button', { name: 'Edit' });
    await user.click(edit);

    const sheet = await screen.findByRole('dialog', { name: 'Edit row nt.fwd' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveFocus();
    expect(within(sheet).getByRole('textbox', { name: 'id' })).toHaveAttribute('readonly');
    expect(within(sheet).getByRole('textbox', { name: 'id' })).toHaveAccessibleDescription(
      'TEXT · key, cannot be changed',
    );
    expect(within(sheet).getByRole('textbox', { name: 'name' })).toHaveValue('North Town Forward');
    expect(within(sheet).getByRole('textbox', { name: 'number' })).toHaveAccessibleDescription(
      'INTEGER · required',
    );
    const team = within(sheet).getByRole('combobox', { name: 'team_id' });
    await waitFor(() =>
      expect(within(team).getByRole('option', { name: 'south.city — South City' })).toBeInTheDocument(),
    );
    await user.selectOptions(team, 'south.city');
    await user.clear(within(sheet).getByRole('textbox', { name: 'number' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'number' }), '19');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Row updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ team_id: 'south.city', number: '19' }]);
    const saved = await db()
      .selectFrom('players')
      .select(['team_id', 'number'])
      .where('id', '=', 'nt.fwd')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ team_id: 'south.city', number: 19 });
    await waitFor(() => expect(within(card_(edit)).getByText('south.city')).toBeInTheDocument());
    expect(edit).toHaveFocus();
  });

  it('Cancel and Escape close the sheet without a write, and focus goes back to Edit', async () => {
    const writes: string[] = [];
    api.server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET') writes.push(request.method);
    });
    const { user } = await open('teams');
    const edit = within(await card('teams', 'west.rangers')).getByRole('button', { name: 'Edit' });
    await user.click(edit);
    let sheet = await screen.findByRole('dialog', { name: 'Edit row west.rangers' });
    await user.clear(within(sheet).getByRole('textbox', { name: 'location' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'location' }), 'Nowhere');
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    await user.click(edit);
    sheet = await screen.findByRole('dialog', { name: 'Edit row west.rangers' });
    // A fresh draft: the cancelled change is gone.
    expect(within(sheet).getByRole('textbox', { name: 'location' })).toHaveValue('West Rangers Park');
    await user.type(within(sheet).getByRole('textbox', { name: 'location' }), ' East');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();

    expect(writes).toEqual([]);
    expect((await teamRow('west.rangers')).location).toBe('West Rangers Park');
  });

  it('keeps Tab inside the sheet', async () => {
    const { user } = await open('teams');
    await user.click(within(await card('teams', 'south.city')).getByRole('button', { name: 'Edit' }));
    const sheet = await screen.findByRole('dialog', { name: 'Edit row south.city' });
    within(sheet).getByRole('button', { name: 'Save' }).focus();
    await user.tab();
    expect(within(sheet).getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(sheet).getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('shows a failed save in the sheet, which stays open', async () => {
    api.server.use(
      http.put(/\/api\/tables\/teams\/rows\//, () =>
        HttpResponse.json({ detail: 'location boom' }, { status: 400 }),
      ),
    );
    const { user } = await open('teams');
    await user.click(within(await card('teams', 'south.city')).getByRole('button', { name: 'Edit' }));
    const sheet = await screen.findByRole('dialog', { name: 'Edit row south.city' });
    await user.type(within(sheet).getByRole('textbox', { name: 'location' }), '!');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    const alert = await within(sheet).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update row');
    expect(alert).toHaveTextContent('location boom');
    // Not repeated behind the sheet.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit row south.city' })).toBeInTheDocument();
  });

  it('deletes a row from its card after the confirmation', async () => {
    await addNews(1);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = await open('league_news');
    await user.click(within(await card('league_news', 'Bulletin 1')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this row?');
    expect(await screen.findByText('Row deleted')).toBeInTheDocument();
    expect(
      await db().selectFrom('league_news').select('id').where('title', '=', 'Bulletin 1').execute(),
    ).toHaveLength(0);
    await waitFor(() => expect(screen.queryByText('Bulletin 1')).not.toBeInTheDocument());
  });
});

/** The card (list item) a button sits in. */
function card_(element: HTMLElement): HTMLElement {
  const item = element.closest('li');
  if (!item) throw new Error('not in a card');
  return item;
}
