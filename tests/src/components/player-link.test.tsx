import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PlayerLink } from '@/components/player-link';
import { logRequests, withApiMock } from '../api-mock';

const api = withApiMock();
const requests = logRequests(api, (_, url) => url.pathname);

function show(props: Parameters<typeof PlayerLink>[0]) {
  return render(
    <MemoryRouter>
      <PlayerLink {...props} />
    </MemoryRouter>,
  );
}

describe('PlayerLink', () => {
  it("loads the player's name, showing 'Loading...' meanwhile, and links to the player page", async () => {
    show({ playerId: 'nt.fwd' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'North Town Forward' })).toHaveAttribute(
      'href',
      '/player/nt.fwd',
    );
    expect(requests).toEqual(['/api/players/nt.fwd']);
  });

  it('serves a repeated player from the in-memory cache', async () => {
    show({ playerId: 'sc.gk' });
    await screen.findByRole('link', { name: 'South City Keeper' });
    show({ playerId: 'sc.gk' });
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'South City Keeper' })).toHaveLength(2));
    expect(requests).toEqual(['/api/players/sc.gk']);
  });

  it('cleans brackets and quotes from the id', async () => {
    show({ playerId: ' ["nt.gk"] ' });
    expect(await screen.findByRole('link', { name: 'North Town Keeper' })).toHaveAttribute(
      'href',
      '/player/nt.gk',
    );
  });

  it("says 'No player ID provided' without an id and 'Invalid player ID' for an empty one", () => {
    show({ playerId: null });
    show({ playerId: undefined });
    show({ playerId: "[' ']" });
    expect(screen.getAllByText('No player ID provided')).toHaveLength(2);
    expect(screen.getByText('Invalid player ID')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows a given name without loading, digits removed and whitespace collapsed', () => {
    show({ playerId: 'nt.fwd', name: ' North  Town 9 Forward ' });
    expect(screen.getByRole('link', { name: 'North Town Forward' })).toHaveAttribute(
      'href',
      '/player/nt.fwd',
    );
    expect(requests).toEqual([]);
  });

  it('removes digits from a loaded name', async () => {
    api.server.use(http.get(/\/api\/players\/nt\.def$/, () => HttpResponse.json({ name: 'Sam  10 Stone' })));
    show({ playerId: 'nt.def' });
    expect(await screen.findByRole('link', { name: 'Sam Stone' })).toBeInTheDocument();
  });

  it('derives the name from the id when the load fails', async () => {
    show({ playerId: 'jane.doe7' });
    expect(await screen.findByRole('link', { name: 'Jane Doe' })).toHaveAttribute(
      'href',
      '/player/jane.doe7',
    );
  });

  it("shows 'Unknown Player' when nothing readable is left of the id", async () => {
    api.failGet(/\/api\/players\//);
    show({ playerId: '123' });
    expect(await screen.findByRole('link', { name: 'Unknown Player' })).toHaveAttribute(
      'href',
      '/player/123',
    );
  });
});
