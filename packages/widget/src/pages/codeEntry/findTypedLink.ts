import * as v from 'valibot';
import { isPasarelaError } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

/** The link a typed code names (sandbox `GET payment-info/address`): by its code or its slug, as the link writes it. */
const TypedLinkSchema = v.object({ type: v.picklist(['lk', 'slug']), code: v.string() });

/**
 * The address of the link a typed code names, its code's (`/?code=`) or its slug's (`/{slug}`), asked
 * of the server once, in any state of the link (an expired or paid one opens its own message); null
 * when it names none. Any other failure is thrown.
 */
export async function findTypedLink(api: ApiClient, typed: string): Promise<string | null> {
  try {
    const link = await api.get('payment-info/address', TypedLinkSchema, { code: typed });
    return link.type === 'slug' ? `/${encodeURIComponent(link.code)}` : `/?code=${encodeURIComponent(link.code)}`;
  } catch (error) {
    if (isPasarelaError(error) && error.status === 404) return null;
    throw error;
  }
}
