import { describe, expect, it } from 'vitest';
import { cryptoRefundCoins, heldCentsOf, refundCheck, refundPathOf, type RefundablePayment } from './refunds';

// PRODUCT.md "Merchant server integration": "refunds (`POST transactions/:codOper/refunds` with
// `amount?`; absent = what remains)". Issue 49: "full and partial, several partials up to what was
// paid: card through the card processor port, balance back to the wallet, Nequi and Yappy through
// the push wallet port, crypto [through the crypto processor port]; where a method cannot be
// refunded (a cash voucher paid at a kiosk, say), a clear refusal that says so". SPEC 4 "Overall
// result" decides what was paid: only an APPROVED payment has money to give back.

describe('issue 49: each method\'s way back', () => {
  it.each<[string, ReturnType<typeof refundPathOf>]>([
    ['card', 'card'], ['VISA', 'card'], ['MC-PF', 'card'],
    ['nequi', 'push'], ['yappy', 'push'],
    ['crypto', 'crypto'],
    ['balance', 'balance'], ['pfw', 'balance'],
    ['cash', undefined], ['pc', undefined], ['clave', undefined],
  ])('%s -> %s', (method, path) => {
    expect(refundPathOf(method)).toBe(path);
  });
});

describe('"several partials up to what was paid": what the refunds so far hold', () => {
  it.each<[string, Parameters<typeof heldCentsOf>[0], number]>([
    ['none', [], 0],
    ['one that went through', [{ amountCents: 1000, state: 'succeeded' }], 1000],
    ['one still pending: its gateway may yet make it', [{ amountCents: 1000, state: 'pending' }], 1000],
    ['one that failed: its part is free again', [{ amountCents: 1000, state: 'failed' }], 0],
    ['all three', [{ amountCents: 1000, state: 'succeeded' }, { amountCents: 500, state: 'pending' }, { amountCents: 700, state: 'failed' }], 1500],
  ])('%s', (_case, refunds, held) => {
    expect(heldCentsOf(refunds)).toBe(held);
  });
});

const card: RefundablePayment = { method: 'card', status: 1, authStatus: 'APPROVED', paidCents: 2675, heldCents: 0 };

