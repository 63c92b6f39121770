/**
 * Builds the Hono app for the API from a database handle. No module-level state:
 * every test builds its own app over its own database.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { etag } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import type { DB } from '../db/connection';
import { createRateLimiter } from './auth/rate-limit';
import { resolveOptions, type AppEnv, type AppOptions } from './env';
import { fail, notFound, onError } from './errors';
import { adminTableRoutes } from './routes/admin-tables';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { leagueRoutes } from './routes/leagues';
import { matchRoutes } from './routes/matches';
import { matchWriteRoutes } from './routes/match-writes';
import { newsRoutes } from './routes/news';
import { playerRoutes } from './routes/players';
import { searchRoutes } from './routes/search';
import { teamRoutes } from './routes/teams';
import { teamWriteRoutes } from './routes/team-writes';

/** Bodies larger than this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Node's synchronous hash: WebCrypto's digest costs a worker round trip per response. */
function sha1(body: Uint8Array): ArrayBuffer {
  const digest = createHash('sha1').update(body).digest();
  return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
}

export function createApp(db: DB, options: AppOptions) {
  const resolved = resolveOptions(options);
  const loginLimiter = createRateLimiter(resolved.loginLimit);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', db);
      c.set('options', resolved);
      c.set('loginLimiter', loginLimiter);
      await next();
    })
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => fail(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`),
      }),
    )
    // Every JSON read carries an ETag and answers 304 to a matching If-None-Match.
    .use(etag({ weak: true, generateDigest: sha1 }))
    .route('/', healthRoutes)
    .route('/', authRoutes)
    .route('/', leagueRoutes)
    .route('/', teamRoutes)
    .route('/', matchRoutes)
    .route('/', playerRoutes)
    .route('/', searchRoutes)
    .route('/', newsRoutes)
    .route('/', imageRoutes)
    .route('/', teamWriteRoutes)
    .route('/', matchWriteRoutes)
    .route('/', adminTableRoutes);

  api.notFound(notFound);
  api.onError(onError);

  const app = new Hono()
    .use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
        },
        crossOriginEmbedderPolicy: false,
        // A handler's own policy wins (images send a stricter one for SVG).
        overwrite: false,
      }),
    )
    .route('/api', api)
    // Unknown API paths answer JSON, never the app shell.
    .all('/api/*', notFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
