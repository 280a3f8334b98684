import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '@pasarela/core';
import { createMerchant, createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../../test/testApp';

// SPEC 5 invalid_email "Bad e-mail; the support e-mail address is also rejected" and invalid_phone_number
// "Phone checked by a phone-number check": the server takes exactly what the checkout's forms take (core's
// rules), so an address or phone the form took is never refused after Pay, and the support address is
// refused there too. The phones are sent as the forms send them: as typed, trimmed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recorded = async (code: string) => (await t.db.query('select 1 from transactions where link_code = $1', [code])).length;

/** A link of a new merchant in `country`; a Colombian one sells in whole pesos. */
async function linkIn(country: 'PA' | 'CO'): Promise<{ code: string; amount: number; taxAmount: number }> {
  const merchant = await createMerchant(t, { name: `Tienda ${country} ${randomUUID().slice(0, 8)}`, country });
  const prices = country === 'CO' ? { amount: 25_000, taxAmount: 0 } : { amount: 25, taxAmount: 1.75 };
  return { code: await newLink(t, { merchantId: merchant.id, ...prices }), ...prices };
}

async function payByCard(link: { code: string; amount: number; taxAmount: number }, contact: { email?: string; phone?: string }) {
  const body = await tokenizedCardPayload(link.code, { amount: link.amount, taxAmount: link.taxAmount });
  return t.post('/cards/auth-capture', { ...body, ...contact });
}

describe('the payer\'s e-mail on a card payment (the card form\'s rule)', () => {
  it.each(["o'brien@example.com", 'josé@correo.pa'])('%j, which the card form takes, is paid', async (email) => {
    const code = await newLink(t);
    const paid = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code), email });
    expect([paid.status, paid.data['status']]).toEqual([200, 1]);
    expect(await t.db.query('select email from transactions where link_code = $1', [code])).toEqual([{ email }]);
  });

  it.each([SUPPORT_EMAIL, ` ${SUPPORT_EMAIL.toUpperCase()} `])('the support address %j is 400 invalid_email, and nothing is recorded', async (email) => {
    const code = await newLink(t);
    const refused = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code), email });
    expect([refused.status, refused.data['code']]).toEqual([400, 'invalid_email']);
    expect(await recorded(code)).toBe(0);
  });
});

describe('the payer\'s e-mail on a voucher (the cash form\'s rule)', () => {
  it.each([
    ['/cash/pay-cash', "o'brien@example.com"],
    ['/cash/cash-point', 'josé@correo.pa'],
  ])('%s with %j, which the cash form takes, issues the voucher', async (path, email) => {
    const code = await newLink(t);
    const voucher = await t.post(path, { code, email, phone: '6123-4567' });
    expect(voucher.status).toBe(200);
    expect(await t.db.query('select email from transactions where link_code = $1', [code])).toEqual([{ email }]);
  });

  it.each(['/cash/pay-cash', '/clave/payments'])('%s with the support address is 400 invalid_email, and nothing is recorded', async (path) => {
    const code = await newLink(t);
    const refused = await t.post(path, { code, email: SUPPORT_EMAIL, phone: '6123-4567' });
    expect([refused.status, refused.data['code']]).toEqual([400, 'invalid_email']);
    expect(await recorded(code)).toBe(0);
  });
});

describe('the payer\'s phone on a voucher (the cash form\'s rule: without its country code, Panama\'s)', () => {
  it.each([
    ['12345', 400],
    ['6111abcd', 400],
    // A Colombian mobile without its code: the cash form reads it as Panama's and refuses it.
    ['300 123 4567', 400],
    ['6123-4567', 200],
    ['+507 6123 4567', 200],
    ['+57 300 123 4567', 200],
    // The phone may be left out.
    ['', 200],
  ])('%j -> %i', async (phone, status) => {
    const code = await newLink(t);
    const res = await t.post('/cash/pay-cash', { code, email: 'pagador@example.com', phone });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.data['code']).toBe('invalid_phone_number');
      expect(await recorded(code)).toBe(0);
    } else {
      expect(res.data).toMatchObject({ resultCode: '100' });
    }
  });
});

