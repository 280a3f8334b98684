import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { secretOnce } from '../store/appSecrets';

const SECRET_NAME = 'card_fingerprint_key';
/** A configured key shorter than this is refused: the fingerprint is only as strong as its key. */
export const MIN_FINGERPRINT_KEY_CHARS = 32;

/**
 * The key of the card fingerprint (HMAC) that the duplicate rule matches on; every node must use the
 * same one, and it must outlive restarts. CARD_FINGERPRINT_KEY when set (kept out of the database);
 * else one random key created by whichever node starts first and read by all the others.
 * Never logged: a key and the fingerprints together would lead back to card numbers.
 */
export async function cardFingerprintKeyOf(db: Queryable, configured: string | undefined): Promise<{ key: Buffer; source: 'configuration' | 'database' }> {
  if (configured !== undefined) {
    if (configured.length < MIN_FINGERPRINT_KEY_CHARS) throw new Error(`CARD_FINGERPRINT_KEY must be at least ${MIN_FINGERPRINT_KEY_CHARS} characters`);
    return { key: Buffer.from(configured, 'utf8'), source: 'configuration' };
  }
  // Two first starts at once: one insert wins, the other does nothing and reads the winner's key.
  const value = await secretOnce(db, SECRET_NAME, randomBytes(32).toString('hex'));
  if (value === undefined) throw new Error('card fingerprint key neither created nor found');
  return { key: Buffer.from(value, 'hex'), source: 'database' };
}
