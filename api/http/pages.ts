/**
 * Public pages rendered on the server. A fan opening a shared link on a
 * slow phone gets the page with its data in the first answer, styled by CSS inlined in
 * it; the page's JavaScript starts after the first paint, and then hydrates the page with
 * the same data (embedded as JSON), so its first render makes no request.
 *
 * The renderer is the server build of the app (dist-server/entry-server.js, from
 * src/entry-server.tsx). Its screens' API reads are answered in process by the app
 * itself, through the server's read cache (api/http/read-cache.ts) like a browser's: a
 * page shown again reads nothing that has not changed. Without that build, or for a page that is not public, or when a read fails,
 * the answer is the app shell (index.html) as before, and the browser renders it all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, Handler } from 'hono';
import { isSitePath, PAGE_DATA_ID, type PageData } from '../domain/page-data';
import { zoneCookieValue } from '../domain/zone-cookie';
import { bootElement } from './boot-script';
import { chooseEncoding, compress, varyOnEncoding } from './compression';
import { cachedReadsOf } from './read-cache';

/** A page rendered by the server entry: its markup, and what goes into the page with it. */
export type RenderedPage = { html: string } & Omit<PageData, 'zone'>;

/** A page that is another's address (a team's League tab): where the browser goes instead. */
export interface RedirectedPage {
  redirect: string;
}

/** What dist-server/entry-server.js exports (src/entry-server.tsx). */
export interface ServerEntry {
  renderPage(
    url: string,
    zone: string,
    read: (path: string) => Promise<unknown>,
  ): Promise<RenderedPage | RedirectedPage | null>;
  pageFor(pathname: string): { page: { source: string }; serverRendered: boolean } | null;
}

/** Public pages rendered on the server: the renderer, and how it reads the API in process. */
export interface ServerPages {
  entry: ServerEntry;
  /** An /api path's answer (null: not a 200), where the server has no read cache to read through. */
  read(path: string): Promise<unknown>;
}

/**
 * How a page being answered reads the API: through the read cache the request passed
 * (`cachedReadsOf`), else `pages.read`.
 */
function readsFor(c: Context, pages: ServerPages): (path: string) => Promise<unknown> {
  const cached = cachedReadsOf(c);
  if (cached === null) return pages.read;
  return async (path) => {
    const response = await cached(path);
    return response.status === 200 ? ((await response.json()) as unknown) : null;
  };
}

/** The zone dates are written in when the browser has not said (the server's own). */
const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g;
const MODULE_FILES = /(?:src|href)="\/(assets\/[^"]+\.js)"/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+\.js)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+\.js)">\s*/g;

/** Loads the server build when it exists; null otherwise (the shell is served). */
export async function loadServerEntry(file: string): Promise<ServerEntry | null> {
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerEntry;
}

/** A time zone name Intl accepts, from the browser's zone cookie (ZONE_COOKIE); else null. */
export function zoneFromCookie(cookie: string | undefined): string | null {
  const zone = zoneCookieValue(cookie ?? '');
  if (zone === null) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return null;
  }
  return zone.length <= 64 ? zone : null;
}

