/**
 * Web Push delivery: after a write commits, each notification it stored is
 * sent, encrypted for each of its recipient's browsers (RFC 8291) and signed with the
 * deployment's VAPID keys, by the `web-push` library. Delivery runs beside the request,
 * never in it: a slow or failing push service delays and breaks nothing. A subscription
 * the push service calls gone (404, 410) is removed; other failures are logged.
 *
 * Endpoints come from browsers, so from users: they must be https, and unless
 * `allowPrivateEndpoints` they may not reach loopback, private or link-local addresses
 * (checked on every resolved address, as team feeds are).
 */
import dns from 'node:dns';
import https from 'node:https';
import type net from 'node:net';
import webpush, { type RequestOptions } from 'web-push';
import type { DB } from '../../db/connection';
import type { SentNotification } from '../data/notifications';
import { isForbiddenAddress } from '../feeds/safe-fetch';
import {
  endpointRefusal,
  removeGoneSubscription,
  subscriptionsOf,
  type StoredSubscription,
} from './subscriptions';
import type { VapidKeys } from './vapid';

/** What the service worker receives (sw/sw.ts reads it). */
export interface PushPayload {
  id: number;
  kind: SentNotification['kind'];
  title: string;
  body: string;
  link: string;
}

export interface PushSenderOptions {
  log: (line: string) => void;
  /** Let endpoints reach loopback and private addresses (tests, with a local push service). */
  allowPrivateEndpoints?: boolean;
  /** Certificates to trust instead of the system's (tests trust their push service's own). */
  ca?: string | Buffer;
  /** How long a push service keeps a message for an offline browser (default a day). */
  ttlSeconds?: number;
  /** Socket timeout of each delivery. */
  timeoutMs?: number;
}

export interface PushSender {
  /** Hands the notifications over for delivery and returns at once (AppOptions.onNotified). */
  notify: (sent: readonly SentNotification[]) => void;
  /** Resolves once every delivery handed over so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Ends kept-alive connections to push services; later hand-overs are dropped. */
  close(): void;
}

/** A push service that answers one of these has forgotten the subscription for good. */
const GONE = new Set([404, 410]);
const PARALLEL = 8;

export function createPushSender(db: DB, vapid: VapidKeys, options: PushSenderOptions): PushSender {
  const allowPrivate = options.allowPrivateEndpoints ?? false;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: PARALLEL,
    ...(options.ca !== undefined && { ca: options.ca }),
    ...(!allowPrivate && { lookup: publicOnlyLookup }),
  });
  const requestOptions: RequestOptions = {
    vapidDetails: vapid,
    TTL: options.ttlSeconds ?? 24 * 60 * 60,
    urgency: 'normal',
    contentEncoding: 'aes128gcm',
    timeout: options.timeoutMs ?? 10_000,
    agent,
  };
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  /** One delivery: null when delivered (or gone, and removed), else why it failed. */
  async function deliver(subscription: StoredSubscription, payload: string): Promise<string | null> {
    const refusal = endpointRefusal(subscription.endpoint, allowPrivate);
    if (refusal !== null) {
      // Such an endpoint can never be reached: forget it like a gone one.
      await removeGoneSubscription(db, subscription);
      return `${refusal}, removed`;
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        requestOptions,
      );
      return null;
    } catch (error) {
      if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) {
        await removeGoneSubscription(db, subscription);
        return null;
      }
      const origin = new URL(subscription.endpoint).origin;
      return error instanceof webpush.WebPushError
        ? `${origin} answered ${error.statusCode}`
        : `${origin}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async function send(sent: readonly SentNotification[]): Promise<void> {
    const subscriptions = await subscriptionsOf(db, [...new Set(sent.map((item) => item.user_id))]);
    const jobs: (() => Promise<string | null>)[] = [];
    for (const item of sent) {
      const payload = JSON.stringify({
        id: item.id,
        kind: item.kind,
        title: item.title,
        body: item.body,
        link: item.link,
      } satisfies PushPayload);
      for (const subscription of subscriptions) {
        if (subscription.user_id === item.user_id) jobs.push(() => deliver(subscription, payload));
      }
    }
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const failure = job ? await job().catch((error: unknown) => String(error)) : null;
        if (failure !== null) failures.push(failure);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
    if (failures.length > 0) {
      options.log(`Web Push: ${failures.length} of ${jobs.length} deliveries failed (${failures[0]})`);
    }
  }

  return {
    notify(sent) {
      if (closed || sent.length === 0) return;
      const delivery = send(sent)
        .catch((error: unknown) => {
          options.log(`Web Push failed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    close() {
      closed = true;
      agent.destroy();
    },
  };
}

/** dns.lookup that fails for a name with any loopback, private or link-local address. */
const publicOnlyLookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
  dns.lookup(
    hostname,
    { all: true, ...(lookupOptions.family && { family: lookupOptions.family }) },
    (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0 || addresses.some((entry) => isForbiddenAddress(entry.address))) {
        return callback(
          Object.assign(new Error(`${hostname} is not a public address`), { code: 'EREFUSED' }),
          '',
        );
      }
      const [first] = addresses;
      if (lookupOptions.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
    },
  );
};
