/**
 * Issue #8, bad input: property-based requests to every API endpoint, as anonymous
 * and as every role. Each generated request is one its endpoint must refuse, by
 * construction: a bad id or query value, a body that breaks the schema, a body in
 * the wrong format, a role without rights, a corrupted token. So every answer must
 * be a 4xx with a JSON detail, within 5 s, and no table may change.
 *
 * A second, smaller property sends input the API ignores or tolerates by design
 * (unknown query keys, image names that fall back to the default picture, harmless
 * search terms) and expects 200.
 */
import { createECDH } from 'node:crypto';
import { sql } from 'kysely';
import { describeTable, listTables } from '../../db/introspect';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAGUE_STATUSES,
  MATCH_STATUSES,
  NOTIFICATION_KINDS,
  POSITION_GENERALS,
  POSITIONS,
} from '../../db/schema';
import { CSV_MAX_BYTES, csvCell } from '../../api/domain/csv';
import { isTimeZone } from '../../api/domain/fixture-plan';
import { DEFAULT_RULES, TIEBREAKERS } from '../../api/domain/league-rules';
import { leagueIdFrom, MAX_ROW_ID } from '../../api/http/validate';
import { IMAGE_KINDS } from '../../api/routes/images';
import { isHttpsUrl } from '../../api/routes/push';
import { decodeCursor, encodeCursor, type ListName } from '../../api/http/list-query';
import { MAX_ENDPOINT_LENGTH } from '../../api/routes/push';
import { makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, ALL_ROLES, PASSWORD, ROLES, type Role } from '../fixtures/auth';
import { changedTables, tableChecksums, type Checksums } from '../fixtures/checksum';
import { claimsOf, forgeToken, unsignedToken } from '../fixtures/jwt';
import { figure, SETTINGS } from './settings';

const ANSWER_WITHIN_MS = 5_000;
const OTHER_SECRET = 'another-secret-another-secret-another-0123';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

interface Body {
  /** Sent with `contentType`; bytes when it is null (a string would get text/plain). */
  data: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

/** What an endpoint generator produces: the request line, the body and why it must be refused. */
interface Draft {
  method: Method;
  path: string;
  body?: Body;
  why: string;
  /** The role's token would make this call succeed: send a corrupted one instead. */
  corruptAuth?: boolean;
}

interface BadRequest extends Draft {
  endpoint: string;
  role: Role;
  headers: Record<string, string>;
  /** How fast-check prints a counterexample: short, with the body cut to a preview. */
  [fc.toStringMethod](): string;
}

interface AdminTable {
  name: string;
  columns: string[];
  key: string;
  keyIsInteger: boolean;
  integerColumns: string[];
  /** a text column that is not the key, for a body that would be a valid update */
  textColumn: string | null;
  /** keys of a few real rows, as path segments */
  rowKeys: string[];
}

interface Context {
  app: Awaited<ReturnType<typeof makeTinyLeagueApp>>['app'];
  tokens: Record<Role, string | null>;
  /** Every id, key and name in the database: a generated id must be none of them. */
  known: ReadonlySet<string>;
  tables: AdminTable[];
  /** The tiny league's matches: id (as a path segment) and the two teams. */
  matches: { id: string; teams: string[] }[];
  /** Tokens no server may accept: corrupted, unsigned, signed with another key, wrong claims. */
  badTokens: string[];
}

let ctx: Context;

// ---------------------------------------------------------------------------------
// Strings and values

const SQL = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; DROP TABLE users',
  "' UNION SELECT password_hash FROM users --",
  '1 UNION SELECT id, email, password_hash FROM users',
  '" OR ""="',
  '1) OR (1=1',
  "%' OR '%'='",
  "admin'--",
  "'; DELETE FROM sessions; --",
  "\\'; SELECT sqlite_version(); --",
  "' AND 1=(SELECT count(*) FROM sqlite_master) --",
  "'||(SELECT password_hash FROM users LIMIT 1)||'",
];
const TRAVERSAL = [
  '../',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '..%2f',
  '%2e%2e%2f',
  '/etc/passwd',
  'x/../../y',
  '\u0000',
  'x\u0000.svg',
  '..\u0000/',
  'C:\\boot.ini',
  '....//....//',
  '..;/',
  'file:///etc/passwd',
];
const UNICODE = [
  '\u202Enwot.htron',
  'north\u200B.town',
  '\uFEFFnorth.town',
  '⚽',
  '👨‍👩‍👧‍👦',
  '\uD800',
  '\uDFFF',
  'a\uD800b',
  '\uDBFF\uDFFF',
  'ｎｏｒｔｈ．ｔｏｗｎ',
  'NORTH.TOWN',
  'İstanbul',
  'e\u0301',
  'ﷺ',
  '\u0085',
  '\u2028',
  'שלום',
  'مرحبا',
  '𝕿𝖔𝖚𝖈𝖍𝖑𝖎𝖓𝖊',
  'Z̴̡̛a̷l̸g̵o̶',
];
const NAN_LIKE = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '+Infinity',
  '1e309',
  '-1e309',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '١٢',
  '-0',
  '+1',
  ' 1',
  '1.0',
  '1e2',
  '.5',
  '00',
  '007',
];
const NUMBERS_AS_TEXT = [
  '-1',
  '0',
  '-9007199254740993',
  '9007199254740993',
  '99999999999999999999999',
  '1'.repeat(400),
  `-${'9'.repeat(50)}`,
];
const ALL_NASTY = [...SQL, ...TRAVERSAL, ...UNICODE, ...NAN_LIKE, ...NUMBERS_AS_TEXT];

/** Path segments sent as they are: encodings a server might decode in surprising ways. */
const RAW_SEGMENTS = [
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%2e%2e%5c',
  '..%5c..%5cwindows',
  '..%252f',
  '%252e%252e',
  '%00',
  'x%00',
  '%00.svg',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AE%C0%AE%C0%AF',
  '%EF%BC%8E%EF%BC%8E%EF%BC%8F',
  '..%c0%af',
  'north.town%00',
  'north.town%20',
  'tl-26%00',
  '%2fetc%2fpasswd',
  'C:%5Cboot.ini',
  '%0d%0aSet-Cookie:x=1',
  '%3Cscript%3E',
  "'%20OR%201=1%20--",
  '%27%3B%20DROP%20TABLE%20users%3B%20--',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALL_NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ALL_NASTY), fc.constantFrom(...ALL_NASTY))
      .map(([a, b]) => `${a}${b}`),
  },
);

const LONG_UNITS = ['x', 'é', '⚽', "' OR 1=1 --", '\u200B', 'a\uD800', '𝕿'];

/**
 * A string of `min` to `max` code points (zod and SQLite count code points, not UTF-16
 * units) that trimming cannot shorten: it starts with 'y' and ends with 'z'.
 */
function longText(min: number, max: number): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min, max })).map(([unit, length]) => {
    const points = Array.from(unit.repeat(Math.ceil(length / Array.from(unit).length)));
    return `y${points.slice(0, length - 2).join('')}z`;
  });
}

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      -(2 ** 63),
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  // NaN and ±Infinity become null in JSON.
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);

const NOT_TEXT: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);
const NOT_TEXT_NOR_NULL = NOT_TEXT.filter((value) => value !== null);
/** Strings that String.prototype.trim (and so zod's trim) turns into ''. */
const BLANK = fc.constantFrom(
  '',
  ' ',
  '   ',
  '\t',
  '\n\r',
  '\u00A0',
  '\u2003',
  '\u3000',
  '\uFEFF',
  ' \u2028 ',
);
/** C0 controls and DEL: every id and text rule refuses them. */
const CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u0008', '\u001B', '\u007F', '\n', '\t');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Text with a control character inside. Well-formed only: in a URL, a lone surrogate
 * becomes bytes that are not UTF-8, and the server's lenient decoder then keeps the
 * whole run of escapes (the control character's too) as literal '%..' text.
 */
const withControl = fc
  .tuple(
    nastyString.filter((text) => !LONE_SURROGATE.test(text)),
    CONTROL,
  )
  .map(([text, control]) => `a${control}${Array.from(text).slice(0, 20).join('')}b`);

function encodeUnit(code: number): string {
  return `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * Percent-encodes a path segment or query value. A lone surrogate cannot go through
 * encodeURIComponent; it is sent as its three WTF-8 bytes, which are not valid UTF-8.
 */
function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += encodeUnit(0xed) + encodeUnit(0x80 | ((code >> 6) & 0x3f)) + encodeUnit(0x80 | (code & 0x3f));
    } else {
      out += encodeURIComponent(value.charAt(i));
    }
  }
  return out;
}

/** True when `id` could name something that exists, under any of the API's readings of an id. */
function isKnown(id: string): boolean {
  const readings = [id, id.trim(), leagueIdFrom(id), id.replaceAll('-', '.')];
  return readings.some((reading) => ctx.known.has(reading));
}

/** A whole segment the URL parser would resolve ('.', '..', '%2e%2e'…) changes the path itself. */
function isDotSegment(decoded: string): boolean {
  return decoded === '' || decoded === '.' || decoded === '..';
}

/** An id in a path that names nothing: encoded nasty strings, raw encodings, long ones. */
function badIdSegment(): fc.Arbitrary<string> {
  const usable = (decoded: string) => !isDotSegment(decoded) && !isKnown(decoded);
  return fc.oneof(
    { weight: 5, arbitrary: nastyString.filter(usable).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: longText(201, 5_000).map(encode) },
  );
}

/** Match ids that are not a match: not positive whole numbers, unsafe, or not in the database. */
function badMatchSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: badIdSegment().filter((raw) => !/^[1-9]\d*$/.test(raw) || Number(raw) >= 1000),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 2 ** 31 }).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '00',
        '1.0',
        '1e3',
        '9007199254740993',
        '99999999999999999',
        '0x1',
        '%201',
        '+1',
        '1%00',
      ),
    },
  );
}

const TEAMS = ['north.town', 'south.city', 'east.united', 'west.rangers'];
const LEAGUES = ['tl-26', 'tl-25', 'region:tl-26'];

// ---------------------------------------------------------------------------------
// Query strings

interface QueryParam {
  bad: fc.Arbitrary<string>;
  good: fc.Arbitrary<string>;
  required?: boolean;
}

/** Unknown keys, which every endpoint ignores. */
function junkParams(names: string[]): fc.Arbitrary<string[]> {
  return fc.array(
    fc
      .tuple(
        nastyString.filter((key) => !names.includes(key) && key !== ''),
        nastyString,
      )
      .map(([key, value]) => `${encode(key)}=${encode(value)}`),
    { maxLength: 2 },
  );
}

/**
 * A query string in which at least one parameter is wrong (a bad value, repeated, or
 * missing when required); the others are left out, good or bad.
 */
function badQuery(params: Record<string, QueryParam>): fc.Arbitrary<{ query: string; why: string }> {
  const names = Object.keys(params);
  const part = (name: string, state: 'absent' | 'good' | 'bad' | 'twice'): fc.Arbitrary<string[]> => {
    const param = params[name];
    if (!param || state === 'absent') return fc.constant([]);
    if (state === 'good') return param.good.map((value) => [`${name}=${encode(value)}`]);
    if (state === 'bad') return param.bad.map((value) => [`${name}=${encode(value)}`]);
    return fc.tuple(param.good, param.good).map(([a, b]) => [`${name}=${encode(a)}`, `${name}=${encode(b)}`]);
  };
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.constantFrom<'bad' | 'twice' | 'absent'>('bad', 'bad', 'bad', 'twice', 'absent'),
      fc.array(fc.constantFrom<'absent' | 'good' | 'bad'>('absent', 'good', 'bad'), {
        minLength: names.length,
        maxLength: names.length,
      }),
    )
    .filter(([target, state]) => state !== 'absent' || params[target]?.required === true)
    .chain(([target, state, others]) => {
      const parts = names.map((name, index) =>
        part(name, name === target ? state : params[name]?.required ? 'good' : (others[index] ?? 'absent')),
      );
      return fc.tuple(fc.tuple(...parts), junkParams(names), fc.boolean()).map(([chosen, junk, shuffle]) => {
        const pairs = [...chosen.flat(), ...junk];
        if (shuffle) pairs.reverse();
        return {
          query: pairs.length > 0 ? `?${pairs.join('&')}` : '',
          why: `${target} ${state === 'absent' ? 'missing' : state === 'twice' ? 'given twice' : 'bad'}`,
        };
      });
    });
}

/** Any mix of absent, good and bad values: for paths that are already wrong. */
function anyQuery(params: Record<string, QueryParam>): fc.Arbitrary<string> {
  const names = Object.keys(params);
  return fc
    .tuple(
      fc.tuple(
        ...names.map((name) => {
          const param = params[name];
          if (!param) return fc.constant<string[]>([]);
          return fc.oneof(
            fc.constant<string[]>([]),
            param.good.map((value) => [`${name}=${encode(value)}`]),
            param.bad.map((value) => [`${name}=${encode(value)}`]),
          );
        }),
      ),
      junkParams(names),
    )
    .map(([chosen, junk]) => {
      const pairs = [...chosen.flat(), ...junk];
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
}

const SEASON: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom(
        '26',
        '20266',
        '202',
        '2O26',
        '２０２６',
        '2026 ',
        ' 2026',
        '-2026',
        '+2026',
        '2026.0',
        '٢٠٢٦',
        '',
      ),
      longText(5, 10_000),
    )
    .filter((value) => !/^\d{4}$/.test(value)),
  good: fc.constantFrom('2026', '2025', '1999'),
};
const BOOLEAN: QueryParam = {
  bad: fc
    .oneof(nastyString, fc.constantFrom('yes', 'no', 'on', 'TRUE ', '2', '-1', 't', ''))
    .filter((value) => !/^(true|false|1|0)$/i.test(value)),
  good: fc.constantFrom('true', 'false', '1', '0', 'TRUE'),
};
const LIMIT: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom('0', '-1', '1001', '1e3', '9999999999999999999', '1.0', '0x10', '', '01'),
      fc.integer({ min: 1001 }).map(String),
      fc.integer({ max: 0 }).map(String),
    )
    .filter((value) => !/^[1-9]\d{0,15}$/.test(value) || Number(value) > 1000),
  good: fc.integer({ min: 1, max: 1000 }).map(String),
};
/** The list pages of /api/teams and /api/leagues: 1 to 200. */
const PAGE_SIZE: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom('0', '-1', '201', '1e2', '1.0', '0x10', '', '01'),
      fc.integer({ min: 201 }).map(String),
    )
    .filter((value) => !/^[1-9]\d{0,2}$/.test(value) || Number(value) > 200),
  good: fc.integer({ min: 1, max: 200 }).map(String),
};
/** A cursor of the given list: real ones, and anything cut, edited or made up. */
function cursorOf(list: ListName, key: fc.Arbitrary<string[]>): QueryParam {
  const good = key.map((parts) => encodeCursor(list, parts));
  return {
    good,
    bad: fc
      .oneof(
        nastyString,
        good.map((cursor) => cursor.slice(0, -1)),
        good.map((cursor) => `${cursor.slice(0, 4)}A${cursor.slice(5)}`),
        key.map((parts) => encodeCursor(list === 'teams' ? 'leagues' : 'teams', parts)),
      )
      .filter((value) => decodeCursor(list, value) === null),
  };
}
const TEAM_CURSOR = cursorOf('teams', fc.tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 })));
const LEAGUE_CURSOR = cursorOf(
  'leagues',
  fc.tuple(fc.constantFrom('2026', '2025'), fc.string({ minLength: 1 }), fc.string({ minLength: 1 })),
);
/** The overdue list's key: a kick-off and a match id. */
const OVERDUE_CURSOR = cursorOf(
  'overdue',
  fc.tuple(
    fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    fc.integer({ min: 1, max: 1_000_000 }).map(String),
  ),
);
const LEAGUE_FILTER: QueryParam = {
  bad: fc.constantFrom('', 'a'.repeat(201), 'bad\u0000id', 'line\nbreak'),
  good: fc.constantFrom('tl-26', 'tl-25', 'nowhere', 'league:tl-26'),
};

const APPROVED: QueryParam = {
  bad: fc
    .oneof(nastyString, fc.constantFrom('yes', 'approved', 'PENDING ', 'null', '0', '1'))
    .filter((value) => !['PENDING', 'TRUE', 'FALSE', ''].includes(value.toUpperCase())),
  good: fc.constantFrom('PENDING', 'TRUE', 'false', ''),
};
const SORT: QueryParam = {
  bad: fc
    .oneof(nastyString, fc.constantFrom('ascending', 'up', '1', '-1', 'asc ', 'ASC;', ''))
    .filter((value) => !['asc', 'desc'].includes(value.toLowerCase())),
  good: fc.constantFrom('asc', 'desc', 'DESC'),
};
const PAGE: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom('0', '-1', '1000001', '1.5', '', ' 1', '1e3', '01'),
      fc.integer({ min: 1_000_001 }).map(String),
    )
    .filter((value) => !/^[1-9]\d{0,15}$/.test(value) || Number(value) > 1_000_000),
  good: fc.integer({ min: 1, max: 5 }).map(String),
};

const STAT_KINDS = ['scorers', 'assists', 'clean_sheets', 'points'];
/** The leaderboard of GET …/stats.csv: required. */
const STAT_KIND: QueryParam = {
  bad: fc
    .oneof(nastyString, fc.constantFrom('Scorers', 'goals', 'clean-sheets', 'points ', 'cards', ''))
    .filter((value) => !STAT_KINDS.includes(value)),
  good: fc.constantFrom(...STAT_KINDS),
  required: true,
};
/** A page of notifications: 1 to 100, up to three digits. */
const NOTIFICATION_LIMIT: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom('0', '000', '101', '999', '1000', '-1', '1.0', '1e2', '', ' 1', '0x10'),
      fc.integer({ min: 101 }).map(String),
    )
    .filter((value) => !/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100),
  good: fc.integer({ min: 1, max: 100 }).map(String),
};
/** A row id in a query string: a positive whole number up to MAX_ROW_ID. */
const ROW_CURSOR: QueryParam = {
  bad: fc
    .oneof(
      nastyString,
      fc.constantFrom('0', '-1', '01', '1.0', '1e3', '', ' 1', '2147483648', '9999999999'),
      fc.integer({ min: MAX_ROW_ID + 1, max: Number.MAX_SAFE_INTEGER }).map(String),
    )
    .filter((value) => !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ROW_ID),
  good: fc.integer({ min: 1, max: MAX_ROW_ID }).map(String),
};
const DRY_RUN: Record<string, QueryParam> = { dry_run: BOOLEAN };

/** Code points after trimming, as the search rule counts them. */
const searchLength = (term: string) => Array.from(term.trim()).length;

/**
 * Feed addresses refused before any connection or DNS lookup: private, loopback and
 * link-local hosts in every spelling, other schemes, credentials, non-URLs, overlong.
 * (A public-looking address would be fetched, so none is generated.)
 */
const PRIVATE_HOSTS = [
  '127.0.0.1',
  '127.1.2.3',
  '127.000.000.001',
  'localhost',
  'LOCALHOST',
  'api.localhost',
  'localhost.',
  '%6c%6f%63%61%6c%68%6f%73%74',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::]',
  '0.0.0.0',
  '0',
  '10.0.0.1',
  '10.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.0.1',
  '192.168.1.254',
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  '100.64.0.1',
  '2130706433',
  '0x7f000001',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '017700000001',
  '0x0a.0.0.1',
  '[fd00::1]',
  '[fe80::1]',
  '[64:ff9b::7f00:1]',
  '[2002:7f00:1::]',
  '224.0.0.1',
  '255.255.255.255',
];
const badFeedAddress: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('http', 'https', 'HTTP', 'hTTps'),
        fc.constantFrom(...PRIVATE_HOSTS),
        fc.constantFrom('', ':80', ':8080', ':3001', ':1'),
        nastyString,
      )
      .map(([scheme, host, port, path]) => `${scheme}://${host}${port}/${encode(path)}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('file', 'ftp', 'gopher', 'javascript', 'data', 'dict', 'ldap', 'ws', 'jar'),
        nastyString,
      )
      .map(([scheme, rest]) => `${scheme}://example.com/${encode(rest)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'http://user:pass@example.com/',
      'https://admin@example.com/feed.xml',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://exa mple.com/',
      'http://[::1',
      'http://127.0.0.1:99999/',
      'http://[fe80::1%25eth0]/',
      'http:',
    ),
  },
  // No colon: never an absolute URL.
  { weight: 2, arbitrary: nastyString.filter((text) => !text.includes(':') && text.trim() !== '') },
  { weight: 1, arbitrary: BLANK },
  {
    weight: 1,
    arbitrary: longText(2_049, 20_000).map((text) => `http://example.com/${encode(text)}`),
  },
);

