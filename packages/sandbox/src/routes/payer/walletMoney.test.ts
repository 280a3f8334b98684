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

describe('a payment request\'s amount', () => {
  it('is at most 1,000,000.00, and one over says so in both languages', async () => {
    const { auth } = await wallet(0);
    const over = await setup.t.post('/activity/send', { to: 'alguien@example.com', amount: 1_000_000.01 }, { ...auth, 'accept-language': 'en' });
    expect([over.status, over.data['code']]).toEqual([400, 'wallet_request_amount_too_large']);
    expect(String(over.data['message'])).toContain('at most $1,000,000.00');
    const spanish = await setup.t.post('/activity/send', { to: 'alguien@example.com', amount: 2_000_000 }, auth);
    expect(String(spanish.data['message'])).toContain('como máximo $1,000,000.00');
    expect((await setup.t.post('/activity/send', { to: 'alguien@example.com', amount: 1_000_000 }, auth)).status).toBe(200);
  });
});

const balanceOf = async (auth: Record<string, string>) => ((await setup.t.get('/users/me/balance', auth)).data['balance'] as Array<{ disponible: number }>)[0]?.disponible;

describe('a payment request between wallet users', () => {
  it('is seen pending by its recipient, who pays it once from the balance to its requester', async () => {
    const ana = await wallet(10);
    const beto = await wallet(20.3);
    const asked = await setup.t.post('/activity/send', { to: beto.email.toUpperCase(), amount: 10.1, description: 'Cena' }, ana.auth);
    const id = Number(asked.data['id']);
    expect(asked.data['status']).toBe(-1);
    const pending = (await setup.t.get('/activity/pending', beto.auth)).data['activities'] as Array<{ id: number; role: string; amount: number }>;
    expect(pending.map((r) => [r.id, r.role, r.amount])).toEqual([[id, 'received', 10.1]]);
    expect(((await setup.t.get('/activity/pending', ana.auth)).data['activities'] as Array<{ role: string }>).map((r) => r.role)).toEqual(['sent']);
    // Its requester cannot pay it; another wallet user does not find it.
    expect((await setup.t.post(`/activity/${id}/pay`, {}, ana.auth)).data['code']).toBe('payment_request_to_self');
    expect((await setup.t.post(`/activity/${id}/pay`, {}, (await wallet(50)).auth)).status).toBe(404);
    for (const odd of ['0', 'abc', '99999999999', `${id}.0`]) expect((await setup.t.post(`/activity/${odd}/pay`, {}, beto.auth)).data['code']).toBe('payment_request_not_found');
    const paid = await setup.t.post(`/activity/${id}/pay`, {}, beto.auth);
    expect([paid.status, paid.data['status']]).toEqual([200, 1]);
    expect(await balanceOf(beto.auth)).toBe(10.2);
    expect(await balanceOf(ana.auth)).toBe(20.1);
    const again = await setup.t.post(`/activity/${id}/pay`, {}, beto.auth);
    expect([again.status, again.data['code']]).toEqual([409, 'request_already_paid']);
    expect(await balanceOf(beto.auth)).toBe(10.2);
    expect((await setup.t.get('/activity/pending', beto.auth)).data).toEqual({ activities: [] });
    // Each side's movements show it.
    const moved = async (auth: Record<string, string>) => ((await setup.t.get('/users/me/movements', auth)).data['movements'] as Array<{ requestId: number; amount: number; description: string }>).map((r) => [r.requestId, r.amount, r.description]);
    expect(await moved(beto.auth)).toEqual([[id, -10.1, 'Cena']]);
    expect(await moved(ana.auth)).toEqual([[id, 10.1, 'Cena']]);
  });

  it('is paid once when paid many times at once, and not at all from a balance short of it', async () => {
    const ana = await wallet(0);
    const beto = await wallet(15);
    const id = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 10 }, ana.auth)).data['id']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => setup.t.post(`/activity/${id}/pay`, {}, beto.auth)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await balanceOf(beto.auth)).toBe(5);
    expect(await balanceOf(ana.auth)).toBe(10);
    const short = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 5.01 }, ana.auth)).data['id']);
    const refused = await setup.t.post(`/activity/${short}/pay`, {}, { ...beto.auth, 'accept-language': 'en' });
    expect([refused.status, refused.data['code']]).toEqual([422, 'wallet_insufficient_balance']);
    expect(String(refused.data['message'])).toContain('Your balance is not enough');
    expect(await balanceOf(beto.auth)).toBe(5);
    // Still waiting: the balance topped up pays it.
    expect(((await setup.t.get('/activity/pending', beto.auth)).data['activities'] as unknown[])).toHaveLength(1);
  });

  it('called off by its requester, or declined by its recipient, cannot be paid', async () => {
    const ana = await wallet(0);
    const beto = await wallet(50);
    const first = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 3 }, ana.auth)).data['id']);
    const cancelled = await setup.t.post(`/activity/${first}/cancel`, {}, ana.auth);
    expect([cancelled.status, cancelled.data['status']]).toEqual([200, 0]);
    const late = await setup.t.post(`/activity/${first}/pay`, {}, { ...beto.auth, 'accept-language': 'en' });
    expect([late.status, late.data['code']]).toEqual([409, 'payment_request_cancelled']);
    expect(String(late.data['message'])).toContain('was cancelled');
    const second = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 4 }, ana.auth)).data['id']);
    expect((await setup.t.post(`/activity/${second}/cancel`, {}, beto.auth)).status).toBe(200);
    expect((await setup.t.post(`/activity/${second}/pay`, {}, beto.auth)).data['code']).toBe('payment_request_cancelled');
    expect(await balanceOf(beto.auth)).toBe(50);
    // A paid one cannot be called off.
    const third = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 1 }, ana.auth)).data['id']);
    expect((await setup.t.post(`/activity/${third}/pay`, {}, beto.auth)).status).toBe(200);
    expect((await setup.t.post(`/activity/${third}/cancel`, {}, ana.auth)).data['code']).toBe('request_already_paid');
    expect(await balanceOf(ana.auth)).toBe(1);
  });
});

describe('a payment request paid to a balance near its most', () => {
  it('is refused, moving nothing, when the requester\'s balance cannot hold it', async () => {
    const ana = await wallet(0);
    const beto = await wallet(100);
    await setup.t.db.query('update users set balance_cents = 2147483600 where lower(email) = lower($1)', [ana.email]);
    const id = Number((await setup.t.post('/activity/send', { to: beto.email, amount: 1 }, ana.auth)).data['id']);
    const refused = await setup.t.post(`/activity/${id}/pay`, {}, { ...beto.auth, 'accept-language': 'en' });
    expect([refused.status, refused.data['code']]).toEqual([422, 'wallet_balance_full']);
    expect(String(refused.data['message'])).toContain('cannot take this payment');
    expect(await balanceOf(beto.auth)).toBe(100);
    expect(await balanceOf(ana.auth)).toBe(21_474_836);
  });
});
