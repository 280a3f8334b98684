import { centsToAmount, paymentOverallResult, statusFamilyOf } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { mailLanguage } from '../mail/mailText';
import { brandedHtml, receiptMail, voucherMail, voucherNetworkOf, type MailShop } from '../mail/templates';
import { mailShopOf } from '../brand/merchantBrand';
import { sendMail, type Mail } from '../store/mailbox';
import type { TransactionRow } from '../store/transactions';

/** The fields of a payment its receipt e-mail reads (a row, or one about to be inserted with its cod_oper). */
export type ReceiptFields = Pick<TransactionRow,
  'cod_oper' | 'method' | 'details' | 'email' | 'status' | 'auth_status' | 'lang' | 'amount_cents' | 'tax_cents' | 'campaign_cents' | 'card_brand' | 'card_last4' | 'reference' | 'merchant_id'>;

/** A receipt e-mail as sendMail takes it. */
export type ReceiptMail = Mail & { kind: 'receipt' };

/**
 * The payment receipt e-mail the service sends for a paid payment (to the dev mailbox here): a card
 * payment approved, a cash voucher paid at the kiosk (SPEC 4 "2 paid"); undefined when the payment
 * sends none. `origin` is the checkout origin its link points to.
 */
export function receiptMailOf(tx: ReceiptFields, merchantName: string, origin: string, shop?: MailShop): ReceiptMail | undefined {
  const family = statusFamilyOf(tx.method === 'cash' ? String(tx.details['network'] ?? 'cash') : tx.method);
  if (!tx.email || paymentOverallResult(family, tx.status, tx.auth_status) !== 'APPROVED') return undefined;
  // What was charged: the amount, its tax and the donation the payer added to the same card charge.
  const mail = receiptMail({
    lang: mailLanguage(tx.lang), origin, codOper: tx.cod_oper, merchant: shop?.name ?? merchantName,
    total: centsToAmount(tx.amount_cents + tx.tax_cents + tx.campaign_cents), donation: centsToAmount(tx.campaign_cents),
    card: tx.card_last4 ? { brand: tx.card_brand ?? 'tarjeta', last4: tx.card_last4 } : null,
    cash: tx.method === 'cash' && tx.reference ? { network: voucherNetworkOf(tx.details['network']), code: tx.reference } : null,
  });
  return { to: tx.email, kind: 'receipt', merchantId: tx.merchant_id, ...mail, ...(shop ? { html: brandedHtml(mail, shop, mailLanguage(tx.lang)) } : {}) };
}

/** Sends the receipt e-mail of a paid payment (receiptMailOf), if it has one. */
export async function mailReceipt(db: Queryable, tx: TransactionRow, merchantName: string, origin: string): Promise<void> {
  // Only a payment that sends one looks its shop up.
  if (!receiptMailOf(tx, merchantName, origin)) return;
  // As the payer knows the shop: its brand's name, logo and colour.
  const mail = receiptMailOf(tx, merchantName, origin, await mailShopOf(db, tx.merchant_id, merchantName, origin));
  if (mail) await sendMail(db, mail);
}

/** A cash voucher just issued, to the payer's e-mail: its code, amount, where and until when to pay, and its page. */
export async function mailVoucher(db: Queryable, tx: TransactionRow, merchantName: string, origin: string): Promise<void> {
  if (!tx.email || tx.method !== 'cash' || !tx.reference) return;
  const shop = await mailShopOf(db, tx.merchant_id, merchantName, origin);
  const mail = voucherMail({
    lang: mailLanguage(tx.lang), origin, codOper: tx.cod_oper, merchant: shop.name, total: centsToAmount(tx.amount_cents + tx.tax_cents),
    network: voucherNetworkOf(tx.details['network']), code: tx.reference, expiresAt: tx.expires_at,
  });
  await sendMail(db, { to: tx.email, kind: 'voucher', merchantId: tx.merchant_id, ...mail, html: brandedHtml(mail, shop, mailLanguage(tx.lang)) });
}
