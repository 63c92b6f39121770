/**
 * Compressed answers for a phone on a bad signal: Brotli where the browser
 * accepts it, else gzip. JSON such as a league's matches shrinks to a small fraction in
 * Brotli, which on a slow mobile link is most of the wait. The levels are ones that cost
 * little for such an answer; the read cache compresses an entry once per
 * encoding and serves those bytes from then on. (Compressing on libuv's thread pool
 * instead cut the throughput of the mixed load on a machine of few cores: the pool's
 * threads took the CPU that the event loop and the clients needed.)
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this, compressing saves less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|xml|javascript)|image\/svg\+xml)/i;

/** Whether an answer of this type and size is worth compressing (and so varies by Accept-Encoding). */
export function compressible(contentType: string | undefined, size: number): boolean {
  return size >= MIN_COMPRESSED_BYTES && contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);
}

/** Answers by Accept-Encoding value: a browser sends the same one with every request. */
const chosen = new Map<string, Encoding | null>();
const CHOSEN_KEPT = 64;

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 section 12.5.3):
 * Brotli, else gzip, whichever is accepted, named or through `*`; `q=0` refuses one.
 * Null: the identity. Parsing it again on every hit of the read cache adds up; the
 * answer is remembered for the few values browsers send.
 */
export function chooseEncoding(accept: string | null | undefined): Encoding | null {
  if (!accept) return null;
  let encoding = chosen.get(accept);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(accept);
    if (chosen.size >= CHOSEN_KEPT) chosen.clear();
    chosen.set(accept, encoding);
  }
  return encoding;
}

function parseAcceptEncoding(accept: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

function brotliOptions(bytes: Uint8Array): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  };
}

const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

/** The bytes in that encoding. */
export function compress(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, brotliOptions(bytes))
    : zlib.gzipSync(bytes, GZIP_OPTIONS);
}

/**
 * Above this, an answer is compressed on libuv's thread pool (`compressOffThread`): on the
 * event loop the cost grows with the size, and the whole of a large database's match list
 * would have held every other request for seconds.
 */
export const OFF_THREAD_BYTES = 1024 * 1024;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `compress` on libuv's thread pool, for answers over OFF_THREAD_BYTES. */
export function compressOffThread(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliCompress(bytes, brotliOptions(bytes)) : gzip(bytes, GZIP_OPTIONS);
}

/** A Vary header naming Accept-Encoding as well as what it named. */
export function varyOnEncoding(vary: string | undefined): string {
  if (vary === undefined || vary.trim() === '') return 'Accept-Encoding';
  return /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary) ? vary : `Accept-Encoding, ${vary}`;
}
