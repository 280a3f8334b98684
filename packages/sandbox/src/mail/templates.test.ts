import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { linksIn, mailLink } from './links';
import * as templates from './templates';
import { readableShade } from '@pasarela/core';

const ORIGIN = 'https://checkout.example.com';
const EXPIRES = new Date('2026-11-24T07:12:58Z');

/** Every template with what it is sent with; a template missing here fails the coverage test. */
const SAMPLES: Record<string, (lang: 'es' | 'en') => templates.MailContent> = {
  receiptMail: (lang) => templates.receiptMail({ lang, origin: ORIGIN, codOper: 'PP753D89F4AFDB', merchant: 'Tienda Demo Panamá', total: 44.59, donation: 5, card: { brand: 'VISA', last4: '4242' } }),
  voucherMail: (lang) => templates.voucherMail({ lang, origin: ORIGIN, codOper: 'PP0ED3E21F2CC0', merchant: 'Tienda Demo Panamá', total: 21.4, network: 'PAYCASH', code: '286308632408', expiresAt: EXPIRES }),
  emailPaymentMail: (lang) => templates.emailPaymentMail({ lang, origin: ORIGIN, token: 'EP0123456789abcdef0123', merchant: 'Tienda Demo Panamá', total: 42.8, currency: 'USD', description: 'Clases de natación' }),
  validationMail: (lang) => templates.validationMail({ lang, origin: ORIGIN, codOper: 'PP753D89F4AFDB', merchant: 'Tienda Demo Panamá' }),
  refundMail: (lang) => templates.refundMail({ lang, origin: ORIGIN, codOper: 'PPC1', merchant: 'Tienda', amount: '0.00031 BTC', network: 'BTC', to: 'sbxbtc_payer_1' }),
  overpaymentMail: (lang) => templates.overpaymentMail({ lang, origin: ORIGIN, codOper: 'PPC2', merchant: 'Tienda', amount: '10 USDT', network: 'TRX', to: 'sbxtrx_payer_1' }),
  walletRequestMail: (lang) => templates.walletRequestMail({ lang, id: '17', sender: 'Ana Díaz (ana@example.com)', total: 9, description: 'Almuerzo' }),
  signupCodeMail: (lang) => templates.signupCodeMail({ lang, code: '123456' }),
  existingAccountMail: (lang) => templates.existingAccountMail({ lang }),
  recoveryCodeMail: (lang) => templates.recoveryCodeMail({ lang, code: '654321' }),
  subscriptionStartedMail: (lang) => templates.subscriptionStartedMail({ lang, origin: ORIGIN, codOper: 'PP5B1', merchant: 'Tienda Demo Panamá', subscriptionKey: 'SUB-9', plan: 'Semanal', amount: 3.5, firstCharge: EXPIRES, period: 'WE', card: { brand: 'MC', last4: '4444' } }),
};

