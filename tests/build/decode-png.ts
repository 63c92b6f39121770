/**
 * A small PNG reader for tests: checks the signature and every chunk's CRC, and
 * decodes 8-bit RGB and RGBA images (the only kinds build/icon/png.ts writes) into
 * RGBA pixels, undoing the five row filters.
 */
import { inflateSync } from 'node:zlib';
import { crc32, paeth } from '../../build/icon/png';

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

export interface DecodedPng extends PngHeader {
  /** RGBA, 4 bytes a pixel, rows top to bottom (RGB images get alpha 255). */
  pixels: Uint8Array;
  pixel(x: number, y: number): [number, number, number, number];
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR fields, which every PNG starts with (bytes 16 to 28). */
export function readPngHeader(png: Uint8Array): PngHeader {
  const bytes = Buffer.from(png);
  if (!bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG: bad signature');
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('Not a PNG: IHDR is not the first chunk');
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitDepth: bytes[24] ?? 0,
    colourType: bytes[25] ?? 0,
  };
}

export function decodePng(png: Uint8Array): DecodedPng {
  const header = readPngHeader(png);
  const bytes = Buffer.from(png);
  const idat: Buffer[] = [];
  let offset = 8;
  let ended = false;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const typeAndBody = bytes.subarray(offset + 4, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(typeAndBody) !== crc) throw new Error(`Bad CRC in the ${type} chunk`);
    if (type === 'IDAT') idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    if (type === 'IEND') ended = true;
    offset += length + 12;
  }
  if (!ended) throw new Error('No IEND chunk');
  if (header.bitDepth !== 8 || (header.colourType !== 2 && header.colourType !== 6)) {
    throw new Error(`Unsupported PNG: depth ${header.bitDepth}, colour type ${header.colourType}`);
  }
  const bpp = header.colourType === 6 ? 4 : 3;
  const stride = header.width * bpp;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length !== (stride + 1) * header.height) throw new Error('Image data does not match the header');

  const pixels = new Uint8Array(header.width * header.height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < header.height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
      const up = previous[i] ?? 0;
      const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
      const predicted = [0, left, up, (left + up) >>> 1, paeth(left, up, upLeft)][filter];
      if (predicted === undefined) throw new Error(`Unknown filter ${filter} on row ${y}`);
      row[i] = ((line[i] ?? 0) + predicted) & 0xff;
    }
    for (let x = 0; x < header.width; x++) {
      const to = (y * header.width + x) * 4;
      pixels[to] = row[x * bpp] ?? 0;
      pixels[to + 1] = row[x * bpp + 1] ?? 0;
      pixels[to + 2] = row[x * bpp + 2] ?? 0;
      pixels[to + 3] = bpp === 4 ? (row[x * bpp + 3] ?? 0) : 255;
    }
    previous = row;
  }
  return {
    ...header,
    pixels,
    pixel(x, y) {
      const i = (y * header.width + x) * 4;
      return [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0];
    },
  };
}
