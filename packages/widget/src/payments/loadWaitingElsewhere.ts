import { WAITING_PARAM } from '@pasarela/core';
import type { Services } from '../services/services';
import type { CheckoutState } from '../checkout/checkoutStore';
import { PENDING_PARAM } from './pendingAddress';
import type { FoundElsewhere } from './waitingElsewhere';
import type { WaitingElsewhere } from './WaitingElsewhere';

/** A payment of this shop waiting on another link, with the screen that shows it. */
export interface Elsewhere {
  found: FoundElsewhere;
  Screen: typeof WaitingElsewhere;
}

/**
 * When the loader handed over payments waiting on other targets (`?waiting=`) and this target has
 * none of its own (`?pending=` goes on with that one): once the checkout's data is in, the newest of
 * this merchant's that the server says still waits (or was paid meanwhile), and its screen; else
 * null. Its code is its own chunk, fetched only then.
 */
export async function loadWaitingElsewhere(services: Services, loaded: Promise<CheckoutState>): Promise<Elsewhere | null> {
  const address = services.address();
  if (!address.searchParams.has(WAITING_PARAM) || address.searchParams.has(PENDING_PARAM)) return null;
  const [state, { findWaitingElsewhere }] = await Promise.all([loaded, import('./waitingElsewhere')]);
  if (state.status !== 'ready' || state.data.subscription) return null;
  const found = await findWaitingElsewhere(services.api, services.bridge, address, state.data.info.idMerchant, state.data.info.code);
  if (!found) return null;
  const { WaitingElsewhere: Screen } = await import('./WaitingElsewhere');
  return { found, Screen };
}