// ---------------------------------------------------------------------------------
// Bodies

interface Break {
  why: string;
  apply(body: Record<string, unknown>): unknown;
}

interface BodySchema {
  template: Record<string, unknown>;
  /** Changes that each make the body one the endpoint must refuse, whatever else it holds. */
  breaks: fc.Arbitrary<Break>;
}

function set(field: string, why: string, values: fc.Arbitrary<unknown>): fc.Arbitrary<Break> {
  return values.map((value) => ({
    why: `${field} ${why}`,
    apply: (body) => ({ ...body, [field]: value }),
  }));
}

function drop(field: string): fc.Arbitrary<Break> {
  return fc.constant({
    why: `${field} missing`,
    apply: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field)),
  });
}

function extraField(fields: string[]): fc.Arbitrary<Break> {
  const key = fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'user_type', 'team_id', 'id', 'is_admin'),
    nastyString,
  );
  return fc
    .tuple(
      key.filter((name) => !fields.includes(name)),
      nastyValue,
    )
    .map(([name, value]) => ({
      why: `unknown field ${JSON.stringify(name).slice(0, 40)}`,
      // A computed key, so '__proto__' is an own property and reaches the JSON.
      apply: (body) => ({ ...body, [name]: value }),
    }));
}

const JSON_TYPES = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/vnd.api+json',
);
const WRONG_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/json',
  'application/jsonx',
  'application/x-json',
  'json',
  'application/javascript',
  'none',
] as const;

const MALFORMED = [
  '',
  '{',
  '{"name": "x"',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": NaN}',
  '{"a": Infinity}',
  '{"a": undefined}',
  '// comment\n{}',
  '{} {}',
  '{"a":1}garbage',
  '[1,]',
  '"\\ud800',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  'tru',
  '01',
  '1e',
  '\u0000',
  '\uFEFF{"a": 1',
  '['.repeat(50_000),
  '{"a":'.repeat(20_000),
  `${'['.repeat(5_000)}${']'.repeat(4_999)}`,
];
/** Well-formed JSON of the wrong shape, deeply nested ones included. */
const NON_OBJECTS = [
  'null',
  'true',
  '0',
  '-1',
  '"text"',
  '[]',
  '[{}]',
  '1e999',
  '"\\ud800"',
  '[null]',
  '""',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
];

function jsonBody(value: unknown, contentType: string): Body {
  return { data: JSON.stringify(value) ?? 'null', contentType };
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The body in a format that is not JSON; the content itself may even be valid. */
function inWrongFormat(template: Record<string, unknown>, type: (typeof WRONG_TYPES)[number]): Body {
  const json = JSON.stringify(template);
  switch (type) {
    case 'none':
      return { data: new TextEncoder().encode(json), contentType: null };
    case 'application/x-www-form-urlencoded':
      return {
        data: new URLSearchParams(Object.entries(template).map(([k, v]) => [k, asText(v)])).toString(),
        contentType: type,
      };
    case 'multipart/form-data': {
      const boundary = '----touchline-fuzz-boundary';
      const parts = Object.entries(template).map(
        ([key, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${asText(value)}\r\n`,
      );
      return { data: `${parts.join('')}--${boundary}--\r\n`, contentType: `${type}; boundary=${boundary}` };
    }
    default:
      return { data: json, contentType: type };
  }
}

/** The template with some of its values replaced by nasty ones (or left alone). */
function noisy(template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(template);
  if (keys.length === 0) return fc.constant({ ...template });
  return fc.oneof(
    fc.constant({ ...template }),
    fc
      .record(Object.fromEntries(keys.map((key) => [key, nastyValue])), { requiredKeys: [] })
      .map((noise) => ({ ...template, ...noise })),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bodies the endpoint must refuse: a broken field, malformed JSON, a wrong format, a non-object, or huge. */
function invalidBody(schema: BodySchema): fc.Arbitrary<{ body: Body; why: string }> {
  return fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .tuple(noisy(schema.template), schema.breaks, JSON_TYPES)
        .map(([body, broken, type]) => ({ body: jsonBody(broken.apply(body), type), why: broken.why })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...MALFORMED), JSON_TYPES)
        .map(([data, type]) => ({ body: { data, contentType: type }, why: 'malformed JSON' })),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...WRONG_TYPES).map((type) => ({
        body: inWrongFormat(schema.template, type),
        why: `content type ${type}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...NON_OBJECTS).map((data) => ({
        body: { data, contentType: 'application/json' },
        why: `JSON ${data.slice(0, 20)}`,
      })),
    },
    {
      weight: 1,
      // Up to ~300 KB: past 256 KiB the limit answers 413, below it the broken field 400.
      arbitrary: fc
        .tuple(schema.breaks, fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom(...LONG_UNITS))
        .map(([broken, bytes, unit]) => {
          const unitBytes = Math.max(1, Buffer.byteLength(JSON.stringify(unit)) - 2);
          const padding = unit.repeat(Math.ceil(bytes / unitBytes));
          const applied = broken.apply({ ...schema.template });
          const value = isObject(applied) ? { ...applied, 'x-padding': padding } : [applied, padding];
          return {
            body: jsonBody(value, 'application/json'),
            why: `${broken.why}, padded to ~${Math.round(bytes / 1024)} KB`,
          };
        }),
    },
  );
}

/** For roles that cannot succeed anyway: the valid template too. */
function anyBody(schema: BodySchema): fc.Arbitrary<{ body: Body; why: string }> {
  return fc.oneof(
    fc.constant({ body: jsonBody(schema.template, 'application/json'), why: 'valid body' }),
    invalidBody(schema),
  );
}

// Field rules ----------------------------------------------------------------------

function tooLong(max: number): fc.Arbitrary<string> {
  return longText(max + 20, max + 3_000);
}
function badText(max: number, { control = true } = {}): fc.Arbitrary<unknown> {
  return control
    ? fc.oneof(NOT_TEXT, BLANK, tooLong(max), withControl)
    : fc.oneof(NOT_TEXT, BLANK, tooLong(max));
}
function badEnum(allowed: readonly string[]): fc.Arbitrary<unknown> {
  return fc
    .oneof(
      NOT_TEXT,
      nastyString,
      fc.constantFrom(...allowed.map((value) => value.toLowerCase()), ...allowed.map((value) => ` ${value}`)),
    )
    .filter((value) => !(typeof value === 'string' && allowed.includes(value)));
}
const badScore: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -2_147_483_648, max: -1 }),
  fc.integer({ min: 100, max: 2_147_483_647 }),
  fc.constantFrom<unknown>(0.5, 1.5, 98.6, -0.5, 1e21, 1e308, -1e308, 2 ** 53 + 2, Number.MIN_VALUE),
  fc.double({ noNaN: true }).filter((n) => !(Number.isInteger(n) && n >= 0 && n <= 99)),
  // Scores are JSON numbers: any string is wrong, digits included.
  fc.constantFrom<unknown>(...NAN_LIKE, '1', '0', '42', ''),
  fc.constantFrom<unknown>(null, true, false, [], [1], { value: 1 }),
);
const badShirtNumber = fc
  .oneof(badScore, fc.constantFrom<unknown>('100', '999', '-1', '1.5', '٣', '0x1', ' 5', '5 '))
  // Forms send numbers as text, so up to three digits of at most 99 are fine.
  .filter((value) => !(typeof value === 'string' && /^\d{1,3}$/.test(value) && Number(value) <= 99));
