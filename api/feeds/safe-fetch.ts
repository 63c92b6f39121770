/**
 * Fetches a text document from an address a team typed (its website, feed or video
 * channel) without letting that address reach the server's own network: the SSRF
 * defence of team news and video. Host names are resolved here, every answer is
 * checked, and the socket connects only to a checked address, so a DNS answer cannot
 * change between the check and the connection (rebinding). Redirects are followed by
 * hand and each target is checked again.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Why a feed read failed. Besides the fetch's own: `unpublished`, an address no team has
 * published; `rate-limited`, the client started too many fetches; `busy`, too many
 * fetches are under way (api/feeds/feed-service.ts).
 */
export type FeedErrorKind =
  | 'invalid-url'
  | 'refused'
  | 'unpublished'
  | 'rate-limited'
  | 'busy'
  | 'timeout'
  | 'upstream'
  | 'too-large'
  | 'not-found';

/** A failure the caller answers with a status of its own; the message is safe to show. */
export class FeedError extends Error {
  readonly kind: FeedErrorKind;
  /** When to try again, for a refusal that passes. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: FeedErrorKind, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'FeedError';
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Turns a host name into addresses; injectable so tests never depend on real DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  /** Skip the address checks (tests, or feeds on the operator's own network). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * Decides every address a request would connect to. Defaults to refusing
   * {@link isForbiddenAddress} unless `allowPrivate`; tests narrow it to one address.
   */
  isAllowedAddress?: (ip: string) => boolean;
  resolve?: Resolver;
}

export interface FetchedText {
  /** The address that answered, after redirects: relative links resolve against it. */
  url: string;
  contentType: string;
  body: string;
}

export const SAFE_FETCH_LIMITS = {
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  maxUrlLength: 2048,
} as const;

const USER_AGENT = 'TouchlineFeedReader/1.0';
const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml, text/xml, text/html;q=0.8';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export const NOT_ALLOWED = 'The address is not allowed';

/**
 * Checks an address before anything is resolved or fetched: http(s) only, a host,
 * no credentials, bounded length; literal IP hosts are checked against the policy.
 * The WHATWG parser has already turned `2130706433`, `0177.0.0.1` and `0x7f.1` into
 * `127.0.0.1`, so the dotted form is what gets checked.
 */
