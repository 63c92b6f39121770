import { Hono } from 'hono';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { onError } from '../../api/errors';
import { MAX_BODY_BYTES } from '../../api/app';
import { makeTestApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTestApp(), { perTest: true });

describe('the API app', () => {
  it('answers the health check from the database', async () => {
    const response = await t.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/', '/api/teams/x/y/z/w']) {
      const response = await t.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toEqual({ detail: expect.stringContaining('Not found') });
    }
  });

  it('sends security headers', async () => {
    const response = await t.app.request('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('refuses bodies over the limit with 413 and a JSON detail', async () => {
    const response = await t.app.request('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(MAX_BODY_BYTES + 1) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('too large') });
  });

  it('turns an unexpected failure into a 500 that reveals nothing', async () => {
    await t.connection.close(); // the database is gone: the health query throws
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await t.app.request('/api/health');
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ detail: 'Internal server error' });
      expect(errors).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});

describe('errors of the PostgreSQL store', () => {
  it('answers text PostgreSQL cannot hold (NUL) with a 400, not a 500', async () => {
    const app = new Hono();
    app.onError(onError);
    app.get('/nul', () => {
      throw Object.assign(
        new pg.DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 0, 'error'),
        {
          code: '22021',
        },
      );
    });
    const response = await app.request('/nul');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: 'Text must not contain NUL characters' });
  });
});
