/**
 * Every route of the API under /api, one router per resource (api/routes/<resource>.ts,
 * named after the URL's first segment), and what is derived from their declarations:
 * the OpenAPI document and the public reads the read cache keeps.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { SHARED_COMPONENTS, TAGS, validationHook } from './http/contract';
import { adminTableRoutes } from './routes/admin-tables';
import { authRoutes } from './routes/auth';
import { csvRoutes } from './routes/csv';
import { calendarRoutes } from './routes/calendars';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { leagueRoutes } from './routes/leagues';
import { leagueRuleRoutes } from './routes/league-rules';
import { leagueSeasonRoutes } from './routes/league-season';
import { disciplineRoutes } from './routes/discipline';
import { matchRoutes } from './routes/matches';
import { matchWriteRoutes } from './routes/match-writes';
import { newsRoutes } from './routes/news';
import { notificationRoutes } from './routes/notifications';
import { playerRoutes } from './routes/players';
import { pushRoutes } from './routes/push';
import { searchRoutes } from './routes/search';
import { teamRoutes } from './routes/teams';
import { teamWriteRoutes } from './routes/team-writes';

export const apiRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  // converted routers
  .route('/', searchRoutes)
  .route('/', healthRoutes)
  .route('/', docsRoutes)
  .route('/', authRoutes)
  .route('/', leagueRoutes)
  .route('/', leagueRuleRoutes)
  .route('/', leagueSeasonRoutes)
  .route('/', disciplineRoutes)
  .route('/', teamRoutes)
  .route('/', csvRoutes)
  .route('/', calendarRoutes)
  .route('/', notificationRoutes)
  .route('/', pushRoutes)
  .route('/', matchRoutes)
  .route('/', playerRoutes)
  .route('/', newsRoutes)
  .route('/', imageRoutes)
  .route('/', teamWriteRoutes)
  .route('/', matchWriteRoutes)
  .route('/', adminTableRoutes);

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

let document: ReturnType<typeof buildDocument> | undefined;

function buildDocument() {
  const generated = apiRoutes.getOpenAPIDocument({
    openapi: '3.0.3',
    info: INFO,
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: TAGS,
  });
  const paths = Object.fromEntries(
    Object.entries(generated.paths).map(([path, item]) => [documentedPath(path), item]),
  );
  return {
    ...generated,
    paths,
    components: { ...generated.components, ...SHARED_COMPONENTS },
  };
}

/** The OpenAPI 3.0 document of every declared route, built once: the routes never change. */
export function openApiDocument() {
  document ??= buildDocument();
  return document;
}
