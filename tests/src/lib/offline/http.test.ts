/**
 * The HTTP pieces shared by the API client, the outbox and the service worker:
 * request headers, the refresh exchange and the error detail.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  REFRESH_TOKEN_PATH,
  detailText,
  exchangeToken,
  readErrorBody,
  readErrorDetail,
  requestHeaders,
} from '@/offline/http';

function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('requestHeaders', () => {
  it('asks for JSON and adds only what is given', () => {
    expect(requestHeaders()).toEqual({ Accept: 'application/json' });
    expect(requestHeaders({ token: null, idempotencyKey: '' })).toEqual({ Accept: 'application/json' });
  });

  it('sends a JSON body with the bearer token and the Idempotency-Key, over extra headers', () => {
    expect(
      requestHeaders({
        token: 't1',
        json: true,
        idempotencyKey: 'k1',
        headers: { 'X-Extra': '1', Authorization: 'Basic no', Accept: 'text/plain' },
      }),
    ).toEqual({
      Accept: 'text/plain',
      'X-Extra': '1',
      'Content-Type': 'application/json',
      Authorization: 'Bearer t1',
      'Idempotency-Key': 'k1',
    });
  });
});

describe('exchangeToken', () => {
  it('posts the token to the refresh endpoint and returns the new one with the user', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json({ access_token: 't2', user: { id: 'u1' } }),
    );
    expect(await exchangeToken('t1', fetch)).toEqual({ token: 't2', user: { id: 'u1' } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(REFRESH_TOKEN_PATH);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ token: 't1' }));
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('resolves null when the session is gone, the answer has no token, or there is no network', async () => {
    expect(await exchangeToken('t1', async () => json({ detail: 'Session ended' }, 401))).toBeNull();
    expect(await exchangeToken('t1', async () => json({ token_type: 'bearer' }))).toBeNull();
    expect(await exchangeToken('t1', async () => new Response('not json'))).toBeNull();
    expect(
      await exchangeToken('t1', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBeNull();
  });

  it('leaves the user out when the server sent none', async () => {
    expect(await exchangeToken('t1', async () => json({ access_token: 't2' }))).toEqual({ token: 't2' });
  });
});

describe('error detail', () => {
  it('reads the body and its detail, string or feed message', async () => {
    expect(await readErrorBody(json({ detail: 'Match not found' }, 404))).toEqual({
      text: '{"detail":"Match not found"}',
      detail: 'Match not found',
    });
    expect(await readErrorBody(new Response('oops', { status: 500 }))).toEqual({
      text: 'oops',
      detail: undefined,
    });
    expect(await readErrorBody(new Response(null, { status: 502 }))).toEqual({ text: '', detail: undefined });
    expect(detailText('Refused')).toBe('Refused');
    expect(detailText({ message: 'Feed down' })).toBe('Feed down');
    expect(detailText('')).toBeUndefined();
    expect(detailText({ code: 1 })).toBeUndefined();
    expect(detailText(null)).toBeUndefined();
  });

  it('falls back to the status line', async () => {
    expect(await readErrorDetail(json({ detail: 'Score too high' }, 400))).toBe('Score too high');
    expect(await readErrorDetail(json({ detail: { message: 'Feed down' } }, 502))).toBe('Feed down');
    expect(await readErrorDetail(new Response('<html>', { status: 503, statusText: 'Unavailable' }))).toBe(
      '503 Unavailable',
    );
    expect(await readErrorDetail(json(null, 409))).toBe('409');
  });
});
