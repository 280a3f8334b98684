import { vaultCardKey, type CardToken } from '@pasarela/gateways';
import { withinDeadline } from './stripeCall';
import type { StripeContext } from './charges';

/**
 * What Stripe charges for a typed card. A token of Stripe's own (Elements in the payer's browser) is
 * used as it is, with no CVC. The card vault's token is sent as the card's number to Stripe's tokens
 * API through the vault's Stripe forwarding origin (STRIPE_API_URL), with `card[cvc]` the vault's
 * placeholder: the vault puts the number and the CVC there on the way out, so this adapter never holds
 * either. The vault keeps the CVC until the server drops it with the outcome: a resend carries it again.
 */
export async function stripeSourceOf({ stripe }: Pick<StripeContext, 'stripe'>, card: CardToken, deadline: Date, key: string): Promise<string> {
  // Stripe's own tokens (`tok_`/`pm_` and its alphanumerics) are no vault token's form.
  const vaultKey = vaultCardKey(card.token);
  if (vaultKey === undefined) return card.token;
  // The key alone: the vault finds the card by it, and the seal is no business of Stripe's.
  const made = await withinDeadline(deadline, key, (options) =>
    stripe.tokens.create({ card: { number: vaultKey, exp_month: card.expMonth, exp_year: card.expYear, cvc: `{{vault:${vaultKey}:cvc}}`, name: card.holder } }, options),
  );
  return made.id;
}
