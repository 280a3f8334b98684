import * as v from 'valibot';
import { calledOffElsewhere, cardReceiptStatus, CryptoRefundSchema, cardResultMessage, isSubscriptionActive, isSubscriptionCancelled, merchantTextIn, type Language } from '@pasarela/core';
import { Hono, type Context } from 'hono';
import { formatPanamaDate, formatPanamaTime, centsToAmount } from '@pasarela/core';
import { brandOfMerchant } from '../../brand/merchantBrand';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { maskedNumber } from '../../payments/cardFingerprint';
import { findMerchant, type MerchantRow } from '../../store/merchants';
import { findLinkByCode, type LinkRow } from '../../store/links';
import { findTransaction, paidCentsOf, type TransactionRow } from '../../store/transactions';
import { paidByOfRow } from '../../payments/settlePayment';
import { subscriptionTermsOf } from '../../store/subscriptions';
import { mayReadPayment } from './payersPayment';


/** Coins owed or given back (a cancel's refund, an overpayment), in the receipt's shape or not at all. */
function coinsBackOf(kept: unknown) {
  const parsed = v.safeParse(CryptoRefundSchema, kept);
  return parsed.success ? parsed.output : null;
}

/** SPEC 7: "codes for PP in sandbox are prefixed SANDBOX_"; both spellings find the receipt. */
export const SANDBOX_PREFIX = 'SANDBOX_';

const METHOD_LABEL: Readonly<Record<string, string>> = {
  card: 'CARD', nequi: 'NEQUI', cash: 'CASH', clave: 'CLAVE', crypto: 'CRYPTO', balance: 'PFW', yappy: 'YAPPY',
};

export type ReceiptMerchant = Pick<MerchantRow, 'name' | 'logo' | 'brand_color' | 'display_name' | 'logo_sha256'>;

export function receiptOf(tx: TransactionRow & { refunded_cents?: number }, merchant: ReceiptMerchant | undefined, lang: 'es' | 'en') {
  // A card payment's receipt says its capture and refunds (SPEC 4 statuses 2 and 3) and what a hold took;
  // what was paid is what the payer was charged, a donation with it, as the verify call's totalPaid and the refunds count it.
  const after = tx.method === 'card'
    ? cardReceiptStatus({ status: tx.status, txType: tx.tx_type, holdState: tx.hold_state, capturedCents: tx.captured_cents, chargedCents: paidCentsOf(tx), refundedCents: tx.refunded_cents ?? 0 })
    : { status: tx.status, paidCents: paidCentsOf(tx) };
  const total = centsToAmount(after.paidCents);
  return {
    date: `${formatPanamaDate(tx.created_at)} ${formatPanamaTime(tx.created_at)}`,
    name: tx.payer_name,
    authStatus: tx.auth_status,
    cardType: tx.card_brand ?? '',
    type: tx.tx_type === 'REC' ? 'RECURRENT' : tx.tx_type,
    binInfo: tx.card_brand ?? '',
    displayNum: tx.card_last4 ? maskedNumber(tx.card_last4) : '',
    messageSys: cardResultMessage(tx.message_key, lang),
    codOper: tx.cod_oper,
    status: after.status,
    totalPay: total,
    // The merchant's (issue 93): totalPay and taxAmount are in it.
    currency: tx.currency,
    email: tx.email,
    txType: tx.tx_type,
    // SPEC 9: a cash voucher's 24 hours, shown while it is still to pay.
    expirationDate: tx.method === 'cash' && tx.expires_at ? tx.expires_at.toISOString() : '',
    phone: tx.phone,
    concept: tx.concept,
    descriptor: merchant?.name ?? '',
    isBlock: false,
    typeMethod: METHOD_LABEL[tx.method] ?? tx.method.toUpperCase(),
    // SPEC 3 txNumber: a voucher's number is what the payer paid at the kiosk.
    reference: tx.method === 'cash' && tx.reference ? tx.reference : tx.cod_oper,
    taxAmount: centsToAmount(tx.tax_cents),
    merchant: { merchantName: merchant?.name ?? '', logo: merchant?.logo ?? '', ...(merchant ? { brand: brandOfMerchant(merchant) } : {}) },
    txCtrl: { completeName: tx.payer_name, description: tx.description },
    refund: coinsBackOf(tx.details['refund']),
    overpayment: tx.method === 'crypto' ? coinsBackOf(tx.details['overpayment']) : null,
    refundedAmount: centsToAmount(tx.refunded_cents ?? 0),
    network: tx.method === 'cash' ? String(tx.details['network'] ?? '') : '',
    paidBy: paidByOfRow(tx),
  };
}

