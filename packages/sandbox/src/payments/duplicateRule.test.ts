import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEMO_STATION_ID } from '../db/seed';
import { cardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../test/testApp';
import { duplicateLockKey } from '../store/transactions';

// SPEC 8 possible_duplicated_tx: "same amount and card within 5 minutes", whatever the link or
// station, counting only approved or pending payments.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = (code: string, cardNumber: string, amount = 25, taxAmount = 1.75) =>
  t.post('/cards/auth-capture', cardPayload(code, { cardNumber, amount, taxAmount }));
const backdate = (codOper: unknown, seconds: number) =>
  t.db.query(`update transactions set created_at = now() - make_interval(secs => $2) where cod_oper = $1`, [String(codOper), seconds]);
const freshCard = () => testCardNumber(randomUUID());

describe('the 5-minute window (SPEC 9 "Duplicate window 5 minutes")', () => {
  it('a payment 4m59s earlier is a duplicate, on another link', async () => {
    const card = freshCard();
    const first = await pay(await newLink(t), card);
    expect(first.data['status']).toBe(1);
    await backdate(first.data['codOper'], 4 * 60 + 59);
    expect(await pay(await newLink(t), card)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
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
    expect((await pay(await newLink(t, { amount }), pending, amount)).data['status']).toBe(-1);
    expect(await pay(await newLink(t, { amount }), pending, amount)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });

  it('one of 8 simultaneous payments of one card and amount on 8 links goes through', async () => {
    const card = freshCard();
    const links = await Promise.all(Array.from({ length: 8 }, () => newLink(t, { amount: 33 })));
    const answers = await Promise.all(links.map((code) => pay(code, card, 33)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.data['code'] === 'possible_duplicated_tx')).toHaveLength(7);
  });

  it('the lock that serialises the check is the card and amount, not the link', () => {
    expect(duplicateLockKey('f', 2500)).toBe(duplicateLockKey('f', 2500));
    expect(duplicateLockKey('f', 2500)).not.toBe(duplicateLockKey('f', 2600));
    expect(duplicateLockKey('f', 2500)).not.toBe(duplicateLockKey('g', 2500));
  });
});
