import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

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
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MB) is too low for the password cost.
    const maxmem = 256 * cost.N * cost.r;
    scrypt(secret, salt, keyLength, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Account passwords: one of OWASP's recommended scrypt settings (N=2^15, r=8, p=3; 32 MiB). */
export const PASSWORD_COST = { N: 32768, r: 8, p: 3 } as const;

export async function hashSecret(secret: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEY_LENGTH, cost);
  const { N, r, p } = cost;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const cost = { N: Number(N), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0) || cost.N > 1 << 20) return false;
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

/** A random bearer or link token (256 bits) and the SHA-256 we store instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: digestToken(token) };
}

/** Tokens carry 256 random bits, so a fast unsalted digest is enough to make a stolen table useless. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
