/**
 * The app's icon files, drawn at build time from the one description in
 * build/icon/shapes.ts: favicon.svg, the web app manifest's icons and the iOS
 * home-screen icon. The Vite plugin emits them into the bundle (so the service
 * worker's precache list, built after the bundle is written, includes them) and
 * serves them from memory in the dev server.
 */
import type { Plugin } from 'vite';
import { encodePng } from './png.ts';
import { rasterise } from './raster.ts';
import { iconShapes, type IconVariant } from './shapes.ts';
import { renderSvg } from './svg.ts';

interface PngIcon {
  fileName: string;
  size: number;
  variant: IconVariant;
  /** The manifest's `purpose`; icons without one are not listed in the manifest. */
  purpose?: 'any' | 'maskable';
}

export const FAVICON = 'favicon.svg';

export const PNG_ICONS: readonly PngIcon[] = [
  { fileName: 'icons/icon-192.png', size: 192, variant: 'rounded', purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, variant: 'rounded', purpose: 'any' },
  { fileName: 'icons/maskable-512.png', size: 512, variant: 'maskable', purpose: 'maskable' },
  // iOS ignores the manifest's icons and adds its own rounded corners: 180×180, opaque.
  { fileName: 'apple-touch-icon.png', size: 180, variant: 'full-bleed' },
  // The header's logo (src/app/layout.tsx) at one, two and three device pixels per pixel,
  // as PNG: an SVG picture is parsed and painted on the page's main thread, a PNG decoded off it.
  { fileName: 'icons/brand-32.png', size: 32, variant: 'rounded' },
  { fileName: 'icons/brand-64.png', size: 64, variant: 'rounded' },
  { fileName: 'icons/brand-96.png', size: 96, variant: 'rounded' },
];

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** The icons as the web app manifest lists them. */
export const MANIFEST_ICONS: readonly ManifestIcon[] = PNG_ICONS.flatMap((icon) =>
  icon.purpose
    ? [
        {
          src: `/${icon.fileName}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        },
      ]
    : [],
);

/** One manifest icon by file name, for shortcuts; throws on a name that is not generated. */
export function manifestIcon(fileName: string): ManifestIcon {
  const icon = MANIFEST_ICONS.find((candidate) => candidate.src === `/${fileName}`);
  if (!icon) throw new Error(`No manifest icon is generated as ${fileName}`);
  return icon;
}

const ICON_FILE_NAMES: ReadonlySet<string> = new Set([FAVICON, ...PNG_ICONS.map((icon) => icon.fileName)]);

export interface IconAsset {
  fileName: string;
  contentType: string;
  source: string | Buffer;
}

/** Draws every icon file. */
export function renderIcons(): IconAsset[] {
  return [
    { fileName: FAVICON, contentType: 'image/svg+xml', source: renderSvg(iconShapes('rounded')) },
    ...PNG_ICONS.map((icon) => ({
      fileName: icon.fileName,
      contentType: 'image/png',
      source: encodePng(rasterise(iconShapes(icon.variant), icon.size)),
    })),
  ];
}

export function pwaIcons(): Plugin {
  // Drawn once per process, on first use: a dev server that never asks for an icon never draws one.
  let assets: IconAsset[] | undefined;
  const icons = () => (assets ??= renderIcons());
  return {
    name: 'touchline:icons',
    generateBundle() {
      for (const icon of icons())
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: icon.source });
    },
    configureServer(server) {
      const base = server.config.base;
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const fileName = path.startsWith(base) ? path.slice(base.length) : '';
        const icon = ICON_FILE_NAMES.has(fileName) && icons().find((asset) => asset.fileName === fileName);
        if (!icon) {
          next();
          return;
        }
        res.statusCode = 200;
        res.setHeader('Content-Type', icon.contentType);
        res.setHeader('Cache-Control', 'no-cache');
        res.end(icon.source);
      });
    },
  };
}
