/**
 * The squad tab's suspension badge: loaded in the browser after the page
 * runs (the server's render never waits for it), 'Suspended' on screen with the
 * matches still to serve and the reason for assistive technology and as a tooltip.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderPage } from '@/entry-server';
import { logRequests, withApiMock } from '../api-mock';
import { renderRoute, useTinyLeagueClock, renderedPage } from '../render';
import { addSuspensions, FORWARD_BAN, MIDFIELDER_BAN } from './suspension-cards';

const api = withApiMock({ setup: addSuspensions });
const reads = logRequests(api, (request, url) => (request.method === 'GET' ? url.pathname : undefined));

async function openSquad() {
  await renderRoute('/team/north.town', { api });
  await screen.findByRole('heading', { level: 1, name: 'North Town' });
  const panel = screen.getByRole('tabpanel');
  await within(panel).findByRole('heading', { name: 'Forwards' });
  return panel;
}

describe('Squad tab suspensions', () => {
  it("marks a suspended player 'Suspended', with the matches left and the reason in the badge's text", async () => {
    useTinyLeagueClock();
    const panel = await openSquad();
    const forward = await within(panel).findByRole('link', {
      name: `Number 9 North Town Forward Forward ${FORWARD_BAN}`,
    });
    const badge = within(forward).getByTitle(FORWARD_BAN);
    // On screen the one word; the rest is read out (and shown as the tooltip).
    expect(badge).toHaveTextContent(FORWARD_BAN);
    expect(badge.firstChild?.textContent).toBe('Suspended');
    expect(
      within(panel).getByRole('link', {
        name: `Number 8 North Town Midfielder Midfielder ${MIDFIELDER_BAN}`,
      }),
    ).toBeInTheDocument();
    // Nobody else.
    expect(within(panel).getAllByTitle(/^Suspended/)).toHaveLength(2);
    expect(
      within(panel).getByRole('link', { name: 'Number 1 North Town Keeper Goalkeeper' }),
    ).toBeInTheDocument();
    expect(reads.filter((path) => path === '/api/teams/north.town/suspensions')).toHaveLength(1);
  });

  it('shows the squad without badges when the suspensions fail to load', async () => {
    useTinyLeagueClock();
    api.failGet(/\/api\/teams\/north\.town\/suspensions$/);
    const panel = await openSquad();
    // The failure is logged as it settles; look once the screen has had it.
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith(expect.objectContaining({ status: 500 })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(
      within(panel).getByRole('link', { name: 'Number 9 North Town Forward Forward' }),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/Suspended/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("sends a browser opening the League tab's address to the league's page", async () => {
    const read = async (path: string) => {
      const answer = await api.app.get(path);
      return answer.status === 200 ? answer.body : null;
    };
    const team = (await api.app.get('/api/teams/north.town')).body as { league_id: string };
    const league = team.league_id.split(':').pop() ?? '';
    expect(await renderPage('/team/north.town?tab=League', 'UTC', read)).toEqual({
      redirect: `/leagues/${encodeURIComponent(league)}`,
    });
  });

  it('is rendered on the server without the suspensions: the first paint does not wait for them', async () => {
    const asked: string[] = [];
    const read = async (path: string) => {
      asked.push(path);
      const answer = await api.app.get(path);
      return answer.status === 200 ? answer.body : null;
    };
    const page = renderedPage(await renderPage('/team/north.town', 'UTC', read));
    expect(page.answers).toHaveProperty('/api/teams/north.town/roster');
    expect(asked.filter((path) => path.includes('suspensions'))).toEqual([]);
    const root = document.body.appendChild(document.createElement('div'));
    onTestFinished(() => root.remove());
    root.innerHTML = page.html;
    expect(root.textContent).toContain('North Town Forward');
    expect(root.textContent).not.toContain('Suspended');
  });
});
