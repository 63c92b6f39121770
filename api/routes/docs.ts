/**
 * The API's own description: /api/openapi.json, generated from the routes' declarations,
 * and its readable reference at /api/docs: Swagger UI reading /api/openapi.json, its
 * script and style sheet served from the swagger-ui-dist package by this server (no
 * third-party host, nothing fetched at run time). The page has no inline script, so the
 * app's Content-Security-Policy (script-src 'self' and the boot script's hash) holds as
 * it is; the validator badge, which would call a third-party host, is off.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, media, read, readAnswer, resourceRouter } from '../http/contract';
import { jsonRead, readResponse } from '../http/read';

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

const getOpenApiDocument = read({
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  tags: ['service'],
  summary: 'This document',
  description: 'OpenAPI 3.0, generated from the declarations of the routes themselves; readable at /api/docs',
  responses: {
    200: readAnswer(
      {
        type: 'object',
        required: ['openapi', 'info', 'paths'],
        properties: { openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } },
      },
      'The OpenAPI document',
    ),
  },
});

const getApiReference = read({
  path: '/docs',
  operationId: 'getApiReference',
  tags: ['service'],
  summary: 'This document as a readable page',
  description: 'Swagger UI, served from the app itself (no third-party host), reading /api/openapi.json',
  responses: { 200: readAnswer(z.string(), 'The reference page', 'text/html') },
});

const getApiReferenceAsset = read({
  path: '/docs/{asset}',
  operationId: 'getApiReferenceAsset',
  tags: ['service'],
  summary: 'A script or style sheet of the reference page',
  request: {
    params: z.object({
      asset: z.string().meta({ description: 'a file the page loads', enum: Object.keys(ASSETS) }),
    }),
  },
  responses: {
    200: {
      ...media('text/javascript', 'The file (text/css or text/javascript)'),
      content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
    },
    ...errors({ 404: 'No such file' }),
  },
});

/**
 * The document is built by whoever mounts every router (api/router.ts), and handed in,
 * so that this router does not import the others.
 */
export function docsRoutes(document: () => object) {
  return resourceRouter(
    endpoint(getOpenApiDocument, (c) => jsonRead(c, document(), 'no-cache')),
    endpoint(getApiReference, (c) =>
      readResponse(c, new TextEncoder().encode(PAGE), {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': CACHE.revalidate,
      }),
    ),
    endpoint(getApiReferenceAsset, async (c) => {
      const name = c.req.valid('param').asset;
      const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
      if (asset === undefined) fail(404, 'Not found');
      return readResponse(c, await bytesOf(name, asset), {
        'Content-Type': asset.type,
        'Cache-Control': CACHE.revalidate,
      });
    }),
  );
}
