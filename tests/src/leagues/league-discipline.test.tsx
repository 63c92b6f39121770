/**
 * The league page's Discipline tab: cards per player for the page's season,
 * from the real API over the tiny league with cards added.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderPage } from '@/entry-server';
import { DISCIPLINE_ROWS_FIRST, disciplineRanks } from '@/features/leagues/league-discipline';
import { logRequests, withApiMock, type ApiMock } from '../api-mock';
import { setSuspensionRules, showCards } from '../match-cards';
import { renderRoute, useTinyLeagueClock, renderedPage } from '../render';
import { bodyRowCells, expectLink } from '../queries';

/**
 * tl-26's approved results (m1-m4) get cards; m5 is pending and tl-25 has none:
 * - sc.mid: two yellows in m1 (a second yellow: one red) → 2 yellow, 1 red
 * - nt.def: red in m4 → 0, 1
 * - eu.mid: yellows in m2 and m3 → 2, 0
 * - wr.def and nt.mid: a yellow each in m4 → 1, 0 each (level: they share a rank)
 * - nt.fwd: red in m5 (pending) → counts nowhere
 */
async function addCards(api: ApiMock) {
  const { m1, m2, m3, m4, m5 } = api.app.matchIds;
  await showCards(api, m1, { yellow: ['sc.mid', 'sc.mid'] });
  await showCards(api, m2, { yellow: ['eu.mid'] });
  await showCards(api, m3, { yellow: ['eu.mid'] });
  await showCards(api, m4, { yellow: ['wr.def', 'nt.mid'], red: ['nt.def'] });
  await showCards(api, m5, { red: ['nt.fwd'] });
}

const api = withApiMock({ setup: addCards });

/** The bans still to serve at the tiny league's clock (reds, and a second yellow). */
const SUSPENDED_NOW = [
  'North Town Defender (North Town)' +
    'Red card in the match v West Rangers (away), Sat, May 23, 2:00 PM' +
    'Misses 2 matches: v West Rangers (home), Sat, Jun 20, 2:00 PM, and 1 more once the fixtures are set',
  'South City Midfielder (South City)' +
    'Two yellow cards in the match v North Town (away), Sat, May 2, 2:00 PM' +
    'Misses 1 match: v East United (away), Sat, Jun 27, 2:00 PM',
];
const requests = logRequests(api, (_, url) => url.pathname + url.search);

async function openDiscipline() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Discipline' }));
}

function row(over: Partial<Record<string, string | number>>) {
  return {
    player_id: 'p',
    name: 'P',
    team_id: 'north.town',
    team_name: 'North Town',
    yellow_cards: 0,
    red_cards: 0,
    ...over,
  };
}

