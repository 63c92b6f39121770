/**
 * The Touchline icon, described once. Every icon file the app ships — favicon.svg,
 * the PNGs of the web app manifest and the iOS home-screen icon — is drawn from these
 * shapes (build/icon/svg.ts writes SVG, build/icon/raster.ts paints pixels), so the
 * design has one source. Coordinates are in a 64×64 design space, as in SVG: x to the
 * right, y down, strokes centred on the outline.
 */

export const DESIGN_SIZE = 64;
export const BRAND_GREEN = '#0f5132';
export const PITCH_WHITE = '#ffffff';

/** A colour as `#rrggbb`: the only form the SVG writer and the rasteriser need. */
export type Colour = `#${string}`;

export interface Stroke {
  colour: Colour;
  width: number;
}

export type Shape =
  | {
      kind: 'rect';
      x: number;
      y: number;
      width: number;
      height: number;
      /** Corner radius (SVG `rx`); 0 for square corners. */
      radius: number;
      fill?: Colour;
      stroke?: Stroke;
    }
  /** A straight line with butt ends, as SVG draws `<line>` by default. */
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: Stroke }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill?: Colour; stroke?: Stroke };

/**
 * - `rounded`: the favicon and the manifest's "any" icons — a rounded square on transparency.
 * - `full-bleed`: square corners and no transparency, for iOS, which rounds the corners itself.
 * - `maskable`: full-bleed, with the pitch shrunk into the safe zone (a centred circle of 80%
 *   of the width) so that any mask a launcher applies keeps all of it.
 */
export type IconVariant = 'rounded' | 'full-bleed' | 'maskable';

const LINE: Stroke = { colour: PITCH_WHITE, width: 3 };
const CENTRE = DESIGN_SIZE / 2;

/** The pitch: touchlines and goal lines, the halfway line and the centre circle. */
const PITCH: readonly Shape[] = [
  { kind: 'rect', x: 8, y: 10, width: 48, height: 44, radius: 3, stroke: LINE },
  { kind: 'line', x1: 32, y1: 10, x2: 32, y2: 54, stroke: LINE },
  { kind: 'circle', cx: 32, cy: 32, r: 8, stroke: LINE },
];

/** Radius of the maskable safe zone (W3C Manifest: a circle of 40% of the icon's width). */
export const SAFE_ZONE_RADIUS = 0.4 * DESIGN_SIZE;

function background(radius: number): Shape {
  return { kind: 'rect', x: 0, y: 0, width: DESIGN_SIZE, height: DESIGN_SIZE, radius, fill: BRAND_GREEN };
}

/** How far from the centre a shape paints, ink included (a safe over-estimate for rounded corners). */
export function reach(shape: Shape): number {
  const half = (shape.stroke?.width ?? 0) / 2;
  switch (shape.kind) {
    case 'rect': {
      const dx = Math.max(Math.abs(shape.x - half - CENTRE), Math.abs(shape.x + shape.width + half - CENTRE));
      const dy = Math.max(
        Math.abs(shape.y - half - CENTRE),
        Math.abs(shape.y + shape.height + half - CENTRE),
      );
      return Math.hypot(dx, dy);
    }
    case 'line': {
      // Butt ends: the corners of the stroked segment are the farthest points.
      const length = Math.hypot(shape.x2 - shape.x1, shape.y2 - shape.y1);
      const nx = length === 0 ? 0 : (-(shape.y2 - shape.y1) / length) * half;
      const ny = length === 0 ? 0 : ((shape.x2 - shape.x1) / length) * half;
      return Math.max(
        ...[shape.x1, shape.x2].flatMap((x, i) => {
          const y = i === 0 ? shape.y1 : shape.y2;
          return [Math.hypot(x + nx - CENTRE, y + ny - CENTRE), Math.hypot(x - nx - CENTRE, y - ny - CENTRE)];
        }),
      );
    }
    case 'circle':
      return Math.hypot(shape.cx - CENTRE, shape.cy - CENTRE) + shape.r + half;
  }
}

/** The shape scaled by `factor` about the centre of the design space, strokes included. */
function scaled(shape: Shape, factor: number): Shape {
  const at = (value: number) => CENTRE + (value - CENTRE) * factor;
  const stroke = shape.stroke && { ...shape.stroke, width: shape.stroke.width * factor };
  switch (shape.kind) {
    case 'rect':
      return {
        ...shape,
        x: at(shape.x),
        y: at(shape.y),
        width: shape.width * factor,
        height: shape.height * factor,
        radius: shape.radius * factor,
        ...(stroke && { stroke }),
      };
    case 'line':
      return {
        ...shape,
        x1: at(shape.x1),
        y1: at(shape.y1),
        x2: at(shape.x2),
        y2: at(shape.y2),
        stroke: { ...shape.stroke, width: shape.stroke.width * factor },
      };
    case 'circle':
      return { ...shape, cx: at(shape.cx), cy: at(shape.cy), r: shape.r * factor, ...(stroke && { stroke }) };
  }
}

/** The shapes of one variant of the icon, painted in order. */
export function iconShapes(variant: IconVariant): Shape[] {
  switch (variant) {
    case 'rounded':
      return [background(14), ...PITCH];
    case 'full-bleed':
      return [background(0), ...PITCH];
    case 'maskable': {
      // Shrink the whole pitch (strokes too, so it keeps its proportions) until its farthest
      // ink sits inside the safe zone; computed, so a change to the pitch stays safe.
      const factor = Math.min(1, SAFE_ZONE_RADIUS / Math.max(...PITCH.map(reach)));
      return [background(0), ...PITCH.map((shape) => scaled(shape, factor))];
    }
  }
}
