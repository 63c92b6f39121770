/**
 * The API's readable reference at /api/docs: Swagger UI reading /api/openapi.json, its
 * script and style sheet served from the swagger-ui-dist package by this server (no
 * third-party host, nothing fetched at run time). The page has no inline script, so the
 * app's Content-Security-Policy (script-src 'self' and the boot script's hash) holds as
 * it is; the validator badge, which would call a third-party host, is off.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { readResponse } from '../http/read';

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Touchline API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/reference.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the document; a file, so that no inline script is needed. */
const START =
  'window.ui = SwaggerUIBundle({' +
  "url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null," +
  "presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout'" +
  '});\n';

const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** What the page loads, by name: a file of swagger-ui-dist, or text of our own. */
const ASSETS: Readonly<Record<string, { type: string; file?: string; text?: string }>> = {
  'swagger-ui-bundle.js': { type: JAVASCRIPT, file: 'swagger-ui-bundle.js' },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'reference.js': { type: JAVASCRIPT, text: START },
};

/** The package's files never change while the process runs: each is read once. */
const loaded = new Map<string, Promise<Uint8Array>>();
function bytesOf(name: string, asset: { file?: string; text?: string }): Promise<Uint8Array> {
  let bytes = loaded.get(name);
  if (bytes === undefined) {
    bytes =
      asset.file === undefined
        ? Promise.resolve(new TextEncoder().encode(asset.text ?? ''))
        : fs.promises.readFile(path.join(SWAGGER_UI_DIR, asset.file));
    loaded.set(name, bytes);
  }
  return bytes;
}

export const docsRoutes = new Hono<AppEnv>()
  .get('/docs', (c) =>
    readResponse(c, new TextEncoder().encode(PAGE), {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': CACHE.revalidate,
    }),
  )
  .get('/docs/:asset', async (c) => {
    const name = c.req.param('asset');
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (asset === undefined) fail(404, 'Not found');
    return readResponse(c, await bytesOf(name, asset), {
      'Content-Type': asset.type,
      'Cache-Control': CACHE.revalidate,
    });
  });
