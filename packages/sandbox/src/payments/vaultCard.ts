import { cardCallEnded, cardOutcomeFinal, unsentPaymentCall } from '@pasarela/core';
import type { CardToken } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { CardVaultUnavailable, type VaultCardFacts } from '../gateways/cardVault';
import { errorFields } from '../ops/logger';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { cardPaymentsUnavailable, decidedMeanwhile } from './inDoubt';

/**
 * The card behind a typed card's token, as the card vault holds it (issue 90: the server never sees the
 * number or CVC): the facts its seal carries (CardVault.sealed), else the vault's answer. `field` names
 * where the token came in. An unknown token is refused; a vault that does not answer charges nothing
 * (503, the payer may retry). Every caller spends the token in the statement that records what it pays
 * (a payment's attempt, a subscription's first payment, the wallet's card check: card_token_uses), so a
 * token another node spent is refused there even though its seal still opens.
 *
 * The look-up is a read made before anything is recorded, and never reaches a processor: however the
 * vault fails it (its connection refused, or a kept-alive one it closed as it stopped, a time-out, a
 * 5xx), nothing was sent. `earlier` reads what is recorded under the request's trackId, and core's
 * unsentPaymentCall decides, as for chargeCard's refused call: nothing there, the answer is
 * card_payments_unavailable (core isOutcomeUnknown: known, the payer pays again once the vault is
 * back). An attempt there (a retry of one in doubt, whose first call may have charged) stands: the
 * answer is service_unavailable, and the checkout asks about it by its trackId.
 */
export async function vaultCardOf(deps: Pick<Deps, 'cardVault'>, token: string, field: string, earlier: () => Promise<unknown>): Promise<VaultCardFacts> {
  const sealed = deps.cardVault.sealed(token);
  if (sealed) return sealed;
  let card: VaultCardFacts | null;
  try {
    card = await deps.cardVault.card(token);
  } catch (error) {
    if (!(error instanceof CardVaultUnavailable)) throw error;
    // The vault's address stays in the log: the answer's text is the catalogue's.
    const down = `${error.message}: the card's facts were not read`;
    const recorded = (await earlier()) === undefined ? 'nothing' : 'earlier_attempt';
    if (unsentPaymentCall({ recorded, payerWaiting: true }) === 'nothing_charged') throw cardPaymentsUnavailable(down);
    throw new PaymentError('unavailable', 'service_unavailable', 'The card vault did not answer: the payment already recorded under this trackId is unchanged', {}, down);
  }
  if (!card) throw new PaymentError('invalid', 'invalid_card', `${field} names no card in the card vault`, { [field]: 'unknown card token' });
  return card;
}

/**
 * A new authorization of a typed card needs its CVC, which the vault drops once an authorization of
 * the card has a final outcome (PCI DSS 3.3.1.2) or its time runs out: a token already spent on a
 * payment is refused before anything is recorded or sent, so the payer types the card again. A retry
 * of an attempt still in doubt does not ask: it resends under its key what the processor may have.
 */
export function refuseSpentCvc(card: VaultCardFacts, field: string): void {
  if (!card.cvcHeld) throw spentCvcError(field);
}

/** A token whose CVC is gone, or spent on another payment (card_token_uses): the payer types the card again. */
export function spentCvcError(field: string): PaymentError {
  return new PaymentError('invalid', 'invalid_cvc', `${field} names a card whose CVC the card vault no longer holds: tokenize the card again`, {
    [field]: 'CVC no longer held: tokenize the card again',
  });
}

/** What the card port is given for a typed card: the vault's token and the facts that are no secret. */
export function cardTokenOf(card: VaultCardFacts, holder: string): CardToken {
  return { token: card.token, brand: card.brand, last4: card.last4, expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear), holder };
}

/** The card's expiry as SPEC 7's payload writes it, from the vault's record. */
export const vaultExpiry = (card: VaultCardFacts) => ({ expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear) });

/**
 * PCI DSS 3.3.1.2: a typed card's CVC dropped at the vault once its authorization's final outcome
 * (approved, declined, failed) is committed; a 3DS challenge or a pending answer keeps it, and the
 * vault's own time (VAULT_CVC_TTL_SECONDS) drops what no final outcome here comes for. Only a card the
 * vault answered for (never a processor's saved card). Not awaited: the payer's answer never waits for
 * it, and a failure is a warning, never the payment's.
 */
export function dropCvcAfterOutcome(deps: Pick<Deps, 'cardVault' | 'logger'>, card: VaultCardFacts): void {
  void deps.cardVault.dropCvc(card.token).catch((error: unknown) => {
    deps.logger?.warn(errorFields(error), 'the card vault did not drop a CVC after its authorization; its time there will');
  });
}

/** A card call that threw once its end was known (core's cardCallEnded): no retry of it carries the CVC. */
const chargeEnded = (error: unknown) => error instanceof PaymentError && cardCallEnded(error.kind);

/**
 * A typed card's charge of an attempt, or the outcome another request of the same trackId recorded
 * meanwhile (decidedMeanwhile). The CVC is dropped once, by the request whose charge ended the
 * payment: here when the charge threw at its end, by the caller once a charged outcome is final
 * (outcomeFinal), and never by a retry that only answers another request's outcome (that request
 * drops it, after the calls of its own that still carry it).
 */
export async function chargeOrDecided<Charged>(
  deps: Pick<Deps, 'db' | 'cardVault' | 'logger'>, card: VaultCardFacts, codOper: string, charge: () => Promise<Charged>,
): Promise<{ charged: Charged } | { decided: TransactionRow }> {
  try {
    return { charged: await charge() };
  } catch (error) {
    const decided = await decidedMeanwhile(error, () => findTransaction(deps.db, codOper));
    if (decided) return { decided };
    if (chargeEnded(error)) dropCvcAfterOutcome(deps, card);
    throw error;
  }
}

/** The payment's recorded outcome is final (core's cardOutcomeFinal): no call of it carries the CVC again. */
export const outcomeFinal = (row: Pick<TransactionRow, 'method' | 'status' | 'auth_status'>) =>
  cardOutcomeFinal({ method: row.method, status: row.status, authStatus: row.auth_status });
