import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEMO_STATION_ID } from '../db/seed';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../../test/testApp';
import { duplicateLockKey } from '../store/insertTransaction';

// SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes" at the same merchant
// (core duplicateRule), whatever link or station of it, counting only approved or pending payments;
// SPEC 3 tryAgain lets a confirmed second purchase through.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = async (code: string, cardNumber: string, amount = 25, taxAmount = 1.75, tryAgain?: boolean) =>
  t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code, { cardNumber, amount, taxAmount }), ...(tryAgain === undefined ? {} : { tryAgain }) });
const otherMerchantLink = async () => {
  const merchant = await t.admin('POST', '/merchants', { name: `Otra tienda ${randomUUID().slice(0, 8)}` });
  return newLink(t, { merchantId: merchant.json['idMerchant'] });
};
const backdate = (codOper: unknown, seconds: number) =>
  t.db.query(`update transactions set created_at = now() - make_interval(secs => $2) where cod_oper = $1`, [String(codOper), seconds]);
const freshCard = () => testCardNumber(randomUUID());

describe('the 5-minute window (SPEC 9 "Duplicate window 5 minutes")', () => {
  it('a payment 4m59s earlier is a duplicate, on another link of the same merchant', async () => {
    const card = freshCard();
    const first = await pay(await newLink(t), card);
    expect(first.data['status']).toBe(1);
    await backdate(first.data['codOper'], 4 * 60 + 59);
    // The earlier payment's state is a field of the answer (the checkout words its question by it).
    // ...and its operation and method, so its payer (the same card) can go back to it; nothing else of it.
    const again = await pay(await newLink(t), card);
    expect(again).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx', state: 'charged', codOper: first.data['codOper'], method: 'card' } });
    expect(Object.keys(again.data).sort()).toEqual(['codOper', 'code', 'message', 'method', 'state']);
  });

  it('a payment 5m01s earlier is not', async () => {
    const card = freshCard();
    const first = await pay(await newLink(t), card);
    await backdate(first.data['codOper'], 5 * 60 + 1);
    expect(await pay(await newLink(t), card)).toMatchObject({ status: 200, data: { status: 1 } });
  });
});

describe('what counts as the same payment', () => {
  it('a link and a station: the same card and amount on a station after a link is a duplicate', async () => {
    const card = freshCard();
    expect((await pay(await newLink(t, { amount: 15, taxAmount: 0 }), card, 15, 0)).data['status']).toBe(1);
    expect(await pay(DEMO_STATION_ID, card, 15, 0)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });

  it('another amount or another card is another payment', async () => {
    const card = freshCard();
    expect((await pay(await newLink(t), card)).status).toBe(200);
    expect((await pay(await newLink(t, { amount: 26 }), card, 26)).status).toBe(200);
    expect((await pay(await newLink(t), freshCard())).status).toBe(200);
  });

  it('a declined payment is no charge; a pending one counts', async () => {
    const declined = '4000000000000002';
    const amount = 31;
    expect((await pay(await newLink(t, { amount }), declined, amount)).data['status']).toBe(0);
    expect((await pay(await newLink(t, { amount }), declined, amount)).data['status']).toBe(0);
    const pending = '4000000000000259';
    const waiting = await pay(await newLink(t, { amount }), pending, amount);
    expect(waiting.data['status']).toBe(-1);
    expect(await pay(await newLink(t, { amount }), pending, amount)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx', state: 'waiting', codOper: waiting.data['codOper'] } });
  });

  it('one of 8 simultaneous payments of one card and amount on 8 links goes through', async () => {
    const card = freshCard();
    const links = await Promise.all(Array.from({ length: 8 }, () => newLink(t, { amount: 33 })));
    const answers = await Promise.all(links.map((code) => pay(code, card, 33)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.data['code'] === 'possible_duplicated_tx')).toHaveLength(7);
  });

  it('the lock that serialises the check is the merchant, card and amount, not the link', () => {
    const key = (merchantId: number, cardFingerprint: string, amountCents: number) => duplicateLockKey({ merchantId, cardFingerprint, amountCents });
    expect(key(1, 'f', 2500)).toBe(key(1, 'f', 2500));
    expect(key(1, 'f', 2500)).not.toBe(key(1, 'f', 2600));
    expect(key(1, 'f', 2500)).not.toBe(key(1, 'g', 2500));
    expect(key(1, 'f', 2500)).not.toBe(key(2, 'f', 2500));
  });
});

describe('per merchant, and a confirmed second purchase (tryAgain)', () => {
  it("the same card and amount at another merchant's link a second later is another shop's purchase", async () => {
    const card = freshCard();
    expect((await pay(await newLink(t), card)).data['status']).toBe(1);
    expect(await pay(await otherMerchantLink(), card)).toMatchObject({ status: 200, data: { status: 1 } });
    // And the first merchant still protects its own payer.
    expect(await pay(await newLink(t), card)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });

  it('tryAgain: true sends the second purchase through, recorded as its own payment; tryAgain: false is checked', async () => {
    const card = freshCard();
    const code = await newLink(t);
    expect((await pay(code, card)).data['status']).toBe(1);
    expect(await pay(code, card, 25, 1.75, false)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    const second = await pay(code, card, 25, 1.75, true);
    expect(second).toMatchObject({ status: 200, data: { status: 1 } });
    const rows = await t.db.query<{ status: number }>('select status from transactions where link_code = $1 order by id', [code]);
    expect(rows.map((r) => r.status)).toEqual([1, 1]);
  });

  it('simultaneous payments at two merchants both go through; at one merchant, one does', async () => {
    const card = freshCard();
    const [mine, theirs] = await Promise.all([newLink(t, { amount: 34 }), (async () => {
      const merchant = await t.admin('POST', '/merchants', { name: `Tienda ${randomUUID().slice(0, 8)}` });
      return newLink(t, { amount: 34, merchantId: merchant.json['idMerchant'] });
    })()]);
    const answers = await Promise.all([pay(mine, card, 34), pay(theirs, card, 34), pay(mine, card, 34)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409]);
  });
});

describe('only what charged or may still charge counts, and the answer names which', () => {
  const threeDs = '4000000000003220';
  it('an approved payment: the 409 says charged', async () => {
    const card = freshCard();
    expect((await pay(await newLink(t, { amount: 41 }), card, 41)).data['status']).toBe(1);
    const again = await pay(await newLink(t, { amount: 41 }), card, 41);
    expect(again).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    expect(String(again.data['message'])).toMatch(/\(charged\)$/);
    expect(again.data).not.toHaveProperty('challengeUrl');
  });

  it('a 3DS challenge still open may still charge: the 409 says waiting; once the payer calls it off, it does not count', async () => {
    const amount = 43;
    const first = await pay(await newLink(t, { amount }), threeDs, amount);
    expect(first.data['status']).toBe(-1);
    const again = await pay(await newLink(t, { amount }), threeDs, amount);
    expect(again).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    expect(String(again.data['message'])).toMatch(/\(waiting\)$/);
    // Its issuer's page, as the first answer gave it: the payer may finish it from this browser.
    expect(first.data['redirectUrl']).toMatch(/^https?:\/\//);
    expect(again.data['challengeUrl']).toBe(first.data['redirectUrl']);
    const left = await t.post(`/cards/payments/${String(first.data['codOper'])}/abandon`, {});
    expect(left.data['status']).toBe(0);
    const afterLeaving = await pay(await newLink(t, { amount }), threeDs, amount);
    expect(afterLeaving).toMatchObject({ status: 200, data: { status: -1 } });
  });
});
