import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../../test/testApp';
import { readableShade } from '@pasarela/core';
import { linksIn } from './links';

// Issue 21: what the routes really send, read back from the mailbox as a payer would.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://checkout.test';
interface Mail {
  subject: string;
  body: string;
  kind: string;
}
const mailTo = async (to: string): Promise<Mail[]> => (await t.admin('GET', `/mailbox?to=${encodeURIComponent(to)}`)).json['messages'] as Mail[];
const onlyAbsolute = (mails: Mail[]) => {
  for (const m of mails) {
    expect(linksIn(m.body).relative).toEqual([]);
    for (const link of linksIn(m.body).absolute) expect(link.startsWith(`${ORIGIN}/`)).toBe(true);
  }
};

describe('a cash voucher is e-mailed when it is made, and its receipt when it is paid', () => {
  it('es: the grouped code, the amount, where and until when; one e-mail for a repeated click; the paid receipt with the code', async () => {
    const code = await newLink(t);
    const body = { code, email: 'voucher-es@example.com', phone: '61234567', trackId: 'voucher-mail-es' };
    const voucher = await t.post('/cash/pay-cash', body);
    await t.post('/cash/pay-cash', body);
    const reference = String(voucher.data['reference']);
    const grouped = reference.replace(/(\d{4})(?=\d)/g, '$1 ');
    let mails = await mailTo('voucher-es@example.com');
    expect(mails).toHaveLength(1);
    // The shop as its payers know it: the demo merchant's brand name (db/seed.ts).
    expect(mails[0]?.subject).toBe('Tu código de pago en efectivo para Tostadores del Casco');
    expect(mails[0]?.body).toContain(`Código de pago: ${grouped}`);
    expect(mails[0]?.body).toContain('$26.75');
    expect(mails[0]?.body).toMatch(/Vence: \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(hora de Panamá\)/);
    expect(linksIn(mails[0]?.body ?? '').absolute).toEqual([`${ORIGIN}/pf/default-receipt/${String(voucher.data['Oper'])}`]);

    expect((await t.admin('POST', `/cash/${reference}/pay`)).status).toBe(200);
    mails = await mailTo('voucher-es@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.body).toContain(`Pagaste $26.75 a Tostadores del Casco.\nEn efectivo (PayCash), con el código de pago ${grouped}.`);
    onlyAbsolute(mails);
    // Both with the HTML alternative in the shop's brand: its name, its brown on the card's edge.
    const [html] = await t.db.query<{ html: string | null }>('select html from mailbox where to_email = $1 order by id desc limit 1', ['voucher-es@example.com']);
    expect(html?.html).toContain('Tostadores del Casco');
    expect(html?.html).toContain('border-top:6px solid #6b3e26');
  });

  it('en: a cash-point voucher reads in English; without an e-mail nothing is sent', async () => {
    const voucher = await t.post('/cash/cash-point', { code: await newLink(t), email: 'voucher-en@example.com', phone: '61234567' }, { 'accept-language': 'en-US' });
    const [mail] = await mailTo('voucher-en@example.com');
    expect(mail?.subject).toBe('Your cash payment code for Tostadores del Casco');
    expect(mail?.body).toContain('Where to pay: ');
    expect(mail?.body).toContain(String(voucher.data['Oper']));
    const before = (await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).at(0)?.n;
    await t.post('/cash/pay-cash', { code: await newLink(t), phone: '61234567' });
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).at(0)?.n).toBe(before);
  });
});

describe('a random-charge validation: validateUrl absolute, and e-mailed to the payer', () => {
  it('answers and mails the same absolute address', async () => {
    const code = await newLink(t);
    const voucher = await t.post('/cash/pay-cash', { code, email: 'valida@example.com', phone: '61234567' });
    const codOper = String(voucher.data['Oper']);
    const created = await t.admin('POST', '/validations', { codOper });
    expect(created.json['validateUrl']).toBe(`${ORIGIN}/pf/validateTx?code=${codOper}`);
    const mail = (await mailTo('valida@example.com')).find((m) => m.subject.startsWith('Confirma tu tarjeta'));
    expect(linksIn(mail?.body ?? '').absolute).toEqual([created.json['validateUrl']]);
  });
});

