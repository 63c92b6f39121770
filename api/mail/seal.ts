/**
 * A queued e-mail carries a sign-in link (an invitation, a password reset) for as long as
 * it waits in mail_outbox: anyone who could read the table or a backup of it could use the
 * link. So the message is stored sealed, with AES-256-GCM under a key derived by HKDF-SHA256
 * from the token secret, which is kept apart from the database (JWT_SECRET, the data
 * folder) or at least is the secret the tokens themselves depend on. The row's kind, ref and
 * address are bound in as associated data: a sealed message moved to another row (another
 * address) does not open.
 *
 * A sealed text: `v1.` and base64url of the nonce (12 bytes), the tag (16) and the cipher text.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** The HKDF info: a key for this use only, whatever else the secret signs. */
const KEY_INFO = 'touchline mail outbox sealing key v1';
const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** What of the row the sealed message is bound to. */
export interface SealContext {
  kind: string;
  refId: string | null;
  to: string;
}

/** The message as sealed: what goes out, the address aside (it is the row's own). */
export interface SealedMessage {
  subject: string;
  text: string;
  html: string;
}

/** The message could not be opened: another secret, another row's message, or tampered with. */
export class UnsealError extends Error {}

/** One derivation per secret, since the server seals and opens with the same one all along. */
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (key === undefined) {
    if (secret.length === 0) throw new Error('Mail sealing needs a non-empty secret');
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
    keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function associatedData(context: SealContext): Buffer {
  // JSON keeps the three apart whatever characters they hold.
  return Buffer.from(JSON.stringify([context.kind, context.refId, context.to]), 'utf8');
}

export function sealMessage(secret: string, context: SealContext, message: SealedMessage): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  cipher.setAAD(associatedData(context));
  const plain = JSON.stringify({ subject: message.subject, text: message.text, html: message.html });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

export function unsealMessage(secret: string, context: SealContext, sealed: string): SealedMessage {
  if (!sealed.startsWith(VERSION)) throw new UnsealError('not a sealed message of a known version');
  const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError('a sealed message too short');
  const nonce = bytes.subarray(0, NONCE_BYTES);
  const tag = bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), nonce);
    decipher.setAAD(associatedData(context));
    decipher.setAuthTag(tag);
    plain = Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new UnsealError('the sealed message does not open with this secret');
  }
  const parsed = JSON.parse(plain) as Partial<SealedMessage>;
  if (
    typeof parsed.subject !== 'string' ||
    typeof parsed.text !== 'string' ||
    typeof parsed.html !== 'string'
  ) {
    throw new UnsealError('the sealed message is not a message');
  }
  return { subject: parsed.subject, text: parsed.text, html: parsed.html };
}
