/**
 * Visible freshness: the offline banner, 'Last updated …' for answers the worker
 * served from its store, and screens updating in place when the worker reports
 * fresher data. The worker's answers are imitated with MSW (its headers) and its
 * messages with the page-side event bus it feeds.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime } from '@/lib/format';
import { CACHED_AT_HEADER, REVALIDATING_HEADER } from '@/offline/read-cache';
import { emitReadEvent } from '@/offline/read-events';
import { withApiMock } from '../api-mock';
import { renderRoute } from '../render';

let online = true;
let tableLoads = 0;

function setOnline(value: boolean): void {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(async () => {
  online = true;
  tableLoads = 0;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
const api = withApiMock({ perTest: true });

const TABLE = '/api/leagues/tl-26/table';

/**
 * The banner's grace before it shows an age is a timeout: advanced rather than waited out.
 * Only timeouts are faked, and they still run in real time, so the API, the stores and
 * React go on as before.
 */
function graceOnFakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
}

/** The league table as the worker would answer it from its store, stored `ageMs` ago. */
function storedTable(ageMs: number, revalidating: boolean, teamName = 'North Town') {
  api.server.use(
    http.get(`*${TABLE}`, () => {
      tableLoads += 1;
      return HttpResponse.json(
        {
          standings: [
            {
              position: 1,
              team_id: 'north.town',
              team_name: teamName,
              team_logo: null,
              played: 1,
              won: 1,
              drawn: 0,
              lost: 0,
              goals_for: 2,
              goals_against: 0,
              goal_difference: 2,
              points: 3,
              form: ['W'],
            },
          ],
        },
        {
          headers: {
            [CACHED_AT_HEADER]: String(Date.now() - ageMs),
            ...(revalidating && { [REVALIDATING_HEADER]: '1' }),
          },
        },
      );
    }),
  );
}

describe('offline banner and freshness', () => {
  it('shows the offline banner while the network is gone', async () => {
    await renderRoute('/teams', { api });
    expect(screen.queryByText('You are offline.')).not.toBeInTheDocument();
    setOnline(false);
    expect(await screen.findByText('You are offline.')).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(screen.queryByText('You are offline.')).not.toBeInTheDocument());
  });

  it("says 'Last updated …' offline for a screen shown from the offline store", async () => {
    storedTable(5 * 60_000, false);
    online = false;
    await renderRoute('/leagues/tl-26', { api });
    expect(await screen.findByText('Last updated 5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('You are offline.')).toBeInTheDocument();
  });

  it('online, shows the age only while the check with the server takes long, and drops it when confirmed', async () => {
    graceOnFakeTimers();
    storedTable(3 * 3_600_000, true);
    await renderRoute('/leagues/tl-26', { api });
    await screen.findByText('North Town');
    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(
      await screen.findByText('Last updated 3 hours ago', undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    act(() => emitReadEvent({ type: 'read-confirmed', key: `${TABLE}?season=2026` }));
    await waitFor(() => expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument());
  });

  it('online, says nothing of an answer stored within the last minute', async () => {
    graceOnFakeTimers();
    storedTable(20_000, true);
    await renderRoute('/leagues/tl-26', { api });
    await screen.findByText('North Town');
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(screen.queryByText(/^Last updated/)).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('updates a screen in place when the worker has fresher data, without a loading state', async () => {
    storedTable(60_000, true);
    await renderRoute('/leagues/tl-26', { api });
    await screen.findByText('North Town');
    const loads = tableLoads;
    storedTable(0, false, 'North Town Renamed');
    act(() => emitReadEvent({ type: 'read-updated', key: `${TABLE}?season=2026` }));
    // The old table stays until the new one is there.
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(await screen.findByText('North Town Renamed')).toBeInTheDocument();
    expect(tableLoads).toBe(loads + 1);
  });

  it('ignores updates for other paths', async () => {
    storedTable(60_000, false);
    await renderRoute('/leagues/tl-26', { api });
    await screen.findByText('North Town');
    const loads = tableLoads;
    act(() => emitReadEvent({ type: 'read-updated', key: '/api/leagues/other/table?season=2026' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tableLoads).toBe(loads);
  });

  it('words ages the way people say them', () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    expect(formatRelativeTime(now - 20_000, now)).toBe('just now');
    expect(formatRelativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2 hours ago');
    expect(formatRelativeTime(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(formatRelativeTime(now + 5000, now)).toBe('just now');
  });
});
