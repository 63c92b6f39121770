/**
 * The initial-JavaScript budget: after the client build, prints the gzip
 * size of the JavaScript each first route downloads (the HTML entry's static closure
 * plus one lazily loaded route chunk and its static imports; see measure.ts) and fails
 * the build when any of them is over the limit.
 *
 * The limit is 100 KiB of gzip unless `limitKiB` says otherwise; the environment
 * variable JS_BUDGET_KIB overrides both, e.g. `JS_BUDGET_KIB=130 npm run build`.
 *
 * It acts only on the client build of the page (a bundle with an entry chunk and
 * index.html): SSR builds and vite-plugin-pwa's service-worker build are skipped.
 */
import type { Plugin } from 'vite';
import { formatFailure, formatTable, isHtmlClientBundle, measureBudget, resolveLimitKiB } from './measure.ts';

export interface JsBudgetOptions {
  /** KiB of gzip per first route; 100 by default. JS_BUDGET_KIB overrides it. */
  limitKiB?: number;
  /** Chunks no visitor's first render waits for (by name), with a limit of their own (measure.ts). */
  offFirstRender?: { pattern: RegExp; limitKiB: number };
}

export function jsBudget(options: JsBudgetOptions = {}): Plugin {
  // Read when the config loads: a bad JS_BUDGET_KIB stops the build before it starts.
  const limitKiB = resolveLimitKiB(options.limitKiB);
  let ssr = false;
  return {
    name: 'touchline:js-budget',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    // After Vite's own list of files, so the table is the last thing the build prints.
    writeBundle: {
      order: 'post',
      handler(_output, bundle) {
        if (ssr || this.environment.config.consumer === 'server' || !isHtmlClientBundle(bundle)) return;
        const report = measureBudget(bundle, {
          limitKiB,
          ...(options.offFirstRender ? { offFirstRender: options.offFirstRender } : {}),
        });
        console.log(`\n${formatTable(report)}\n`);
        if (report.over.length > 0) this.error(formatFailure(report));
      },
    },
  };
}
