import { catalogs, formatAmount, formatPanamaDate, formatPanamaTime, groupVoucherCode, type Language } from '@pasarela/core';
import { mailLink, receiptLink } from './links';
import { mailText } from './mailText';

// Every e-mail the sandbox sends, as text in the payer's language (issue 21 "E-mails: every link
// absolute (the checkout origin), validateUrl too"). Each takes the checkout origin and builds its
// links with mailLink, so none can go out relative; templates.test.ts scans them all.

export interface MailContent {
  subject: string;
  body: string;
}

/** A cash voucher's networks (SPEC 1 "a pay-cash voucher network and a cash-point network"). */
export type VoucherNetwork = 'PAYCASH' | 'PC';
const NETWORK_KEYS: Record<VoucherNetwork, { name: string; where: string }> = {
  PAYCASH: { name: 'cash_network_paycash', where: 'cash_network_paycash_where' },
  PC: { name: 'cash_network_cash_point', where: 'cash_network_cash_point_where' },
};
export const voucherNetworkOf = (network: unknown): VoucherNetwork => (network === 'PC' ? 'PC' : 'PAYCASH');

/** A card brand as the payer knows it (the catalogue's brand_ names: VISA -> Visa, MC -> Mastercard). */
const brandName = (lang: Language, brand: string) => (catalogs[lang][`brand_${brand}`] ?? brand);

const lines = (...parts: Array<string | null | false>) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n');

/** The receipt of a paid payment: by card, or a cash voucher paid at the kiosk. */
export function receiptMail(m: {
  lang: Language; origin: string; codOper: string; merchant: string;
  /** What was charged, donation included, and the donation. */
  total: number; donation: number;
  card?: { brand: string; last4: string } | null;
  cash?: { network: VoucherNetwork; code: string } | null;
}): MailContent {
  const total = formatAmount(m.total, m.lang);
  const paid = m.donation > 0
    ? mailText(m.lang, 'mail_receipt_paid_donation', { total, donation: formatAmount(m.donation, m.lang), merchant: m.merchant })
    : mailText(m.lang, 'mail_receipt_paid', { total, merchant: m.merchant });
  return {
    subject: mailText(m.lang, 'mail_receipt_subject', { codOper: m.codOper }),
    body: lines(
      paid,
      m.card ? mailText(m.lang, 'mail_receipt_card', { brand: brandName(m.lang, m.card.brand), last4: m.card.last4 }) : null,
      m.cash ? mailText(m.lang, 'mail_receipt_cash', { network: mailText(m.lang, NETWORK_KEYS[m.cash.network].name), code: groupVoucherCode(m.cash.code) }) : null,
      mailText(m.lang, 'mail_operation', { codOper: m.codOper }),
      mailText(m.lang, 'mail_receipt_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/**
 * A cash voucher when it is issued: the code grouped for reading, the amount, where and until when
 * to pay (SPEC 9 "Pending cash transactions last 24 hours", Panama time), and the page that shows it
 * with its barcode to scan or print.
 */
export function voucherMail(m: {
  lang: Language; origin: string; codOper: string; merchant: string; total: number; network: VoucherNetwork; code: string; expiresAt: Date | null;
}): MailContent {
  const network = NETWORK_KEYS[m.network];
  return {
    subject: mailText(m.lang, 'mail_voucher_subject', { merchant: m.merchant }),
    body: lines(
      mailText(m.lang, 'mail_voucher_intro', { total: formatAmount(m.total, m.lang), merchant: m.merchant }),
      mailText(m.lang, 'mail_voucher_code', { code: groupVoucherCode(m.code) }),
      mailText(m.lang, 'mail_voucher_where', { where: mailText(m.lang, network.where) }),
      m.expiresAt ? mailText(m.lang, 'mail_voucher_deadline', { date: `${formatPanamaDate(m.expiresAt)} ${formatPanamaTime(m.expiresAt)}` }) : null,
      mailText(m.lang, 'mail_operation', { codOper: m.codOper }),
      mailText(m.lang, 'mail_voucher_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/** A merchant's payment request (SPEC 2 /pf/emailPayment): what for, how much, and its link. */
export function emailPaymentMail(m: { lang: Language; origin: string; token: string; merchant: string; total: string; description: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_email_payment_subject', { merchant: m.merchant }),
    body: lines(
      mailText(m.lang, 'mail_email_payment_body', { merchant: m.merchant, total: m.total, description: m.description }),
      mailText(m.lang, 'mail_email_payment_link', { url: emailPaymentLink(m.origin, m.token) }),
    ),
  };
}

/** A wallet user's request to someone (SPEC 7 "send/list/pending activities"): who asks, how much, what for. No link. */
export function walletRequestMail(m: { lang: Language; id: string; total: string; description: string }): MailContent {
  return { subject: mailText(m.lang, 'mail_wallet_request_subject'), body: mailText(m.lang, 'mail_wallet_request_body', m) };
}

/** SPEC 2 /pf/emailPayment?code=: the e-mailed request's page. */
export function emailPaymentLink(origin: string, token: string): string {
  return mailLink(origin, `/pf/emailPayment?code=${encodeURIComponent(token)}`);
}

/** SPEC 2 /pf/validateTx: where the payer enters the random charge read off the statement. */
export function validateLink(origin: string, codOper: string): string {
  return mailLink(origin, `/pf/validateTx?code=${encodeURIComponent(codOper)}`);
}

/** The random-charge validation (SPEC 4 "Transaction validation", SPEC 9 "$1.00 to $3.00"): the page to enter it. */
export function validationMail(m: { lang: Language; origin: string; codOper: string; merchant: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_validation_subject', { merchant: m.merchant }),
    body: lines(
      mailText(m.lang, 'mail_validation_body', { codOper: m.codOper }),
      mailText(m.lang, 'mail_validation_link', { url: validateLink(m.origin, m.codOper) }),
    ),
  };
}

/** A cancelled crypto payment: the coins that go back, where, and the receipt. */
export function refundMail(m: { lang: Language; origin: string; codOper: string; merchant: string; amount: string; network: string; to: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_refund_subject', { amount: m.amount, codOper: m.codOper }),
    body: lines(
      mailText(m.lang, 'mail_refund_body', { codOper: m.codOper, merchant: m.merchant, amount: m.amount, network: m.network, to: m.to }),
      mailText(m.lang, 'mail_receipt_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/** The wallet's e-mails: a sign-up code, an address already registered, a password-reset code. No links. */
export function signupCodeMail(m: { lang: Language; code: string }): MailContent {
  return { subject: mailText(m.lang, 'mail_signup_code_subject'), body: mailText(m.lang, 'mail_signup_code_body', { code: m.code }) };
}

export function existingAccountMail(m: { lang: Language }): MailContent {
  return { subject: mailText(m.lang, 'mail_existing_account_subject'), body: mailText(m.lang, 'mail_existing_account_body') };
}

export function recoveryCodeMail(m: { lang: Language; code: string }): MailContent {
  return { subject: mailText(m.lang, 'mail_recovery_subject'), body: mailText(m.lang, 'mail_recovery_body', { code: m.code }) };
}
