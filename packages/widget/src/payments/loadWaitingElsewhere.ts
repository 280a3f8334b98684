import { totalWithTax, WAITING_PARAM } from '@pasarela/core';
import { lookupPendingAttempt } from '../api/lookupPendingAttempt';
import type { Services } from '../services/services';
import type { CheckoutData } from './checkoutData';
import { hasWaitingAttempt } from './paymentContext';
import { PENDING_PARAM } from './pendingAddress';
import type { FoundElsewhere } from './waitingElsewhere';
import type { WaitingElsewhere } from './WaitingElsewhere';

export interface Elsewhere {
  found: FoundElsewhere;
  Screen: typeof WaitingElsewhere;
}

function webAddress(url: string, base: URL): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/** The server answers only for a link made for one order. */
async function findWaitingHere(services: Services, data: CheckoutData): Promise<FoundElsewhere | null> {
  const pending = await lookupPendingAttempt(services.api, data.info.code).catch(() => null);
  if (!pending) return null;
  const deadline = pending.expiresAt ? Date.parse(pending.expiresAt) : NaN;
  return {
    payment: { method: pending.method, codOper: pending.codOper, deadline: Number.isNaN(deadline) ? null : deadline, merchant: data.info.idMerchant, link: data.info.code },
    state: 'waiting',
    total: totalWithTax(data.info.amount, data.info.taxAmount),
    here: true,
    phone: pending.phone,
    ...(pending.challengeUrl ? { challengeUrl: webAddress(pending.challengeUrl, services.address()) } : {}),
  };
}

/**
 * Nothing when the address (`?pending=`) already goes on with its own payment; the screen is a chunk fetched only then.
 * `loaded`: the link's data once the checkout has it, null when it did not load.
 */
export async function loadWaitingElsewhere(services: Services, loaded: Promise<CheckoutData | null>): Promise<Elsewhere | null> {
  const address = services.address();
  if (address.searchParams.has(PENDING_PARAM)) return null;
  const data = await loaded;
  if (!data || data.subscription) return null;
  let found: FoundElsewhere | null = null;
  if (address.searchParams.has(WAITING_PARAM)) {
    const { findWaitingElsewhere } = await import('./waitingElsewhere');
    found = await findWaitingElsewhere(services.api, services.bridge, address, data.info.idMerchant, data.info.code);
  }
  // This tab's own memory of a payment of this link wins: the checkout goes on with it.
  if (!found && !hasWaitingAttempt(services.storage.session)) found = await findWaitingHere(services, data);
  if (!found) return null;
  const { WaitingElsewhere: Screen } = await import('./WaitingElsewhere');
  return { found, Screen };
}
