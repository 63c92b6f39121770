/**
 * Which encoding an answer goes in (api/http/compression.ts): the client's Accept-Encoding
 * with its weights, what is worth compressing, and the Vary that says so.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  compress,
  compressible,
  MIN_COMPRESSED_BYTES,
  varyOnEncoding,
} from '../../api/http/compression';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, among what the client accepts', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0.1, gzip;q=1.0')).toBe('br');
    // A weight that is not one is no weight.
    expect(chooseEncoding('br;q=x')).toBe('br');
  });

  it('refuses what is weighted 0, named or through *, and answers the identity otherwise', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br; q=0 , gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, *')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.000')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate, compress')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding(null)).toBeNull();
  });

  it('answers alike however many different values it has seen', () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 150; i++) {
        expect(chooseEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe('gzip');
        expect(chooseEncoding(`br;q=0, gzip;q=0, y-${i}`)).toBeNull();
      }
    }
  });
});

describe('compressible', () => {
  it('is text of a kilobyte or more', () => {
    for (const type of ['application/json', 'text/csv; charset=utf-8', 'text/calendar', 'image/svg+xml']) {
      expect(compressible(type, MIN_COMPRESSED_BYTES), type).toBe(true);
      expect(compressible(type, MIN_COMPRESSED_BYTES - 1), type).toBe(false);
    }
    for (const type of ['image/jpeg', 'image/png', 'application/octet-stream', undefined]) {
      expect(compressible(type, 100_000), String(type)).toBe(false);
    }
  });
});

describe('compress', () => {
  it('gives bytes the client decodes to the same', () => {
    const bytes = Buffer.from(JSON.stringify({ matches: Array.from({ length: 200 }, (_, id) => ({ id })) }));
    expect(zlib.brotliDecompressSync(compress(bytes, 'br')).equals(bytes)).toBe(true);
    expect(zlib.gunzipSync(compress(bytes, 'gzip')).equals(bytes)).toBe(true);
    expect(compress(bytes, 'br').byteLength).toBeLessThan(bytes.byteLength / 4);
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once to what the answer varies on', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding(' ')).toBe('Accept-Encoding');
    expect(varyOnEncoding('Cookie')).toBe('Accept-Encoding, Cookie');
    expect(varyOnEncoding('Cookie, accept-encoding')).toBe('Cookie, accept-encoding');
    expect(varyOnEncoding('Accept-Encoding-Extra')).toBe('Accept-Encoding, Accept-Encoding-Extra');
  });
});
