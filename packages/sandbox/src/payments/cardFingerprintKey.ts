import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { secretOnce } from '../store/appSecrets';

const SECRET_NAME = 'card_fingerprint_key';
/** The fingerprint is only as strong as its key. */
export const MIN_FINGERPRINT_KEY_CHARS = 32;

/**
 * The same on every node and across restarts: CARD_FINGERPRINT_KEY, else one random key kept in the
 * database by the first node. Never logged: key and fingerprints together lead back to card numbers.
 */
export async function cardFingerprintKeyOf(db: Queryable, configured: string | undefined): Promise<{ key: Buffer; source: 'configuration' | 'database' }> {
  if (configured !== undefined) {
    if (configured.length < MIN_FINGERPRINT_KEY_CHARS) throw new Error(`CARD_FINGERPRINT_KEY must be at least ${MIN_FINGERPRINT_KEY_CHARS} characters`);
    return { key: Buffer.from(configured, 'utf8'), source: 'configuration' };
  }
  // Two first starts at once: one insert wins, the other reads its key.
  const value = await secretOnce(db, SECRET_NAME, randomBytes(32).toString('hex'));
  if (value === undefined) throw new Error('card fingerprint key neither created nor found');
  return { key: Buffer.from(value, 'hex'), source: 'database' };
}
