/**
 * How public reads are cached is declared on their routes (cachedRead) and collected by
 * api/router.ts: the offline store's list, which the build puts into the page and the
 * worker, and the server's read cache with the tables each read watches.
 */
import { describe, expect, it } from 'vitest';
import { routeMatcher, routePattern } from '../../api/domain/public-reads';
import { DECLARED_READS, OFFLINE_READ_ROUTES, SHARED_READ_TABLES } from '../../api/router';
import { isPublicRead } from '../../src/offline/read-cache';
import { makeTestApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTestApp());

/** Reads that are the same for every caller and public, but not kept by the app offline. */
const SHARED_NOT_OFFLINE = [
  '/api/search',
  '/api/leagues/:leagueId/table.csv',
  '/api/leagues/:leagueId/matches.csv',
  '/api/leagues/:leagueId/stats.csv',
  '/api/teams/:teamId/roster.csv',
];

describe('public reads, as their routes declare them', () => {
  it('come from routes the app has, each declared once', () => {
    const getRoutes = new Set(
      t.app.routes.filter((route) => route.method === 'GET').map((route) => route.path),
    );
    const declared = DECLARED_READS.map((read) => read.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.filter((path) => !getRoutes.has(path))).toEqual([]);
  });

  it('are what the build gives the page and the worker', () => {
    expect(__OFFLINE_READ_ROUTES__).toEqual(OFFLINE_READ_ROUTES);
    expect(OFFLINE_READ_ROUTES).toContain('/api/leagues/:leagueId/table');
    expect(OFFLINE_READ_ROUTES).toContain('/api/team_news');
  });

  it('shares on the server only public reads, and no session, feed or admin read', () => {
    const shared = Object.keys(SHARED_READ_TABLES);
    const publicReads: readonly string[] = [...OFFLINE_READ_ROUTES, ...SHARED_NOT_OFFLINE];
    expect(shared.filter((route) => !publicReads.includes(route))).toEqual([]);
    expect(SHARED_NOT_OFFLINE.filter((route) => !shared.includes(route))).toEqual([]);
    for (const route of shared)
      expect(route).not.toMatch(/^\/api\/(tables|auth|images|mwpl_news|team_news|team_video)(\/|$)/);
  });

  it('keeps no admin table, search, auth, image, personal or calendar read offline', () => {
    for (const route of OFFLINE_READ_ROUTES) {
      expect(route).not.toMatch(/^\/api\/(tables|search|auth|images|notifications|push|reports)(\/|$)/);
      expect(route).not.toMatch(/\.(csv|ics)$/);
    }
  });

  it('matches URL paths the way the router does', () => {
    expect(routePattern('/api/:kind{players?}/:playerId').source).toBe('^\\/api\\/(?:players?)\\/[^/]+$');
    const isCachedReadPath = routeMatcher(OFFLINE_READ_ROUTES);
    expect(isCachedReadPath('/api/player/x.fwd')).toBe(true);
    expect(isCachedReadPath('/api/players/x.fwd')).toBe(true);
    expect(isCachedReadPath('/api/playerz/x.fwd')).toBe(false);
    expect(isCachedReadPath('/api/leagues/mwpl-26/table')).toBe(true);
    expect(isCachedReadPath('/api/leagues/mwpl-26/table/extra')).toBe(false);
    expect(isCachedReadPath('/api/teams/north.town/players')).toBe(false);
    expect(isCachedReadPath('/api/openapi.json')).toBe(false);
    expect(isCachedReadPath('/api/openapiXjson')).toBe(false);
    expect(isCachedReadPath('/api/images/teams/a.svg')).toBe(false);
    expect(isCachedReadPath('/api/tables/users/data')).toBe(false);
    expect(isPublicRead(new URL('http://x/api/leagues/mwpl-26/table?season=2026'))).toBe(true);
    expect(isPublicRead(new URL('http://x/api/auth/me'))).toBe(false);
  });
});
