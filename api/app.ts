/**
 * Builds the Hono app for the API from a database handle. No module-level state:
 * every test builds its own app over its own database.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DB } from '../db/connection';
import { createStoredRateLimiter } from './auth/rate-limit';
import { resolveOptions, type AppEnv, type AppOptions } from './env';
import { CSV_MAX_BYTES, CSV_TOO_LARGE } from './domain/csv';
import { fail, notFound, onError } from './errors';
import { readCacheFill, type ReadCache } from './http/read-cache';
import { securityHeaders } from './http/security-headers';
import { jsonBody } from './http/json-body';
import { embedRoutes } from './http/embeds';
import { apiRoutes } from './router';
import { isCsvImport } from './http/csv';
import { isImageUpload, UPLOAD_BODY_LIMIT, UPLOAD_TOO_LARGE } from './images/upload';

/** Bodies larger than this are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 256 * 1024;

const HAS_NO_BODY: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const bodyTooLarge = () => fail(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`);
const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: bodyTooLarge });
/** JSON bodies are read from Node's request directly (api/http/json-body.ts). */
const readJsonBody = jsonBody({
  maxSize: MAX_BODY_BYTES,
  onTooLarge: bodyTooLarge,
  onCutShort: () => fail(400, 'The request body ended before it was complete'),
  otherwise: limitBody,
});
/** The two CSV imports take files up to 1 MB. */
const limitCsvBody = bodyLimit({
  maxSize: CSV_MAX_BYTES,
  onError: () => fail(413, CSV_TOO_LARGE),
});

/** Crest and photo uploads take pictures up to 5 MB; a larger declared body is refused unread. */
const limitUploadBody = bodyLimit({
  maxSize: UPLOAD_BODY_LIMIT,
  onError: () => fail(413, UPLOAD_TOO_LARGE),
});

/**
 * Reads answer with an ETag and 304 through api/http/read.ts; `readCache` (the server
 * passes one) keeps public answers as bytes in front of Hono.
 */
export function createApp(db: DB, options: AppOptions, readCache: ReadCache | null = null) {
  const resolved = resolveOptions(options);
  const loginLimiter = createStoredRateLimiter(db, resolved.loginLimit);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', db);
      c.set('options', resolved);
      c.set('loginLimiter', loginLimiter);
      await next();
    })
    // Only a request that can carry a body pays for the limit (it wraps the body stream).
    .use((c, next) => {
      if (HAS_NO_BODY.has(c.req.method)) return next();
      if (isImageUpload(c.req.method, c.req.path)) return limitUploadBody(c, next);
      return (isCsvImport(c.req.method, c.req.path) ? limitCsvBody : readJsonBody)(c, next);
    })
    .route('/', apiRoutes);

  api.notFound(notFound);
  api.onError(onError);

  const app = new Hono()
    // Outermost, so the answer it hands to the read cache carries every header.
    .use(readCacheFill(readCache))
    .use(securityHeaders)
    .route('/api', api)
    // Pages for club websites, read through the API in process.
    .route('/embed', embedRoutes(api, resolved))
    // Unknown API paths answer JSON, never the app shell.
    .all('/api/*', notFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
