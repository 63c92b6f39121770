/**
 * The CSV writer, the strict RFC 4180 parser and the import rules of api/domain/csv.ts,
 * without a database.
 */
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_COLUMNS,
  ROSTER_COLUMNS,
  csvCell,
  csvFileName,
  decodeCsv,
  parseCsv,
  parseKickoff,
  planFixtureImport,
  planRosterImport,
  readCsvTable,
  refusalDetail,
  restoreCell,
  toCsv,
  type CsvTable,
  type FixtureImportContext,
} from '../../../api/domain/csv';

const utf8 = (text: string) => new TextEncoder().encode(text);

function table(text: string, columns = FIXTURE_COLUMNS): CsvTable {
  const read = readCsvTable(text, columns);
  if (!read.ok) throw new Error(read.error.message);
  return read.table;
}

describe('writing', () => {
  it('quotes only what must be quoted and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rinside')).toBe('"cr\rinside"');
    expect(csvCell('Zoë Ødegård')).toBe('Zoë Ødegård');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralises text that a spreadsheet would run as a formula, but not numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('\rCR')).toBe('"\'\rCR"');
    expect(csvCell('=HYPERLINK("http://x.test","y")')).toBe('"\'=HYPERLINK(""http://x.test"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
    // A goal difference is a number: written as one, never as text.
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    // The decision is the column's type: text that looks like a number is still text.
    expect(csvCell('-3')).toBe("'-3");
  });

  it('writes a BOM, a header and CRLF after every record', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [null, '=z'],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,"x,y"\r\n,\'=z\r\n');
    expect(toCsv(['only'], [])).toBe('\uFEFFonly\r\n');
  });

  it('names files with safe characters only', () => {
    expect(csvFileName('tl-26', '2026', 'table')).toBe('tl-26-2026-table.csv');
    expect(csvFileName('north.town', 'roster')).toBe('north.town-roster.csv');
    expect(csvFileName('a"b/c\\d', 'x')).toBe('a-b-c-d-x.csv');
    expect(csvFileName('"', '')).toBe('export.csv');
  });
});

describe('decoding', () => {
  it('takes UTF-8 with or without a BOM', () => {
    expect(decodeCsv(utf8('name\r\nZoë\r\n'))).toEqual({ ok: true, text: 'name\r\nZoë\r\n' });
    expect(decodeCsv(utf8('\uFEFFname\r\n'))).toEqual({ ok: true, text: 'name\r\n' });
  });

  it('refuses Latin-1, UTF-16, workbooks and NUL bytes with a clear message', () => {
    const latin1 = Uint8Array.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x5a, 0x6f, 0xeb, 0x0a]);
    const refused = decodeCsv(latin1);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/^The file is not UTF-8 text\. Save it as "CSV UTF-8"/);
    const utf16 = decodeCsv(Uint8Array.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]));
    expect(!utf16.ok && utf16.message).toMatch(/^The file is UTF-16 text, not UTF-8\. Save it/);
    const utf16NoBom = decodeCsv(Uint8Array.from([0x6e, 0x00, 0x61, 0x00]));
    expect(!utf16NoBom.ok && utf16NoBom.message).toMatch(/^The file contains NUL characters/);
    const workbook = decodeCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(!workbook.ok && workbook.message).toMatch(/spreadsheet workbook/);
  });
});

