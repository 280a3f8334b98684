import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Nequi (docs/sandbox.md phones of a Panamanian merchant, the demo)', () => {
  it('approves 61111111, declines 62222222, leaves 63333333 pending: the phones answer on their own, not when read', async () => {
    const code = await newLink(t);
    const opers: string[] = [];
    for (const phone of ['61111111', '62222222', '63333333']) {
      const push = await t.post('/nequi/push', { code, phone });
      expect(push.data).toMatchObject({ status: -1 });
      opers.push(String(push.data['codOper']));
    }
    const read = async () => Promise.all(opers.map(async (codOper) => {
      const status = await t.get(`/nequi/payments/${codOper}`);
      return status.status === 200 ? status.data['status'] : status.data['code'];
    }));
    // Reading the status changes nothing: the phones have not answered yet.
    expect(await read()).toEqual([-1, -1, -1]);
    await t.answerPhones();
    expect(await read()).toEqual([1, 'error_pay_push_nequi', -1]);
  });
  it('settles a QR payment through the admin call', async () => {
    const code = await newLink(t);
    const qr = await t.get(`/nequi/qr?action=GENERATE&code=${code}&amount=25&taxAmount=1.75`);
    expect(String(qr.data['qrValue'])).toMatch(/^nequi:\/\/sandbox\/pay\?oper=PP/);
    const codOper = String(qr.data['codOper']);
    expect((await t.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).json).toMatchObject({ status: 1 });
    expect((await t.get(`/nequi/payments/${codOper}`)).data).toMatchObject({ status: 1 });
  });
  it('records one push for simultaneous requests with the same trackId', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/nequi/push', { code, phone: '63333333', trackId })));
    expect(new Set(answers.map((a) => a.data['codOper'])).size).toBe(1);
    expect((await t.db.query('select count(*)::int as n from transactions where track_id = $1', [trackId]))[0]).toEqual({ n: 1 });
  });
  it('refuses a phone that is not a Nequi mobile', async () => {
    expect((await t.post('/nequi/push', { code: await newLink(t), phone: '12345' })).data['code']).toBe('invalid_phone_number');
  });
  it('SPEC 4 "methods not listed are turned off": a link for cards only refuses Nequi; one listing NEQUI takes it', async () => {
    const cardsOnly = await t.post('/nequi/push', { code: await newLink(t, { cardTypes: ['VISA'] }), phone: '61111111' });
    expect(cardsOnly.status).toBe(404);
    expect(cardsOnly.data['code']).toBe('service_unavailable');
    const nequiToo = await t.post('/nequi/push', { code: await newLink(t, { cardTypes: ['VISA', 'NEQUI'] }), phone: '61111111' });
    expect(nequiToo.status).toBe(200);
  });
  it('a push never answered times out after the Nequi window: 410 619 (SPEC 8 payment expired, as for Yappy), recorded as expired', async () => {
    const code = await newLink(t);
    const push = await t.post('/nequi/push', { code, phone: '63333333' });
    const codOper = String(push.data['codOper']);
    expect(Date.parse(String(push.data['expiresAt']))).toBeGreaterThan(Date.now());
    expect((await t.get(`/nequi/payments/${codOper}`)).data['status']).toBe(-1);
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [codOper]);
    const late = await t.get(`/nequi/payments/${codOper}`);
    expect(late.status).toBe(410);
    expect(late.data['code']).toBe(619);
    // The read says so; the reconciler records it, once the wallet has withdrawn the push.
    await t.reconcile();
    expect((await t.db.query<{ auth_status: string }>('select auth_status from transactions where cod_oper = $1', [codOper]))[0]?.auth_status).toBe('EXPIRED');
  });
});

describe('Yappy (PRODUCT.md phones, 5 minutes to pay)', () => {
  it('approves 61111111, rejects 62222222, leaves 63333333 pending then expires it with 619', async () => {
    const code = await newLink(t);
    const start = async (phone: string) => String((await t.post('/yappy/payments', { code, phone })).data['codOper']);
    const [approving, declining] = [await start('61111111'), await start('62222222')];
    await t.answerPhones();
    expect((await t.get(`/yappy/payments/${approving}`)).data['status']).toBe(1);
    expect((await t.get(`/yappy/payments/${declining}`)).data['code']).toBe('payment_rejected');
    const slow = await start('+507 6333-3333');
    expect((await t.get(`/yappy/payments/${slow}`)).data['status']).toBe(-1);
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [slow]);
    expect(await t.get(`/yappy/payments/${slow}`)).toMatchObject({ status: 410, data: { code: 619 } });
  });
});