export function checkTargetUrl(raw: string, options: SafeFetchOptions): URL {
  if (raw.length > SAFE_FETCH_LIMITS.maxUrlLength) {
    throw new FeedError(
      'invalid-url',
      `The address is longer than ${SAFE_FETCH_LIMITS.maxUrlLength} characters`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FeedError('invalid-url', 'The address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedError('refused', `${NOT_ALLOWED}: only http and https addresses can be read`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new FeedError('refused', `${NOT_ALLOWED}: it contains a user name or password`);
  }
  const host = bareHost(url);
  if (host === '') throw new FeedError('invalid-url', 'The address has no host');
  if (!options.allowPrivate && isLocalName(host)) throw refusedNetwork();
  if (net.isIP(host) !== 0 && !addressPolicy(options)(host)) throw refusedNetwork();
  return url;
}

/**
 * GETs `url` and returns its body as text, following at most three redirects within
 * one overall time limit. Reads bodies of 2xx answers only, and stops reading as soon
 * as the size limit is passed.
 */
export async function safeFetchText(url: string, options: SafeFetchOptions): Promise<FetchedText> {
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_LIMITS.maxRedirects;
  const deadline = Date.now() + timeoutMs;
  let current = checkTargetUrl(url, options);
  for (let redirects = 0; ; redirects++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw timedOut();
    const hop = await requestOnce(current, options, remaining);
    if (hop.kind === 'body') return { url: current.href, contentType: hop.contentType, body: hop.body };
    if (redirects >= maxRedirects) throw new FeedError('upstream', 'The address redirects too many times');
    let next: string;
    try {
      next = new URL(hop.location, current).href;
    } catch {
      throw new FeedError('upstream', 'The address redirects to an invalid URL');
    }
    try {
      current = checkTargetUrl(next, options);
    } catch (error) {
      // A broken Location header is the remote server's fault, not the caller's.
      if (error instanceof FeedError && error.kind === 'invalid-url') {
        throw new FeedError('upstream', 'The address redirects to an invalid URL');
      }
      throw error;
    }
  }
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; contentType: string; body: string };

function requestOnce(url: URL, options: SafeFetchOptions, timeoutMs: number): Promise<Hop> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_LIMITS.maxBytes;
  const isAllowed = addressPolicy(options);
  const resolve = options.resolve ?? systemResolver;

  // Node skips `lookup` for literal IP hosts; checkTargetUrl has checked those.
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    resolveChecked(hostname, resolve, isAllowed).then(
      (addresses) => {
        const [first] = addresses;
        if (lookupOptions.all) callback(null, addresses);
        else if (first) callback(null, first.address, first.family);
      },
      (error: unknown) => callback(asFeedError(error), ''),
    );
  };

  return new Promise<Hop>((resolvePromise, reject) => {
    let settled = false;
    const finish = (outcome: FeedError | Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof FeedError) reject(outcome);
      else resolvePromise(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    let created: http.ClientRequest;
    try {
      created = client.request({
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'User-Agent': USER_AGENT, Accept: ACCEPT, 'Accept-Encoding': 'identity' },
        lookup,
        // A fresh connection per request: a pooled socket would skip the address check.
        agent: false,
      });
    } catch {
      reject(new FeedError('upstream', 'Could not reach the feed server'));
      return;
    }
    const request = created;
    // The one time limit covers the lookup, the connection and the whole body.
    const timer = setTimeout(() => {
      finish(timedOut());
      request.destroy();
    }, timeoutMs);

    request.on('error', (error) => finish(asFeedError(error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const stop = (outcome: FeedError | Hop) => {
        finish(outcome);
        response.destroy();
        request.destroy();
      };
      if (REDIRECT_STATUSES.has(status)) {
        const location = response.headers.location;
        stop(
          location
            ? { kind: 'redirect', location }
            : new FeedError('upstream', `The feed server answered ${status} without a location`),
        );
        return;
      }
      if (status < 200 || status > 299) {
        stop(new FeedError('upstream', `The feed server answered ${status}`));
        return;
      }
      const encoding = response.headers['content-encoding'];
      if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
        stop(new FeedError('upstream', `The feed server sent an unsupported encoding (${encoding})`));
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        stop(tooLarge(maxBytes));
        return;
      }
      const contentType = response.headers['content-type'] ?? '';
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) stop(tooLarge(maxBytes));
        else chunks.push(chunk);
      });
      response.on('end', () =>
        finish({ kind: 'body', contentType, body: decodeBody(Buffer.concat(chunks), contentType) }),
      );
      // After 'end' this is a no-op; before it, the server hung up mid-body.
      response.on('close', () => finish(new FeedError('upstream', 'The feed server closed the connection')));
      response.on('error', () => finish(new FeedError('upstream', 'The feed server closed the connection')));
    });
    request.end();
  });
}

async function resolveChecked(
  hostname: string,
  resolve: Resolver,
  isAllowed: (ip: string) => boolean,
): Promise<ResolvedAddress[]> {
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new FeedError('upstream', `Could not find the host ${hostname}`);
  // Every answer must pass: connecting tries them in turn, so one private answer is enough to reach in.
  if (!addresses.every((entry) => isAllowed(entry.address))) throw refusedNetwork();
  return addresses;
}

const systemResolver: Resolver = async (hostname) => {
  try {
    const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
    return found.map(({ address, family }) => ({ address, family }));
  } catch {
    throw new FeedError('upstream', `Could not find the host ${hostname}`);
  }
};

function addressPolicy(options: SafeFetchOptions): (ip: string) => boolean {
  if (options.isAllowedAddress) return options.isAllowedAddress;
  if (options.allowPrivate) return () => true;
  return (ip) => !isForbiddenAddress(ip);
}

/**
 * Whether a URL names this machine or a non-public address by its host alone, before any
 * lookup: a local name, or a literal address in a forbidden range. A name that passes
 * must still be checked on every address it resolves to.
 */
export function namesPrivateHost(url: URL): boolean {
  const host = bareHost(url);
  return isLocalName(host) || (net.isIP(host) !== 0 && isForbiddenAddress(host));
}

