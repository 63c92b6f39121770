/**
 * JSON bodies read from Node's request (api/http/json-body.ts), over a real Node server:
 * `app.request` in the other tests never has a Node request, so only here do bodies take
 * that way. Every refusal is a JSON detail and changes nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { MAX_BODY_BYTES } from '../../api/app';
import { jsonBody } from '../../api/http/json-body';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers } from '../fixtures/auth';

let t: Awaited<ReturnType<typeof makeTinyLeagueApp>>;
let server: ServerType;
let port: number;
let token: string;

beforeAll(async () => {
  t = await makeTinyLeagueApp();
  token = (await addRoleUsers(t.connection.db)).superAdmin ?? '';
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  body: unknown;
}

/** Sends a request whose body goes out as the given chunks (chunked unless a length is given). */
function send(options: {
  path: string;
  headers?: Record<string, string>;
  chunks: (string | Buffer)[];
  method?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? 'POST',
        headers: { Authorization: `Bearer ${token}`, ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    for (const chunk of options.chunks) request.write(chunk);
    request.end();
  });
}

const teamCount = async () =>
  (
    await t.connection.db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

const newTeam = JSON.stringify({ name: 'Harbour Athletic', location: 'Testshire' });

describe('a JSON body over a Node server', () => {
  it('is read whole, in one piece or in several', async () => {
    const before = Number(await teamCount());
    const whole = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(newTeam)) },
      chunks: [newTeam],
    });
    expect(whole.status).toBe(201);
    expect(whole.body).toMatchObject({ team_name: 'Harbour Athletic' });

    // Chunked, split inside a multi-byte character.
    const accented = Buffer.from(JSON.stringify({ name: 'Atlético Dorf', location: 'Testshire' }));
    const cut = accented.indexOf(Buffer.from('é')) + 1;
    const pieces = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      chunks: [accented.subarray(0, cut), accented.subarray(cut)],
    });
    expect(pieces.status).toBe(201);
    expect(pieces.body).toMatchObject({ team_name: 'Atlético Dorf' });
    expect(Number(await teamCount())).toBe(before + 2);
  });

  it('refuses a body over the limit, said by its length or found while reading, and changes nothing', async () => {
    const before = await teamCount();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), location: 'Testshire' });
    const detail = { detail: `Request body too large (limit ${MAX_BODY_BYTES} bytes)` };
    const declared = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
      chunks: [big],
    });
    expect(declared).toEqual({ status: 413, body: detail });
    const chunked = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json' },
      chunks: [big.slice(0, 1000), big.slice(1000)],
    });
    expect(chunked).toEqual({ status: 413, body: detail });
    expect(await teamCount()).toBe(before);
  });

  it('answers malformed JSON and another media type as before', async () => {
    const malformed = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json' },
      chunks: ['{"name": "Half'],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: expect.stringMatching(/JSON/) });
    const text = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'text/plain' },
      chunks: [newTeam],
    });
    expect(text).toEqual({
      status: 400,
      body: { detail: 'The request body must be JSON, sent with Content-Type: application/json' },
    });
  });

  it('keeps serving after a client leaves half-way through its body', async () => {
    const before = await teamCount();
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/teams',
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Content-Length': '500',
        },
      });
      request.on('error', () => resolve());
      request.write('{"name": "Gone');
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 50);
    });
    const after = await send({
      path: '/api/teams',
      headers: { 'Content-Type': 'application/json' },
      chunks: [JSON.stringify({ name: 'Still Here', location: 'Testshire' })],
    });
    expect(after.status).toBe(201);
    expect(Number(await teamCount())).toBe(Number(before) + 1);
  });
});

describe('jsonBody', () => {
  it('reads JSON from the Node request itself, and hands any other body to Hono', async () => {
    const ways: string[] = [];
    const refuse = (): never => {
      throw new Error('refused');
    };
    const app = new Hono()
      .use(
        jsonBody({
          maxSize: 1000,
          onTooLarge: refuse,
          onCutShort: refuse,
          otherwise: async (_c, next) => {
            ways.push('hono');
            await next();
          },
        }),
      )
      .post('/echo', async (c) => {
        const text = await c.req.text();
        // Hono's WHATWG Request, once built to read the body, is kept on the light one.
        const built = Object.getOwnPropertySymbols(c.req.raw).some(
          (key) => key.description === 'requestCache',
        );
        return c.json({ text, built });
      });
    const echo = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => echo.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/echo`;
    try {
      const asJson = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '[1]',
      });
      expect(await asJson.json()).toEqual({ text: '[1]', built: false });
      const asText = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'hi',
      });
      expect(await asText.json()).toEqual({ text: 'hi', built: true });
      expect(ways).toEqual(['hono']);
    } finally {
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});
