import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { STAT_ROWS_FIRST, StatList } from '@/components/stat-list';
import type { LeaderRow } from '@/lib/api-types';

const rows = (count: number): LeaderRow[] =>
  Array.from({ length: count }, (_, index) => ({
    player_id: `p${index + 1}`,
    name: `Player ${index + 1}`,
    position: 'Forward',
    team: 'North Town',
    photo_id: null,
    count: count - index,
  }));

function renderList(list: LeaderRow[]) {
  render(
    <MemoryRouter>
      <StatList rows={list} statLabel="goals" />
    </MemoryRouter>,
  );
  return within(screen.getByRole('list'));
}

describe('a leaderboard', () => {
  it('starts with its first rows and shows the rest on request, ranks unchanged', async () => {
    const list = renderList(rows(STAT_ROWS_FIRST + 5));
    expect(list.getAllByRole('listitem')).toHaveLength(STAT_ROWS_FIRST);
    await userEvent.click(screen.getByRole('button', { name: `Show all ${STAT_ROWS_FIRST + 5} players` }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(STAT_ROWS_FIRST + 5);
    expect(items.at(-1)).toHaveTextContent(`${STAT_ROWS_FIRST + 5}Player ${STAT_ROWS_FIRST + 5}`);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('shows a short list whole, with no button', () => {
    const list = renderList(rows(STAT_ROWS_FIRST));
    expect(list.getAllByRole('listitem')).toHaveLength(STAT_ROWS_FIRST);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
