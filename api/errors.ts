/**
 * The one error path: every failure becomes JSON `{ "detail": "…" }` with its status.
 * Handlers throw HTTPException (or the `fail` shorthand); anything else is a bug,
 * logged and answered with a 500 that reveals nothing. Every 403 passes here, so it is
 * logged here, once, with who asked and from where.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isUnstorableText } from '../db/postgres';
import { securityEvent } from './log';

export function fail(status: ContentfulStatusCode, detail: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, {
    message: detail,
    ...(headers && { res: new Response(null, { headers }) }),
  });
}

/** What a JSON route says to a body of another media type. */
export const JSON_REQUIRED = 'The request body must be JSON, sent with Content-Type: application/json';

export function onError(error: Error, c: Context): Response {
  // A declared route refuses another media type before its validator runs (415); the
  // API has always answered that as bad input, with the same words as a missing body.
  if (error instanceof HTTPException && error.status === 415) return c.json({ detail: JSON_REQUIRED }, 400);
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 403) securityEvent(c, 'forbidden', { detail: error.message }, 'warn');
    // A response built by a middleware (e.g. with headers) is passed through as is.
    if (error.res && error.res.headers.get('content-type')?.includes('application/json')) return error.res;
    const detail = error.message || defaultDetail(status);
    const response = c.json({ detail }, status);
    error.res?.headers.forEach((value, name) => {
      if (name.toLowerCase() !== 'content-type' && name.toLowerCase() !== 'content-length') {
        response.headers.set(name, value);
      }
    });
    return response;
  }
  if (isUnstorableText(error)) {
    return c.json({ detail: 'Text must not contain NUL characters' }, 400);
  }
  console.error('Unhandled error', c.req.method, c.req.path, error);
  return c.json({ detail: 'Internal server error' }, 500);
}

export function notFound(c: Context): Response {
  return c.json({ detail: `Not found: ${c.req.method} ${c.req.path}` }, 404);
}

function defaultDetail(status: number): string {
  switch (status) {
    case 400:
      return 'Bad request';
    case 401:
      return 'Not authenticated';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not found';
    case 409:
      return 'Conflict';
    case 413:
      return 'Request body too large';
    case 429:
      return 'Too many requests';
    default:
      return 'Request failed';
  }
}
