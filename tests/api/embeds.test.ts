/**
 * The pages for club websites over the tiny league: the league table and a
 * team's next fixtures as self-contained HTML that any site may frame (and only they),
 * themed by query, escaped, with an ETag; bad queries and unknown ids say so.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMBED_HEIGHT_MESSAGE, EMBED_PAGE_SCRIPT } from '../../api/domain/embed-size';
import { EMBED_CONTENT_SECURITY_POLICY } from '../../api/http/embeds';
import { makeTinyLeagueApp } from '../fixtures/app';
import { withFixture } from '../fixtures/hooks';
import { updateMatch, updateTeam } from '../fixtures/factory';

const t = withFixture(() => makeTinyLeagueApp({ publicUrl: 'https://league.example.org' }), {
  perTest: true,
});

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await t.app.request(`http://club.test${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The text of each body row's cells, as the page shows them. */
function rows(html: string): string[][] {
  return [...html.matchAll(/<tr>(.*?)<\/tr>/g)]
    .map((row) => [...(row[1] ?? '').matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1] ?? ''))
    .filter((cells) => cells.length > 0);
}

describe('/embed/leagues/{leagueId}/table', () => {
  it('is the league table as a self-contained page any site may frame', async () => {
    const { status, headers, text } = await page('/embed/leagues/tl-26/table');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(headers.get('content-security-policy')).toBe(EMBED_CONTENT_SECURITY_POLICY);
    expect(headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(headers.get('etag')).toMatch(/^W\/"/);
    expect(text).toContain('<h1>Tiny League 2026</h1>');
    expect(text).toContain('<html lang="en" data-theme="light" data-embed="league-table:tl-26">');
    // No app shell, no service worker: styles inline, nothing else loaded; one inline
    // script, the one the policy allows by its hash, which tells the host page its height.
    expect(text).not.toMatch(/<link|manifest|serviceWorker|<script[^>]*src/);
    const scripts = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(scripts).toEqual([EMBED_PAGE_SCRIPT]);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(EMBED_PAGE_SCRIPT).toContain(`type:"${EMBED_HEIGHT_MESSAGE}"`);
    expect(rows(text)).toEqual([
      ['1', 'North Town', '2', '1', '1', '0', '+1', '4'],
      ['2', 'South City', '2', '1', '0', '1', '+2', '3'],
      ['3', 'West Rangers', '2', '0', '2', '0', '0', '2'],
      ['4', 'East United', '2', '0', '1', '1', '-3', '1'],
    ]);
    // On the public address, not the host the embed was asked from.
    expect(text).toContain(
      '<a href="https://league.example.org/leagues/tl-26" target="_blank" rel="noopener">',
    );
  });

  it('footnotes a deduction in the right number', async () => {
    await t.connection.db
      .insertInto('points_deductions')
      .values({
        league_id: 'tl-26',
        team_id: 'north.town',
        points: 1,
        reason: 'Late registration',
        created_at: '2026-03-01T00:00:00.000Z',
      })
      .execute();
    const { text } = await page('/embed/leagues/tl-26/table');
    expect(text).toContain('* North Town: 1 point deducted – Late registration');
  });

  it('takes the dark theme, and answers 304 to its own ETag', async () => {
    const dark = await page('/embed/leagues/tl-26/table?theme=dark');
    expect(dark.text).toContain('data-theme="dark"');
    const again = await page('/embed/leagues/tl-26/table?theme=dark', {
      'If-None-Match': dark.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });

  it('escapes what it shows', async () => {
    await updateTeam(t.connection.db, 'north.town', { team_name: '<img src=x onerror=alert(1)> & "Co"' });
    const { text } = await page('/embed/leagues/tl-26/table');
    expect(text).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Co&#34;');
    expect(text).not.toContain('<img');
  });

  it('says what is wrong with a bad query or an unknown league, and never lets it be framed elsewhere', async () => {
    for (const [path, status, says] of [
      ['/embed/leagues/tl-26/table?theme=pink', 400, 'theme must be light or dark'],
      ['/embed/leagues/tl-26/table?colour=red', 400, 'Unknown parameter: colour'],
      ['/embed/leagues/no-such-26/table', 404, 'League not found'],
      ['/embed/leagues/tl-26/everything', 404, 'Not found'],
    ] as const) {
      const answer = await page(path);
      expect(answer.status, path).toBe(status);
      expect(answer.text, path).toContain(says);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('/embed/teams/{teamId}/fixtures', () => {
  it("lists the team's next matches in the host page's time zone", async () => {
    const { status, headers, text } = await page('/embed/teams/north.town/fixtures?tz=Europe/London');
    expect(status).toBe(200);
    expect(headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(text).toContain('<h1>North Town: next matches</h1>');
    // m8 2026-06-20 14:00 UTC v West Rangers at home: 15:00 in London (BST).
    expect(text).toMatch(/<time datetime="2026-06-20T14:00:00.000Z">Sat 20 Jun, 15:00 BST<\/time>/);
    expect(text).toContain('<strong>vs West Rangers</strong>');
    expect(text).toContain('https://league.example.org/team/north.town?tab=Matches');
  });

  it('says Postponed for a postponed match, and refuses a bad zone or an unknown team', async () => {
    await updateMatch(t.connection.db, t.matchIds.m8, { status: 'postponed' });
    expect((await page('/embed/teams/north.town/fixtures')).text).toContain(
      '<span class="tag">Postponed</span>',
    );
    expect(await page('/embed/teams/north.town/fixtures?tz=Mars/Olympus')).toMatchObject({ status: 400 });
    expect(await page('/embed/teams/no.such.team/fixtures')).toMatchObject({ status: 404 });
  });
});

describe('every other page', () => {
  it("keeps frame-ancestors 'none' and X-Frame-Options", async () => {
    for (const path of ['/api/leagues', '/api/leagues/tl-26/table']) {
      const { headers } = await page(path);
      expect(headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });
});
