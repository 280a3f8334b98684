import type { CardToken } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { CardVaultUnavailable, type VaultCardFacts } from '../gateways/cardVault';

/**
 * The card behind a payment's token, as the card vault holds it (issue 90: the server never sees the
 * number or CVC). `field` names where the token came in. An unknown token is refused; a vault that
 * does not answer charges nothing (503, the payer may retry).
 */
export async function vaultCardOf(deps: Pick<Deps, 'cardVault'>, token: string, field: string): Promise<VaultCardFacts> {
  let card: VaultCardFacts | null;
  try {
    card = await deps.cardVault.card(token);
  } catch (error) {
    if (error instanceof CardVaultUnavailable) throw new PaymentError('unavailable', 'service_unavailable', `${error.message}: nothing was charged; try again`);
    throw error;
  }
  if (!card) throw new PaymentError('invalid', 'invalid_card', `${field} names no card in the card vault`, { [field]: 'unknown card token' });
  return card;
}

/** What the card port is given for a typed card: the vault's token and the facts that are no secret. */
export function cardTokenOf(card: VaultCardFacts, holder: string): CardToken {
  return { token: card.token, brand: card.brand, last4: card.last4, expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear), holder };
}

/** The card's expiry as SPEC 7's payload writes it, from the vault's record. */
export const vaultExpiry = (card: VaultCardFacts) => ({ expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear) });
