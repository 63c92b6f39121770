/**
 * Web Push end to end: a browser subscribes through the API, a real write
 * stores a notification, and after the commit the sender delivers it with `web-push`
 * to a local push service (tests/fixtures/push-service.ts) that checks the VAPID token
 * and decrypts the payload with the subscription's own keys (RFC 8291). Subscriptions
 * the push service calls gone are removed; the VAPID keys are kept between starts.
 * Runs on both engines; everything listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/config';
import { startServer } from '../../api/server';
import type { SentNotification } from '../../api/data/notifications';
import { createPushSender } from '../../api/push/sender';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../api/push/subscriptions';
import {
  DEFAULT_VAPID_SUBJECT,
  generateVapidPair,
  persistentVapidPair,
  sharedVapidPair,
  VAPID_FILE,
  VAPID_SETTING,
  type VapidKeys,
} from '../../api/push/vapid';
import { makeTestApp, makeTinyLeagueApp } from '../fixtures/app';
import { addRoleUsers, callerAs } from '../fixtures/auth';
import { TEST_ENGINE } from '../fixtures/engine';
import { withFixture } from '../fixtures/hooks';
import { startPushService, type StubSubscription } from '../fixtures/push-service';

const VAPID: VapidKeys = { ...generateVapidPair(), subject: 'mailto:push-test@touchline.invalid' };
const push = withFixture(() => startPushService());

/** The tiny league with a user of every role, pushing through the stub's trusted certificate. */
async function makePushApp() {
  const app = await makeTinyLeagueApp({
    // The sender needs the app's database: it is made just below, before any write.
    onNotified: (sent) => pusher.notify(sent),
    vapidPublicKey: VAPID.publicKey,
    // The stub push service listens on 127.0.0.1.
    allowPrivatePushEndpoints: true,
  });
  const tokens = await addRoleUsers(app.connection.db);
  const logs: string[] = [];
  const pusher = createPushSender(app.connection.db, VAPID, {
    log: (line) => logs.push(line),
    ca: push.ca,
    allowPrivateEndpoints: true,
  });
  return {
    ...app,
    tokens,
    pusher,
    logs,
    async close() {
      await pusher.idle();
      pusher.close();
      await app.close();
    },
  };
}

const t = withFixture(makePushApp, { perTest: true });
const call = callerAs(() => t);

let subscriptionCount = 0;
/** A fresh subscription of the stub, as the browser's PushSubscription.toJSON() gives it. */
function newSubscription(): StubSubscription {
  subscriptionCount += 1;
  return push.subscribe(`s${subscriptionCount}`);
}
/** The stub's id of a subscription: the last segment of its endpoint. */
const idOf = (subscription: StubSubscription) => subscription.endpoint.split('/').pop() ?? '';

function subscriptionRows() {
  return t.connection.db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'endpoint', 'p256dh', 'auth'])
    .orderBy('id')
    .execute();
}

/** A report of m7 by West Rangers' coach: East United's owner must review it. */
const M7_REPORT = {
  home_score: 2,
  away_score: 1,
  goalscorers: ['wr.fwd', 'eu.fwd', 'wr.fwd'],
  assisters: ['wr.mid'],
  goalkeepers: ['wr.gk', 'eu.gk'],
  yellow_cards: [],
  red_cards: [],
};

async function reportM7() {
  const response = await call('POST', `/api/matches/${t.matchIds.m7}/report`, 'otherCoach', M7_REPORT);
  expect(response.status).toBe(200);
  await t.pusher.idle();
}

function messagesTo(id: string) {
  return push.messages.filter((message) => message.id === id);
}

