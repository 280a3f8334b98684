import type { CardToken, SavedCard } from '@pasarela/gateways';
import type { CardBrand } from '@pasarela/core';
import type { Deps } from '../Deps';
import { saveUserCard, walletCustomerOf } from '../store/userCards';
import { gatewayCall, PAYMENT_CURRENCY } from '../gateways/GatewayCall';
import { callInDoubt } from './inDoubt';

/** Inside callInDoubt: a retry under the same key saves it once. `chargeFollows`: see SaveCardRequest. */
export async function saveAtProcessor(deps: Pick<Deps, 'gateways'>, key: string, card: CardToken, customer: string | null, chargeFollows = false): Promise<SavedCard> {
  return callInDoubt('card processor', () => deps.gateways.card.saveCard({ ...gatewayCall(key), card, customer, currency: PAYMENT_CURRENCY, ...(chargeFollows ? { chargeFollows } : {}) }));
}

/** SPEC 3 storeCard, under the customer of the user's other cards; false when the processor did not save it. */
export async function keepWalletCard(
  deps: Pick<Deps, 'db' | 'gateways'>, key: string, userId: number, card: CardToken, kept: { brand: CardBrand; fingerprint: string; nameOnCard: string },
): Promise<boolean> {
  const saved = await saveAtProcessor(deps, key, card, await walletCustomerOf(deps.db, userId));
  if (saved.status !== 'saved') return false;
  await saveUserCard(deps.db, userId, { brand: kept.brand, last4: card.last4, token: saved.token, customer: saved.customer, fingerprint: kept.fingerprint }, kept.nameOnCard);
  return true;
}