const badIdItem: fc.Arbitrary<unknown> = fc.oneof(
  NOT_TEXT,
  fc.constant(''),
  tooLong(200),
  fc.tuple(nastyString, CONTROL).map(([text, control]) => `${text.slice(0, 10)}${control}`),
);
function badIdList(maxListed: number | null): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(null, true, 'nt.gk', 7, {}, { 0: 'nt.gk' }),
    fc
      .tuple(fc.array(fc.constantFrom('nt.gk', 'sc.fwd', 'nt.fwd'), { maxLength: 3 }), badIdItem)
      .map(([ok, bad]) => [...ok, bad]),
  ];
  if (maxListed !== null) {
    options.push(
      fc.integer({ min: maxListed + 1, max: maxListed + 50 }).map((length) => Array(length).fill('nt.fwd')),
    );
  }
  return fc.oneof(...options);
}
const badPhotoId = fc.oneof(
  NOT_TEXT_NOR_NULL,
  fc.constantFrom('../x.png', '.hidden', 'a/b.png', 'a\\b.png', 'a b.png', 'x%2f.png', 'é.png', 'x\u0000'),
  nastyString.filter((text) => !/^(?:[\w-][\w.-]*)?$/.test(text)),
  tooLong(200),
);
const badMetrics = fc.oneof(
  fc.constantFrom<unknown>(null, 'goals', 7, true, [], [1, 2]),
  fc.constant({ '': 1 }),
  fc.constant({ ['k'.repeat(51)]: 1 }),
  fc.constantFrom<unknown>(null, {}, [], { n: 1 }, 'x'.repeat(201)).map((value) => ({ goals: value })),
  fc.constant(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))),
);
function badLeagueId(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(true, false, 0, 26, [], {}, ['tl-26']),
    fc.constantFrom('', ' ', ':', 'x:', 'region:', 'a:b: ', 'x'.repeat(201), 'tl-26\u0000', '\u0001'),
    // Well formed, but no such league.
    nastyString.filter((text) => !isKnown(text)),
  );
}
const badEmail = fc.oneof(
  NOT_TEXT,
  nastyString.filter((text) => !text.includes('@')),
  fc.constantFrom(
    'a b@c.test',
    `${'x'.repeat(330)}@example.test`,
    '@example.test',
    'fan@',
    'fan@@example.test',
    'fan@example..test',
    '<fan@example.test>',
    'fan@exa mple.test',
  ),
);
const badPassword = fc.oneof(
  NOT_TEXT,
  fc.string({ maxLength: 7 }).filter((text) => text.length < 8),
  nastyString.filter((text) => text.length < 8),
  longText(129, 5_000),
);

// Bodies of each write ----------------------------------------------------------------

const LOGIN: BodySchema = {
  // A wrong password: refused as it is.
  template: { email: 'u.coach@example.test', password: 'not the password' },
  breaks: fc.oneof(
    set('email', 'is not text', NOT_TEXT),
    set('email', 'is too long', longText(321, 2_000)),
    set('password', 'is not text', NOT_TEXT),
    set('password', 'is empty or too long', fc.oneof(fc.constant(''), longText(1_025, 5_000))),
    set(
      'password',
      'is wrong',
      nastyString.filter((text) => text !== PASSWORD),
    ),
    set(
      'email',
      'is unknown or real, with a wrong password',
      fc.constantFrom(
        'u.superadmin@example.test',
        'U.COACH@EXAMPLE.TEST ',
        'nobody@example.test',
        "' OR 1=1 --",
      ),
    ),
    drop('email'),
    drop('password'),
    extraField(['email', 'password']),
  ),
};

function registerSchema(): BodySchema {
  const fields = ['name', 'email', 'password'];
  return {
    template: { name: 'Fuzz Fan', email: 'fuzz.fan@example.test', password: 'long enough password' },
    breaks: fc.oneof(
      set('name', 'is not a name', badText(100, { control: false })),
      set('email', 'is not an email', badEmail),
      set('password', 'is too short, too long or not text', badPassword),
      ...fields.map(drop),
      extraField(fields),
    ),
  };
}

function refreshSchema(): BodySchema {
  return {
    template: { token: 'not-a-token' },
    breaks: fc.oneof(
      set('token', 'is not a token', fc.oneof(nastyString, fc.constantFrom(...ctx.badTokens))),
      set(
        'token',
        'is not text, empty or too long',
        fc.oneof(NOT_TEXT, fc.constant(''), longText(4_097, 6_000)),
      ),
      drop('token'),
    ),
  };
}

/** Every role may change its own password; each break still makes the change fail. */
function changePasswordSchema(): BodySchema {
  const fields = ['current_password', 'new_password'];
  return {
    // A wrong current password: refused as it is.
    template: { current_password: 'not the password', new_password: 'long enough password' },
    breaks: fc.oneof(
      set(
        'current_password',
        'is wrong',
        nastyString.filter((text) => text !== PASSWORD),
      ),
      set(
        'current_password',
        'is not text, empty or too long',
        fc.oneof(NOT_TEXT, fc.constant(''), longText(1_025, 5_000)),
      ),
      set('new_password', 'is too short, too long or not text', badPassword),
      ...fields.map(drop),
      extraField(fields),
    ),
  };
}

function teamSchema(): BodySchema {
  const fields = ['name', 'location', 'description', 'league_id'];
  return {
    template: {
      name: 'Fuzz FC',
      location: 'Fuzzville',
      description: 'Made by the fuzzer.',
      league_id: 'tl-26',
    },
    breaks: fc.oneof(
      set('name', 'is not a name', badText(100)),
      set('location', 'is not a place', badText(100)),
      set('description', 'is not text or too long', fc.oneof(NOT_TEXT, tooLong(1_000))),
      set('league_id', 'is not a league', badLeagueId()),
      drop('name'),
      drop('location'),
      extraField(fields),
    ),
  };
}

function playerSchema(): BodySchema {
  const fields = ['name', 'position', 'position_general', 'number', 'photo_id', 'metrics'];
  return {
    template: {
      name: 'Fuzz Kid',
      position: 'Midfielder',
      position_general: 'MID',
      number: 77,
      photo_id: 'fuzz.kid.png',
      metrics: { goals: 1 },
    },
    breaks: fc.oneof(
      set('name', 'is not a name', badText(100)),
      set('position', 'is not a position', badEnum(POSITIONS)),
      set('position_general', 'is not a position group', badEnum([...POSITION_GENERALS, 'FWD'])),
      set(
        'position_general',
        'disagrees with the position',
        fc.constantFrom('GK', 'DEF', 'FW', 'FWD', 'COACH'),
      ),
      set('number', 'is not a shirt number', badShirtNumber),
      set('photo_id', 'is not a file name', badPhotoId),
      set('metrics', 'is not a map of simple values', badMetrics),
      drop('name'),
      drop('position'),
      drop('position_general'),
      drop('number'),
      extraField(fields),
    ),
  };
}

const PLACEMENT: BodySchema = {
  template: { position: 'Defender', position_general: 'DEF', number: 66 },
  breaks: fc.oneof(
    set('position', 'is not a position', badEnum(POSITIONS)),
    set('position_general', 'is not a position group', badEnum([...POSITION_GENERALS, 'FWD'])),
    set('number', 'is not a shirt number', badShirtNumber),
    extraField(['position', 'position_general', 'number']),
    fc.constant({ why: 'nothing to update', apply: () => ({}) }),
  ),
};

const SQUAD: BodySchema = {
  template: { players: ['nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'sc.gk', 'sc.def', 'sc.mid'] },
  breaks: fc.oneof(
    set('players', 'is not a list of ids', badIdList(null)),
    set(
      'players',
      'has too few or too many players',
      fc.oneof(
        fc.array(fc.constantFrom('nt.gk', 'nt.def', 'nt.mid', 'nt.fwd'), { maxLength: 6 }),
        fc.integer({ min: 19, max: 40 }).map((length) => Array.from({ length }, (_, i) => `fuzz.${i}`)),
      ),
    ),
    set(
      'players',
      'repeats a player',
      fc.constant(['nt.gk', 'nt.gk', 'nt.def', 'nt.mid', 'nt.fwd', 'nt.def', 'nt.gk']),
    ),
    drop('players'),
    extraField(['players']),
  ),
};

const REPORT: BodySchema = {
  template: {
    home_score: 1,
    away_score: 0,
    goalscorers: [],
    assisters: [],
    goalkeepers: [],
    approved: 'PENDING',
  },
  breaks: fc.oneof(
    set('home_score', 'is not a score', badScore),
    set('away_score', 'is not a score', badScore),
    set('goalscorers', 'is not a list of ids', badIdList(100)),
    set('assisters', 'is not a list of ids', badIdList(100)),
    set('goalkeepers', 'is not a list of ids', badIdList(100)),
    drop('home_score'),
    drop('away_score'),
    extraField(['home_score', 'away_score', 'goalscorers', 'assisters', 'goalkeepers', 'approved']),
  ),
};

/** Whole numbers from 0 to `max` are counts; anything else is not. */
function badCount(max: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer({ max: -1 }),
    fc.integer({ min: max + 1 }),
    fc.constantFrom<unknown>(0.5, 1.5, -0.5, 1e21, 1e308, 2 ** 53 + 2, null, true, '1', '0', '', [], [1], {}),
  );
}
/** A nested object of counts with one count broken, one missing or one too many. */
function badCounts(valid: Record<string, number>, max: Record<string, number>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc.oneof(
    fc.constantFrom<unknown>(null, 3, 'x', [], Object.values(valid)),
    fc
      .constantFrom(...keys)
      .chain((key) => badCount(max[key] ?? 0).map((value) => ({ ...valid, [key]: value }))),
    fc
      .constantFrom(...keys)
      .map((key) => Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key))),
    fc
      .tuple(
        nastyString.filter((name) => !keys.includes(name)),
        fc.integer({ min: 0, max: 5 }),
      )
      .map(([name, value]) => ({ ...valid, [name]: value })),
  );
}
/** Empty text is allowed; not text, over 200 characters or a control character is not. */
const badLocation = fc.oneof(NOT_TEXT, tooLong(200), withControl);

/** A league's name, status and location: the body of PUT /api/leagues/{leagueId}. */
const LEAGUE_FIELDS = { league_name: 'Fuzz League', status: 'upcoming', location: 'Fuzzville' };
const leagueFieldBreaks = [
  set('league_name', 'is not a name', badText(200)),
  set('status', 'is not a league status', badEnum(LEAGUE_STATUSES)),
  set('location', 'is not a place', badLocation),
  ...Object.keys(LEAGUE_FIELDS).map(drop),
];

const LEAGUE_UPDATE: BodySchema = {
  template: LEAGUE_FIELDS,
  breaks: fc.oneof(...leagueFieldBreaks, extraField(Object.keys(LEAGUE_FIELDS))),
};

const NEW_LEAGUE: BodySchema = {
  // A league that exists: refused as it is (409).
  template: { league_id: 'tl-26', season: '2026', ...LEAGUE_FIELDS },
  breaks: fc.oneof(
    set('league_id', 'is not text', NOT_TEXT),
    set(
      'league_id',
      'is not lower-case letters, digits, dots and hyphens',
      fc.oneof(
        BLANK,
        fc.constantFrom(
          'TL-27',
          '-tl-27',
          '.tl-27',
          'tl 27',
          'tl_27',
          'région-27',
          'tl-27\n',
          'tl/27',
          'tl:27',
        ),
        nastyString.filter((text) => !/^[a-z0-9][a-z0-9.-]*$/.test(text)),
      ),
    ),
    set(
      'league_id',
      'is longer than 64 characters',
      fc.integer({ min: 65, max: 2_000 }).map((length) => 'a'.repeat(length)),
    ),
    set(
      'season',
      'is not a year',
      fc.oneof(SEASON.bad, fc.constantFrom<unknown>(2026, null, true, [], {}, ['2026'])),
    ),
    fc.constant({
      why: 'league_id ends in another season',
      apply: (body: Record<string, unknown>) => ({ ...body, league_id: 'fuzz-27', season: '2026' }),
    }),
    ...leagueFieldBreaks,
    drop('league_id'),
    drop('season'),
    extraField(['league_id', 'season', ...Object.keys(LEAGUE_FIELDS)]),
  ),
};

const RULES: BodySchema = {
  template: { ...DEFAULT_RULES, tiebreakers: [...DEFAULT_RULES.tiebreakers] },
  breaks: fc.oneof(
    set(
      'points',
      'is not a points table',
      badCounts({ ...DEFAULT_RULES.points }, { win: 10, draw: 10, loss: 10 }),
    ),
    set(
      'tiebreakers',
      'is not a list of tie-breakers',
      fc.oneof(
        fc.constantFrom<unknown>(null, 'points', {}, [], 7, { 0: 'points' }),
        fc
          .tuple(fc.subarray([...TIEBREAKERS], { maxLength: 3 }), badEnum(TIEBREAKERS))
          .map(([ok, bad]) => [...ok, bad]),
        fc.constantFrom(...TIEBREAKERS).map((name) => ['points', name, name]),
        fc.constant([...TIEBREAKERS, 'points']),
      ),
    ),
    set('report_deadline_hours', 'is not 1 to 720 hours', fc.oneof(badCount(24 * 30), fc.constant(0))),
    set(
      'suspensions',
      'is not a suspension rule',
      fc.oneof(
        badCounts(
          { ...DEFAULT_RULES.suspensions },
          { red_card_matches: 20, yellow_card_threshold: 50, yellow_card_matches: 20 },
        ),
        fc.constant({ ...DEFAULT_RULES.suspensions, yellow_card_threshold: 0 }),
      ),
    ),
    ...Object.keys(DEFAULT_RULES).map(drop),
    extraField(Object.keys(DEFAULT_RULES)),
  ),
};

const badPoints = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 101 }),
  fc.constantFrom<unknown>(1.5, -0.5, 1e21, 2 ** 53 + 2, null, true, '3', '', [], [3], {}),
);
/** A team id that is well formed but names no team (so none that plays in a league). */
const unknownTeamId = nastyString.filter((text) => text !== '' && !isKnown(text));

const DEDUCTION: BodySchema = {
  template: { team_id: 'north.town', points: 2, reason: 'Fielded a suspended player' },
  breaks: fc.oneof(
    set('team_id', 'is not an id', badIdItem),
    set('team_id', 'names no team of the league', unknownTeamId),
    set('points', 'is not 1 to 100', badPoints),
    set('reason', 'is not a reason', badText(300)),
    drop('team_id'),
    drop('points'),
    drop('reason'),
    extraField(['team_id', 'points', 'reason']),
  ),
};

const LEAGUE_TEAM: BodySchema = {
  template: { team_id: 'north.town' },
  breaks: fc.oneof(
    set('team_id', 'is not an id', badIdItem),
    set('team_id', 'names no team', unknownTeamId),
    drop('team_id'),
    extraField(['team_id']),
  ),
};

