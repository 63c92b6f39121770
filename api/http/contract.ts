/**
 * How a route is declared: once, as an @hono/zod-openapi route (method, path, the zod
 * schemas of its path, query and body, its answers with their status codes, operationId,
 * tags, summary, security), served by a handler. The same declaration validates the
 * request and writes the route's entry in /api/openapi.json, so the document cannot drift
 * from what the server checks. Routers import the pieces here; none imports another router.
 */
import { createRoute, OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Hook } from '@hono/zod-openapi';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireUser } from '../auth/middleware';
import { fail, JSON_REQUIRED } from '../errors';
import { ErrorSchema } from '../schemas';
import { CACHE } from './cache';
import { describeIssue } from './validate';
import { writeTransaction } from './write';

/** The document's tags: one per resource, in the order the reference shows them. */
export const TAG = {
  service: 'Service',
  auth: 'Auth',
  leagues: 'Leagues',
  teams: 'Teams',
  matches: 'Matches',
  availability: 'Availability',
  players: 'Players',
  search: 'Search',
  news: 'News',
  images: 'Images',
  spreadsheets: 'Spreadsheets',
  calendars: 'Calendars',
  notifications: 'Notifications',
  people: 'People',
  admin: 'Admin tables',
} as const;

export const TAGS: { name: string; description: string }[] = [
  { name: TAG.service, description: 'Liveness, this document and its readable reference' },
  { name: TAG.auth, description: 'Accounts and sessions: sign in, register, refresh, sign out, password' },
  {
    name: TAG.leagues,
    description:
      'League seasons: table, matches, leaderboards, rules, deductions, discipline; running a season',
  },
  { name: TAG.teams, description: 'Teams, their rosters, leaderboards, matches and suspensions' },
  { name: TAG.matches, description: 'Matches: fixtures, results, reports and their review, squads' },
  {
    name: TAG.availability,
    description: 'Who can play: players’ answers for their team’s upcoming matches, and their own list',
  },
  { name: TAG.players, description: 'Player and coach profiles' },
  { name: TAG.search, description: 'Players, teams and leagues by name' },
  { name: TAG.news, description: 'League news, and a team’s own news and latest video from its feeds' },
  { name: TAG.images, description: 'Team crests and player and coach photos' },
  {
    name: TAG.spreadsheets,
    description: 'CSV downloads (RFC 4180, UTF-8 with a BOM) and the two imports that read them back',
  },
  { name: TAG.calendars, description: 'iCalendar feeds (RFC 5545) for calendar apps' },
  { name: TAG.notifications, description: 'The signed-in user’s notifications, muted kinds and Web Push' },
  {
    name: TAG.people,
    description: 'Invitations by e-mail, and the people of a league: their memberships, locks and sessions',
  },
  { name: TAG.admin, description: 'The super admin’s raw table editor' },
];

/** Operations that need `Authorization: Bearer <token>`, and those that need nothing. */
export const BEARER = [{ bearer: [] }];
export const PUBLIC = [];

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Every declared route's validation ends here: 400 `{ detail }` naming the field instead
 * of zod's error body. Hono's json validator reads a body of another content type as {},
 * which would be reported as missing fields; that is said as what it is.
 */
export const validationHook: Hook<unknown, AppEnv, string, undefined> = (result, c) => {
  const target = result.target as keyof ValidationTargets;
  if (target === 'json' && !JSON_MEDIA_TYPE.test(c.req.header('Content-Type')?.split(';')[0]?.trim() ?? '')) {
    fail(400, JSON_REQUIRED);
  }
  if (!result.success) fail(400, describeIssue(target, result.error));
  return undefined;
};

/** A resource's router: its routes are declared with `endpoint` and served in order. */
export function resourceRouter(...endpoints: Endpoint[]): OpenAPIHono<AppEnv> {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  for (const { route, handler } of endpoints) router.openapi(route, handler as never);
  return router;
}

