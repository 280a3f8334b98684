import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../test/testApp';
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