const NOT_BOOLEAN = fc.constantFrom<unknown>('true', 'false', 1, 0, null, 'yes', '', [], {});
const FIXTURE_FIELDS = [
  'start_date',
  'kickoff_time',
  'interval_days',
  'rounds',
  'dry_run',
  'replace_unplayed',
  'time_zone',
];

const FIXTURES: BodySchema = {
  template: { start_date: '2026-08-01', kickoff_time: '15:00', interval_days: 7, rounds: 2, dry_run: true },
  breaks: fc.oneof(
    set(
      'start_date',
      'is not a day of the calendar',
      fc.oneof(
        NOT_TEXT,
        fc.constantFrom(
          '2027-02-29',
          '2026-02-30',
          '2026-04-31',
          '2026-13-01',
          '2026-00-10',
          '2026-01-00',
          '0000-00-00',
          '2026-1-1',
          '20260801',
          '2026-08-01T00:00:00Z',
          '01/08/2026',
          '2026-08-01 ',
          ' 2026-08-01',
          '٢٠٢٦-٠٨-٠١',
        ),
        nastyString.filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text)),
      ),
    ),
    set(
      'kickoff_time',
      'is not a time of day',
      fc.oneof(
        NOT_TEXT,
        fc.constantFrom(
          '24:00',
          '9:00',
          '15:60',
          '15:00:00',
          '3pm',
          '15h00',
          ' 15:00',
          '15:00 ',
          '1500',
          '١٥:٠٠',
        ),
        nastyString.filter((text) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(text)),
      ),
    ),
    set(
      'interval_days',
      'is not 1 to 60 days',
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: 61 }),
        fc.constantFrom<unknown>(1.5, '7', null, true, [], {}, 1e21),
      ),
    ),
    set(
      'rounds',
      'is not 1 or 2',
      fc.oneof(
        fc.integer().filter((n) => n !== 1 && n !== 2),
        fc.constantFrom<unknown>('1', '2', 1.5, null, true, [1]),
      ),
    ),
    set('dry_run', 'is not true or false', NOT_BOOLEAN),
    set('replace_unplayed', 'is not true or false', NOT_BOOLEAN),
    set(
      'time_zone',
      'is not a time zone',
      fc.oneof(
        NOT_TEXT,
        longText(65, 300),
        fc
          .oneof(
            fc.constantFrom('Europe/Nowhere', 'Mars/Olympus', 'GMT+25', 'UTC+1:00', 'Europe/London '),
            nastyString,
          )
          .filter((zone) => !isTimeZone(zone)),
      ),
    ),
    ...FIXTURE_FIELDS.slice(0, 5).map(drop),
    extraField(FIXTURE_FIELDS),
  ),
};

const SCHEDULE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

const SCHEDULE: BodySchema = {
  template: { date: '2026-07-04T15:00:00Z', location: 'Fuzz Park', status: 'postponed' },
  breaks: fc.oneof(
    set(
      'date',
      'is not a date and time with its offset',
      fc.oneof(
        NOT_TEXT,
        fc.constantFrom(
          '',
          '2026-07-04',
          '2026-07-04T15:00',
          '2026-07-04T15:00:00',
          '2026-07-04 15:00:00Z',
          '2026-02-30T15:00:00Z',
          '2026-07-04T24:00:00Z',
          '2026-07-04T15:60:00Z',
          '2026-07-04T15:00:00+24:00',
          '2026-07-04T15:00:00.1234567890Z',
          '04/07/2026 15:00',
        ),
        nastyString.filter((text) => !SCHEDULE_DATE.test(text)),
      ),
    ),
    set('location', 'is not a place', badLocation),
    set('status', 'is not scheduled or postponed', badEnum(MATCH_STATUSES)),
    drop('date'),
    drop('location'),
    drop('status'),
    extraField(['date', 'location', 'status']),
  ),
};

const MUTED: BodySchema = {
  template: { muted: ['report_overdue'] },
  breaks: fc.oneof(
    set(
      'muted',
      'is not a list',
      fc.oneof(
        NOT_TEXT.filter((value) => !Array.isArray(value)),
        fc.constantFrom<unknown>('report_overdue', { 0: 'report_overdue' }),
      ),
    ),
    set(
      'muted',
      'names an unknown kind',
      fc
        .tuple(fc.subarray([...NOTIFICATION_KINDS], { maxLength: 3 }), badEnum(NOTIFICATION_KINDS))
        .map(([ok, bad]) => [...ok, bad]),
    ),
    set(
      'muted',
      'is too long',
      fc
        .integer({ min: NOTIFICATION_KINDS.length * 2 + 1, max: 200 })
        .map((length) => Array.from({ length }, () => 'report_overdue')),
    ),
    drop('muted'),
    extraField(['muted']),
  ),
};

/** A browser's P-256 public key (an uncompressed point) and 16-byte auth secret, in base64url. */
const P256DH = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.alloc(32, 7));
  return ecdh.getPublicKey().toString('base64url');
})();
const AUTH_SECRET = Buffer.alloc(16, 9).toString('base64url');
const base64url = (bytes: number[]) => Buffer.from(bytes).toString('base64url');

/** Keys that are not base64url of the right length, or not a point of the curve. */
function badKey(bytes: number, others: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    NOT_TEXT,
    fc.constantFrom('', '=', 'a b', 'abc+/', `${'A'.repeat(201)}`, ...others),
    fc
      .integer({ min: 1, max: 100 })
      .filter((n) => n !== bytes)
      .map((n) => base64url(Array(n).fill(4))),
    nastyString.filter((text) => !/^[A-Za-z0-9_-]+={0,2}$/.test(text)),
  );
}

const PUSH_ENDPOINT = 'https://push.example.test/fuzz';

const SUBSCRIPTION: BodySchema = {
  template: { endpoint: PUSH_ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH_SECRET } },
  breaks: fc.oneof(
    set(
      'endpoint',
      'is not an https URL',
      fc.oneof(
        NOT_TEXT,
        fc.constant(''),
        longText(MAX_ENDPOINT_LENGTH + 1, 5_000).map((text) => `${PUSH_ENDPOINT}/${text}`),
        fc.constantFrom(
          'http://push.example.test/x',
          'ftp://push.example.test/x',
          'wss://push.example.test/x',
          'https://user:pass@push.example.test/x',
          'https://user@push.example.test/x',
          'push.example.test/x',
          '//push.example.test/x',
          'https//push.example.test',
          'javascript:alert(1)',
        ),
        fc.oneof(nastyString, badFeedAddress).filter((text) => !isHttpsUrl(text)),
      ),
    ),
    set(
      'expirationTime',
      'is not a number or null',
      fc.constantFrom<unknown>('1', '', true, false, {}, [], [1], 'null', 'never'),
    ),
    set(
      'keys',
      'is not an object with p256dh and auth',
      fc.oneof(
        fc.constantFrom<unknown>(null, 'keys', 7, [], [P256DH, AUTH_SECRET], {}),
        fc.constant({ p256dh: P256DH }),
        fc.constant({ auth: AUTH_SECRET }),
        extraField(['p256dh', 'auth']).map((extra) => extra.apply({ p256dh: P256DH, auth: AUTH_SECRET })),
      ),
    ),
    badKey(65, [
      // A point off the curve, a compressed point, a base64 (not base64url) key.
      base64url([4, ...Array(64).fill(0)]),
      base64url([4, ...Array(64).fill(255)]),
      base64url([2, ...Array(32).fill(7)]),
      Buffer.from([4, ...Array(64).fill(0xfb)]).toString('base64'),
    ]).map((p256dh) => ({
      why: 'keys.p256dh is not a P-256 public key',
      apply: (body: Record<string, unknown>) => ({ ...body, keys: { p256dh, auth: AUTH_SECRET } }),
    })),
    badKey(16, [`${AUTH_SECRET}===`]).map((auth) => ({
      why: 'keys.auth is not a 16-byte secret',
      apply: (body: Record<string, unknown>) => ({ ...body, keys: { p256dh: P256DH, auth } }),
    })),
    drop('endpoint'),
    drop('keys'),
    extraField(['endpoint', 'expirationTime', 'keys']),
  ),
};

const UNSUBSCRIBE: BodySchema = {
  template: { endpoint: PUSH_ENDPOINT },
  breaks: fc.oneof(
    set(
      'endpoint',
      'is not text, empty or too long',
      fc.oneof(NOT_TEXT, fc.constant(''), longText(MAX_ENDPOINT_LENGTH + 1, 5_000)),
    ),
    drop('endpoint'),
    extraField(['endpoint']),
  ),
};

/** Row bodies for the table editor: each break fails the column check before any SQL runs. */
function rowSchema(table: AdminTable, mode: 'insert' | 'update'): BodySchema {
  const template: Record<string, unknown> = table.textColumn ? { [table.textColumn]: 'fuzz' } : {};
  const breaks: fc.Arbitrary<Break>[] = [
    extraField(table.columns),
    fc.constantFrom('password_hash', 'PASSWORD_HASH', 'rowid', 'oid', '_rowid_').map((column) => ({
      why: `column ${column}`,
      apply: (body: Record<string, unknown>) => ({ ...body, [column]: 'scrypt$1$1$1$AAAA$AAAA' }),
    })),
  ];
  if (table.integerColumns.length > 0) {
    breaks.push(
      fc
        .tuple(
          fc.constantFrom(...table.integerColumns),
          fc.constantFrom<unknown>(
            'abc',
            '1.5',
            1.5,
            true,
            {},
            [],
            '1e3',
            'NaN',
            2 ** 53 + 2,
            '99999999999999999999',
          ),
        )
        .map(([column, value]) => ({
          why: `integer column ${column} given ${JSON.stringify(value)}`,
          apply: (body: Record<string, unknown>) => ({ ...body, [column]: value }),
        })),
    );
  }
  if (mode === 'update') {
    breaks.push(
      nastyValue.map((value) => ({
        why: `key column ${table.key} changed`,
        apply: (body: Record<string, unknown>) => ({ ...body, [table.key]: value }),
      })),
      fc.constant({ why: 'no column to change', apply: () => ({}) }),
    );
  }
  return { template, breaks: fc.oneof(...breaks) };
}

// ---------------------------------------------------------------------------------
// CSV files (the two imports)

interface CsvSchema {
  header: string[];
  /** How many of the header's first columns are required. */
  required: number;
  /** A row the import takes. */
  good: string[];
  /** Rows the import refuses: a dry run lists them (200), an import answers 400. */
  badRow: fc.Arbitrary<{ cells: string[]; why: string }>;
}

/** The good row with one cell replaced. */
function badCell(good: string[], column: number, why: string, values: fc.Arbitrary<string>) {
  return values.map((value) => ({
    cells: good.map((cell, index) => (index === column ? value : cell)),
    why,
  }));
}

function tooManyValues(good: string[]) {
  return nastyString.map((extra) => ({ cells: [...good, `x${extra}`], why: 'a value too many' }));
}

const FIXTURE_ROW = ['2026-08-01T15:00:00Z', 'north.town', 'south.city', 'Fuzz Park'];
const unknownTeamName = fc.oneof(
  fc.constantFrom('', 'Nowhere FC', 'north.town.', 'North-Town', 'northtown'),
  nastyString.map((text) => `no such team ${text}`),
);

const FIXTURE_CSV: CsvSchema = {
  header: ['date', 'home_team', 'away_team', 'location'],
  required: 3,
  good: FIXTURE_ROW,
  badRow: fc.oneof(
    badCell(
      FIXTURE_ROW,
      0,
      'date is not a kick-off of the season',
      fc.oneof(
        fc.constantFrom(
          '',
          '2026-08-01',
          '2026-08-01T15:00',
          '2026-08-01 15:00:00',
          '2072-03-06T15:00:00Z',
          '1999-08-01T15:00:00Z',
          '2026-02-30T15:00:00Z',
          '2026-08-01T25:00:00Z',
          '01/08/2026 15:00',
          'tomorrow',
        ),
        nastyString.filter((text) => !/\d{4}-\d{2}-\d{2}/.test(text)),
      ),
    ),
    badCell(FIXTURE_ROW, 1, 'home_team is not a team of the league', unknownTeamName),
    badCell(FIXTURE_ROW, 2, 'away_team is not a team of the league', unknownTeamName),
    badCell(FIXTURE_ROW, 2, 'away_team is the home team', fc.constant('north.town')),
    badCell(
      FIXTURE_ROW,
      3,
      'location is too long or has a control character',
      fc.oneof(tooLong(200), withControl),
    ),
    tooManyValues(FIXTURE_ROW),
  ),
};

const ROSTER_ROW = ['Fuzz Kid', '77', 'Midfielder', 'MID'];

const ROSTER_CSV: CsvSchema = {
  header: ['name', 'number', 'position', 'position_general'],
  required: 3,
  good: ROSTER_ROW,
  badRow: fc.oneof(
    // Not BLANK: a lone tab is written '\t (the formula guard) and read back as a name "'".
    badCell(
      ROSTER_ROW,
      0,
      'name is empty, too long or has a control character',
      fc.oneof(fc.constantFrom('', ' ', '   '), longText(101, 400), withControl),
    ),
    badCell(
      ROSTER_ROW,
      1,
      'number is not 0 to 99',
      fc.oneof(
        fc.constantFrom('', '100', '999', '-1', '1.5', 'x', '٣', '1e1', '0x1', '+1', 'seven', '1 2'),
        nastyString.filter((text) => !/^\d{1,3}$/.test(text.trim())),
      ),
    ),
    badCell(
      ROSTER_ROW,
      2,
      'position is not a position',
      fc.oneof(
        fc.constantFrom('', 'Striker', 'Keeper', 'GK', 'Mid fielder', 'Forwards'),
        nastyString.filter(
          (text) => !POSITIONS.some((position) => position.toLowerCase() === text.trim().toLowerCase()),
        ),
      ),
    ),
    badCell(
      ROSTER_ROW,
      3,
      'position_general disagrees with the position',
      fc.constantFrom('GK', 'DEF', 'FW', 'FWD', 'COACH', 'Striker', 'midfield', 'X'),
    ),
    tooManyValues(ROSTER_ROW),
  ),
};

const CSV_TYPES = fc.constantFrom(
  'text/csv',
  'text/csv; charset=utf-8',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'Text/CSV; Charset="UTF-8"',
  'text/csv;charset=us-ascii',
);
const CSV_WRONG_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'text/tab-separated-values',
  'text/csvx',
  'csv',
  'text/html',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'none',
];
const CSV_OTHER_CHARSETS = [
  'text/csv; charset=latin1',
  'text/csv; charset=utf-16',
  'text/csv; charset="windows-1252"',
  'text/plain; charset=ISO-8859-1',
  'text/csv; charset=',
  'application/csv; charset=utf-16le',
];
const CSV_LAYOUT = fc.record({ eol: fc.constantFrom('\r\n', '\n'), bom: fc.boolean() });
type CsvLayout = { eol: string; bom: boolean };

