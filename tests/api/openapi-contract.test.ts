/**
 * The API document as a contract clients can build on: it validates
 * (swagger-parser), passes redocly's recommended rules as redocly.yaml sets them, names
 * every route of the app under /api and nothing else, and every documented read answers
 * on the demo league, with real ids, what its documented schema says (ajv). The readable
 * reference at /api/docs is served from the app itself.
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString, loadConfig } from '@redocly/openapi-core';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../api/router';
import { CONTENT_SECURITY_POLICY } from '../../api/http/security-headers';
import { DEMO_PASSWORD, seedDemoLeague } from '../../db/seed/demo-league';
import { makeTestApp, TEST_PASSWORD_COST } from '../fixtures/app';
import { tokenFor } from '../fixtures/auth';
import { withFixture } from '../fixtures/hooks';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Response {
  description: string;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response>;
}
type Document = ReturnType<typeof openApiDocument>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const doc = openApiDocument();
const operations: { method: string; url: string; operation: Operation }[] = Object.entries(
  doc.paths as Record<string, Record<string, Operation>>,
).flatMap(([url, item]) =>
  METHODS.flatMap((method) => (item[method] ? [{ method, url, operation: item[method] }] : [])),
);

/** The reads with no parameter, body or token: nothing of theirs can answer a 4xx. */
const NO_4XX = ['getHealth', 'getOpenApiDocument', 'getApiReference'];

describe('the OpenAPI document', () => {
  it('is what /api/openapi.json serves', async () => {
    const t = await makeTestApp();
    try {
      const response = await t.app.request('/api/openapi.json');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
    } finally {
      await t.close();
    }
  });

  it('validates against the OpenAPI 3.0 schema (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("passes redocly's recommended rules as redocly.yaml sets them: no error, no warning", async () => {
    const configPath = path.resolve(import.meta.dirname, '../../redocly.yaml');
    const config = await loadConfig({ configPath });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: path.resolve(import.meta.dirname, '../../openapi.json'),
      config,
    });
    const shown = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
    );
    expect(shown).toEqual([]);
  });

  it('needs redocly.yaml for nothing but the licence, the three reads without a 4xx and one path shaped like another', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: path.resolve(import.meta.dirname, '../../openapi.json'),
      config,
    });
    expect(problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`).sort()).toEqual([
      'info-license #/info',
      'no-ambiguous-paths #/paths/~1api~1matches~1{matchId}~1availability~1{playerId}',
      'operation-4xx-response #/paths/~1api~1docs/get/responses',
      'operation-4xx-response #/paths/~1api~1health/get/responses',
      'operation-4xx-response #/paths/~1api~1openapi.json/get/responses',
    ]);
  });

  it('gives every operation an id, tags it by resource, and documents a 4xx wherever one exists', () => {
    const tags = new Set<string>(doc.tags.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { method, url, operation } of operations) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(operation.operationId ?? ''), `${where}: operationId used twice`).toBe(false);
      ids.add(operation.operationId ?? '');
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${where}: tag ${tag}`).toBe(true);
      // redocly.yaml turns operation-4xx-response off for the three reads that cannot fail so.
      const has4xx = Object.keys(operation.responses).some((code) => code.startsWith('4'));
      expect(has4xx, `${where} documents a 4xx`).toBe(!NO_4XX.includes(operation.operationId ?? ''));
    }
  });

  it('answers every 4xx with the { detail } schema', () => {
    for (const { method, url, operation } of operations) {
      for (const [code, response] of Object.entries(operation.responses)) {
        if (!code.startsWith('4')) continue;
        const where = `${method.toUpperCase()} ${url} ${code}`;
        expect(Object.keys(response.content ?? {}), where).toEqual(['application/json']);
        const schema = response.content?.['application/json']?.schema ?? {};
        const named = ['#/components/schemas/Error', '#/components/schemas/FeedError'].includes(
          String(schema.$ref),
        );
        expect(named || (schema.required as string[] | undefined)?.includes('detail'), where).toBe(true);
      }
    }
  });

  it('declares the bearer scheme on every write and on reads behind a session, and security: [] on the rest', () => {
    const publicWrites = [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/refresh-token',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/invitations/by-token/{token}/accept',
    ];
    for (const { method, url, operation } of operations) {
      const where = `${method.toUpperCase()} ${url}`;
      expect(operation.security, where).toBeDefined();
      if (method !== 'get') {
        expect(operation.security, where).toEqual(publicWrites.includes(url) ? [] : [{ bearer: [] }]);
      } else {
        expect([[], [{ bearer: [] }]], where).toContainEqual(operation.security);
      }
    }
    expect(doc.servers.length).toBeGreaterThan(0);
  });

  it('documents every read with a 304 and every path parameter as required', () => {
    for (const { method, url, operation } of operations) {
      if (method === 'get') expect(operation.responses, url).toHaveProperty('304');
      for (const name of url.match(/\{(\w+)\}/g) ?? []) {
        const parameter = operation.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === name);
        expect(parameter?.required, `${method} ${url} ${name}`).toBe(true);
      }
    }
  });
});

