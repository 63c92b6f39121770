/**
 * Spreadsheets through the API, on both engines: the four downloads byte
 * for byte (BOM, CRLF, quoting, formula cells neutralised, ETag), the two imports (dry
 * run, the real run in one transaction, per-line errors, who may import, the 1 MB limit,
 * encodings and malformed quoting), and the round trips: a league's matches.csv imported
 * into a fresh league gives the same fixtures, and once the same results are approved
 * there, the same table.csv; a team's roster.csv imported into a fresh team gives the
 * same roster.csv.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/app';
import { CSV_MAX_BYTES } from '../../api/domain/csv';
import { makeTestApp } from '../fixtures/app';
import { addUser, tokenFor, withRoleApp, type Role } from '../fixtures/auth';
import { insertLeague, insertPlayer, insertTeam, NEW_SEASON, NOW, updateMatch } from '../fixtures/factory';
import { sendRequest, type AppLike } from '../fixtures/request';

const { t, call } = withRoleApp();

const BOM = [0xef, 0xbb, 0xbf];
/** The bytes as text, the BOM kept (Response.text() would drop it). */
const withBom = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

async function download(path: string, headers: Record<string, string> = {}, app: AppLike = t.app) {
  const response = await app.request(path, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: withBom(bytes) };
}

interface Upload {
  role?: Role;
  dryRun?: boolean;
  contentType?: string | null;
  key?: string;
  token?: string;
  app?: AppLike;
}

/** POSTs a CSV body (text, or bytes as they are); the status, JSON body and headers. */
async function upload(path: string, body: string | Uint8Array, options: Upload = {}) {
  const answer = await sendRequest(
    options.app ?? t.app,
    'POST',
    `${path}${options.dryRun ? '?dry_run=true' : ''}`,
    {
      token: options.token ?? t.tokens[options.role ?? 'superAdmin'],
      raw: typeof body === 'string' ? body : (body as Uint8Array<ArrayBuffer>),
      contentType: options.contentType === undefined ? 'text/csv' : options.contentType,
      ...(options.key && { headers: { 'Idempotency-Key': options.key } }),
    },
  );
  return { ...answer, body: answer.body as Record<string, unknown> };
}