describe('"several partials up to what was paid"; "absent = what remains"', () => {
  it.each<[string, RefundablePayment, number | undefined, ReturnType<typeof refundCheck>]>([
    ['no amount: all that was paid', card, undefined, { cents: 2675 }],
    ['a part', card, 1000, { cents: 1000 }],
    ['exactly what remains', { ...card, heldCents: 1000 }, 1675, { cents: 1675 }],
    ['no amount after a partial: the rest', { ...card, heldCents: 1000 }, undefined, { cents: 1675 }],
    ['a cent over what remains', { ...card, heldCents: 1000 }, 1676, { refusal: 'exceeds_remaining' }],
    ['more than was paid', card, 2676, { refusal: 'exceeds_remaining' }],
    ['everything given back already', { ...card, heldCents: 2675 }, undefined, { refusal: 'fully_refunded' }],
    ['everything held by a refund still pending: not refunded yet', { ...card, heldCents: 2675, pendingRefundCents: 2675 }, 100, { refusal: 'held_by_pending_refunds' }],
    ['a refund of 0', card, 0, { refusal: 'amount_not_positive' }],
    ['a negative refund', card, -5, { refusal: 'amount_not_positive' }],
    ['a fraction of a cent', card, 10.5, { refusal: 'amount_not_positive' }],
    ['a Nequi payment, in part', { ...card, method: 'nequi' }, 500, { cents: 500 }],
    ['a Yappy payment', { ...card, method: 'yappy' }, undefined, { cents: 2675 }],
    ['a crypto payment, in part', { ...card, method: 'crypto' }, 500, { cents: 500 }],
    ['a wallet balance payment (SPEC 4 balance: 1/2/3 approved)', { ...card, method: 'balance', status: 3 }, 100, { cents: 100 }],
    ['a cash voucher paid at a kiosk: "a clear refusal that says so"', { ...card, method: 'cash', status: 2, authStatus: 'PAID' }, undefined, { refusal: 'method_not_refundable' }],
    ['a Clave payment', { ...card, method: 'clave' }, undefined, { refusal: 'method_not_refundable' }],
    ['a cash voucher not paid yet (SPEC 4 cash 0 pending): void it, not "paid at a kiosk"', { ...card, method: 'cash', status: 0, authStatus: 'PENDING' }, undefined, { refusal: 'payment_pending' }],
    ['a Clave payment the bank refused: nothing was paid', { ...card, method: 'clave', status: 0, authStatus: 'DECLINED' }, undefined, { refusal: 'payment_declined' }],
    ['a card still pending (SPEC 4 card -1): void it instead', { ...card, status: -1, authStatus: 'PENDING' }, undefined, { refusal: 'payment_pending' }],
    ['a card declined (SPEC 4 card 0)', { ...card, status: 0, authStatus: 'DECLINED' }, undefined, { refusal: 'payment_declined' }],
    ['a Nequi push that expired (0 EXPIRED reads declined)', { ...card, method: 'nequi', status: 0, authStatus: 'EXPIRED' }, undefined, { refusal: 'payment_declined' }],
    ['a crypto payment under-paid (SPEC 4 crypto: all but 1 pending)', { ...card, method: 'crypto', status: 0, authStatus: 'UNDERPAID' }, undefined, { refusal: 'payment_pending' }],
  ])('%s', (_case, payment, amount, answer) => {
    expect(refundCheck(payment, amount)).toEqual(answer);
  });

  it('what remains never goes below 0: all of it refused once refunds hold what was paid, or more', () => {
    const paid = { method: 'card', status: 1, authStatus: 'APPROVED', paidCents: 2675 };
    expect([refundCheck({ ...paid, heldCents: 0 }, undefined), refundCheck({ ...paid, heldCents: 2675 }, undefined), refundCheck({ ...paid, paidCents: 100, heldCents: 150 }, undefined)])
      .toEqual([{ cents: 2675 }, { refusal: 'fully_refunded' }, { refusal: 'fully_refunded' }]);
  });
});

describe('crypto: "several partials up to what was paid", in coins', () => {
  const paid = { paidCrypto: 0.00041234, paidCents: 2675 };

  it('one refund of everything sends every coin received', () => {
    expect(cryptoRefundCoins({ ...paid, heldCents: 0 }, 2675)).toBe(0.00041234);
  });

  it('partials take their share, and together send exactly the coins received', () => {
    const parts = [1000, 1000, 675];
    let held = 0;
    const coins = parts.map((cents) => {
      const c = cryptoRefundCoins({ ...paid, heldCents: held }, cents);
      held += cents;
      return c;
    });
    expect(coins).toEqual([0.00015415, 0.00015414, 0.00010405]);
    expect(Math.round(coins.reduce((a, b) => a + b, 0) * 1e8)).toBe(41234);
  });

  it('an overpayment: refunding all of the order sends the quote\'s coins, never the ones sent beyond it', () => {
    // A $40 order quoted 40 USDT, paid with 50.
    const over = { paidCrypto: 50, quotedCrypto: 40, paidCents: 4000 };
    expect(cryptoRefundCoins({ ...over, heldCents: 0 }, 4000)).toBe(40);
    expect(cryptoRefundCoins({ ...over, heldCents: 0 }, 1000)).toBe(10);
    // An underpayment settled as paid (the quote not reached) refunds what came.
    expect(cryptoRefundCoins({ paidCrypto: 30, quotedCrypto: 40, paidCents: 3000, heldCents: 0 }, 3000)).toBe(30);
  });

  it('a cent of a payment worth fewer satoshis than cents may round to 0; the rest still sends all', () => {
    const tiny = { paidCrypto: 0.00000010, paidCents: 2675 };
    expect(cryptoRefundCoins({ ...tiny, heldCents: 0 }, 1)).toBe(0);
    expect(cryptoRefundCoins({ ...tiny, heldCents: 1 }, 2674)).toBe(0.0000001);
  });
});
