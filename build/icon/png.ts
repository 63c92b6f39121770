/**
 * A PNG encoder for the icons, with no image library: 8-bit truecolour, with an alpha
 * channel only when some pixel is not opaque (iOS wants home-screen icons without one),
 * each row filtered with whichever of the five PNG filters leaves the smallest sum of
 * bytes (the heuristic the PNG specification suggests), compressed by node:zlib.
 */
import { deflateSync } from 'node:zlib';
import type { RgbaImage } from './raster.ts';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const COLOUR_TYPE_RGB = 2;
const COLOUR_TYPE_RGBA = 6;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks use it (ISO 3309, the same as zlib's). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const out = Buffer.alloc(typeAndBody.length + 8);
  out.writeUInt32BE(body.length, 0);
  typeAndBody.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndBody), typeAndBody.length + 4);
  return out;
}

/** The PNG Paeth predictor (filter type 4). */
export function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const pa = Math.abs(p - left);
  const pb = Math.abs(p - up);
  const pc = Math.abs(p - upLeft);
  return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
}

/** The row after filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) into `out`. */
function filterRow(type: number, row: Uint8Array, previous: Uint8Array, bpp: number, out: Uint8Array): void {
  for (let i = 0; i < row.length; i++) {
    const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
    const up = previous[i] ?? 0;
    const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
    const predicted =
      type === 0
        ? 0
        : type === 1
          ? left
          : type === 2
            ? up
            : type === 3
              ? (left + up) >>> 1
              : paeth(left, up, upLeft);
    out[i] = ((row[i] ?? 0) - predicted) & 0xff;
  }
}

/** Sum of the filtered bytes read as signed: smaller usually compresses better. */
function cost(filtered: Uint8Array): number {
  let sum = 0;
  for (const byte of filtered) sum += byte < 128 ? byte : 256 - byte;
  return sum;
}

export function encodePng(image: RgbaImage): Buffer {
  const { width, height, data } = image;
  if (data.length !== width * height * 4) throw new Error('Image data does not match its size');
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  const bpp = opaque ? 3 : 4;
  const stride = width * bpp;

  const raw = new Uint8Array((stride + 1) * height);
  const row = new Uint8Array(stride);
  let previous = new Uint8Array(stride);
  const candidates = [0, 1, 2, 3, 4].map(() => new Uint8Array(stride));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < bpp; c++) row[x * bpp + c] = data[(y * width + x) * 4 + c] ?? 0;
    }
    let best = 0;
    let bestRow = candidates[0] ?? row;
    let bestCost = Infinity;
    candidates.forEach((candidate, type) => {
      filterRow(type, row, previous, bpp, candidate);
      const value = cost(candidate);
      if (value < bestCost) {
        best = type;
        bestRow = candidate;
        bestCost = value;
      }
    });
    raw[y * (stride + 1)] = best;
    raw.set(bestRow, y * (stride + 1) + 1);
    previous = row.slice();
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = opaque ? COLOUR_TYPE_RGB : COLOUR_TYPE_RGBA;
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
