import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  acceptCryptoPayment, cryptoAmountOwed, cryptoDepositEnd, cryptoAmountText, cryptoOwedToPayer, cryptoPaidInFull, cryptoQuoteHolds, orderCoins,
  rateFrozenRemainingMs, selectCryptoService,
  cryptoRefundOnCancel, cryptoCancelNeedsConfirmation, cryptoCoinChangeRefusal, nextOverpaymentSend, overpaymentSendKey, OverpaymentSendSchema, cryptoOverpaymentOf, CryptoRefundSchema,
} from './crypto';
import { PasarelaError } from './errors';

const coins = (...values: string[]) => values.map((value) => ({ label: value, value }));

describe('SPEC 3 "Coin ordering puts BUSD at the position of XRP."', () => {
  it.each([
    [['BTC', 'XRP', 'ETH', 'BUSD'], ['BTC', 'BUSD', 'XRP', 'ETH']],
    [['BUSD', 'BTC', 'XRP'], ['BTC', 'BUSD', 'XRP']],
    [['BTC', 'ETH'], ['BTC', 'ETH']],
    [['BTC', 'BUSD'], ['BTC', 'BUSD']],
    [['xrp', 'busd'], ['busd', 'xrp']],
  ])('%j -> %j', (input, output) => {
    expect(orderCoins(coins(...input)).map((c) => c.value)).toEqual(output);
  });

  it('keeps every coin and puts BUSD right before XRP (property)', () => {
    const others = fc.uniqueArray(fc.constantFrom('BTC', 'ETH', 'USDT', 'LTC', 'DOGE', 'SOL'), { maxLength: 6 });
    fc.assert(
      fc.property(others, fc.nat(), fc.nat(), (rest, i, j) => {
        const list: string[] = [...rest];
        list.splice(i % (list.length + 1), 0, 'XRP');
        list.splice(j % (list.length + 1), 0, 'BUSD');
        const ordered = orderCoins(coins(...list)).map((c) => c.value);
        expect([...ordered].sort()).toEqual([...list].sort());
        expect(ordered.indexOf('BUSD') + 1).toBe(ordered.indexOf('XRP'));
        expect(ordered.filter((c) => c !== 'BUSD')).toEqual(list.filter((c) => c !== 'BUSD'));
      }),
    );
  });
});

describe('SPEC 4/8 crypto rules', () => {
  it('"SERVICE_UNAVAILABLE with code 404 when the merchant has no services or no matching gateway service"', () => {
    expect(selectCryptoService([{ gatewayCode: 'PFW' }, { gatewayCode: 'crypto' }])).toEqual({ gatewayCode: 'crypto' });
    for (const services of [[], null, [{ gatewayCode: 'PFW' }]]) {
      expect(() => selectCryptoService(services)).toThrow(PasarelaError);
      try {
        selectCryptoService(services);
      } catch (e) {
        expect([(e as PasarelaError).code, (e as PasarelaError).category, (e as PasarelaError).status]).toEqual(['SERVICE_UNAVAILABLE', 'api', 404]);
      }
    }
  });

  it('"The payment is accepted only if its status equals the success constant; otherwise ... REQUESTED_QR_FAILED with code 404"', () => {
    const ok = { status: 'success', cryptoNetwork: [{ name: 'Tron', network: 'TRX' }], address: 'T1' };
    expect(acceptCryptoPayment(ok)).toBe(ok);
    expect(() => acceptCryptoPayment({ status: 1, cryptoNetwork: [] })).toThrow(expect.objectContaining({ code: 'REQUESTED_QR_FAILED', category: 'api', status: 404 }));
  });

  it.each([
    [0, 600_000], [599_999, 1], [600_000, 0], [700_000, 0],
  ])('"The exchange rate is frozen for 10 minutes": %s ms in -> %s left', (elapsed, left) => {
    expect(rateFrozenRemainingMs(5, 5 + elapsed)).toBe(left);
  });
});

describe('PRODUCT.md "Crypto": "the address and exact coin amount with copy buttons"', () => {
  it.each([
    [39.59, '39.59'],
    [-1e-9, '0'],
    [0.0007918, '0.0007918'],
    [0.00000001, '0.00000001'],
    [1e-9, '0'],
    [100, '100'],
    [79.18, '79.18'],
    [0.1 + 0.2, '0.3'],
    [0, '0'],
    [-0.5, '-0.5'],
    [Number.NaN, '0'],
  ])('%s is written %j (dot, at most 8 decimals, no exponent)', (amount, text) => {
    expect(cryptoAmountText(amount)).toBe(text);
  });
});