describe('the payer\'s phone on a card payment (the card form\'s rule: without its country code, the merchant\'s country\'s)', () => {
  it.each([
    ['PA', '12345', 400],
    ['PA', '300 123 4567', 400],
    ['PA', '6123-4567', 200],
    ['PA', '+57 300 123 4567', 200],
    ['PA', '', 200],
    ['CO', '6123-4567', 400],
    ['CO', '300 123 4567', 200],
    ['CO', '+507 6123 4567', 200],
  ] as const)('a merchant in %s, phone %j -> %i', async (country, phone, status) => {
    const link = await linkIn(country);
    const res = await payByCard(link, { phone });
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.data['code']).toBe('invalid_phone_number');
      expect(await recorded(link.code)).toBe(0);
    } else {
      expect(res.data['status']).toBe(1);
    }
  });
});

describe('a subscriber\'s e-mail', () => {
  async function newPlan(): Promise<number> {
    const plan = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 9, chargeNow: true });
    return Number(plan.json['idPlan']);
  }
  const subscriptionsOf = async (email: string) => (await t.db.query('select 1 from subscriptions where lower(email) = lower($1)', [email])).length;

  it('subscribes with an address the checkout takes, and refuses the support address (400 invalid_email), recording no subscription', async () => {
    const idPlan = await newPlan();
    const taken = await t.post('/subscriptions', { idPlan, email: "o'brien@example.com" });
    expect(taken.status).toBe(200);
    for (const email of [SUPPORT_EMAIL, 'no es correo']) {
      const refused = await t.post('/subscriptions', { idPlan, email });
      expect([refused.status, refused.data['code']], email).toEqual([400, 'invalid_email']);
      expect(await subscriptionsOf(email)).toBe(0);
    }
  });

  it('paying one, an address given is checked as the card form checks it; none is the subscription\'s', async () => {
    const idPlan = await newPlan();
    const key = String((await t.post('/subscriptions', { idPlan, email: 'socia@example.com' })).data['subscriptionKey']);
    const { cardInformation } = await tokenizedCardPayload('x');
    for (const email of [SUPPORT_EMAIL, 'no es correo']) {
      const refused = await t.post(`/subscriptions/${key}/pay`, { cardInformation, email, trackId: randomUUID() });
      expect([refused.status, refused.data['code']], email).toEqual([400, 'invalid_email']);
    }
    expect(await t.db.query("select 1 from transactions where details->>'subscriptionKey' = $1", [key])).toEqual([]);
    const paid = await t.post(`/subscriptions/${key}/pay`, { cardInformation, email: "o'brien@example.com", trackId: randomUUID() });
    expect(paid.data).toMatchObject({ status: 1 });
  });
});

describe('a payment request\'s recipient (POST /activity/send)', () => {
  it('takes an address the checkout takes, and refuses the support address (400 invalid_email), mailing nothing', async () => {
    const login = `envia${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const token = String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token']);
    const send = (to: string) => t.post('/activity/send', { to, amount: 3 }, { authorization: `Bearer ${token}` });
    const mailsTo = async (to: string) => (await t.db.query('select 1 from mailbox where lower(to_email) = lower($1)', [to])).length;

    const to = `o'brien.${login}@example.com`;
    const sent = await send(` ${to} `);
    expect(sent.status).toBe(200);
    // Kept as one address, without the spaces around it: its mail and its mail limit count it once.
    expect(sent.data['to']).toBe(to);
    expect(await mailsTo(to)).toBe(1);
    const before = await mailsTo(SUPPORT_EMAIL);
    const refused = await send(SUPPORT_EMAIL);
    expect([refused.status, refused.data['code']]).toEqual([400, 'invalid_email']);
    expect(await mailsTo(SUPPORT_EMAIL)).toBe(before);
  });
});
