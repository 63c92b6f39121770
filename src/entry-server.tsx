/**
 * Server rendering of the public pages, built by `vite build --ssr` into
 * dist-server/ and called by the API process (api/http/pages.ts). A page renders as a
 * visitor sees it, with the API answers its screens ask for: the first pass notes the
 * paths they want, the server reads them in process, and the page renders again until
 * nothing new is wanted. The answers go into the page for the browser's hydrating render.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/app/app';
import { preloadParts } from '@/lib/lazy-component';
import { pageFor } from '@/app/routes';
import { setDisplayClock } from '@/lib/format';
import { zoneClock } from '@/lib/zone-clock';
import { ServerAnswersContext, type ServerAnswers } from '@/lib/server-answers';

/** Renders the answers a screen asks for, found one after the other (a team, then its league…). */
const MAX_PASSES = 5;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The answers it shows, by API path. */
  answers: Record<string, unknown>;
  /** Each instant its dates show, with the zone's offset east of UTC then, in minutes. */
  offsets: [number, number][];
}

/** The API answer to a path read in process: its JSON, or null when not 200. */
export type ReadAnswer = (path: string) => Promise<unknown>;

/**
 * The page at `url` (path and query) rendered for a visitor whose dates read in `zone`,
 * or null when it is not a public page, a read fails (the browser then shows the page
 * and its error itself) or its screens keep asking for more.
 */
export async function renderPage(
  url: string,
  zone: string,
  read: ReadAnswer,
): Promise<RenderedPage | { redirect: string } | null> {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const page = pageFor(pathname);
  if (!page?.serverRendered) return null;
  await page.page.preload();
  // Parts of pages on chunks of their own (lazyPart) are rendered with the page.
  await preloadParts();
  const answers = new Map<string, unknown>();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const context: ServerAnswers = { answers, wanted: new Set() };
    let html: string;
    const clock = zoneClock(zone);
    setDisplayClock(clock.read);
    try {
      html = renderToString(
        <StrictMode>
          <ServerAnswersContext value={context}>
            <App router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
          </ServerAnswersContext>
        </StrictMode>,
      );
    } finally {
      setDisplayClock(undefined);
    }
    if (context.redirect !== undefined) return { redirect: context.redirect };
    const missing = [...context.wanted].filter((path) => !answers.has(path));
    if (missing.length === 0) return { html, answers: Object.fromEntries(answers), offsets: clock.offsets() };
    const read_ = await Promise.all(missing.map((path) => read(path)));
    for (const [index, path] of missing.entries()) {
      const answer = read_[index];
      if (answer === null || answer === undefined) return null;
      answers.set(path, answer);
    }
  }
  return null;
}

export { pageFor };
