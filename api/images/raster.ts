/**
 * SVG pictures drawn as PNG at the size a screen shows them. A browser parses, lays out
 * and paints an SVG picture as a document of its own, on the page's main thread; a PNG
 * it decodes off that thread. A league's tab shows dozens of crests, and on a phone's
 * CPU each SVG one was a task of its own that kept a tap waiting. The drawing runs on
 * libuv's thread pool (resvg), not on the server's event loop, and is kept: a crest is
 * drawn once per size, not once per request.
 */
import crypto from 'node:crypto';
import { renderAsync } from '@resvg/resvg-js';

/** How many drawn pictures are kept (a few kilobytes each): every crest at a few sizes. */
const KEPT = 500;
const kept = new Map<string, Promise<Uint8Array<ArrayBuffer> | null>>();

/**
 * The SVG `svg` drawn as a PNG that fits a `box`×`box` square, keeping its proportions;
 * null when it cannot be drawn (then the SVG itself is the answer).
 */
export function svgAsPng(svg: Uint8Array, box: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const key = `${crypto.createHash('sha256').update(svg).digest('base64')}:${box}`;
  const known = kept.get(key);
  if (known) {
    // Most recently used last: the first entry is the one to drop.
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const drawn = draw(Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength), box);
  kept.set(key, drawn);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  return drawn;
}

async function draw(svg: Buffer, box: number): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    // Fitted by its height first (a crest is taller than wide); a wider picture again by its width.
    let image = await renderAsync(svg, { fitTo: { mode: 'height', value: box }, logLevel: 'off' });
    if (image.width > box)
      image = await renderAsync(svg, { fitTo: { mode: 'width', value: box }, logLevel: 'off' });
    return new Uint8Array(image.asPng());
  } catch {
    return null;
  }
}
