/**
 * The offline store's list of public reads (api/domain/public-reads.ts) against the
 * app's own route table: a GET route added to the API must be listed as kept or as
 * left out, or this fails.
 */
import { describe, expect, it } from 'vitest';
import {
  CACHED_READ_ROUTES,
  SHARED_READ_TABLES,
  UNCACHED_READ_ROUTES,
  isCachedReadPath,
  routePattern,
} from '../../api/domain/public-reads';
import { makeTestApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTestApp());

describe('public reads kept offline', () => {
  it('names every GET route of the API, once, as kept or as left out', () => {
    const getRoutes = new Set(
      t.app.routes.filter((route) => route.method === 'GET').map((route) => route.path),
    );
    const kept: readonly string[] = CACHED_READ_ROUTES;
    const left = Object.keys(UNCACHED_READ_ROUTES);
    expect(kept.filter((route) => left.includes(route))).toEqual([]);
    expect(new Set(kept).size).toBe(kept.length);
    const unplaced = [...getRoutes].filter((route) => !kept.includes(route) && !left.includes(route));
    expect(unplaced, 'GET routes neither cached nor excluded in api/domain/public-reads.ts').toEqual([]);
    const gone = [...kept, ...left].filter((route) => !getRoutes.has(route));
    expect(gone, 'listed routes the API no longer has').toEqual([]);
  });

  it('shares on the server only public reads, and no session, feed or admin read', () => {
    const shared = Object.keys(SHARED_READ_TABLES);
    const publicReads: readonly string[] = [
      ...CACHED_READ_ROUTES,
      '/api/search',
      // The spreadsheet downloads (issue #21): public, the same for everyone, not kept offline.
      '/api/leagues/:leagueId/table.csv',
      '/api/leagues/:leagueId/matches.csv',
      '/api/leagues/:leagueId/stats.csv',
      '/api/teams/:teamId/roster.csv',
    ];
    expect(shared.filter((route) => !publicReads.includes(route))).toEqual([]);
    for (const route of shared)
      expect(route).not.toMatch(/^\/api\/(tables|auth|images|mwpl_news|team_news|team_video)(\/|$)/);
  });

  it('keeps no admin table, search, auth or image read', () => {
    for (const route of CACHED_READ_ROUTES) {
      expect(route).not.toMatch(/^\/api\/(tables|search|auth|images)(\/|$)/);
    }
  });

  it('matches URL paths the way the router does', () => {
    expect(routePattern('/api/:kind{players?}/:playerId').source).toBe('^\\/api\\/(?:players?)\\/[^/]+$');
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
  });
});
