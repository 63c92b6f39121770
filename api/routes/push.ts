/**
 * Web Push opt-in (issue #20): the key browsers subscribe with, and each signed-in
 * user's browser subscriptions. Notifications are pushed after the write that stored
 * them commits (api/push/sender.ts).
 */
import { createECDH } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { currentUser, requireUser } from '../auth/middleware';
import { fail } from '../errors';
import { CACHE } from '../http/cache';
import { jsonRead } from '../http/read';
import { validate } from '../http/validate';
import { writeTransaction } from '../http/write';
import { deleteSubscription, saveSubscription } from '../push/subscriptions';

export const MAX_ENDPOINT_LENGTH = 1000;

const endpoint = z
  .string({ error: 'is required' })
  .min(1, 'is required')
  .max(MAX_ENDPOINT_LENGTH, `is too long (at most ${MAX_ENDPOINT_LENGTH} characters)`);

/** Push services are reached over https only (RFC 8030), and so is every one browsers use. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
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
  endpoint: endpoint.refine(isHttpsUrl, 'must be an https URL'),
  expirationTime: z.number({ error: 'must be a number or null' }).nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: base64urlKey(65, "must be the browser's P-256 public key in base64url", isP256Point),
      auth: base64urlKey(16, "must be the browser's 16-byte auth secret in base64url"),
    },
    { error: 'must be an object with p256dh and auth' },
  ),
});

const unsubscribeBody = z.strictObject({ endpoint });

export const pushRoutes = new Hono<AppEnv>()
  .get('/push/key', (c) => {
    const key = c.get('options').vapidPublicKey;
    if (key === null) fail(404, 'Web Push is not configured');
    return jsonRead(c, { public_key: key }, CACHE.noStore);
  })
  .post(
    '/push/subscriptions',
    requireUser,
    writeTransaction,
    validate('json', subscriptionBody),
    async (c) => {
      const { endpoint, keys } = c.req.valid('json');
      await saveSubscription(
        c.get('db'),
        currentUser(c).id,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
        c.get('options').now().toISOString(),
      );
      return c.json({ endpoint }, 201);
    },
  )
  .delete(
    '/push/subscriptions',
    requireUser,
    writeTransaction,
    validate('json', unsubscribeBody),
    async (c) => {
      // Only the caller's own subscription goes; an unknown endpoint is already gone.
      await deleteSubscription(c.get('db'), currentUser(c).id, c.req.valid('json').endpoint);
      return c.body(null, 204);
    },
  );