describe('parsing', () => {
  const records = (text: string) => {
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.records;
  };

  it('reads CRLF, LF, a mix, a BOM and a last line without a line end', () => {
    expect(records('\uFEFFa,b\r\n1,2\n3,4')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', '4'] },
    ]);
    expect(records('')).toEqual([]);
    expect(records('a,,\n')).toEqual([{ line: 1, fields: ['a', '', ''] }]);
    expect(records('a\n\nb\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: [''] },
      { line: 3, fields: ['b'] },
    ]);
  });

  it('reads quoted values with doubled quotes, commas and line breaks, counting lines', () => {
    expect(records('"a ""b"", c","x\r\ny\nz",""\r\nnext,"",end')).toEqual([
      { line: 1, fields: ['a "b", c', 'x\r\ny\nz', ''] },
      { line: 4, fields: ['next', '', 'end'] },
    ]);
  });

  it('refuses malformed quoting and stray carriage returns, naming the line', () => {
    const refusal = (text: string) => {
      const parsed = parseCsv(text);
      return parsed.ok ? null : parsed.error;
    };
    expect(refusal('a,b\nc,"never closed\n\n')).toEqual({
      line: 2,
      message: expect.stringMatching(/^a quoted value is never closed/),
    });
    expect(refusal('a\n"x"y,z')?.line).toBe(2);
    expect(refusal('a\n"x"y,z')?.message).toMatch(/^text follows a closing quote/);
    expect(refusal('a\nb\nsay "hi"')).toMatchObject({
      line: 3,
      message: expect.stringMatching(/^a quote inside a value/),
    });
    expect(refusal('a\r\n"multi\nline" x')).toMatchObject({ line: 3 });
    expect(refusal('a\rb')).toMatchObject({ line: 1, message: expect.stringMatching(/carriage return/) });
  });

  it('undoes the formula guard of the export only', () => {
    expect(restoreCell("'=1+1")).toBe('=1+1');
    expect(restoreCell("'-3")).toBe('-3');
    expect(restoreCell("'quoted'")).toBe("'quoted'");
    expect(restoreCell("'")).toBe("'");
    for (const cell of ['=x', '-1', "O'Neil", '@home', '', 'a']) {
      expect(restoreCell(csvCell(cell).replace(/^"|"$/g, '').replaceAll('""', '"'))).toBe(cell);
    }
  });
});

describe('the header', () => {
  it('finds the columns in any order, without case, and lists the ignored ones', () => {
    const read = table('\uFEFFAway Team,location,Date,HOME-TEAM,notes\n b , , 2027-03-06T15:00Z ,a,x\n');
    expect(read.ignored_columns).toEqual(['notes']);
    expect(read.rows).toEqual([
      {
        line: 2,
        values: { date: '2027-03-06T15:00Z', home_team: 'a', away_team: 'b', location: '' },
        overflow: null,
      },
    ]);
  });

  it('refuses a missing column, a column named twice, an empty file and a header alone', () => {
    const error = (text: string) => {
      const read = readCsvTable(text, FIXTURE_COLUMNS);
      return read.ok ? null : read.error;
    };
    expect(error('date,home_team\n')).toEqual({
      line: 1,
      column: null,
      message:
        'The header lacks the column away_team. The first line must be a header naming the columns ' +
        'date, home_team and away_team (optional: location), in any order',
    });
    expect(error('2027-03-06T15:00Z,a,b\n')?.message).toMatch(
      /^The header lacks the columns date, home_team and away_team/,
    );
    expect(error('date,date,home_team,away_team\n')).toEqual({
      line: 1,
      column: 'date',
      message: 'The header names the column date twice',
    });
    expect(error('')?.message).toMatch(/^The file is empty/);
    expect(error('\n,,\n')?.message).toMatch(/^The file is empty/);
    expect(error('date,home_team,away_team\r\n\r\n')).toEqual({
      line: 1,
      column: null,
      message: 'The file has a header but no rows',
    });
  });
});

const CONTEXT: FixtureImportContext = {
  league_name: 'Tiny League',
  season: '2027',
  league_location: 'Testshire',
  teams: [
    { team_id: 'north.town', team_name: 'North Town', location: 'North Park' },
    { team_id: 'south.city', team_name: 'South City', location: '' },
    { team_id: 'twin.a', team_name: 'Twins', location: 'A' },
    { team_id: 'twin.b', team_name: 'twins', location: 'B' },
  ],
  existing: [
    { id: 41, home_team: 'north.town', away_team: 'twin.a', match_date: '2027-04-01T14:00:00.000Z' },
  ],
};

