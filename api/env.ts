/**
 * What every router and middleware shares with the app factory: the app's options
 * and Hono's environment type. A leaf on purpose: it imports no router, so routers
 * can import it without an import cycle through app.ts.
 */
import type { HttpBindings } from '@hono/node-server';
import type { DB } from '../db/connection';
import { DEFAULT_COST, type HashCost } from '../db/password';
import type { SharedRateLimiter } from './auth/rate-limit';
import type { SentNotification } from './data/notifications';
import type { SessionUser } from './data/sessions';
import type { Encoding } from './http/compression';
import type { TrustProxy } from './config';

export interface AppOptions {
  /** Injectable clock: rules that compare with "now" use it. */
  now?: () => Date;
  jwtSecret: string;
  imagesDir: string;
  /** Let team news and video feeds reach private, loopback and link-local addresses (tests only). */
  allowPrivateFeedTargets?: boolean;
  /** scrypt cost of new password hashes (tests lower it; stored hashes carry their own). */
  passwordCost?: HashCost;
  /**
   * The reverse proxies in front (config.ts TRUST_PROXY): a number of hops, or their
   * addresses; the client address is then read from X-Forwarded-For, from the right.
   */
  trustProxy?: TrustProxy;
  /** The absolute base of links the server writes (e-mails, calendars, embeds): never the request's Host. */
  publicUrl?: string;
  /** E-mail: whether it is set up (SMTP_URL given); the sender (api/mail) runs in the server. */
  mailEnabled?: boolean;
  /** Called after a write that queued e-mail commits, so the sender tries it at once. */
  onMailQueued?: () => void;
  /** Login attempts allowed per client address and per account in each window. */
  loginLimit?: { max: number; windowMs: number };
  /** Called after a write commits with the notifications it stored (Web Push sends them). */
  onNotified?: (sent: readonly SentNotification[]) => void;
  /** The VAPID public key browsers subscribe with; null: Web Push is off (GET /api/push/key answers 404). */
  vapidPublicKey?: string | null;
  /** Let browsers subscribe with push endpoints on loopback and private addresses (tests, with a local push service). */
  allowPrivatePushEndpoints?: boolean;
}

/** What a read answered with (http/read.ts): kept by the read cache. */
export interface ReadBody {
  bytes: Uint8Array;
  etag: string;
  /** The bytes as sent, when sent compressed. */
  encoded?: { encoding: Encoding; bytes: Buffer };
}

export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    db: DB;
    options: Required<AppOptions>;
    loginLimiter: SharedRateLimiter;
    /** set by requireUser */
    user?: SessionUser;
    sessionId?: string;
    /** set by jsonRead/readResponse: the bytes and ETag a read answered with */
    readBody?: ReadBody;
    /** set by reads whose answer also depends on the clock: epoch ms it holds until */
    readExpiresAt?: number;
    /** set by tell (http/notify.ts): notifications this write stored, pushed after its commit */
    notified?: SentNotification[];
    /** set when this write queued e-mail: the sender is woken after its commit */
    mailQueued?: boolean;
  };
}

/** Options with every default filled in. */
export function resolveOptions(options: AppOptions): Required<AppOptions> {
  return {
    now: () => new Date(),
    allowPrivateFeedTargets: false,
    passwordCost: DEFAULT_COST,
    trustProxy: 0,
    publicUrl: 'http://localhost:3000',
    mailEnabled: false,
    onMailQueued: () => {},
    loginLimit: { max: 10, windowMs: 15 * 60 * 1000 },
    onNotified: () => {},
    vapidPublicKey: null,
    allowPrivatePushEndpoints: false,
    ...options,
  };
}
