import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';

// The wallet's money as its payer reads it: payment requests ask someone else, and the balance's
// movements add up to what it paid and got back.

const setup = useMerchantApi({ webhooks: false });

async function wallet(balance: number) {
  const login = `saldo${randomUUID().slice(0, 8)}`;
  await setup.t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', balance });
  const auth = { authorization: `Bearer ${String((await setup.t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
  return { auth, email: `${login}@example.com` };
}

const mailsTo = (email: string) => setup.t.db.query<{ id: number }>("select id from mailbox where lower(to_email) = lower($1) and kind = 'email_payment'", [email]);

describe('a payment request to its own sender', () => {
  it('is refused with payment_request_to_self, in any case, recording and mailing nothing', async () => {
    const { auth, email } = await wallet(0);
    for (const to of [email, email.toUpperCase(), ` ${email} `]) {
      const asked = await setup.t.post('/activity/send', { to, amount: 5, description: 'Almuerzo' }, { ...auth, 'accept-language': 'en' });
      expect([asked.status, asked.data['code']]).toEqual([422, 'payment_request_to_self']);
      expect(String(asked.data['message'])).toContain('You cannot request money from yourself');
    }
    const spanish = await setup.t.post('/activity/send', { to: email, amount: 5 }, auth);
    expect(String(spanish.data['message'])).toContain('No puedes pedirte dinero a ti mismo');
    expect((await setup.t.get('/activity', auth)).data).toEqual({ activities: [] });
    expect(await mailsTo(email)).toHaveLength(0);
    // Another's address is asked as before.
    expect((await setup.t.post('/activity/send', { to: `otra.${email}`, amount: 5 }, auth)).status).toBe(200);
  });
});

describe('the balance movements', () => {
  it('list each refund a balance payment got back, so they add up to the balance', async () => {
    const m = await setup.newMerchant('Movimientos S.A.');
    const { auth } = await wallet(30);
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const paid = await setup.t.post('/activity/pay', { sourceSearch: { paymentCode: String(link.json['code']) }, useFunds: true, trackId: randomUUID() }, auth);
    const codOper = String(paid.data['codOper']);
    expect((await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 20 } })).status).toBe(201);
    expect((await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 1.5 } })).status).toBe(201);
    const movements = (await setup.t.get('/users/me/movements', auth)).data['movements'] as Array<{ codOper: string; amount: number; description: string }>;
    expect(movements.map((r) => [r.codOper, r.amount, r.description])).toEqual([
      [codOper, 1.5, 'Pedido'],
      [codOper, 20, 'Pedido'],
      [codOper, -26.75, 'Pedido'],
    ]);
    const balance = ((await setup.t.get('/users/me/balance', auth)).data['balance'] as Array<{ disponible: number }>)[0]?.disponible;
    expect(balance).toBe(24.75);
    expect(Math.round((30 + movements.reduce((sum, r) => sum + r.amount, 0)) * 100) / 100).toBe(balance);
    // Another wallet sees none of them.
    expect((await setup.t.get('/users/me/movements', (await wallet(0)).auth)).data).toEqual({ movements: [] });
  });
});