describe('the Discipline tab', () => {
  it("lists the season's cards per player: most reds, then most yellows, then by name", async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26', { api });
    await openDiscipline();
    const region = await screen.findByRole('region', { name: 'Discipline, 2026 season' });
    const table = within(region).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Pos', 'Player', 'Team', 'Yellow', 'Red']);
    expect(bodyRowCells(table)).toEqual([
      ['1', 'South City Midfielder', 'South City', '2', '1'],
      ['2', 'North Town Defender', 'North Town', '0', '1'],
      ['3', 'East United Midfielder', 'East United', '2', '0'],
      ['4', 'North Town Midfielder', 'North Town', '1', '0'],
      ['4', 'West Rangers Defender', 'West Rangers', '1', '0'],
    ]);
    expect(requests).toContain('/api/leagues/tl-26/discipline?season=2026');
    // Only the tab's own list: the leaderboards are not loaded for it.
    expect(requests.some((path) => path.includes('/stats'))).toBe(false);
  });

  it('lists who is suspended now: the card, the match it was shown in and the matches missed', async () => {
    useTinyLeagueClock();
    // Three matches for a red: North Town's defender (red in m4) has sat out m5, misses m8
    // and one more not yet fixed; South City's midfielder (second yellow in m1) misses m9.
    await setSuspensionRules(api, 'tl-26', { red_card_matches: 3 });
    onTestFinished(async () => {
      await api.app.connection.db.deleteFrom('league_rules').execute();
    });
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    const section = await screen.findByRole('region', { name: 'Suspended now' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(SUSPENDED_NOW);
    expectLink(section, 'North Town Defender', '/player/nt.def');
  });

  it("links each player to the player's page and each team to the team's page", async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    const table = within(await screen.findByRole('region', { name: /^Discipline/ })).getByRole('table');
    expectLink(table, 'South City Midfielder', '/player/sc.mid');
    expectLink(table, 'South City', '/team/south.city');
    expectLink(table, 'West Rangers Defender', '/player/wr.def');
    expect(within(table).getAllByRole('link', { name: 'North Town' })[0]).toHaveAttribute(
      'href',
      '/team/north.town',
    );
    // The player names each row.
    expect(within(table).getByRole('rowheader', { name: 'North Town Defender' })).toBeInTheDocument();
  });

  it("says 'No cards shown this season' for a season without cards", async () => {
    useTinyLeagueClock();
    await renderRoute('/leagues/tl-25?tab=discipline', { api });
    expect(await screen.findByText('No cards shown this season')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(requests).toContain('/api/leagues/tl-25/discipline?season=2025');
  });

  it('treats an answer without players as empty', async () => {
    useTinyLeagueClock();
    api.server.use(http.get(/\/api\/leagues\/tl-26\/discipline/, () => HttpResponse.json({})));
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    expect(await screen.findByText('No cards shown this season')).toBeInTheDocument();
  });

  it('shows a loading state while the list loads', async () => {
    useTinyLeagueClock();
    api.slowDown(/\/api\/leagues\/tl-26\/discipline/);
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading discipline...');
    expect(await screen.findByRole('region', { name: 'Discipline, 2026 season' })).toBeInTheDocument();
  });

  it("shows 'Server Error ({status}): {detail}' when the list fails, and tries again", async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/leagues\/tl-26\/discipline/);
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server Error (500): boom');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    api.server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Discipline, 2026 season' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it(`shows the first ${DISCIPLINE_ROWS_FIRST} players, then all on request`, async () => {
    useTinyLeagueClock();
    const players = Array.from({ length: 25 }, (_, index) =>
      row({
        player_id: `p${index}`,
        name: `Player ${String(index).padStart(2, '0')}`,
        yellow_cards: 30 - index,
      }),
    );
    api.server.use(http.get(/\/api\/leagues\/tl-26\/discipline/, () => HttpResponse.json({ players })));
    await renderRoute('/leagues/tl-26?tab=discipline', { api });
    const table = within(await screen.findByRole('region', { name: /^Discipline/ })).getByRole('table');
    expect(bodyRowCells(table)).toHaveLength(DISCIPLINE_ROWS_FIRST);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 25 players' }));
    expect(bodyRowCells(table)).toHaveLength(25);
    expect(bodyRowCells(table).at(-1)).toEqual(['25', 'Player 24', 'North Town', '6', '0']);
  });

  it('renders the tab on the server from its address', async () => {
    useTinyLeagueClock();
    const read = async (path: string) => {
      const answer = await api.app.get(path);
      return answer.status === 200 ? answer.body : null;
    };
    const page = renderedPage(await renderPage('/leagues/tl-26?tab=discipline', 'UTC', read));
    expect(page.answers).toHaveProperty(['/api/leagues/tl-26/discipline?season=2026']);
    const root = document.body.appendChild(document.createElement('div'));
    onTestFinished(() => root.remove());
    root.innerHTML = page.html;
    const table = within(root).getByRole('table');
    expect(bodyRowCells(table)[0]).toEqual(['1', 'South City Midfielder', 'South City', '2', '1']);
  });
});

describe('disciplineRanks', () => {
  it('gives players level on reds and yellows the same rank and skips the places they share', () => {
    expect(
      disciplineRanks([
        row({ red_cards: 2 }),
        row({ red_cards: 1, yellow_cards: 3 }),
        row({ red_cards: 1, yellow_cards: 3 }),
        row({ red_cards: 1, yellow_cards: 1 }),
        row({ yellow_cards: 1 }),
        row({ yellow_cards: 1 }),
        row({ yellow_cards: 1 }),
        row({}),
      ]),
    ).toEqual([1, 2, 2, 4, 5, 5, 5, 8]);
    expect(disciplineRanks([])).toEqual([]);
  });
});
