/**
 * Builds the Hono app for the API from a database handle. No module-level state:
 * every test builds its own app over its own database.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { DB } from '../db/connection';
import { fail, notFound, onError } from './errors';
import { healthRoutes } from './routes/health';

export interface AppOptions {
  /** Injectable clock: rules that compare with "now" use it. */
  now?: () => Date;
  jwtSecret: string;
  imagesDir: string;
}

export interface AppEnv {
  Variables: {
    db: DB;
    options: Required<AppOptions>;
  };
}

/** Bodies larger than this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

export function createApp(db: DB, options: AppOptions) {
  const resolved: Required<AppOptions> = { now: () => new Date(), ...options };
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', db);
      c.set('options', resolved);
      await next();
    })
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => fail(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`),
      }),
    )
    .route('/', healthRoutes);

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
      }),
    )
    .route('/api', api)
    // Unknown API paths answer JSON, never the app shell.
    .all('/api/*', notFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
