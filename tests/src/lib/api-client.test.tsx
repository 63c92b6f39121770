import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, setSessionEndedHandler } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { withApiMock } from '../api-mock';
import { addUser, tokenFor } from '../../fixtures/auth';

const api = withApiMock();
afterEach(() => {
  localStorage.clear();
});

describe('the API client', () => {
  it('reads JSON from the API', async () => {
    const body = await apiJson<{ teams: { team_id: string }[] }>('/api/teams');
    expect(body.teams.map((team) => team.team_id)).toContain('north.town');
  });

  it('turns an error answer into ApiError with the server detail', async () => {
    const error = await apiJson('/api/teams/ghost.fc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).detailText('fallback')).toBe('Team not found');
  });

  it('caches GETs only when asked, for 5 minutes', async () => {
    let calls = 0;
    api.server.use(
      http.get(/\/api\/leagues$/, () => {
        calls += 1;
        return HttpResponse.json({ leagues: [] });
      }),
    );
    await apiJson('/api/leagues', { cache: true });
    await apiJson('/api/leagues', { cache: true });
    expect(calls).toBe(1);
    await apiJson('/api/leagues');
    expect(calls).toBe(2);
  });

  it('refreshes an expired token once and retries', async () => {
    const { db } = api.app.connection;
    await addUser(db, { id: 'client.coach', user_type: 'coach', team_id: 'north.town' });
    const stale = await tokenFor(db, 'client.coach', new Date('2026-06-15T10:00:00Z')); // expired at NOW
    storage.setToken(stale);
    const me = await apiJson<{ user: { id: string } }>('/api/auth/me');
    expect(me.user.id).toBe('client.coach');
    expect(storage.token()).not.toBe(stale);
  });

  it("sends no authenticated call without a stored token: 'No authentication token found'", async () => {
    const sent: string[] = [];
    api.server.events.on('request:start', ({ request }) => sent.push(new URL(request.url).pathname));
    try {
      const error = await apiJson('/api/teams', { method: 'POST', body: {}, auth: true }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, message: 'No authentication token found' });
      expect((error as ApiError).detailText('fallback')).toBe('No authentication token found');
      expect(sent).toEqual([]);
    } finally {
      api.server.events.removeAllListeners();
    }
  });

  it('ends the session when the refresh fails', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    storage.setToken('not-a-token');
    await expect(apiJson('/api/auth/me')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