// ---------------------------------------------------------------------------------
// Routes against the document

/** A Hono path's segments: a literal, `:name`, or `:name{regex}`. */
type Segment = { literal: string } | { param: string; pattern?: RegExp };
function routeSegments(route: string): Segment[] {
  return route
    .split('/')
    .slice(1)
    .map((segment) => {
      const param = /^:(\w+)(?:\{(.+)\})?$/.exec(segment);
      if (!param) return { literal: segment };
      return param[2] === undefined
        ? { param: param[1] ?? '' }
        : { param: param[1] ?? '', pattern: new RegExp(`^(?:${param[2]})$`) };
    });
}

/**
 * Whether a documented path is this route: `{x}` stands for a route parameter (names may
 * differ: the document names each position once per URL), and a literal for a literal or
 * for a parameter whose regex takes it (the document spells /api/player/{playerId} for
 * /api/:kind{players?}/:playerId).
 */
function documents(url: string, route: string): boolean {
  const documented = url.split('/').slice(1);
  const segments = routeSegments(route);
  if (documented.length !== segments.length) return false;
  return segments.every((segment, index) => {
    const part = documented[index] ?? '';
    const isParam = /^\{\w+\}$/.test(part);
    if ('literal' in segment) return !isParam && part === segment.literal;
    return isParam || (segment.pattern?.test(part) ?? false);
  });
}

describe('the document and the app', () => {
  const t = withFixture(() => makeTestApp());

  function apiRoutes() {
    const seen = new Map<string, { method: string; path: string }>();
    for (const route of t.app.routes) {
      // Middleware and catch-alls: the body limit, the API's JSON 404 (never an operation).
      if (route.method === 'ALL') {
        expect(route.path, 'an ALL route that is not a wildcard').toMatch(/\*$/);
        continue;
      }
      // The embeds (/embed/…) are HTML pages for club websites, not part of the API.
      if (!route.path.startsWith('/api/')) continue;
      seen.set(`${route.method} ${route.path}`, { method: route.method.toLowerCase(), path: route.path });
    }
    return [...seen.values()];
  }

  it('documents every route the app has under /api', () => {
    const missing = apiRoutes().filter(
      (route) => !operations.some((op) => op.method === route.method && documents(op.url, route.path)),
    );
    expect(missing.map((route) => `${route.method.toUpperCase()} ${route.path}`)).toEqual([]);
  });

  it('documents no operation the app does not have', () => {
    const routes = apiRoutes();
    const extra = operations.filter(
      (op) => !routes.some((route) => route.method === op.method && documents(op.url, route.path)),
    );
    expect(extra.map((op) => `${op.method.toUpperCase()} ${op.url}`)).toEqual([]);
  });

  it('refuses every operation with the bearer scheme without a token (401, as documented)', async () => {
    for (const { method, url, operation } of operations) {
      if ((operation.security ?? []).length === 0) continue;
      expect(operation.responses, `${method} ${url}`).toHaveProperty('401');
      const concrete = url.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x'));
      const response = await t.app.request(concrete, { method: method.toUpperCase() });
      expect(response.status, `${method.toUpperCase()} ${concrete}`).toBe(401);
      expect(await response.json()).toEqual({ detail: expect.any(String) });
    }
  });
});

// ---------------------------------------------------------------------------------
// Every documented read on the demo league

/** OpenAPI 3.0 `nullable` as JSON Schema: the schema, or null. Refs point into `base`. */
function toJsonSchema(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, base));
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable') continue;
    out[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components/schemas/', `${base}#/definitions/`)
        : // properties and definitions are maps of schemas, not schemas
          key === 'properties' || key === 'definitions'
          ? Object.fromEntries(
              Object.entries(value as Schema).map(([name, schema]) => [name, toJsonSchema(schema, base)]),
            )
          : toJsonSchema(value, base);
  }
  if ((node as Schema).nullable !== true) return out;
  const { description, ...rest } = out;
  return { ...(description !== undefined && { description }), anyOf: [rest, { type: 'null' }] };
}

function responseValidator(document: Document) {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: true });
  addFormats(ajv);
  ajv.addSchema({
    $id: 'touchline',
    definitions: toJsonSchema(document.components.schemas, 'touchline') as Schema,
  });
  const compiled = new Map<Schema, ValidateFunction>();
  return (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema, 'touchline') as Schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