describe("a wallet user's Nequi and Yappy payments are theirs alone (SPEC 6)", () => {
  const walletUser = async (name: string): Promise<Record<string, string>> => {
    const login = `${name}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    return { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
  };
  const notFound = { status: 404, data: { code: 'PAYMENT_NOT_FOUND' } };

  it.each([
    ['nequi', '/nequi/push', '/nequi/payments'],
    ['yappy', '/yappy/payments', '/yappy/payments'],
  ])('%s: recorded as the user\'s, read and called off by that user only; a guest\'s still by its code', async (method, path, payments) => {
    const [owner, other] = [await walletUser('dueno'), await walletUser('otro')];
    const code = await newLink(t);
    const codOper = String((await t.post(path, { code, phone: '63333333' }, owner)).data['codOper']);
    const mine = (await t.get('/users/me/transactions', owner)).data['transactions'] as Array<{ codOper: string; method: string }>;
    expect(mine).toEqual([expect.objectContaining({ codOper, method })]);
    for (const stranger of [{}, other]) {
      expect(await t.get(`${payments}/${codOper}`, stranger)).toMatchObject(notFound);
      expect(await t.post(`${payments}/${codOper}/cancel`, {}, stranger)).toMatchObject(notFound);
    }
    expect(await t.get(`${payments}/${codOper}`, owner)).toMatchObject({ status: 200, data: { codOper, status: -1, phone: '63333333' } });
    expect(await t.post(`${payments}/${codOper}/cancel`, {}, owner)).toMatchObject({ status: 200, data: { codOper, status: 0 } });
    // A guest's payment stays theirs by its unguessable code, as the checkout follows it.
    const guests = String((await t.post(path, { code, phone: '63333333' })).data['codOper']);
    expect(await t.get(`${payments}/${guests}`)).toMatchObject({ status: 200, data: { codOper: guests, status: -1 } });
    expect(await t.post(`${payments}/${guests}/cancel`, {})).toMatchObject({ status: 200, data: { codOper: guests, status: 0 } });
  });

  it("last-code names only the caller's own latest Nequi payment on the link: a link's public code names none of a guest's or another user's", async () => {
    const [owner, other] = [await walletUser('ultimo'), await walletUser('ajeno')];
    const code = await newLink(t);
    const first = String((await t.post('/nequi/push', { code, phone: '63333333' }, owner)).data['codOper']);
    expect(await t.get(`/nequi/last-code?code=${code}`, owner)).toMatchObject({ status: 200, data: { codOper: first, status: -1 } });
    // Others' payments on the same shared link, newer than the owner's, are not the owner's answer.
    await t.post('/nequi/push', { code, phone: '63333333' });
    const others = String((await t.post('/nequi/push', { code, phone: '63333333' }, other)).data['codOper']);
    expect(await t.get(`/nequi/last-code?code=${code}`, owner)).toMatchObject({ status: 200, data: { codOper: first, status: -1 } });
    expect(await t.get(`/nequi/last-code?code=${code}`, other)).toMatchObject({ status: 200, data: { codOper: others, status: -1 } });
    expect(await t.get(`/nequi/last-code?code=${code}`)).toMatchObject(notFound);
    const fresh = await walletUser('nuevo');
    expect(await t.get(`/nequi/last-code?code=${code}`, fresh)).toMatchObject(notFound);
  });
});

describe('the receipt of a link payment', () => {
  it('says the link\'s description in the language it is read in, as the checkout did, whatever the payment\'s language', async () => {
    const code = await newLink(t, { description: 'Zapatos rojos', descriptions: { es: 'Zapatos rojos', en: 'Red shoes' } });
    const codOper = String((await t.post('/nequi/push', { code, phone: '61111111' }, { 'accept-language': 'es' })).data['codOper']);
    const described = async (lang: string) => ((await t.get(`/receipts/${codOper}`, { 'accept-language': lang })).data['txCtrl'] as { description: string }).description;
    expect(await described('es')).toBe('Zapatos rojos');
    expect(await described('en')).toBe('Red shoes');
  });
});

describe('a wait the payer leaves to pay another way', () => {
  it.each([
    ['Nequi', '/nequi/push', '63333333', '/nequi/payments'],
    ['Yappy', '/yappy/payments', '63333333', '/yappy/payments'],
  ])('%s: the call-off leaves nothing to approve later, and says so when asked again', async (_method, path, phone, status) => {
    const code = await newLink(t);
    const codOper = String((await t.post(path, { code, phone })).data['codOper']);
    const cancelled = await t.post(`${status}/${codOper}/cancel`, {});
    expect(cancelled).toMatchObject({ status: 200, data: { codOper, status: 0 } });
    // Twice (a double click, a resend): the same answer.
    expect((await t.post(`${status}/${codOper}/cancel`, {})).data).toMatchObject({ codOper, status: 0 });
    // Called off, not declined: the payer's other browser, still waiting on it, is told so (issue 92).
    expect(await t.get(`${status}/${codOper}`)).toMatchObject({ status: 409, data: { code: 'payment_cancelled' } });
    const [row] = await t.db.query<{ auth_status: string }>('select auth_status from transactions where cod_oper = $1', [codOper]);
    expect(row?.auth_status).toBe('CANCELLED');
  });

  it('a push the payer approved before the call-off reached the server answers approved', async () => {
    const code = await newLink(t);
    const codOper = String((await t.post('/nequi/push', { code, phone: '63333333' })).data['codOper']);
    expect((await t.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).status).toBe(200);
    expect((await t.post(`/nequi/payments/${codOper}/cancel`, {})).data).toMatchObject({ codOper, status: 1 });
  });

  it('a push called off (from the order opened in another browser) reads as called off, then as paid by the payment that paid its order: never a decline (issue 92)', async () => {
    const code = await newLink(t, { singleUse: true });
    for (const wallet of ['nequi', 'yappy'] as const) {
      const codOper = String((await t.post(wallet === 'nequi' ? '/nequi/push' : '/yappy/payments', { code, phone: '63333333' })).data['codOper']);
      await t.post(`/${wallet}/payments/${codOper}/cancel`, {});
      expect((await t.get(`/${wallet}/payments/${codOper}`)).data).toMatchObject({ code: 'payment_cancelled' });
      // Its receipt (a 3DS challenge's wait reads it) says the payer called it off, so no page reads it as refused.
      expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject({ calledOffByPayer: true, paidBy: null });
    }
    const paid = (await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data;
    expect(paid['status']).toBe(1);
    const calledOff = await t.db.query<{ cod_oper: string; method: string }>("select cod_oper, method from transactions where link_code = $1 and method <> 'card'", [code]);
    for (const { cod_oper, method } of calledOff) {
      const answer = await t.get(`/${method}/payments/${cod_oper}`);
      expect([answer.status, answer.data]).toMatchObject([409, { code: 'request_already_paid', paidBy: paid['codOper'], paidWith: 'card' }]);
      // Its receipt (a bank page's or a challenge's return reads it) names the payment that paid, too.
      expect((await t.get(`/receipts/${cod_oper}`)).data).toMatchObject({ paidBy: { codOper: paid['codOper'], method: 'card' }, calledOffByPayer: true });
    }
    // A payment nobody called off says nothing of it.
    expect((await t.get(`/receipts/${String(paid['codOper'])}`)).data['calledOffByPayer']).toBeUndefined();
  });

  it('a voucher called off because a card paid its order reads as paid by that card, never as lapsed (issue 92)', async () => {
    const code = await newLink(t, { singleUse: true });
    const voucher = String((await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '61234567' })).data['Oper']);
    expect((await t.get(`/cash/payments/${voucher}`)).data['status']).toBe(0);
    const paid = (await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data;
    expect(paid['status']).toBe(1);
    const answer = await t.get(`/cash/payments/${voucher}`);
    expect([answer.status, answer.data]).toMatchObject([409, { code: 'request_already_paid', paidBy: paid['codOper'], paidWith: 'card' }]);
  });

  it('the phone accepting a called-off push is refused: 409 already_settled', async () => {
    const code = await newLink(t);
    const codOper = String((await t.post('/nequi/push', { code, phone: '63333333' })).data['codOper']);
    await t.post(`/nequi/payments/${codOper}/cancel`, {});
    expect((await t.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).json).toMatchObject({ code: 'already_settled' });
  });

  it('an unknown payment is 404 PAYMENT_NOT_FOUND', async () => {
    expect((await t.post('/nequi/payments/PP000000000000/cancel', {})).data).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
    expect((await t.post('/yappy/payments/PP000000000000/cancel', {})).data).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });
});

describe('a single-use link takes one payment, whatever the method', () => {
  it('a card pays it: the waiting push, voucher, Clave and 3DS payments are called off and can no longer be paid', async () => {
    const code = await newLink(t, { singleUse: true });
    const push = String((await t.post('/nequi/push', { code, phone: '61111111' })).data['codOper']);
    const voucher = String((await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '+50761234567' })).data['Oper']);
    const clave = String((await t.post('/clave/payments', { code })).data['codOper']);
    const challenge = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220' }))).data['codOper']);
    const paid = (await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data;
    expect(paid['status']).toBe(1);
    // The push left waiting says which payment paid and how, so its page shows that receipt, not a failure (issue 92).
    expect((await t.get(`/nequi/payments/${push}`)).data).toMatchObject({ code: 'request_already_paid', paidBy: paid['codOper'], paidWith: 'card' });
    expect((await t.admin('POST', `/cash/${voucher}/pay`)).json['code']).toBe('request_already_paid');
    // So does the Clave payment a checkout follows after the payer came Back from the bank's page.
    expect((await t.get(`/clave/payments/${clave}`)).data).toMatchObject({ code: 'request_already_paid', paidBy: paid['codOper'], paidWith: 'card' });
    // The bank's and the issuer's pages lead back to the checkout, whose return reads the receipt: it names the payment that paid.
    for (const calledOff of [push, voucher, clave, challenge]) {
      expect((await t.get(`/receipts/${calledOff}`)).data['paidBy']).toEqual({ codOper: paid['codOper'], method: 'card' });
    }
    expect((await t.get(`/receipts/${String(paid['codOper'])}`)).data['paidBy']).toBeNull();
    const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    // The bank's and the issuer's pages have nothing waiting any more.
    expect((await t.app.request(`/sandbox/clave/${clave}`, { method: 'POST', headers: form, body: 'result=approve' })).status).toBe(400);
    // The challenge's settle call says why it takes no answer: the order is paid (409, not a bad argument).
    const late = await t.app.request(`/sandbox/3ds/${challenge}`, { method: 'POST', headers: form, body: 'result=approve' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'challenge_abandoned', message: expect.stringContaining('Este pedido ya se pagó') });
    const rows = await t.db.query<{ method: string; status: number; auth_status: string }>('select method, status, auth_status from transactions where link_code = $1 order by id', [code]);
    expect(rows.map((r) => [r.method, r.status, r.auth_status])).toEqual([
      ['nequi', 0, 'CANCELLED'], ['cash', 3, 'CANCELLED'], ['clave', 0, 'CANCELLED'], ['card', 0, 'CANCELLED'], ['card', 1, 'APPROVED'],
    ]);
    expect((await t.get(`/payment-info?code=${code}`)).data['code']).toBe('request_already_paid');
    // Opened again, its page says what was paid, when and how much (issue 96).
    const paidAt = (await t.db.query<{ created_at: Date }>("select created_at from transactions where link_code = $1 and status = 1 and method = 'card'", [code]))[0]?.created_at;
    const shop = (await t.get(`/payment-info/shop?code=${code}&type=lk`)).data;
    expect(shop['paid']).toMatchObject({ at: paidAt?.toISOString() });
    expect(typeof (shop['paid'] as { amount: number }).amount).toBe('number');
  });

  it('a crypto payment part-paid, called off because another payment paid its order: its answer names that one beside the refund owed', async () => {
    const code = await newLink(t, { singleUse: true });
    const coins = String((await t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX', trackId: crypto.randomUUID() })).data['codOper']);
    await t.admin('POST', `/crypto/${coins}/confirm`, { amountPaid: 5 });
    expect((await t.get(`/crypto/payments/${coins}`)).data['paidBy']).toBeNull();
    const paid = (await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data;
    expect(paid['status']).toBe(1);
    expect((await t.get(`/crypto/payments/${coins}`)).data).toMatchObject({
      cancelled: true, paidBy: { codOper: paid['codOper'], method: 'card' }, refund: { coin: 'USDT', network: 'TRX', amount: 5, status: 'pending' },
    });
  });

  it('a push approved first: the card that comes after is refused and records nothing', async () => {
    const code = await newLink(t, { singleUse: true });
    const push = String((await t.post('/nequi/push', { code, phone: '61111111' })).data['codOper']);
    await t.answerPhones();
    expect((await t.get(`/nequi/payments/${push}`)).data['status']).toBe(1);
    expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['code']).toBe('request_already_paid');
    expect((await t.db.query('select 1 from transactions where link_code = $1', [code])).length).toBe(1);
  });

  it('a payment pressed after another paid the order (open in another browser) is refused naming that one, whatever the method, and records nothing (issue 92)', async () => {
    const code = await newLink(t, { singleUse: true });
    const paid = (await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data;
    expect(paid['status']).toBe(1);
    const answers = [
      await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '5555555555554444' })),
      await t.post('/nequi/push', { code, phone: '61111111' }),
      await t.post('/yappy/payments', { code, phone: '61111111' }),
      await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '+50761234567' }),
      await t.post('/clave/payments', { code }),
      await t.post('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', trackId: crypto.randomUUID() }),
    ];
    // Its page says how the order was paid and shows that receipt, as a wait left behind does.
    for (const answer of answers) expect([answer.status, answer.data]).toMatchObject([409, { code: 'request_already_paid', paidBy: paid['codOper'], paidWith: 'card' }]);
    expect((await t.db.query('select 1 from transactions where link_code = $1', [code])).length).toBe(1);
  });
});

describe('cash voucher paid at a kiosk', () => {
  it('issues a pay-cash voucher (result code 1..), pays it at the kiosk, and refuses paying twice', async () => {
    const voucher = await t.post('/cash/pay-cash', { code: await newLink(t), email: 'p@example.com', phone: '61234567' });
    expect(voucher.data).toMatchObject({ resultCode: '100', status: 0, totalAmount: 26.75 });
    const reference = String(voucher.data['reference']);
    expect(reference).toMatch(/^\d{12}$/);
    expect((await t.admin('POST', `/cash/${reference}/pay`)).json).toMatchObject({ status: 2 });
    expect((await t.get(`/cash/payments/${String(voucher.data['Oper'])}`)).data['status']).toBe(2);
    expect((await t.admin('POST', `/cash/${reference}/pay`)).status).toBe(409);
    // The receipt of the paid voucher: cash's status 2 (paid) and the voucher number as its reference.
    expect((await t.get(`/receipts/${String(voucher.data['Oper'])}`)).data).toMatchObject({ status: 2, typeMethod: 'CASH', cardType: '', reference });
  });
  it('answers a cash-point voucher as "1|codOper" and lapses an unpaid voucher after 24 hours (status 3)', async () => {
    const voucher = await t.post('/cash/cash-point', { code: await newLink(t) });
    const codOper = String(voucher.data['Oper']);
    expect(voucher.data['result']).toBe(`1|${codOper}`);
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [codOper]);
    expect((await t.get(`/cash/payments/${codOper}`)).data['status']).toBe(3);
    expect((await t.admin('POST', `/cash/${codOper}/pay`)).status).toBe(410);
  });
});

describe("the payer's e-mail on a payment by another method than card", () => {
  it('is refused when it is no e-mail address (invalid_email), before anything is recorded or mailed; empty is none', async () => {
    const code = await newLink(t);
    for (const path of ['/cash/pay-cash', '/cash/cash-point', '/clave/payments']) {
      const refused = await t.post(path, { code, email: 'not an email' });
      expect(refused.status, path).toBe(400);
      expect(refused.data['code'], path).toBe('invalid_email');
    }
    const crypto = await t.post('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'not an email' });
    expect(crypto.data['code']).toBe('invalid_email');
    const mailed = await t.db.query<{ n: number }>("select count(*)::int as n from mailbox where to_email = 'not an email'");
    expect(mailed[0]?.n).toBe(0);
    expect((await t.post('/cash/pay-cash', { code, email: '' })).data).toMatchObject({ resultCode: '100' });
  });
});

describe('an amount the payer types', () => {
  it('is at least 1.00 on the server too (SPEC 5 validation_positive_number), whatever the method; a set price below it is paid as set', async () => {
    expect((await t.admin('POST', '/stations', { stationId: 'ABIERTA-2', description: 'Caja abierta', amount: 0 })).status).toBe(201);
    for (const path of ['/cash/pay-cash', '/clave/payments']) {
      const refused = await t.post(path, { code: 'ABIERTA-2', amount: 0.5, email: 'p@example.com' });
      expect(refused.status, path).toBe(400);
      expect(refused.data['code'], path).toBe('validation_positive_number');
    }
    expect((await t.post('/cash/pay-cash', { code: 'ABIERTA-2', amount: 1, email: 'p@example.com' })).data).toMatchObject({ resultCode: '100', totalAmount: 1 });
    const cheap = await t.admin('POST', '/links', { amount: 0.5, description: 'Caramelo' });
    expect((await t.post('/cash/pay-cash', { code: String(cheap.json['code']), email: 'p@example.com' })).data).toMatchObject({ resultCode: '100', totalAmount: 0.5 });
  });
});

describe('a cash network the merchant does not offer', () => {
  it('is refused before any voucher: a merchant with pay-cash alone issues no cash-point voucher', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Solo PayCash', methods: ['cash', 'card'] });
    const link = await t.admin('POST', '/links', { amount: 12, description: 'Pedido', merchantId: merchant.json['idMerchant'] });
    const code = String(link.json['code']);
    const refused = await t.post('/cash/cash-point', { code, email: 'p@example.com' });
    expect(refused.status).toBe(404);
    expect(refused.data['code']).toBe('service_unavailable');
    const rows = await t.db.query<{ n: number }>("select count(*)::int as n from transactions where method = 'cash' and merchant_id = $1", [merchant.json['idMerchant']]);
    expect(rows[0]?.n).toBe(0);
    expect((await t.post('/cash/pay-cash', { code, email: 'p@example.com' })).data).toMatchObject({ resultCode: '100', status: 0 });
  });

  it('SPEC 4 "methods not listed are turned off": a link listing PC takes cash-point vouchers alone, one listing PAYCASH pay-cash alone', async () => {
    const cashPointOnly = await newLink(t, { cardTypes: ['PC'] });
    const refused = await t.post('/cash/pay-cash', { code: cashPointOnly, email: 'p@example.com' });
    expect(refused.status).toBe(404);
    expect(refused.data['code']).toBe('service_unavailable');
    const rows = await t.db.query<{ n: number }>("select count(*)::int as n from transactions where link_code = $1", [cashPointOnly]);
    expect(rows[0]?.n).toBe(0);
    expect((await t.post('/cash/cash-point', { code: cashPointOnly, email: 'p@example.com' })).data).toMatchObject({ status: 0 });
    const payCashOnly = await newLink(t, { cardTypes: ['PAYCASH'] });
    expect((await t.post('/cash/cash-point', { code: payCashOnly, email: 'p@example.com' })).data['code']).toBe('service_unavailable');
    expect((await t.post('/cash/pay-cash', { code: payCashOnly, email: 'p@example.com' })).data).toMatchObject({ resultCode: '100', status: 0 });
  });
});

describe('Clave bank page', () => {
  it("redirects to the bank's page (the simulator's origin) whose approve button records the answer and returns to the widget; the settle call finishes the payment", async () => {
    const start = await t.post('/clave/payments', { code: await newLink(t) });
    const codOper = String(start.data['codOper']);
    const page = String(start.data['redirectUrl']);
    expect(new URL(page).origin).toBe(t.simulator.url);
    expect(await (await fetch(page)).text()).toContain('>Aprobar<');
    const done = await fetch(page, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    const back = new URL(done.headers.get('location') ?? '');
    expect((await t.app.request(back.pathname + back.search)).headers.get('location')).toBe(`/pf/widget/returnclave?Oper=${codOper}`);
    expect(await t.gateways.bank.outcome({ idempotencyKey: codOper, deadline: new Date(Date.now() + 5_000) })).toBe('approved');
    // This app hears no notifications (it listens on no address): the settle call tells it what the bank said.
    const other = await t.post('/clave/payments', { code: await newLink(t), trackId: `clave-settle-${Math.random()}` });
    const settled = await t.app.request(`/sandbox/clave/${String(other.data['codOper'])}`, { method: 'POST', body: new URLSearchParams({ result: 'approve' }) });
    expect(await settled.json()).toEqual({ codOper: String(other.data['codOper']), status: 1 });
    expect((await t.get(`/clave/payments/${String(other.data['codOper'])}`)).data['status']).toBe(1);
  });
});

describe('crypto', () => {
  it('lists coins and networks, quotes a payment, re-quotes on a coin change, confirms and flags under-payment', async () => {
    const coins = (await t.get('/crypto/coins')).data['coins'] as Array<{ value: string }>;
    expect(coins.map((c) => c.value)).toContain('USDT');
    expect((await t.get('/crypto/networks?coin=USDT')).data['networks']).toContainEqual({ name: 'Tron (TRC20)', network: 'TRX' });
    expect((await t.get('/crypto/networks?coin=DOGE')).data['code']).toBe('SERVICE_UNAVAILABLE');
    const code = await newLink(t);
    const created = await t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX' });
    expect(created.data).toMatchObject({ status: 'SUCCESS', amountCrypto: 26.75, rate: 1, txStatus: 0 });
    const id = String(created.data['id']);
    const btc = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify({ currency: 'BTC', network: 'BTC' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    expect(btc.status).toBe(200);
    // Another network, another address on it.
    expect(String(created.data['address'])).toMatch(/^sbxtrx_/);
    const btcAddress = String((await t.get(`/crypto/payments/${id}`)).data['address']);
    expect(btcAddress).toMatch(/^sbxbtc_[0-9a-f]{32}$/);
    const again = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify({ currency: 'BTC', network: 'BTC' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    expect(again.status).toBe(200);
    expect((await t.get(`/crypto/payments/${id}`)).data['address']).toBe(btcAddress);
    const under = await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 0.0001 });
    expect(under.json).toMatchObject({ underpaid: true, txStatus: 0 });
    await t.db.query("update transactions set details = jsonb_set(details, '{rateExpiresAt}', to_jsonb('2000-01-01T00:00:00.000Z'::text)) where cod_oper = $1", [id]);
    // A read writes nothing: past its 10 minutes the quote stays as recorded until the payer's PUT renews it.
    const before = (await t.db.query<{ details: unknown; updated_at: Date }>('select details, updated_at from transactions where cod_oper = $1', [id]))[0];
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ rateExpiresAt: '2000-01-01T00:00:00.000Z', paidCrypto: 0.0001 });
    expect((await t.db.query('select details, updated_at from transactions where cod_oper = $1', [id]))[0]).toEqual(before);
    const requoted = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify({ currency: 'BTC', network: 'BTC' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    expect(requoted.status).toBe(200);
    const renewed = (await t.get(`/crypto/payments/${id}`)).data;
    expect(Date.parse(String(renewed['rateExpiresAt']))).toBeGreaterThan(Date.now() + 9 * 60 * 1000);
    // What has arrived is kept with the new quote, and the address with it.
    expect(renewed).toMatchObject({ paidCrypto: 0.0001, underpaid: true, address: btcAddress });
    const full = await t.admin('POST', `/crypto/${id}/confirm`, {});
    expect(full.json).toMatchObject({ underpaid: false, txStatus: 1, currency: 'BTC', amountCrypto: 0.000535 });
  });
});

describe('random-charge validation', () => {
  it('confirms the exact charge read off the statement, and cancels after three wrong answers', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)));
    const codOper = String(paid.data['codOper']);
    expect((await t.admin('POST', '/validations', { codOper })).status).toBe(201);
    const charge = Number((await t.admin('GET', `/validations/${codOper}`)).json['charge']);
    expect(charge).toBeGreaterThanOrEqual(1);
    expect(charge).toBeLessThanOrEqual(3);
    const wrong = (charge === 1 ? 1.01 : 1).toFixed(2);
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|5.00` })).data['code']).toBe('invalid_amount_validation_tx');
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${wrong}` })).data['code']).toBe('Invalid Amount');
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${charge.toFixed(2)}` })).data).toMatchObject({ state: 1 });
    expect((await t.get(`/transactions/${codOper}/validation`)).data).toMatchObject({ state: 1, currency: 'USD' });
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `PPNOPE|1.00` })).data['code']).toBe('Invalid Code');

    await t.admin('POST', '/validations', { codOper });
    const fresh = Number((await t.admin('GET', `/validations/${codOper}`)).json['charge']);
    const miss = (fresh === 1 ? 1.01 : 1).toFixed(2);
    const check = (answer: string) => t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${answer}` }, { 'accept-language': 'en' });
    expect((await check(miss)).data).toMatchObject({ code: 'Invalid Amount' });
    expect((await check(miss)).data).toMatchObject({ code: 'Invalid Amount' });
    // docs/sandbox.md "Three wrong answers cancel it": the third says so, not that time ran out.
    const third = await check(miss);
    expect(third).toMatchObject({ status: 410, data: { code: 'Validation Canceled', message: expect.stringMatching(/canceled the validation after three wrong amounts/) } });
    expect((await t.admin('GET', `/validations/${codOper}`)).json['state']).toBe(2);
    const late = await check(fresh.toFixed(2));
    expect(late).toMatchObject({ status: 410, data: { code: 'Validation Canceled' } });
    expect((await t.get(`/transactions/${codOper}/validation`)).data).toMatchObject({ state: 2, attempts: 3 });
  });
  it('answers 619 once its 24 hours have passed, and only then (docs/sandbox.md "after 24 hours it answers 619")', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)));
    const codOper = String(paid.data['codOper']);
    await t.admin('POST', '/validations', { codOper });
    const charge = Number((await t.admin('GET', `/validations/${codOper}`)).json['charge']);
    const miss = (charge === 1 ? 1.01 : 1).toFixed(2);
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${miss}` })).data['code']).toBe('Invalid Amount');
    await t.db.query(`update validations set expires_at = now() - interval '1 minute' where cod_oper = $1`, [codOper]);
    const late = await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${charge.toFixed(2)}` });
    expect(late).toMatchObject({ status: 410, data: { code: 619 } });
  });
  it('charges a card in pesos whole pesos from 1.000 to 3.000, on a statement line in COP, and takes the answer in whole pesos (docs/sandbox.md)', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Tienda Bogotá', country: 'CO' });
    const link = await t.admin('POST', '/links', { amount: 60_000, description: 'Pedido 77' }, { authorization: `Bearer ${String(made.json['secretKey'])}` });
    const code = String(link.json['code']);
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 60_000, taxAmount: 0 }));
    const codOper = String(paid.data['codOper']);
    expect((await t.admin('POST', '/validations', { codOper })).status).toBe(201);
    const shown = (await t.admin('GET', `/validations/${codOper}`)).json;
    const charge = Number(shown['charge']);
    expect(Number.isInteger(charge) && charge >= 1000 && charge <= 3000, String(charge)).toBe(true);
    expect(shown['statementLine']).toBe(`PASARELA*VERIFICA ${charge} COP`);
    expect((await t.get(`/transactions/${codOper}/validation`)).data).toMatchObject({ state: 0, currency: 'COP' });
    // The dollars' range, centavos or a sum outside 1.000-3.000 is no answer in pesos, and takes no try.
    for (const answer of ['2.37', `${charge}.50`, '5000.00', '999.00']) {
      expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${answer}` })).data['code'], answer).toBe('invalid_amount_validation_tx');
    }
    const wrong = charge === 1000 ? 1001 : 1000;
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${wrong}.00` })).data['code']).toBe('Invalid Amount');
    expect((await t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${charge}.00` })).data).toMatchObject({ state: 1 });
  });
  it('counts wrong answers racing in the database: of eight at once, three take a try (the third cancels it) and the rest find it canceled', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t)));
    const codOper = String(paid.data['codOper']);
    await t.admin('POST', '/validations', { codOper });
    const charge = Number((await t.admin('GET', `/validations/${codOper}`)).json['charge']);
    const miss = (charge === 1 ? 1.01 : 1).toFixed(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/transactions/check', { option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${miss}` })));
    const codes = answers.map((a) => a.data['code']);
    // The third wrong amount is the one that cancels it: it and the five after it say so.
    expect(codes.filter((c) => c === 'Invalid Amount')).toHaveLength(2);
    expect(codes.filter((c) => c === 'Validation Canceled')).toHaveLength(6);
    expect((await t.admin('GET', `/validations/${codOper}`)).json).toMatchObject({ state: 2, attempts: 3 });
  });
});
