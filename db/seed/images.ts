/**
 * Self-contained SVG pictures for the demo: club crests and head-and-shoulders
 * avatars. The app must work with no outside network, so there are no fonts,
 * links or embedded bitmaps — only shapes. Their letters are strokes too
 * (./stroke-font.ts): a picture's <text> costs a phone a layout of its own.
 */
import { strokeText } from './stroke-font';

export const CREST_PATTERNS = ['plain', 'stripes', 'band', 'sash', 'halves', 'chevron'] as const;
export type CrestPattern = (typeof CREST_PATTERNS)[number];

export const HAIR_STYLES = ['short', 'crop', 'curly', 'bald'] as const;
export type HairStyle = (typeof HAIR_STYLES)[number];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Up to `max` capital letters from the words of a name ("Riverside Rovers" → "RR"). */
export function initialsOf(name: string, max = 3): string {
  const letters = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[\s-]+/)
    .map((word) => word.replace(/[^A-Za-z]/g, '').charAt(0))
    .filter((letter) => letter !== '')
    .join('')
    .toUpperCase();
  return letters.slice(0, max) || '?';
}

// A clipPath id is document-global when an SVG is inlined; making it unique per
// crest keeps two inlined crests on one page from borrowing each other's clip.
function idSuffix(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 33) ^ text.charCodeAt(i)) >>> 0;
  return hash.toString(36);
}

export interface CrestOptions {
  name: string;
  primary: string;
  secondary: string;
  pattern: CrestPattern;
  established?: number;
}

const SHIELD = 'M60 6 L108 18 V66 C108 100 86 122 60 134 C34 122 12 100 12 66 V18 Z';

function crestPattern(pattern: CrestPattern, secondary: string): string {
  switch (pattern) {
    case 'plain':
      return '';
    case 'stripes':
      return [24, 48, 72, 96]
        .map((x) => `<rect x="${x - 6}" y="0" width="12" height="140" fill="${secondary}"/>`)
        .join('');
    case 'band':
      return `<rect x="0" y="54" width="120" height="26" fill="${secondary}"/>`;
    case 'sash':
      return `<path d="M-10 18 L12 -4 L130 114 L108 136 Z" fill="${secondary}"/>`;
    case 'halves':
      return `<rect x="60" y="0" width="60" height="140" fill="${secondary}"/>`;
    case 'chevron':
      return `<path d="M0 40 L60 80 L120 40 V64 L60 104 L0 64 Z" fill="${secondary}"/>`;
  }
}

export function crestSvg(options: CrestOptions): string {
  const { primary, secondary } = options;
  const initials = initialsOf(options.name);
  const long = initials.length > 2;
  const clip = `crest-${idSuffix(options.name)}`;
  const title = escapeXml(`${options.name} crest`);
  const established =
    options.established === undefined
      ? ''
      : strokeText(`EST ${options.established}`, {
          x: 60,
          y: 119,
          capHeight: 6,
          weight: 1.3,
          spacing: 0.6,
          colour: secondary,
        });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<defs><clipPath id="${clip}"><path d="${SHIELD}"/></clipPath></defs>`,
    `<g clip-path="url(#${clip})">`,
    `<rect x="0" y="0" width="120" height="140" fill="${primary}"/>`,
    crestPattern(options.pattern, secondary),
    `<rect x="0" y="102" width="120" height="38" fill="${primary}"/>`,
    `</g>`,
    `<path d="${SHIELD}" fill="none" stroke="${secondary}" stroke-width="5" stroke-linejoin="round"/>`,
    `<path d="${SHIELD}" fill="none" stroke="#0f172a" stroke-opacity="0.35" stroke-width="1.5" stroke-linejoin="round"/>`,
    `<circle cx="60" cy="66" r="25" fill="${primary}" stroke="${secondary}" stroke-width="3"/>`,
    strokeText(initials, {
      x: 60,
      y: long ? 72 : 73.5,
      capHeight: long ? 12 : 15,
      weight: long ? 2.8 : 3.2,
      colour: secondary,
    }),
    `<path d="M52 24 L60 15 L68 24 L60 33 Z" fill="${secondary}" stroke="${primary}" stroke-width="2"/>`,
    established,
    `</svg>`,
  ].join('');
}

export interface AvatarOptions {
  name: string;
  background: string;
  shirt: string;
  accent: string;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
}

function hairPath(style: HairStyle, colour: string): string {
  switch (style) {
    case 'short':
      return `<path d="M41 52 C38 30 50 22 64 22 C80 22 91 31 87 52 C84 42 76 37 64 37 C53 37 45 42 41 52 Z" fill="${colour}"/>`;
    case 'crop':
      return `<path d="M42 46 C42 30 52 25 64 25 C76 25 86 30 86 46 C80 40 72 37 64 37 C56 37 48 40 42 46 Z" fill="${colour}"/>`;
    case 'curly':
      return `<g fill="${colour}">${[
        [44, 40, 9],
        [52, 31, 10],
        [64, 27, 11],
        [76, 31, 10],
        [84, 40, 9],
      ]
        .map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`)
        .join('')}</g>`;
    case 'bald':
      return '';
  }
}

export function avatarSvg(options: AvatarOptions): string {
  const initials = initialsOf(options.name, 2);
  const title = escapeXml(options.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="128" height="128" fill="${options.background}"/>`,
    `<rect x="54" y="68" width="20" height="22" rx="4" fill="${options.skin}"/>`,
    `<path d="M12 128 C12 100 34 84 64 84 C94 84 116 100 116 128 Z" fill="${options.shirt}"/>`,
    `<path d="M50 85 L64 100 L78 85" fill="none" stroke="${options.accent}" stroke-width="4" stroke-linejoin="round"/>`,
    `<ellipse cx="64" cy="52" rx="22" ry="25" fill="${options.skin}"/>`,
    `<ellipse cx="42" cy="54" rx="3.5" ry="6" fill="${options.skin}"/>`,
    `<ellipse cx="86" cy="54" rx="3.5" ry="6" fill="${options.skin}"/>`,
    hairPath(options.hairStyle, options.hair),
    strokeText(initials, { x: 64, y: 118, capHeight: 11, weight: 2.4, colour: options.accent }),
    `</svg>`,
  ].join('');
}
