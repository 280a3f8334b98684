import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';

export interface MerchantKeys {
  /** The merchant's server-side key; only its SHA-256 is kept. */
  secretKey: string;
  /** Signs webhook deliveries (Pasarela-Signature). */
  webhookSecret: string;
}

/** 256 random bits each: a key this strong needs no slow hash, and a SHA-256 can be looked up. */
export function newMerchantKeys(): MerchantKeys {
  return {
    secretKey: `sk_test_${randomBytes(32).toString('base64url')}`,
    webhookSecret: `whsec_${randomBytes(32).toString('base64url')}`,
  };
}

export function secretKeyHashOf(secretKey: string): string {
  return createHash('sha256').update(secretKey, 'utf8').digest('hex');
}

/** Stores a merchant's keys (the secret key hashed) and its webhook URL, if any. */
export async function saveMerchantKeys(db: Queryable, merchantId: number, keys: MerchantKeys, webhookUrl: string | null): Promise<void> {
  // New keys from the sandbox end the old ones at once (a roll through the API may keep one a while: rollSecretKey).
  await db.query(`update merchants set secret_key_hash = $2, webhook_secret = $3, webhook_url = $4,
      previous_secret_key_hash = null, previous_secret_key_expires_at = null where id = $1`, [
    merchantId, secretKeyHashOf(keys.secretKey), keys.webhookSecret, webhookUrl,
  ]);
}

/** The merchant whose secret key this is, or undefined. */
export async function merchantIdBySecretKey(db: Queryable, secretKey: string): Promise<number | undefined> {
  const hash = secretKeyHashOf(secretKey);
  const [row] = await db.query<{ id: number }>(
    `select id from merchants where secret_key_hash = $1
     union all
     select id from merchants where previous_secret_key_hash = $1 and previous_secret_key_expires_at > now()
     limit 1`,
    [hash],
  );
  return row?.id;
}

/**
 * A new secret key for the merchant; the one in use now keeps working for `overlapSeconds` (0: it
 * stops at once), so several servers can change over without a gap. A key rolled before its window
 * ended is replaced: only the key just replaced stays valid. Undefined when `callerKey` is not the
 * current key (the one being retired).
 */
export async function rollSecretKey(db: Queryable, merchantId: number, callerKey: string, overlapSeconds: number): Promise<{ secretKey: string; previousKeyExpiresAt: Date | null } | undefined> {
  const { secretKey } = newMerchantKeys();
  // Only the current key rolls (a conditional write): a key being retired, leaked perhaps, cannot
  // win a fresh key and push the merchant's new one into the expiring slot.
  const [row] = await db.query<{ previous_secret_key_expires_at: Date | null }>(
    `update merchants set previous_secret_key_hash = case when $3 > 0 then secret_key_hash end,
        previous_secret_key_expires_at = case when $3 > 0 then now() + make_interval(secs => $3) end,
        secret_key_hash = $2
      where id = $1 and secret_key_hash = $4 returning previous_secret_key_expires_at`,
    [merchantId, secretKeyHashOf(secretKey), overlapSeconds, secretKeyHashOf(callerKey)],
  );
  return row ? { secretKey, previousKeyExpiresAt: row.previous_secret_key_expires_at } : undefined;
}

/** The bearer token of an `Authorization: Bearer <secretKey>` header, if it looks like a secret key. */
export function bearerSecretKeyOf(header: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return token?.startsWith('sk_') ? token : undefined;
}
