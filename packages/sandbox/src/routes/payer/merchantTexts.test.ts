import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshCaptchaToken, newLink, type TestApp } from '../../../test/testApp';

// Issue 70 "one language": what a merchant wrote for payers reaches them in their language where the
// merchant gave it (migration 035), else in the one language it gave.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("a merchant's texts in the payer's language", () => {
  it("the demo campaign's title and text in each language", async () => {
    const campaignIn = async (lang: string) => ((await t.get(`/merchants/1/campaign-bridges?lang=${lang}`)).data['bridges'] as Array<{ campaign: object }>)[0]?.campaign;
    expect(await campaignIn('es')).toMatchObject({ title: 'Dona a la Fundación Demo', description: 'Cada dólar ayuda' });
    expect(await campaignIn('en')).toMatchObject({ title: 'Give to the Demo Foundation', description: 'Every dollar helps' });
  });

  it("a link's description in each language given; one language given: that one for every payer", async () => {
    const both = await newLink(t, { description: 'Pedido en Tostadores del Casco', descriptions: { es: 'Pedido en Tostadores del Casco', en: 'Order at Tostadores del Casco' } });
    const one = await newLink(t, { description: 'Pedido 1042' });
    const describedIn = async (code: string, lang: string) => (await t.get(`/payment-info?code=${code}&type=lk&lang=${lang}`)).data['description'];
    expect(await describedIn(both, 'en')).toBe('Order at Tostadores del Casco');
    expect(await describedIn(both, 'es')).toBe('Pedido en Tostadores del Casco');
    expect(await describedIn(one, 'en')).toBe('Pedido 1042');
  });

  it("a payment whose checkout sends no description (crypto, the wallet's balance) records the link's in the payer's language", async () => {
    const both = await newLink(t, { description: 'Pedido en Tostadores del Casco', descriptions: { es: 'Pedido en Tostadores del Casco', en: 'Order at Tostadores del Casco' } });
    const paidIn = async (lang: string) => {
      const made = await t.post(`/crypto/payments?lang=${lang}`, { codeProcess: both, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', captchaToken: freshCaptchaToken() });
      const [row] = await t.db.query<{ description: string }>('select description from transactions where cod_oper = $1', [String(made.data['id'])]);
      return row?.description;
    };
    expect(await paidIn('en')).toBe('Order at Tostadores del Casco');
    expect(await paidIn('es')).toBe('Pedido en Tostadores del Casco');
  });

  it('refuses a description per language that is not one', async () => {
    const refused = await t.admin('POST', '/links', { amount: 5, description: 'x', descriptions: { fr: 'Commande' } });
    expect(refused.status).toBe(400);
    expect((await t.admin('POST', '/links', { amount: 5, description: 'x', descriptions: { en: 'y'.repeat(201) } })).status).toBe(400);
  });
});