function csvLines(rows: string[][]): string[] {
  return rows.map((row) => row.map(csvCell).join(','));
}
function csvText(lines: string[], layout: CsvLayout): string {
  return `${layout.bom ? '\uFEFF' : ''}${lines.join(layout.eol)}${layout.eol}`;
}
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A header and a good row. */
function goodCsv(schema: CsvSchema): fc.Arbitrary<{ body: Body; why: string }> {
  return fc.tuple(CSV_LAYOUT, CSV_TYPES).map(([layout, type]) => ({
    body: { data: csvText(csvLines([schema.header, schema.good]), layout), contentType: type },
    why: 'a good file',
  }));
}

/** Good rows and one refused row, in any order. */
function csvWithBadRow(schema: CsvSchema): fc.Arbitrary<{ body: Body; why: string }> {
  return fc
    .tuple(schema.badRow, fc.constantFrom('alone', 'first', 'last'), CSV_LAYOUT, CSV_TYPES)
    .map(([bad, place, layout, type]) => {
      const rows =
        place === 'alone'
          ? [bad.cells]
          : place === 'first'
            ? [bad.cells, schema.good]
            : [schema.good, bad.cells];
      return {
        body: { data: csvText(csvLines([schema.header, ...rows]), layout), contentType: type },
        why: `a row whose ${bad.why}`,
      };
    });
}

/** Lines the parser refuses wherever they stand between records. */
const BROKEN_LINES: ((text: string) => string)[] = [
  (text) => `${text}x"y`,
  (text) => `"a"b${text}`,
  (text) => `${text}a\rb`,
];

/** Files that are not CSV text, or not a table of the import's columns: refused before any row is read. */
function malformedCsv(
  schema: CsvSchema,
): fc.Arbitrary<{ data: string | Uint8Array<ArrayBuffer>; why: string }> {
  const lines = csvLines([schema.header, schema.good]);
  const columns = schema.header.map((_, index) => index);
  const without = (row: string[], column: number) => row.filter((_, index) => index !== column);
  return fc.oneof(
    fc
      .tuple(
        CSV_LAYOUT,
        fc.constantFrom(
          [0xff],
          [0xe9],
          [0xc3, 0x28],
          [0xed, 0xa0, 0x80],
          [0xc0, 0xaf],
          [0xf8, 0x88, 0x80, 0x80],
        ),
        fc.nat(),
      )
      .map(([layout, bad, at]) => {
        const good = utf8(csvText(lines, layout));
        const cut = at % (good.length + 1);
        return {
          data: new Uint8Array([...good.subarray(0, cut), ...bad, ...good.subarray(cut)]),
          why: 'bytes that are not UTF-8',
        };
      }),
    fc.tuple(CSV_LAYOUT, fc.constantFrom('LE', 'BE', 'LE without BOM')).map(([layout, form]) => {
      const text = csvText(lines, { ...layout, bom: false });
      const bytes = Buffer.from(form === 'LE without BOM' ? text : `\uFEFF${text}`, 'utf16le');
      return { data: new Uint8Array(form === 'BE' ? bytes.swap16() : bytes), why: `UTF-16 ${form}` };
    }),
    fc.uint8Array({ maxLength: 200 }).map((rest) => ({
      data: new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...rest]),
      why: 'a spreadsheet workbook',
    })),
    fc.tuple(CSV_LAYOUT, fc.nat()).map(([layout, at]) => {
      const text = csvText(lines, layout);
      const cut = at % (text.length + 1);
      return { data: `${text.slice(0, cut)}\u0000${text.slice(cut)}`, why: 'a NUL character' };
    }),
    fc
      .tuple(CSV_LAYOUT, fc.constantFrom(...BROKEN_LINES), nastyString, fc.nat())
      .map(([layout, broken, text, at]) => {
        // Nothing that would end the line or open a quoted value of its own.
        const line = broken(text.replace(/[",\r\n]/g, ''));
        const where = at % (lines.length + 1);
        return {
          data: csvText([...lines.slice(0, where), line, ...lines.slice(where)], layout),
          why: `a malformed line ${JSON.stringify(line.slice(0, 30))}`,
        };
      }),
    fc.tuple(CSV_LAYOUT, nastyString).map(([layout, text]) => ({
      data: `${csvText(lines, layout)}"${text.replace(/"/g, '')}`,
      why: 'a quote never closed',
    })),
    fc.constantFrom('', '\r\n', '\uFEFF', '\n\n\n', ' , ,\n', ',,,\r\n \r\n').map((data) => ({
      data,
      why: 'an empty file',
    })),
    CSV_LAYOUT.map((layout) => ({ data: csvText(csvLines([schema.header]), layout), why: 'no rows' })),
    fc.tuple(CSV_LAYOUT, fc.constantFrom(...columns.slice(0, schema.required))).map(([layout, column]) => ({
      data: csvText(csvLines([without(schema.header, column), without(schema.good, column)]), layout),
      why: `no ${schema.header[column]} column`,
    })),
    fc.tuple(CSV_LAYOUT, fc.constantFrom(...columns)).map(([layout, column]) => ({
      data: csvText(
        csvLines([
          [...schema.header, schema.header[column] ?? ''],
          [...schema.good, schema.good[column] ?? ''],
        ]),
        layout,
      ),
      why: `the ${schema.header[column]} column twice`,
    })),
  );
}

/** A file no caller may import, whatever the query says: a wrong type or charset, not CSV, or too large. */
function invalidCsv(schema: CsvSchema): fc.Arbitrary<{ body: Body; why: string }> {
  const good = csvLines([schema.header, schema.good]);
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.tuple(CSV_LAYOUT, fc.constantFrom(...CSV_WRONG_TYPES)).map(([layout, type]) => {
        const text = csvText(good, layout);
        return {
          body: type === 'none' ? { data: utf8(text), contentType: null } : { data: text, contentType: type },
          why: `content type ${type}`,
        };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(CSV_LAYOUT, fc.constantFrom(...CSV_OTHER_CHARSETS)).map(([layout, type]) => ({
        body: { data: csvText(good, layout), contentType: type },
        why: `content type ${type}`,
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(malformedCsv(schema), CSV_TYPES)
        .map(([file, type]) => ({ body: { data: file.data, contentType: type }, why: file.why })),
    },
    {
      weight: 1,
      // Good rows past the 1 MiB limit: 413.
      arbitrary: fc
        .tuple(CSV_LAYOUT, fc.integer({ min: CSV_MAX_BYTES + 1, max: CSV_MAX_BYTES + 200_000 }), CSV_TYPES)
        .map(([layout, bytes, type]) => {
          const head = csvText(good, layout);
          const row = `${csvLines([schema.good])[0] ?? ''}${layout.eol}`;
          return {
            body: {
              data: head + row.repeat(Math.ceil((bytes - head.length) / row.length)),
              contentType: type,
            },
            why: `~${Math.round(bytes / 1024)} KB, over the 1 MB limit`,
          };
        }),
    },
  );
}

/** For callers who cannot import at all: good files too. */
function anyCsv(schema: CsvSchema): fc.Arbitrary<{ body: Body; why: string }> {
  return fc.oneof(goodCsv(schema), csvWithBadRow(schema), invalidCsv(schema));
}

// ---------------------------------------------------------------------------------
// Endpoints

interface Endpoint {
  name: string;
  /** Requests this endpoint must refuse when sent with `role`'s token. */
  bad(role: Role): fc.Arbitrary<Draft>;
}

const STAFF_ROLES: readonly Role[] = ['coach', 'otherCoach', 'opponentOwner', 'superAdmin'];
const isStaff = (role: Role) => STAFF_ROLES.includes(role);
const isSuperAdmin = (role: Role) => role === 'superAdmin';

const get = (path: string, why: string): Draft => ({ method: 'GET', path, why });

function wrongMethod(path: string, methods: Method[]): fc.Arbitrary<Draft> {
  return fc
    .tuple(fc.constantFrom(...methods), fc.option(invalidBody({ template: {}, breaks: extraField([]) })))
    .map(([method, body]) => ({
      method,
      path,
      ...(body && { body: body.body }),
      why: `no ${method} route${body ? `; ${body.why}` : ''}`,
    }));
}

function write(
  method: Method,
  path: fc.Arbitrary<string>,
  body: fc.Arbitrary<{ body: Body; why: string }>,
  why = '',
): fc.Arbitrary<Draft> {
  return fc.tuple(path, body).map(([p, b]) => ({
    method,
    path: p,
    body: b.body,
    why: [why, b.why].filter(Boolean).join('; '),
  }));
}

/** A league path: a bad league (any query), or a real league with a bad query (by default the season). */
function leaguePath(
  suffix: string,
  params: Record<string, QueryParam> = { season: SEASON },
): fc.Arbitrary<Draft> {
  const options = [
    fc
      .tuple(badIdSegment(), anyQuery(params))
      .map(([id, query]) => get(`/api/leagues/${id}${suffix}${query}`, 'no such league')),
  ];
  if (Object.keys(params).length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...LEAGUES), badQuery(params))
        .map(([id, query]) => get(`/api/leagues/${encode(id)}${suffix}${query.query}`, query.why)),
    );
  }
  return fc.oneof(...options);
}

function teamPath(suffix: string, params: Record<string, QueryParam>): fc.Arbitrary<Draft> {
  const options = [
    fc
      .tuple(badIdSegment(), anyQuery(params))
      .map(([id, query]) => get(`/api/teams/${id}${suffix}${query}`, 'no such team')),
  ];
  if (Object.keys(params).length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...TEAMS), badQuery(params))
        .map(([id, query]) => get(`/api/teams/${id}${suffix}${query.query}`, query.why)),
    );
  }
  return fc.oneof(...options);
}

/** The teams a role is staff of: the super admin every team, a coach or owner their own. */
function staffTeams(role: Role): string[] {
  if (isSuperAdmin(role)) return TEAMS;
  if (role === 'anonymous' || !isStaff(role)) return [];
  const team = ROLES[role].team_id;
  return team === null ? [] : [team];
}

const realMatchSegment = () => fc.constantFrom(...ctx.matches.map((match) => match.id));
const anyMatchSegment = () => fc.oneof(realMatchSegment(), badMatchSegment());
const realLeagueSegment = () => fc.constantFrom(...LEAGUES).map(encode);
const anyLeagueSegment = () => fc.oneof(realLeagueSegment(), badIdSegment());
const anyTeamSegment = () => fc.oneof(fc.constantFrom(...TEAMS), badIdSegment());

/**
 * A super-admin-only write under /api/leagues/{leagueId}: anyone else with any body to
 * any league; the super admin with a broken body, or any body to a league that is not.
 */
function leagueWrite(role: Role, method: Method, suffix: string, schema: BodySchema): fc.Arbitrary<Draft> {
  const path = (league: fc.Arbitrary<string>) => league.map((id) => `/api/leagues/${id}${suffix}`);
  if (!isSuperAdmin(role))
    return write(method, path(anyLeagueSegment()), anyBody(schema), 'not a super admin');
  return fc.oneof(
    write(method, path(realLeagueSegment()), invalidBody(schema)),
    write(method, path(badIdSegment()), anyBody(schema), 'no such league'),
  );
}

/** A write to the caller's own settings: a broken body, or any body with no valid token. */
function personalWrite(role: Role, method: Method, path: string, schema: BodySchema): fc.Arbitrary<Draft> {
  const anyone = write(method, fc.constant(path), anyBody(schema), 'no valid token').map((draft): Draft => ({
    ...draft,
    corruptAuth: true,
  }));
  return role === 'anonymous'
    ? anyone
    : fc.oneof(write(method, fc.constant(path), invalidBody(schema)), anyone);
}

function withQuery(path: fc.Arbitrary<string>, query: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(path, query).map(([p, q]) => `${p}${q}`);
}

/** A CSV import by a caller allowed to make it: a file it must refuse, or a bad query. */
function refusedImport(path: fc.Arbitrary<string>, schema: CsvSchema): fc.Arbitrary<Draft> {
  return fc.oneof(
    write('POST', withQuery(path, anyQuery(DRY_RUN)), invalidCsv(schema)),
    // Not a dry run, which would list the row's problems with a 200.
    write(
      'POST',
      withQuery(path, fc.constantFrom('', '?dry_run=false', '?dry_run=0', '?dry_run=FALSE')),
      csvWithBadRow(schema),
    ),
    fc
      .tuple(path, badQuery(DRY_RUN))
      .chain(([p, query]) => write('POST', fc.constant(`${p}${query.query}`), goodCsv(schema), query.why)),
  );
}

/** A CSV import no file can make succeed: any file, any query. */
function uploadAnything(path: fc.Arbitrary<string>, schema: CsvSchema, why: string): fc.Arbitrary<Draft> {
  return write('POST', withQuery(path, anyQuery(DRY_RUN)), anyCsv(schema), why);
}

const DOC_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css', 'reference.js'];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Names /api/docs does not serve: other files of swagger-ui-dist, near misses, climbs. */
function badAssetSegment(): fc.Arbitrary<string> {
  return fc
    .oneof(
      badIdSegment(),
      fc.constantFrom(
        'index.html',
        'package.json',
        'swagger-ui.js',
        'swagger-initializer.js',
        'oauth2-redirect.html',
        'absolute-path.js',
        'swagger-ui-bundle.JS',
        'swagger-ui.css.map',
        'swagger-ui-bundle.js%00',
        'reference.js%20',
        '__proto__',
        'constructor',
        'hasOwnProperty',
        '..%2fpackage.json',
        '%2e%2e%2fswagger-ui-dist%2fpackage.json',
      ),
    )
    .filter((segment) => !DOC_ASSETS.includes(decoded(segment)));
}

