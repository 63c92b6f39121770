import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';

const t = withFixture(() => makeTestApp());

describe('GET /api/openapi.json', () => {
  it('documents every read endpoint with schemas that resolve', async () => {
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/leagues',
        '/api/leagues/{leagueId}/table',
        '/api/leagues/{leagueId}/matches',
        '/api/leagues/{leagueId}/stats',
        '/api/teams',
        '/api/teams/{teamId}',
        '/api/teams/{teamId}/roster',
        '/api/teams/{teamId}/stats',
        '/api/teams/{teamId}/seasons',
        '/api/teams/{teamId}/matches',
        '/api/teams/{teamId}/roster.csv',
        '/api/leagues/{leagueId}/table.csv',
        '/api/leagues/{leagueId}/matches.csv',
        '/api/leagues/{leagueId}/stats.csv',
        '/api/teams/{teamId}/calendar.ics',
        '/api/leagues/{leagueId}/calendar.ics',
        '/api/matches',
        '/api/matches/{matchId}',
        '/api/matches/between/{home}/{away}',
        '/api/coaches/{userId}',
        '/api/player/{playerId}',
        '/api/search',
        '/api/mwpl_news',
        '/api/team_news',
        '/api/team_video',
        '/api/images/{kind}/{file}',
        '/api/auth/login',
        '/api/auth/register',
        '/api/auth/refresh-token',
        '/api/auth/logout',
        '/api/teams/{teamId}/players',
        '/api/teams/{teamId}/players/{playerId}',
        '/api/player/update/{userId}',
        '/api/teams/{team_id}/matches/{match_id}/roster',
        '/api/matches/{id}/report',
        '/api/matches/{id}/approve',
        '/api/matches/{id}/reject',
        '/api/matches/{id}/reports',
        '/api/reports/overdue',
        '/api/notifications',
        '/api/notifications/{id}/read',
        '/api/notifications/read-all',
        '/api/notifications/settings',
        '/api/push/key',
        '/api/push/subscriptions',
        '/api/tables',
        '/api/tables/{table}/schema',
        '/api/tables/{table}/relations',
        '/api/tables/{table}/data',
        '/api/tables/{table}/rows',
        '/api/tables/{table}/rows/{id}',
      ]),
    );
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of new Set(refs)) {
      expect(doc.components.schemas, ref).toHaveProperty(ref.split('/').pop() ?? '');
    }
    expect(doc.components.schemas).toHaveProperty('Match');
    // A URL with reads and writes carries both operations.
    expect(Object.keys(doc.paths['/api/teams'] as object).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/teams/{teamId}'] as object).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths).some((key) => key.includes('#'))).toBe(false);
    // The spreadsheet imports take text/csv bodies.
    for (const url of ['/api/leagues/{leagueId}/matches.csv', '/api/teams/{teamId}/roster.csv']) {
      const operations = doc.paths[url] as Record<string, { requestBody?: { content: object } }>;
      expect(Object.keys(operations).sort()).toEqual(['get', 'post']);
      expect(Object.keys(operations.post?.requestBody?.content ?? {})).toEqual(['text/csv']);
    }
  });
});
