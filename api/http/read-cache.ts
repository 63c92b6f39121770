/**
 * The server's read cache: public reads answered from prebuilt bytes before the request
 * reaches Hono. An entry is the exact answer Hono gave for one URL (status line, every
 * header including the security headers and the ETag, the body bytes), stored with the
 * data version it was built from. Any change to public data bumps that version in the
 * same transaction (migration 0002's triggers), so an entry is used only while nothing it
 * could show has changed; 304s come from the same entry.
 *
 * - Only routes whose answer is the same for every caller are kept (SHARED_READ_TABLES,
 *   from the routes' declarations):
 *   nothing behind a session, nothing personal, no outside feeds.
 * - A miss goes through Hono, which fills the entry (`readCacheFill`, the app's outermost
 *   middleware); concurrent misses for one URL wait for that one build.
 * - An answer that depends on the clock as well (upcoming or past matches) says how long
 *   it holds with `c.set('readExpiresAt', …)`.
 * - Memory is bounded: least recently used entries go first past `maxBytes`.
 * - Reads made in process go through it too (`request`): what a server-rendered page
 *   (api/http/pages.ts) or an embed (api/http/embeds.ts) reads of the API is kept and
 *   checked as a browser's read of the same URL is, and each finds what the other built.
 * - When the server is saturated with writes (`writes.busy`: SQLite's group commit has
 *   lately run batches of several), a hit that arrives while a write read before it is
 *   waiting for its batch is answered just after that batch's writes, as a queue served
 *   in arrival order would (decision 0018). Otherwise hits are answered at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { DataVersions } from '../../db/data-version';
import { routePattern } from '../domain/public-reads';
import { SHARED_READ_TABLES } from '../router';
import type { AppEnv } from '../env';
import { chooseEncoding, compressible, type Encoding } from './compression';
import { compressAnswer, etagMatches } from './read';

type Headers = Record<string, string>;

interface Entry {
  /** positions (in DataVersions.read()) of the tables the answer read, and their versions then */
  dependencies: readonly number[];
  versions: readonly number[];
  expiresAt: number;
  etag: string;
  bytes: Uint8Array;
  headers200: Headers;
  headers304: Headers;
  size: number;
  /** Whether the bytes are sent compressed to a client that accepts it (compression.ts). */
  compressible: boolean;
  /** The bytes compressed, made for the first client accepting each encoding. */
  encoded: Partial<Record<Encoding, Encoded>>;
  /** Large bytes being compressed on libuv's thread pool, by encoding (null: that failed). */
  compressing: Map<Encoding, Promise<Encoded | null>>;
}

interface Encoded {
  bytes: Buffer;
  headers: Headers;
}

interface Pending {
  /** every table's version when the build began */
  versions: readonly number[];
  /** positions of the tables the route reads */
  dependencies: readonly number[];
  done: Promise<Entry | null>;
  settle(entry: Entry | null): void;
}

const SHARED_READS: readonly (readonly [RegExp, readonly string[]])[] = Object.entries(
  SHARED_READ_TABLES,
).map(([route, tables]) => [routePattern(route), tables]);

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

type Versions = readonly number[] | null;

/**
 * Runs `then` with the versions: at once when they were read synchronously (SQLite), else
 * when the query answers (PostgreSQL); a failed read trusts nothing (null).
 */
function afterRead(read: Versions | Promise<Versions>, then: (versions: Versions) => void): void {
  if (read === null || Array.isArray(read)) then(read as Versions);
  else
    (read as Promise<Versions>).then(then, (error: unknown) => {
      console.error('Reading the data versions failed', error);
      then(null);
    });
}

/** The tables the answer to GET `pathname` reads, when it is the same for everyone; else null. */
export function sharedReadTables(pathname: string): readonly string[] | null {
  for (const [pattern, tables] of SHARED_READS) if (pattern.test(pathname)) return tables;
  return null;
}

/** What answers a read made in process on a miss: the app, with `env` for its outermost middleware. */
export interface InProcessApp {
  request(url: string, init?: RequestInit, env?: Record<string, unknown>): Response | Promise<Response>;
}

/** The key of `env` under which an in-process read's answer finds its way to `fill`. */
const IN_PROCESS_TICKET = 'readCacheTicket';

/** The writes a hit may be answered after (db/group-commit.ts on SQLite). */
export interface WriteQueue {
  readonly waiting: boolean;
  readonly busy: boolean;
  whenAnswered(callback: () => void): void;
}

export interface ReadCacheOptions {
  versions: DataVersions;
  /** Lets hits wait for the writes queued before them while the server is saturated. */
  writes?: WriteQueue;
  /** Body and header bytes kept at most (default 64 MiB). */
  maxBytes?: number;
  clock?: () => number;
}

