import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

const api = withApiMock();

describe('coach profile', () => {
  it('shows the coach with role, photo and current team', async () => {
    api.slowDown(/\/api\/coaches\//);
    await renderRoute('/coach/nt-coach', { api });
    expect(await screen.findByText('Loading Coach Profile...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'North Town Coach' })).toBeInTheDocument();
    expect(screen.getByText('Head Coach')).toBeInTheDocument();
    // The photo loads once mounted (components/images.tsx).
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'North Town Coach' })).toHaveAttribute(
        'src',
        '/api/images/coaches/nt.coach.svg?box=112',
      ),
    );
    expect(screen.getByRole('link', { name: 'Current Team: North Town' })).toHaveAttribute(
      'href',
      '/team/north.town',
    );
    // The fixture coach has no bio: no Bio card.
    expect(screen.queryByRole('heading', { name: 'Bio' })).not.toBeInTheDocument();
  });

  it('shows a Bio card when the coach has a bio', async () => {
    await api.app.connection.db
      .updateTable('coaches')
      .set({ bio: 'Twenty years on the touchline.' })
      .where('id', '=', 'sc.coach')
      .execute();
    await renderRoute('/coach/sc-coach', { api });
    expect(await screen.findByRole('heading', { name: 'Bio' })).toBeInTheDocument();
    expect(screen.getByText('Twenty years on the touchline.')).toBeInTheDocument();
  });

  it("shows 'No coach found with ID: …' for an unknown coach", async () => {
    await renderRoute('/coach/nobody-here', { api });
    expect(await screen.findByText('No coach found with ID: nobody.here')).toBeInTheDocument();
  });

  it("shows 'No coach found with ID: …' when the list has no matching coach", async () => {
    api.server.use(http.get(/\/api\/coaches\/wr-coach$/, () => HttpResponse.json([])));
    await renderRoute('/coach/wr-coach', { api });
    expect(await screen.findByText('No coach found with ID: wr.coach')).toBeInTheDocument();
  });

  it("shows 'Error loading data: Failed to fetch coach data' when the fetch fails", async () => {
    api.failGet(/\/api\/coaches\/eu-coach$/);
    await renderRoute('/coach/eu-coach', { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading data: Failed to fetch coach data',
    );
  });
});