/**
 * The context a handler of this route receives: `c.req.valid('param' | 'query' | 'json')`
 * typed from the route's schemas. Handlers answer with a Response of their own making
 * (reads go through jsonRead for ETags and the read cache), so the return type is not
 * tied to the declared answers; the contract test checks answers against the document.
 */
export type EndpointContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

export interface Endpoint {
  route: RouteConfig;
  handler: (c: never) => Response | Promise<Response>;
}

export function endpoint<R extends RouteConfig>(
  route: R,
  handler: (c: EndpointContext<R>) => Response | Promise<Response>,
): Endpoint {
  return { route, handler: handler as Endpoint['handler'] };
}

// ---------------------------------------------------------------------------------
// Caching of public reads

/**
 * Tables a public read's answer is built from, by kind of answer. `approved_results`
 * stands for the part of `matches` and `match_events` that league tables and leaderboards
 * show (approved results and which teams have fixtures), so a report waiting for review
 * leaves them cached.
 */
const MATCH_TABLES = [
  'teams',
  'players',
  'matches',
  'match_events',
  'match_squads',
  'match_cards',
  'match_own_goals',
] as const;
export const READ_TABLES = {
  leagues: ['leagues'],
  leagueTable: ['leagues', 'teams', 'approved_results', 'league_rules', 'points_deductions', 'match_cards'],
  leagueRules: ['leagues', 'league_rules'],
  deductions: ['leagues', 'teams', 'points_deductions'],
  /** a list of matches or one match: the teams, the matches, their events, squads, cards and own goals */
  matches: MATCH_TABLES,
  leagueMatches: ['leagues', ...MATCH_TABLES],
  leagueStats: ['leagues', 'teams', 'players', 'approved_results'],
  teams: ['leagues', 'teams'],
  roster: ['teams', 'players', 'coaches'],
  teamSeasons: ['teams', 'matches'],
  player: ['leagues', ...MATCH_TABLES, 'league_rules'],
  coach: ['teams', 'coaches'],
  search: ['leagues', 'teams', 'players'],
  suspensions: ['leagues', 'teams', 'players', 'matches', 'match_cards', 'league_rules'],
  discipline: ['leagues', 'teams', 'players', 'matches', 'match_cards', 'league_rules'],
} as const satisfies Record<string, readonly string[]>;

/**
 * How a public read is kept, declared on its route: `offline`, the app keeps it in
 * IndexedDB and serves it stale-while-revalidate; `tables`, its answer is the same for
 * every caller and the server's read cache keeps it while none of these tables changes.
 * A read that declares neither is answered fresh every time.
 */
export interface ReadCaching {
  offline?: true;
  tables?: readonly string[];
}
export const READ_CACHING = 'x-read-caching';

/** Spread into a route's declaration: `...cachedRead({ offline: true, tables: READ_TABLES.teams })`. */
export function cachedRead(caching: ReadCaching): { [READ_CACHING]: ReadCaching } {
  return { [READ_CACHING]: caching };
}

// ---------------------------------------------------------------------------------
// Answers

type Schema = z.ZodType | { $ref: string } | Record<string, unknown>;

/** A required JSON request body, validated by the declared schema. */
export const jsonBody = <Body extends z.ZodType>(schema: Body) => ({
  content: { 'application/json': { schema } },
  required: true,
});

