/**
 * How every read answers: the body is serialised once to bytes, the weak ETag is the
 * SHA-1 of those bytes, and a matching If-None-Match gets a 304 from the same work.
 * The bytes and tag stay on the context so the read cache (read-cache.ts) can keep
 * them without reading the response again; no response is cloned or re-read.
 */
import { createHash, type Hash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';
import type { AppEnv, ReadBody } from '../env';
import {
  chooseEncoding,
  compress,
  compressible,
  compressOffThread,
  OFF_THREAD_BYTES,
  varyOnEncoding,
  type Encoding,
} from './compression';

export function weakEtag(bytes: Uint8Array): string {
  return weakEtagOf(etagHash().update(bytes));
}

/** The hash `weakEtag` takes of the bytes, to be fed them piece by piece. */
function etagHash(): Hash {
  return createHash('sha1');
}

/** The weak ETag of the bytes `hash` (`etagHash`) was fed. */
function weakEtagOf(hash: Hash): string {
  return `W/"${hash.digest('hex')}"`;
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

/**
 * Answers `bytes` with an ETag, or 304 when the client already has them; compressed when
 * the client accepts it and they are worth it (compression.ts), a very large answer
 * asynchronously. The tag is weak, so it stands for the bytes in any encoding; it is
 * given when it was computed as the bytes were written (`jsonListBytesInSteps`).
 */
export function readResponse(
  c: Context<AppEnv>,
  bytes: Uint8Array,
  headers: Record<string, string>,
  etag: string = weakEtag(bytes),
): Response | Promise<Response> {
  const body: ReadBody = { bytes, etag };
  c.set('readBody', body);
  const varies = compressible(headers['Content-Type'], bytes.byteLength);
  const answered = varies ? { ...headers, Vary: varyOnEncoding(headers.Vary) } : headers;
  if (etagMatches(etag, c.req.header('If-None-Match'))) {
    const kept: Record<string, string> = { ETag: etag };
    for (const [name, value] of Object.entries(answered)) {
      if (RETAINED_304_HEADERS.has(name.toLowerCase())) kept[name] = value;
    }
    return c.body(null, 304, kept);
  }
  const encoding = varies ? chooseEncoding(c.req.header('Accept-Encoding')) : null;
  if (encoding === null) return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...answered, ETag: etag });
  const answer = (encoded: Buffer) => {
    body.encoded = { encoding, bytes: encoded };
    return c.body(new Uint8Array(encoded), 200, { ...answered, ETag: etag, 'Content-Encoding': encoding });
  };
  const encoded = compressAnswer(bytes, encoding);
  return encoded instanceof Promise ? encoded.then(answer) : answer(encoded);
}

/**
 * The bytes of an answer in `encoding`: at once, or on libuv's thread pool past
 * OFF_THREAD_BYTES (compression.ts). Used by Hono's answers here and by the read cache.
 */
export function compressAnswer(bytes: Uint8Array, encoding: Encoding): Buffer | Promise<Buffer> {
  return bytes.byteLength > OFF_THREAD_BYTES ? compressOffThread(bytes, encoding) : compress(bytes, encoding);
}

/** A JSON read: `Content-Type: application/json`, the given Cache-Control, an ETag. */
export function jsonRead(
  c: Context<AppEnv>,
  data: unknown,
  cacheControl: string,
): Response | Promise<Response> {
  return jsonBytesRead(c, Buffer.from(JSON.stringify(data)), cacheControl);
}

/** A JSON read of bytes already written as JSON (e.g. by `jsonListBytes`), and their tag if known. */
export function jsonBytesRead(
  c: Context<AppEnv>,
  json: Uint8Array,
  cacheControl: string,
  etag?: string,
): Response | Promise<Response> {
  return readResponse(
    c,
    json,
    {
      'Content-Type': 'application/json',
      'Cache-Control': cacheControl,
    },
    etag,
  );
}

/**
 * The JSON (UTF-8) of objects shared between answers, which never change (frozen), kept
 * beside them: a list of them is written by joining their bytes instead of serializing
 * and encoding each again (a league's matches are a large list, and a write to any
 * one of them builds the list again).
 */
const jsonBytes = new WeakMap<object, Buffer>();

/** Buffer.from(JSON.stringify(value)), remembered for a frozen object. */
export function jsonBytesOf(value: object): Buffer {
  let bytes = jsonBytes.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(value));
    if (Object.isFrozen(value)) jsonBytes.set(value, bytes);
  }
  return bytes;
}

const COMMA = Buffer.from(',');

/**
 * The bytes of JSON.stringify(items), or of JSON.stringify({ [key]: items }) given a key,
 * each item's from `jsonBytesOf`.
 */
export function jsonListBytes(items: readonly object[], key?: string): Buffer {
  const parts = [listStart(key)];
  pushItems(parts, items, 0, items.length);
  parts.push(listEnd(key));
  return Buffer.concat(parts);
}

/** Items written in one turn of the event loop by `jsonListBytesInSteps`. */
const JSON_STEP = 2_000;
/** Bytes copied in one turn of the event loop when `jsonListBytesInSteps` joins its steps. */
const JOIN_STEP_BYTES = 16 * 1024 * 1024;

/**
 * `jsonListBytes` for a list that may be very long (every match of a large database:
 * hundreds of megabytes), with its ETag (`weakEtag`), a step of JSON_STEP items at a
 * time with a turn of the event loop after each, so that other requests are answered
 * meanwhile. The tag is hashed step by step as the bytes are written, and the steps are
 * joined JOIN_STEP_BYTES a turn: joined and hashed whole at the end, such a list held
 * the event loop for a long pause.
 */
export async function jsonListBytesInSteps(
  items: readonly object[],
  key?: string,
): Promise<{ bytes: Buffer; etag: string }> {
  const hash = etagHash();
  const steps: Buffer[] = [];
  const add = (step: Buffer) => {
    hash.update(step);
    steps.push(step);
  };
  add(listStart(key));
  for (let from = 0; from < items.length; from += JSON_STEP) {
    if (from > 0) await nextTurn();
    const parts: Buffer[] = [];
    pushItems(parts, items, from, Math.min(items.length, from + JSON_STEP));
    add(Buffer.concat(parts));
  }
  add(listEnd(key));
  return { bytes: await joinInSteps(steps), etag: weakEtagOf(hash) };
}

/** Buffer.concat(parts), copying JOIN_STEP_BYTES a turn of the event loop. */
async function joinInSteps(parts: readonly Buffer[]): Promise<Buffer> {
  let total = 0;
  for (const part of parts) total += part.byteLength;
  if (total <= JOIN_STEP_BYTES) return Buffer.concat(parts, total);
  const joined = Buffer.allocUnsafe(total);
  let offset = 0;
  let sinceTurn = 0;
  for (const part of parts) {
    if (sinceTurn >= JOIN_STEP_BYTES) {
      await nextTurn();
      sinceTurn = 0;
    }
    joined.set(part, offset);
    offset += part.byteLength;
    sinceTurn += part.byteLength;
  }
  return joined;
}

function listStart(key: string | undefined): Buffer {
  return Buffer.from(key === undefined ? '[' : `{${JSON.stringify(key)}:[`);
}

function listEnd(key: string | undefined): Buffer {
  return Buffer.from(key === undefined ? ']' : ']}');
}

function pushItems(parts: Buffer[], items: readonly object[], from: number, to: number): void {
  for (let index = from; index < to; index++) {
    if (index > 0) parts.push(COMMA);
    parts.push(jsonBytesOf(items[index] as object));
  }
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