describe('GET /api/push/key', () => {
  it('answers the configured public key, never cached', async () => {
    const response = await t.app.request('/api/push/key');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ public_key: VAPID.publicKey });
  });

  it('answers 404 when Web Push is not configured', async () => {
    const bare = await makeTestApp();
    try {
      const response = await bare.app.request('/api/push/key');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Web Push is not configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('delivery to the push service', () => {
  it('pushes the notification a real write stored, encrypted for each of the recipient’s browsers', async () => {
    const phone = newSubscription();
    const laptop = newSubscription();
    const bystander = newSubscription();
    expect(await call('POST', '/api/push/subscriptions', 'opponentOwner', phone, 'sub-1')).toEqual({
      status: 201,
      body: { endpoint: phone.endpoint },
    });
    // PushSubscription.toJSON() also carries expirationTime.
    expect(
      (await call('POST', '/api/push/subscriptions', 'opponentOwner', { ...laptop, expirationTime: null }))
        .status,
    ).toBe(201);
    expect((await call('POST', '/api/push/subscriptions', 'coach', bystander)).status).toBe(201);

    await reportM7();

    const [stored] = await t.connection.db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'link'])
      .where('user_id', '=', 'u.opponentowner')
      .execute();
    expect(stored).toMatchObject({
      kind: 'report_to_review',
      link: `/manager/pending-results?match=${t.matchIds.m7}`,
    });
    for (const browser of [phone, laptop]) {
      const received = messagesTo(idOf(browser));
      expect(received).toHaveLength(1);
      // Exactly what the service worker reads, byte for byte.
      expect(received[0]?.payload).toBe(JSON.stringify(stored));
      expect(received[0]?.vapid).toMatchObject({ aud: push.origin, sub: VAPID.subject, k: VAPID.publicKey });
      expect(received[0]?.headers).toMatchObject({ ttl: '86400', urgency: 'normal' });
    }
    // North Town's coach is not told of a match North Town does not play.
    expect(messagesTo(idOf(bystander))).toEqual([]);
    expect(push.refused).toEqual([]);
    expect(t.logs).toEqual([]);
  });

  it.each([410, 404])(
    'removes a subscription the push service answers %i for, and keeps the others',
    async (status) => {
      const gone = newSubscription();
      const live = newSubscription();
      await call('POST', '/api/push/subscriptions', 'opponentOwner', gone);
      await call('POST', '/api/push/subscriptions', 'opponentOwner', live);
      push.answer(idOf(gone), status);

      await reportM7();

      expect((await subscriptionRows()).map((row) => row.endpoint)).toEqual([live.endpoint]);
      expect(messagesTo(idOf(live))).toHaveLength(1);
      expect(t.logs).toEqual([]);
    },
  );

  it('keeps a subscription whose push service fails, and logs the failure once', async () => {
    const failing = newSubscription();
    await call('POST', '/api/push/subscriptions', 'opponentOwner', failing);
    push.answer(idOf(failing), 500);

    await reportM7();

    expect((await subscriptionRows()).map((row) => row.endpoint)).toEqual([failing.endpoint]);
    expect(t.logs).toEqual([`Web Push: 1 of 1 deliveries failed (${push.origin} answered 500)`]);
  });

  it('sends nothing for a write that was refused', async () => {
    const browser = newSubscription();
    await call('POST', '/api/push/subscriptions', 'opponentOwner', browser);
    // A fan may not report: the write rolls back, and nothing was stored or pushed.
    expect((await call('POST', `/api/matches/${t.matchIds.m7}/report`, 'fan', M7_REPORT)).status).toBe(403);
    await t.pusher.idle();
    expect(messagesTo(idOf(browser))).toEqual([]);
  });

  it('refuses endpoints on private addresses unless allowed, and forgets them', async () => {
    const browser = newSubscription();
    await call('POST', '/api/push/subscriptions', 'opponentOwner', browser);
    const logs: string[] = [];
    const strict = createPushSender(t.connection.db, VAPID, { log: (line) => logs.push(line), ca: push.ca });
    const sent: SentNotification = {
      id: 1,
      user_id: 'u.opponentowner',
      kind: 'match_moved',
      title: 'Match moved',
      body: 'Somewhere else.',
      link: '/match/1',
    };
    strict.notify([sent]);
    await strict.idle();
    strict.close();
    expect(messagesTo(idOf(browser))).toEqual([]);
    expect(await subscriptionRows()).toEqual([]);
    expect(logs).toEqual([
      `Web Push: 1 of 1 deliveries failed (${push.origin} is not a public address, removed)`,
    ]);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('stores the subscription per user; the same endpoint subscribed by another user moves to them', async () => {
    const browser = newSubscription();
    await call('POST', '/api/push/subscriptions', 'coach', browser);
    expect(await subscriptionRows()).toEqual([
      { user_id: 'u.coach', endpoint: browser.endpoint, ...browser.keys },
    ]);
    const renewed = { ...browser, keys: push.subscribe(idOf(browser)).keys };
    expect(await call('POST', '/api/push/subscriptions', 'opponentOwner', renewed)).toEqual({
      status: 201,
      body: { endpoint: browser.endpoint },
    });
    expect(await subscriptionRows()).toEqual([
      { user_id: 'u.opponentowner', endpoint: browser.endpoint, ...renewed.keys },
    ]);
  });

  it(`keeps a user's ${MAX_SUBSCRIPTIONS_PER_USER} latest browsers`, async () => {
    const browsers = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 1 }, newSubscription);
    for (const browser of browsers) await call('POST', '/api/push/subscriptions', 'coach', browser);
    expect((await subscriptionRows()).map((row) => row.endpoint)).toEqual(
      browsers.slice(1).map((browser) => browser.endpoint),
    );
  });

  it('replays a repeated subscription with the same Idempotency-Key', async () => {
    const browser = newSubscription();
    const first = await call('POST', '/api/push/subscriptions', 'coach', browser, 'key-1');
    const again = await call('POST', '/api/push/subscriptions', 'coach', browser, 'key-1');
    expect(again).toEqual(first);
    expect(await subscriptionRows()).toHaveLength(1);
  });

  it("deletes only the caller's own subscription, and answers 204 for an unknown one", async () => {
    const browser = newSubscription();
    await call('POST', '/api/push/subscriptions', 'coach', browser);
    const remove = (role: 'coach' | 'opponentOwner', endpoint: string) =>
      call('DELETE', '/api/push/subscriptions', role, { endpoint });

    expect(await remove('opponentOwner', browser.endpoint)).toEqual({ status: 204, body: null });
    expect(await subscriptionRows()).toHaveLength(1);
    expect(await remove('coach', browser.endpoint)).toEqual({ status: 204, body: null });
    expect(await subscriptionRows()).toEqual([]);
    expect(await remove('coach', browser.endpoint)).toEqual({ status: 204, body: null });
  });

  it('refuses an endpoint on this machine or a private network when subscribing: 400, nothing stored', async () => {
    // The app as the server makes it: private endpoints are not allowed.
    const strict = await makeTinyLeagueApp({ vapidPublicKey: VAPID.publicKey });
    try {
      const tokens = await addRoleUsers(strict.connection.db);
      const callStrict = callerAs(() => ({ app: strict.app, tokens }));
      const browser = newSubscription();
      const refused = [
        browser.endpoint,
        'https://localhost/push/1',
        'https://LOCALHOST./push/1',
        'https://push.localhost/push/1',
        'https://[::1]/push/1',
        'https://[::ffff:127.0.0.1]/push/1',
        'https://2130706433/push/1',
        'https://10.0.0.7/push/1',
        'https://192.168.1.20:8443/push/1',
        'https://169.254.169.254/latest/meta-data',
        'https://[fd00::1]/push/1',
      ];
      for (const endpoint of refused) {
        const answer = await callStrict('POST', '/api/push/subscriptions', 'coach', { ...browser, endpoint });
        expect(answer.status, endpoint).toBe(400);
        expect(answer.body.detail, endpoint).toMatch(
          /^Invalid field 'endpoint': https:\/\/.* is not a public address$/,
        );
      }
      expect(
        await strict.connection.db.selectFrom('push_subscriptions').select('endpoint').execute(),
      ).toEqual([]);
      // A public push service is taken.
      const endpoint = 'https://push.example.test/send/1';
      expect(await callStrict('POST', '/api/push/subscriptions', 'coach', { ...browser, endpoint })).toEqual({
        status: 201,
        body: { endpoint },
      });
    } finally {
      await strict.close();
    }
  });

  it('needs a signed-in user', async () => {
    const browser = newSubscription();
    expect((await call('POST', '/api/push/subscriptions', 'anonymous', browser)).status).toBe(401);
    expect(
      (await call('DELETE', '/api/push/subscriptions', 'anonymous', { endpoint: browser.endpoint })).status,
    ).toBe(401);
    expect(await subscriptionRows()).toEqual([]);
  });

  const AUTH = 'AAAAAAAAAAAAAAAAAAAAAA';
  it.each<[string, (browser: StubSubscription) => object, string]>([
    [
      'an http endpoint',
      (b) => ({ ...b, endpoint: 'http://push.example/x' }),
      "'endpoint': must be an https URL",
    ],
    [
      'an endpoint that is no URL',
      (b) => ({ ...b, endpoint: 'push me' }),
      "'endpoint': must be an https URL",
    ],
    [
      'an endpoint over 1000 characters',
      (b) => ({ ...b, endpoint: `https://push.example/${'x'.repeat(1000)}` }),
      "'endpoint': is too long (at most 1000 characters)",
    ],
    ['no keys', (b) => ({ endpoint: b.endpoint }), "'keys': must be an object with p256dh and auth"],
    [
      'a p256dh that is not base64url',
      (b) => ({ ...b, keys: { p256dh: 'not/base64+url', auth: AUTH } }),
      "'keys.p256dh': must be the browser's P-256 public key in base64url",
    ],
    [
      'a p256dh that is not a point of P-256',
      (b) => ({ ...b, keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: AUTH } }),
      "'keys.p256dh': must be the browser's P-256 public key in base64url",
    ],
    [
      'an auth secret of the wrong length',
      (b) => ({ ...b, keys: { ...b.keys, auth: 'AAAA' } }),
      "'keys.auth': must be the browser's 16-byte auth secret in base64url",
    ],
    [
      'an expirationTime that is not a number',
      (b) => ({ ...b, expirationTime: 'soon' }),
      "'expirationTime': must be a number or null",
    ],
  ])('refuses %s with 400 naming the field', async (_, body, detail) => {
    const response = await call('POST', '/api/push/subscriptions', 'coach', body(newSubscription()));
    expect(response).toEqual({ status: 400, body: { detail: `Invalid field ${detail}` } });
    expect(await subscriptionRows()).toEqual([]);
  });

  it('refuses unknown fields and bodies that are not JSON', async () => {
    const browser = newSubscription();
    expect(await call('POST', '/api/push/subscriptions', 'coach', { ...browser, topic: 'x' })).toEqual({
      status: 400,
      body: { detail: "Unknown field: 'topic'" },
    });
    const response = await t.app.request('/api/push/subscriptions', {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.tokens.coach}`, 'Content-Type': 'text/plain' },
      body: 'endpoint',
    });
    expect(response.status).toBe(400);
    expect(await subscriptionRows()).toEqual([]);
  });

  it('refuses a delete without an endpoint', async () => {
    expect(await call('DELETE', '/api/push/subscriptions', 'coach', {})).toEqual({
      status: 400,
      body: { detail: "Invalid field 'endpoint': is required" },
    });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths['/api/push/key'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/push/subscriptions'] ?? {}).sort()).toEqual(['delete', 'post']);
  });
});

describe('VAPID keys', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function tempDir() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-vapid-'));
    dirs.push(dir);
    return dir;
  }

  it('are generated on first start, kept in DATA_DIR (0600) and reused on the next start', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.vapidKeys?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapidSubject).toBe(DEFAULT_VAPID_SUBJECT);
    const file = path.join(dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).vapidKeys).toEqual(first.vapidKeys);
    expect(persistentVapidPair(dataDir)).toEqual(first.vapidKeys);
  });

  it('come from the environment when given, which wins over the kept ones', () => {
    const dataDir = tempDir();
    const pair = generateVapidPair();
    const config = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://league.example/contact',
    });
    expect(config.vapidKeys).toEqual(pair);
    expect(config.vapidSubject).toBe('https://league.example/contact');
    expect(fs.existsSync(path.join(dataDir, VAPID_FILE))).toBe(false);
  });

  it('refuse to start with one key alone, a mismatched pair or a bad subject, in one line', () => {
    const dataDir = tempDir();
    const pair = generateVapidPair();
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return null;
    };
    expect(problem({ VAPID_PUBLIC_KEY: pair.publicKey })).toBe(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together',
    );
    expect(problem({ VAPID_PRIVATE_KEY: pair.privateKey })).toBe(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together',
    );
    expect(
      problem({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: generateVapidPair().privateKey }),
    ).toBe('Invalid configuration:\n  VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY');
    expect(problem({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /^Invalid configuration:\n {2}VAPID_PUBLIC_KEY must be/,
    );
    expect(problem({ VAPID_SUBJECT: 'admin@league.example' })).toBe(
      'Invalid configuration:\n  VAPID_SUBJECT: must be a mailto: or https: URL, a contact for the push services',
    );
    expect(fs.existsSync(path.join(dataDir, VAPID_FILE))).toBe(false);
  });

  // The server's own SQLite file: once is enough, whichever project runs this file.
  it.runIf(TEST_ENGINE === 'sqlite')('are what the server hands browsers', async () => {
    const dataDir = tempDir();
    const running = await startServer(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        ADMIN_EMAIL: 'chair@league.example',
        ADMIN_PASSWORD: 'a long passphrase',
      }),
      () => undefined,
    );
    try {
      const kept = JSON.parse(fs.readFileSync(path.join(dataDir, VAPID_FILE), 'utf8')) as {
        publicKey: string;
      };
      const response = await fetch(`${running.url}/api/push/key`);
      expect(await response.json()).toEqual({ public_key: kept.publicKey });
    } finally {
      await running.close();
    }
  });

  it('refuse a kept file that is not a key pair rather than replace it', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, VAPID_FILE), '{"publicKey": "x"}');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
  });

  it('with DATABASE_URL are kept in the database, one pair for every instance', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u:p@127.0.0.1:1/touchline' });
    // The server takes them from the database instead (api/server.ts).
    expect(config.vapidKeys).toBeNull();
    const first = await sharedVapidPair(t.connection.db);
    expect(await sharedVapidPair(t.connection.db)).toEqual(first);
    const row = await t.connection.db
      .selectFrom('app_settings')
      .select('value')
      .where('name', '=', VAPID_SETTING)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toEqual(first);
  });
});
