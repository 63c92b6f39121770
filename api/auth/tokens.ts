/**
 * Access tokens: HS256 JWTs carrying the user (sub), the server-side session (sid)
 * and a token type, valid for 15 minutes. Verification pins the algorithm and
 * checks the claims against the app's clock.
 */
import { sign, verify } from 'hono/jwt';
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
  return sign(claims, secret, 'HS256');
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
  let payload: unknown;
  try {
    // exp/iat/nbf are checked below against the injected clock, not the wall clock.
    payload = await verify(token, secret, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw new TokenError('Invalid token');
  }
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) throw new TokenError('Invalid token');
  const claims = parsed.data;
  const seconds = Math.floor(now.getTime() / 1000);
  if (claims.iat > seconds + 60) throw new TokenError('Invalid token');
  if (allowExpired) {
    if (seconds - claims.iat > REFRESH_WINDOW_SECONDS) throw new TokenError('Token too old to refresh');
  } else if (claims.exp <= seconds) {
    throw new TokenError('Token expired');
  }
  return claims;
}