describe('PRODUCT.md "Crypto": "an under-payment shows what is still owed"', () => {
  it.each([
    [79.18, 50, 29.18],
    [39.59, 20, 19.59],
    [0.0007918, 0.0005, 0.0002918],
    [79.18, 79.18, 0],
    [79.18, 100, 0],
    [10, 0, 10],
    // Rounded up to the smallest unit: sending what is shown completes the quote, never leaves it a fraction short.
    [26.75, 19.999999996, 6.75000001],
    [26.75, 20.000000004, 6.75],
    [0.29, 0, 0.29],
  ])('quote %s, paid %s -> %s still owed', (quote, paid, owed) => {
    expect(cryptoAmountOwed(quote, paid)).toBe(owed);
  });
});

describe('PRODUCT "an under-payment shows what is still owed": paid in full exactly when nothing is owed', () => {
  it.each([
    [0.0005, 0.0005, true],
    [0.0005, 0.0006, true],
    [0.0005, 0.0005 - 5e-10, false],
    [0.0005, 0.0005 - 2e-9, false],
    [0.000791801, 0.0007918, false],
    [0.000791801, 0.00079181, true],
    [0.29, 0.29, true],
    [0.0005, 0.0001, false],
    [0.0005, Number.NaN, false],
  ])('quote %s, paid %s -> paid in full %s, agreeing with what is still owed', (quote, paid, full) => {
    expect(cryptoPaidInFull(quote, paid)).toBe(full);
    expect(cryptoAmountOwed(quote, paid) === 0).toBe(full);
  });
});

describe('Cancelling an under-paid crypto payment owes the coins back (issue "Money is never wrong")', () => {
  it.each([
    [0, null, false, 'nothing arrived: one click, nothing owed'],
    [-1, null, false, 'a negative report is nothing'],
    [Number.NaN, null, false, 'an unreadable amount is nothing'],
    [0.0001, 0.0001, true, 'part arrived: the part is owed'],
    [0.123456789, 0.12345678, true, 'rounded down to the coin\'s 8 decimals: never more than arrived'],
    [0.1234567851, 0.12345678, true, 'a fraction of a unit is not there to send back'],
    [0.29, 0.29, true, 'a float\'s remainder is no unit lost'],
  ])('paid %s -> refund %s, asks first: %s (%s)', (paid, amount, asks, _why) => {
    const received = { currency: 'BTC', network: 'BTC', paidCrypto: paid, senderAddress: 'sbxbtc_payer' };
    const refund = cryptoRefundOnCancel(received);
    expect(refund === null ? null : refund.amount).toBe(amount);
    expect(cryptoCancelNeedsConfirmation(received)).toBe(asks);
  });

  it('goes back in the coin and network it came in, to the sending address, owed until sent', () => {
    const refund = cryptoRefundOnCancel({ currency: 'USDT', network: 'TRX', paidCrypto: 12.5, senderAddress: 'sbxtrx_payer_1' });
    expect(refund).toEqual({ coin: 'USDT', network: 'TRX', amount: 12.5, to: 'sbxtrx_payer_1', status: 'pending', refundedAt: null });
    expect(v.parse(CryptoRefundSchema, refund)).toEqual(refund);
    expect(cryptoRefundOnCancel({ currency: 'ETH', network: 'ETH', paidCrypto: 0.5 })?.to).toBe('');
  });
});

describe('SPEC 7 "PUT to update": another coin or network', () => {
  const waiting = (paidCrypto: number) => ({ cancelled: false, paid: false, received: { currency: 'USDT', network: 'TRX', paidCrypto } });
  it.each([
    ['nothing arrived: another coin', waiting(0), 'BTC', 'BTC', null],
    ['nothing arrived: another network', waiting(0), 'USDT', 'ETH', null],
    ['coins arrived: the same coin and network, quoted anew', waiting(5), 'USDT', 'TRX', null],
    ['coins arrived: another network', waiting(5), 'USDT', 'ETH', 'coins_received'],
    ['coins arrived: another coin', waiting(5), 'BTC', 'TRX', 'coins_received'],
    ['an unreadable amount counts as none', waiting(Number.NaN), 'BTC', 'BTC', null],
    ['paid', { ...waiting(40), paid: true }, 'USDT', 'TRX', 'paid'],
    ['cancelled, its coins owed back', { ...waiting(5), cancelled: true }, 'USDT', 'ETH', 'cancelled'],
  ] as const)('%s', (_why, payment, currency, network, refusal) => {
    expect(cryptoCoinChangeRefusal(payment, currency, network)).toBe(refusal);
  });
});