/**
 * A subscription's charge (or its card kept, charging nothing) tells its plan's amount and period,
 * its next charge while it is active, and whether its merchant cancelled it: the receipt says how
 * often it is charged, when next, and how it ends. Any other payment's receipt has no such field.
 */
async function subscriptionOfReceipt(deps: Deps, tx: TransactionRow) {
  const id = tx.details['idSubscription'];
  const terms = typeof id === 'number' ? await subscriptionTermsOf(deps.db, id) : undefined;
  if (!terms) return null;
  const active = isSubscriptionActive(terms.status);
  return {
    amount: centsToAmount(terms.amount_cents), period: terms.period,
    nextChargeAt: active && terms.next_charge_at ? terms.next_charge_at.toISOString() : null, cancelled: isSubscriptionCancelled(terms.status),
  };
}

/**
 * With the link's returnUrlString (SPEC 2 /pf/returnpage). A payment the payer called off (from the
 * order opened in another browser) whose single-use link another payment then paid names that one
 * too, as its wait's look does: its page says the order is paid, not declined. Until then it says it
 * was called off by the payer (calledOffByPayer), so a page still waiting on it tells no refusal
 * (core calledOffElsewhere: not a 3DS challenge cancelled on the issuer's page, that browser's own).
 */
export async function fullReceiptOf(deps: Deps, tx: TransactionRow, lang: 'es' | 'en') {
  const link = tx.link_code ? await findLinkByCode(deps.db, tx.link_code) : undefined;
  const subscription = await subscriptionOfReceipt(deps, tx);
  const answer = { ...withLinkDescriptionIn(receiptAnswerOf(tx, await findMerchant(deps.db, tx.merchant_id), link?.return_url ?? '', lang), tx, link, lang), ...(subscription ? { subscription } : {}) };
  // Core's rule: a cancel on the issuer's page was this browser's own, told as a cancel, not a call-off from elsewhere.
  if (!calledOffElsewhere({ authStatus: tx.auth_status, details: tx.details })) return answer;
  const calledOff = { ...answer, calledOffByPayer: true };
  if (!link?.paid_cod_oper || link.paid_cod_oper === tx.cod_oper) return calledOff;
  const paid = await findTransaction(deps.db, link.paid_cod_oper);
  return paid ? { ...calledOff, paidBy: { codOper: paid.cod_oper, method: paid.method } } : calledOff;
}

/**
 * The link's description in the receipt's language, as the checkout showed it in that language: the
 * payment keeps the words of the language it was made in ("Zapatos rojos"), and a receipt read in
 * English says "Red shoes". A description of the payment's own (not one of the link's) stays as it is.
 */
function withLinkDescriptionIn<R extends { txCtrl: { completeName: string; description: string } }>(answer: R, tx: TransactionRow, link: LinkRow | undefined, lang: Language): R {
  if (!link) return answer;
  const linkTexts = [link.description, ...Object.values((link.translations ?? {}) as Record<string, Record<string, unknown> | undefined>).map((words) => words?.['description'])];
  if (!linkTexts.includes(tx.description)) return answer;
  return { ...answer, txCtrl: { ...answer.txCtrl, description: merchantTextIn(link.description, link.translations, 'description', lang) } };
}

export function receiptAnswerOf(tx: TransactionRow, merchant: ReceiptMerchant | undefined, returnUrl: string, lang: 'es' | 'en') {
  return { ...receiptOf(tx, merchant, lang), returnUrlString: returnUrl };
}

export function receiptRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET receipt by operation"; the code may also come as ?cOper=.
  const byOperation = async (c: Context<AppEnv>, raw: string) => {
    const codOper = raw.startsWith(SANDBOX_PREFIX) ? raw.slice(SANDBOX_PREFIX.length) : raw;
    const tx = codOper.length <= 64 ? await findTransaction(deps.db, codOper) : undefined;
    // A wallet user's receipt is theirs alone (SPEC 6); guests' hang on the unguessable codOper.
    if (!tx || !(await mayReadPayment(deps, c, tx))) throw new ApiError(404, 'receive_not_found');
    return reply(c, await fullReceiptOf(deps, tx, c.get('lang')));
  };
  app.get('/receipts/:codOper', (c) => byOperation(c, c.req.param('codOper')));
  app.get('/receipts', (c) => byOperation(c, c.req.query('cOper') ?? ''));
  return app;
}
