/**
 * Pages for club websites: a league's table and a team's fixtures as small,
 * self-contained HTML documents (no app shell, no service worker, the styles inline, and
 * one inline script, allowed by its hash, that tells the framing page its height: see
 * api/domain/embed-size) that any site may show in an iframe. They read the API in process, through the
 * read cache, so they answer exactly what the app shows; `?theme=dark` and
 * `?tz=<IANA zone>` adapt them to the host page.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { isTimeZone } from '../domain/fixture-plan';
import type { LeagueTableDto, MatchDto } from '../schemas';
import { publicOrigin } from './calendar';
import { readResponse } from './read';
import { cachedReadsOf } from './read-cache';
import { plural } from '../../db/rules/words';
import { EMBED_PAGE_SCRIPT } from '../domain/embed-size';

/** Only these pages may be framed, by anyone: every other answer keeps frame-ancestors 'none'. */
export const EMBED_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(EMBED_PAGE_SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

const EMBED_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'public, max-age=300',
  'Content-Security-Policy': EMBED_CONTENT_SECURITY_POLICY,
  // The host site loads it from its own origin.
  'Cross-Origin-Resource-Policy': 'cross-origin',
  // A link opened from a club's site must not tell the club's site about the league.
  'Referrer-Policy': 'no-referrer',
} as const;

const MAX_FIXTURES = 10;