/** A JSON answer. */
export const json = (schema: Schema, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

/** An answer of another media type (CSV, iCalendar, an image). */
export const media = (type: string, description: string, schema: Schema = z.string()) => ({
  description,
  content: { [type]: { schema } },
});

/** The standard wording of each 4xx; a route may say more for its own. */
const ERROR_TEXT = {
  400: 'Invalid parameter; the detail names it',
  401: 'No authentication token found, or an invalid or expired token, or the session has ended',
  403: 'Signed in, but not allowed to do this (wrong role, or another team)',
  404: 'Unknown id',
  409: 'Conflicts with the current state; the detail says why',
  410: 'No longer valid: used, withdrawn or expired',
  413: 'Body over 256 KiB',
  422: 'Idempotency-Key reused with a different request',
  429: 'Too many attempts; Retry-After says in how many seconds to try again',
} as const;
type ErrorCode = keyof typeof ERROR_TEXT | 502 | 504;

/**
 * 4xx (and gateway) answers, each JSON `{ detail }`: `errors(400, 404)` with the standard
 * wording, or `errors({ 404: 'No such team' })` with the route's own.
 */
export function errors(...spec: (ErrorCode | Partial<Record<ErrorCode, string>>)[]) {
  const out: Record<string, ReturnType<typeof json> & { headers?: object }> = {};
  for (const item of spec) {
    const entries: [ErrorCode, string | undefined][] =
      typeof item === 'number'
        ? [[item, undefined]]
        : (Object.entries(item).map(([code, text]) => [Number(code), text]) as [ErrorCode, string][]);
    for (const [code, text] of entries) {
      const description = text ?? (ERROR_TEXT as Record<number, string>)[code] ?? 'Failed';
      out[code] = {
        ...json(ErrorSchema, description),
        ...(code === 429 && { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }),
      };
    }
  }
  return out;
}

/**
 * What every write through writeTransaction may send and may answer besides its own codes.
 * The Idempotency-Key is checked by writeTransaction itself; declared here for the document.
 * Use: `request: { headers: WRITE_HEADERS, ... }, responses: { ..., ...WRITE_ERRORS, ...errors(404) }`.
 */
export const WRITE_HEADERS = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .meta({
      description:
        '1 to 200 printable characters. A repeat with the same key answers the first response (with ' +
        'Idempotent-Replayed: true) and changes nothing; the same key with another request answers 422',
      minLength: 1,
      maxLength: 200,
    }),
});
export const WRITE_ERRORS = errors(
  { 400: 'Invalid body, parameter or Idempotency-Key; the detail names the field' },
  401,
  413,
  422,
);

const etagHeaders = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
};

/** A read's answer: with its ETag and Cache-Control. */
export const readAnswer = (schema: Schema, description = 'OK', type = 'application/json') => ({
  description,
  headers: etagHeaders,
  content: { [type]: { schema } },
});

/** Every read answers 304 to an If-None-Match naming its current ETag. */
export const NOT_MODIFIED = {
  304: {
    description: 'Not modified: If-None-Match named the current ETag (no body)',
    headers: { ETag: { $ref: '#/components/headers/ETag' } },
  },
};

// ---------------------------------------------------------------------------------
// Declarations

type Security = typeof BEARER | typeof PUBLIC;
/** A route's tags by their key in TAG: `tags: ['leagues', 'matches']`. */
type TagKey = keyof typeof TAG;
type Declaration = Omit<RouteConfig, 'method' | 'security' | 'tags'> & {
  security?: Security;
  tags: readonly TagKey[];
};
const tagNames = (tags: readonly TagKey[]) => tags.map((tag) => TAG[tag]);

/** A read's caching as its declaration says it: `tables` names the kind of answer in READ_TABLES. */
interface DeclaredCaching {
  offline?: true;
  tables?: keyof typeof READ_TABLES;
}

/**
 * Who may call, once requireUser has found the signed-in user: middleware that answer 403
 * for anyone else (requireStaff, requireLeagueAdmin…) or read the body first (csvBody).
 */
type Guard = MiddlewareHandler<AppEnv>;

/**
 * What signed-in reads, writes and actions answer carries a token or someone's data (a
 * session, an account, people, memberships, notifications, subscriptions): no browser
 * or shared cache may keep it. Set here, outermost, over whatever the handler said, so
 * a route cannot forget it, and refusals carry it too.
 */
const noStore: Guard = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', CACHE.noStore);
};