export interface ReadCacheStats {
  hits: number;
  /** hits answered after the writes queued before them */
  held: number;
  misses: number;
  entries: number;
  bytes: number;
}

export class ReadCache {
  readonly #versions: DataVersions;
  readonly #writes: WriteQueue | undefined;
  readonly #maxBytes: number;
  readonly #clock: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Pending>();
  /** What each in-flight miss will fill, by its node request (or an in-process read's ticket). */
  readonly #tickets = new WeakMap<object, { key: string; pending: Pending }>();
  /** Tickets whose answer reached `fill` (it settles them). */
  readonly #filling = new WeakSet<object>();
  /** The app in-process reads are answered by on a miss (`serveInProcess`). */
  #app: InProcessApp | null = null;
  /** Hits waiting for the writes queued before them. */
  #held: (() => void)[] = [];
  #bytes = 0;
  #hits = 0;
  #heldHits = 0;
  #misses = 0;

  constructor(options: ReadCacheOptions) {
    this.#versions = options.versions;
    this.#writes = options.writes;
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.#clock = options.clock ?? Date.now;
  }

  stats(): ReadCacheStats {
    return {
      hits: this.#hits,
      held: this.#heldHits,
      misses: this.#misses,
      entries: this.#entries.size,
      bytes: this.#bytes,
    };
  }

