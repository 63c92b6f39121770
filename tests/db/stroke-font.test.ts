/**
 * The demo pictures' letters are strokes (db/seed/stroke-font.ts), not <text>: a
 * picture's text costs a phone a layout of its own.
 */
import { describe, expect, it } from 'vitest';
import { avatarSvg, crestSvg } from '../../db/seed/images';
import { strokeText } from '../../db/seed/stroke-font';

const glyphs = (svg: string) => [
  ...svg.matchAll(/<path transform="translate\(([\d.]+) 0\)" d="([^"]+)"\/>/g),
];

describe('strokeText', () => {
  it('draws every capital letter and digit as a path of its own', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    const drawn = glyphs(strokeText(alphabet, { x: 0, y: 10, capHeight: 10, weight: 1, colour: '#000' }));
    expect(drawn).toHaveLength(alphabet.length);
    const question = strokeText('?', { x: 0, y: 10, capHeight: 10, weight: 1, colour: '#000' });
    // No letter falls back to the question mark, and no two look the same (but O and 0).
    const shapes = drawn.map((match) => match[2]);
    expect(shapes).not.toContain(glyphs(question)[0]?.[2]);
    expect(new Set(shapes).size).toBe(alphabet.length - 1);
  });

  it('draws what it has no glyph for as a question mark, and spaces as room', () => {
    const options = { x: 0, y: 10, capHeight: 10, weight: 1, colour: '#000' };
    const unknown = glyphs(strokeText('a', options));
    expect(unknown.map((match) => match[2])).toEqual(glyphs(strokeText('?', options)).map((m) => m[2]));
    const spaced = glyphs(strokeText('A B', options));
    const tight = glyphs(strokeText('AB', options));
    expect(Number(spaced[1]?.[1])).toBeGreaterThan(Number(tight[1]?.[1]));
  });

  it('centres the line on x, sits it on the baseline and strokes it at the weight asked', () => {
    const one = strokeText('H', { x: 60, y: 80, capHeight: 20, weight: 4, colour: '#123456' });
    // H is 6 units wide: at scale 2 it spans 54 to 66, its cap line at 60.
    expect(one).toContain('transform="translate(54 60) scale(2)"');
    expect(one).toContain('stroke="#123456"');
    expect(one).toContain('stroke-width="2"'); // 4 px at scale 2
    expect(one).toContain('stroke-linecap="round"');
  });
});

describe('the demo pictures', () => {
  const crest = crestSvg({
    name: 'Riverside Rovers',
    primary: '#8b1e3f',
    secondary: '#a5d8ff',
    pattern: 'halves',
    established: 2003,
  });
  const avatar = avatarSvg({
    name: 'James Carter',
    background: '#e0f2fe',
    shirt: '#8b1e3f',
    accent: '#a5d8ff',
    skin: '#f1c27d',
    hair: '#3b2f2f',
    hairStyle: 'short',
  });

  it('carry no text to lay out: the initials and the year are strokes', () => {
    for (const svg of [crest, avatar]) {
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain('font-family');
    }
    // "RR" and "EST 2003"; "JC".
    expect(glyphs(crest)).toHaveLength(2 + 7);
    expect(glyphs(avatar)).toHaveLength(2);
  });

  it('keep their names for assistive technology', () => {
    expect(crest).toContain('aria-label="Riverside Rovers crest"');
    expect(avatar).toContain('<title>James Carter</title>');
  });
});
