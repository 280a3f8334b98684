import { centsToAmount, paymentOverallResult, statusFamilyOf } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { mailLanguage } from '../mail/mailText';
import { receiptMail, voucherMail, voucherNetworkOf, type MailContent } from '../mail/templates';
import type { TransactionRow } from '../store/transactions';
import { sendMerchantMail } from './merchantMail';
import type { ShopOfOperation } from '../store/merchantBrand';
import { findMerchant } from '../store/merchants';
import type { Settlement } from './settlePayment';

export type ReceiptFields = Pick<TransactionRow,
  'cod_oper' | 'method' | 'details' | 'email' | 'status' | 'auth_status' | 'lang' | 'amount_cents' | 'tax_cents' | 'campaign_cents' | 'card_brand' | 'card_last4' | 'reference' | 'merchant_id' | 'currency'>;

/** A card payment approved or a cash voucher paid at the kiosk (SPEC 4 "2 paid") has one; else undefined. */
export function receiptContentOf(tx: ReceiptFields, origin: string): ((shopName: string) => MailContent) | undefined {
  const family = statusFamilyOf(tx.method === 'cash' ? String(tx.details['network'] ?? 'cash') : tx.method);
  if (!tx.email || paymentOverallResult(family, tx.status, tx.auth_status) !== 'APPROVED') return undefined;
  // The donation is part of the same card charge.
  return (merchant) => receiptMail({
    lang: mailLanguage(tx.lang), origin, codOper: tx.cod_oper, merchant,
    total: centsToAmount(tx.amount_cents + tx.tax_cents + tx.campaign_cents), donation: centsToAmount(tx.campaign_cents), currency: tx.currency,
    card: tx.card_last4 ? { brand: tx.card_brand ?? 'tarjeta', last4: tx.card_last4 } : null,
    cash: tx.method === 'cash' && tx.reference ? { network: voucherNetworkOf(tx.details['network']), code: tx.reference } : null,
  });
}

async function mailReceipt(db: Queryable, tx: TransactionRow, merchantName: string, origin: string, shop?: ShopOfOperation): Promise<void> {
  const content = receiptContentOf(tx, origin);
  if (!content || !tx.email) return;
  await sendMerchantMail(db, { to: tx.email, kind: 'receipt', merchantId: tx.merchant_id, lang: mailLanguage(tx.lang), origin, fallbackName: merchantName, shop }, content);
}

/** Once, since only the answer that settles a payment gets here. */
export async function mailReceiptOfSettled(db: Queryable, settled: Settlement | undefined, origin: string, shop?: ShopOfOperation): Promise<void> {
  if (settled?.kind !== 'settled' || !receiptContentOf(settled.row, origin)) return;
  const name = shop?.name ?? (await findMerchant(db, settled.row.merchant_id))?.name ?? '';
  await mailReceipt(db, settled.row, name, origin, shop);
}

export async function mailVoucher(db: Queryable, tx: TransactionRow, merchantName: string, origin: string): Promise<void> {
  const code = tx.reference;
  if (!tx.email || tx.method !== 'cash' || !code) return;
  const lang = mailLanguage(tx.lang);
  await sendMerchantMail(db, { to: tx.email, kind: 'voucher', merchantId: tx.merchant_id, lang, origin, fallbackName: merchantName }, (merchant) => voucherMail({
    lang, origin, codOper: tx.cod_oper, merchant, total: centsToAmount(tx.amount_cents + tx.tax_cents),
    network: voucherNetworkOf(tx.details['network']), code, expiresAt: tx.expires_at,
  }));
}
