/**
 * How every read answers: the body is serialised once to bytes, the weak ETag is the
 * SHA-1 of those bytes, and a matching If-None-Match gets a 304 from the same work.
 * The bytes and tag stay on the context so the read cache (read-cache.ts) can keep
 * them without reading the response again; no response is cloned or re-read.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** What a read answered with: kept by the read cache. */
export interface ReadBody {
  bytes: Uint8Array;
  etag: string;
}

export function weakEtag(bytes: Uint8Array): string {
  return `W/"${createHash('sha1').update(bytes).digest('hex')}"`;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly. */
export function etagMatches(etag: string, ifNoneMatch: string | undefined | null): boolean {
  if (ifNoneMatch === undefined || ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const expected = etag.replace(/^W\//, '');
  return ifNoneMatch.match(/"[^"]*"/g)?.some((tag) => tag === expected) ?? false;
}

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 section 15.4.5). */
export const RETAINED_304_HEADERS: ReadonlySet<string> = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
]);

/** Answers `bytes` with an ETag, or 304 when the client already has them. */
export function readResponse(
  c: Context<AppEnv>,
  bytes: Uint8Array,
  headers: Record<string, string>,
): Response {
  const etag = weakEtag(bytes);
  c.set('readBody', { bytes, etag });
  if (etagMatches(etag, c.req.header('If-None-Match'))) {
    const kept: Record<string, string> = { ETag: etag };
    for (const [name, value] of Object.entries(headers)) {
      if (RETAINED_304_HEADERS.has(name.toLowerCase())) kept[name] = value;
    }
    return c.body(null, 304, kept);
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, ETag: etag });
}

/** A JSON read: `Content-Type: application/json`, the given Cache-Control, an ETag. */
export function jsonRead(c: Context<AppEnv>, data: unknown, cacheControl: string): Response {
  return jsonTextRead(c, JSON.stringify(data), cacheControl);
}

/** A JSON read of text already written as JSON (e.g. by `jsonListText`). */
export function jsonTextRead(c: Context<AppEnv>, json: string, cacheControl: string): Response {
  return readResponse(c, Buffer.from(json), {
    'Content-Type': 'application/json',
    'Cache-Control': cacheControl,
  });
}

/**
 * The JSON of objects shared between answers, which never change (frozen), kept beside
 * them: a list of them is written by joining their texts instead of serializing each
 * again (issue #15: a league's matches are 150 KB, and a write to any one of them
 * builds the list again).
 */
const jsonTexts = new WeakMap<object, string>();

/** JSON.stringify(value), remembered for a frozen object. */
export function jsonOf(value: object): string {
  let text = jsonTexts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (Object.isFrozen(value)) jsonTexts.set(value, text);
  }
  return text;
}

/** The same text as JSON.stringify(items), each item's from `jsonOf`. */
export function jsonListText(items: readonly object[]): string {
  return `[${items.map(jsonOf).join(',')}]`;
}

/**
 * For an answer that also depends on the clock: the shared read cache may keep it only
 * until `at` (an ISO instant or epoch ms); null means the clock will not change it.
 */
export function holdUntil(c: Context<AppEnv>, at: string | number | null): void {
  if (at === null) return;
  const ms = typeof at === 'number' ? at : Date.parse(at);
  const held = c.get('readExpiresAt');
  c.set('readExpiresAt', held === undefined ? ms : Math.min(held, ms));
}
