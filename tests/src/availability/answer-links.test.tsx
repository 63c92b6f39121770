/**
 * Personal answer links, over the real API (tiny league, clock at 15 June): staff copy a
 * player's link from Team Management and revoke it; the link's page lets the player
 * answer without an account, keeps an answer made offline until the connection is back,
 * and says so when the link no longer works.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredUser } from '@/lib/storage';
import { sendRequest } from '../../fixtures/request';
import { withApiMock } from '../api-mock';
import { renderRoute, tokenOf, useTinyLeagueClock } from '../render';

const api = withApiMock();
const ADMIN: StoredUser = { id: 'links.admin', name: 'Sam Admin', user_type: 'super_admin', team_id: null };

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

async function linkOf(playerId: string): Promise<string> {
  const { body } = await sendRequest(api.app.app, 'GET', '/api/teams/north.town/availability-links', {
    token: await tokenOf(api, ADMIN),
  });
  const link = (body as { links: { player_id: string; link: string }[] }).links.find(
    (entry) => entry.player_id === playerId,
  )?.link;
  return new URL(link ?? '').pathname;
}

const answerOf = async (playerId: string) =>
  api.app.connection.db
    .selectFrom('availability')
    .select(['answer', 'note'])
    .where('player_id', '=', playerId)
    .executeTakeFirst();

describe('Answer links on Team Management', () => {
  it('shows each player’s link to copy, and revokes one', async () => {
    const user = userEvent.setup();
    await renderRoute('/manager/team-management', { api, user: ADMIN });
    await user.click(await screen.findByRole('button', { name: /^North Town\b/ }));
    const panel = await screen.findByRole('region', { name: 'Answer links' });
    const [first] = await within(panel).findAllByRole('button', { name: /^Show link for / });
    await user.click(first as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const input = within(panel).getByRole('textbox', { name: /answer link$/ });
    const before = (input as HTMLInputElement).value;
    expect(before).toMatch(/\/availability\/[A-Za-z0-9_-]{43}$/);

    await user.click(within(panel).getByRole('button', { name: /^Revoke link for / }));
    await user.click(within(panel).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/old link no longer works: send the new one$/)).toBeInTheDocument();
    const oldPage = await sendRequest(api.app.app, 'GET', `/api/availability/${before.slice(-43)}`);
    expect(oldPage.status).toBe(401);
  });
});

describe('The page a personal link opens', () => {
  it('lets the player answer without an account', async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    await renderRoute(await linkOf('nt.fwd'), { api });
    expect(await screen.findByRole('heading', { name: /^Can you play, .+\?$/ })).toBeInTheDocument();
    expect(screen.getByText('North Town')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: /v West Rangers$/ });
    await user.type(within(card).getByRole('textbox', { name: 'Note for your coach (optional)' }), 'Knee');
    await user.click(within(card).getByRole('button', { name: 'Unavailable' }));
    expect(await screen.findByText('Answer saved')).toBeInTheDocument();
    expect(await answerOf('nt.fwd')).toEqual({ answer: 'unavailable', note: 'Knee' });
  });

  it('keeps an answer made offline and sends it when the connection is back', async () => {
    useTinyLeagueClock();
    const user = userEvent.setup();
    await renderRoute(await linkOf('nt.gk'), { api });
    const card = await screen.findByRole('article', { name: /v West Rangers$/ });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    await user.click(within(card).getByRole('button', { name: 'Available' }));
    expect(await screen.findByText('Saved offline — will send when back online')).toBeInTheDocument();
    expect(await answerOf('nt.gk')).toBeUndefined();

    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await answerOf('nt.gk')).toEqual({ answer: 'available', note: '' }));
  });

  it('says when the link no longer works', async () => {
    await renderRoute(`/availability/${'z'.repeat(43)}`, { api });
    expect(
      await screen.findByText('This link no longer works: ask your coach for a new one'),
    ).toBeInTheDocument();
  });
});
