/**
 * The security headers of every answer, built once. They are what Hono's `secureHeaders`
 * produced for this app's policy (tests/api/security-headers.test.ts holds that
 * configuration as the oracle), without rebuilding the list on every request.
 * A handler's own header wins: images send a stricter policy for SVG.
 */
import { createMiddleware } from 'hono/factory';
import { BOOT_SCRIPT_SOURCE } from './boot-script';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', CONTENT_SECURITY_POLICY],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=15552000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  const headers = c.res.headers;
  // A page that lets any site frame it (the embeds) must not be refused by X-Frame-Options.
  const framable = headers.get('content-security-policy')?.includes('frame-ancestors *') === true;
  for (const [name, value] of SECURITY_HEADERS) {
    if (!headers.has(name) && !(framable && name === 'x-frame-options')) headers.set(name, value);
  }
});
