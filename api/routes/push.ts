/**
 * /api/push: Web Push opt-in, the key browsers subscribe with, and each signed-in
 * user's browser subscriptions. Notifications are pushed after the write that stored
 * them commits (api/push/sender.ts).
 */
import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { currentUser } from '../auth/middleware';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { endpoint, errors, json, jsonBody, read, readAnswer, resourceRouter, write } from '../http/contract';
import { jsonRead } from '../http/read';
import { deleteSubscription, endpointRefusal, saveSubscription } from '../push/subscriptions';

export const MAX_ENDPOINT_LENGTH = 1000;

const endpointUrl = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(MAX_ENDPOINT_LENGTH, `is too long (at most ${MAX_ENDPOINT_LENGTH} characters)`);

/** An endpoint in the form push services have: https, no credentials (what it points to is checked apart). */
export function isHttpsUrl(value: string): boolean {
  return endpointRefusal(value, true) === null;
}

/** base64url (padding tolerated) of exactly `bytes` bytes, passing `check`; stored unpadded. */
function base64urlKey(bytes: number, message: string, check: (key: Buffer) => boolean = () => true) {
  return z
    .string({ error: message })
    .max(200, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => {
      const key = Buffer.from(value, 'base64url');
      return key.length === bytes && check(key);
    }, message);
}

/** An uncompressed point on P-256: the browser's key the payload is encrypted for. */
function isP256Point(key: Buffer): boolean {
  if (key[0] !== 0x04) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.alloc(32, 1));
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/** What PushSubscription.toJSON() gives. */
const subscriptionBody = z.strictObject({
  endpoint: endpointUrl
    .refine(isHttpsUrl, 'must be an https URL')
    .meta({ description: 'https URL of the push service', format: 'uri' }),
  expirationTime: z.number({ error: 'must be a number or null' }).nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: base64urlKey(65, "must be the browser's P-256 public key in base64url", isP256Point).meta({
        description: "the browser's P-256 public key, base64url",
      }),
      auth: base64urlKey(16, "must be the browser's 16-byte auth secret in base64url").meta({
        description: 'the 16-byte auth secret, base64url',
      }),
    },
    { error: 'must be an object with p256dh and auth' },
  ),
});

const unsubscribeBody = z.strictObject({ endpoint: endpointUrl });

const getPushKey = read({
  path: '/push/key',
  operationId: 'getPushKey',
  tags: ['notifications'],
  summary: 'The Web Push public key',
  description: 'The VAPID public key a browser subscribes with (applicationServerKey); no-store',
  responses: {
    200: readAnswer(z.strictObject({ public_key: z.string().describe('base64url P-256 public key') })),
    ...errors({ 404: 'Web Push is not configured' }),
  },
});

const subscribePush = write({
  method: 'post',
  path: '/push/subscriptions',
  operationId: 'subscribePush',
  tags: ['notifications'],
  summary: 'Subscribe this browser to Web Push',
  description:
    'The body is PushSubscription.toJSON(). An endpoint another user had moves to this one. The ' +
    'endpoint must be https on a public host: loopback, private and link-local addresses and local ' +
    'names are refused (400), nothing is stored',
  request: {
    body: jsonBody(subscriptionBody),
  },
  responses: {
    201: json(z.strictObject({ endpoint: z.string() }), 'Subscribed'),
  },
});

const unsubscribePush = write({
  method: 'delete',
  path: '/push/subscriptions',
  operationId: 'unsubscribePush',
  tags: ['notifications'],
  summary: 'Unsubscribe a browser',
  description: "Only the caller's own subscription is removed; an unknown endpoint answers 204 too",
  request: {
    body: jsonBody(unsubscribeBody),
  },
  responses: {
    204: { description: 'Unsubscribed' },
  },
});

export const pushRoutes = resourceRouter(
  endpoint(getPushKey, (c) => {
    const key = c.get('options').vapidPublicKey;
    if (key === null) fail(404, 'Web Push is not configured');
    return jsonRead(c, { public_key: key }, CACHE.noStore);
  }),

  endpoint(subscribePush, async (c) => {
    const { endpoint, keys } = c.req.valid('json');
    // Refused here, not only when sending: the server would otherwise keep an address
    // of its own network on a user's say-so.
    const refusal = endpointRefusal(endpoint, c.get('options').allowPrivatePushEndpoints);
    if (refusal !== null) fail(400, `Invalid field 'endpoint': ${refusal}`);
    await saveSubscription(
      c.get('db'),
      currentUser(c).id,
      { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      c.get('options').now().toISOString(),
    );
    return c.json({ endpoint }, 201);
  }),

  endpoint(unsubscribePush, async (c) => {
    // Only the caller's own subscription goes; an unknown endpoint is already gone.
    await deleteSubscription(c.get('db'), currentUser(c).id, c.req.valid('json').endpoint);
    return c.body(null, 204);
  }),
);