describe('kick-off dates', () => {
  it('takes ISO 8601 date and time with an offset', () => {
    expect(parseKickoff('2027-03-06T15:00:00Z', '2027')).toEqual({ date: new Date('2027-03-06T15:00:00Z') });
    expect(parseKickoff('2027-03-06 16:00+01:00', '2027')).toEqual({
      date: new Date('2027-03-06T15:00:00Z'),
    });
    expect(parseKickoff('2026-09-05T15:00:00.000Z', '2027')).toHaveProperty('date');
    expect(parseKickoff('2028-05-20T15:00:00Z', '2027')).toHaveProperty('date');
  });

  it('refuses a date alone, a time without offset, other formats, impossible days and far years', () => {
    const message = (value: string) => {
      const parsed = parseKickoff(value, '2027');
      return 'message' in parsed ? parsed.message : null;
    };
    expect(message('')).toMatch(/^is required/);
    expect(message('2027-03-06')).toMatch(/^needs a kick-off time too/);
    expect(message('2027-03-06T15:00')).toMatch(/^needs its offset from UTC/);
    expect(message('06/03/2027 15:00')).toMatch(/^'06\/03\/2027 15:00' is not a date and time such as/);
    expect(message('2027-02-29T15:00Z')).toBe("'2027-02-29T15:00Z' is not a real date and time");
    expect(message('2027-03-06T25:00Z')).toBe("'2027-03-06T25:00Z' is not a real date and time");
    expect(message('2072-03-06T15:00Z')).toBe(
      'is in 2072: matches of the 2027 season are dated 2026 to 2028',
    );
    expect(message('x'.repeat(500))).toBe(
      `'${'x'.repeat(40)}…' is not a date and time such as 2027-03-06T15:00:00Z or 2027-03-06T15:00:00+01:00`,
    );
  });
});

describe('planning a fixtures import', () => {
  it('creates rows by team id or exact name, with the home ground as the default location', () => {
    const plan = planFixtureImport(
      table(
        'date,home_team,away_team,location\n' +
          '2027-03-06T15:00:00Z,north.town,South City,\n' +
          '2027-03-13T15:00:00Z,south city,north.town,\n' +
          '2027-03-20T15:00:00+01:00,north.town,south.city,"Pitch 2, Park Road"\n',
      ),
      CONTEXT,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.rows).toEqual([
      {
        line: 2,
        outcome: 'create',
        match: {
          id: null,
          date: '2027-03-06T15:00:00.000Z',
          home_team: 'north.town',
          home_team_name: 'North Town',
          away_team: 'south.city',
          away_team_name: 'South City',
          location: 'North Park',
        },
      },
      {
        line: 3,
        outcome: 'create',
        match: expect.objectContaining({ home_team: 'south.city', location: 'Testshire' }),
      },
      {
        line: 4,
        outcome: 'create',
        match: expect.objectContaining({ date: '2027-03-20T14:00:00.000Z', location: 'Pitch 2, Park Road' }),
      },
    ]);
  });

  it('names every problem by line and column', () => {
    const plan = planFixtureImport(
      table(
        'date,home_team,away_team,location\n' +
          '2027-03-06,north.town,south.city,\n' +
          '2027-03-06T15:00Z,nowhere.fc,north.town,\n' +
          '2027-03-06T15:00Z,north.town,north.town,\n' +
          '2027-03-06T15:00Z,Twins,south.city,\n' +
          '2027-04-01T14:00Z,south.city,north.town,\n' +
          '2027-05-01T14:00Z,north.town,south.city,\n' +
          '2027-05-01T14:00Z,south.city,twin.b,\n' +
          '2027-05-08T14:00Z,north.town,south.city,x,extra\n' +
          `2027-05-15T14:00Z,north.town,south.city,${'y'.repeat(201)}\n`,
      ),
      CONTEXT,
    );
    expect(plan.errors).toEqual([
      { line: 2, column: 'date', message: expect.stringMatching(/^needs a kick-off time too/) },
      {
        line: 3,
        column: 'home_team',
        message:
          "no team 'nowhere.fc' is registered for Tiny League 2027: use a registered team's id or exact name",
      },
      { line: 4, column: 'away_team', message: 'is the home team too: a team cannot play itself' },
      {
        line: 5,
        column: 'home_team',
        message: 'names 2 teams registered for Tiny League 2027: use the team id (twin.a, twin.b)',
      },
      { line: 6, column: 'date', message: 'North Town already plays at this kick-off (match 41)' },
      { line: 8, column: 'date', message: 'South City already plays at this kick-off (line 7)' },
      {
        line: 9,
        column: null,
        message:
          'has 5 values but the header has 4 columns: a value containing a comma must be in double quotes',
      },
      { line: 10, column: 'location', message: 'must be at most 200 characters' },
    ]);
    expect(plan.rows.map((row) => `${row.line} ${row.outcome}`)).toEqual([
      '2 error',
      '3 error',
      '4 error',
      '5 error',
      '6 error',
      '7 create',
      '8 error',
      '9 error',
      '10 error',
    ]);
    expect(plan.rows[0]).toEqual({
      line: 2,
      outcome: 'error',
      values: { date: '2027-03-06', home_team: 'north.town', away_team: 'south.city', location: '' },
    });
    expect(refusalDetail(plan.errors)).toBe('8 rows have errors; nothing was imported');
    expect(refusalDetail(plan.errors.slice(0, 1))).toBe('1 row has errors; nothing was imported');
  });
});