/** The tables the editor lists, and names it must not find (hidden, misspelt, injected). */
function badTableSegment(): fc.Arbitrary<string> {
  const listed = new Set(ctx.tables.map((table) => table.name));
  return fc
    .oneof(
      fc.constantFrom(
        'sessions',
        'idempotency_keys',
        'schema_migrations',
        'sqlite_master',
        'sqlite_schema',
        'sqlite_sequence',
        'USERS',
        'Users',
        'users%20',
        'main.users',
        '%22users%22',
        'users%3B--',
        'pragma_table_info',
        'temp.sqlite_master',
        'users%00',
      ),
      badIdSegment(),
    )
    .filter((segment) => !listed.has(segment));
}
const tableArb = () => fc.constantFrom(...ctx.tables);
const anyTableSegment = () =>
  fc.oneof(
    tableArb().map((table) => table.name),
    badTableSegment(),
  );

/** Row ids that name no row: not whole numbers for integer keys, or not in the table. */
function missingRowSegment(table: AdminTable): fc.Arbitrary<string> {
  if (!table.keyIsInteger) return badIdSegment();
  return fc.oneof(
    badIdSegment().filter((raw) => !/^[+-]?\d+$/.test(raw) || Math.abs(Number(raw)) >= 100_000),
    fc.integer({ min: 100_000 }).map(String),
    fc.integer({ max: -1 }).map(String),
    fc.constantFrom('0', '-0', '+0', '9007199254740993', '1.0', '1e3'),
  );
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/health',
    bad: () => wrongMethod('/api/health', ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  },
  {
    name: 'GET /api/openapi.json',
    bad: () => wrongMethod('/api/openapi.json', ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  },
  // POST /api/teams is the create call, tested below.
  { name: 'GET /api/teams', bad: () => wrongMethod('/api/teams', ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) },
  {
    name: 'GET /api/teams?league_id&season&limit&cursor',
    bad: () =>
      badQuery({ league_id: LEAGUE_FILTER, season: SEASON, limit: PAGE_SIZE, cursor: TEAM_CURSOR }).map(
        (query) => get(`/api/teams${query.query}`, query.why),
      ),
  },
  {
    name: 'POST /api/auth/login',
    bad: () => write('POST', fc.constant('/api/auth/login'), fc.oneof(invalidBody(LOGIN), anyBody(LOGIN))),
  },
  {
    name: 'POST /api/auth/register',
    bad: () => write('POST', fc.constant('/api/auth/register'), invalidBody(registerSchema())),
  },
  {
    name: 'POST /api/auth/refresh-token',
    bad: () => {
      const schema = refreshSchema();
      return write(
        'POST',
        fc.constant('/api/auth/refresh-token'),
        fc.oneof(invalidBody(schema), anyBody(schema)),
      );
    },
  },
  {
    name: 'POST /api/auth/logout',
    bad: () =>
      fc.option(invalidBody({ template: {}, breaks: extraField([]) })).map((body): Draft => ({
        method: 'POST',
        path: '/api/auth/logout',
        ...(body && { body: body.body }),
        why: 'no valid token',
        corruptAuth: true,
      })),
  },
  {
    name: 'POST /api/auth/logout-all',
    bad: () =>
      fc.option(invalidBody({ template: {}, breaks: extraField([]) })).map((body): Draft => ({
        method: 'POST',
        path: '/api/auth/logout-all',
        ...(body && { body: body.body }),
        why: 'no valid token',
        corruptAuth: true,
      })),
  },
  {
    name: 'POST /api/auth/change-password',
    bad: () => {
      const schema = changePasswordSchema();
      return write(
        'POST',
        fc.constant('/api/auth/change-password'),
        fc.oneof(invalidBody(schema), anyBody(schema)),
      );
    },
  },
  {
    name: 'GET /api/auth/me',
    bad: () =>
      anyQuery({}).map((query) => ({ ...get(`/api/auth/me${query}`, 'no valid token'), corruptAuth: true })),
  },
  {
    name: 'GET /api/leagues',
    bad: () =>
      badQuery({ season: SEASON, limit: PAGE_SIZE, cursor: LEAGUE_CURSOR }).map((query) =>
        get(`/api/leagues${query.query}`, query.why),
      ),
  },
  {
    name: 'GET /api/leagues/{leagueId}',
    bad: () => badIdSegment().map((id) => get(`/api/leagues/${id}`, 'no such league')),
  },
  { name: 'GET /api/leagues/{leagueId}/table', bad: () => leaguePath('/table') },
  { name: 'GET /api/leagues/{leagueId}/matches', bad: () => leaguePath('/matches') },
  { name: 'GET /api/leagues/{leagueId}/stats', bad: () => leaguePath('/stats') },
  { name: 'GET /api/teams/{teamId}', bad: () => teamPath('', {}) },
  { name: 'GET /api/teams/{teamId}/roster', bad: () => teamPath('/roster', {}) },
  { name: 'GET /api/teams/{teamId}/seasons', bad: () => teamPath('/seasons', {}) },
  { name: 'GET /api/teams/{teamId}/stats', bad: () => teamPath('/stats', { season: SEASON }) },
  {
    name: 'GET /api/teams/{teamId}/matches',
    bad: () =>
      teamPath('/matches', { season: SEASON, approved: APPROVED, past: BOOLEAN, limit: LIMIT, sort: SORT }),
  },
  {
    name: 'GET /api/matches',
    bad: () =>
      badQuery({
        future: BOOLEAN,
        // A well-formed but unknown team is refused too (404).
        team_id: {
          bad: fc.oneof(
            fc.constant(''),
            tooLong(200),
            withControl,
            nastyString.filter((text) => text !== '' && !isKnown(text)),
          ),
          good: fc.constantFrom(...TEAMS),
        },
        limit: LIMIT,
      }).map((query) => get(`/api/matches${query.query}`, query.why)),
  },
  {
    name: 'GET /api/matches/between/{home}/{away}',
    bad: () => {
      const teamOrBad = fc.oneof(fc.constantFrom(...TEAMS), badIdSegment());
      return fc
        .oneof(fc.tuple(badIdSegment(), teamOrBad), fc.tuple(teamOrBad, badIdSegment()))
        .map(([home, away]) => get(`/api/matches/between/${home}/${away}`, 'a team that does not exist'));
    },
  },
  {
    name: 'GET /api/matches/{matchId}',
    bad: () => badMatchSegment().map((id) => get(`/api/matches/${id}`, 'no such match')),
  },
  {
    name: 'GET /api/player/{playerId}',
    bad: () => badIdSegment().map((id) => get(`/api/player/${id}`, 'no such player')),
  },
  {
    name: 'GET /api/players/{playerId}',
    bad: () => badIdSegment().map((id) => get(`/api/players/${id}`, 'no such player')),
  },
  {
    name: 'GET /api/coaches/{userId}',
    bad: () => badIdSegment().map((id) => get(`/api/coaches/${id}`, 'no such coach')),
  },
  {
    name: 'GET /api/search',
    bad: () =>
      fc
        .oneof(
          badQuery({
            term: {
              bad: fc
                .oneof(
                  nastyString,
                  BLANK,
                  fc.constantFrom(...SQL).map((text) => text.repeat(12)),
                  // Node's HTTP server refuses request lines over 16 KiB, so longer queries never arrive.
                  longText(101, 16_000),
                )
                // Well formed only: the decoder keeps a lone surrogate's bytes as literal
                // '%ED%A0%80' text, nine characters long (the raw cases are below).
                .filter(
                  (term) =>
                    !LONE_SURROGATE.test(term) && (searchLength(term) < 2 || searchLength(term) > 100),
                ),
              good: fc.constantFrom('north', 'Keeper'),
              required: true,
            },
          }),
          // Raw encodings the decoder may keep as they are: too short or too long either way.
          fc
            .constantFrom(
              '%',
              '%25',
              '+',
              '%2B',
              '%zz'.repeat(40),
              '%ED%A0%80'.repeat(40),
              '%E2%80%8B'.repeat(101),
            )
            .map((raw) => ({ query: `?term=${raw}`, why: 'term bad (raw encoding)' })),
        )
        .map((query) => get(`/api/search${query.query}`, query.why)),
  },
  {
    name: 'GET /api/mwpl_news',
    bad: () =>
      badQuery({
        league_id: {
          bad: fc.oneof(fc.constant(''), tooLong(200), withControl),
          good: fc.constantFrom('tl-26', 'nowhere'),
        },
      }).map((query) => get(`/api/mwpl_news${query.query}`, query.why)),
  },
  {
    name: 'GET /api/team_news',
    bad: () =>
      badQuery({ url: { bad: badFeedAddress, good: badFeedAddress, required: true } }).map((query) =>
        get(`/api/team_news${query.query}`, query.why),
      ),
  },
  {
    name: 'GET /api/team_video',
    bad: () =>
      badQuery({ channel_url: { bad: badFeedAddress, good: badFeedAddress, required: true } }).map((query) =>
        get(`/api/team_video${query.query}`, query.why),
      ),
  },
  {
    name: 'GET /api/images/{kind}/{file}',
    bad: () =>
      fc.oneof(
        fc
          .tuple(
            fc.oneof(
              nastyString.map(encode),
              fc.constantFrom(...RAW_SEGMENTS, 'secrets', 'TEAMS', 'team', 'users'),
            ),
            nastyString.map(encode),
          )
          .filter(
            ([kind, file]) =>
              !(IMAGE_KINDS as readonly string[]).includes(kind) &&
              !isDotSegment(kind) &&
              !isDotSegment(file),
          )
          .map(([kind, file]) => get(`/api/images/${kind}/${file}`, 'unknown kind')),
        fc
          .tuple(
            fc.constantFrom(...IMAGE_KINDS),
            fc.oneof(
              // A name that starts with a dot once decoded: hidden files and climbs.
              nastyString.map((text) => `.${encode(text)}`).filter((file) => file !== '.' && file !== '..'),
              fc.constantFrom(
                '%2e%2e%2fsecret.svg',
                '..%2fsecret.svg',
                '..%5csecret.svg',
                '.hidden.svg',
                '.%00.svg',
                '.%2fsecret',
                '%2e%2e%2f%2e%2e%2fsecret.png',
                '%2Eenv',
                '.git%2fconfig',
              ),
              // More than 200 characters (code points) once decoded.
              fc
                .tuple(fc.constantFrom('a', '⚽', '%2e', '_', 'é'), fc.integer({ min: 201, max: 3_000 }))
                .map(
                  ([unit, count]) =>
                    `${unit === '%2e' ? 'x' : ''}${(unit === 'é' || unit === '⚽' ? encode(unit) : unit).repeat(count)}.svg`,
                ),
            ),
          )
          .map(([kind, file]) => get(`/api/images/${kind}/${file}`, 'a file name that cannot be served')),
      ),
  },
  // ---- table editor (super admin only) ----
  {
    name: 'GET /api/tables',
    bad: (role) =>
      fc.constant({
        ...get('/api/tables', 'not a super admin'),
        ...(isSuperAdmin(role) && { corruptAuth: true }),
      }),
  },
  ...(['schema', 'relations'] as const).map((what): Endpoint => ({
    name: `GET /api/tables/{table}/${what}`,
    bad: (role) =>
      (isSuperAdmin(role) ? badTableSegment() : anyTableSegment()).map((table) =>
        get(`/api/tables/${table}/${what}`, isSuperAdmin(role) ? 'no such table' : 'not a super admin'),
      ),
  })),
  {
    name: 'GET /api/tables/{table}/data',
    bad: (role) =>
      isSuperAdmin(role)
        ? fc.oneof(
            fc
              .tuple(badTableSegment(), anyQuery({ page: PAGE }))
              .map(([table, query]) => get(`/api/tables/${table}/data${query}`, 'no such table')),
            fc
              .tuple(tableArb(), badQuery({ page: PAGE }))
              .map(([table, query]) => get(`/api/tables/${table.name}/data${query.query}`, query.why)),
          )
        : fc
            .tuple(anyTableSegment(), anyQuery({ page: PAGE }))
            .map(([table, query]) => get(`/api/tables/${table}/data${query}`, 'not a super admin')),
  },
  {
    name: 'POST /api/tables/{table}/rows',
    bad: (role) =>
      fc.oneof(
        fc
          .tuple(badTableSegment(), tableArb())
          .chain(([segment, shape]) =>
            write(
              'POST',
              fc.constant(`/api/tables/${segment}/rows`),
              anyBody(rowSchema(shape, 'insert')),
              'no such table',
            ),
          ),
        tableArb().chain((table) =>
          write(
            'POST',
            fc.constant(`/api/tables/${table.name}/rows`),
            isSuperAdmin(role)
              ? invalidBody(rowSchema(table, 'insert'))
              : anyBody(rowSchema(table, 'insert')),
          ),
        ),
      ),
  },
  {
    name: 'PUT /api/tables/{table}/rows/{id}',
    bad: (role) =>
      fc.oneof(
        fc
          .tuple(badTableSegment(), badIdSegment(), tableArb())
          .chain(([segment, id, shape]) =>
            write(
              'PUT',
              fc.constant(`/api/tables/${segment}/rows/${id}`),
              anyBody(rowSchema(shape, 'update')),
              'no such table',
            ),
          ),
        tableArb().chain((table) =>
          write(
            'PUT',
            fc
              .oneof(fc.constantFrom(...table.rowKeys), missingRowSegment(table))
              .map((id) => `/api/tables/${table.name}/rows/${id}`),
            isSuperAdmin(role)
              ? invalidBody(rowSchema(table, 'update'))
              : anyBody(rowSchema(table, 'update')),
          ),
        ),
      ),
  },
  {
    name: 'DELETE /api/tables/{table}/rows/{id}',
    bad: (role) =>
      fc.oneof(
        fc.tuple(badTableSegment(), badIdSegment()).map(([table, id]): Draft => ({
          method: 'DELETE',
          path: `/api/tables/${table}/rows/${id}`,
          why: 'no such table',
        })),
        tableArb().chain((table) =>
          (isSuperAdmin(role)
            ? missingRowSegment(table)
            : fc.oneof(fc.constantFrom(...table.rowKeys), missingRowSegment(table))
          ).map((id): Draft => ({
            method: 'DELETE',
            path: `/api/tables/${table.name}/rows/${id}`,
            why: isSuperAdmin(role) ? 'no such row' : 'not a super admin',
          })),
        ),
      ),
  },
  // ---- team and roster writes ----
  {
    name: 'POST /api/teams',
    bad: (role) =>
      write(
        'POST',
        fc.constant('/api/teams'),
        isSuperAdmin(role) ? invalidBody(teamSchema()) : anyBody(teamSchema()),
      ),
  },
  {
    name: 'DELETE /api/teams/{team_id}',
    bad: (role) =>
      (isSuperAdmin(role) ? badIdSegment() : fc.oneof(fc.constantFrom(...TEAMS), badIdSegment())).map(
        (id): Draft => ({
          method: 'DELETE',
          path: `/api/teams/${id}`,
          why: isSuperAdmin(role) ? 'no such team' : 'not a super admin',
        }),
      ),
  },
  {
    name: 'POST /api/teams/{team_id}/players',
    bad: (role) =>
      write(
        'POST',
        fc.oneof(fc.constantFrom(...TEAMS), badIdSegment()).map((team) => `/api/teams/${team}/players`),
        isStaff(role) ? invalidBody(playerSchema()) : anyBody(playerSchema()),
      ),
  },
  {
    name: 'DELETE /api/teams/{team_id}/players/{player_id}',
    bad: (role) =>
      (isStaff(role)
        ? fc.tuple(fc.oneof(fc.constantFrom(...TEAMS), badIdSegment()), badIdSegment())
        : fc.tuple(
            fc.oneof(fc.constantFrom(...TEAMS), badIdSegment()),
            fc.oneof(fc.constantFrom('nt.def', 'sc.def', 'wr.gk'), badIdSegment()),
          )
      ).map(([team, player]): Draft => ({
        method: 'DELETE',
        path: `/api/teams/${team}/players/${player}`,
        why: isStaff(role) ? 'no such player' : 'not staff',
      })),
  },
  {
    name: 'PUT /api/player/update/{user_id}',
    bad: (role) =>
      write(
        'PUT',
        fc
          .oneof(fc.constantFrom('nt.def', 'sc.def', 'wr.gk'), badIdSegment())
          .map((id) => `/api/player/update/${id}`),
        isStaff(role) ? invalidBody(PLACEMENT) : anyBody(PLACEMENT),
      ),
  },
  {
    name: 'PUT /api/teams/{team_id}',
    bad: () =>
      write(
        'PUT',
        badIdSegment().map((team) => `/api/teams/${team}`),
        anyBody({ template: { description: 'Fuzz club' }, breaks: extraField(['description']) }),
        'no such team',
      ),
  },
  ...(['DELETE', 'POST'] as const).map((method): Endpoint => ({
    name: method === 'DELETE' ? 'DELETE /api/matches/{id}' : 'POST /api/matches/{id}/remind',
    bad: () =>
      badMatchSegment().map((id): Draft => ({
        method,
        path: method === 'DELETE' ? `/api/matches/${id}` : `/api/matches/${id}/remind`,
        why: 'no such match',
      })),
  })),
  {
    name: 'GET /api/leagues/{league_id}/decisions',
    bad: () =>
      badIdSegment().map((league): Draft => ({
        method: 'GET',
        path: `/api/leagues/${league}/decisions`,
        why: 'no such league',
      })),
  },
  {
    name: 'PUT /api/teams/{team_id}/matches/{match_id}/roster',
    bad: (role) =>
      write(
        'PUT',
        fc
          .tuple(
            fc.oneof(fc.constantFrom(...TEAMS), badIdSegment()),
            fc.oneof(fc.integer({ min: 1, max: 10 }).map(String), badMatchSegment()),
          )
          .map(([team, match]) => `/api/teams/${team}/matches/${match}/roster`),
        isStaff(role) ? invalidBody(SQUAD) : anyBody(SQUAD),
      ),
  },
  {
    name: 'POST /api/matches/{id}/report',
    bad: (role) =>
      write(
        'POST',
        fc
          .oneof(fc.integer({ min: 1, max: 10 }).map(String), badMatchSegment())
          .map((id) => `/api/matches/${id}/report`),
        isStaff(role) ? invalidBody(REPORT) : anyBody(REPORT),
      ),
  },
  ...(['approve', 'reject'] as const).map((action): Endpoint => ({
    name: `POST /api/matches/{id}/${action}`,
    bad: (role) =>
      fc
        .tuple(
          isStaff(role)
            ? badMatchSegment()
            : fc.oneof(fc.integer({ min: 1, max: 10 }).map(String), badMatchSegment()),
          fc.option(anyBody({ template: {}, breaks: extraField([]) })),
        )
        .map(([id, body]): Draft => ({
          method: 'POST',
          path: `/api/matches/${id}/${action}`,
          ...(body && { body: body.body }),
          why: isStaff(role) ? 'no such match' : 'not staff of either team',
        })),
  })),
  // ---- API reference ----
  {
    name: 'GET /api/docs',
    bad: () => wrongMethod('/api/docs', ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  },
  {
    name: 'GET /api/docs/{asset}',
    bad: () =>
      fc.oneof(
        badAssetSegment().map((asset) => get(`/api/docs/${asset}`, 'no such asset')),
        fc
          .constantFrom(...DOC_ASSETS)
          .chain((asset) => wrongMethod(`/api/docs/${asset}`, ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])),
      ),
  },
  // ---- public reads of a league or a team: calendars, spreadsheets, rules, discipline ----
  { name: 'GET /api/leagues/{leagueId}/rules', bad: () => leaguePath('/rules', {}) },
  { name: 'GET /api/leagues/{leagueId}/deductions', bad: () => leaguePath('/deductions', {}) },
  { name: 'GET /api/leagues/{leagueId}/discipline', bad: () => leaguePath('/discipline') },
  // The calendar takes no season: only the league can be wrong.
  { name: 'GET /api/leagues/{leagueId}/calendar.ics', bad: () => leaguePath('/calendar.ics', {}) },
  { name: 'GET /api/leagues/{leagueId}/table.csv', bad: () => leaguePath('/table.csv') },
  { name: 'GET /api/leagues/{leagueId}/matches.csv', bad: () => leaguePath('/matches.csv') },
  {
    name: 'GET /api/leagues/{leagueId}/stats.csv',
    bad: () => leaguePath('/stats.csv', { season: SEASON, kind: STAT_KIND }),
  },
  { name: 'GET /api/teams/{teamId}/calendar.ics', bad: () => teamPath('/calendar.ics', {}) },
  { name: 'GET /api/teams/{teamId}/roster.csv', bad: () => teamPath('/roster.csv', {}) },
  { name: 'GET /api/teams/{teamId}/suspensions', bad: () => teamPath('/suspensions', {}) },
  // ---- running a league (super admin only) ----
  {
    name: 'POST /api/leagues',
    bad: (role) =>
      isSuperAdmin(role)
        ? write('POST', fc.constant('/api/leagues'), fc.oneof(invalidBody(NEW_LEAGUE), anyBody(NEW_LEAGUE)))
        : write('POST', fc.constant('/api/leagues'), anyBody(NEW_LEAGUE), 'not a super admin'),
  },
  { name: 'PUT /api/leagues/{leagueId}', bad: (role) => leagueWrite(role, 'PUT', '', LEAGUE_UPDATE) },
  { name: 'PUT /api/leagues/{leagueId}/rules', bad: (role) => leagueWrite(role, 'PUT', '/rules', RULES) },
  {
    name: 'POST /api/leagues/{leagueId}/deductions',
    bad: (role) => leagueWrite(role, 'POST', '/deductions', DEDUCTION),
  },
  {
    name: 'DELETE /api/leagues/{leagueId}/deductions/{id}',
    bad: (role) =>
      (isSuperAdmin(role)
        ? fc.oneof(
            // The tiny league has no deductions; badMatchSegment's ids name no row of any table.
            fc.tuple(realLeagueSegment(), badMatchSegment(), fc.constant('no such deduction')),
            fc.tuple(badIdSegment(), anyMatchSegment(), fc.constant('no such league')),
          )
        : fc.tuple(anyLeagueSegment(), anyMatchSegment(), fc.constant('not a super admin'))
      ).map(([league, id, why]): Draft => ({
        method: 'DELETE',
        path: `/api/leagues/${league}/deductions/${id}`,
        why,
      })),
  },
  {
    name: 'POST /api/leagues/{leagueId}/teams',
    bad: (role) => leagueWrite(role, 'POST', '/teams', LEAGUE_TEAM),
  },
  {
    name: 'DELETE /api/leagues/{leagueId}/teams/{teamId}',
    bad: (role) =>
      (isSuperAdmin(role)
        ? fc.oneof(
            fc.tuple(realLeagueSegment(), badIdSegment(), fc.constant('no such team')),
            fc.tuple(badIdSegment(), anyTeamSegment(), fc.constant('no such league')),
            // Every team of the tiny league has played in tl-26 (409), and none is in tl-25 (404).
            fc.tuple(
              realLeagueSegment(),
              fc.constantFrom(...TEAMS),
              fc.constant('the team has matches or is not registered'),
            ),
          )
        : fc.tuple(anyLeagueSegment(), anyTeamSegment(), fc.constant('not a super admin'))
      ).map(([league, team, why]): Draft => ({
        method: 'DELETE',
        path: `/api/leagues/${league}/teams/${team}`,
        why,
      })),
  },
  {
    name: 'POST /api/leagues/{leagueId}/fixtures',
    bad: (role) => leagueWrite(role, 'POST', '/fixtures', FIXTURES),
  },
  {
    name: 'PUT /api/matches/{id}/schedule',
    bad: (role) =>
      isSuperAdmin(role)
        ? fc.oneof(
            write(
              'PUT',
              realMatchSegment().map((id) => `/api/matches/${id}/schedule`),
              invalidBody(SCHEDULE),
            ),
            write(
              'PUT',
              badMatchSegment().map((id) => `/api/matches/${id}/schedule`),
              anyBody(SCHEDULE),
              'no such match',
            ),
          )
        : write(
            'PUT',
            anyMatchSegment().map((id) => `/api/matches/${id}/schedule`),
            anyBody(SCHEDULE),
            'not a super admin',
          ),
  },
  // ---- CSV imports ----
  {
    name: 'POST /api/leagues/{leagueId}/matches.csv',
    bad: (role) => {
      const path = (league: fc.Arbitrary<string>) => league.map((id) => `/api/leagues/${id}/matches.csv`);
      return isSuperAdmin(role)
        ? fc.oneof(
            refusedImport(path(realLeagueSegment()), FIXTURE_CSV),
            uploadAnything(path(badIdSegment()), FIXTURE_CSV, 'no such league'),
          )
        : uploadAnything(path(anyLeagueSegment()), FIXTURE_CSV, 'not a super admin');
    },
  },
  {
    name: 'POST /api/teams/{teamId}/roster.csv',
    bad: (role) => {
      const path = (team: fc.Arbitrary<string>) => team.map((id) => `/api/teams/${id}/roster.csv`);
      const own = staffTeams(role);
      const others = TEAMS.filter((team) => !own.includes(team));
      const options = [uploadAnything(path(badIdSegment()), ROSTER_CSV, 'no such team')];
      if (own.length > 0) options.push(refusedImport(path(fc.constantFrom(...own)), ROSTER_CSV));
      if (others.length > 0) {
        options.push(uploadAnything(path(fc.constantFrom(...others)), ROSTER_CSV, 'not staff of the team'));
      }
      return fc.oneof(...options);
    },
  },
  // ---- the result loop and the bell ----
  {
    name: 'GET /api/reports/overdue',
    bad: (role) =>
      fc.constant({
        ...get('/api/reports/overdue', 'not a super admin'),
        ...(isSuperAdmin(role) && { corruptAuth: true }),
      }),
  },
  {
    name: 'GET /api/reports/overdue?limit&cursor',
    bad: (role) => {
      const params = { limit: PAGE_SIZE, cursor: OVERDUE_CURSOR };
      if (!isSuperAdmin(role)) {
        return anyQuery(params).map((query) => get(`/api/reports/overdue${query}`, 'not a super admin'));
      }
      return fc.oneof(
        badQuery(params).map((query) => get(`/api/reports/overdue${query.query}`, query.why)),
        // The query is strict: an unknown key is refused.
        junkParams(Object.keys(params))
          .filter((junk) => junk.length > 0)
          .map((junk) => get(`/api/reports/overdue?${junk.join('&')}`, 'an unknown query key')),
      );
    },
  },
  {
    name: 'GET /api/matches/{id}/reports',
    bad: (role) => {
      const own = staffTeams(role);
      if (own.length === 0) {
        const why = role === 'anonymous' ? 'not signed in' : 'not staff of either team';
        return anyMatchSegment().map((id) => get(`/api/matches/${id}/reports`, why));
      }
      const options = [
        badMatchSegment().map((id) => get(`/api/matches/${id}/reports`, 'no such match')),
        realMatchSegment().map((id): Draft => ({
          ...get(`/api/matches/${id}/reports`, 'no valid token'),
          corruptAuth: true,
        })),
      ];
      const notTheirs = ctx.matches.filter((match) => !match.teams.some((team) => own.includes(team)));
      if (notTheirs.length > 0) {
        options.push(
          fc
            .constantFrom(...notTheirs.map((match) => match.id))
            .map((id) => get(`/api/matches/${id}/reports`, 'not staff of either team')),
        );
      }
      return fc.oneof(...options);
    },
  },
  {
    name: 'GET /api/notifications?limit&cursor',
    bad: (role) => {
      const params = { limit: NOTIFICATION_LIMIT, cursor: ROW_CURSOR };
      const anyone = anyQuery(params).map((query): Draft => ({
        ...get(`/api/notifications${query}`, 'no valid token'),
        corruptAuth: true,
      }));
      if (role === 'anonymous') return anyone;
      return fc.oneof(
        badQuery(params).map((query) => get(`/api/notifications${query.query}`, query.why)),
        // The query is strict: an unknown key is refused.
        junkParams(Object.keys(params))
          .filter((junk) => junk.length > 0)
          .map((junk) => get(`/api/notifications?${junk.join('&')}`, 'an unknown query key')),
        anyone,
      );
    },
  },
  {
    name: 'GET /api/notifications/settings',
    bad: () =>
      anyQuery({}).map((query) => ({
        ...get(`/api/notifications/settings${query}`, 'no valid token'),
        corruptAuth: true,
      })),
  },
  {
    name: 'PUT /api/notifications/settings',
    bad: (role) => personalWrite(role, 'PUT', '/api/notifications/settings', MUTED),
  },
  {
    name: 'POST /api/notifications/read-all',
    bad: () =>
      fc.option(invalidBody({ template: {}, breaks: extraField([]) })).map((body): Draft => ({
        method: 'POST',
        path: '/api/notifications/read-all',
        ...(body && { body: body.body }),
        why: 'no valid token',
        corruptAuth: true,
      })),
  },
  {
    name: 'POST /api/notifications/{id}/read',
    bad: () =>
      fc.oneof(
        // The tiny league has no notifications; badMatchSegment's ids name no row of any table.
        badMatchSegment().map((id): Draft => ({
          method: 'POST',
          path: `/api/notifications/${id}/read`,
          why: 'no such notification',
        })),
        fc.integer({ min: 1, max: 10 }).map((id): Draft => ({
          method: 'POST',
          path: `/api/notifications/${id}/read`,
          why: 'no valid token',
          corruptAuth: true,
        })),
      ),
  },
  // ---- Web Push ----
  {
    name: 'GET /api/push/key',
    bad: () => wrongMethod('/api/push/key', ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
  },
  {
    name: 'POST /api/push/subscriptions',
    bad: (role) => personalWrite(role, 'POST', '/api/push/subscriptions', SUBSCRIPTION),
  },
  {
    name: 'DELETE /api/push/subscriptions',
    bad: (role) => personalWrite(role, 'DELETE', '/api/push/subscriptions', UNSUBSCRIBE),
  },
];

// ---------------------------------------------------------------------------------
// Headers

const LATIN1 = fc
  .array(
    fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f),
    { maxLength: 60 },
  )
  .map((codes) => String.fromCharCode(...codes));

function badAuthorization(token: string | null): fc.Arbitrary<string> {
  const generic = fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer',
      'Bearer null',
      'Bearer undefined',
      'Bearer a.b.c',
      `Bearer ${'A'.repeat(5_000)}`,
      `Basic ${Buffer.from(`u.superadmin@example.test:${PASSWORD}`).toString('base64')}`,
      'Digest username="u.superadmin"',
      'Negotiate YII=',
      'Bearer éé',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
    ),
    fc.constantFrom(...ctx.badTokens).map((bad) => `Bearer ${bad}`),
    LATIN1,
  );
  if (token === null) return generic;
  return fc.oneof(
    generic,
    fc.constantFrom(
      `Token ${token}`,
      `Basic ${token}`,
      token,
      `Bearer ${token} ${token}`,
      `Bearer ${token},`,
      `Bearer${token}`,
      `Bearer ${token.split('.').slice(0, 2).join('.')}`,
    ),
  );
}

