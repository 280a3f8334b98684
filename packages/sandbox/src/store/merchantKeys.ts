import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/Database';

export interface MerchantKeys {
  /** Only its SHA-256 is kept. */
  secretKey: string;
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

/** `webhookPrivateAllowed`: the URL's record (routes/webhookUrlRule.ts); undefined keeps the one it has. */
export async function saveMerchantKeys(db: Queryable, merchantId: number, keys: MerchantKeys, webhookUrl: string | null, webhookPrivateAllowed: boolean | undefined): Promise<void> {
  // New keys from the sandbox end the old ones at once (an API roll may keep one a while).
  await db.query(`update merchants set secret_key_hash = $2, webhook_secret = $3, webhook_url = $4,
      webhook_private_allowed = coalesce($5, webhook_private_allowed),
      previous_secret_key_hash = null, previous_secret_key_expires_at = null where id = $1`, [
    merchantId, secretKeyHashOf(keys.secretKey), keys.webhookSecret, webhookUrl, webhookPrivateAllowed ?? null,
  ]);
}

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
 * The current key keeps working for `overlapSeconds`, so servers change over without a gap; a key rolled
 * again within the window is replaced. Undefined when `callerKey` is not the current key.
 */
export async function rollSecretKey(db: Queryable, merchantId: number, callerKey: string, overlapSeconds: number): Promise<{ secretKey: string; previousKeyExpiresAt: Date | null } | undefined> {
  const { secretKey } = newMerchantKeys();
  // Conditional: a key being retired, leaked perhaps, cannot win a fresh key and push the new one out.
  const [row] = await db.query<{ previous_secret_key_expires_at: Date | null }>(
    `update merchants set previous_secret_key_hash = case when $3 > 0 then secret_key_hash end,
        previous_secret_key_expires_at = case when $3 > 0 then now() + make_interval(secs => $3) end,
        secret_key_hash = $2
      where id = $1 and secret_key_hash = $4 returning previous_secret_key_expires_at`,
    [merchantId, secretKeyHashOf(secretKey), overlapSeconds, secretKeyHashOf(callerKey)],
  );
  return row ? { secretKey, previousKeyExpiresAt: row.previous_secret_key_expires_at } : undefined;
}

export function bearerSecretKeyOf(header: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return token?.startsWith('sk_') ? token : undefined;
}