const count = async (table: 'matches' | 'players' | 'audit_log', where?: [string, string]) => {
  let query = t.connection.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) query = query.where(where[0] as never, '=', where[1] as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** tl-27 with three new clubs registered: c1 "Club 1" (Ground 1), c2 "Club 2" (Ground 2), c3 "Café Zoë" (no ground). */
async function newSeason() {
  expect((await call('POST', '/api/leagues', 'superAdmin', NEW_SEASON)).status).toBe(201);
  const clubs = [
    { team_id: 'c1', team_name: 'Club 1', location: 'Ground 1' },
    { team_id: 'c2', team_name: 'Club 2', location: 'Ground 2' },
    { team_id: 'c3', team_name: 'Café Zoë', location: '' },
  ];
  for (const club of clubs) {
    await insertTeam(t.connection.db, { ...club, league_id: null });
    expect(
      (await call('POST', '/api/leagues/tl-27/teams', 'superAdmin', { team_id: club.team_id })).status,
    ).toBe(201);
  }
}

describe('downloads', () => {
  it('table.csv: BOM, header, CRLF, the table as the JSON read orders it, an ETag and 304', async () => {
    const answer = await download('/api/leagues/tl-26/table.csv');
    expect(answer.status).toBe(200);
    expect([...answer.bytes.slice(0, 3)]).toEqual(BOM);
    expect(answer.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="tl-26-2026-table.csv"');
    expect(answer.headers.get('Cache-Control')).toBe('no-cache');
    expect(answer.text).toBe(
      '\uFEFFposition,team_id,team,played,wins,draws,losses,goals_for,goals_against,goal_difference,points_deducted,points\r\n' +
        '1,north.town,North Town,2,1,1,0,3,2,1,0,4\r\n' +
        '2,south.city,South City,2,1,0,1,4,2,2,0,3\r\n' +
        '3,west.rangers,West Rangers,2,0,2,0,1,1,0,0,2\r\n' +
        // A negative goal difference is a number, not a neutralised text cell.
        '4,east.united,East United,2,0,1,1,0,3,-3,0,1\r\n',
    );
    const json = await call('GET', '/api/leagues/tl-26/table', 'anonymous');
    const standings = json.body.standings as { team_id: string; points: number }[];
    const lines = answer.text.trim().split('\r\n').slice(1);
    expect(lines.map((line) => line.split(',')[1])).toEqual(standings.map((row) => row.team_id));
    const etag = answer.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const again = await download('/api/leagues/tl-26/table.csv', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // The colon-prefixed alias and an earlier season, as the JSON reads take them.
    expect((await download('/api/leagues/region:tl-26/table.csv')).text).toBe(answer.text);
    const old = await download('/api/leagues/tl-26/table.csv?season=2025');
    expect(old.headers.get('Content-Disposition')).toBe('attachment; filename="tl-26-2025-table.csv"');
    const variants: [string, string][] = [
      ['/api/leagues/tl-26/table.csv?season=2025', '/api/leagues/tl-26/table?season=2025'],
      ['/api/leagues/tl-25/table.csv', '/api/leagues/tl-25/table'],
    ];
    for (const [csv, json] of variants) {
      const ids = (await download(csv)).text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]);
      const rows = (await call('GET', json, 'anonymous')).body.standings as { team_id: string }[];
      expect(ids, csv).toEqual(rows.map((row) => row.team_id));
    }
    expect((await download('/api/leagues/nope-26/table.csv')).status).toBe(404);
    expect((await download('/api/leagues/tl-26/table.csv?season=26')).status).toBe(400);
  });

  it('matches.csv: every match of the season, oldest first, quoted where it must be, formulas neutralised', async () => {
    const { m1, m2, m3, m4, m5, m6, m7, m8, m9 } = t.matchIds;
    await updateMatch(t.connection.db, m8, { location: 'Park "Main", Pitch 2' });
    await updateMatch(t.connection.db, m9, { location: '=cmd|calc' });
    const answer = await download('/api/leagues/tl-26/matches.csv');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="tl-26-2026-matches.csv"');
    expect(answer.text).toBe(
      '\uFEFFdate,home_team,away_team,location,match_id,home_team_name,away_team_name,status,home_score,away_score,result\r\n' +
        `2026-05-02T14:00:00.000Z,north.town,south.city,north.town ground,${m1},North Town,South City,scheduled,2,1,approved\r\n` +
        `2026-05-09T14:00:00.000Z,east.united,west.rangers,east.united ground,${m2},East United,West Rangers,scheduled,0,0,approved\r\n` +
        `2026-05-16T14:00:00.000Z,south.city,east.united,south.city ground,${m3},South City,East United,scheduled,3,0,approved\r\n` +
        `2026-05-23T14:00:00.000Z,west.rangers,north.town,west.rangers ground,${m4},West Rangers,North Town,scheduled,1,1,approved\r\n` +
        `2026-06-06T14:00:00.000Z,north.town,east.united,north.town ground,${m5},North Town,East United,scheduled,4,0,pending\r\n` +
        `2026-06-13T14:00:00.000Z,south.city,west.rangers,south.city ground,${m6},South City,West Rangers,scheduled,0,5,rejected\r\n` +
        `2026-06-14T14:00:00.000Z,west.rangers,east.united,west.rangers ground,${m7},West Rangers,East United,scheduled,,,\r\n` +
        `2026-06-20T14:00:00.000Z,north.town,west.rangers,"Park ""Main"", Pitch 2",${m8},North Town,West Rangers,scheduled,,,\r\n` +
        `2026-06-27T14:00:00.000Z,east.united,south.city,'=cmd|calc,${m9},East United,South City,scheduled,,,\r\n`,
    );
  });

  it('stats.csv: each leaderboard by kind, and a clear 400 without one', async () => {
    const scorers = await download('/api/leagues/tl-26/stats.csv?kind=scorers');
    expect(scorers.headers.get('Content-Disposition')).toBe('attachment; filename="tl-26-2026-scorers.csv"');
    expect(scorers.text).toBe(
      '\uFEFFplayer_id,name,team,position,goals\r\n' +
        'sc.fwd,South City Forward,South City,Forward,3\r\n' +
        'nt.fwd,North Town Forward,North Town,Forward,2\r\n' +
        'nt.mid,North Town Midfielder,North Town,Midfielder,1\r\n' +
        'sc.mid,South City Midfielder,South City,Midfielder,1\r\n' +
        'wr.fwd,West Rangers Forward,West Rangers,Forward,1\r\n',
    );
    const sheets = await download('/api/leagues/tl-26/stats.csv?kind=clean_sheets');
    expect(sheets.text).toBe(
      '\uFEFFplayer_id,name,team,position,clean_sheets\r\n' +
        'eu.gk,East United Keeper,East United,Goalkeeper,1\r\n' +
        'sc.gk,South City Keeper,South City,Goalkeeper,1\r\n' +
        'wr.gk,West Rangers Keeper,West Rangers,Goalkeeper,1\r\n',
    );
    const json = (await call('GET', '/api/leagues/tl-26/stats', 'anonymous')).body as Record<
      string,
      { player_id: string; count: number }[]
    >;
    for (const kind of ['scorers', 'assists', 'clean_sheets', 'points']) {
      const csv = await download(`/api/leagues/tl-26/stats.csv?kind=${kind}`);
      expect(csv.status).toBe(200);
      const rows = csv.text.trim().split('\r\n').slice(1);
      expect(rows.map((row) => [row.split(',')[0], Number(row.split(',').at(-1))])).toEqual(
        (json[kind] ?? []).map((row) => [row.player_id, row.count]),
      );
    }
    for (const query of ['', '?kind=goals', '?kind=scorers&kind=assists']) {
      const refused = await call('GET', `/api/leagues/tl-26/stats.csv${query}`, 'anonymous');
      expect(refused).toEqual({
        status: 400,
        body: {
          detail: expect.stringMatching(/^Invalid query parameter 'kind': must be/),
        },
      });
    }
  });

  it('roster.csv: the players in roster order, formula names neutralised, accents kept', async () => {
    const db = t.connection.db;
    await insertPlayer(db, {
      id: 'nt.evil',
      name: '=HYPERLINK("http://evil.test","x")',
      team_id: 'north.town',
      number: 20,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.at',
      name: '@SUM(A1:A9)',
      team_id: 'north.town',
      number: 21,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.plus',
      name: '+1 Plus',
      team_id: 'north.town',
      number: 22,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.minus',
      name: '-2+3',
      team_id: 'north.town',
      number: 23,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.tab',
      name: '\tTabbed',
      team_id: 'north.town',
      number: 24,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.cr',
      name: '\rReturned',
      team_id: 'north.town',
      number: 25,
      position: 'Forward',
    });
    await insertPlayer(db, {
      id: 'nt.zoe',
      name: 'Zoë Ødegård, Jr.',
      team_id: 'north.town',
      number: 26,
      position: 'Forward',
    });
    const answer = await download('/api/teams/north.town/roster.csv');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment; filename="north.town-roster.csv"');
    expect(answer.text).toBe(
      '\uFEFFname,number,position,position_general,player_id\r\n' +
        'North Town Keeper,1,Goalkeeper,GK,nt.gk\r\n' +
        'North Town Defender,4,Defender,DEF,nt.def\r\n' +
        'North Town Midfielder,8,Midfielder,MID,nt.mid\r\n' +
        'North Town Forward,9,Forward,FW,nt.fwd\r\n' +
        '"\'=HYPERLINK(""http://evil.test"",""x"")",20,Forward,FW,nt.evil\r\n' +
        "'@SUM(A1:A9),21,Forward,FW,nt.at\r\n" +
        "'+1 Plus,22,Forward,FW,nt.plus\r\n" +
        "'-2+3,23,Forward,FW,nt.minus\r\n" +
        "'\tTabbed,24,Forward,FW,nt.tab\r\n" +
        '"\'\rReturned",25,Forward,FW,nt.cr\r\n' +
        '"Zoë Ødegård, Jr.",26,Forward,FW,nt.zoe\r\n',
    );
    // UTF-8: ë is two bytes.
    expect(answer.bytes.length).toBe(new TextEncoder().encode(answer.text).length);
    expect((await download('/api/teams/nowhere.fc/roster.csv')).status).toBe(404);
  });
});

const FIXTURES =
  'date,home_team,away_team,location\r\n' +
  '2027-03-06T15:00:00Z,c1,c2,\r\n' +
  '2027-03-13T15:00:00+01:00,Club 2,café zoë,"Park Road, Pitch 2"\r\n' +
  '2027-03-20T15:00:00Z,c3,c1,\r\n';

describe('POST /api/leagues/{leagueId}/matches.csv', () => {
  it('previews with dry_run, writing nothing, then imports every row in one go', async () => {
    await newSeason();
    const before = await count('matches');
    const preview = await upload('/api/leagues/tl-27/matches.csv', FIXTURES, { dryRun: true });
    expect(preview.status).toBe(200);
    const expectedRows = [
      {
        line: 2,
        outcome: 'create',
        match: {
          id: null,
          date: '2027-03-06T15:00:00.000Z',
          home_team: 'c1',
          home_team_name: 'Club 1',
          away_team: 'c2',
          away_team_name: 'Club 2',
          location: 'Ground 1',
        },
      },
      {
        line: 3,
        outcome: 'create',
        match: {
          id: null,
          date: '2027-03-13T14:00:00.000Z',
          home_team: 'c2',
          home_team_name: 'Club 2',
          away_team: 'c3',
          away_team_name: 'Café Zoë',
          location: 'Park Road, Pitch 2',
        },
      },
      {
        line: 4,
        outcome: 'create',
        match: {
          id: null,
          date: '2027-03-20T15:00:00.000Z',
          home_team: 'c3',
          home_team_name: 'Café Zoë',
          away_team: 'c1',
          away_team_name: 'Club 1',
          // No ground: the league's location.
          location: 'Testshire',
        },
      },
    ];
    expect(preview.body).toEqual({
      dry_run: true,
      rows: expectedRows,
      errors: [],
      ignored_columns: [],
      created: 0,
    });
    expect(await count('matches')).toBe(before);
    expect(await count('audit_log', ['action', 'league.fixtures_import'])).toBe(0);

    const created = await upload('/api/leagues/tl-27/matches.csv', FIXTURES, { key: 'import-1' });
    expect(created.status).toBe(201);
    const rows = created.body.rows as { match: { id: number } }[];
    expect(created.body).toEqual({
      dry_run: false,
      rows: expectedRows.map((row, index) => ({
        ...row,
        match: { ...row.match, id: rows[index]?.match.id },
      })),
      errors: [],
      ignored_columns: [],
      created: 3,
    });
    expect(rows.every((row) => Number.isInteger(row.match.id))).toBe(true);
    expect(await count('matches')).toBe(before + 3);
    const listed = (await call('GET', '/api/leagues/tl-27/matches', 'anonymous')).body.matches as {
      id: number;
      season: string;
      date: string;
      status: string;
      approved: string;
    }[];
    expect(listed.map((match) => match.id)).toEqual(rows.map((row) => row.match.id));
    expect(listed.every((m) => m.season === '2027' && m.status === 'scheduled' && m.approved === '')).toBe(
      true,
    );
    expect(await count('audit_log', ['action', 'league.fixtures_import'])).toBe(1);

    // The same key replays the answer and writes nothing more.
    const replay = await upload('/api/leagues/tl-27/matches.csv', FIXTURES, { key: 'import-1' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(created.body);
    expect(await count('matches')).toBe(before + 3);
    // Without a key the same file clashes with what it created: nothing is written twice.
    const again = await upload('/api/leagues/tl-27/matches.csv', FIXTURES);
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe('3 rows have errors; nothing was imported');
    expect((again.body.errors as { message: string }[])[0]?.message).toMatch(
      /^Club 1 already plays at this kick-off \(match \d+\)$/,
    );
    expect(await count('matches')).toBe(before + 3);
  });

  it('refuses a file with a bad row as a whole, listing every problem by line and column', async () => {
    await newSeason();
    const before = await count('matches');
    const file =
      '\uFEFFdate,home_team,away_team,location,notes\n' +
      '2027-03-06T15:00:00Z,c1,c2,,ok\n' +
      '2027-02-30T15:00:00Z,c1,c3,,bad day\n' +
      '2027-03-13,north.town,c3,,\n' +
      '2027-03-20T15:00:00Z,c2,c2,,\n';
    const expectedErrors = [
      { line: 3, column: 'date', message: "'2027-02-30T15:00:00Z' is not a real date and time" },
      {
        line: 4,
        column: 'date',
        message: 'needs a kick-off time too, such as 2027-03-06T15:00:00Z or 2027-03-06T15:00:00+01:00',
      },
      {
        line: 4,
        column: 'home_team',
        message:
          "no team 'north.town' is registered for Tiny League 2027: use a registered team's id or exact name",
      },
      { line: 5, column: 'away_team', message: 'is the home team too: a team cannot play itself' },
    ];
    const refused = await upload('/api/leagues/tl-27/matches.csv', file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      detail: '3 rows have errors; nothing was imported',
      dry_run: false,
      errors: expectedErrors,
      ignored_columns: ['notes'],
      created: 0,
    });
    expect((refused.body.rows as { outcome: string }[]).map((row) => row.outcome)).toEqual([
      'create',
      'error',
      'error',
      'error',
    ]);
    expect((refused.body.rows as unknown[])[1]).toEqual({
      line: 3,
      outcome: 'error',
      values: { date: '2027-02-30T15:00:00Z', home_team: 'c1', away_team: 'c3', location: '' },
    });
    expect(await count('matches')).toBe(before);
    // The dry run lists the same problems with a 200: it is a preview.
    const preview = await upload('/api/leagues/tl-27/matches.csv', file, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual(expectedErrors);
    expect(preview.body.rows).toEqual(refused.body.rows);
    expect(await count('matches')).toBe(before);
  });

  it('is for super admins only, and answers 404 for an unknown league', async () => {
    await newSeason();
    for (const role of ['anonymous', 'fan', 'coach', 'opponentOwner', 'manager', 'admin'] as Role[]) {
      const answer = await upload('/api/leagues/tl-27/matches.csv', FIXTURES, { role });
      expect(answer.status, role).toBe(role === 'anonymous' ? 401 : 403);
    }
    expect((await upload('/api/leagues/nope-27/matches.csv', FIXTURES)).status).toBe(404);
    expect(await count('matches', ['league_id', 'tl-27'])).toBe(0);
  });
});

const ROSTER =
  'name,number,position,position_general\r\n' +
  'Zoë Ødegård,17,Midfielder,MID\r\n' +
  'Sam Lee,18,Defender,\r\n' +
  'Sam Lee,19,forward,FWD\r\n';

describe('POST /api/teams/{teamId}/roster.csv', () => {
  it("lets the team's coach preview and import players, each with a new id", async () => {
    const before = await count('players');
    const preview = await upload('/api/teams/north.town/roster.csv', ROSTER, { role: 'coach', dryRun: true });
    expect(preview.status).toBe(200);
    const players = [
      { id: null, name: 'Zoë Ødegård', number: 17, position: 'Midfielder', position_general: 'MID' },
      { id: null, name: 'Sam Lee', number: 18, position: 'Defender', position_general: 'DEF' },
      { id: null, name: 'Sam Lee', number: 19, position: 'Forward', position_general: 'FW' },
    ];
    expect(preview.body).toEqual({
      dry_run: true,
      rows: players.map((player, index) => ({ line: index + 2, outcome: 'create', player })),
      errors: [],
      ignored_columns: [],
      created: 0,
    });
    expect(await count('players')).toBe(before);

    const created = await upload('/api/teams/north.town/roster.csv', ROSTER, { role: 'coach' });
    expect(created.status).toBe(201);
    const ids = ['zoe.degard', 'sam.lee', 'sam.lee2'];
    expect(created.body).toEqual({
      dry_run: false,
      rows: players.map((player, index) => ({
        line: index + 2,
        outcome: 'create',
        player: { ...player, id: ids[index] },
      })),
      errors: [],
      ignored_columns: [],
      created: 3,
    });
    const roster = (await call('GET', '/api/teams/north.town/roster', 'anonymous')).body.players as {
      id: string;
      team_id: string;
    }[];
    expect(roster.filter((player) => ids.includes(player.id)).map((player) => player.team_id)).toEqual([
      'north.town',
      'north.town',
      'north.town',
    ]);
    expect(await count('audit_log', ['entity', 'player'])).toBe(3);
    // Importing the same file again: every number is taken now.
    const again = await upload('/api/teams/north.town/roster.csv', ROSTER, { role: 'coach' });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([
      { line: 2, column: 'number', message: 'Shirt number 17 is already taken in this team (Zoë Ødegård)' },
      { line: 3, column: 'number', message: 'Shirt number 18 is already taken in this team (Sam Lee)' },
      { line: 4, column: 'number', message: 'Shirt number 19 is already taken in this team (Sam Lee)' },
    ]);
    expect(await count('players')).toBe(before + 3);
  });

  it('refuses the whole file for one bad row', async () => {
    const before = await count('players');
    const refused = await upload(
      '/api/teams/north.town/roster.csv',
      `${ROSTER}Taken Number,9,Forward,FW\r\nNo Position,30,,\r\n`,
      { role: 'superAdmin' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      detail: '2 rows have errors; nothing was imported',
      errors: [
        {
          line: 5,
          column: 'number',
          message: 'Shirt number 9 is already taken in this team (North Town Forward)',
        },
        { line: 6, column: 'position', message: 'is required' },
      ],
      created: 0,
    });
    expect(await count('players')).toBe(before);
  });

  it("is for super admins and the team's own coach or owner", async () => {
    const expected: Partial<Record<Role, number>> = { superAdmin: 200, coach: 200, anonymous: 401 };
    for (const role of [
      'anonymous',
      'fan',
      'player',
      'coach',
      'otherCoach',
      'opponentOwner',
      'manager',
      'admin',
      'superAdmin',
    ] as Role[]) {
      const answer = await upload('/api/teams/north.town/roster.csv', ROSTER, { role, dryRun: true });
      expect(answer.status, role).toBe(expected[role] ?? 403);
    }
    // East United's owner may import into East United.
    expect(
      (await upload('/api/teams/east.united/roster.csv', ROSTER, { role: 'opponentOwner' })).status,
    ).toBe(201);
    expect((await upload('/api/teams/nowhere.fc/roster.csv', ROSTER)).status).toBe(404);
  });
});

describe('files the imports refuse', () => {
  const path = '/api/teams/north.town/roster.csv';

  it('a file that is not UTF-8, a wrong media type or charset, with a clear 400', async () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('name,number,position\nZo'),
      0xeb,
      ...new TextEncoder().encode(',5,Defender\n'),
    ]);
    const notUtf8 = await upload(path, latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.detail).toMatch(/^The file is not UTF-8 text\. Save it as "CSV UTF-8"/);
    const utf16 = await upload(
      path,
      Uint8Array.from([0xff, 0xfe, ...Buffer.from('name,number,position\n', 'utf16le')]),
    );
    expect(utf16.body.detail).toMatch(/^The file is UTF-16 text, not UTF-8/);
    expect((await upload(path, ROSTER, { contentType: 'application/json' })).body).toEqual({
      detail: 'Send the CSV file as the request body, with Content-Type: text/csv',
    });
    expect((await upload(path, new TextEncoder().encode(ROSTER), { contentType: null })).status).toBe(400);
    expect((await upload(path, ROSTER, { contentType: 'text/csv; charset=windows-1252' })).body).toEqual({
      detail: 'The file must be UTF-8 text, not windows-1252: save it as "CSV UTF-8" and upload it again',
    });
    // An empty charset is named as such (it once read "…UTF-8 text, not : save it…").
    for (const contentType of ['text/csv; charset=', 'text/csv; charset=""']) {
      expect((await upload(path, ROSTER, { contentType, dryRun: true })).body).toEqual({
        detail: 'The Content-Type names an empty charset: send the file with Content-Type: text/csv',
      });
    }
    expect(
      (await upload(path, ROSTER, { contentType: 'text/csv; charset=UTF-8', dryRun: true })).status,
    ).toBe(200);
    expect(
      (await upload(path, ROSTER, { contentType: 'application/vnd.ms-excel', dryRun: true })).status,
    ).toBe(200);
  });

  it('malformed quoting, a missing column, a header alone: 400 naming the line', async () => {
    const quoting = await upload(path, 'name,number,position\r\nA,1,Defender\r\n"B,2,Defender\r\n', {
      dryRun: true,
    });
    expect(quoting.status).toBe(400);
    expect(quoting.body).toEqual({
      detail:
        'Line 3: a quoted value is never closed: a value that starts with " must end with " (a quote inside it is written twice, "")',
      errors: [
        {
          line: 3,
          column: null,
          message:
            'a quoted value is never closed: a value that starts with " must end with " (a quote inside it is written twice, "")',
        },
      ],
    });
    const stray = await upload(path, 'name,number,position\nSay "hi",1,Defender\n');
    expect(stray.body.detail).toMatch(/^Line 2: a quote inside a value that does not start with one/);
    const missing = await upload(path, 'name,number\nA,1\n');
    expect(missing.body.detail).toBe(
      'Line 1: The header lacks the column position. The first line must be a header naming the columns ' +
        'name, number and position (optional: position_general), in any order',
    );
    expect((await upload(path, 'name,number,position\r\n')).body.detail).toBe(
      'Line 1: The file has a header but no rows',
    );
    expect((await upload(path, '')).body.detail).toMatch(/^Line 1: The file is empty/);
  });

  it('over 1 MB with 413; up to 1 MB is read; other writes keep their 256 KiB limit', async () => {
    const header = 'name,number,position,notes\n';
    const row = (size: number) => `A,1,Defender,${'x'.repeat(size)}\n`;
    const exactly = header + row(CSV_MAX_BYTES - header.length - 'A,1,Defender,\n'.length);
    expect(new TextEncoder().encode(exactly).length).toBe(CSV_MAX_BYTES);
    const fits = await upload(path, exactly, { dryRun: true });
    expect(fits.status).toBe(200);
    expect(fits.body.errors).toEqual([
      {
        line: 2,
        column: 'number',
        message: 'Shirt number 1 is already taken in this team (North Town Keeper)',
      },
    ]);
    const over = await upload(path, `${exactly}B`, { dryRun: true });
    expect(over).toMatchObject({
      status: 413,
      body: { detail: `The file is larger than 1 MB (${CSV_MAX_BYTES} bytes): split it into smaller files` },
    });
    const fixtures = await upload('/api/leagues/tl-26/matches.csv', `${exactly}B`);
    expect(fixtures.status).toBe(413);
    // Another write with a body over 256 KiB is still refused.
    const big = await t.app.request('/api/teams/north.town/players', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${t.tokens.superAdmin}` },
      body: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(big.status).toBe(413);
  });
});

describe('round trips', () => {
  it("a league's matches.csv imported into a fresh league gives the same fixtures and, with the same results approved, the same table.csv", async () => {
    const matches = await download('/api/leagues/tl-26/matches.csv');
    const table = await download('/api/leagues/tl-26/table.csv');

    // A fresh database: the same clubs, an empty league of the same id, nothing played.
    const fresh = await makeTestApp({ now: () => NOW });
    try {
      const db = fresh.connection.db;
      await insertLeague(db, {
        league_id: 'tl-26',
        league_name: 'Tiny League',
        season: '2026',
        location: 'Testshire',
      });
      for (const [team_id, team_name] of [
        ['north.town', 'North Town'],
        ['south.city', 'South City'],
        ['east.united', 'East United'],
        ['west.rangers', 'West Rangers'],
      ] as const) {
        await insertTeam(db, { team_id, team_name, league_id: 'tl-26', location: `${team_name} Park` });
      }
      await addUser(db, { id: 'u.admin', user_type: 'super_admin' });
      const token = await tokenFor(db, 'u.admin');
      const imported = await upload('/api/leagues/tl-26/matches.csv', matches.bytes, {
        app: fresh.app,
        token,
      });
      expect(imported.status).toBe(201);
      expect(imported.body).toMatchObject({
        created: 9,
        ignored_columns: [
          'match_id',
          'home_team_name',
          'away_team_name',
          'status',
          'home_score',
          'away_score',
          'result',
        ],
      });
      const reexported = await download('/api/leagues/tl-26/matches.csv', {}, fresh.app);
      const fixtureColumns = (text: string) =>
        text
          .trim()
          .split('\r\n')
          .map((line) => line.split(',').slice(0, 4).join(','));
      expect(fixtureColumns(reexported.text)).toEqual(fixtureColumns(matches.text));

      // The approved results of the export, reported and approved again in the fresh league.
      const rows = matches.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(','));
      const freshIds = (imported.body.rows as { match: { id: number } }[]).map((row) => row.match.id);
      for (const [index, row] of rows.entries()) {
        if (row[10] !== 'approved') continue;
        const id = freshIds[index];
        const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
        const report = await fresh.app.request(`/api/matches/${id}/report`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ home_score: Number(row[8]), away_score: Number(row[9]) }),
        });
        expect(report.status, await report.clone().text()).toBe(200);
        const approve = await fresh.app.request(`/api/matches/${id}/approve`, { method: 'POST', headers });
        expect(approve.status, await approve.clone().text()).toBe(200);
      }
      const freshTable = await download('/api/leagues/tl-26/table.csv', {}, fresh.app);
      expect(freshTable.text).toBe(table.text);
      expect(freshTable.bytes).toEqual(table.bytes);
    } finally {
      await fresh.close();
    }
  });

  it("a team's roster.csv imported into a fresh team gives the same roster.csv", async () => {
    await insertPlayer(t.connection.db, {
      id: 'nt.evil',
      name: '=1+1 "Evil", Jr.',
      team_id: 'north.town',
      number: 20,
      position: 'Forward',
    });
    await insertPlayer(t.connection.db, {
      id: 'nt.zoe',
      name: 'Zoë Ødegård',
      team_id: 'north.town',
      number: 0,
      position: 'Coach',
    });
    const roster = await download('/api/teams/north.town/roster.csv');
    const team = await call('POST', '/api/teams', 'superAdmin', {
      name: 'Fresh Town',
      location: 'Freshville',
    });
    expect(team.status).toBe(201);
    const imported = await upload('/api/teams/fresh.town/roster.csv', roster.bytes);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ created: 6, ignored_columns: ['player_id'] });
    const copy = await download('/api/teams/fresh.town/roster.csv');
    const withoutIds = (text: string) => text.split('\r\n').map((line) => line.replace(/,[^,]*$/, ''));
    expect(withoutIds(copy.text)).toEqual(withoutIds(roster.text));
  });
});
