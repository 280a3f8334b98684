import { isPasarelaError, typedLinkTargets } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { loadLinkShop } from '../../api/loadLinkShop';

/**
 * The address of the link a typed code names, its code's (`/?code=`) or its slug's (`/{slug}`), asked
 * of the server in any state of the link (an expired or paid one opens its own message); null when it
 * names none. Any other failure is thrown.
 */
export async function findTypedLink(api: ApiClient, typed: string): Promise<string | null> {
  for (const target of typedLinkTargets(typed)) {
    try {
      await loadLinkShop(api, target.type, target.code);
      return target.type === 'slug' ? `/${encodeURIComponent(target.code)}` : `/?code=${encodeURIComponent(target.code)}`;
    } catch (error) {
      if (!isPasarelaError(error) || error.status !== 404) throw error;
    }
  }
  return null;
}
