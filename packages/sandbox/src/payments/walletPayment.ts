import type { Language } from '@pasarela/core';
import type { Deps } from '../Deps';
import { PaymentError } from '../errors/PaymentError';
import { debitBalance } from '../store/users';
import { insertMail } from '../store/mailbox';
import { announceAdminChange } from '../changes/announcements';
import { findMerchant, merchantCardCodes } from '../store/merchants';
import { insertTransaction, newCodOper } from '../store/insertTransaction';
import { type TransactionRow } from '../store/transactions';
import { checkCardBrand, donationCentsOf, donationOf, type Donation } from './cardChecks';
import { attemptThatWon } from './chargeAttempt';
import { IN_DOUBT } from './inDoubt';
import { checkLinkPayment, linkPaymentFingerprint, linkTransactionOf, readOpening, recordAttempt, repeatedPayment, spendPendingCaptcha, type LinkPaymentInput } from './linkPayment';
import { claimLinkOrRefuse, withdrawAll } from './settlePayment';
import { tellPagesLeftTheOrderIsPaid } from './pageGone';
import { chargeSavedCard, subscriptionOfLink } from './subscriptionPayment';
import { stillInDoubt } from './chargeCard';
import { receiptOfSettled } from './receiptMail';

/** SPEC 7 "POST activity pay". */
export type WalletSource =
  | { kind: 'balance' }
  | { kind: 'card'; idUsrCard: number; activateSubscription: { idSubscription: number; subscriptionKey: string } | null };

export interface WalletPaymentInput extends LinkPaymentInput {
  userId: number;
  lang: Language;
  source: WalletSource;
  /** SPEC 3 tryAgain: the duplicate rule is not applied. */
  tryAgain?: boolean | undefined;
  /** Where the receipt mailed to the user links to. */
  origin: string;
  /** With a saved card, as with a typed one; the balance carries none. */
  donation?: Donation | undefined;
}

/**
 * SPEC 7 "POST activity pay", once per trackId. The balance is Pasarela's own ledger: debit, payment and
 * a single-use link's claim commit together. A saved card is charged by its token (chargeSavedCard).
 */
export async function payFromWallet(deps: Deps, input: WalletPaymentInput): Promise<TransactionRow> {
  const method = input.source.kind === 'balance' ? 'balance' : 'card';
  const donation = input.donation ?? {};
  if (method === 'balance' && donationCentsOf(donation) > 0) throw new PaymentError('invalid', 'invalid_arguments', 'A donation goes with a card payment, not the balance');
  const fingerprint = linkPaymentFingerprint(input, method, {
    card: input.source.kind === 'balance' ? null : `saved:${input.source.idUsrCard}`, variant: `user:${input.userId}`, donationCents: donationCentsOf(donation),
  });
  // The user's e-mail and the saved card the payment names are read with the payment's opening (one statement).
  const opening = await readOpening(deps, input, { userId: input.userId, cardId: input.source.kind === 'card' ? input.source.idUsrCard : null });
  const earlier = await repeatedPayment(deps, input, fingerprint, opening);
  if (earlier?.method === 'card' && stillInDoubt(earlier)) {
    const merchant = await findMerchant(deps.db, earlier.merchant_id);
    return chargeSavedCard(deps, earlier, { name: merchant?.name ?? '', logo: merchant?.logo || null }, input.lang, { receipt: { origin: input.origin, shop: merchant } });
  }
  if (earlier) return earlier;
  const checked = await checkLinkPayment(deps, input, input.source.kind === 'balance' ? 'pfw' : 'card', undefined);
  // The payment is the user's: it records their address, where its receipt goes.
  const email = opening.walletUserEmail ?? input.email;
  // The shop as the payment read it: the receipt reads no merchant again.
  const receipt = { origin: input.origin, shop: checked.merchant };
  if (input.source.kind === 'balance') {
    const fields = { method, status: 1, auth_status: 'APPROVED', message_key: 'approved', user_id: input.userId, email };
    // A retry (same trackId) records nothing and debits nothing.
    let calledOff: TransactionRow[] = [];
    let mailed: { id: number; merchantId: number | null } | undefined;
    const inserted = await deps.db.transaction(async (tx) => {
      await spendPendingCaptcha(tx, input);
      const row = await insertTransaction(tx, linkTransactionOf(checked, input, fields, input.lang, fingerprint), newCodOper());
      if (!row) return undefined;
      calledOff = await claimLinkOrRefuse(tx, row, checked.link.singleUse);
      if (!(await debitBalance(tx, input.userId, row.amount_cents + row.tax_cents))) throw new PaymentError('refused', 'payment_rejected', 'Not enough balance');
      // Its "Comprobante de pago" commits with the payment and the debit, so it is mailed once, and only if paid.
      const mail = await receiptOfSettled(receipt)(tx, row);
      if (mail) mailed = await insertMail(tx, mail);
      return row;
    });
    if (mailed) announceAdminChange(deps.db, { type: 'mail', ...mailed });
    await withdrawAll(deps, calledOff);
    if (inserted && checked.link.singleUse) await tellPagesLeftTheOrderIsPaid(deps, inserted).catch(() => undefined);
    return inserted ?? (await attemptThatWon(deps.db, input.trackId ?? '', fingerprint));
  }
  const card = opening.walletCard;
  if (!card) throw new PaymentError('not_found', 'card_not_found', 'idUsrCard names none of your cards');
  // Held to the link's cardType list and the merchant's brands, as a typed card.
  checkCardBrand(card.card_brand, checked.link.cardTypes, await merchantCardCodes(deps.db, checked.merchant.id, checked.services));
  // A card saved before fingerprints were kept stands for itself by its token.
  const sameCard = card.card_fingerprint ?? `token:${card.card_token}`;
  // SPEC 4 skips the subscription for a balance payment; a saved card activates it once recorded.
  const subscription = input.source.activateSubscription ? await subscriptionOfLink(deps.db, checked.link.code, input.source.activateSubscription) : null;
  const fields = {
    method, ...IN_DOUBT, user_id: input.userId, email, ...(await donationOf(deps, donation, checked.merchant)),
    card_brand: card.card_brand, card_last4: card.card_last4, card_token: card.card_token, card_customer: card.card_customer, card_fingerprint: sameCard,
    // Its key names it to the merchant (docs/webhooks.md subscriptionKey), as every subscription charge's does.
    details: subscription ? { idSubscription: subscription.id, subscriptionKey: subscription.key, activates: true } : {},
  };
  const { row, inserted } = await recordAttempt(deps, linkTransactionOf(checked, input, fields, input.lang, fingerprint), {
    merchantId: checked.merchant.id, cardFingerprint: sameCard, tryAgain: input.tryAgain === true,
  });
  const justRecorded = checked.prices && { singleUseLink: checked.link.singleUse, prices: checked.prices };
  return inserted ? chargeSavedCard(deps, row, { name: checked.merchant.name, logo: checked.merchant.logo || null }, input.lang, { receipt, justRecorded, firstCall: true }) : row;
}
