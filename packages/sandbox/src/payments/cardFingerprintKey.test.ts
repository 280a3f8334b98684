import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { cardFingerprintKeyOf } from './cardFingerprintKey';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

describe('cardFingerprintKeyOf', () => {
  it('creates one key in the database that every node starting at once then reads', async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => cardFingerprintKeyOf(db, undefined)));
    expect(new Set(keys.map((k) => k.key.toString('hex'))).size).toBe(1);
    expect(keys[0]?.key.length).toBe(32);
    expect(keys[0]?.source).toBe('database');
    expect((await cardFingerprintKeyOf(db, undefined)).key).toEqual(keys[0]?.key);
  });
  it('takes CARD_FINGERPRINT_KEY instead, and keeps it out of the database', async () => {
    const configured = 'a-key-from-the-secret-store-0123456789';
    const { key, source } = await cardFingerprintKeyOf(db, configured);
    expect(key.toString('utf8')).toBe(configured);
    expect(source).toBe('configuration');
    const stored = await db.query<{ value: string }>('select value from app_secrets');
    expect(stored.map((r) => r.value)).not.toContain(configured);
    await expect(cardFingerprintKeyOf(db, 'short')).rejects.toThrow(/at least 32/);
  });
});