  /** Wraps node's request listener: hits never reach it. */
  wrap(
    listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  ): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const key = req.url;
      if (req.method !== 'GET' || key === undefined || !key.startsWith('/api/')) {
        void listener(req, res);
        return;
      }
      // Only shared reads are ever kept: any other read goes on without a version read.
      const known = this.#entries.has(key) || this.#pending.has(key);
      const shared = known ? undefined : sharedReadTables(pathOf(key));
      if (shared === null) {
        void listener(req, res);
        return;
      }
      afterRead(this.#versions.read(), (versions) => this.#serve(req, res, key, shared, versions, listener));
    };
  }

  /** The rest of a shared GET, once the data versions are read (synchronously on SQLite). */
  #serve(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    shared: readonly string[] | undefined,
    versions: readonly number[] | null,
    listener: (req: IncomingMessage, res: ServerResponse) => unknown,
  ): void {
    if (versions === null) {
      void listener(req, res);
      return;
    }
    const entry = this.#fresh(key, versions);
    if (entry !== undefined) {
      this.#hits += 1;
      this.#write(entry, req, res, key);
      return;
    }
    const waiting = this.#pending.get(key);
    if (waiting !== undefined) {
      // Served only if nothing the build depends on has changed since it began, which
      // makes its answer this request's too; otherwise this request goes to the app.
      void waiting.done.then((built) => {
        afterRead(this.#versions.read(), (now) => {
          if (built !== null && now !== null && this.#holds(built, now)) {
            this.#hits += 1;
            this.#write(built, req, res, key);
          } else void listener(req, res);
        });
      });
      return;
    }
    const tables = shared ?? sharedReadTables(pathOf(key));
    if (tables !== null) {
      this.#miss(req, key, tables, versions);
      // A request that never reaches the fill (a crash, a closed socket) must not hold waiters.
      res.once('close', () => this.#settle(req, null));
    }
    void listener(req, res);
  }

  /** Starts the build of `key`'s entry, which the fill of `ticket`'s answer completes. */
  #miss(ticket: object, key: string, tables: readonly string[], versions: readonly number[]): void {
    this.#misses += 1;
    let settle!: (entry: Entry | null) => void;
    const done = new Promise<Entry | null>((resolve) => (settle = resolve));
    const dependencies = this.#versions.positionsOf(tables);
    const pending: Pending = { versions, dependencies, done, settle };
    this.#pending.set(key, pending);
    this.#tickets.set(ticket, { key, pending });
  }

  /**
   * Lets reads made in process (`request`) go through this cache: `app` answers a miss,
   * with this cache's fill as its outermost middleware (`readCacheFill`), as for a socket.
   */
  serveInProcess(app: InProcessApp): void {
    this.#app = app;
  }

  /** Whether reads made in process go through this cache (`serveInProcess`). */
  get servesInProcess(): boolean {
    return this.#app !== null;
  }

  /**
   * A GET of `url` (an /api path, with its query) made in process, with no conditional or
   * encoding headers: a shared read is answered from its entry while that holds, without
   * reaching Hono; a miss is answered by the app and kept, for the next reader in process
   * or over HTTP. Any other read goes straight to the app.
   */
  async request(url: string): Promise<Response> {
    const app = this.#app;
    if (app === null) throw new Error('ReadCache.request before serveInProcess');
    const tables = sharedReadTables(pathOf(url));
    const versions = tables === null ? null : await this.#versionsNow();
    if (tables === null || versions === null) return app.request(url);
    const entry = this.#fresh(url, versions) ?? (await this.#built(url));
    if (entry !== undefined) {
      this.#hits += 1;
      return new Response(entry.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: entry.headers200 });
    }
    if (this.#pending.has(url)) return app.request(url);
    const ticket = {};
    this.#miss(ticket, url, tables, versions);
    try {
      return await app.request(url, undefined, { [IN_PROCESS_TICKET]: ticket });
    } finally {
      // An answer that never reached the fill (an error on the way) must not hold waiters.
      if (!this.#filling.has(ticket)) this.#settle(ticket, null);
    }
  }

  /** The versions, whichever way the engine reads them; null when not to be trusted. */
  async #versionsNow(): Promise<Versions> {
    try {
      return await this.#versions.read();
    } catch (error) {
      console.error('Reading the data versions failed', error);
      return null;
    }
  }

  /** The entry a build of `key` already under way makes, when it holds once made. */
  async #built(key: string): Promise<Entry | undefined> {
    const waiting = this.#pending.get(key);
    if (waiting === undefined) return undefined;
    const built = await waiting.done;
    const now = await this.#versionsNow();
    return built !== null && now !== null && this.#holds(built, now) ? built : undefined;
  }

  /** Called by the fill middleware once Hono has answered a miss. */
  fill(
    req: object,
    answer: {
      status: number;
      headers: Headers;
      etag?: string;
      bytes?: Uint8Array;
      /** The bytes as the miss sent them, when compressed. */
      encoded?: { encoding: Encoding; bytes: Buffer };
      expiresAt?: number;
    },
  ): void {
    const ticket = this.#tickets.get(req);
    if (ticket === undefined) return;
    this.#filling.add(req);
    if (answer.status !== 200 || answer.bytes === undefined || answer.etag === undefined) {
      this.#settle(req, null);
      return;
    }
    // The entry keeps the bytes as they are; a miss answered compressed said so in its headers.
    const headers200: Headers = {};
    const headers304: Headers = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'content-encoding' && lower !== 'content-length') headers200[name] = value;
      if (!isRepresentationHeader(lower)) headers304[name] = value;
    }
    headers200['content-length'] = String(answer.bytes.byteLength);
    let headerBytes = 0;
    for (const [name, value] of Object.entries(headers200)) headerBytes += name.length + value.length;
    const { dependencies } = ticket.pending;
    const entry: Entry = {
      dependencies,
      versions: dependencies.map((index) => ticket.pending.versions[index] ?? -1),
      expiresAt: answer.expiresAt ?? Number.POSITIVE_INFINITY,
      etag: answer.etag,
      bytes: answer.bytes,
      headers200,
      headers304,
      size: answer.bytes.byteLength + headerBytes + ticket.key.length,
      compressible: compressible(headers200['content-type'], answer.bytes.byteLength),
      encoded: {},
      compressing: new Map(),
    };
    if (answer.encoded !== undefined && entry.compressible) {
      this.#addEncoded(entry, answer.encoded.encoding, answer.encoded.bytes, null);
    }
    afterRead(this.#versions.read(), (now) => {
      if (entry.size <= this.#maxBytes / 8 && now !== null && this.#holds(entry, now))
        this.#store(ticket.key, entry);
      this.#settle(req, entry);
    });
  }

  #settle(req: object, entry: Entry | null): void {
    const ticket = this.#tickets.get(req);
    if (ticket === undefined) return;
    this.#tickets.delete(req);
    if (this.#pending.get(ticket.key) === ticket.pending) this.#pending.delete(ticket.key);
    ticket.pending.settle(entry);
  }

  #fresh(key: string, versions: readonly number[]): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (!this.#holds(entry, versions)) {
      this.#remove(key, entry);
      return undefined;
    }
    // Least recently used goes first: move this one to the end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Whether nothing the entry read has changed since, and the clock has not moved past it. */
  #holds(entry: Entry, versions: readonly number[]): boolean {
    const { dependencies } = entry;
    for (let i = 0; i < dependencies.length; i++) {
      if (versions[dependencies[i] as number] !== entry.versions[i]) return false;
    }
    return entry.expiresAt > this.#clock();
  }

  #store(key: string, entry: Entry): void {
    const old = this.#entries.get(key);
    if (old !== undefined) this.#remove(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    this.#evict();
  }

  /** Least recently used entries go until the rest fit in `maxBytes`. */
  #evict(): void {
    for (const [oldest, victim] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest, victim);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  #write(entry: Entry, req: IncomingMessage, res: ServerResponse, key: string): void {
    const writes = this.#writes;
    if (writes?.waiting && writes.busy) {
      this.#heldHits += 1;
      if (this.#held.length === 0) {
        writes.whenAnswered(() => {
          const held = this.#held;
          this.#held = [];
          for (const answer of held) answer();
        });
      }
      this.#held.push(() => this.#answer(entry, req, res, key));
      return;
    }
    this.#answer(entry, req, res, key);
  }

  #answer(entry: Entry, req: IncomingMessage, res: ServerResponse, key: string): void {
    if (etagMatches(entry.etag, req.headers['if-none-match'])) {
      res.writeHead(304, entry.headers304);
      res.end();
      return;
    }
    const encoding = entry.compressible ? chooseEncoding(req.headers['accept-encoding']) : null;
    const send = (encoded: Encoded | null) => {
      const [headers, bytes] = encoded ? [encoded.headers, encoded.bytes] : [entry.headers200, entry.bytes];
      if (res.destroyed) return;
      res.writeHead(200, headers);
      res.end(bytes);
    };
    if (encoding === null) {
      send(null);
      return;
    }
    const made =
      entry.encoded[encoding] ?? entry.compressing.get(encoding) ?? this.#encode(entry, encoding, key);
    if (made instanceof Promise) void made.then(send);
    else send(made);
  }

  /**
   * The entry's bytes in `encoding`, kept with it. Large bytes are compressed on libuv's
   * thread pool (`compressAnswer`), once for every client asking meanwhile: on the event
   * loop, the largest entry kept under the default bound held every other request
   * for a noticeable pause, and the answer of a whole large database that concurrent misses
   * wait for (not kept) for seconds. If that compression fails, the clients get the
   * bytes as they are.
   */
  #encode(entry: Entry, encoding: Encoding, key: string): Encoded | Promise<Encoded | null> {
    const bytes = compressAnswer(entry.bytes, encoding);
    if (!(bytes instanceof Promise)) return this.#addEncoded(entry, encoding, bytes, key);
    const making = bytes.then(
      (made) => this.#addEncoded(entry, encoding, made, key),
      () => {
        entry.compressing.delete(encoding);
        return null;
      },
    );
    entry.compressing.set(encoding, making);
    return making;
  }

  /**
   * Keeps the entry's bytes in `encoding` with it, counted in its size, and in the
   * cache's memory when the entry is stored under `key` (null: not stored yet).
   */
  #addEncoded(entry: Entry, encoding: Encoding, bytes: Buffer, key: string | null): Encoded {
    const encoded: Encoded = {
      bytes,
      headers: {
        ...entry.headers200,
        'content-encoding': encoding,
        'content-length': String(bytes.byteLength),
      },
    };
    entry.encoded[encoding] = encoded;
    entry.size += bytes.byteLength;
    if (key !== null && this.#entries.get(key) === entry) {
      this.#bytes += bytes.byteLength;
      this.#evict();
    }
    return encoded;
  }
}

