import type { CardToken } from '@pasarela/gateways';
import { withinDeadline } from './stripeCall';
import type { StripeContext } from './charges';

/** The card vault's tokens (`tok_` and 24 random bytes in base64url); Stripe's own are `tok_`/`pm_` and its alphanumerics. */
const VAULT_TOKEN = /^tok_[A-Za-z0-9_-]{32}$/;

/**
 * What Stripe charges for a typed card. A token of Stripe's own (Elements in the payer's browser) is
 * used as it is, with no CVC. The card vault's token is sent as the card's number to Stripe's tokens
 * API through the vault's Stripe forwarding origin (STRIPE_API_URL), with `card[cvc]` the vault's
 * placeholder: the vault puts the number and the CVC there on the way out, so this adapter never holds
 * either. The vault keeps the CVC until the server drops it with the outcome: a resend carries it again.
 */
export async function stripeSourceOf({ stripe }: Pick<StripeContext, 'stripe'>, card: CardToken, deadline: Date, key: string): Promise<string> {
  if (!VAULT_TOKEN.test(card.token)) return card.token;
  const made = await withinDeadline(deadline, key, (options) =>
    stripe.tokens.create({ card: { number: card.token, exp_month: card.expMonth, exp_year: card.expYear, cvc: `{{vault:${card.token}:cvc}}`, name: card.holder } }, options),
  );
  return made.id;
}
