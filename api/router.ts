/**
 * Every route of the API under /api, one router per resource (api/routes/<resource>.ts,
 * named after the URL's first segment), and what is derived from their declarations:
 * the OpenAPI document and the public reads the read cache keeps.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { READ_CACHING, SHARED_COMPONENTS, TAGS, validationHook, type ReadCaching } from './http/contract';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { coachRoutes } from './routes/coaches';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { invitationRoutes } from './routes/invitations';
import { leagueRoutes } from './routes/leagues';
import { matchRoutes } from './routes/matches';
import { newsRoutes } from './routes/news';
import { notificationRoutes } from './routes/notifications';
import { playerRoutes } from './routes/players';
import { pushRoutes } from './routes/push';
import { reportRoutes } from './routes/reports';
import { searchRoutes } from './routes/search';
import { tableRoutes } from './routes/tables';
import { teamRoutes } from './routes/teams';
import { userRoutes } from './routes/users';

export const apiRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .route('/', healthRoutes)
  .route('/', docsRoutes(openApiDocument))
  .route('/', authRoutes)
  .route('/', leagueRoutes)
  .route('/', teamRoutes)
  .route('/', matchRoutes)
  .route('/', availabilityRoutes)
  .route('/', playerRoutes)
  .route('/', coachRoutes)
  .route('/', searchRoutes)
  .route('/', newsRoutes)
  .route('/', imageRoutes)
  .route('/', notificationRoutes)
  .route('/', pushRoutes)
  .route('/', reportRoutes)
  .route('/', tableRoutes)
  .route('/', invitationRoutes)
  .route('/', userRoutes);

const INFO = {
  title: 'Touchline API',
  version: '1.0.0',
  description:
    'The API of Touchline, the app of amateur football leagues. Public reads need no token; writes ' +
    'and personal reads need `Authorization: Bearer <token>` (from `POST /api/auth/login`), and ' +
    'writes may send an `Idempotency-Key`. Every read has an `ETag` and answers 304 to a matching ' +
    '`If-None-Match`. Errors are JSON `{ "detail": "…" }` (news and video feeds: ' +
    '`{ "detail": { "message": "…" } }`). Only approved (`TRUE`) results count in tables, ' +
    'leaderboards and player metrics.',
};

/**
 * A declared path as the document spells it: under /api, and a parameter with a Hono
 * pattern (`{kind{teams|players}}`, which the router matches on) named only by its name.
 */
export function documentedPath(path: string): string {
  return `/api${path}`.replace(/\{(\w+)\{[^/]*\}\}/g, '{$1}');
}

/**
 * Two things the generator writes that OpenAPI 3.0 does not read as meant: a schema that
 * takes any value (z.unknown()) as `{ nullable: true }`, where a type must stand beside
 * `nullable` (and a schema with no type takes null anyway); and a case-insensitive regex as
 * its source followed by `/i`. A pattern has no flags: the document gives the pattern as
 * written, which the server takes (with other cases too).
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = tidy(value);
  const typed = ['type', '$ref', 'allOf', 'anyOf', 'oneOf'].some((key) => key in out);
  if (out.nullable === true && !typed) delete out.nullable;
  if (typeof out.pattern === 'string') out.pattern = out.pattern.replace(/\$\/[a-z]+$/, '$');
  return out;
}

let document: ReturnType<typeof buildDocument> | undefined;

function buildDocument() {
  const generated = apiRoutes.getOpenAPIDocument({
    openapi: '3.0.3',
    info: INFO,
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: TAGS,
  });
  const paths = Object.fromEntries(
    Object.entries(generated.paths).map(([path, item]) => [documentedPath(path), tidy(item)]),
  );
  return {
    ...generated,
    servers: generated.servers ?? [],
    tags: generated.tags ?? [],
    paths,
    components: { ...generated.components, ...SHARED_COMPONENTS },
  };
}

/** The OpenAPI 3.0 document of every declared route, built once: the routes never change. */
export function openApiDocument() {
  document ??= buildDocument();
  return document;
}

/** A declared path as Hono spells it under /api: `{id}` is `:id`, `{kind{a|b}}` is `:kind{a|b}`. */
function honoPath(path: string): string {
  return `/api${path}`.replace(/\{(\w+)(\{[^/]*\})?\}/g, ':$1$2');
}

/** Every declared GET route (as Hono paths under /api) with how it is cached. */
export const DECLARED_READS: readonly { path: string; caching: ReadCaching }[] =
  apiRoutes.openAPIRegistry.definitions.flatMap((definition) =>
    definition.type === 'route' && definition.route.method === 'get'
      ? [
          {
            path: honoPath(definition.route.path),
            caching: ((definition.route as Record<string, unknown>)[READ_CACHING] ?? {}) as ReadCaching,
          },
        ]
      : [],
  );

/**
 * Public reads whose answer is the same for every caller, which the server's read cache
 * keeps, each with the tables it reads: a stored answer is used while none has changed.
 */
export const SHARED_READ_TABLES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  DECLARED_READS.flatMap(({ path, caching }) => (caching.tables ? [[path, caching.tables]] : [])),
);

/** Public reads the app's offline store keeps (IndexedDB, stale-while-revalidate). */
export const OFFLINE_READ_ROUTES: readonly string[] = DECLARED_READS.flatMap(({ path, caching }) =>
  caching.offline ? [path] : [],
);
