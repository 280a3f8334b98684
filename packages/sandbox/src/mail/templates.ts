import { catalogs, escapeHtml, formatAmount, groupVoucherCode, payerDateText, readableShade, subscriptionPeriodCode, type Currency, type Language } from '@pasarela/core';
import { mailLink, receiptLink, subscriptionReceiptLink } from './links';
import { mailText } from './mailText';

// Every e-mail the sandbox sends, in the payer's language; links go through mailLink so none is relative (templates.test.ts).

export interface MailContent {
  subject: string;
  body: string;
}

export interface MailShop {
  name: string;
  logoUrl: string | null;
  color: string | null;
}

const MAIL_COLOURS = { page: '#f4f6fb', card: '#ffffff', text: '#1b2230', line: '#e3e7ef', brand: '#0b5fff' } as const;

/**
 * The HTML alternative with the shop's brand; its colour darkened where it would read under 4.5:1 on
 * white. Light only, so mail clients that invert do not mix it. Every text is escaped.
 */
export function brandedHtml(content: MailContent, shop: MailShop, lang: Language): string {
  const brand = shop.color ?? MAIL_COLOURS.brand;
  const link = readableShade(brand, MAIL_COLOURS.card, 4.5);
  const paragraph = (line: string) => {
    const parts = line.split(/(https?:\/\/[^\s<>"']+)/);
    const html = parts.map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}" style="color:${link};font-weight:600;word-break:break-all">${escapeHtml(part)}</a>` : escapeHtml(part))).join('');
    return `<p style="margin:0 0 12px">${html}</p>`;
  };
  const logo = shop.logoUrl && /^https?:\/\//.test(shop.logoUrl)
    ? `<img src="${escapeHtml(shop.logoUrl)}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:8px;margin-right:10px">`
    : '';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:${MAIL_COLOURS.page};color:${MAIL_COLOURS.text};font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:${MAIL_COLOURS.card};border-radius:12px;border-top:6px solid ${brand}">
<tr><td style="padding:20px 24px;border-bottom:1px solid ${MAIL_COLOURS.line};font-size:18px;font-weight:700">${logo}${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:20px 24px">${content.body.split('\n').map(paragraph).join('')}</td></tr>
</table></td></tr></table></body></html>`;
}

/** SPEC 1 "a pay-cash voucher network and a cash-point network". */
export type VoucherNetwork = 'PAYCASH' | 'PC';
const NETWORK_KEYS: Record<VoucherNetwork, { name: string; where: string }> = {
  PAYCASH: { name: 'cash_network_paycash', where: 'cash_network_paycash_where' },
  PC: { name: 'cash_network_cash_point', where: 'cash_network_cash_point_where' },
};
export const voucherNetworkOf = (network: unknown): VoucherNetwork => (network === 'PC' ? 'PC' : 'PAYCASH');

const brandName = (lang: Language, brand: string) => (catalogs[lang][`brand_${brand}`] ?? brand);

const lines = (...parts: Array<string | null | false>) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n');

export function receiptMail(m: {
  lang: Language; origin: string; codOper: string; merchant: string;
  total: number; donation: number;
  /** The merchant's; absent is dollars. */
  currency?: Currency | undefined;
  card?: { brand: string; last4: string } | null;
  cash?: { network: VoucherNetwork; code: string } | null;
}): MailContent {
  const total = formatAmount(m.total, m.lang, m.currency);
  const paid = m.donation > 0
    ? mailText(m.lang, 'mail_receipt_paid_donation', { total, donation: formatAmount(m.donation, m.lang, m.currency), merchant: m.merchant })
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
 * What an active subscription's e-mails end with: how much and how often (SPEC 9's period, as the
 * checkout said it), its next charge when one is given, and how it ends. Its shop cancels it
 * (docs/merchant-api.md "POST /subscriptions/:subscriptionKey/cancel", the console): the payer asks
 * the shop, as the checkout's terms above Pay said.
 */
export function subscriptionTermsLines(m: {
  lang: Language; merchant: string; amount: number; currency?: Currency | undefined; period: string; nextCharge: Date | null;
}): string {
  const amount = formatAmount(m.amount, m.lang, m.currency);
  const code = subscriptionPeriodCode(m.period);
  return lines(
    mailText(m.lang, 'subscription_active', { shop: m.merchant, amount, period: code ? mailText(m.lang, `period_${code}`) : m.period }),
    m.nextCharge ? mailText(m.lang, 'mail_receipt_next_charge', { amount, date: payerDateText(m.nextCharge, m.lang, { time: false }) }) : null,
    mailText(m.lang, 'subscription_cancel_how', { shop: m.merchant }),
  );
}

/** A subscription whose plan charges when due, started: the card kept, nothing charged today, and when and how much its first charge is. */
export function subscriptionStartedMail(m: {
  lang: Language; origin: string; codOper: string; merchant: string; subscriptionKey: string;
  plan: string; amount: number; currency?: Currency | undefined; firstCharge: Date;
  /** The plan's period code (SPEC 9). */
  period: string;
  card: { brand: string; last4: string } | null;
}): MailContent {
  return {
    subject: mailText(m.lang, 'mail_subscription_started_subject', { plan: m.plan }),
    body: lines(
      mailText(m.lang, 'mail_subscription_started', {
        merchant: m.merchant, plan: m.plan, amount: formatAmount(m.amount, m.lang, m.currency), date: payerDateText(m.firstCharge, m.lang, { time: false }),
      }),
      m.card ? mailText(m.lang, 'mail_receipt_card', { brand: brandName(m.lang, m.card.brand), last4: m.card.last4 }) : null,
      mailText(m.lang, 'mail_operation', { codOper: m.codOper }),
      mailText(m.lang, 'mail_receipt_link', { url: subscriptionReceiptLink(m.origin, m.subscriptionKey, m.codOper) }),
      // Its first charge is told above: the period, and how to end it.
      subscriptionTermsLines({ lang: m.lang, merchant: m.merchant, amount: m.amount, currency: m.currency, period: m.period, nextCharge: null }),
    ),
  };
}

/** A cash voucher when issued; SPEC 9 "Pending cash transactions last 24 hours", Panama time. */
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
      m.expiresAt ? mailText(m.lang, 'mail_voucher_deadline', { date: payerDateText(m.expiresAt, m.lang, { offset: false }) }) : null,
      mailText(m.lang, 'mail_operation', { codOper: m.codOper }),
      mailText(m.lang, 'mail_voucher_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/** SPEC 2 /pf/emailPayment: the total in the merchant's currency, written as its receipts write it. */
export function emailPaymentMail(m: { lang: Language; origin: string; token: string; merchant: string; total: number; currency: Currency; description: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_email_payment_subject', { merchant: m.merchant }),
    body: lines(
      mailText(m.lang, 'mail_email_payment_body', { merchant: m.merchant, total: formatAmount(m.total, m.lang, m.currency), description: m.description }),
      mailText(m.lang, 'mail_email_payment_link', { url: emailPaymentLink(m.origin, m.token) }),
    ),
  };
}

/** Who asks for a payment, as its recipient can tell them: the name with the e-mail beside it (a name alone is anyone's), or the e-mail. */
export function requestSenderOf(user: { name: string; lastname: string; email: string }): string {
  const name = `${user.name} ${user.lastname}`.trim();
  return name === '' ? user.email : `${name} (${user.email})`;
}

/**
 * SPEC 7 "send/list/pending activities". No link. `sender`: who asks (requestSenderOf); the
 * description only when one was given.
 */
export function walletRequestMail(m: { lang: Language; id: string; sender: string; total: number; description: string }): MailContent {
  const total = formatAmount(m.total, m.lang, 'USD');
  const description = m.description.trim();
  return {
    subject: mailText(m.lang, 'mail_wallet_request_subject', { sender: m.sender }),
    body: lines(
      mailText(m.lang, 'mail_wallet_request_body', { sender: m.sender, total, id: m.id }),
      description !== '' && mailText(m.lang, 'mail_wallet_request_for', { description }),
    ),
  };
}

export function emailPaymentLink(origin: string, token: string): string {
  return mailLink(origin, `/pf/emailPayment?code=${encodeURIComponent(token)}`);
}

export function validateLink(origin: string, codOper: string): string {
  return mailLink(origin, `/pf/validateTx?code=${encodeURIComponent(codOper)}`);
}

/** SPEC 4 "Transaction validation", SPEC 9 "$1.00 to $3.00". */
export function validationMail(m: { lang: Language; origin: string; codOper: string; merchant: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_validation_subject', { merchant: m.merchant }),
    body: lines(
      mailText(m.lang, 'mail_validation_body', { codOper: m.codOper }),
      mailText(m.lang, 'mail_validation_link', { url: validateLink(m.origin, m.codOper) }),
    ),
  };
}

export function refundMail(m: { lang: Language; origin: string; codOper: string; merchant: string; amount: string; network: string; to: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_refund_subject', { amount: m.amount, codOper: m.codOper }),
    body: lines(
      mailText(m.lang, 'mail_refund_body', { codOper: m.codOper, merchant: m.merchant, amount: m.amount, network: m.network, to: m.to }),
      mailText(m.lang, 'mail_receipt_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/** Coins sent beyond a crypto payment's quote, sent back to the address they came from. */
export function overpaymentMail(m: { lang: Language; origin: string; codOper: string; merchant: string; amount: string; network: string; to: string }): MailContent {
  return {
    subject: mailText(m.lang, 'mail_overpayment_subject', { amount: m.amount, codOper: m.codOper }),
    body: lines(
      mailText(m.lang, 'mail_overpayment_body', { codOper: m.codOper, merchant: m.merchant, amount: m.amount, network: m.network, to: m.to }),
      mailText(m.lang, 'mail_receipt_link', { url: receiptLink(m.origin, m.codOper) }),
    ),
  };
}

/** The wallet's e-mails carry no links. */
export function signupCodeMail(m: { lang: Language; code: string }): MailContent {
  return { subject: mailText(m.lang, 'mail_signup_code_subject'), body: mailText(m.lang, 'mail_signup_code_body', { code: m.code }) };
}

export function existingAccountMail(m: { lang: Language }): MailContent {
  return { subject: mailText(m.lang, 'mail_existing_account_subject'), body: mailText(m.lang, 'mail_existing_account_body') };
}

export function recoveryCodeMail(m: { lang: Language; code: string }): MailContent {
  return { subject: mailText(m.lang, 'mail_recovery_subject'), body: mailText(m.lang, 'mail_recovery_body', { code: m.code }) };
}
