/**
 * The outbox from the screens: a match report and a team selection made with no
 * network are kept (with their Idempotency-Key) and said to be saved offline; back
 * online they reach the real API once; the Outbox view lists them with their state,
 * and Retry and Discard (confirmed) act on them. IndexedDB is fake-indexeddb.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineDb } from '@/offline/db';
import { enqueue, listOutbox } from '@/offline/outbox';
import { insertPlayer } from '../../fixtures/factory';
import { type ApiMock, logRequests, withApiMock } from '../api-mock';
import { freshOfflineDbPerTest, putRead } from '../lib/offline/idb';
import { coachOf, renderRoute, useTinyLeagueClock } from '../render';
import { expectLink } from '../queries';

freshOfflineDbPerTest();

let online = true;

function setOnline(value: boolean): void {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

beforeEach(async () => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
const api = withApiMock({ perTest: true });
const writes = logRequests(api, (request, url) =>
  request.method === 'GET'
    ? undefined
    : { line: `${request.method} ${url.pathname}`, key: request.headers.get('Idempotency-Key') },
);

const coach = coachOf('west.rangers');
const id = (key: keyof ApiMock['app']['matchIds']) => String(api.app.matchIds[key]);
const SAVED_OFFLINE = 'Saved offline — will send when back online';

async function storedReport(matchId: string) {
  return api.app.connection.db
    .selectFrom('matches')
    .select(['home_score', 'away_score', 'approved'])
    .where('id', '=', Number(matchId))
    .executeTakeFirstOrThrow();
}

async function fileReport(matchId: string, home: string, away: string) {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Match' }), matchId);
  const homeScore = await screen.findByRole('spinbutton', { name: 'Home score' }, { timeout: 5000 });
  await user.clear(homeScore);
  await user.type(homeScore, home);
  const awayScore = screen.getByRole('spinbutton', { name: 'Away score' });
  await user.clear(awayScore);
  await user.type(awayScore, away);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('staff writes made offline', () => {
  it('queues a match report with no network and sends it once when the network returns', async () => {
    useTinyLeagueClock();
    await renderRoute('/manager/match-report', { api, user: coach });
    await screen.findByRole('combobox', { name: 'Match' });
    setOnline(false);
    await fileReport(id('m7'), '3', '2');

    expect(await screen.findByText(SAVED_OFFLINE)).toHaveAttribute('role', 'status');
    expect(writes).toEqual([]);
    const [queued] = await listOutbox(await offlineDb());
    expect(queued).toMatchObject({
      kind: 'match-report',
      state: 'queued',
      path: `/api/matches/${id('m7')}/report`,
      userId: coach.id,
      body: { home_score: 3, away_score: 2 },
    });
    expect(queued?.label).toContain('West Rangers 3–2 East United');
    // The header leads to it.
    expect(await screen.findByRole('link', { name: 'Outbox, 1 not sent yet' })).toHaveAttribute(
      'href',
      '/outbox',
    );

    setOnline(true);
    await waitFor(async () => expect((await listOutbox(await offlineDb()))[0]?.state).toBe('sent'));
    expect(writes).toEqual([{ line: `POST /api/matches/${id('m7')}/report`, key: queued?.idempotencyKey }]);
    expect(await storedReport(id('m7'))).toEqual({ home_score: 3, away_score: 2, approved: 'PENDING' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Outbox' })).toBeInTheDocument());
  });

  it('keeps a report whose send failed for a network reason, with the key it was sent with', async () => {
    useTinyLeagueClock();
    await renderRoute('/manager/match-report', { api, user: coach });
    api.server.use(http.post('*/api/matches/:id/report', () => HttpResponse.error(), { once: true }));
    await fileReport(id('m7'), '1', '0');
    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    const [queued] = await listOutbox(await offlineDb());
    expect(queued?.idempotencyKey).toBe(writes[0]?.key);

    // The next trigger (here: focus) sends it with the same key; the server applies it once.
    window.dispatchEvent(new Event('focus'));
    await waitFor(async () => expect((await listOutbox(await offlineDb()))[0]?.state).toBe('sent'), {
      timeout: 8000,
    });
    expect(new Set(writes.map((write) => write.key))).toEqual(new Set([queued?.idempotencyKey]));
    expect(await storedReport(id('m7'))).toEqual({ home_score: 1, away_score: 0, approved: 'PENDING' });
  });

  it('says a refused report is refused, as before, and queues nothing', async () => {
    useTinyLeagueClock();
    await renderRoute('/manager/match-report', { api, user: coach });
    api.server.use(
      http.post(
        '*/api/matches/:id/report',
        () => HttpResponse.json({ detail: 'Not today' }, { status: 409 }),
        {
          once: true,
        },
      ),
    );
    await fileReport(id('m7'), '1', '0');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not today');
    expect(await listOutbox(await offlineDb())).toEqual([]);
  });

  it('queues a team selection with no network and says so in a toast', async () => {
    useTinyLeagueClock();
    // A squad needs 7 players; the tiny league's teams have 4.
    for (let i = 0; i < 4; i++) {
      await insertPlayer(api.app.connection.db, {
        id: `wr.p${10 + i}`,
        name: `West Rangers Player ${10 + i}`,
        team_id: 'west.rangers',
        number: 10 + i,
        position: 'Defender',
      });
    }
    await renderRoute('/manager/team-selection', { api, user: coach });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Match' });
    const upcoming = within(select)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value)
      .find((value) => value !== '');
    expect(upcoming).toBeDefined();
    await user.selectOptions(select, upcoming ?? '');
    const boxes = within(await screen.findByRole('group', { name: 'Players' })).getAllByRole('checkbox');
    setOnline(false);
    for (const box of boxes.slice(0, 7)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Team Selection' }));
    expect(await screen.findByText(SAVED_OFFLINE)).toBeInTheDocument();
    const [queued] = await listOutbox(await offlineDb());
    expect(queued).toMatchObject({ kind: 'team-selection', method: 'PUT', state: 'queued' });
    expect((queued?.body as { players: string[] }).players).toHaveLength(7);
    expect(writes).toEqual([]);
  });
});