describe('An overpayment is the payer\'s: the coins beyond the quote go back to where they came from', () => {
  it.each([
    ['a $40 order quoted 40 USDT, 50 arrive: 10 beyond it', 50, 40, 10],
    ['exactly the quote: nothing beyond it', 40, 40, null],
    ['an under-payment: nothing beyond it', 20, 40, null],
    ['in satoshis, never a float\'s remainder', 0.0008, 0.0007918, 0.0000082],
    ['less than a satoshi beyond it: nothing', 40.000000001, 40, null],
    ['more than half a satoshi beyond it: still less than one, nothing', 40.000000006, 40, null],
    ['a float\'s remainder is no unit lost', 0.3, 0.01, 0.29],
    ['an unreadable amount: nothing', Number.NaN, 40, null],
    ['no quote to count from: nothing', 50, 0, null],
  ])('%s', (_case, paid, quoted, excess) => {
    const over = cryptoOverpaymentOf({ currency: 'USDT', network: 'TRX', paidCrypto: paid, senderAddress: 'sbxtrx_payer_1' }, quoted);
    expect(over === null ? null : over.amount).toBe(excess);
  });

  it('owed in the coin and network it came in, to the sending address, until sent; quote and excess add up to what arrived', () => {
    const over = cryptoOverpaymentOf({ currency: 'BTC', network: 'BTC', paidCrypto: 0.0009, senderAddress: 'sbxbtc_payer_1' }, 0.0007918);
    expect(over).toEqual({ coin: 'BTC', network: 'BTC', amount: 0.0001082, to: 'sbxbtc_payer_1', status: 'pending', refundedAt: null });
    expect(v.parse(CryptoRefundSchema, over)).toEqual(over);
    expect(Math.round((over?.amount ?? 0) * 1e8) + 79180).toBe(90000);
  });
});

describe('What of an overpayment to send next: coins after the approval raise it after a part went back, and a send recorded is asked again as it was', () => {
  it.each([
    ['nothing sent yet: all of it', 10, 0, null, { from: 0, amount: 10 }],
    ['10 sent, 10 more arrived (20 beyond the quote): the new 10, from 10', 20, 10, null, { from: 10, amount: 10 }],
    ['all sent: nothing', 10, 10, null, null],
    ['in satoshis: no float remainder', 0.0003, 0.0001, null, { from: 0.0001, amount: 0.0002 }],
    ['never negative', 5, 10, null, null],
    ['3.25 recorded, its answer lost, 10 more arrived since: the 3.25 again, never 13.25 under its key', 13.25, 0, { from: 0, amount: 3.25 }, { from: 0, amount: 3.25 }],
    ['a send recorded from a point already passed is not asked again', 13.25, 3.25, { from: 0, amount: 3.25 }, { from: 3.25, amount: 10 }],
  ])('%s', (_case, amount, sent, recorded, next) => {
    expect(nextOverpaymentSend(amount, sent, recorded)).toEqual(next);
  });

  it('one key per starting point', () => {
    expect(overpaymentSendKey('OP1', { from: 0, amount: 3.25 })).toBe('OP1:overpayment');
    expect(overpaymentSendKey('OP1', { from: 3.25, amount: 10 })).toBe('OP1:overpayment:3.25');
    expect(v.safeParse(OverpaymentSendSchema, { from: 0, amount: 0 }).success).toBe(false);
  });
});

describe('SPEC 4 "The exchange rate is frozen for 10 minutes.": a quote binds until its rate expires', () => {
  const at = Date.parse('2026-01-01T12:00:00.000Z');
  it.each([
    ['2026-01-01T12:10:00.000Z', at, true, 'within the 10 minutes'],
    ['2026-01-01T12:10:00.000Z', at + 10 * 60_000 - 1, true, 'its last millisecond'],
    ['2026-01-01T12:10:00.000Z', at + 10 * 60_000, false, 'at its end: counted at the rate of arrival'],
    ['2026-01-01T12:10:00.000Z', at + 11 * 60_000, false, 'a deposit after it'],
    [undefined, at, false, 'no end recorded'],
    ['not a date', at, false, 'an unreadable end'],
  ] as const)('expires %s, now %s -> holds %s (%s)', (end, now, holds, _why) => {
    expect(cryptoQuoteHolds(end, now)).toBe(holds);
  });
});

