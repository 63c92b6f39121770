/**
 * How a server-rendered page starts its JavaScript: after its first paint. The page is
 * whole without it (markup, inlined CSS, data), so nothing the fan sees waits for it;
 * started from <head>, the app's scripts competed with the page for a slow link and
 * counted as work before the largest paint. This inline module (its
 * attributes, not its text, carry the files) adds the module preloads on the first
 * frame after paint, three a task, evaluates the framework's modules one task each, then
 * imports the entry: evaluating them all at once was one long task on a phone's CPU, and
 * so was adding a dozen preloads at once. Its text
 * never changes, so the content security policy allows exactly it by hash and no other
 * inline script.
 */
import { createHash } from 'node:crypto';

export const BOOT_SCRIPT_ID = 'tl-boot';

export const BOOT_SCRIPT =
  `const boot = document.getElementById('${BOOT_SCRIPT_ID}').dataset;` +
  "const files = (list) => list.split(' ').filter(Boolean);" +
  'const pause = () => new Promise((resolve) => setTimeout(resolve));' +
  'requestAnimationFrame(() => setTimeout(async () => {' +
  'const hrefs = [...files(boot.vendor), ...files(boot.preload)];' +
  // Three preloads a task: each costs a phone some work, and a dozen at once made one long task.
  'for (let i = 0; i < hrefs.length; i++) {' +
  'if (i > 0 && i % 3 === 0) await pause();' +
  "const link = document.createElement('link');" +
  "link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = hrefs[i];" +
  'document.head.append(link);' +
  '}' +
  // Each vendor module evaluated in a task of its own, then the app: no one long task.
  'for (const href of files(boot.vendor)) { await import(href); await pause(); }' +
  'import(boot.entry);' +
  '}));';

/** The CSP source that allows the boot script and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * The boot element for a page whose entry module is `entry`. `vendor` are modules
 * without side effects that the entry imports (the framework), evaluated first and one
 * task each; `preloads` are the page's own chunks, fetched alongside.
 */
export function bootElement(entry: string, vendor: readonly string[], preloads: readonly string[]): string {
  const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return (
    `<script id="${BOOT_SCRIPT_ID}" type="module" data-entry="${attribute(entry)}"` +
    ` data-vendor="${attribute(vendor.join(' '))}"` +
    ` data-preload="${attribute(preloads.join(' '))}">${BOOT_SCRIPT}</script>`
  );
}
