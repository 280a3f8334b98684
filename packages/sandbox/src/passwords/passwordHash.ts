import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// PRODUCT.md: "passwords hashed with scrypt". N=2^14, r=8, p=1 is Node's default cost (~50 ms).
const KEY_LENGTH = 64;
const OPTIONS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer, options: ScryptOptions = OPTIONS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The cost is stored with the hash, so it can change without breaking stored hashes. */
export async function hashPassword(password: string, options: ScryptOptions = OPTIONS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, options);
  return `scrypt$${options.N}$${options.r}$${options.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function costParameter(text: string | undefined, max: number): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= max ? value : undefined;
}

/** With the hash's own cost, so older hashes still verify; a cost beyond what this server makes (N > 2^20, r > 32, p > 16) verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const N = costParameter(n, 2 ** 20);
  const blockSize = costParameter(r, 32);
  const parallelization = costParameter(p, 16);
  if (scheme !== 'scrypt' || !salt || !hash || !N || (N & (N - 1)) !== 0 || N < 2 || !blockSize || !parallelization) return false;
  const expected = Buffer.from(hash, 'base64');
  const options: ScryptOptions = { N, r: blockSize, p: parallelization, maxmem: Math.max(OPTIONS.maxmem ?? 0, 256 * N * blockSize) };
  const actual = await derive(password, Buffer.from(salt, 'base64'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
