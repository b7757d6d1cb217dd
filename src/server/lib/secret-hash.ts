import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Slow salted hashing for short secrets (the 4-digit delete password). A 4-digit secret has only
 * 10,000 values, so the per-report lockout is what really protects it; scrypt makes an offline
 * guess of a leaked hash cost seconds instead of microseconds.
 */
const DEFAULT_COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

type ScryptCost = { N: number; r: number; p: number };

function scryptAsync(secret: string, salt: Buffer, keyLength: number, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, cost, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_LENGTH, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  const actual = await scryptAsync(secret, Buffer.from(saltText, 'base64url'), expected.length, cost);
  return timingSafeEqual(actual, expected);
}

/** Keyed, non-reversible tag for values we must not keep in clear (IP, fingerprint). */
export function keyedDigest(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function randomUrlSafeId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}
