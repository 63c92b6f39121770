/**
 * The Table tab's league-rules additions: deduction markers with their notes, and a row's
 * explanation of why it sits above the next, over table answers shaped as the API's.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Deduction, StandingRow } from '@/lib/api-types';
import type { PlaceReason } from '@/features/leagues/place-reason';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';
import { expectLink } from '../queries';

const api = withApiMock();

function standing(position: number, team_name: string, points: number, extra: Partial<StandingRow> = {}) {
  const team_id = team_name.toLowerCase().replaceAll(' ', '.');
  return {
    position,
    team_id,
    team_name,
    played: 20,
    wins: 12,
    draws: 4,
    losses: 4,
    goals_for: 30,
    goals_against: 20,
    goal_difference: 10,
    points,
    deducted: 0,
    logo: null,
    ...extra,
  } satisfies StandingRow;
}

const STANDINGS = [
  standing(1, 'Riverside Rovers', 43),
  standing(2, 'Eastside United', 40, { deducted: 3, goal_difference: 12 }),
  standing(3, 'Northgate', 40, { goal_difference: 9 }),
  standing(4, 'Southport Athletic', 40, { goal_difference: 9 }),
  standing(5, 'Westside Wanderers', 31),
  standing(5, 'Hilltop', 31),
];

const DEDUCTIONS: Deduction[] = [
  {
    id: 7,
    league_id: 'tl-26',
    team_id: 'eastside.united',
    team_name: 'Eastside United',
    points: 2,
    reason: 'Fielded an ineligible player',
    created_at: '2026-03-01T10:00:00.000Z',
  },
  {
    id: 9,
    league_id: 'tl-26',
    team_id: 'eastside.united',
    team_name: 'Eastside United',
    points: 1,
    reason: 'Late fixture return',
    created_at: '2026-04-01T10:00:00.000Z',
  },
];

const REASONS: (PlaceReason | null)[] = [
  { criterion: 'points', above: 43, below: 40, level_on_points: null },
  { criterion: 'goal_difference', above: 12, below: 9, level_on_points: 40 },
  { criterion: 'head_to_head_points', above: 4, below: 1, level_on_points: 40 },
  { criterion: 'points', above: 40, below: 31, level_on_points: null },
  null,
  null,
];

function answerWith(body: JsonBodyType) {
  api.server.use(http.get(/\/api\/leagues\/tl-26\/table/, () => HttpResponse.json(body)));
}

async function openTable() {
  await renderRoute('/leagues/tl-26', { api });
  return screen.findByRole('table');
}

/** Each body row's text, one string a row. */
function rowTexts(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);
}