describe('the Outbox view', () => {
  async function seed() {
    const db = await offlineDb();
    const base = {
      kind: 'match-report' as const,
      method: 'POST' as const,
      body: {},
      userId: coach.id,
      userName: coach.name,
    };
    const failed = await enqueue(db, {
      ...base,
      idempotencyKey: 'k1',
      path: '/api/matches/1/report',
      label: 'North Town 1–0 South City',
    });
    await db.put('outbox', {
      ...failed,
      state: 'failed',
      error: 'This match already has an approved result',
    });
    const sent = await enqueue(db, { ...base, idempotencyKey: 'k2', path: '/x', label: 'Sent one' });
    await db.put('outbox', { ...sent, state: 'sent', sentAt: Date.now() });
  }

  it('lists every item with its state and the server reason, newest first', async () => {
    await seed();
    setOnline(false); // nothing is replayed while the view is checked
    await renderRoute('/outbox', { api, user: coach });
    await screen.findByRole('heading', { name: 'Outbox' });
    const items = await screen.findAllByRole('listitem', { name: /./ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Sent one',
      'North Town 1–0 South City',
    ]);
    expect(within(items[1] as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByText(/This match already has an approved result/),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Sent')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Outbox, 1 not sent yet' })).toBeInTheDocument();
  });

  it('discards only after confirmation, and Retry puts a failed item back in the queue', async () => {
    await seed();
    setOnline(false);
    await renderRoute('/outbox', { api, user: coach });
    const user = userEvent.setup();
    const failed = await screen.findByRole('listitem', { name: 'North Town 1–0 South City' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(within(failed).getByRole('button', { name: 'Discard' }));
    expect(confirm).toHaveBeenCalledWith(
      'Discard this item? It has not reached the server and will be lost.',
    );
    expect(await listOutbox(await offlineDb())).toHaveLength(2);

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await within(failed).findByText('Queued');
    expect((await listOutbox(await offlineDb()))[0]).toMatchObject({ state: 'queued', error: undefined });

    confirm.mockReturnValueOnce(true);
    await user.click(within(failed).getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'North Town 1–0 South City' })).not.toBeInTheDocument(),
    );
    expect((await listOutbox(await offlineDb())).map((item) => item.label)).toEqual(['Sent one']);
  });

  it('says when nothing is waiting', async () => {
    await renderRoute('/outbox', { api });
    expect(await screen.findByText('Nothing waiting to be sent.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Outbox/ })).not.toBeInTheDocument();
  });
});

describe('sessions and the offline store', () => {
  it('asks the author to sign in again when queued items wait for a session', async () => {
    const db = await offlineDb();
    await enqueue(db, {
      kind: 'team-selection',
      method: 'PUT',
      body: { players: [] },
      userId: coach.id,
      userName: coach.name,
      idempotencyKey: 'k1',
      path: '/api/teams/west.rangers/matches/1/roster',
      label: '7 players',
    });
    setOnline(false);
    await renderRoute('/teams', { api });
    expect(
      await screen.findByText('1 queued item will send after Casey Coach signs in again.'),
    ).toBeInTheDocument();
    const bar = (await screen.findByText(/^1 queued item will send/)).closest(
      '[role="status"]',
    ) as HTMLElement;
    expectLink(bar, 'Sign in', '/login');
  });

  it('forgets cached reads, saved teams and the session copy at sign-out, and keeps the outbox', async () => {
    const db = await offlineDb();
    await putRead(db, '/api/teams/west.rangers', 1);
    await db.put('saved', { teamId: 'west.rangers', teamName: 'West Rangers', savedAt: 1, paths: [] });
    await enqueue(db, {
      kind: 'match-report',
      method: 'POST',
      body: {},
      userId: coach.id,
      userName: coach.name,
      idempotencyKey: 'k1',
      path: '/api/matches/1/report',
      label: 'Report',
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    setOnline(false);
    await renderRoute('/teams', { api, user: coach });
    await waitFor(async () => expect(await db.get('meta', 'auth')).toBeDefined());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect([await db.count('reads'), await db.count('saved'), await db.get('meta', 'auth')]).toEqual([
      0,
      0,
      undefined,
    ]);
    expect(await db.count('outbox')).toBe(1);
  });
});
