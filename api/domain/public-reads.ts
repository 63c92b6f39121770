/**
 * Route paths, in the router's own syntax (Hono paths: `:param` and `:param{regex}`), as
 * matchers of URL paths. Which routes are public reads, and how each is cached, is
 * declared on the route itself (api/http/contract.ts `cachedRead`) and collected by
 * api/router.ts. Pure: the service worker, the page and the server import it.
 */

/** A route path as a RegExp over URL paths: `:param` is one segment, `:param{re}` one matching `re`. */
export function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => {
      const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return param[1] === undefined ? '[^/]+' : `(?:${param[1]})`;
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Whether a URL path (no query) is one of these routes. */
export function routeMatcher(routes: readonly string[]): (pathname: string) => boolean {
  const patterns = routes.map(routePattern);
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
}