describe('the league table with deductions and reasons', () => {
  it('marks deducted points and lists each deduction under the table, outside the scrolling region', async () => {
    answerWith({ standings: STANDINGS, deductions: DEDUCTIONS, reasons: REASONS });
    useTinyLeagueClock();
    const table = await openTable();
    const eastside = within(table).getByRole('rowheader', { name: 'Eastside United' }).closest('tr');
    if (!eastside) throw new Error('no row for Eastside United');
    const marker = within(eastside).getByRole('link', { name: '3 points deducted' });
    expect(marker).toHaveTextContent('*');
    expect(marker).toHaveAttribute('href', '#league-deduction-7');
    expect(marker.closest('td')).toHaveTextContent(/^40\*$/);
    // Only the team with a deduction is marked.
    expect(within(table).getAllByRole('link', { name: /deducted/ })).toHaveLength(1);

    const notes = screen.getByRole('list', { name: 'Points deductions' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/^\*/, '')),
    ).toEqual([
      'Eastside United: 2 points deducted – Fielded an ineligible player',
      'Eastside United: 1 point deducted – Late fixture return',
    ]);
    expect(document.getElementById('league-deduction-7')).toBe(within(notes).getAllByRole('listitem')[0]);
    const region = screen.getByRole('region', { name: 'League table, 2026 season' });
    expect(region).toContainElement(table);
    expect(region).not.toContainElement(notes);
  });

  it('explains each place in a row under it: points, goal difference, head to head, a shared position', async () => {
    answerWith({ standings: STANDINGS, deductions: DEDUCTIONS, reasons: REASONS });
    useTinyLeagueClock();
    const table = await openTable();
    const explain = async (name: RegExp) => {
      const button = within(table).getByRole('button', { name });
      await userEvent.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const row = button.closest('tr')?.nextElementSibling;
      expect(row).toHaveAttribute('id', button.getAttribute('aria-controls'));
      return row?.textContent;
    };

    expect(await explain(/^1: why Riverside Rovers is above Eastside United$/)).toBe(
      'Ahead of Eastside United on points: 43 vs 40.',
    );
    expect(await explain(/^2: why Eastside United/)).toBe(
      'Level on 40 points with Northgate; ahead on goal difference +12 vs +9.',
    );
    expect(await explain(/^3: why Northgate/)).toBe(
      'Level on 40 points with Southport Athletic; ahead on head-to-head points 4 vs 1.',
    );
    expect(await explain(/^5: why Westside Wanderers is above Hilltop$/)).toBe(
      'Level with Hilltop on every tie-breaker: they share position 5.',
    );
    // One explanation at a time: opening one closed the others.
    expect(within(table).getAllByRole('button', { expanded: true })).toHaveLength(1);
    expect(rowTexts(table)).toHaveLength(STANDINGS.length + 1);

    // The last row has nothing below it to explain.
    const last = within(table).getByRole('rowheader', { name: 'Hilltop' }).closest('tr');
    if (!last) throw new Error('no row for Hilltop');
    expect(within(last).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button')).toHaveLength(STANDINGS.length - 1);
    // The team name stays a link to the team.
    expectLink(table, 'Northgate', '/team/northgate');
  });

  it('opens and closes an explanation by tap and by keyboard', async () => {
    answerWith({ standings: STANDINGS, deductions: DEDUCTIONS, reasons: REASONS });
    useTinyLeagueClock();
    const table = await openTable();
    const button = within(table).getByRole('button', { name: /^1: why Riverside Rovers/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByText('Ahead of Eastside United on points: 43 vs 40.')).not.toBeInTheDocument();

    await userEvent.click(button);
    expect(screen.getByText('Ahead of Eastside United on points: 43 vs 40.')).toBeInTheDocument();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Ahead of Eastside United on points: 43 vs 40.')).not.toBeInTheDocument();
    expect(rowTexts(table)).toHaveLength(STANDINGS.length);

    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Ahead of Eastside United on points: 43 vs 40.')).toBeInTheDocument();
    await userEvent.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Ahead of Eastside United on points: 43 vs 40.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(within(table).getByRole('link', { name: 'Riverside Rovers' })).toHaveFocus();
  });

  it('shows an answer from before deductions and reasons (a cached copy) as it was', async () => {
    const [first, second, third] = STANDINGS.slice(3);
    if (!first || !second || !third) throw new Error('too few rows');
    // The oldest answers have no `deducted` either.
    const { deducted: _, ...withoutDeducted } = standing(1, 'Old Town', 50);
    answerWith({ standings: [withoutDeducted, { ...first, deducted: 2, position: 2 }, second, third] });
    useTinyLeagueClock();
    const table = await openTable();
    expect(rowTexts(table)).toHaveLength(4);
    expect(within(table).getByRole('rowheader', { name: 'Old Town' })).toBeInTheDocument();
    // Points still marked, with no note to link to.
    expect(within(table).getByRole('img', { name: '2 points deducted' })).toHaveTextContent('*');
    expect(within(table).queryByRole('link', { name: /deducted/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Points deductions' })).not.toBeInTheDocument();
    // Without reasons only a shared position can be explained.
    expect(
      within(table)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['5: why Westside Wanderers is above Hilltop']);
    await userEvent.click(within(table).getByRole('button'));
    expect(
      screen.getByText('Level with Hilltop on every tie-breaker: they share position 5.'),
    ).toBeInTheDocument();
  });

  it("explains a place from the API's own answer", async () => {
    useTinyLeagueClock();
    const table = await openTable();
    await userEvent.click(
      within(table).getByRole('button', { name: '1: why North Town is above South City' }),
    );
    expect(screen.getByText('Ahead of South City on points: 4 vs 3.')).toBeInTheDocument();
  });

  it('treats null deductions and reasons as none', async () => {
    answerWith({ standings: STANDINGS.slice(0, 2), deductions: null, reasons: null });
    useTinyLeagueClock();
    const table = await openTable();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Points deductions' })).not.toBeInTheDocument();
  });
});