const IDEMPOTENCY_KEYS = fc.oneof(
  fc.constantFrom('', 'a b', 'clé', 'tab\there', 'ä'),
  fc.integer({ min: 201, max: 2_000 }).map((length) => 'k'.repeat(length)),
  // Well formed: nothing may be stored for a refused request anyway.
  fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz-${n}`),
);

function headersFor(role: Role, draft: Draft): fc.Arbitrary<Record<string, string>> {
  const token = ctx.tokens[role];
  const authorization: fc.Arbitrary<string | null> = draft.corruptAuth
    ? badAuthorization(token)
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant(token ? `Bearer ${token}` : null) },
        { weight: 1, arbitrary: badAuthorization(token) },
      );
  const writes = draft.method !== 'GET';
  return fc
    .tuple(
      authorization,
      writes ? fc.option(IDEMPOTENCY_KEYS, { freq: 3 }) : fc.constant(null),
      fc.option(
        fc.record(
          { 'X-Forwarded-For': LATIN1, 'If-None-Match': LATIN1, 'Accept-Language': LATIN1, Cookie: LATIN1 },
          { requiredKeys: [] },
        ),
        { freq: 4 },
      ),
    )
    .map(([auth, key, junk]) => ({
      ...junk,
      ...(auth !== null && { Authorization: auth }),
      ...(key !== null && { 'Idempotency-Key': key }),
      ...(draft.body?.contentType && { 'Content-Type': draft.body.contentType }),
    }));
}

// ---------------------------------------------------------------------------------
// Sending and judging

/** Text cut to `length` characters, saying how long it was. */
function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}

function preview(text: string, length = 200): string {
  const shown = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return text.length > length ? `${shown} (${text.length} chars)` : shown;
}

function describeRequest(request: BadRequest): string {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, cut(v, 400)]));
  const body = request.body
    ? ` body[${request.body.contentType ?? 'no content type'}]=${preview(
        typeof request.body.data === 'string'
          ? request.body.data
          : new TextDecoder().decode(request.body.data),
      )}`
    : '';
  return `${request.method} ${preview(request.path, 300)} as ${request.role} (${request.why}) headers=${JSON.stringify(headers)}${body}`;
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${what}`)),
      ANSWER_WITHIN_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

