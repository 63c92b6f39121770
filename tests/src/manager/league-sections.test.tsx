/**
 * The league admin area in sections: one shows at a time, chosen from a row of links
 * and named in the address (?section=), so Back and links work. The Results section
 * asks the server for the filtered matches a page at a time (MSW answers the list
 * here, so the test sees exactly the query the screen sends).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Match } from '@/lib/api-types';
import type { StoredUser } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const api = withApiMock({ perTest: true });
const ADMIN: StoredUser = { id: 'lg.admin', name: 'Sam Admin', user_type: 'super_admin', team_id: null };

const sectionLinks = () =>
  within(screen.getByRole('navigation', { name: /^Sections of / })).getAllByRole('link');

describe('the league admin sections', () => {
  it('shows the section the address names, one at a time, and goes back with Back', async () => {
    const { router } = await renderRoute('/manager/leagues?section=clubs', { api, user: ADMIN });
    expect(await screen.findByRole('region', { name: 'Clubs' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument();
    expect(sectionLinks().map((link) => link.textContent)).toEqual([
      'Details',
      'Clubs',
      'Rules',
      'Fixtures',
      'Results',
      'Deductions',
      'Import',
    ]);
    expect(screen.getByRole('link', { name: 'Clubs' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('link', { name: 'Deductions' }));
    expect(await screen.findByRole('region', { name: 'Deductions' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clubs' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?section=deductions');
    expect(screen.getByRole('link', { name: 'Deductions' })).toHaveAttribute('aria-current', 'page');

    await router.navigate(-1);
    expect(await screen.findByRole('region', { name: 'Clubs' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?section=clubs');
  });

  it('starts on Details, with the invitation to the league, for no or an unknown section', async () => {
    await renderRoute('/manager/leagues?section=nonsense', { api, user: ADMIN });
    expect(await screen.findByRole('region', { name: 'Details' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /^Invite to / })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('region', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('keeps the spreadsheet import in its own section', async () => {
    await renderRoute('/manager/leagues?section=import', { api, user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Import' });
    expect(within(section).getByText(/Import fixtures from a spreadsheet/)).toBeInTheDocument();
  });
});

describe('the Results section', () => {
  /** A match of the tiny league as the API lists it, numbered `n`. */
  function fakeMatch(n: number): Match {
    return {
      ...baseMatch,
      id: 9000 + n,
      home_team_name: `Home ${n}`,
      away_team_name: `Away ${n}`,
      date: `2026-05-${String(n).padStart(2, '0')}T14:00:00.000Z`,
    };
  }
  let baseMatch: Match;

  /** Answers the season's match list with pages of two, logging each query. */
  function serveMatches(queries: URLSearchParams[]) {
    api.server.use(
      http.get(/\/api\/leagues\/tl-26\/matches$/, ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const cursor = query.get('cursor');
        if (cursor === null)
          return HttpResponse.json({ matches: [fakeMatch(1), fakeMatch(2)], next_cursor: 'page-2' });
        return HttpResponse.json({ matches: [fakeMatch(3)], next_cursor: null });
      }),
    );
  }

  async function openResults() {
    // A real unreported match of the league, renamed and redated per row.
    const real = await api.app.app.request('/api/leagues/tl-26/matches');
    const { matches } = (await real.json()) as { matches: Match[] };
    const open = matches.find((match) => match.approved === '' && match.status !== 'postponed');
    if (!open) throw new Error('The tiny league has no unreported match');
    baseMatch = open;
    const user = userEvent.setup();
    await renderRoute('/manager/leagues?section=results', { api, user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Results' });
    return { user, section };
  }

  it('asks for a page of matches, then the next with Show more', async () => {
    const queries: URLSearchParams[] = [];
    serveMatches(queries);
    const { user, section } = await openResults();
    const list = await within(section).findByRole('list', { name: 'Matches of Tiny League 2026' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(queries[0]?.get('limit')).toBe('10');
    expect(queries[0]?.has('cursor')).toBe(false);
    expect(within(section).getByText('The first 2 matches: 2 past with no report')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(queries.at(-1)?.get('cursor')).toBe('page-2');
    expect(within(section).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(section).getByText('3 matches: 3 past with no report')).toBeInTheDocument();
  });

  it('sends the club, the days and the state to the server, and clears them', async () => {
    const queries: URLSearchParams[] = [];
    serveMatches(queries);
    const { user, section } = await openResults();
    await within(section).findByRole('list', { name: 'Matches of Tiny League 2026' });
    const club = within(section).getByRole('combobox', { name: 'Club' });
    await waitFor(() => expect(within(club).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(club, 'north.town');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'State' }), 'pending');
    await user.type(within(section).getByLabelText('From'), '2026-05-01');
    await user.type(within(section).getByLabelText('To'), '2026-06-30');
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
        team_id: 'north.town',
        state: 'pending',
        from: '2026-05-01',
        to: '2026-06-30',
        limit: '10',
      }),
    );
    await user.click(within(section).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({ limit: '10' }));
  });

  it('says so when no match passes the filters', async () => {
    api.server.use(
      http.get(/\/api\/leagues\/tl-26\/matches$/, () =>
        HttpResponse.json({ matches: [], next_cursor: null }),
      ),
    );
    const user = userEvent.setup();
    await renderRoute('/manager/leagues?section=results', { api, user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Results' });
    expect(await within(section).findByText('No matches scheduled yet.')).toBeInTheDocument();
    await user.selectOptions(within(section).getByRole('combobox', { name: 'State' }), 'rejected');
    expect(await within(section).findByText('No matches match these filters.')).toBeInTheDocument();
  });
});

describe('deleting a fixture from Results', () => {
  /** How many matches the named home team plays at home against the named away team. */
  async function fixturesBetween(name: string): Promise<number> {
    const [home, away] = name.split(' vs ');
    const rows = await api.app.connection.db
      .selectFrom('matches')
      .innerJoin('teams as h', 'h.team_id', 'matches.home_team')
      .innerJoin('teams as a', 'a.team_id', 'matches.away_team')
      .select('matches.id')
      .where('h.team_name', '=', home ?? '')
      .where('a.team_name', '=', away ?? '')
      .execute();
    return rows.length;
  }

  it('asks once, deletes it on the server, and the list and its count follow', async () => {
    const user = userEvent.setup();
    await renderRoute('/manager/leagues?section=results', { api, user: ADMIN });
    const section = await screen.findByRole('region', { name: 'Results' });
    const list = await within(section).findByRole('list', { name: 'Matches of Tiny League 2026' });
    const count = () => within(section).getByRole('status').textContent ?? '';
    const before = count();
    const shown = within(list).getAllByRole('listitem').length;
    const button = within(list).getAllByRole('button', { name: /^Delete / })[0];
    if (!button) throw new Error('The tiny league has no fixture without a report');
    const name = (button.getAttribute('aria-label') ?? '').replace(/^Delete /, '');
    const stored = await fixturesBetween(name);

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: `Delete ${name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete match' }));
    expect(await screen.findByText('Match deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(shown - 1));
    // 'N matches: R reported, U upcoming, P past with no report': one fewer unreported.
    const unreported = (text: string) =>
      Number(/(\d+) upcoming/.exec(text)?.[1] ?? 0) +
      Number(/(\d+) past with no report/.exec(text)?.[1] ?? 0);
    const total = Number(/^\D*(\d+)/.exec(before)?.[1] ?? 0);
    expect(unreported(count())).toBe(unreported(before) - 1);
    if (!before.startsWith('The first')) expect(count()).toMatch(new RegExp(`^${total - 1} match`));
    expect(await fixturesBetween(name)).toBe(stored - 1);
  });
});
