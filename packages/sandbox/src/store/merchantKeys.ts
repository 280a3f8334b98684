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
  await db.query('update merchants set secret_key_hash = $2, webhook_secret = $3, webhook_url = $4 where id = $1', [
    merchantId, secretKeyHashOf(keys.secretKey), keys.webhookSecret, webhookUrl,
  ]);
}

/** The merchant whose secret key this is, or undefined. */
export async function merchantIdBySecretKey(db: Queryable, secretKey: string): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>('select id from merchants where secret_key_hash = $1', [secretKeyHashOf(secretKey)]);
  return row?.id;
}

/** The bearer token of an `Authorization: Bearer <secretKey>` header, if it looks like a secret key. */
export function bearerSecretKeyOf(header: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return token?.startsWith('sk_') ? token : undefined;
}