// Issue 48: every e-mail a payer gets about a merchant's payment carries the merchant's brand, as
// the receipt does: the HTML alternative with its display name, logo and colour.
describe('every payer e-mail about a merchant\'s payment is in the merchant\'s brand', () => {
  const htmlTo = async (to: string, kind: string) =>
    (await t.db.query<{ html: string | null }>('select html from mailbox where to_email = $1 and kind = $2 order by id desc limit 1', [to, kind])).at(0)?.html ?? null;
  const DEMO_LOGO = `${ORIGIN}/images/merchants/tostadores-del-casco.png`;
  const inDemoBrand = (html: string | null, lang: 'es' | 'en') => {
    expect(html).toContain(`lang="${lang}"`);
    expect(html).toContain('Tostadores del Casco');
    expect(html).toContain('border-top:6px solid #6b3e26');
    expect(html).toContain(`<img src="${DEMO_LOGO}"`);
  };

  it('the payment request (es and en): named by the brand in its text, branded in its HTML, its link a link', async () => {
    for (const [lang, to, headers] of [['es', 'pide-es@example.com', {}], ['en', 'pide-en@example.com', { 'accept-language': 'en' }]] as const) {
      const sent = await t.admin('POST', '/email-payments', { to, amount: 40, taxAmount: 2.8, description: 'Clases <b>de</b> junio' }, headers);
      expect(sent.status).toBe(201);
      const [mail] = await mailTo(to);
      expect(mail?.subject).toContain('Tostadores del Casco');
      const html = await htmlTo(to, 'email_payment');
      inDemoBrand(html, lang);
      expect(html).toContain('Clases &#60;b&#62;de&#60;/b&#62; junio');
      expect(html).not.toContain('<b>');
      expect(html).toContain(`<a href="${String(sent.json['url'])}"`);
    }
  });

  it('the random-charge validation: branded, in the payer\'s language (en)', async () => {
    const voucher = await t.post('/cash/pay-cash', { code: await newLink(t), email: 'valida-en@example.com', phone: '61234567' }, { 'accept-language': 'en-US' });
    const codOper = String(voucher.data['Oper']);
    expect((await t.admin('POST', '/validations', { codOper })).status).toBe(201);
    const html = await htmlTo('valida-en@example.com', 'validation');
    inDemoBrand(html, 'en');
    expect(html).toContain(`<a href="${ORIGIN}/pf/validateTx?code=${codOper}"`);
  });

  it('the crypto refund: branded with a merchant\'s own colour and name, its light colour darkened to read on white', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Cripto S.A.' });
    const id = Number(merchant.json['idMerchant']);
    expect((await t.admin('POST', `/merchants/${id}/brand`, { colorPrimary: '#ffd54f', displayName: 'Monedas & <Co>' })).status).toBe(200);
    const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId: id });
    const created = await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
    const codOper = String(created.data['id']);
    await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 0.0001, fromAddress: 'sbxbtc_payer_wallet_9' });
    expect((await t.post(`/crypto/payments/${codOper}/cancel`, { confirmRefund: true })).status).toBe(200);
    const [mail] = await mailTo('cripto@example.com');
    expect(mail?.body).toContain('Monedas & <Co>');
    const html = await htmlTo('cripto@example.com', 'refund');
    expect(html).toContain('Monedas &#38; &#60;Co&#62;');
    expect(html).toContain('border-top:6px solid #ffd54f');
    expect(html).not.toContain('<img');
    const linkColour = /<a [^>]*style="color:(#[0-9a-f]{6})/.exec(html ?? '')?.[1] ?? '';
    expect(readableShade(linkColour, '#ffffff', 4.5)).toBe(linkColour);
    expect(html).toContain(`<a href="${ORIGIN}/pf/default-receipt/${codOper}"`);
  });

  it('no e-mail sent for a merchant in this file went without its HTML part', async () => {
    const bare = await t.db.query<{ kind: string; subject: string }>('select kind, subject from mailbox where merchant_id is not null and html is null');
    expect(bare).toEqual([]);
    const kinds = (await t.db.query<{ kind: string }>('select distinct kind from mailbox where merchant_id is not null order by kind')).map((r) => r.kind);
    expect(kinds).toEqual(['email_payment', 'receipt', 'refund', 'validation', 'voucher']);
  });
});
