/**
 * Paints icon shapes into RGBA pixels without an image library. Each shape is measured
 * with a signed distance function at every pixel centre; the distance (in pixels) gives
 * the share of the pixel the shape covers, which anti-aliases edges the way a box filter
 * would. Shapes are composited in order with source-over, in sRGB like browsers do.
 */
import { DESIGN_SIZE, type Colour, type Shape } from './shapes.ts';

/** Straight (not premultiplied) RGBA, 8 bits a channel, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

type Distance = (x: number, y: number) => number;

interface Layer {
  colour: readonly [number, number, number];
  distance: Distance;
  /** Design-space box outside which the layer covers nothing. */
  bounds: { left: number; top: number; right: number; bottom: number };
}

/** Distance to a box centred on (cx, cy) with half-sizes hw, hh and corner radius r; negative inside. */
function roundedBox(cx: number, cy: number, hw: number, hh: number, r: number): Distance {
  const radius = Math.min(r, hw, hh);
  return (x, y) => {
    const qx = Math.abs(x - cx) - hw + radius;
    const qy = Math.abs(y - cy) - hh + radius;
    const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
    const inside = Math.min(Math.max(qx, qy), 0);
    return outside + inside - radius;
  };
}

function parseColour(colour: Colour): readonly [number, number, number] {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) throw new Error(`Icon colours are #rrggbb, not ${colour}`);
  const channel = (at: number) => parseInt(colour.slice(at, at + 2), 16) / 255;
  return [channel(1), channel(3), channel(5)];
}

/** A stroke is the band within half its width of the outline. */
function stroked(outline: Distance, width: number): Distance {
  return (x, y) => Math.abs(outline(x, y)) - width / 2;
}

function layers(shape: Shape): Layer[] {
  const result: Layer[] = [];
  const half = (shape.stroke?.width ?? 0) / 2;
  switch (shape.kind) {
    case 'rect': {
      const outline = roundedBox(
        shape.x + shape.width / 2,
        shape.y + shape.height / 2,
        shape.width / 2,
        shape.height / 2,
        shape.radius,
      );
      const bounds = {
        left: shape.x - half,
        top: shape.y - half,
        right: shape.x + shape.width + half,
        bottom: shape.y + shape.height + half,
      };
      if (shape.fill) result.push({ colour: parseColour(shape.fill), distance: outline, bounds });
      if (shape.stroke) {
        result.push({
          colour: parseColour(shape.stroke.colour),
          distance: stroked(outline, shape.stroke.width),
          bounds,
        });
      }
      return result;
    }
    case 'line': {
      // A stroked segment with butt ends is a box along the segment: measure in its own frame.
      const length = Math.hypot(shape.x2 - shape.x1, shape.y2 - shape.y1);
      if (length === 0) return result;
      const ux = (shape.x2 - shape.x1) / length;
      const uy = (shape.y2 - shape.y1) / length;
      const mx = (shape.x1 + shape.x2) / 2;
      const my = (shape.y1 + shape.y2) / 2;
      const box = roundedBox(0, 0, length / 2, half, 0);
      result.push({
        colour: parseColour(shape.stroke.colour),
        distance: (x, y) => box((x - mx) * ux + (y - my) * uy, -(x - mx) * uy + (y - my) * ux),
        bounds: {
          left: Math.min(shape.x1, shape.x2) - half,
          top: Math.min(shape.y1, shape.y2) - half,
          right: Math.max(shape.x1, shape.x2) + half,
          bottom: Math.max(shape.y1, shape.y2) + half,
        },
      });
      return result;
    }
    case 'circle': {
      const outline: Distance = (x, y) => Math.hypot(x - shape.cx, y - shape.cy) - shape.r;
      const extent = shape.r + half;
      const bounds = {
        left: shape.cx - extent,
        top: shape.cy - extent,
        right: shape.cx + extent,
        bottom: shape.cy + extent,
      };
      if (shape.fill) result.push({ colour: parseColour(shape.fill), distance: outline, bounds });
      if (shape.stroke) {
        result.push({
          colour: parseColour(shape.stroke.colour),
          distance: stroked(outline, shape.stroke.width),
          bounds,
        });
      }
      return result;
    }
  }
}

/** Paints the shapes (in the 64×64 design space) into a `size`×`size` image. */
export function rasterise(shapes: readonly Shape[], size: number): RgbaImage {
  if (!Number.isInteger(size) || size <= 0) throw new Error(`Icon size must be a positive integer: ${size}`);
  const scale = size / DESIGN_SIZE;
  // Premultiplied red, green, blue and alpha per pixel, 0..1.
  const canvas = new Float64Array(size * size * 4);
  for (const layer of shapes.flatMap(layers)) {
    const [red, green, blue] = layer.colour;
    // Only pixels the layer can touch, widened by one for the anti-aliased fringe.
    const x0 = Math.max(0, Math.floor(layer.bounds.left * scale) - 1);
    const y0 = Math.max(0, Math.floor(layer.bounds.top * scale) - 1);
    const x1 = Math.min(size, Math.ceil(layer.bounds.right * scale) + 1);
    const y1 = Math.min(size, Math.ceil(layer.bounds.bottom * scale) + 1);
    for (let py = y0; py < y1; py++) {
      const y = (py + 0.5) / scale;
      for (let px = x0; px < x1; px++) {
        // A pixel whose centre is d pixels inside an edge is covered by about 0.5 + d of it.
        const coverage = Math.min(1, Math.max(0, 0.5 - layer.distance((px + 0.5) / scale, y) * scale));
        if (coverage === 0) continue;
        const i = (py * size + px) * 4;
        const keep = 1 - coverage;
        canvas[i] = red * coverage + (canvas[i] ?? 0) * keep;
        canvas[i + 1] = green * coverage + (canvas[i + 1] ?? 0) * keep;
        canvas[i + 2] = blue * coverage + (canvas[i + 2] ?? 0) * keep;
        canvas[i + 3] = coverage + (canvas[i + 3] ?? 0) * keep;
      }
    }
  }
  const data = new Uint8Array(size * size * 4);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = canvas[i + 3] ?? 0;
    if (alpha === 0) continue; // fully transparent: leave 0, 0, 0, 0
    data[i] = Math.round(((canvas[i] ?? 0) / alpha) * 255);
    data[i + 1] = Math.round(((canvas[i + 1] ?? 0) / alpha) * 255);
    data[i + 2] = Math.round(((canvas[i + 2] ?? 0) / alpha) * 255);
    data[i + 3] = Math.round(alpha * 255);
  }
  return { width: size, height: size, data };
}
