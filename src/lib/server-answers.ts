/**
 * API answers read by the server for the page it renders, handed to useApi
 * so the first render, on the server and then in the browser, shows them without a
 * request.
 *
 * - On the server, a render runs inside a ServerAnswers context: a screen asking for a
 *   path the server has not read yet is noted in `wanted`, and the server renders again
 *   once it has read them.
 * - In the browser, the page carries the answers it was rendered with (a JSON script,
 *   PAGE_DATA_ID); they serve the hydrating render only, and are dropped once it is done.
 */
import { createContext, useContext } from 'react';
import { isSitePath, PAGE_DATA_ID, type PageData } from '../../api/domain/page-data';

export interface ServerAnswers {
  answers: ReadonlyMap<string, unknown>;
  wanted: Set<string>;
  /** Set when the page is another's address: the server redirects there. */
  redirect?: string;
}

export const ServerAnswersContext = createContext<ServerAnswers | null>(null);

let hydrating: ReadonlyMap<string, unknown> | null = null;

/** The page's embedded data, if the server rendered it (read once, at start). */
export function readPageData(doc: Document = document): PageData | null {
  const script = doc.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return null;
  try {
    const data = JSON.parse(script.textContent) as PageData;
    return typeof data.zone === 'string' &&
      typeof data.answers === 'object' &&
      data.answers !== null &&
      Array.isArray(data.offsets) &&
      (data.location === undefined || (typeof data.location === 'string' && isSitePath(data.location)))
      ? data
      : null;
  } catch {
    return null;
  }
}

/** Serves these answers to the hydrating render; `null` ends that (after the first commit). */
export function setHydrationAnswers(answers: Record<string, unknown> | null): void {
  hydrating = answers === null ? null : new Map(Object.entries(answers));
}

/**
 * The answer to `path` the page was rendered with, while the server renders or the
 * browser hydrates; undefined otherwise (and then the screen loads it as usual).
 */
export function useServerAnswer(path: string | null): { data: unknown } | undefined {
  const server = useContext(ServerAnswersContext);
  if (path === null) return undefined;
  const answers = server?.answers ?? hydrating;
  if (answers?.has(path)) return { data: answers.get(path) };
  server?.wanted.add(path);
  return undefined;
}

/**
 * On the server, makes the page answer with a redirect to `to` (an app path): a screen
 * that only sends the browser elsewhere (<Navigate>) would otherwise be rendered, loaded
 * and hydrated, and only then leave. Nothing in the browser.
 */
export function useServerRedirect(to: string | null): void {
  const server = useContext(ServerAnswersContext);
  if (server && to !== null) server.redirect ??= to;
}
