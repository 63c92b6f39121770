/**
 * /api/images: team crests and player and coach photos from the images folder. A missing or
 * unservable picture answers the default headshot rather than an error, because
 * the client shows whatever comes back in an <img>.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, read, readAnswer, resourceRouter } from '../http/contract';
import { readResponse } from '../http/read';
import { positiveIntParam } from '../http/validate';
import { MAX_BOX, MIN_BOX } from '../domain/picture-box';
import { svgAsPng } from '../images/raster';

export const IMAGE_KINDS = ['teams', 'players', 'coaches'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Larger files are treated as missing: nothing a league uploads as a crest needs more. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_NAME_LENGTH = 200;

/** Only these types are served; anything else could be sniffed into something active. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** An SVG opened on its own is a document: it must not run script or load anything. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const DEFAULT_NAME = 'default.jpg';
const BUNDLED_DEFAULT = new URL('../assets/default.jpg', import.meta.url);

/**
 * The spec's rule: every character outside word characters, dot and hyphen becomes
 * an underscore (one per code point). Returns null for names that cannot be a
 * served file: empty, hidden or dot-only ('.', '..'), or too long.
 */
export function sanitiseImageName(raw: string): string | null {
  const name = raw.replace(/[^A-Za-z0-9_.-]/gu, '_');
  if (name.length === 0 || name.length > MAX_IMAGE_NAME_LENGTH || name.startsWith('.')) return null;
  return name;
}

/** The content type a sanitised name is served with, or null when it is not an image we serve. */
export function imageContentType(name: string): string | null {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? null;
}

interface Image {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  /** true when the default stands in for the picture asked for */
  fallback: boolean;
}

const imageParams = z.object({
  kind: z.enum(IMAGE_KINDS).meta({ description: 'the folder' }),
  file: z.string().meta({ description: 'file name (.svg, .png, .jpg, .jpeg, .webp or .gif)' }),
});

const imageQuery = z.object({
  box: positiveIntParam(MAX_BOX)
    .pipe(z.number().min(MIN_BOX, `must be at least ${MIN_BOX}`))
    .optional()
    .meta({
      description:
        `an SVG picture comes as a PNG that fits a square of this many pixels (${MIN_BOX}–${MAX_BOX}); ` +
        'other pictures come as they are',
    }),
});

// The path's pattern spells IMAGE_KINDS: another folder is a 404, like any unknown path.
const getImage = read({
  path: '/images/{kind{teams|players|coaches}}/{file}',
  operationId: 'getImage',
  tags: ['images'],
  summary: 'A team crest, player or coach photo',
  description:
    'default.jpg (or the bundled default) when missing; SVG answers carry a sandboxing CSP; ' +
    'with box, an SVG picture is drawn as a PNG of that size',
  request: { params: imageParams, query: imageQuery },
  responses: {
    200: readAnswer(z.string().meta({ format: 'binary' }), 'The image', 'image/*'),
    ...errors({ 400: 'Not a possible file name, or a box out of range' }),
  },
});

export const imageRoutes = resourceRouter(
  endpoint(getImage, async (c) => {
    const { kind, file } = c.req.valid('param');
    const { box } = c.req.valid('query');
    const name = sanitiseImageName(file);
    if (name === null) fail(400, 'Invalid image file name');
    const dir = path.resolve(c.get('options').imagesDir, kind);
    const contentType = imageContentType(name);
    const bytes = contentType === null ? null : await readInside(dir, name);
    const found: Image | null =
      bytes !== null && contentType !== null ? { bytes, contentType, fallback: false } : null;
    const image: Image = found
      ? await drawnToFit(found, box)
      : { bytes: await defaultImage(dir), contentType: 'image/jpeg', fallback: true };

    const headers: Record<string, string> = {
      'Content-Type': image.contentType,
      // A stand-in must not stick for a day once the real picture is uploaded; the
      // ETag keeps the revalidation cheap.
      'Cache-Control': image.fallback ? CACHE.revalidate : CACHE.images,
      'X-Content-Type-Options': 'nosniff',
    };
    if (image.contentType === 'image/svg+xml') headers['Content-Security-Policy'] = SVG_CSP;
    return readResponse(c, image.bytes, headers);
  }),
);

/** An SVG picture as a PNG fitting `box` when one is asked for and it can be drawn; else as it is. */
async function drawnToFit(image: Image, box: number | undefined): Promise<Image> {
  if (box === undefined || image.contentType !== 'image/svg+xml') return image;
  const png = await svgAsPng(image.bytes, box);
  return png === null ? image : { bytes: png, contentType: 'image/png', fallback: false };
}

/** Reads `name` from `dir`, or null when it is not there (or not a servable file). */
async function readInside(dir: string, name: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const file = path.resolve(dir, name);
  // The name is already sanitised; this is the second wall should that rule ever loosen.
  if (path.dirname(file) !== dir) return null;
  return readImageFile(file);
}

async function defaultImage(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  return (await readInside(dir, DEFAULT_NAME)) ?? bundledDefault();
}

let bundled: Promise<Uint8Array<ArrayBuffer>> | undefined;

/** The bundled asset never changes while the process runs, so it is read once. */
function bundledDefault(): Promise<Uint8Array<ArrayBuffer>> {
  bundled ??= fs.promises.readFile(BUNDLED_DEFAULT);
  return bundled;
}

/** Errors that mean "no such picture" rather than a broken server. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);

async function readImageFile(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  let handle: fs.promises.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO someone left in the folder must not hang the request.
    handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_IMAGE_BYTES) return null;
    return await handle.readFile();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Error && 'code' in error && typeof error.code === 'string' && MISSING.has(error.code)
  );
}
