import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import * as v from 'valibot';
import { CardAuthResponseSchema, ReceiptSchema } from '@pasarela/core';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type CardPayloadOptions, type TestApp } from '../../../test/testApp';
import { DEMO_STATION_ID } from '../../db/seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = async (overrides: CardPayloadOptions = {}, link?: string) =>
  t.post('/cards/auth-capture', await tokenizedCardPayload(link ?? (await newLink(t)), overrides));

describe('card outcomes of PRODUCT.md test inputs', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['4111111111111111', 'VISA'],
    ['5555555555554444', 'MC'],
    ['378282246310005', 'AMEX'],
  ])('approves %s (%s)', async (cardNumber, brand) => {
    const res = await pay({ cardNumber });
    expect(res.status).toBe(200);
    expect(v.safeParse(CardAuthResponseSchema, res.data).success).toBe(true);
    expect(res.data).toMatchObject({ status: 1, cardType: brand, authStatus: 'APPROVED', messageSys: 'Transacción aprobada' });
    expect(res.data['displayNum']).toBe(`**** **** **** ${cardNumber.slice(-4)}`);
    expect(res.data['codOper']).toMatch(/^PP[0-9A-F]{12}$/);
    const mail = await t.admin('GET', '/mailbox?to=pagador@example.com');
    const receipt = (mail.json['messages'] as Array<{ subject: string; body: string }>).find((m) => m.subject.includes(String(res.data['codOper'])));
    expect(receipt?.body).toContain(cardNumber.slice(-4));
    expect(receipt?.body).not.toContain(cardNumber);
  });

  it.each([
    ['4000000000000002', 'DECLINED', 'Transaction declined by the issuing bank'],
    ['4000000000009995', 'INSUFFICIENT_FUNDS', 'Insufficient funds'],
    ['4000000000000069', 'EXPIRED_CARD', 'Expired card'],
    ['4000000000000127', 'INCORRECT_CVC', 'Incorrect security code (CVC)'],
  ])('declines %s with status 0 and says why (%s)', async (cardNumber, authStatus, messageSys) => {
    const res = await pay({ cardNumber, lang: 'en' });
    expect(res.data).toMatchObject({ status: 0, authStatus, messageSys });
  });

  // SPEC 8 "error_processing_request for an old-version tx failure"; SPEC 9 "The old-version flag is true except for service codes EA and ED".
  it.each([
    [{}, 'error_processing_request'],
    [{ isOldVersion: false, serviceCode: 'EA' }, 'payment_error_try_again'],
    [{ isOldVersion: undefined, serviceCode: 'ED' }, 'payment_error_try_again'],
    [{ isOldVersion: undefined }, 'error_processing_request'],
  ])('answers 502 for the processing-error card (%j: %s) and records nothing', async (patch, code) => {
    const link = await newLink(t);
    const res = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(link, { cardNumber: '4000000000000119' }), isOldVersion: true, ...patch });
    expect(res).toMatchObject({ status: 502, data: { code } });
    expect((await t.admin('GET', `/transactions?code=${link}`)).json['transactions']).toEqual([]);
  });

  it('an approved answer carries its receipt, as GET receipt gives it; a declined one none', async () => {
    const cardNumber = testCardNumber('answer carries its receipt');
    const res = await pay({ cardNumber });
    const codOper = String(res.data['codOper']);
    expect(v.safeParse(ReceiptSchema, res.data['receipt']).success).toBe(true);
    expect(res.data['receipt']).toEqual((await t.get(`/receipts/${codOper}`)).data);
    expect(res.data['receipt']).toMatchObject({ codOper, status: 1, displayNum: `**** **** **** ${cardNumber.slice(-4)}` });
    expect((await pay({ cardNumber: '4000000000000002' })).data['receipt']).toBeUndefined();
  });

  it('answers pending (-1) for 4000 0000 0000 0259', async () => {
    const res = await pay({ cardNumber: '4000000000000259' });
    expect(res.data).toMatchObject({ status: -1, authStatus: 'PENDING' });
    expect(res.data['redirectUrl']).toBeUndefined();
  });

  it("the 3DS page's cancel calls the payment off as the payer's (nothing charged: CANCELLED, not a failed authentication)", async () => {
    const res = await pay({ cardNumber: '4000000000003220' });
    const url = new URL(String(res.data['redirectUrl']));
    const codOper = String(res.data['codOper']);
    const html = await (await fetch(url)).text();
    expect(html).toContain('name="result" value="cancel"');
    // The issuer's page decides nothing; its return address is marked, and the way back calls the payment off.
    const left = await fetch(url, { method: 'POST', body: new URLSearchParams({ result: 'cancel' }), redirect: 'manual' });
    expect(left.status).toBe(303);
    const hop = new URL(left.headers.get('location') ?? '');
    expect(hop.searchParams.get('cancel')).toBe('1');
    const back = await t.app.request(hop.pathname + hop.search);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/pf/default-receipt/processing?Oper=${codOper}`);
    const receipt = await t.get(`/receipts/${codOper}`);
    expect(receipt.data).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
    // This browser's own cancel: its wait says cancelled, never "called off in another window".
    expect(receipt.data['calledOffByPayer']).toBeUndefined();
  });

  it("redirects 4000 0000 0000 3220 to the issuer's 3DS page on the simulator's origin, whose approve is recorded there; the settle call finishes the payment", async () => {
    const res = await pay({ cardNumber: '4000000000003220' });
    expect(res.data).toMatchObject({ status: -1, authStatus: 'PENDING_3DS' });
    const url = new URL(String(res.data['redirectUrl']));
    // The issuer's page is the simulator's, asking for the widget's way back (an empty returnTo).
    expect(url.origin).toBe(t.simulator.url);
    expect(url.searchParams.get('returnTo')).toBe('');
    const html = await (await fetch(url)).text();
    // In the payment's language alone (es here), no bilingual buttons.
    expect(html).toContain('>Aprobar<');
    expect(html).not.toContain('Approve');
    expect(html).toContain('3220');
    const done = await fetch(url, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    expect(done.status).toBe(303);
    const codOper = String(res.data['codOper']);
    const back = new URL(done.headers.get('location') ?? '');
    expect((await t.app.request(back.pathname + back.search)).headers.get('location')).toBe(`/pf/default-receipt/processing?Oper=${codOper}`);
    // Recorded at the issuer; this app listens on no address, so its notification is played here as it arrives.
    const decision = await t.gateways.card.lookup({ idempotencyKey: codOper, deadline: new Date(Date.now() + 5_000), reference: null });
    expect(decision).toMatchObject({ status: 'approved' });
    if (decision) await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `sim:card:${codOper}:approved`, key: codOper, kind: 'card', decision });
    expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 1, authStatus: 'APPROVED' });
    // Answered: the settle call finds no challenge waiting.
    const again = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', body: new URLSearchParams({ result: 'fail' }) });
    expect(again.status).toBe(400);
  });

  // The 3DS card's payments wait (pending), so each test pays another amount: the duplicate rule counts them.
  it("carries the widget's returnTo through the issuer's page back to the widget", async () => {
    const res = await pay({ cardNumber: '4000000000003220', amount: 27 }, await newLink(t, { amount: 27 }));
    const back = '/pf/default-receipt/PP1?challenge=1&lang=en';
    const url = new URL(String(res.data['redirectUrl']));
    url.searchParams.set('returnTo', back);
    const page = await (await fetch(url)).text();
    const returnTo = /name="returnTo" value="([^"]*)"/.exec(page)?.[1]?.replace(/&#38;/g, '&');
    expect(returnTo).toBe(back);
    const done = await fetch(url, { method: 'POST', body: new URLSearchParams({ result: 'approve', returnTo: returnTo ?? '' }), redirect: 'manual' });
    const hop = new URL(done.headers.get('location') ?? '');
    expect((await t.app.request(hop.pathname + hop.search)).headers.get('location')).toBe(back);
  });

  it('fails the 3DS payment with the fail button and keeps returnTo on this origin only', async () => {
    const res = await pay({ cardNumber: '4000000000003220', amount: 28 }, await newLink(t, { amount: 28 }));
    const url = new URL(String(res.data['redirectUrl']));
    const done = await fetch(url, { method: 'POST', body: new URLSearchParams({ result: 'fail', returnTo: '//evil.test/x' }), redirect: 'manual' });
    const hop = new URL(done.headers.get('location') ?? '');
    expect(hop.pathname).toMatch(/^\/pf\/gateways\/return\/3ds\/PP\w+$/);
    expect((await t.app.request(hop.pathname + hop.search)).headers.get('location')).toMatch(/^\/pf\/default-receipt\/processing\?Oper=/);
    expect((await t.gateways.card.lookup({ idempotencyKey: String(res.data['codOper']), deadline: new Date(Date.now() + 5_000), reference: null }))).toMatchObject({ status: 'declined', reason: 'three_ds_failed' });
  });
});

describe('server-side rules', () => {
  it('rejects the same card and amount within 5 minutes, on the same link or another (possible_duplicated_tx)', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    expect((await pay({ cardNumber }, link)).data['status']).toBe(1);
    expect(await pay({ cardNumber }, link)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    expect(await pay({ cardNumber })).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    expect((await pay({ cardNumber, amount: 26 }, link)).data['code']).toBe('invalid_amount');
    expect((await pay({}, link)).status).toBe(200);
  });
  it('"same amount" is what the card is charged, tax included: 10.00 + 1.00 after 11.00 + 0 asks, 10.00 + 0 after 10.00 + 1.00 does not', async () => {
    const cardNumber = testCardNumber(crypto.randomUUID());
    const paid = await pay({ cardNumber, amount: 11, taxAmount: 0 }, await newLink(t, { amount: 11, taxAmount: 0 }));
    expect(paid.data['status']).toBe(1);
    const sameTotal = await pay({ cardNumber, amount: 10, taxAmount: 1 }, await newLink(t, { amount: 10, taxAmount: 1 }));
    expect(sameTotal).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    const otherCard = testCardNumber(crypto.randomUUID());
    expect((await pay({ cardNumber: otherCard, amount: 10, taxAmount: 1 }, await newLink(t, { amount: 10, taxAmount: 1 }))).data['status']).toBe(1);
    // The same amount before tax, another total: another purchase, no question.
    expect((await pay({ cardNumber: otherCard, amount: 10, taxAmount: 0 }, await newLink(t, { amount: 10, taxAmount: 0 }))).data['status']).toBe(1);
  });

  it('SPEC 9 "Duplicate window 5 minutes": a payment made 4:50 ago is a duplicate, one made 5:10 ago is not', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    const first = await pay({ cardNumber }, link);
    expect(first.data['status']).toBe(1);
    const madeAgo = (seconds: number) =>
      t.db.query("update transactions set created_at = now() - make_interval(secs => $2) where cod_oper = $1", [first.data['codOper'], seconds]);
    await madeAgo(4 * 60 + 50);
    expect(await pay({ cardNumber }, link)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    await madeAgo(5 * 60 + 10);
    expect((await pay({ cardNumber }, link)).data['status']).toBe(1);
  });
  it('SPEC 4: a link whose cardType list names only other methods takes no card (card_not_valid)', async () => {
    expect(await pay({}, await newLink(t, { cardTypes: ['NEQUI'] }))).toMatchObject({ status: 422, data: { code: 'card_not_valid' } });
    expect((await pay({}, await newLink(t, { cardTypes: ['NEQUI', 'CARD'] }))).status).toBe(200);
  });
  it('lets a payer retry after a decline (a decline is no charge)', async () => {
    const link = await newLink(t);
    expect((await pay({ cardNumber: '4000000000000002' }, link)).data['status']).toBe(0);
    expect((await pay({ cardNumber: '4000000000000002' }, link)).data['status']).toBe(0);
  });
  it('rejects amounts above the merchant limit, tax included (amount_exceeds_limit_allowed)', async () => {
    // 4998.25 plus the link's 1.75 tax is the demo merchant's limit, 5000.
    const link = await newLink(t, { amount: 4998.25 });
    expect(await pay({ amount: 4998.26 }, link)).toMatchObject({ status: 422, data: { code: 'amount_exceeds_limit_allowed' } });
    expect(await pay({ amount: 4998.25, taxAmount: 1.76 }, link)).toMatchObject({ status: 422, data: { code: 'amount_exceeds_limit_allowed' } });
    expect((await pay({ amount: 4998.25 }, link)).status).toBe(200);
  });
  it('charges the link\'s own price and tax, whatever the page sends', async () => {
    const link = await newLink(t);
    const lower = await pay({ amount: 0.5 }, link);
    expect(lower).toMatchObject({ status: 400, data: { code: 'invalid_amount' } });
    expect(String(lower.data['message'])).toContain('25.00');
    expect((await pay({ taxAmount: 0 }, link)).data['code']).toBe('invalid_amount');
  });
  it('rejects a brand the link does not accept (card_not_valid)', async () => {
    const link = await newLink(t, { cardTypes: ['MC'] });
    expect(await pay({}, link)).toMatchObject({ status: 422, data: { code: 'card_not_valid' } });
    expect((await pay({ cardNumber: '5105105105105100' }, link)).status).toBe(200);
  });
  it('rejects payments on an expired link with 3000 and on a paid single-use link', async () => {
    expect(await pay({}, await newLink(t, { expiresInSeconds: -1 }))).toMatchObject({ status: 410, data: { code: 3000 } });
    const single = await newLink(t, { singleUse: true });
    expect((await pay({}, single)).data['status']).toBe(1);
    expect(await pay({ cardNumber: '5555555555554444' }, single)).toMatchObject({ status: 409, data: { code: 'request_already_paid' } });
  });
  it('pays a payment station by card at its price, and answers 404 error_to_load for a code that is neither', async () => {
    expect(await pay({ amount: 15, taxAmount: 0 }, DEMO_STATION_ID)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await pay({ amount: 14, taxAmount: 0, cardNumber: '5555555555554444' }, DEMO_STATION_ID)).toMatchObject({ status: 400, data: { code: 'invalid_amount' } });
    expect(await pay({}, 'LKNOSUCHLINK')).toMatchObject({ status: 404, data: { code: 'error_to_load' } });
  });
  it('issue 90: names the bad field: a card number or a CVC where the vault\'s token goes, a token the vault never made, a missing trackId', async () => {
    const link = await newLink(t);
    const body = await tokenizedCardPayload(link);
    const raw = await t.post('/cards/auth-capture', { ...body, cardInformation: { ...body.cardInformation, cardNumber: '4242424242424242' } });
    expect(raw).toMatchObject({ status: 400, data: { code: 'card_token_required' } });
    expect(String(raw.data['message'])).toContain('cardInformation.cardNumber');
    const cvv = await t.post('/cards/auth-capture', { ...body, cardInformation: { ...body.cardInformation, cvv: '123' } });
    expect(cvv).toMatchObject({ status: 400, data: { code: 'card_token_required' } });
    expect(String(cvv.data['message'])).toContain('cardInformation.cvv');
    const unknown = await pay({ token: `tok_${'Z'.repeat(32)}` }, link);
    expect(unknown).toMatchObject({ status: 400, data: { code: 'invalid_card' } });
    expect(String(unknown.data['message'])).toContain('cardInformation.cardNumber');
    const missing = await t.post('/cards/auth-capture', { ...body, additionalData: { domainRequested: 'x', zipCode: '0000', street: 'x' } });
    expect(missing.data['code']).toBe('missing_arguments');
    expect(String(missing.data['message'])).toContain('additionalData.trackId');
    // Nothing was recorded for any of them.
    expect(await t.db.query("select 1 from transactions where link_code = $1", [link])).toEqual([]);
  });
});

describe('exactly once by trackId', () => {
  it('answers a repeated trackId with the first answer and records one row', async () => {
    const link = await newLink(t);
    const trackId = crypto.randomUUID();
    const first = await pay({ trackId }, link);
    const second = await pay({ trackId }, link);
    expect(second.data).toEqual(first.data);
    expect((await t.admin('GET', `/transactions?code=${link}`)).json['transactions']).toHaveLength(1);
  });
  it('records one row for 20 concurrent requests with the same trackId', async () => {
    const link = await newLink(t);
    const trackId = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay({ trackId }, link)));
    expect(new Set(answers.map((a) => a.data['codOper'])).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await t.db.query('select count(*)::int as n from transactions where track_id = $1', [trackId]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('double submission with fresh trackIds', () => {
  it('lets one of 10 simultaneous payments of the same card and amount through, and answers the rest 409', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay({ cardNumber }, link)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.data['code'] === 'possible_duplicated_tx')).toHaveLength(9);
    const rows = await t.db.query('select count(*)::int as n from transactions where link_code = $1', [link]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('receipts', () => {
  it('answers the receipt by codOper, also with the SANDBOX_ prefix, readable by core', async () => {
    const paid = await pay({ cardNumber: '371449635398431' });
    const codOper = String(paid.data['codOper']);
    for (const path of [`/receipts/${codOper}`, `/receipts/SANDBOX_${codOper}`, `/receipts?cOper=SANDBOX_${codOper}`]) {
      const res = await t.get(path);
      expect(res.status).toBe(200);
      expect(v.safeParse(ReceiptSchema, res.data).success).toBe(true);
      expect(res.data).toMatchObject({ codOper, status: 1, cardType: 'AMEX', totalPay: 26.75, taxAmount: 1.75, name: 'José Núñez' });
      expect(res.data['merchant']).toEqual({ merchantName: 'Tienda Demo Panamá', logo: '/images/merchants/tostadores-del-casco.png', brand: { displayName: 'Tostadores del Casco', colorPrimary: '#6b3e26' } });
      expect(res.data['date']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }
  });
  it('answers 404 receive_not_found', async () => {
    expect((await t.get('/receipts/PP000000000000')).data['code']).toBe('receive_not_found');
  });
});
