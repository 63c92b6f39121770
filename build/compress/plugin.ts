/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the client
 * build, once, at build time: the server answers them to browsers that accept them
 * (serveStatic's `precompressed`), so a phone on a slow network downloads the React
 * chunk at a fraction of its size, and no request pays for compressing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Writes the compressed copies of the text files under `dir`; returns how many files it did. */
export function compressFiles(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || path.basename(file).startsWith('.')) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'touchline:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    // Last: after the service worker (vite-plugin-pwa builds it when the bundle closes).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (ssr || !fs.existsSync(path.join(outDir, 'index.html'))) return;
        compressFiles(outDir);
      },
    },
  };
}
