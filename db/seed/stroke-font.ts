/**
 * Capital letters and digits drawn as strokes, for the demo's pictures. A browser lays out
 * an SVG picture's <text> in a document of its own, with its own font lookup: on a slow
 * phone that was most of the cost of painting a crest or photo, and a league table
 * paints twenty. The same letters as paths cost nothing to lay
 * out, and look the same on every device (no font is involved).
 *
 * Glyphs are drawn in a box 10 units tall (the cap height; y grows downwards to the
 * baseline at 10), monoline, to be stroked with round caps and joins.
 */

interface Glyph {
  width: number;
  d: string;
}

const ROUND = 'M3 0 C1.2 0 0 2.2 0 5 C0 7.8 1.2 10 3 10 C4.8 10 6 7.8 6 5 C6 2.2 4.8 0 3 0 Z';
/** C and G: from the top right, over the top and down the left to the bottom. */
const OPEN_ROUND = 'M5.8 2 C5.2 0.7 4.2 0 3 0 C1.2 0 0 2.2 0 5 C0 7.8 1.2 10 3 10';
/** P and R: the stem and the upper bowl. */
const BOWL = 'M0 10 V0 H3.2 C6.2 0 6.2 5.2 3.2 5.2 H0';

const GLYPHS: Record<string, Glyph> = {
  A: { width: 6, d: 'M0 10 L3 0 L6 10 M1.1 6.6 H4.9' },
  B: { width: 6, d: 'M0 10 V0 H3.1 C6 0 6 4.8 3.1 4.8 H0 M3.1 4.8 H3.3 C6.3 4.8 6.3 10 3.3 10 H0' },
  C: { width: 6, d: `${OPEN_ROUND} C4.2 10 5.2 9.3 5.8 8` },
  D: { width: 6, d: 'M0 0 V10 H2 C4.9 10 6 7.8 6 5 C6 2.2 4.9 0 2 0 Z' },
  E: { width: 5.5, d: 'M5.5 0 H0 V10 H5.5 M0 4.9 H4.4' },
  F: { width: 5.5, d: 'M5.5 0 H0 V10 M0 4.9 H4.4' },
  G: { width: 6, d: `${OPEN_ROUND} C4.8 10 6 8.4 6 5.6 H3.4` },
  H: { width: 6, d: 'M0 0 V10 M6 0 V10 M0 5 H6' },
  I: { width: 3.6, d: 'M1.8 0 V10 M0 0 H3.6 M0 10 H3.6' },
  J: { width: 5, d: 'M5 0 V7 C5 9 4 10 2.5 10 C1.2 10 0.3 9.2 0 8' },
  K: { width: 6, d: 'M0 0 V10 M6 0 L0.2 6.2 M2.3 4.1 L6 10' },
  L: { width: 5.5, d: 'M0 0 V10 H5.5' },
  M: { width: 7, d: 'M0 10 V0 L3.5 7 L7 0 V10' },
  N: { width: 6, d: 'M0 10 V0 L6 10 V0' },
  O: { width: 6, d: ROUND },
  P: { width: 6, d: BOWL },
  Q: { width: 6, d: `${ROUND} M3.8 7.2 L6 10` },
  R: { width: 6, d: `${BOWL} M3 5.2 L6 10` },
  S: {
    width: 6,
    d: 'M5.6 1.6 C5 0.5 4 0 3 0 C1.4 0 0.4 1 0.4 2.5 C0.4 6 6 4 6 7.5 C6 9 4.8 10 3 10 C1.8 10 0.7 9.4 0 8.3',
  },
  T: { width: 6, d: 'M0 0 H6 M3 0 V10' },
  U: { width: 6, d: 'M0 0 V6.8 C0 9 1.3 10 3 10 C4.7 10 6 9 6 6.8 V0' },
  V: { width: 6, d: 'M0 0 L3 10 L6 0' },
  W: { width: 7, d: 'M0 0 L1.6 10 L3.5 3.6 L5.4 10 L7 0' },
  X: { width: 6, d: 'M0 0 L6 10 M6 0 L0 10' },
  Y: { width: 6, d: 'M0 0 L3 5 L6 0 M3 5 V10' },
  Z: { width: 6, d: 'M0 0 H6 L0 10 H6' },
  0: { width: 6, d: ROUND },
  1: { width: 5, d: 'M0.8 2.2 L3 0 V10 M0.8 10 H5' },
  2: { width: 6, d: 'M0.4 2.6 C0.6 0.8 1.7 0 3 0 C4.6 0 5.6 1.1 5.6 2.7 C5.6 5 2.2 6.6 0 10 H6' },
  3: {
    width: 6,
    d: 'M0.4 1.6 C1 0.5 2 0 3 0 C4.6 0 5.6 1 5.6 2.5 C5.6 4 4.4 4.9 2.6 4.9 C4.6 4.9 6 5.8 6 7.4 C6 9 4.7 10 3 10 C1.8 10 0.7 9.4 0.1 8.4',
  },
  4: { width: 6, d: 'M4.4 10 V0 L0 7 H6' },
  5: {
    width: 6,
    d: 'M5.5 0 H1 L0.6 4.5 C1.3 3.9 2.1 3.6 3 3.6 C4.8 3.6 6 4.9 6 6.8 C6 8.7 4.7 10 3 10 C1.8 10 0.7 9.4 0.1 8.4',
  },
  6: {
    width: 6,
    d: 'M5.4 1 C4.8 0.3 4 0 3 0 C1 0 0 2.4 0 5.6 C0 8.6 1.2 10 3 10 C4.8 10 6 8.8 6 7 C6 5.1 4.7 4 3.1 4 C1.6 4 0.4 5 0 6.4',
  },
  7: { width: 6, d: 'M0 0 H6 L2.2 10' },
  8: {
    width: 6,
    d: 'M3 4.8 C1.4 4.8 0.5 3.9 0.5 2.4 C0.5 0.9 1.6 0 3 0 C4.4 0 5.5 0.9 5.5 2.4 C5.5 3.9 4.6 4.8 3 4.8 C1.2 4.8 0 5.9 0 7.4 C0 9 1.3 10 3 10 C4.7 10 6 9 6 7.4 C6 5.9 4.8 4.8 3 4.8 Z',
  },
  9: {
    width: 6,
    d: 'M0.6 9 C1.2 9.7 2 10 3 10 C5 10 6 7.6 6 4.4 C6 1.4 4.8 0 3 0 C1.2 0 0 1.2 0 3 C0 4.9 1.3 6 2.9 6 C4.4 6 5.6 5 6 3.6',
  },
  '?': {
    width: 5.6,
    d: 'M0.2 2.4 C0.5 0.7 1.6 0 2.9 0 C4.4 0 5.6 1 5.6 2.6 C5.6 4.7 3 4.9 3 7.2 M3 9.8 V10',
  },
};