/**
 * Headers that describe the body itself: a 304 has none. Everything else of the 200
 * (Cache-Control, ETag, the security headers) is what a 304 answered by Hono carries.
 */
function isRepresentationHeader(name: string): boolean {
  return name === 'content-type' || name === 'content-length' || name === 'content-encoding';
}

/** The cache a request's in-process reads go through (`cachedReadsOf`), by the request. */
const inProcessCaches = new WeakMap<Request, ReadCache>();

/**
 * The app's outermost middleware: hands the answer to a read-cache miss back to the
 * cache once every inner middleware (security headers included) has run, and lets the
 * handlers of a GET read the API in process through the cache (`cachedReadsOf`).
 */
export function readCacheFill(cache: ReadCache | null): MiddlewareHandler {
  return createMiddleware(async (untyped, next) => {
    const get = untyped.req.method === 'GET';
    if (cache?.servesInProcess && get) inProcessCaches.set(untyped.req.raw, cache);
    await next();
    // The outer app is untyped (the static app is routed into it); these are AppEnv's.
    const c = untyped as unknown as Context<AppEnv>;
    const env = c.env as (AppEnv['Bindings'] & { [IN_PROCESS_TICKET]?: object }) | undefined;
    const ticket = env?.incoming ?? env?.[IN_PROCESS_TICKET];
    if (cache === null || ticket === undefined || !get) return;
    const headers: Headers = {};
    c.res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = c.get('readBody');
    cache.fill(ticket, {
      status: c.res.status,
      headers,
      ...(body && { etag: body.etag, bytes: body.bytes }),
      ...(body?.encoded && { encoded: body.encoded }),
      ...(c.get('readExpiresAt') !== undefined && { expiresAt: c.get('readExpiresAt') }),
    });
  });
}

/**
 * How a handler reads the API in process (server-rendered pages, embeds): a GET of an
 * /api path through the server's read cache, so that an answer already built is not
 * built again; null where the app runs without one (then read the app directly).
 */
export function cachedReadsOf(c: Context): ((url: string) => Promise<Response>) | null {
  const cache = inProcessCaches.get(c.req.raw);
  return cache === undefined ? null : (url) => cache.request(url);
}