const REFERENCE_DATE = new Date('2026-11-22T12:00:00Z');
const CHANNEL_ID = 'UCabcdefghijklmnopqrstuv';
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Club news</title>
<item><title>Derby win</title><link>https://club.example/derby</link>
<description>Three points.</description><pubDate>Sat, 21 Nov 2026 17:00:00 GMT</pubDate></item>
</channel></rss>`;
const VIDEOS = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
 <title>Club</title>
 <entry><id>yt:video:dQw4w9WgXcQ</id><yt:videoId>dQw4w9WgXcQ</yt:videoId>
  <title>Highlights</title><published>2026-11-21T18:00:00+00:00</published></entry>
</feed>`;

/** Feeds for team_news and team_video on 127.0.0.1: nothing leaves this machine. */
async function feedServer() {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const [type, body] =
      pathname === '/rss.xml'
        ? ['application/rss+xml', RSS]
        : pathname === '/yt/feeds/videos.xml'
          ? ['application/atom+xml', VIDEOS]
          : ['text/plain', 'Not found'];
    res.writeHead(body === 'Not found' ? 404 : 200, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('every documented read on the demo league', () => {
  const demo = withFixture(async () => {
    const feeds = await feedServer();
    const t = await makeTestApp({
      now: () => REFERENCE_DATE,
      allowPrivateFeedTargets: true,
      vapidPublicKey:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    });
    const summary = await seedDemoLeague(t.connection.db, {
      referenceDate: REFERENCE_DATE,
      imagesDir: t.imagesDir,
      passwordCost: TEST_PASSWORD_COST,
    });
    // The feed calls read only addresses a team has published: the demo team's are the local feeds.
    await t.connection.db
      .updateTable('teams')
      .set({
        website: `${feeds.base}/rss.xml`,
        youtube_channel: `${feeds.base}/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`,
      })
      .where('team_id', '=', summary.demoTeamId)
      .execute();
    const admin = await t.connection.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'superadmin@touchline.demo')
      .executeTakeFirstOrThrow();
    const token = await tokenFor(t.connection.db, admin.id, REFERENCE_DATE);
    return {
      ...t,
      summary,
      token,
      feeds,
      async close() {
        await t.close();
        await feeds.close();
      },
    };
  });

  async function get(url: string, authorised: boolean, headers: Record<string, string> = {}) {
    return demo.app.request(url, {
      headers: { ...headers, ...(authorised && { Authorization: `Bearer ${demo.token}` }) },
    });
  }

  async function bodyOf(url: string) {
    const response = await get(url, true);
    expect(response.status, url).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  it('answers 200 with a body its documented schema accepts, and 304 to its ETag', async () => {
    const { summary } = demo;
    const team = await bodyOf(`/api/teams/${summary.demoTeamId}`);
    const leagueId = String(team.league_id);
    const league = await bodyOf(`/api/leagues/${leagueId}`);
    const earlier = String(Number(league.season) - 1);
    // A finished season too: its table, leaderboards and calendar are complete.
    const { leagues } = (await bodyOf(`/api/leagues?season=${earlier}`)) as {
      leagues: { league_id: string }[];
    };
    const finished = leagues[0]?.league_id ?? leagueId;

    // An open invitation, for the invitee's view of its link.
    const invited = await demo.app.request('/api/invitations', {
      method: 'POST',
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'invited@example.test', role: 'coach', team_id: summary.demoTeamId }),
    });
    expect(invited.status).toBe(201);
    const invitationToken = String(((await invited.json()) as { link: string }).link.split('/invite/')[1]);

    // A player's personal availability link.
    const links = (await bodyOf(`/api/teams/${summary.demoTeamId}/availability-links`)) as {
      links: { link: string }[];
    };
    const linkToken = links.links[0]?.link.split('/availability/')[1] ?? '';

    /** Real ids of the demo league, by the parameter names the document uses. */
    const values: Record<string, string[]> = {
      token: [invitationToken],
      linkToken: [linkToken],
      leagueId: [leagueId, finished],
      teamId: [summary.demoTeamId],
      matchId: [String(summary.pendingMatchId), String(summary.unreportedMatchId)],
      // GET /api/matches/{id}/reports: the match as its review routes name it
      id: [String(summary.pendingMatchId)],
      home: [summary.demoTeamId],
      away: [summary.opponentTeamId],
      playerId: [summary.playerUserId],
      userId: [summary.coachUserId.replaceAll('.', '-')],
      file: [String(team.logo)],
      table: ['teams', 'users', 'matches'],
    };
    /** The query strings each read is called with (its required parameters, and variants). */
    const variants: Record<string, string[]> = {
      '/api/leagues': ['', '?limit=2', `?season=${earlier}`],
      '/api/teams': ['', '?limit=2', `?league_id=${leagueId}`],
      '/api/matches': ['', '?future=true&limit=3', `?team_id=${summary.demoTeamId}&future=false`],
      '/api/teams/{teamId}/matches': ['', '?past=true&limit=1', '?sort=desc&approved=TRUE'],
      '/api/leagues/{leagueId}/stats.csv': ['?kind=scorers', '?kind=clean_sheets'],
      '/api/search': ['?term=ri', '?term=rovers'],
      '/api/mwpl_news': ['', `?league_id=${leagueId}`],
      '/api/team_news': [`?url=${encodeURIComponent(`${demo.feeds.base}/rss.xml`)}`],
      '/api/team_video': [
        `?channel_url=${encodeURIComponent(`${demo.feeds.base}/yt/feeds/videos.xml?channel_id=${CHANNEL_ID}`)}`,
      ],
      '/api/notifications': ['', '?limit=1'],
      '/api/matches/{matchId}/availability': [`?team_id=${summary.demoTeamId}`],
      '/api/tables/{table}/data': ['', '?page=2'],
    };

    const validatorFor = responseValidator(doc);
    const reads = operations.filter((op) => op.method === 'get');
    const failures: string[] = [];
    let calls = 0;
    for (const { url, operation } of reads) {
      const params = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const queries = variants[url] ?? [''];
      for (const required of (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required)) {
        expect(
          queries.every((q) => new URLSearchParams(q).has(required.name)),
          `${url}: give ${required.name}`,
        ).toBe(true);
      }
      // Every combination of the parameters' values; an enum without real ids: its values.
      let concrete = [url];
      for (const param of params) {
        const options = values[param.name] ?? (param.schema?.enum as string[] | undefined);
        expect(options, `${url}: a value for {${param.name}}`).toBeDefined();
        concrete = concrete.flatMap((u) =>
          (options ?? []).map((value) => u.replace(`{${param.name}}`, encodeURIComponent(value))),
        );
      }
      const authorised = (operation.security ?? []).length > 0;
      const ok = operation.responses['200'];
      const types = Object.keys(ok?.content ?? {});
      for (const base of concrete) {
        for (const search of queries) {
          const target = `${base}${search}`;
          calls += 1;
          const response = await get(target, authorised);
          if (response.status !== 200) {
            failures.push(`${target}: ${response.status} ${await response.text()}`);
            continue;
          }
          const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
          const documented = types.find(
            (t) => t === type || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))),
          );
          if (documented === undefined) {
            failures.push(`${target}: Content-Type ${type}, documented ${types.join(', ')}`);
            continue;
          }
          if (documented === 'application/json') {
            const validate = validatorFor(ok?.content?.[documented]?.schema ?? {});
            const body: unknown = await response.json();
            if (!validate(body)) {
              failures.push(`${target}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
            }
          }
          const etag = response.headers.get('etag');
          if (etag === null) {
            failures.push(`${target}: no ETag`);
            continue;
          }
          const again = await get(target, authorised, { 'If-None-Match': etag });
          if (again.status !== 304) failures.push(`${target}: ${again.status} to its own ETag`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(reads.length);
  });
});

/** The documented operation a request answers: its URL template, with the values filled in. */
function operationAt(method: string, template: string): Operation {
  const operation = (doc.paths as Record<string, Record<string, Operation>>)[template]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not documented`);
  return operation;
}

describe('writes on the demo league', () => {
  const demo = withFixture(async () => {
    const t = await makeTestApp({ now: () => REFERENCE_DATE });
    const summary = await seedDemoLeague(t.connection.db, {
      referenceDate: REFERENCE_DATE,
      imagesDir: t.imagesDir,
      passwordCost: TEST_PASSWORD_COST,
    });
    return { ...t, summary };
  });

  it('answer only documented statuses, with bodies their documented schemas accept', async () => {
    const validatorFor = responseValidator(doc);
    const failures: string[] = [];
    const seen = new Set<string>();

    /** Sends a request to a documented operation and checks the answer against the document. */
    async function call(
      method: 'get' | 'post' | 'put' | 'delete',
      template: string,
      options: {
        params?: Record<string, string | number>;
        search?: string;
        body?: unknown;
        csv?: string;
        /** Sent as multipart/form-data in the field "file" (an upload). */
        file?: Uint8Array;
        token?: string | null;
      } = {},
    ): Promise<{ status: number; body: Record<string, unknown> }> {
      const operation = operationAt(method, template);
      const url =
        template.replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(options.params?.[name])),
        ) + (options.search ?? '');
      const token = options.token === undefined ? admin : options.token;
      const response = await demo.app.request(url, {
        method: method.toUpperCase(),
        headers: {
          ...(token && { Authorization: `Bearer ${token}` }),
          ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
          ...(options.csv !== undefined && { 'Content-Type': 'text/csv' }),
        },
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        ...(options.csv !== undefined && { body: options.csv }),
        ...(options.file !== undefined && { body: picture(options.file) }),
      });
      const where = `${method.toUpperCase()} ${url} ${response.status}`;
      seen.add(`${method} ${template}`);
      const text = await response.text();
      const documented = operation.responses[String(response.status)];
      if (!documented) {
        failures.push(`${where}: status not documented (${text.slice(0, 200)})`);
        return { status: response.status, body: {} };
      }
      const schema = documented.content?.['application/json']?.schema;
      if (schema === undefined) {
        if (text !== '') failures.push(`${where}: a body where none is documented`);
        return { status: response.status, body: {} };
      }
      const body = JSON.parse(text) as Record<string, unknown>;
      const validate = validatorFor(schema);
      if (!validate(body)) failures.push(`${where}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
      return { status: response.status, body };
    }

    const { summary } = demo;
    const db = demo.connection.db;
    const superAdmin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'superadmin@touchline.demo')
      .executeTakeFirstOrThrow();
    const admin = await tokenFor(db, superAdmin.id, REFERENCE_DATE);
    const team = { teamId: summary.demoTeamId };
    const { body: teamBody } = await call('get', '/api/teams/{teamId}', { params: team });
    const league = { leagueId: String(teamBody.league_id) };

    // Accounts and sessions
    const login = await call('post', '/api/auth/login', {
      body: { email: 'superadmin@touchline.demo', password: DEMO_PASSWORD },
      token: null,
    });
    expect(login.status).toBe(200);
    await call('post', '/api/auth/login', {
      body: { email: 'nobody@example.test', password: 'x' },
      token: null,
    });
    const fan = await call('post', '/api/auth/register', {
      body: { name: 'Fran Fan', email: 'fran@example.test', password: 'a long password' },
      token: null,
    });
    expect(fan.status).toBe(201);
    await call('post', '/api/auth/register', {
      body: { name: 'Fran Again', email: 'fran@example.test', password: 'a long password' },
      token: null,
    });
    const fanToken = String(fan.body.access_token);
    const refreshed = await call('post', '/api/auth/refresh-token', {
      body: { token: fanToken },
      token: null,
    });
    const fanNow = String(refreshed.body.access_token);
    await call('post', '/api/auth/change-password', {
      body: { current_password: 'a long password', new_password: 'another long password' },
      token: fanNow,
    });
    await call('post', '/api/auth/change-password', {
      body: { current_password: 'wrong', new_password: 'yet another password' },
      token: fanNow,
    });
    await call('get', '/api/auth/me', { token: fanNow });
    await call('post', '/api/leagues', { body: { league_id: 'x' }, token: fanNow });

    // A league season and its rules
    const cup = { leagueId: 'cup-27' };
    const newCup = {
      league_id: 'cup-27',
      league_name: 'Cup',
      season: '2027',
      status: 'upcoming',
      location: 'Metro',
    };
    // The second time the league exists.
    for (let i = 0; i < 2; i++) await call('post', '/api/leagues', { body: newCup });
    await call('put', '/api/leagues/{leagueId}', {
      params: cup,
      body: { league_name: 'The Cup', status: 'upcoming', location: 'Metro' },
    });
    const rules = await call('get', '/api/leagues/{leagueId}/rules', { params: cup });
    await call('put', '/api/leagues/{leagueId}/rules', { params: cup, body: rules.body });
    await call('put', '/api/leagues/{leagueId}/rules', {
      params: { leagueId: 'no-such-league' },
      body: rules.body,
    });
    const deduction = await call('post', '/api/leagues/{leagueId}/deductions', {
      params: league,
      body: { team_id: summary.demoTeamId, points: 1, reason: 'Late registration' },
    });
    await call('delete', '/api/leagues/{leagueId}/deductions/{id}', {
      params: { ...league, id: Number(deduction.body.id) },
    });
    await call('delete', '/api/leagues/{leagueId}/deductions/{id}', {
      params: { ...league, id: Number(deduction.body.id) },
    });
    await call('post', '/api/leagues/{leagueId}/teams', {
      params: cup,
      body: { team_id: summary.demoTeamId },
    });
    await call('delete', '/api/leagues/{leagueId}/teams/{teamId}', { params: { ...league, ...team } });
    const fixtures = { start_date: '2027-03-06', kickoff_time: '15:00', interval_days: 7, rounds: 2 };
    await call('post', '/api/leagues/{leagueId}/fixtures', {
      params: league,
      body: { ...fixtures, dry_run: true },
    });
    await call('post', '/api/leagues/{leagueId}/fixtures', {
      params: league,
      body: { ...fixtures, dry_run: true, replace_unplayed: true },
    });

    // Teams and players
    const created = await call('post', '/api/teams', { body: { name: 'Contract Town', location: 'Metro' } });
    const newTeam = { teamId: String(created.body.team_id) };
    const player = await call('post', '/api/teams/{teamId}/players', {
      params: newTeam,
      body: { name: 'Sam Keeper', position: 'Goalkeeper', position_general: 'GK', number: 1 },
    });
    await call('post', '/api/teams/{teamId}/players', {
      params: newTeam,
      body: { name: 'Sam Other', position: 'Goalkeeper', position_general: 'GK', number: '1' },
    });
    await call('put', '/api/player/update/{userId}', {
      params: { userId: String(player.body.id) },
      body: { number: 13 },
    });
    await call('put', '/api/player/update/{userId}', {
      params: { userId: String(player.body.id) },
      body: { name: 'Sam Keeper-Jones', team_id: 'no.such' },
    });
    await call('put', '/api/teams/{teamId}', {
      params: newTeam,
      body: { website: 'https://contract.example' },
    });
    await call('put', '/api/teams/{teamId}', {
      params: newTeam,
      body: { website: 'ftp://contract.example' },
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    await call('post', '/api/teams/{teamId}/crest', { params: newTeam, file: png });
    await call('post', '/api/teams/{teamId}/crest', {
      params: newTeam,
      file: new TextEncoder().encode('<svg/>'),
    });
    await call('post', '/api/players/{playerId}/photo', {
      params: { playerId: String(player.body.id) },
      file: png,
    });
    await call('delete', '/api/teams/{teamId}/players/{playerId}', {
      params: { ...newTeam, playerId: String(player.body.id) },
    });
    await call('post', '/api/teams/{teamId}/roster.csv', {
      params: newTeam,
      search: '?dry_run=true',
      csv: 'name,number,position\r\nAl Back,2,Defender\r\nBo Back,2,Defender\r\n',
    });
    await call('post', '/api/teams/{teamId}/roster.csv', {
      params: newTeam,
      csv: 'name,number,position\r\nAl Back,2,Defender\r\n',
    });
    await call('post', '/api/teams/{teamId}/roster.csv', {
      params: newTeam,
      csv: 'name,number\r\n"Al,2\r\n',
    });
    await call('delete', '/api/teams/{teamId}', { params: newTeam });
    await call('delete', '/api/teams/{teamId}', { params: team });
    await call('post', '/api/leagues/{leagueId}/matches.csv', {
      params: league,
      search: '?dry_run=true',
      csv: `date,home_team,away_team\r\n2027-03-06T15:00:00Z,${summary.demoTeamId},${summary.opponentTeamId}\r\n`,
    });

    // Results: a report, its review, the squad, the schedule
    // The review routes name the match {id}, as their errors do; the schedule {matchId}.
    const played = { id: summary.unreportedMatchId };
    await call('post', '/api/matches/{id}/report', {
      params: played,
      body: { home_score: 2, away_score: 1 },
    });
    await call('post', '/api/matches/{id}/report', {
      params: played,
      body: { home_score: 2, away_score: 1 },
    });
    await call('get', '/api/matches/{id}/reports', { params: played });
    await call('post', '/api/matches/{id}/approve', { params: { id: summary.pendingMatchId } });
    await call('post', '/api/matches/{id}/reject', { params: { id: summary.pendingMatchId } });
    await call('put', '/api/matches/{matchId}/schedule', {
      params: { matchId: summary.unreportedMatchId },
      body: { date: '2027-03-06T15:00:00Z', location: 'Elsewhere', status: 'postponed' },
    });
    const upcoming = await call('get', '/api/matches', {
      search: `?team_id=${summary.demoTeamId}&future=true&limit=1`,
    });
    const next = (upcoming.body as unknown as { id: number }[])[0];
    expect(next).toBeDefined();
    const roster = await call('get', '/api/teams/{teamId}/roster', { params: team });
    const squad = (roster.body.players as { id: string }[]).slice(0, 11).map((p) => p.id);
    await call('put', '/api/teams/{team_id}/matches/{match_id}/roster', {
      params: { team_id: team.teamId, match_id: next?.id ?? 0 },
      body: { players: squad },
    });
    await call('put', '/api/teams/{team_id}/matches/{match_id}/roster', {
      params: { team_id: team.teamId, match_id: next?.id ?? 0 },
      body: { players: squad.slice(0, 3) },
    });
    // Who can play: a staff answer, one refused (a player of neither team), the team's view.
    await call('put', '/api/matches/{matchId}/availability/{playerId}', {
      params: { matchId: next?.id ?? 0, playerId: squad[0] ?? '' },
      body: { answer: 'available', note: 'Fit again' },
    });
    await call('put', '/api/matches/{matchId}/availability/{playerId}', {
      params: { matchId: next?.id ?? 0, playerId: 'nobody.here' },
      body: { answer: 'maybe' },
    });
    await call('put', '/api/matches/{matchId}/availability/{playerId}', {
      params: { matchId: next?.id ?? 0, playerId: squad[0] ?? '' },
      body: { answer: 'perhaps' },
    });
    await call('put', '/api/teams/{teamId}/availability-settings', {
      params: team,
      body: { deadline_hours: 48 },
    });
    await call('put', '/api/teams/{teamId}/availability-settings', {
      params: team,
      body: { deadline_hours: 400 },
    });
    await call('get', '/api/matches/{matchId}/availability', {
      params: { matchId: next?.id ?? 0 },
      search: `?team_id=${summary.demoTeamId}`,
    });
    // Reminders: sent, then one too soon (nobody told twice), then a team not of the match.
    await call('post', '/api/matches/{matchId}/availability/remind', {
      params: { matchId: next?.id ?? 0 },
      body: { team_id: summary.demoTeamId },
    });
    await call('post', '/api/matches/{matchId}/availability/remind', {
      params: { matchId: next?.id ?? 0 },
      body: { team_id: 'nobody.here' },
    });
    // Personal links: listed, answered with (no account), revoked, then refused.
    const links = await call('get', '/api/teams/{teamId}/availability-links', { params: team });
    const link = (links.body.links as { player_id: string; link: string }[])[0];
    const linkToken = link?.link.split('/').pop() ?? '';
    const withLink = {
      params: { matchId: next?.id ?? 0, playerId: link?.player_id ?? '' },
      search: `?token=${linkToken}`,
      token: null,
    };
    await call('get', '/api/availability/{linkToken}', { params: { linkToken }, token: null });
    await call('put', '/api/matches/{matchId}/availability/{playerId}', {
      ...withLink,
      body: { answer: 'maybe' },
    });
    await call('delete', '/api/teams/{teamId}/availability-links/{playerId}', {
      params: { teamId: team.teamId, playerId: link?.player_id ?? '' },
    });
    await call('put', '/api/matches/{matchId}/availability/{playerId}', {
      ...withLink,
      body: { answer: 'available' },
    });
    await call('put', '/api/matches/{matchId}/schedule', {
      params: { matchId: next?.id ?? 0 },
      body: { date: '2027-03-06T15:00:00Z', location: 'Elsewhere', status: 'scheduled' },
    });
    // The league secretary's desk: the inbox, a reminder (then one too soon), deleting a fixture.
    await call('get', '/api/leagues/{leagueId}/decisions', { params: league });
    await call('get', '/api/leagues/{leagueId}/matches', {
      params: league,
      search: '?state=pending&limit=2',
    });
    await call('post', '/api/matches/{id}/remind', { params: { id: summary.pendingMatchId } });
    await call('post', '/api/matches/{id}/remind', { params: { id: summary.pendingMatchId } });
    await call('delete', '/api/matches/{matchId}', { params: { matchId: next?.id ?? 0 } });
    await call('delete', '/api/matches/{matchId}', { params: { matchId: summary.unreportedMatchId } });

    // Notifications and Web Push
    const coach = await tokenFor(db, summary.coachUserId, REFERENCE_DATE);
    const page = await call('get', '/api/notifications', { token: coach });
    const first = (page.body.notifications as { id: number }[] | undefined)?.[0];
    if (first) {
      await call('post', '/api/notifications/{id}/read', {
        params: { id: first.id },
        token: coach,
      });
    }
    await call('post', '/api/notifications/{id}/read', { params: { id: 999999 } });
    await call('post', '/api/notifications/read-all', { token: coach });
    await call('put', '/api/notifications/settings', { body: { muted: ['report_approved'] }, token: coach });
    await call('put', '/api/follows/{teamId}', { params: { teamId: 'riverside.rovers' }, token: coach });
    await call('put', '/api/follows/{teamId}', { params: { teamId: 'nowhere.fc' }, token: coach });
    await call('get', '/api/follows', { token: coach });
    await call('delete', '/api/follows/{teamId}', { params: { teamId: 'riverside.rovers' }, token: coach });
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const subscription = {
      endpoint: 'https://push.example.test/send/1',
      expirationTime: null,
      keys: {
        p256dh: browser.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    await call('post', '/api/push/subscriptions', { body: subscription, token: coach });
    await call('delete', '/api/push/subscriptions', {
      body: { endpoint: subscription.endpoint },
      token: coach,
    });

    // The table editor
    const news = await call('post', '/api/tables/{table}/rows', {
      params: { table: 'league_news' },
      body: { league_id: league.leagueId, title: 'Contract', published_at: '2026-11-22T12:00:00Z' },
    });
    expect(news.status).toBe(201);
    const { id: newsId, ...newsFields } = news.body;
    const newsRow = { table: 'league_news', id: String(newsId) };
    await call('put', '/api/tables/{table}/rows/{id}', {
      params: newsRow,
      body: { ...newsFields, title: 'Contract, edited' },
    });
    await call('delete', '/api/tables/{table}/rows/{id}', { params: newsRow });
    await call('put', '/api/tables/{table}/rows/{id}', {
      params: { table: 'users', id: superAdmin.id },
      body: { user_type: 'fan' },
    });
    await call('delete', '/api/tables/{table}/rows/{id}', { params: { table: 'audit_log', id: '1' } });

    // People: invitations, the People screen, password recovery
    const invitation = await call('post', '/api/invitations', {
      body: { email: 'new.coach@example.test', role: 'coach', team_id: team.teamId },
    });
    expect(invitation.status).toBe(201);
    await call('post', '/api/invitations', { body: { email: 'x@example.test', role: 'coach' } });
    const invitationToken = String(invitation.body.link).split('/invite/')[1] ?? '';
    const accepted = await call('post', '/api/invitations/by-token/{token}/accept', {
      params: { token: invitationToken },
      body: { name: 'New Coach', password: 'a long new password' },
      token: null,
    });
    expect(accepted.status).toBe(201);
    await call('post', '/api/invitations/by-token/{token}/accept', {
      params: { token: invitationToken },
      body: { name: 'New Coach', password: 'a long new password' },
      token: null,
    });
    const withdrawn = await call('post', '/api/invitations', {
      body: { email: 'other@example.test', role: 'owner', team_id: team.teamId },
    });
    await call('delete', '/api/invitations/{id}', { params: { id: String(withdrawn.body.id) } });
    await call('delete', '/api/invitations/{id}', { params: { id: String(withdrawn.body.id) } });
    const newCoach = (accepted.body.user as { id: string }).id;
    await call('put', '/api/users/{id}/memberships', {
      params: { id: newCoach },
      body: { memberships: [{ role: 'owner', team_id: team.teamId }] },
    });
    await call('put', '/api/users/{id}/lock', { params: { id: newCoach }, body: { locked: true } });
    await call('put', '/api/users/{id}/lock', { params: { id: newCoach }, body: { locked: 'yes' } });
    await call('post', '/api/users/{id}/sign-out', { params: { id: newCoach } });
    const reset = await call('post', '/api/users/{id}/reset-link', { params: { id: newCoach } });
    await call('post', '/api/users/{id}/reset-link', { params: { id: 'nobody' } });
    const resetToken = new URL(String(reset.body.link)).searchParams.get('token') ?? '';
    await call('post', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'another long password' },
      token: null,
    });
    await call('post', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'another long password' },
      token: null,
    });
    await call('post', '/api/auth/forgot-password', { body: { email: 'coach@touchline.demo' }, token: null });
    await call('post', '/api/auth/logout-all', { token: fanNow });
    await call('post', '/api/auth/logout', { token: fanNow });
    await call('post', '/api/auth/logout', { token: String(login.body.access_token) });

    expect(failures).toEqual([]);
    // Every write of the document was called.
    const writes = operations.filter((op) => op.method !== 'get').map((op) => `${op.method} ${op.url}`);
    expect(writes.filter((write) => !seen.has(write))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------
// The readable reference

describe('GET /api/docs', () => {
  const t = withFixture(() => makeTestApp());

  it('answers a page that loads the same-origin Swagger UI, with no inline script', async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The app's own policy: no inline script or third-party host is needed.
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((script) => /\bsrc="([^"]+)"/.exec(script[1] ?? '')?.[1])).toEqual([
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/reference.js',
    ]);
    expect(scripts.every((script) => script[2]?.trim() === '')).toBe(true);
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/swagger-ui.css">');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves the bundle, its style sheet and the start script', async () => {
    const bundle = await t.app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(bundle.headers.get('etag')).toMatch(/^W\/"/);
    expect(await bundle.text()).toContain('SwaggerUIBundle');

    const css = await t.app.request('/api/docs/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await css.text()).length).toBeGreaterThan(1000);

    const start = await t.app.request('/api/docs/reference.js');
    expect(start.status).toBe(200);
    expect(start.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await start.text();
    expect(source).toContain("url: '/api/openapi.json'");
    expect(source).toContain('validatorUrl: null');
  });

  it('answers 404 for any other file', async () => {
    const response = await t.app.request('/api/docs/swagger-ui-bundle.js.map');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: 'Not found' });
    expect((await t.app.request('/api/docs/constructor')).status).toBe(404);
  });
});

/** An upload's body: the bytes as the field "file" of a multipart form. */
function picture(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'picture.png');
  return form;
}
