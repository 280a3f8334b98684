import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/Database';
import { PaymentError } from '../errors/PaymentError';
import { deletePrimaryWebhookEndpoint } from './webhookEndpoints';

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

/**
 * The merchant's row locked for the rest of the transaction; true when `callerKey` is its current
 * secret key, false for one being retired (a leaked old key, perhaps) or nobody's. Undefined
 * `callerKey`: the sandbox operator asks, true while the merchant exists. Locked, it is still the
 * current key when the transaction's change commits: a roll at the same time waits for it.
 */
async function lockAsCurrentKey(db: Queryable, merchantId: number, callerKey: string | undefined): Promise<boolean> {
  const [row] = await db.query<{ current: boolean }>(
    'select ($2::text is null or secret_key_hash = $2) as current from merchants where id = $1 for update',
    [merchantId, callerKey === undefined ? null : secretKeyHashOf(callerKey)],
  );
  return row?.current === true;
}

/** 403: a secret key in its overlap window after a roll changes no keys, endpoints or secrets. */
export const secretKeyRetiring = () => new PaymentError('forbidden', 'secret_key_retiring', 'Only the current secret key can change keys, webhook endpoints, their secrets or the payout account; this one is being retired');

/**
 * In the caller's transaction, with the merchant's row locked: `callerKey` (undefined: the operator)
 * is still the merchant's current secret key, else secret_key_retiring. Whoever holds a leaked old key
 * in its overlap window cannot point webhooks elsewhere, learn a fresh secret or move the payouts.
 */
export async function requireCurrentKey(tx: Queryable, merchantId: number, callerKey: string | undefined): Promise<void> {
  if (!(await lockAsCurrentKey(tx, merchantId, callerKey))) throw secretKeyRetiring();
}

/** A new merchant's keys and webhook URL (its first, primary endpoint, through migration 027's trigger). */
export async function saveMerchantKeys(db: Queryable, merchantId: number, keys: MerchantKeys, webhookUrl: string | null, webhookPrivateAllowed: boolean | undefined): Promise<void> {
  await db.query(`update merchants set secret_key_hash = $2, webhook_secret = $3, webhook_url = $4,
      webhook_private_allowed = coalesce($5, webhook_private_allowed),
      previous_secret_key_hash = null, previous_secret_key_expires_at = null where id = $1`, [
    merchantId, secretKeyHashOf(keys.secretKey), keys.webhookSecret, webhookUrl, webhookPrivateAllowed ?? null,
  ]);
}

/** What new keys left: the merchant's webhook URL (the primary endpoint's) and the secret that signs for it, null when none is new. */
export interface SavedMerchantKeys { webhookUrl: string | null; webhookSecret: string | null }

/**
 * New keys from the sandbox end the old ones at once (an API roll may keep one a while). `webhookUrl`:
 * a new URL for the primary endpoint, signed with the new webhook secret; undefined keeps the URL and
 * gives it the new secret; null removes the primary endpoint as its DELETE does (the oldest other
 * takes its place, with its own secret). `webhookPrivateAllowed`: the URL's record
 * (routes/webhookUrlRule.ts); undefined keeps the one it has. Undefined when `callerKey` (the
 * merchant's own call; undefined: the operator's) is not the current key, or no such merchant.
 */
export async function replaceMerchantKeys(db: Database, merchantId: number, keys: MerchantKeys, webhookUrl: string | null | undefined, webhookPrivateAllowed: boolean | undefined, callerKey: string | undefined): Promise<SavedMerchantKeys | undefined> {
  return db.transaction(async (tx) => {
    if (!(await lockAsCurrentKey(tx, merchantId, callerKey))) return undefined;
    await tx.query('update merchants set secret_key_hash = $2, previous_secret_key_hash = null, previous_secret_key_expires_at = null where id = $1', [merchantId, secretKeyHashOf(keys.secretKey)]);
    if (webhookUrl === null) {
      const next = await deletePrimaryWebhookEndpoint(tx, merchantId);
      return { webhookUrl: next?.url ?? null, webhookSecret: null };
    }
    // The primary endpoint follows (migration 027's trigger): its URL and secret, the old secret ended at once.
    const [row] = await tx.query<{ webhook_url: string | null }>(
      `update merchants set webhook_url = coalesce($2, webhook_url), webhook_secret = $3, webhook_private_allowed = coalesce($4, webhook_private_allowed)
        where id = $1 returning webhook_url`,
      [merchantId, webhookUrl ?? null, keys.webhookSecret, webhookPrivateAllowed ?? null],
    );
    const url = row?.webhook_url ?? null;
    return { webhookUrl: url, webhookSecret: url === null ? null : keys.webhookSecret };
  });
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