type Theme = 'light' | 'dark';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light;--bg:#fff;--text:#14201a;--muted:#5b6b62;--line:#d9e2dc;--brand:#0f5132;--head:#f1f5f2}
:root[data-theme=dark]{color-scheme:dark;--bg:#101814;--text:#e8efe9;--muted:#a3b3aa;--line:#2c3a33;--brand:#7fd1a5;--head:#18231d}
*{box-sizing:border-box}
body{margin:0;padding:12px;background:var(--bg);color:var(--text);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{margin:0 0 8px;font-size:16px}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:6px 4px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
th{background:var(--head);color:var(--muted);font-size:12px;font-weight:600}
th.team,td.team{text-align:left;white-space:normal;width:100%}
td.pts{font-weight:700}
ul{list-style:none;margin:0;padding:0}
li{display:grid;gap:2px;padding:8px 0;border-bottom:1px solid var(--line)}
.when{color:var(--muted);font-size:12px}
.where{color:var(--muted);font-size:12px}
.tag{display:inline-block;margin-left:6px;padding:0 6px;border:1px solid currentColor;border-radius:999px;font-size:11px}
.empty{color:var(--muted)}
footer{margin-top:8px;font-size:12px;color:var(--muted)}
a{color:var(--brand)}
`;

function page(
  theme: Theme,
  title: string,
  body: string,
  link: { href: string; text: string },
  embedId = '',
): string {
  return `<!doctype html>
<html lang="en" data-theme="${theme}" data-embed="${escapeHtml(embedId)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
<footer><a href="${escapeHtml(link.href)}" target="_blank" rel="noopener">${escapeHtml(link.text)}</a> · Touchline</footer>
<script>${EMBED_PAGE_SCRIPT}</script>
</body>
</html>
`;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The league table page. */
export function tableEmbed(
  league: { league_id: string; league_name: string; season: string },
  table: LeagueTableDto,
  theme: Theme,
  leagueUrl: string,
): string {
  const rows = table.standings
    .map(
      (row) =>
        `<tr><td>${row.position}</td><td class="team">${escapeHtml(row.team_name)}</td><td>${row.played}</td><td>${row.wins}</td><td>${row.draws}</td><td>${row.losses}</td><td>${signed(row.goal_difference)}</td><td class="pts">${row.points}${row.deducted > 0 ? '*' : ''}</td></tr>`,
    )
    .join('\n');
  const title = `${league.league_name} ${league.season}`;
  const notes = table.deductions
    .map(
      (deduction) =>
        `<p class="when">* ${escapeHtml(deduction.team_name)}: ${plural(deduction.points, 'point')} deducted – ${escapeHtml(deduction.reason)}</p>`,
    )
    .join('\n');
  const body =
    table.standings.length === 0
      ? `<h1>${escapeHtml(title)}</h1><p class="empty">No teams in this league yet.</p>`
      : `<h1>${escapeHtml(title)}</h1>
<table>
<thead><tr><th scope="col" title="Position">#</th><th scope="col" class="team">Team</th><th scope="col" title="Played">P</th><th scope="col" title="Won">W</th><th scope="col" title="Drawn">D</th><th scope="col" title="Lost">L</th><th scope="col" title="Goal difference">GD</th><th scope="col" title="Points">Pts</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${notes}`;
  return page(
    theme,
    `${title} table`,
    body,
    { href: leagueUrl, text: 'Full table and results' },
    `league-table:${league.league_id}`,
  );
}

/** The team's next fixtures, in the zone the host page asked for. */
export function fixturesEmbed(
  team: { team_id: string; team_name: string },
  matches: readonly MatchDto[],
  theme: Theme,
  timeZone: string,
  teamUrl: string,
): string {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const items = matches
    .map((match) => {
      const home = match.home_team === team.team_id;
      const opponent = home ? match.away_team_name : match.home_team_name;
      const postponed = match.status === 'postponed' ? '<span class="tag">Postponed</span>' : '';
      return `<li><span class="when"><time datetime="${escapeHtml(match.date)}">${escapeHtml(when.format(new Date(match.date)))}</time>${postponed}</span><strong>${home ? 'vs' : 'at'} ${escapeHtml(opponent)}</strong>${match.location ? `<span class="where">${escapeHtml(match.location)}</span>` : ''}</li>`;
    })
    .join('\n');
  const body = `<h1>${escapeHtml(team.team_name)}: next matches</h1>
${items ? `<ul>\n${items}\n</ul>` : '<p class="empty">No upcoming matches.</p>'}`;
  return page(
    theme,
    `${team.team_name} fixtures`,
    body,
    { href: teamUrl, text: 'All matches' },
    `team-fixtures:${team.team_id}`,
  );
}

/** The embeds live in the outer, untyped app; readResponse sets only what any context has. */
const appContext = (c: Context) => c as unknown as Context<AppEnv>;

function problemPage(status: 400 | 404, text: string): Response {
  return new Response(
    page('light', text, `<p class="empty">${escapeHtml(text)}</p>`, { href: '/', text: 'Touchline' }),
    {
      status,
      headers: { ...EMBED_HEADERS, 'Cache-Control': 'no-store' },
    },
  );
}

/** The query every embed takes; a bad value is a page that says which, never a 500. */
function options(query: Record<string, string>): { theme: Theme; timeZone: string } | Response {
  const theme = query.theme ?? 'light';
  if (theme !== 'light' && theme !== 'dark') return problemPage(400, 'theme must be light or dark');
  const timeZone = query.tz ?? 'UTC';
  if (!isTimeZone(timeZone)) return problemPage(400, 'tz must be an IANA time zone, such as Europe/London');
  for (const name of Object.keys(query)) {
    if (name !== 'theme' && name !== 'tz') return problemPage(400, `Unknown parameter: ${name}`);
  }
  return { theme, timeZone };
}

/**
 * The embed pages, reading the API in process so they show exactly what the app does:
 * through the server's read cache (`cachedReadsOf`), like a browser's reads, so an answer
 * already built is not built again; without one (an app without the server), through
 * `api`, the app's own API router (its paths have no /api prefix). Their links out are
 * on `publicUrl` (PUBLIC_URL), never on the Host the request names.
 */
export function embedRoutes(
  api: { request(path: string): Response | Promise<Response> },
  { publicUrl }: { publicUrl: string },
): Hono {
  const origin = publicOrigin({ publicUrl });
  const read = async <T>(c: Context, path: string): Promise<T | null> => {
    const cached = cachedReadsOf(c);
    const response = await (cached === null ? api.request(path) : cached(`/api${path}`));
    return response.status === 200 ? ((await response.json()) as T) : null;
  };
  return new Hono()
    .get('/leagues/:leagueId/table', async (c) => {
      const chosen = options(c.req.query());
      if (chosen instanceof Response) return chosen;
      const id = encodeURIComponent(c.req.param('leagueId'));
      const league = await read<{ league_id: string; league_name: string; season: string }>(
        c,
        `/leagues/${id}`,
      );
      const table = league && (await read<LeagueTableDto>(c, `/leagues/${id}/table`));
      if (!league || !table) return problemPage(404, 'League not found');
      const html = tableEmbed(
        league,
        table,
        chosen.theme,
        `${origin}/leagues/${encodeURIComponent(league.league_id)}`,
      );
      return readResponse(appContext(c), Buffer.from(html), EMBED_HEADERS);
    })
    .get('/teams/:teamId/fixtures', async (c) => {
      const chosen = options(c.req.query());
      if (chosen instanceof Response) return chosen;
      const id = encodeURIComponent(c.req.param('teamId'));
      const team = await read<{ team_id: string; team_name: string }>(c, `/teams/${id}`);
      const matches =
        team && (await read<MatchDto[]>(c, `/matches?team_id=${id}&future=true&limit=${MAX_FIXTURES}`));
      if (!team || !matches) return problemPage(404, 'Team not found');
      const html = fixturesEmbed(
        team,
        matches,
        chosen.theme,
        chosen.timeZone,
        `${origin}/team/${encodeURIComponent(team.team_id)}?tab=Matches`,
      );
      return readResponse(appContext(c), Buffer.from(html), EMBED_HEADERS);
    })
    .all('*', () => problemPage(404, 'Not found'));
}