describe('Money is exact: coins received for a cancelled payment are owed at what they were worth', () => {
  it.each([
    [0.0001, 50_000, 2675, 500, 'part of the order'],
    [0.00000001, 50_000, 2675, 0, 'one satoshi is worth under a cent: nothing, not the order'],
    [0.00000002, 250_000, 2675, 1, 'a dust deposit: its cents'],
    [0.001, 50_000, 2675, 2675, 'more than the order: the order'],
    [19.59, 1, 2675, 1959, 'a stable coin'],
    [0.29, 1, 2675, 29, 'a float\'s remainder is no cent lost'],
    [0.0001, Number.NaN, 2675, 2675, 'no rate recorded: the order'],
  ] as const)('%s at %s, order %s cents -> %s cents (%s)', (paid, rate, order, cents, _why) => {
    expect(cryptoOwedToPayer({ paidCrypto: paid, sentCrypto: 0, rate, orderCents: order }, undefined)).toEqual(cents > 0 ? { amountCents: cents } : null);
  });

  // docs/methods/crypto.md: a refund reopened by coins after a part went back owes "only the rest".
  it.each([
    [0.0002, 0.00015, 50_000, 2675, 250, 'a part sent back: only the rest is owed'],
    [0.0002, 0.0002, 50_000, 2675, 0, 'all of it sent back: nothing'],
    [0.00010001, 0.0001, 50_000, 2675, 0, 'one satoshi not sent yet: under a cent, nothing'],
    [0.0001002, 0.0001, 50_000, 2675, 1, 'twenty satoshis not sent yet: a cent'],
    [0.0012, 0.001, 50_000, 2675, 1000, 'more than the order arrived, most of it sent: the rest, not the order'],
    [0.29, 0.1, 1, 2675, 19, 'floats\' remainders are no cent lost'],
    [0.0002, Number.NaN, 50_000, 2675, 1000, 'an unreadable amount sent: all that arrived'],
  ] as const)('%s arrived, %s sent back, at %s, order %s cents -> %s cents owed (%s)', (paid, sent, rate, order, cents, _why) => {
    expect(cryptoOwedToPayer({ paidCrypto: paid, sentCrypto: sent, rate, orderCents: order }, undefined)).toEqual(cents > 0 ? { amountCents: cents } : null);
  });
});

// SPEC.md says nothing of a crypto refund's money; docs/methods/crypto.md "Sandbox": "The `owedToPayer` a
// cancellation records is what the coins received were worth at the payment's rate, at most the order
// [...], none when they were worth under a cent [...]; once a part was sent back (`refundSent`), only what
// was not sent yet. A few satoshis worth under a cent owe no money beside their refund: coins like that
// reaching a cancelled payment record no `owedToPayer` (a refund sent before keeps its `given_back` one)".
describe('The payer\'s money a cancelled crypto payment owes beside its coins: only what was not sent back, none under a cent', () => {
  it.each([
    ['coins received, nothing sent back', 0.0001, 0, 50_000, undefined, { amountCents: 500 }],
    ['a part sent back: only the rest', 0.0002, 0.00015, 50_000, 'owed', { amountCents: 250 }],
    ['more than the order arrived: the order', 0.001, 0, 50_000, undefined, { amountCents: 2675 }],
    ['a dust deposit worth under a cent: none, never an owed 0', 0.00000001, 0, 50_000, undefined, null],
    ['all of it sent back while it was owed: none left', 0.0002, 0.0002, 50_000, 'owed', null],
    ['dust after a refund given back: the given-back record stays', 0.00010001, 0.0001, 50_000, 'given_back', 'keep'],
    ['coins after a refund given back that owe more: owed again, only the rest', 0.0003, 0.0002, 50_000, 'given_back', { amountCents: 500 }],
    ['worth under a cent while being given back: none', 0.00000001, 0, 50_000, 'giving_back', null],
    ['an unreadable rate: the order', 0.0001, 0, Number.NaN, undefined, { amountCents: 2675 }],
  ] as const)('%s', (_case, paid, sent, rate, before, owed) => {
    expect(cryptoOwedToPayer({ paidCrypto: paid, sentCrypto: sent, rate, orderCents: 2675 }, before)).toEqual(owed);
  });
});

describe('a deposit\'s end (SPEC 3 crypto: paid, or under-paid and still waiting)', () => {
  it.each([
    [0.0005, 0.0005, 'paid'], [0.0006, 0.0005, 'paid'], [0.0005 - 2e-9, 0.0005, 'underpaid'], [0.0005 - 5e-10, 0.0005, 'underpaid'], [0.0001, 0.0005, 'underpaid'],
  ] as const)('a crypto deposit of %d against %d quoted pays %s (short by a fraction of the smallest unit is short: cryptoPaidInFull)', (paid, due, end) => {
    expect(cryptoDepositEnd(paid, due)).toBe(end);
  });
});
