import { errorEffect, isPasarelaError, type PayerMessage, type WidgetMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';
import type { CheckoutType } from '../services/routeTypes';
import type { Services } from '../services/services';

/**
 * The page that explains a link nothing can be paid on, SPEC 8's effects through core's errorEffect:
 * 3000 (an expired link) and 3001 (SPEC 2 "A failed payment-station lookup goes to the
 * response-message page") to their message page, an unknown link to /404; null for any other failure.
 * An expired link's page names its shop and leads back to it: the link goes along.
 */
export function linkEndedPath(error: unknown, type: CheckoutType, code: string): string | null {
  if (!isPasarelaError(error)) return null;
  // Asked about the code alone: an unknown link (error_to_load, receive_not_found) is /404 whatever its status.
  const route = errorEffect({ code: error.code }).route;
  // A link's (lk, slug, slugCode), not a subscription's nor a station's.
  const ofLink = error.code === '3000' && type !== 'subs' && type !== 'ps';
  return route && ofLink ? `${route}&link=${encodeURIComponent(code)}&type=${type}` : route;
}

/** What the shop hears when its checkout shows no form, or leaves it: why, in the payer's words. */
export function checkoutFailure(failure: PayerMessage): WidgetMessage {
  return { type: 'error', error: { code: failure.key, message: failure.text ?? t(failure.key), category: 'api' } };
}

/** The page linkEndedPath names, and why, in the payer's words. */
export interface EndedLinkPage {
  to: string;
  failure: PayerMessage;
}

/** To an ended link's page: the shop hears why as an error, then the payer goes there. */
export function leaveForEndedLink(services: Pick<Services, 'bridge' | 'navigate'>, page: EndedLinkPage): void {
  services.bridge.notify(checkoutFailure(page.failure));
  services.navigate(page.to);
}
