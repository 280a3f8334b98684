import * as v from 'valibot';
import { CURRENCIES, type CheckoutType } from '@pasarela/core';
import type { ApiClient } from './client';

/** The merchant's: a server before currencies answered dollars. */
const currency = v.optional(v.picklist(CURRENCIES), 'USD');

const LinkShopSchema = v.object({
  name: v.string(),
  logo: v.string(),
  returnUrl: v.optional(v.nullable(v.string()), null),
  /** A paid single-use link: when and how much. */
  paid: v.optional(v.nullable(v.object({ at: v.string(), amount: v.number(), currency })), null),
  /** An active subscription: what it charges, and how often. */
  active: v.optional(v.nullable(v.object({ amount: v.number(), period: v.string(), currency })), null),
});
export type LinkShop = v.InferOutput<typeof LinkShopSchema>;

/** In any state (an expired or paid one too). */
export async function loadLinkShop(api: ApiClient, type: CheckoutType, code: string): Promise<LinkShop | null> {
  if (type !== 'lk' && type !== 'slug' && type !== 'slugCode' && type !== 'subs') return null;
  return api.get('payment-info/shop', LinkShopSchema, { code, type });
}
