/**
 * useApi on a page the server rendered: the hydrating render shows the
 * answers the page carries and loads nothing; another path, a reload, or any screen
 * once the answers are dropped load as usual.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '@/hooks/use-api';
import { setHydrationAnswers } from '@/lib/server-answers';
import { withApiMock } from '../api-mock';

withApiMock();

afterEach(() => setHydrationAnswers(null));

const SERVED = { leagues: [{ league_id: 'served', league_name: 'From the page' }] };

describe('useApi with the answers of a rendered page', () => {
  it('starts from the served answer and sends nothing for it', async () => {
    setHydrationAnswers({ '/api/leagues': SERVED });
    const fetching = vi.spyOn(globalThis, 'fetch');
    const { result } = renderHook(() => useApi<typeof SERVED>('/api/leagues'));
    expect(result.current.loading).toBe(false);
    expect(result.current.data).toEqual(SERVED);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetching).not.toHaveBeenCalled();
    fetching.mockRestore();
  });

  it('loads afresh on a reload, for another path, and once the answers are dropped', async () => {
    setHydrationAnswers({ '/api/leagues': SERVED });
    const { result, rerender } = renderHook(
      ({ path }) => useApi<{ leagues: { league_id: string }[] }>(path),
      {
        initialProps: { path: '/api/leagues' },
      },
    );
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data?.leagues.map((l) => l.league_id)).toContain('tl-26'));

    rerender({ path: '/api/leagues?season=2025' });
    await waitFor(() => expect(result.current.data?.leagues.map((l) => l.league_id)).toEqual(['tl-25']));

    setHydrationAnswers(null);
    const later = renderHook(() => useApi<typeof SERVED>('/api/leagues'));
    expect(later.result.current.loading).toBe(true);
    await waitFor(() => expect(later.result.current.data?.leagues[0]?.league_id).not.toBe('served'));
  });
});