describe('every e-mail template: its links are absolute, on the checkout origin (issue 21 "E-mails")', () => {
  it('the samples cover every template the module exports', () => {
    const exported = Object.entries(templates).filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail')).map(([name]) => name).sort();
    expect(Object.keys(SAMPLES).sort()).toEqual(exported);
  });

  const cases = Object.keys(SAMPLES).flatMap((name) => (['es', 'en'] as const).map((lang) => [name, lang] as const));
  it.each(cases)('%s (%s): no relative path, every link on the checkout origin', (name, lang) => {
    const mail = SAMPLES[name]?.(lang);
    if (!mail) throw new Error(name);
    for (const text of [mail.subject, mail.body]) {
      const { absolute, relative } = linksIn(text);
      expect(relative).toEqual([]);
      for (const link of absolute) expect(link.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(text).not.toMatch(/\{\{|undefined|null|NaN/);
    }
  });

  it.each([
    ['receiptMail', `${ORIGIN}/pf/default-receipt/PP753D89F4AFDB`],
    ['voucherMail', `${ORIGIN}/pf/default-receipt/PP0ED3E21F2CC0`],
    ['emailPaymentMail', `${ORIGIN}/pf/emailPayment?code=EP0123456789abcdef0123`],
    ['validationMail', `${ORIGIN}/pf/validateTx?code=PP753D89F4AFDB`],
    ['refundMail', `${ORIGIN}/pf/default-receipt/PPC1`],
    ['subscriptionStartedMail', `${ORIGIN}/SUB-9/receive?Oper=PP5B1`],
  ])('%s links to %s', (name, link) => {
    expect(linksIn(SAMPLES[name]?.('es').body ?? '').absolute).toEqual([link]);
  });

  it('a payment request says who asks, how much and for what; without a description, no empty line or stray ". "', () => {
    expect(SAMPLES['walletRequestMail']?.('es')).toEqual({
      subject: 'Ana Díaz (ana@example.com) te envió una solicitud de pago',
      body: 'Ana Díaz (ana@example.com) te pide $9.00 (solicitud 17).\nConcepto: Almuerzo',
    });
    const bare = templates.walletRequestMail({ lang: 'en', id: '2', sender: templates.requestSenderOf({ name: '', lastname: '', email: 'ana@example.com' }), total: 3, description: ' ' });
    expect(bare).toEqual({ subject: 'ana@example.com sent you a payment request', body: 'ana@example.com asks you for $3.00 (request 2).' });
    expect(templates.requestSenderOf({ name: 'Ana', lastname: 'Díaz', email: 'ana@example.com' })).toBe('Ana Díaz (ana@example.com)');
  });

  it('a subscription started says nothing was charged, its first charge, how often, and how to end it: its shop cancels it', () => {
    expect(SAMPLES['subscriptionStartedMail']?.('es').body.split('\n').slice(-2)).toEqual([
      'Tu suscripción a Tienda Demo Panamá está activa: $3.50 cada semana.',
      'Para cancelar tu suscripción, pídeselo a Tienda Demo Panamá: la tienda la cancela y no se te cobrará más.',
    ]);
    expect(SAMPLES['subscriptionStartedMail']?.('en').body.split('\n').slice(-2)).toEqual([
      'Your subscription to Tienda Demo Panamá is active: $3.50 every week.',
      'To cancel your subscription, ask Tienda Demo Panamá: the shop cancels it, and nothing more is charged.',
    ]);
  });

  it('a subscription charge\'s terms: how much and how often, the next charge (its date as payers read it), how to end it', () => {
    const terms = (lang: 'es' | 'en') => templates.subscriptionTermsLines({ lang, merchant: 'Tienda Demo Panamá', amount: 19.99, period: 'MO', nextCharge: EXPIRES });
    expect(terms('es')).toBe([
      'Tu suscripción a Tienda Demo Panamá está activa: $19.99 cada mes.',
      'Próximo cobro de tu suscripción: $19.99 el 24/11/2026.',
      'Para cancelar tu suscripción, pídeselo a Tienda Demo Panamá: la tienda la cancela y no se te cobrará más.',
    ].join('\n'));
    expect(terms('en')).toBe([
      'Your subscription to Tienda Demo Panamá is active: $19.99 every month.',
      'Your subscription is next charged $19.99 on 24 Nov 2026.',
      'To cancel your subscription, ask Tienda Demo Panamá: the shop cancels it, and nothing more is charged.',
    ].join('\n'));
  });

  it('a voucher e-mail reads like a voucher: the code grouped, the amount, where and until when (Panama time), in each language', () => {
    expect(SAMPLES['voucherMail']?.('es').body).toBe([
      'Para pagar $21.40 a Tienda Demo Panamá en efectivo, presenta este código antes de que venza.',
      'Código de pago: 2863 0863 2408',
      `Dónde pagar: ${catalogs.es.cash_network_paycash_where}`,
      'Vence: 24/11/2026 02:12:58 (hora de Panamá)',
      'Operación: PP0ED3E21F2CC0',
      `Tu código con su código de barras, para mostrarlo o imprimirlo: ${ORIGIN}/pf/default-receipt/PP0ED3E21F2CC0`,
    ].join('\n'));
    expect(SAMPLES['voucherMail']?.('en').body).toContain('Expires: 24 Nov 2026, 02:12:58 (Panama time)');
    expect(SAMPLES['voucherMail']?.('en').body).not.toMatch(/Vence|Código/);
  });

  it('the paid receipt says what was charged with the donation, and a paid voucher its code', () => {
    expect(SAMPLES['receiptMail']?.('es').body).toContain('Pagaste $44.59 (incluye $5.00 de donación) a Tienda Demo Panamá.');
    expect(SAMPLES['receiptMail']?.('es').body).toContain('Con Visa terminada en 4242.');
    const cash = templates.receiptMail({ lang: 'en', origin: ORIGIN, codOper: 'PP1', merchant: 'Shop', total: 21.4, donation: 0, cash: { network: 'PC', code: '286308632408' } });
    expect(cash.body).toContain('In cash (Cash point (PC)), with payment code 2863 0863 2408.');
  });

  it('mailLink refuses what is not a path on the origin', () => {
    expect(() => mailLink(ORIGIN, 'pf/x')).toThrow();
    expect(() => mailLink(ORIGIN, '//evil.example/x')).toThrow();
    expect(() => mailLink('javascript:alert(1)', '/x')).toThrow();
    expect(mailLink('https://checkout.example.com/some/base', '/pf/x?code=1')).toBe(`${ORIGIN}/pf/x?code=1`);
  });

  it('linksIn finds bare paths, the fault this guards against', () => {
    expect(linksIn('Comprobante: /pf/default-receipt/PP1').relative).toEqual(['/pf/default-receipt/PP1']);
    expect(linksIn(`Comprobante: ${ORIGIN}/pf/default-receipt/PP1`).relative).toEqual([]);
  });
});

describe('the sandbox sends no e-mail but through a template', () => {
  const src = fileURLToPath(new URL('../', import.meta.url));
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

  it('no sendMail call writes its own subject or body', () => {
    const inline = files(src)
      .filter((path) => !path.includes(`${join('src', 'mail')}`) && !path.endsWith(join('store', 'mailbox.ts')))
      .filter((path) => /sendMail\([^;]*\b(subject|body)\s*:\s*[`'"]/s.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(inline).toEqual([]);
  });

  // Issue 48: a merchant's e-mail goes out in its brand, so it goes through payments/merchantMail.ts.
  it('no sendMail call but merchantMail\'s sends an e-mail for a merchant', () => {
    const direct = files(src)
      .filter((path) => !path.endsWith(join('payments', 'merchantMail.ts')) && !path.endsWith(join('store', 'mailbox.ts')))
      .filter((path) => /sendMail\([^;]*\bmerchantId\b/s.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path));
    expect(direct).toEqual([]);
  });
});

// Issue 48: "receipts, e-mails ... use" the merchant's brand (name, logo, colour kept readable).
describe('brandedHtml: the HTML alternative with the merchant\'s brand', () => {
  const receipt = templates.receiptMail({ lang: 'es', origin: ORIGIN, codOper: 'PP753D89F4AFDB', merchant: 'Tostadores del Casco', total: 12.5, donation: 0, card: { brand: 'VISA', last4: '4242' } });
  const logo = `${ORIGIN}/images/logos/${'a'.repeat(64)}`;

  it('shows the logo and the name, escapes every text, and links the text\'s addresses', () => {
    const html = templates.brandedHtml({ ...receipt, subject: 'Recibo <b>1</b>' }, { name: 'Café <Ñandú> & Co', logoUrl: logo, color: '#6b3e26' }, 'es');
    expect(html).toContain(`<img src="${logo}" alt="" width="40" height="40"`);
    expect(html).toContain('Café &#60;Ñandú&#62; &#38; Co');
    expect(html).not.toContain('<b>1</b>');
    expect(html).toContain(`<a href="${ORIGIN}/pf/default-receipt/PP753D89F4AFDB"`);
    expect(html).toContain('border-top:6px solid #6b3e26');
    expect(html).toContain('lang="es"');
  });

  it.each([
    ['#6b3e26', '#6b3e26'],
    ['#0b5fff', '#0b5fff'],
    ['#ffeb3b', undefined],
    ['#ffffff', undefined],
    ['#00ff00', undefined],
  ])('brand %s: links read at 4.5:1 or more on the white card (the colour itself when it does)', (color, kept) => {
    const html = templates.brandedHtml(receipt, { name: 'X', logoUrl: null, color }, 'en');
    const linkColour = /<a [^>]*style="color:(#[0-9a-f]{6})/.exec(html)?.[1] ?? '';
    expect(readableShade(linkColour, '#ffffff', 4.5)).toBe(linkColour);
    if (kept) expect(linkColour).toBe(kept);
    expect(html).not.toContain('<img');
  });
});