/** JSON safe inside a script element: no `</script>` or `<!--` can end or change it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

export class PageShell {
  /** index.html as built: the shell answered when no page is rendered. */
  readonly shell: string;
  /** Whether the shell has an empty #root that a rendered page can fill. */
  readonly renders: boolean;
  readonly #distDir: string;
  readonly #manifest: Manifest;
  /** index.html with its stylesheets inlined, split around #root's content. */
  readonly #head: string;
  readonly #beforeRoot: string;
  readonly #afterRoot: string;
  /** The entry module and the modules index.html preloads with it, started after the first paint. */
  readonly #entry: string | null;
  readonly #preloaded: readonly string[];
  /** Files the shell already loads or inlines. */
  readonly #loaded = new Set<string>();
  readonly #css = new Map<string, string>();

  constructor(distDir: string) {
    this.#distDir = distDir;
    this.shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
    const manifestFile = path.join(distDir, '.vite', 'manifest.json');
    this.#manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
      : {};
    for (const match of this.shell.matchAll(MODULE_FILES)) this.#loaded.add(match[1] as string);
    // The entry's stylesheets become inline styles: no round trip before the first paint.
    // Its scripts start after that paint (api/http/boot-script.ts): the page is whole without them.
    const preloaded: string[] = [];
    let entry: string | null = null;
    const inlined = this.shell
      .replace(STYLESHEET, (_tag, file: string) => {
        this.#loaded.add(file);
        return this.#inlineCss(file);
      })
      .replace(ENTRY_SCRIPT, (_tag, file: string) => {
        entry = `/${file}`;
        return '';
      })
      .replace(MODULE_PRELOAD, (_tag, file: string) => {
        preloaded.push(`/${file}`);
        return '';
      });
    this.#entry = entry;
    this.#preloaded = preloaded;
    const [head = '', body = ''] = inlined.split('</head>');
    this.#head = head;
    const root = '<div id="root"></div>';
    const at = body.indexOf(root);
    // Without an empty #root to fill and an entry script (not a build of this app), pages are not rendered.
    this.renders = at !== -1 && entry !== null;
    this.#beforeRoot = body.slice(0, at + '<div id="root">'.length);
    this.#afterRoot = body.slice(at + root.length);
  }

  /**
   * A stylesheet inlined, followed by a print-only link to the same file: the app's chunk
   * loader finds that link and does not add the sheet again at the end of <head>, where
   * it would take precedence over the page's own sheets inlined after it.
   */
  #inlineCss(file: string): string {
    return `<style>${this.#cssOf(file)}</style><link rel="stylesheet" media="print" href="/${file}">`;
  }

  #cssOf(file: string): string {
    let css = this.#css.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(this.#distDir, file), 'utf8').replaceAll('</style', '<\\/style');
      this.#css.set(file, css);
    }
    return css;
  }

  /** The page's module and everything it imports statically, by manifest key. */
  #closure(source: string): ManifestChunk[] {
    const seen = new Set<string>();
    const chunks: ManifestChunk[] = [];
    const visit = (key: string) => {
      const chunk = this.#manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      chunks.push(chunk);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    return chunks;
  }

  /** The document for a rendered page: its markup in #root, its data, its CSS and preloads. */
  page(rendered: RenderedPage, source: string, zone: string): string {
    const preloads: string[] = [];
    const styles: string[] = [];
    for (const chunk of this.#closure(source)) {
      if (!this.#loaded.has(chunk.file)) preloads.push(`/${chunk.file}`);
      for (const file of chunk.css ?? []) {
        if (!this.#loaded.has(file) && !styles.includes(file)) styles.push(file);
      }
    }
    const embedded: PageData = {
      zone,
      answers: rendered.answers,
      offsets: rendered.offsets,
      ...(rendered.location !== undefined && { location: rendered.location }),
    };
    const data = `<script id="${PAGE_DATA_ID}" type="application/json">${scriptJson(embedded)}</script>`;
    return (
      `${this.#head}${styles.map((file) => this.#inlineCss(file)).join('')}</head>` +
      `${this.#beforeRoot}${rendered.html}</div>${data}${bootElement(this.#entry ?? '', this.#preloaded, preloads)}${this.#afterRoot}`
    );
  }
}

/**
 * The HTML compressed as the browser accepts (compression.ts): a rendered page is tens of
 * kilobytes of markup, data and CSS that compress well. Pages are built per request, so
 * the level is a cheap one.
 */
export function htmlAnswer(c: Context, html: string, headers: Record<string, string>): Response {
  const base = { 'Content-Type': 'text/html; charset=UTF-8', ...headers, Vary: varyOnEncoding(headers.Vary) };
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (encoding === null) return c.body(html, 200, base);
  return c.body(new Uint8Array(compress(Buffer.from(html), encoding)), 200, {
    ...base,
    'Content-Encoding': encoding,
  });
}

/** A rendered page varies with the zone cookie, and must revalidate (a release changes the files it names). */
const PAGE_HEADERS = { 'Cache-Control': 'no-cache', Vary: 'Cookie' };

/**
 * A page that is another's address (a team's League tab) is answered with that page,
 * which the browser then shows at its own address (PageData.location) before anything
 * runs: the address bar and the history end as after a redirect, without the redirect's
 * round trip (most of a second on a slow phone network). Null when that page does not
 * render here: then the browser is redirected.
 */
async function pageInstead(
  c: Context,
  shell: PageShell,
  pages: ServerPages,
  location: string,
  zone: string,
): Promise<Response | null> {
  const route = pages.entry.pageFor(new URL(location, 'http://site').pathname);
  if (!route?.serverRendered) return null;
  const rendered = await pages.entry.renderPage(location, zone, readsFor(c, pages));
  if (!rendered || !('html' in rendered)) return null;
  return htmlAnswer(c, shell.page({ ...rendered, location }, route.page.source, zone), PAGE_HEADERS);
}

/**
 * Answers an app route: the page rendered when it is public and renders, else the shell.
 * Both must revalidate (a new release changes the files they name).
 */
export function pageHandler(shell: PageShell, pages: ServerPages | undefined): Handler {
  return async (c) => {
    if (pages && shell.renders) {
      const url = new URL(c.req.url);
      const route = pages.entry.pageFor(url.pathname);
      if (route?.serverRendered) {
        const zone = zoneFromCookie(c.req.header('Cookie')) ?? SERVER_ZONE;
        const rendered = await pages.entry.renderPage(url.pathname + url.search, zone, readsFor(c, pages));
        // Same-site paths only (the app's own routes): never an open redirect.
        if (rendered && 'redirect' in rendered && isSitePath(rendered.redirect)) {
          return (
            (await pageInstead(c, shell, pages, rendered.redirect, zone)) ??
            c.redirect(rendered.redirect, 302)
          );
        }
        if (rendered && 'html' in rendered) {
          return htmlAnswer(c, shell.page(rendered, route.page.source, zone), PAGE_HEADERS);
        }
      }
    }
    return htmlAnswer(c, shell.shell, { 'Cache-Control': 'no-cache' });
  };
}