async function send(request: Draft & { headers: Record<string, string> }): Promise<Answer> {
  const started = performance.now();
  const response = await within(
    Promise.resolve(
      ctx.app.request(request.path, {
        method: request.method,
        headers: request.headers,
        ...(request.body && { body: request.body.data }),
      }),
    ),
    `${request.method} ${request.path.slice(0, 100)}`,
  );
  const text = await within(response.text(), 'reading the body');
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    ms: performance.now() - started,
  };
}

/** What is wrong with a refusal, or null. Feed calls answer `{ detail: { message } }`. */
function problemWith(endpoint: string, answer: Answer): string | null {
  if (answer.status < 400 || answer.status > 499) return `expected a 4xx, got ${answer.status}`;
  if (!answer.contentType.includes('application/json')) return `content type ${answer.contentType}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return 'a body that is not JSON';
  }
  const detail = isObject(body) ? body.detail : undefined;
  if (typeof detail === 'string' && detail !== '') return null;
  const feed = endpoint.includes('/team_news') || endpoint.includes('/team_video');
  if (feed && isObject(detail) && typeof detail.message === 'string' && detail.message !== '') return null;
  return 'no detail string';
}

const stats = {
  perEndpoint: new Map<string, number>(),
  perRole: new Map<string, number>(),
  statuses: new Map<number, number>(),
  serverErrors: 0,
  slowest: { ms: 0, what: '' },
  tolerated: 0,
};
function count<K>(map: Map<K, number>, key: K) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function badRequests(endpoint: Endpoint): fc.Arbitrary<BadRequest> {
  return fc.constantFrom(...ALL_ROLES).chain((role) =>
    endpoint.bad(role).chain((draft) =>
      headersFor(role, draft).map((headers): BadRequest => ({
        ...draft,
        endpoint: endpoint.name,
        role,
        headers,
        [fc.toStringMethod]() {
          return describeRequest(this);
        },
      })),
    ),
  );
}

// ---------------------------------------------------------------------------------

let initial: Checksums;
let t: Awaited<ReturnType<typeof makeTinyLeagueApp>>;
const RUNS_PER_ENDPOINT = Math.ceil(SETTINGS.badInputs / ENDPOINTS.length);

beforeAll(async () => {
  t = await makeTinyLeagueApp();
  const { db } = t.connection;
  const tokens = await addRoleUsers(db);
  const known = new Set<string>();
  const tables: AdminTable[] = [];
  const listed = await t.app.request('/api/tables', {
    headers: { Authorization: `Bearer ${tokens.superAdmin}` },
  });
  const names = ((await listed.json()) as { tables: string[] }).tables;
  // Every table of the engine's own catalogue (db/introspect.ts), listed by the editor or not.
  for (const name of await listTables(db)) {
    const info = await describeTable(db, name);
    if (!info) continue;
    const columns = info.columns.map((c) => ({ name: c.name, type: c.type, pk: c.primaryKey ? 1 : 0 }));
    for (const column of columns.filter((c) => c.pk > 0 || c.type === 'TEXT')) {
      const values = (
        await sql<{
          value: unknown;
        }>`SELECT DISTINCT ${sql.ref(column.name)} AS value FROM ${sql.table(name)}`.execute(db)
      ).rows.map((row) => row.value);
      for (const value of values) if (typeof value === 'string' && value.length <= 300) known.add(value);
    }
    if (!names.includes(name)) continue;
    const key = columns.find((c) => c.pk > 0);
    if (!key) continue;
    const visible = columns.filter((c) => c.name !== 'password_hash');
    const rowKeys = (
      await sql<{ key: unknown }>`SELECT ${sql.ref(key.name)} AS key FROM ${sql.table(name)} LIMIT 5`.execute(
        db,
      )
    ).rows.map((row) => encode(String(row.key)));
    tables.push({
      name,
      columns: visible.map((c) => c.name),
      key: key.name,
      keyIsInteger: key.type === 'INTEGER',
      integerColumns: visible.filter((c) => c.type === 'INTEGER').map((c) => c.name),
      textColumn:
        visible.find((c) => c.type === 'TEXT' && c.pk === 0 && !c.name.endsWith('_id'))?.name ?? null,
      rowKeys: rowKeys.length > 0 ? rowKeys : ['1'],
    });
  }
  const badTokens: string[] = [];
  for (const token of Object.values(tokens)) {
    if (token === null) continue;
    const claims = claimsOf(token);
    const header = { alg: 'HS256', typ: 'JWT' };
    const [head = '', payload = '', signature = ''] = token.split('.');
    badTokens.push(
      token.slice(0, -5),
      `${token}AAAA`,
      unsignedToken(claims),
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`,
      // Another user's id under this token's signature (not the super admin's own token unchanged).
      `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: claims.sub === 'u.superadmin' ? 'u.fan' : 'u.superadmin' })).toString('base64url')}.${signature}`,
      forgeToken(header, claims, OTHER_SECRET),
      forgeToken(header, { ...claims, typ: 'refresh' }),
      forgeToken(header, { ...claims, iat: Number(claims.iat) + 86_400, exp: Number(claims.exp) + 86_400 }),
      forgeToken(header, { sub: claims.sub, typ: 'access', iat: claims.iat, exp: claims.exp }),
    );
  }
  // A generator bug must not hand out a working token as a bad one.
  const real = new Set(Object.values(tokens));
  expect(badTokens.filter((bad) => real.has(bad))).toEqual([]);
  const matches = (
    await db.selectFrom('matches').select(['id', 'home_team', 'away_team']).orderBy('id').execute()
  ).map((row) => ({ id: String(row.id), teams: [row.home_team, row.away_team] }));
  ctx = { app: t.app, tokens, known, tables, matches, badTokens };
  initial = await tableChecksums(t.connection);
});

afterAll(async () => {
  await t.close();
});

describe(`bad input to every endpoint (${RUNS_PER_ENDPOINT} per endpoint, every role)`, () => {
  it.each(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint] as const))('%s', async (name, endpoint) => {
    const before = await tableChecksums(t.connection);
    await fc.assert(
      fc.asyncProperty(badRequests(endpoint), async (request) => {
        const answer = await send(request);
        count(stats.perEndpoint, name);
        count(stats.perRole, request.role);
        count(stats.statuses, answer.status);
        if (answer.status >= 500) stats.serverErrors += 1;
        if (answer.ms > stats.slowest.ms)
          stats.slowest = { ms: answer.ms, what: `${request.method} ${request.path.slice(0, 80)}` };
        const problem = problemWith(name, answer);
        if (problem !== null) {
          throw new Error(
            `${problem}\n  request: ${describeRequest(request)}\n  answer: ${answer.status} ${preview(answer.text)}`,
          );
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect(
      changedTables(before, await tableChecksums(t.connection)),
      'tables changed by refused requests',
    ).toEqual([]);
  });
});

describe('input the API ignores or tolerates by design', () => {
  it('answers 200 to unknown query keys, harmless search terms and missing pictures', async () => {
    const tolerated: fc.Arbitrary<{ path: string; role: Role; expect: string }> = fc
      .oneof(
        fc
          .tuple(
            fc.constantFrom('/api/health', '/api/openapi.json', '/api/teams', '/api/leagues'),
            junkParams(['season', 'league_id', 'limit', 'cursor']),
          )
          .map(([path, junk]) => ({
            path: `${path}${junk.length > 0 ? `?${junk.join('&')}` : ''}`,
            expect: 'application/json',
          })),
        nastyString
          .filter(
            (term) => !LONE_SURROGATE.test(term) && searchLength(term) >= 2 && searchLength(term) <= 100,
          )
          .map((term) => ({ path: `/api/search?term=${encode(term)}`, expect: 'application/json' })),
        fc
          .tuple(fc.constantFrom(...IMAGE_KINDS), nastyString)
          // At most 200 characters however the server decodes it (undecodable escapes stay as text).
          .filter(([, file]) => !file.startsWith('.') && file !== '' && encode(file).length <= 200)
          .map(([kind, file]) => ({ path: `/api/images/${kind}/${encode(file)}`, expect: 'image/jpeg' })),
      )
      .chain((request) => fc.constantFrom(...ALL_ROLES).map((role) => ({ ...request, role })));
    const before = await tableChecksums(t.connection);
    await fc.assert(
      fc.asyncProperty(tolerated, async (request) => {
        const token = ctx.tokens[request.role];
        const answer = await send({
          ...get(request.path, 'tolerated'),
          headers: token ? { Authorization: `Bearer ${token}` } : {},
        });
        stats.tolerated += 1;
        if (answer.ms > stats.slowest.ms)
          stats.slowest = { ms: answer.ms, what: `GET ${request.path.slice(0, 80)}` };
        if (answer.status !== 200 || !answer.contentType.includes(request.expect)) {
          throw new Error(
            `GET ${preview(request.path, 300)} as ${request.role} → ${answer.status} ${answer.contentType} ${preview(answer.text)}`,
          );
        }
      }),
      { numRuns: Math.ceil(SETTINGS.badInputs / 5) },
    );
    expect(changedTables(before, await tableChecksums(t.connection))).toEqual([]);
  });
});

describe('after every bad input', () => {
  it('every table is as it was before the run, and the figures are printed', async () => {
    expect(changedTables(initial, await tableChecksums(t.connection))).toEqual([]);
    const total = [...stats.perEndpoint.values()].reduce((sum, n) => sum + n, 0);
    figure('bad inputs tried', total);
    figure('bad inputs per endpoint', [...stats.perEndpoint].map(([name, n]) => `${name} ${n}`).join(', '));
    figure('bad inputs per role', [...stats.perRole].map(([role, n]) => `${role} ${n}`).join(', '));
    figure(
      'bad input statuses',
      [...stats.statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', '),
    );
    figure('bad input 5xx', stats.serverErrors);
    figure('tolerated inputs (200 by design)', stats.tolerated);
    figure('bad input max latency', `${stats.slowest.ms.toFixed(1)} ms (${stats.slowest.what})`);
    expect(total).toBeGreaterThanOrEqual(SETTINGS.badInputs);
    expect(stats.serverErrors).toBe(0);
  });
});
