import { centsToAmount, isSubscriptionActive, paymentOverallResult, statusFamilyOf, recordedLanguage } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { receiptMail, subscriptionStartedMail, subscriptionTermsLines, voucherMail, voucherNetworkOf, type MailContent } from '../mail/templates';
import { activeNextChargeAt, subscriptionTermsOf, type SubscriptionTerms } from '../store/subscriptions';
import type { TransactionRow } from '../store/transactions';
import { capturedCentsOfRow } from '../merchantView/paymentHold';
import { merchantMail } from './merchantMail';
import type { Mail } from '../store/mailbox';
import type { ShopOfOperation } from '../store/merchantBrand';
import { findMerchant } from '../store/merchants';

export type ReceiptFields = Pick<TransactionRow,
  'cod_oper' | 'method' | 'details' | 'email' | 'status' | 'auth_status' | 'lang' | 'amount_cents' | 'tax_cents' | 'campaign_cents' | 'card_brand' | 'card_last4' | 'reference' | 'merchant_id' | 'currency'
  | 'tx_type' | 'hold_state' | 'captured_cents'>;

/**
 * A card payment approved (typed or a wallet's saved card), a wallet balance payment, or a cash voucher paid at the kiosk (SPEC 4 "2 paid") has one; else
 * undefined. It says what was taken: a manual-capture payment's hold takes nothing until captured
 * (merchant-api.md "Holds"), so it has one only once captured, of the part captured.
 */
export function receiptContentOf(tx: ReceiptFields, origin: string): ((shopName: string) => MailContent) | undefined {
  if (tx.method !== 'card' && tx.method !== 'cash' && tx.method !== 'balance') return undefined;
  const family = statusFamilyOf(tx.method === 'cash' ? String(tx.details['network'] ?? 'cash') : tx.method);
  if (!tx.email || paymentOverallResult(family, tx.status, tx.auth_status) !== 'APPROVED') return undefined;
  const takenCents = capturedCentsOfRow(tx);
  if (takenCents <= 0) return undefined;
  // The donation is part of the same card charge (a hold carrying one is captured whole).
  return (merchant) => receiptMail({
    lang: recordedLanguage(tx.lang), origin, codOper: tx.cod_oper, merchant,
    total: centsToAmount(takenCents), donation: centsToAmount(tx.campaign_cents), currency: tx.currency,
    card: tx.card_last4 ? { brand: tx.card_brand ?? 'tarjeta', last4: tx.card_last4 } : null,
    cash: tx.method === 'cash' && tx.reference ? { network: voucherNetworkOf(tx.details['network']), code: tx.reference } : null,
  });
}

/** Where a settled payment's receipt links to, and its shop when the caller has just read it. */
export interface ReceiptTo {
  origin: string;
  shop?: ShopOfOperation | undefined;
}

/** The e-mail a settled payment sends, made in settlePayment's transaction so that it commits with the outcome it tells of. */
export type SettledMail = (tx: Queryable, row: TransactionRow) => Promise<Mail | undefined>;

/**
 * A subscription's charge (its first, or a renewal) tells the plan's amount and period, its next
 * charge (the date its activation or its renewal's claim set, read in the outcome's transaction) and
 * how to end it; none once cancelled.
 */
async function activeTermsOf(tx: Queryable, row: Pick<TransactionRow, 'details'>): Promise<SubscriptionTerms | undefined> {
  const id = row.details['idSubscription'];
  const terms = typeof id === 'number' ? await subscriptionTermsOf(tx, id) : undefined;
  return terms && isSubscriptionActive(terms.status) ? terms : undefined;
}

/** The receipt of a payment that paid (of a hold, once captured); none otherwise. */
export function receiptOfSettled(to: ReceiptTo): SettledMail {
  return async (tx, row) => {
    const receipt = receiptContentOf(row, to.origin);
    if (!receipt || !row.email) return undefined;
    const lang = recordedLanguage(row.lang);
    const terms = await activeTermsOf(tx, row);
    const content = terms === undefined ? receipt : (shopName: string): MailContent => {
      const mail = receipt(shopName);
      const termsText = subscriptionTermsLines({ lang, merchant: shopName, amount: centsToAmount(terms.amount_cents), currency: row.currency, period: terms.period, nextCharge: terms.next_charge_at });
      return { ...mail, body: `${mail.body}\n${termsText}` };
    };
    const fallbackName = to.shop ? to.shop.name : ((await findMerchant(tx, row.merchant_id))?.name ?? '');
    return merchantMail(tx, { to: row.email, kind: 'receipt', merchantId: row.merchant_id, lang, origin: to.origin, fallbackName, shop: to.shop }, content);
  };
}

/**
 * A subscription whose plan charges when due, started by a card kept and charged nothing: its e-mail says
 * so, and when and how much the first charge is (the date its activation set, read in the outcome's
 * transaction); none unless it is approved and active.
 */
export function subscriptionStartOfSettled(to: ReceiptTo & { plan: { name: string; amountCents: number; period: string } }): SettledMail {
  return async (tx, row) => {
    const id = row.details['idSubscription'];
    const key = row.details['subscriptionKey'];
    if (!row.email || typeof id !== 'number' || typeof key !== 'string') return undefined;
    if (paymentOverallResult(statusFamilyOf('card'), row.status, row.auth_status) !== 'APPROVED') return undefined;
    const firstCharge = await activeNextChargeAt(tx, id);
    if (!firstCharge) return undefined;
    const lang = recordedLanguage(row.lang);
    const fallbackName = to.shop ? to.shop.name : ((await findMerchant(tx, row.merchant_id))?.name ?? '');
    return merchantMail(tx, { to: row.email, kind: 'receipt', merchantId: row.merchant_id, lang, origin: to.origin, fallbackName, shop: to.shop }, (merchant) => subscriptionStartedMail({
      lang, origin: to.origin, codOper: row.cod_oper, merchant, subscriptionKey: key, plan: to.plan.name, amount: centsToAmount(to.plan.amountCents), currency: row.currency, firstCharge, period: to.plan.period,
      card: row.card_last4 ? { brand: row.card_brand ?? 'tarjeta', last4: row.card_last4 } : null,
    }));
  };
}

/** A cash voucher issued: its number, mailed once (only the answer that settles the attempt gets here). */
export function voucherOfSettled(to: ReceiptTo): SettledMail {
  return async (tx, row) => {
    const code = row.reference;
    if (!row.email || row.method !== 'cash' || !code) return undefined;
    const lang = recordedLanguage(row.lang);
    const { origin, shop } = to;
    const fallbackName = shop ? shop.name : ((await findMerchant(tx, row.merchant_id))?.name ?? '');
    return merchantMail(tx, { to: row.email, kind: 'voucher', merchantId: row.merchant_id, lang, origin, fallbackName, shop }, (merchant) => voucherMail({
      lang, origin, codOper: row.cod_oper, merchant, total: centsToAmount(row.amount_cents + row.tax_cents),
      network: voucherNetworkOf(row.details['network']), code, expiresAt: row.expires_at,
    }));
  };
}
