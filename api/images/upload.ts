/**
 * Crest and photo uploads: a multipart body's `file`, recognised by its first bytes (never
 * its name or declared type), re-encoded through sharp at most 512 px on the longer side
 * with every piece of metadata dropped (EXIF, GPS, ICC comments: many players are minors),
 * and stored under a new name in DATA_DIR/images/<kind>/ so no cache ever shows the old
 * picture under the new one's name.
 *
 * The upload runs as a guard around writeTransaction: the file is checked and written
 * before the transaction, the handler records the name in its row, and once the
 * transaction is over either the replaced upload (committed) or the new file (refused,
 * rolled back, replayed) is removed. A refusal therefore stores nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { fail } from '../errors';

export type UploadKind = 'teams' | 'players';

/** The largest picture taken: the size the images route still serves. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The multipart framing around the file (boundaries, part headers) fits well inside this. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
export const UPLOAD_TOO_LARGE = 'The picture is over 5 MB: choose a smaller one';
/** The longer side of a stored picture; crests and photos are shown far smaller. */
export const MAX_SIDE = 512;

const UPLOAD_PATHS = [/^\/api\/teams\/[^/]+\/crest$/, /^\/api\/players\/[^/]+\/photo$/];

/** Whether a request is an upload, which takes a larger body than a JSON write. */
export function isImageUpload(method: string, urlPath: string): boolean {
  return method === 'POST' && UPLOAD_PATHS.some((pattern) => pattern.test(urlPath));
}

type Format = 'png' | 'jpeg' | 'webp';
const EXTENSION: Record<Format, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** The format the first bytes announce, or null for anything else (SVG, GIF, text…). */
export function sniffImage(bytes: Uint8Array): Format | null {
  const starts = (offset: number, signature: readonly number[]) =>
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

/** The file name of an upload: `<owner id>.<random>.<ext>`; seeded pictures never match. */
const UPLOADED = /^[\w.-]+\.u[0-9a-f]{16}\.(?:png|jpg|webp)$/;

export function isUploadedName(name: string | null): name is string {
  return name !== null && UPLOADED.test(name);
}

/** The request body the OpenAPI document describes (the guard reads it itself). */
export const uploadBody = (what: string) => ({
  required: true,
  description: `multipart/form-data with the ${what} as the field "file": PNG, JPEG or WebP, at most 5 MB`,
  content: {
    'multipart/form-data': {
      schema: z.object({ file: z.any().meta({ type: 'string', format: 'binary' }) }),
    },
  },
});

export const NOT_AN_IMAGE = {
  teams: 'The crest must be a PNG, JPEG or WebP image',
  players: 'The photo must be a PNG, JPEG or WebP image',
} as const;

interface Stored {
  /** the new file's name, set by the guard */
  name: string;
  /** what the row held before, set by the handler once it has written the new name */
  replaced?: string | null;
}

const uploads = new WeakMap<Context, Stored>();

/** The stored name of this request's picture; the handler writes it into its row. */
export function uploadedName(c: Context<AppEnv>): string {
  const stored = uploads.get(c);
  if (stored === undefined) throw new Error('No upload guard ran for this route');
  return stored.name;
}

/** The handler says what the row held, so the old upload goes once the new one is committed. */
export function replacedPicture(c: Context<AppEnv>, previous: string | null): void {
  const stored = uploads.get(c);
  if (stored !== undefined) stored.replaced = previous;
}

/** The picture re-encoded: orientation applied, at most MAX_SIDE px, no metadata kept. */
async function processImage(bytes: Uint8Array, format: Format): Promise<Buffer> {
  // rotate() with no angle applies the EXIF orientation before the EXIF is dropped;
  // sharp keeps no metadata unless told to.
  const pipeline = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (format === 'png') return pipeline.png().toBuffer();
  if (format === 'jpeg') return pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  return pipeline.webp({ quality: 85 }).toBuffer();
}

/** The multipart body's `file` as bytes, or a 400 that says what to send. */
async function readFile(c: Context<AppEnv>, kind: UploadKind): Promise<Uint8Array> {
  // The boundary is case-sensitive: only the media type is compared without case.
  const type = c.req.header('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    fail(400, 'Send the picture as multipart/form-data, in the field "file"');
  }
  // Read as bytes first: writeTransaction then reads the same cached bytes, and a text
  // reading before them would have mangled the image.
  const buffer = await c.req.arrayBuffer();
  let form: FormData;
  try {
    form = await new Response(buffer, { headers: { 'Content-Type': type } }).formData();
  } catch {
    fail(400, 'The multipart body could not be read');
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') {
    fail(400, 'Send the picture in the field "file"');
  }
  if (file.size > MAX_UPLOAD_BYTES) fail(413, UPLOAD_TOO_LARGE);
  if (file.size === 0) fail(400, NOT_AN_IMAGE[kind]);
  return new Uint8Array(await file.arrayBuffer());
}

async function removeQuietly(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true });
}

/**
 * The guard of an upload route: `authorise` first (so a refused caller sends nothing to
 * sharp), then the picture checked, processed and stored; after the write, the file that
 * is no longer wanted removed.
 */
export function imageUpload(
  kind: UploadKind,
  authorise: (c: Context<AppEnv>) => Promise<{ ownerId: string }>,
): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { ownerId } = await authorise(c);
    const bytes = await readFile(c, kind);
    const format = sniffImage(bytes);
    if (format === null) fail(400, NOT_AN_IMAGE[kind]);
    let processed: Buffer;
    try {
      processed = await processImage(bytes, format);
    } catch {
      // The right first bytes over a broken body: still not a picture we can keep.
      fail(400, NOT_AN_IMAGE[kind]);
    }
    const dir = path.resolve(c.get('options').imagesDir, kind);
    await fs.promises.mkdir(dir, { recursive: true });
    const safeOwner = ownerId.replace(/[^\w.-]/g, '_').slice(0, 150);
    const name = `${safeOwner}.u${randomBytes(8).toString('hex')}.${EXTENSION[format]}`;
    const file = path.join(dir, name);
    // Written aside and renamed, so the images route never serves half a file.
    const partial = `${file}.partial`;
    await fs.promises.writeFile(partial, processed, { mode: 0o600 });
    await fs.promises.rename(partial, file);
    const stored: Stored = { name };
    uploads.set(c, stored);
    let committed = false;
    try {
      await next();
      committed = stored.replaced !== undefined && c.error === undefined && c.res.status < 400;
    } finally {
      if (!committed) await removeQuietly(file);
    }
    if (isUploadedName(stored.replaced ?? null) && stored.replaced !== name) {
      await removeQuietly(path.join(dir, path.basename(stored.replaced as string)));
    }
  });
}
