import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { addUser } from '../../fixtures/auth';
import { insertTeam } from '../../fixtures/factory';
import { withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock } from '../render';

const api = withApiMock({
  // A club with no fixtures at all, for the empty next-match block.
  setup: (api) =>
    insertTeam(api.app.connection.db, { team_id: 'quiet.fc', team_name: 'Quiet FC', league_id: 'tl-26' }),
});

/** Waits until every section (next match, result, news, video) has finished loading. */
async function settled() {
  await waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0));
}

const coach = { id: 'u.main.coach', name: 'Casey Coach', user_type: 'coach', team_id: 'north.town' } as const;

describe('signed-in home', () => {
  it("greets the user, offers Logout and shows the team's next match and results panel", async () => {
    useTinyLeagueClock();
    await renderRoute('/main', { api, user: coach });

    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Coach' })).toBeInTheDocument();
    expect(screen.getByText('Good Morning')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Next Match' })).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'Next match' });
    const card = within(next).getByRole('link', { name: /^North Town VS West Rangers / });
    expect(card).toHaveAttribute('href', '/match/8');

    expect(await screen.findByRole('heading', { name: 'Latest Result' })).toBeInTheDocument();
    await settled();
  });

  it('uses the favourite team before the user’s own team', async () => {
    storage.setFavoriteTeam('east.united');
    await renderRoute('/main', { api, user: coach });
    const next = await screen.findByRole('region', { name: 'Next match' });
    expect(await within(next).findByRole('link', { name: /^East United VS South City / })).toHaveAttribute(
      'href',
      '/match/9',
    );
    await settled();
  });

  it("says 'No upcoming matches scheduled' for a team without future matches", async () => {
    await renderRoute('/main', {
      api,
      user: { id: 'u.main.quiet', name: 'Quinn', user_type: 'owner', team_id: 'quiet.fc' },
    });
    expect(await screen.findByText('No upcoming matches scheduled')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Next Match' })).not.toBeInTheDocument();
    await settled();
  });

  it('logs a failed next-match load and shows the empty text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failGet(/\/api\/matches$/);
    await renderRoute('/main', { api, user: coach });
    expect(await screen.findByText('No upcoming matches scheduled')).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to fetch next match', expect.anything()));
    expect(screen.queryByRole('alert', { name: /next match/i })).not.toBeInTheDocument();
    await settled();
  });

  it('sends a signed-in fan with only a favourite team to /', async () => {
    storage.setFavoriteTeam('east.united');
    const { router } = await renderRoute('/main', {
      api,
      user: { id: 'u.main.fan', name: 'Fran Fan', user_type: 'fan', team_id: null },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The open home shows the favourite team's next match instead.
    const next = await screen.findByRole('region', { name: 'Next match' });
    expect(
      await within(next).findByRole('link', { name: /^East United VS South City / }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my favourite team' })).toHaveAttribute(
      'href',
      '/team/east.united',
    );
  });

  it("shows 'Guest' for a user without a name", async () => {
    // The database requires a name; the stored user (what the screen reads) has none.
    await addUser(api.app.connection.db, {
      id: 'u.main.nameless',
      user_type: 'player',
      team_id: 'north.town',
    });
    await renderRoute('/main', {
      api,
      user: { id: 'u.main.nameless', name: '', user_type: 'player', team_id: 'north.town' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest' })).toBeInTheDocument();
    await settled();
  });
});
