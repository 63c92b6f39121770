/**
 * Which GET routes of the API the offline store keeps (decision 0008: public reads only),
 * written in the route table's own syntax (Hono paths, `:param` and `:param{regex}`), and
 * every other GET route with the reason it is left out. The service worker and the page's
 * read cache match URLs against the first list; an API test checks that every GET route
 * of the app is in exactly one of the two, so a new read has to be placed on purpose.
 * Pure: the worker, the page and the server's tests import it.
 */

/** Public reads kept in IndexedDB and served stale-while-revalidate. */
export const CACHED_READ_ROUTES = [
  '/api/leagues',
  '/api/leagues/:leagueId',
  '/api/leagues/:leagueId/table',
  '/api/leagues/:leagueId/matches',
  '/api/leagues/:leagueId/stats',
  '/api/leagues/:leagueId/rules',
  '/api/leagues/:leagueId/deductions',
  '/api/leagues/:leagueId/discipline',
  '/api/teams',
  '/api/teams/:teamId',
  '/api/teams/:teamId/roster',
  '/api/teams/:teamId/stats',
  '/api/teams/:teamId/seasons',
  '/api/teams/:teamId/matches',
  '/api/teams/:teamId/suspensions',
  '/api/matches',
  '/api/matches/between/:home/:away',
  '/api/matches/:matchId',
  '/api/:kind{players?}/:playerId',
  '/api/coaches/:userId',
  '/api/mwpl_news',
  '/api/team_news',
  '/api/team_video',
] as const;

/** GET routes the offline store never keeps, and why. */
export const UNCACHED_READ_ROUTES = {
  '/api/health': 'a liveness check',
  '/api/openapi.json': 'the API document',
  '/api/docs': 'the API reference page (Swagger UI), for developers',
  '/api/docs/:asset': "the API reference page's script and style sheet",
  '/api/auth/me': 'auth: behind a session',
  '/api/search': 'search',
  '/api/images/:kind{teams|players|coaches}/:file':
    'images: the worker keeps them cache-first in the Cache API',
  '/api/tables': 'admin table editor',
  '/api/tables/:table/schema': 'admin table editor',
  '/api/tables/:table/relations': 'admin table editor',
  '/api/tables/:table/data': 'admin table editor',
  '/api/matches/:id/reports': 'staff of the two teams: behind a session',
  '/api/reports/overdue': 'super admin: behind a session',
  '/embed/leagues/:leagueId/table': "an HTML page for club websites' iframes, not the app",
  '/embed/teams/:teamId/fixtures': "an HTML page for club websites' iframes, not the app",
  '/api/notifications': 'personal: behind a session',
  '/api/notifications/settings': 'personal: behind a session',
  '/api/push/key': 'Web Push: asked when a user turns push on',
  // Spreadsheet downloads (issue #21): the same for everyone, so the server's read cache
  // keeps them (SHARED_READ_TABLES), but not the app's offline reads.
  '/api/leagues/:leagueId/table.csv': 'a CSV download for spreadsheets, not the app',
  '/api/leagues/:leagueId/matches.csv': 'a CSV download for spreadsheets, not the app',
  '/api/leagues/:leagueId/stats.csv': 'a CSV download for spreadsheets, not the app',
  '/api/teams/:teamId/roster.csv': 'a CSV download for spreadsheets, not the app',
  // Not shared by the server's read cache either: the match links are built from the
  // request's origin, and that cache keys answers by path alone.
  '/api/teams/:teamId/calendar.ics': 'a calendar feed: calendar apps fetch it, not the app',
  '/api/leagues/:leagueId/calendar.ics': 'a calendar feed: calendar apps fetch it, not the app',
} as const satisfies Record<string, string>;

/**
 * Public reads whose answer is the same for every caller, which the server's read cache
 * keeps (api/http/read-cache.ts), each with the tables it reads: a stored answer is
 * used while none of them has changed. `approved_results` stands for the part of
 * `matches` and `match_events` that league tables and leaderboards show (migration
 * 0007: approved results and which teams have fixtures), so a report waiting for review
 * leaves them cached. tests/api/read-dependencies.test.ts runs every
 * route and fails when one reads a table not listed here. Not here: the news feeds
 * (outside data), anything behind a session.
 */
const LEAGUE_TABLE = [
  'leagues',
  'teams',
  'approved_results',
  'league_rules',
  'points_deductions',
  'match_cards',
] as const;
/** A list of matches or one match: the teams, the matches, their events, squads and cards. */
const MATCHES = ['teams', 'players', 'matches', 'match_events', 'match_squads', 'match_cards'] as const;
const LEAGUE_MATCHES = ['leagues', ...MATCHES] as const;
const LEAGUE_STATS = ['leagues', 'teams', 'players', 'approved_results'] as const;
const TEAM_ROSTER = ['teams', 'players', 'coaches'] as const;

export const SHARED_READ_TABLES = {
  '/api/leagues': ['leagues'],
  '/api/leagues/:leagueId': ['leagues'],
  '/api/leagues/:leagueId/table': LEAGUE_TABLE,
  '/api/leagues/:leagueId/rules': ['leagues', 'league_rules'],
  '/api/leagues/:leagueId/deductions': ['leagues', 'teams', 'points_deductions'],
  '/api/leagues/:leagueId/matches': LEAGUE_MATCHES,
  '/api/leagues/:leagueId/stats': LEAGUE_STATS,
  '/api/teams': ['leagues', 'teams'],
  '/api/teams/:teamId': ['leagues', 'teams'],
  '/api/teams/:teamId/roster': TEAM_ROSTER,
  '/api/teams/:teamId/stats': MATCHES,
  '/api/teams/:teamId/seasons': ['teams', 'matches'],
  '/api/teams/:teamId/matches': MATCHES,
  '/api/matches': MATCHES,
  '/api/matches/between/:home/:away': MATCHES,
  '/api/matches/:matchId': MATCHES,
  '/api/:kind{players?}/:playerId': ['leagues', ...MATCHES, 'league_rules'],
  '/api/coaches/:userId': ['teams', 'coaches'],
  '/api/search': ['leagues', 'teams', 'players'],
  '/api/teams/:teamId/suspensions': ['leagues', 'teams', 'players', 'matches', 'match_cards', 'league_rules'],
  '/api/leagues/:leagueId/discipline': ['leagues', 'teams', 'players', 'matches', 'match_cards'],
  // The CSV downloads read what their JSON reads read: the same lists.
  '/api/leagues/:leagueId/table.csv': LEAGUE_TABLE,
  '/api/leagues/:leagueId/matches.csv': LEAGUE_MATCHES,
  '/api/leagues/:leagueId/stats.csv': LEAGUE_STATS,
  '/api/teams/:teamId/roster.csv': TEAM_ROSTER,
} as const satisfies Record<string, readonly string[]>;

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

const CACHED_READ_PATTERNS: readonly RegExp[] = CACHED_READ_ROUTES.map(routePattern);

/** Whether a GET of this URL path (no query) is a public read the offline store keeps. */
export function isCachedReadPath(pathname: string): boolean {
  return CACHED_READ_PATTERNS.some((pattern) => pattern.test(pathname));
}
