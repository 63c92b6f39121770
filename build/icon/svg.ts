/** Writes icon shapes as a compact SVG document in the 64×64 design space (favicon.svg). */
import { DESIGN_SIZE, type Shape, type Stroke } from './shapes.ts';

/** Numbers as SVG wants them: no trailing zeros, no float noise from scaling. */
function n(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function paint(fill: string | undefined, stroke: Stroke | undefined): string {
  const parts = [`fill="${fill ?? 'none'}"`];
  if (stroke) parts.push(`stroke="${stroke.colour}"`, `stroke-width="${n(stroke.width)}"`);
  return parts.join(' ');
}

function element(shape: Shape): string {
  switch (shape.kind) {
    case 'rect': {
      const corner = shape.radius > 0 ? ` rx="${n(shape.radius)}"` : '';
      return (
        `<rect x="${n(shape.x)}" y="${n(shape.y)}" width="${n(shape.width)}" height="${n(shape.height)}"` +
        `${corner} ${paint(shape.fill, shape.stroke)}/>`
      );
    }
    case 'line':
      return (
        `<line x1="${n(shape.x1)}" y1="${n(shape.y1)}" x2="${n(shape.x2)}" y2="${n(shape.y2)}" ` +
        `stroke="${shape.stroke.colour}" stroke-width="${n(shape.stroke.width)}"/>`
      );
    case 'circle':
      return `<circle cx="${n(shape.cx)}" cy="${n(shape.cy)}" r="${n(shape.r)}" ${paint(shape.fill, shape.stroke)}/>`;
  }
}

export function renderSvg(shapes: readonly Shape[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DESIGN_SIZE} ${DESIGN_SIZE}">` +
    `${shapes.map(element).join('')}</svg>\n`
  );
}