const SPACE = 4;
/** Room between glyphs, in glyph units, beyond the stroke's own width. */
const GAP = 1.4;

export interface StrokeTextOptions {
  /** the horizontal centre of the line */
  x: number;
  /** the baseline */
  y: number;
  capHeight: number;
  /** the stroke's width, in the picture's units */
  weight: number;
  colour: string;
  /** extra room between letters, in the picture's units */
  spacing?: number;
}

/**
 * `text` (capital letters A-Z, digits, spaces; anything else is drawn as "?") as one
 * stroked group, centred on `x` with its baseline on `y`.
 */
export function strokeText(text: string, options: StrokeTextOptions): string {
  const scale = options.capHeight / 10;
  const strokeUnits = options.weight / scale;
  const gap = GAP + strokeUnits + (options.spacing ?? 0) / scale;
  const parts: string[] = [];
  let cursor = 0;
  for (const char of text) {
    if (char === ' ') {
      cursor += SPACE;
      continue;
    }
    const glyph = GLYPHS[char] ?? (GLYPHS['?'] as Glyph);
    parts.push(`<path transform="translate(${round(cursor)} 0)" d="${glyph.d}"/>`);
    cursor += glyph.width + gap;
  }
  const width = Math.max(0, cursor - gap);
  const left = options.x - (width * scale) / 2;
  const top = options.y - options.capHeight;
  return (
    `<g transform="translate(${round(left)} ${round(top)}) scale(${round(scale)})" fill="none" ` +
    `stroke="${options.colour}" stroke-width="${round(strokeUnits)}" stroke-linecap="round" ` +
    `stroke-linejoin="round">${parts.join('')}</g>`
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