/**
 * A GET: public, or for the signed-in only (`signedIn`: a bearer token of a live session,
 * which requireUser checks before `guard`, and never stored: `Cache-Control: no-store`),
 * kept as `caching` says (see ReadCaching), and answering 304 to an If-None-Match naming
 * its current ETag besides its own answers.
 */
export function read<
  const R extends Omit<Declaration, 'security' | 'middleware'> & {
    signedIn?: true;
    guard?: readonly Guard[];
    caching?: DeclaredCaching;
  },
>(declaration: R) {
  const { signedIn, guard = [], caching, ...route } = declaration;
  return createRoute({
    method: 'get',
    security: signedIn ? BEARER : PUBLIC,
    ...route,
    ...(signedIn && { middleware: [noStore, requireUser, ...guard] }),
    tags: tagNames(route.tags),
    ...(caching &&
      cachedRead({
        ...(caching.offline && { offline: true }),
        ...(caching.tables && { tables: READ_TABLES[caching.tables] }),
      })),
    responses: { ...route.responses, ...NOT_MODIFIED },
  } as Omit<R, 'signedIn' | 'guard' | 'caching' | 'tags'> & { method: 'get'; tags: string[] });
}

/**
 * A write through writeTransaction: for a signed-in user (requireUser, then `guard`),
 * taking an Idempotency-Key, answering what writeTransaction may answer (WRITE_ERRORS)
 * besides its own answers, and never stored (`Cache-Control: no-store`). `identify`
 * replaces requireUser for a write that also takes another credential (a personal
 * link's token), which its handler then checks.
 */
export function write<
  const R extends Omit<Declaration, 'middleware'> & {
    method: 'post' | 'put' | 'patch' | 'delete';
    guard?: readonly Guard[];
    identify?: Guard;
  },
>(declaration: R) {
  const { guard = [], identify = requireUser, ...route } = declaration;
  return createRoute({
    security: BEARER,
    ...route,
    middleware: [noStore, identify, ...guard, writeTransaction],
    tags: tagNames(route.tags),
    request: { headers: WRITE_HEADERS, ...route.request },
    responses: { ...WRITE_ERRORS, ...route.responses },
  } as Omit<R, 'tags' | 'guard' | 'identify'> & { tags: string[] });
}

/**
 * A POST that is not a write through writeTransaction (signing in and out, sessions,
 * answers that carry a link): no Idempotency-Key; public, or for the signed-in only
 * (`signedIn`: requireUser, then `guard`). `signedIn: 'expired-too'` documents the bearer
 * token without requiring a live session: the handler reads the token itself (signing out).
 * Its answers, tokens and links among them, are never stored (`Cache-Control: no-store`).
 */
export function action<
  const R extends Omit<Declaration, 'security' | 'middleware'> & {
    method: 'post';
    signedIn?: true | 'expired-too';
    guard?: readonly Guard[];
  },
>(declaration: R) {
  const { signedIn, guard = [], ...route } = declaration;
  return createRoute({
    security: signedIn ? BEARER : PUBLIC,
    ...route,
    middleware: signedIn === true ? [noStore, requireUser, ...guard] : [noStore],
    tags: tagNames(route.tags),
  } as Omit<R, 'tags' | 'signedIn' | 'guard'> & { tags: string[] });
}

/** The components every route may refer to: the bearer scheme and the read headers. */
export const SHARED_COMPONENTS = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'the access_token of POST /api/auth/login, /register or /refresh-token',
    },
  },
  headers: {
    ETag: {
      description: 'weak validator of the answer: send it back as If-None-Match to get a 304',
      schema: { type: 'string' },
    },
    CacheControl: {
      description: 'no-cache (revalidate), public max-age, or no-store',
      schema: { type: 'string' },
    },
    RetryAfter: { description: 'seconds to wait', schema: { type: 'integer' } },
  },
} as const;