describe('planning a roster import', () => {
  const taken = new Map([[1, 'North Town Keeper']]);

  it('creates players by the single-player rules, positions without case, position_general from the position', () => {
    const plan = planRosterImport(
      table(
        'name,number,position,position_general\n' +
          'Zoë Ødegård,7,Midfielder,MID\n' +
          "'=Eve,10,forward,fwd\n" +
          'Sam Lee,0,Goalkeeper,\n' +
          'Coach Carter,99,Coach,Other\n',
        ROSTER_COLUMNS,
      ),
      { taken },
    );
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((row) => (row.outcome === 'create' ? row.player : null))).toEqual([
      { id: null, name: 'Zoë Ødegård', number: 7, position: 'Midfielder', position_general: 'MID' },
      { id: null, name: '=Eve', number: 10, position: 'Forward', position_general: 'FW' },
      { id: null, name: 'Sam Lee', number: 0, position: 'Goalkeeper', position_general: 'GK' },
      { id: null, name: 'Coach Carter', number: 99, position: 'Coach', position_general: 'Other' },
    ]);
  });

  it('refuses bad names, numbers and positions, numbers taken in the team and twice in the file', () => {
    const plan = planRosterImport(
      table(
        'name,number,position,position_general\n' +
          ',5,Defender,DEF\n' +
          `${'n'.repeat(101)},6,Defender,DEF\n` +
          'A,100,Defender,DEF\n' +
          'B,7.0,Defender,DEF\n' +
          'C,1,Defender,DEF\n' +
          'D,8,Defender,DEF\n' +
          'E,8,Winger,DEF\n' +
          'F,9,Defender,FW\n' +
          'G,11,Defender,XX\n' +
          'H,,,\n',
        ROSTER_COLUMNS,
      ),
      { taken },
    );
    expect(plan.errors).toEqual([
      { line: 2, column: 'name', message: 'is required' },
      { line: 3, column: 'name', message: 'must be at most 100 characters' },
      { line: 4, column: 'number', message: 'must be a whole number from 0 to 99' },
      { line: 5, column: 'number', message: 'must be a whole number from 0 to 99' },
      {
        line: 6,
        column: 'number',
        message: 'Shirt number 1 is already taken in this team (North Town Keeper)',
      },
      { line: 8, column: 'number', message: 'Shirt number 8 is also on line 7' },
      {
        line: 8,
        column: 'position',
        message: 'must be one of Goalkeeper, Defender, Midfielder, Forward or Coach',
      },
      { line: 9, column: 'position_general', message: 'must be DEF (or Other) for a Defender' },
      {
        line: 10,
        column: 'position_general',
        message: 'must be one of GK, DEF, MID, FW (or FWD), COACH or Other',
      },
      { line: 11, column: 'number', message: 'is required' },
      { line: 11, column: 'position', message: 'is required' },
    ]);
    expect(plan.rows.filter((row) => row.outcome === 'create').map((row) => row.line)).toEqual([7]);
  });
});
