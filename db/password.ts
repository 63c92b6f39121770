/**
 * Password hashing with scrypt from node:crypto (memory-hard).
 * Lives in db/ because both the demo seed and the API's login need it.
 * Format: scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>, so parameters can be
 * raised later without breaking stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface HashCost {
  log2N: number;
  r: number;
  p: number;
}

/** N = 2^17, r = 8, p = 1: about 128 MiB per hash, and slow on purpose. */
export const DEFAULT_COST: HashCost = { log2N: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: HashCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: HashCost = DEFAULT_COST,
  salt: Buffer = randomBytes(16),
): Promise<string> {
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, log2N, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const cost = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (![cost.log2N, cost.r, cost.p].every((n) => Number.isInteger(n) && n > 0) || cost.log2N > 20)
    return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