/** The URL's host without IPv6 brackets or a trailing root dot. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Names that always mean this machine (RFC 6761), refused before any lookup. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
}

function asFeedError(error: unknown): FeedError {
  if (error instanceof FeedError) return error;
  return new FeedError('upstream', 'Could not reach the feed server');
}

function refusedNetwork(): FeedError {
  return new FeedError('refused', `${NOT_ALLOWED}: it points to a private or local network`);
}

function timedOut(): FeedError {
  return new FeedError('timeout', 'The feed server did not answer in time');
}

function tooLarge(maxBytes: number): FeedError {
  return new FeedError('too-large', `The feed is larger than ${Math.round(maxBytes / 1024)} KB`);
}

/** Decodes with the declared charset, else the XML declaration's, else UTF-8. */
function decodeBody(bytes: Buffer, contentType: string): string {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /^(?:\uFEFF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(
      bytes.subarray(0, 200).toString('latin1'),
    )?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

// ---------------------------------------------------------------------------------
// Address ranges

type Range = readonly [base: string, prefix: number];

/** IPv4 ranges that are not a public host on the internet. */
const FORBIDDEN_IPV4: readonly Range[] = [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including the broadcast address 255.255.255.255
];

const FORBIDDEN_IPV4_NUMERIC = FORBIDDEN_IPV4.map(([base, prefix]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: (ipv4ToNumber(base) & mask) >>> 0, mask };
});

/**
 * True for any address a feed request must not connect to: loopback, private,
 * link-local, CGNAT, multicast, reserved and documentation ranges, and IPv6 forms
 * that embed such an IPv4 address (mapped, translated, NAT64, 6to4). Anything that is
 * not an IP address at all is refused too.
 */
export function isForbiddenAddress(ip: string): boolean {
  // Brackets come from URLs, zone ids (fe80::1%eth0) from link-local answers.
  const address =
    ip
      .trim()
      .replace(/^\[(.*)\]$/, '$1')
      .split('%')[0] ?? '';
  if (net.isIPv4(address)) return isForbiddenIPv4(ipv4ToNumber(address));
  if (net.isIPv6(address)) return isForbiddenIPv6(ipv6Groups(address));
  return true;
}

function isForbiddenIPv4(value: number): boolean {
  return FORBIDDEN_IPV4_NUMERIC.some(({ base, mask }) => (value & mask) >>> 0 === base);
}

function isForbiddenIPv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const low32 = ((g6 << 16) | g7) >>> 0;
  const zeroTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) reach the IPv4 address.
  if (zeroTo(5) && g5 === 0xffff) return isForbiddenIPv4(low32);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isForbiddenIPv4(low32);
  // ::/96: unspecified, loopback and the deprecated IPv4-compatible form; none is a public host.
  if (zeroTo(6)) return true;
  // 64:ff9b::/96 NAT64 reaches the embedded IPv4 address; 64:ff9b:1::/48 is local-use NAT64.
  if (g0 === 0x64 && g1 === 0xff9b)
    return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 ? isForbiddenIPv4(low32) : true;
  // 2002::/16 6to4 carries an IPv4 address in bits 16–47.
  if (g0 === 0x2002) return isForbiddenIPv4(((g1 << 16) | g2) >>> 0);
  // Only global unicast (2000::/3) is public; this refuses fc00::/7, fe80::/10, fec0::/10, ff00::/8, 100::/64 …
  if ((g0 & 0xe000) !== 0x2000) return true;
  if (g0 === 0x2001) {
    if (g1 === 0) return true; // Teredo hides an IPv4 address
    if (g1 === 0x0db8) return true; // documentation
    if (g1 === 0x0002 && g2 === 0) return true; // benchmarking
    if ((g1 & 0xfff0) === 0x0010 || (g1 & 0xfff0) === 0x0020) return true; // ORCHID
  }
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return true; // documentation (3fff::/20)
  return false;
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => ((value << 8) | Number(part)) >>> 0, 0);
}

/** The eight 16-bit groups of a valid IPv6 address (net.isIPv6 has checked it). */
function ipv6Groups(address: string): number[] {
  let head = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (dotted?.[1]) {
    const value = ipv4ToNumber(dotted[1]);
    tail.push(value >>> 16, value & 0xffff);
    head = head.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [left = '', right] = head.split('::');
  if (right === undefined) return [...parse(left), ...tail];
  const before = parse(left);
  const after = [...parse(right), ...tail];
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}
