/**
 * Access tokens: HS256 JWTs carrying the user (sub), the server-side session (sid)
 * and a token type, valid for 15 minutes. Verification pins the algorithm and
 * checks the claims against the app's clock.
 *
 * Signed and checked with node:crypto's HMAC, synchronously: WebCrypto (hono/jwt) imports
 * the key and hops to the thread pool on every request, a visible share of a write's cost.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** An expired token may still be exchanged at refresh for this long after it was issued. */
export const REFRESH_WINDOW_SECONDS = 30 * 24 * 60 * 60;
export const TOKEN_TYPE = 'access';

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  typ: z.literal(TOKEN_TYPE),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof claimsSchema>;

export class TokenError extends Error {}

export function signAccessToken(secret: string, subject: { userId: string; sessionId: string }, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: AccessClaims = {
    sub: subject.userId,
    sid: subject.sessionId,
    typ: TOKEN_TYPE,
    iat,
    exp: iat + ACCESS_TOKEN_SECONDS,
  };
  return Promise.resolve(signHs256(claims, secret));
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

function signHs256(claims: object, secret: string): string {
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The payload of a compact HS256 JWS whose signature checks out; throws otherwise. */
function verifyHs256(token: string, secret: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part)))
    throw new TokenError('Invalid token');
  const [header = '', payload = '', signature = ''] = parts;
  const decodedHeader: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  if (
    typeof decodedHeader !== 'object' ||
    decodedHeader === null ||
    (decodedHeader as { alg?: unknown }).alg !== 'HS256'
  ) {
    throw new TokenError('Invalid token');
  }
  const expected = hmac(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new TokenError('Invalid token');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/**
 * Tokens whose signature and claims checked out, by the token's text: a staff member's
 * client sends the same token with every call for its 15 minutes, and checking it again
 * (split, two base64 decodings, an HMAC, the claims' schema) was a noticeable share
 * of a write's CPU. Only verified tokens get in, each with the secret it was
 * checked against; the clock is checked on every call. Bounded: the oldest go first.
 */
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { secret: string; claims: AccessClaims }>();

function claimsOf(secret: string, token: string): AccessClaims {
  const known = verified.get(token);
  if (known !== undefined && known.secret === secret) return known.claims;
  let payload: unknown;
  try {
    payload = verifyHs256(token, secret);
  } catch {
    throw new TokenError('Invalid token');
  }
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) throw new TokenError('Invalid token');
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  // Shared by every call with this token: nobody may change it.
  const claims = Object.freeze(parsed.data);
  verified.set(token, { secret, claims });
  return claims;
}

/**
 * Verifies signature (HS256 only) and claims. `allowExpired` accepts a token past its
 * expiry but issued within the refresh window: the refresh call's rule.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
  { allowExpired = false } = {},
): Promise<AccessClaims> {
  // exp/iat are checked below against the injected clock, not the wall clock.
  const claims = claimsOf(secret, token);
  const seconds = Math.floor(now.getTime() / 1000);
  if (claims.iat > seconds + 60) throw new TokenError('Invalid token');
  if (allowExpired) {
    if (seconds - claims.iat > REFRESH_WINDOW_SECONDS) throw new TokenError('Token too old to refresh');
  } else if (claims.exp <= seconds) {
    throw new TokenError('Token expired');
  }
  return claims;
}
